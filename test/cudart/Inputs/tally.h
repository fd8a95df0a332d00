// A tally of checks that the cuBLAS and cuSOLVER tests print per group:
// `expect` counts a check and names a failed one, `report` prints the
// group's "NAME: B bad of N" line and starts the next group.
#ifndef SIMT_TEST_TALLY_H
#define SIMT_TEST_TALLY_H

#include <cstdio>

static int bad = 0, total = 0;
static void expect(bool ok, const char *what) {
  ++total;
  if (!ok) {
    ++bad;
    printf("mismatch: %s\n", what);
  }
}
static void report(const char *group) {
  printf("%s: %d bad of %d\n", group, bad, total);
  bad = total = 0;
}

#endif
