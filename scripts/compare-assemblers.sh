#!/usr/bin/env bash
# Two simt-as binaries (say, before and after a refactoring) must agree:
#   scripts/compare-assemblers.sh OLD/simt-as NEW/simt-as
# assembles every .s and .sass under examples/ and test/ with both (with the
# file's `// ROUNDTRIP-FLAGS:`) and compares the ELF objects byte for byte, or
# the diagnostics and exit status where the input is rejected. Then, with NEW
# only, checks that its text output (--filetype=asm) assembles back into the
# same object. Prints each mismatch and the counts; exit status 1 if any.
set -uo pipefail
old=$1 new=$2
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=0 identical=0 rejected=0 mismatches=0 reassembled=0
while IFS= read -r f; do
  flags=$(sed -n 's#.*ROUNDTRIP-FLAGS:##p' "$f" | head -1)
  flags=${flags//%S/$(dirname "$f")}
  files=$((files + 1))
  # shellcheck disable=SC2086 # the flags are words
  "$old" "$f" $flags -o "$tmp/old.o" 2>"$tmp/old.err"; old_rc=$?
  # shellcheck disable=SC2086
  "$new" "$f" $flags -o "$tmp/new.o" 2>"$tmp/new.err"; new_rc=$?
  if ((old_rc || new_rc)); then
    if ((old_rc == new_rc)) && cmp -s "$tmp/old.err" "$tmp/new.err"; then
      rejected=$((rejected + 1))
    else
      mismatches=$((mismatches + 1)); echo "diagnostics differ: $f"
    fi
    continue
  fi
  if cmp -s "$tmp/old.o" "$tmp/new.o"; then
    identical=$((identical + 1))
  else
    mismatches=$((mismatches + 1)); echo "objects differ: $f"
  fi
  # shellcheck disable=SC2086
  if "$new" "$f" $flags --filetype=asm -o "$tmp/new.s" 2>/dev/null &&
     "$new" "$tmp/new.s" -o "$tmp/text.o" 2>/dev/null && cmp -s "$tmp/new.o" "$tmp/text.o"; then
    reassembled=$((reassembled + 1))
  else
    mismatches=$((mismatches + 1)); echo "text output does not reassemble to the object: $f"
  fi
done < <(find examples test \( -name '*.s' -o -name '*.sass' \) | sort)
echo "files=$files identical-objects=$identical same-diagnostics=$rejected" \
     "text-reassembles-identically=$reassembled mismatches=$mismatches"
((mismatches == 0))
