#!/usr/bin/env python3
"""Runs the shell sessions a Markdown doc shows and checks that the tools
print what the doc says, so that no doc can go stale.

A session is a fenced block right after a `<!-- session -->` comment:

    <!-- session -->
    ```console
    $ simt-nvcc -O2 examples/histogram2d.cu -o histogram2d
    $ ./histogram2d
    row y=0: 2520 1809 ...
    ```

Each `$ ` line runs in bash in a scratch directory where `examples` and
`test` link to the source tree's; the lines up to the next `$ ` are its
expected output (stdout and stderr together), compared exactly.
Usage: doc_sessions.py DOC.md SRCROOT  (the tools on PATH).
"""
import os
import re
import subprocess
import sys
import tempfile


def sessions(text):
    pattern = re.compile(r'<!-- session -->\s*\n```[a-z]*\n(.*?)\n```', re.S)
    for m in pattern.finditer(text):
        line = text.count('\n', 0, m.start(1)) + 1
        yield line, m.group(1).split('\n')


def main():
    doc, srcroot = sys.argv[1], sys.argv[2]
    text = open(doc).read()
    failures = count = 0
    with tempfile.TemporaryDirectory() as work:
        for name in ('examples', 'test'):
            os.symlink(os.path.join(srcroot, name), os.path.join(work, name))
        for first, lines in sessions(text):
            count += 1
            i = 0
            while i < len(lines):
                if not lines[i].startswith('$ '):
                    print('%s:%d: output with no command before it' % (doc, first + i))
                    failures += 1
                    break
                cmd, want = lines[i][2:], []
                i += 1
                while i < len(lines) and not lines[i].startswith('$ '):
                    want.append(lines[i])
                    i += 1
                got = subprocess.run(['bash', '-c', cmd], cwd=work, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True).stdout
                got = got.rstrip('\n').split('\n') if got.strip() else []
                if got != want:
                    failures += 1
                    print('%s:%d: `%s` printed:' % (doc, first, cmd))
                    print('\n'.join('  | ' + l for l in got))
                    print('the doc shows:')
                    print('\n'.join('  | ' + l for l in want))
    if count == 0:
        print('%s: no session found' % doc)
        return 1
    print('%s: %d session(s), %d failure(s)' % (doc, count, failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
