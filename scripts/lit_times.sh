#!/usr/bin/env bash
# Refreshes test/.lit_test_times.txt, the order lit starts tests in when a
# build directory has no times of its own (a clean clone's first run: CI's):
# the longest first, so that two workers finish together instead of one
# running a two-minute test alone at the end. From a plain build's last
# complete run of the suite:  scripts/lit_times.sh [BUILD]   (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
times=${1:-build}/test/.lit_test_times.txt
[ -f "$times" ] || { echo "lit_times.sh: no $times (run the suite first)" >&2; exit 1; }
# Failures are stored negative; a tenth of a second is all ordering needs.
# Tests that reuse what other tests build start last (time 0):
# sanitizer/corpus.test runs test/cuda's programs, built by their own tests
# (else it builds them itself, and a clean clone's run took 216 s, not 104).
last="sanitizer/corpus.test"
awk -v last=" $last " '{ t = $1 < 0 ? -$1 : $1; if (index(last, " " $2 " ")) t = 0
                         printf "%.1f %s\n", t, $2 }' "$times" | sort -k2 \
  > test/.lit_test_times.txt
wc -l < test/.lit_test_times.txt
