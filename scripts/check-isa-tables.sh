#!/usr/bin/env bash
# Compares the ISA tables a build generated from isa/*.td with a baseline, to
# show that a .td refactoring changed no encoding, decoding, matching or
# printing table and not the reference page.
#
#   scripts/check-isa-tables.sh BUILD BASELINE   compare (exit 1 on a difference)
#   scripts/check-isa-tables.sh --save BUILD DIR store BUILD's tables in DIR
#
# BASELINE is another build directory or a directory written by --save.
# Must be identical: llvm-tblgen's emitter, decoder, matcher, writer, register
# and subtarget tables, our mnemonic/rewrite table (SIMTMnemonics.inc) and
# docs/ISA-reference.md. Reported, not failed: the instruction-info table
# (properties such as isCall live in its flag words) and our own headers and
# X-macro lists (SIMTModGroups.h, SIMTInstrs.def, SIMTOperands.def,
# SIMTOperandRoles.h), which grow new tables and columns.
set -euo pipefail

strict=(SIMTGen_emitter.inc SIMTGen_disassembler.inc SIMTGen_asm_matcher.inc
        SIMTGen_asm_writer.inc SIMTGen_register_info.inc SIMTGen_subtarget.inc
        SIMTMnemonics.inc ISA-reference.md)
reported=(SIMTGen_instr_info.inc SIMTModGroups.h SIMTInstrs.def SIMTOperands.def
          SIMTOperandRoles.h)

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# Where FILE of a build or baseline directory lives.
locate() { # dir file
  local dir=$1 f=$2
  if [ -d "$dir/isa" ]; then # a build directory
    [ "$f" = ISA-reference.md ] && echo "$dir/docs/$f" || echo "$dir/isa/$f"
  else
    echo "$dir/$f"
  fi
}

if [ "${1:-}" = --save ]; then
  [ $# -eq 3 ] || usage
  mkdir -p "$3"
  for f in "${strict[@]}" "${reported[@]}"; do
    cp "$(locate "$2" "$f")" "$3/$f"
  done
  echo "saved $(( ${#strict[@]} + ${#reported[@]} )) tables of $2 in $3"
  exit 0
fi
[ $# -eq 2 ] || usage
build=$1 base=$2

status=0
for f in "${strict[@]}"; do
  a=$(locate "$base" "$f") b=$(locate "$build" "$f")
  if [ ! -f "$a" ] || [ ! -f "$b" ]; then
    echo "MISSING   $f"; status=1
  elif cmp -s "$a" "$b"; then
    echo "identical $f"
  else
    echo "DIFFERENT $f ($(diff "$a" "$b" | grep -c '^[<>]') lines)"; status=1
  fi
done
for f in "${reported[@]}"; do
  a=$(locate "$base" "$f") b=$(locate "$build" "$f")
  if [ ! -f "$a" ] || [ ! -f "$b" ]; then
    echo "missing   $f (reported only)"
  elif cmp -s "$a" "$b"; then
    echo "identical $f"
  else
    echo "changed   $f: -$(diff "$a" "$b" | grep -c '^<') +$(diff "$a" "$b" | grep -c '^>') lines (reported only)"
  fi
done
[ $status -eq 0 ] && echo "OK: the generated encodings and the reference page are unchanged" \
                  || echo "FAIL: a generated table differs from $base"
exit $status
