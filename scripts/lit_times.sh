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
awk '{ t = $1 < 0 ? -$1 : $1; printf "%.1f %s\n", t, $2 }' "$times" | sort -k2 \
  > test/.lit_test_times.txt
wc -l < test/.lit_test_times.txt
