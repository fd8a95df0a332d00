"""Gives PTX debug positions to a PTX file that has none, for simt-dbg tests.

    ptx_locs.py FILE NAME  -> FILE's PTX on stdout with `.file 1 "NAME"`
                              after the header, and `.loc 1 N 0` before the
                              N-th instruction of the module (counting from
                              1 across all functions), so `break NAME:N`
                              stops at that instruction.
"""
import re
import sys

path, name = sys.argv[1], sys.argv[2]
count = 0
filed = False
for line in open(path):
    s = line.strip()
    is_inst = (s and not s.startswith((".", "//", "{", "}", ")", "(")) and
               not s.endswith(":") and s.endswith(";"))
    if not filed and s.startswith(".address_size"):
        print(line, end="")
        print('.file 1 "%s"' % name)
        filed = True
        continue
    if is_inst:
        count += 1
        print("\t.loc 1 %d 0" % count)
    print(line, end="")
