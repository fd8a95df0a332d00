#!/usr/bin/env python3
"""Checks (or with --fix rewrites) the one-line file banners of C++ and
TableGen sources to the house style, LLVM's:

  //===-- File.cpp - Purpose -----------------------------------*- C++ -*-===//

the file's own name (no path), " - ", the purpose, dashes to column 80, an
optional mode marker ("-*- C++ -*-", "-*- tablegen -*-") kept as found
while it fits. A banner whose text leaves no room for one dash is reported:
shorten its purpose. Usage: scripts/banners.py [--fix] DIR_OR_FILE...
"""
import os
import re
import sys

WIDTH = 80
EXTS = ('.cpp', '.h', '.td', '.inc', '.def')
BANNER = re.compile(r'^//===-+ ?(?P<name>\S+)\s+-\s+(?P<purpose>.*?)\s*-*'
                    r'(?P<mode>-\*- [\w+]+ -\*-)?-*(===)?//\s*$')


def render(name, purpose, mode):
    head = '//===-- %s - %s ' % (name, purpose)
    if mode and len(head) + len(mode) + len('-===//') > WIDTH:
        mode = None  # as LLVM does: the marker goes first when room is short
    tail = (mode + '===//') if mode else '===//'
    dashes = max(WIDTH - len(head) - len(tail), 1)
    return head + '-' * dashes + tail


def check(path, fix):
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    m = BANNER.match(lines[0])
    if not m:
        return ['%s:1: no banner in the house style' % path]
    name = os.path.basename(path)
    want = render(name, m.group('purpose'), m.group('mode'))
    problems = []
    if lines[0] != want:
        if fix:
            lines[0] = want
            with open(path, 'w', encoding='utf-8') as f:
                f.write('\n'.join(lines))
        else:
            problems.append('%s:1: banner should read\n  %s' % (path, want))
    if len(want) > WIDTH:
        problems.append('%s:1: banner is %d columns: shorten the purpose' % (path, len(want)))
    return problems


def main(argv):
    fix = '--fix' in argv
    paths = [a for a in argv if a != '--fix']
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                # cc/headers (and its fallback/) holds the headers user CUDA
                # code includes: C comments, as the headers they stand in for.
                parts = os.path.normpath(root).split(os.sep)
                if any(parts[i:i + 2] == ['cc', 'headers'] for i in range(len(parts))):
                    continue
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(EXTS)]
        else:
            files.append(p)
    problems = []
    for f in sorted(files):
        problems += check(f, fix)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
