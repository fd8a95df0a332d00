#!/usr/bin/env python3
"""Runs what a Markdown doc shows the tools doing and checks that they print
exactly that today, so that no doc can go stale.

Two kinds of fenced block are read, in document order, each right after an
HTML comment that marks it:

    <!-- file: saxpy.simt -->
    ```
    alloc x f32[1000] = iota
    ...
    ```

writes the block's text to `saxpy.simt` (a path relative to the scratch
directory below), so the inputs a doc lists are the inputs its sessions run.

    <!-- session -->
    ```console
    $ simt-cc saxpy.cu -o saxpy.o
    $ simt-emu saxpy.o saxpy.simt
    y[0] = 1
    $ simt-dbg saxpy.o saxpy.simt
    (simt-dbg) break saxpy+0x20 if P0
    breakpoint 1 at saxpy+0x20 (saxpy 0x0020) if P0
    ```

is a session. Each `$ ` line runs in bash; the lines up to the next `$ `
are its expected output (stdout and stderr together). A `$ ` command whose
output holds `(simt-dbg) ` lines is a debugger session as a user types it:
the lines after each prompt are the debugger commands, fed to the command
with `--batch -x FILE` appended (before `--args`, if the command has it;
simt-dbg then prints exactly what its
prompt would), and the lines after each command are that command's
expected output; lines before the first prompt are what simt-dbg prints
on starting. A session that begins at a prompt, with no `$ ` line,
continues the doc's previous debugger session, so prose can come between
its commands: the debugger runs again with the earlier commands first (it
is deterministic) and only the new ones' output is compared. Whatever a
tool prints is checked this way: run-script results, statistics (a
`python3` line or a helper from a file block reading keys of the JSON),
listings, diagnostics.

Output is compared line for line, exactly: addresses, counts and spacing
included. The one shorthand is a line holding only `...` (indented or
not), which stands for one or more whole lines the doc leaves out; the
lines around it still match exactly and in order. A process id, which
changes with every run, matches any other: `(process 4242)` in gdb's
`[Inferior 1 (process 4242) exited normally]`.

Everything runs in one scratch directory per doc, where every top-level
entry of the source tree (`examples`, `test`, `isa`, ...) is a link to the
source's, so a session may read any file of the tree by its repository
path, and files made by one session stay for the next.

Usage: doc_sessions.py DOC.md SRCROOT   (the tools on PATH; exit 1 on any
difference, printing the command, what it printed and what the doc shows).
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile

PROMPT = '(simt-dbg) '
MARK = '@@@ doc_sessions command '
BLOCK = re.compile(r'<!-- (session|file: *([^ ]+)) -->[ \t]*\n```[a-z]*\n(.*?)^```', re.S | re.M)


def blocks(text):
    """Yields (kind, file name or None, first line number, lines) in order."""
    for m in BLOCK.finditer(text):
        line = text.count('\n', 0, m.start(3)) + 1
        kind = 'session' if m.group(1) == 'session' else 'file'
        yield kind, m.group(2), line, m.group(3)


PROCESS_ID = re.compile(r'\(process [0-9]+\)')


def same_line(want, got):
    """Whether two lines are equal, any process id matching any other."""
    return PROCESS_ID.sub('(process)', want) == PROCESS_ID.sub('(process)', got)


def matches(want, got):
    """Whether got matches want, a line `...` in want standing for 1+ lines."""
    if not want:
        return not got
    if want[0].strip() == '...':
        return any(matches(want[1:], got[k:]) for k in range(1, len(got) + 1))
    return bool(got) and same_line(want[0], got[0]) and matches(want[1:], got[1:])


def run(cmd, cwd):
    out = subprocess.run(['bash', '-c', cmd], cwd=cwd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, timeout=1800).stdout
    return out.rstrip('\n').split('\n') if out.strip() else []


def split_output(lines):
    """Drops trailing empty lines (a block cannot show them)."""
    while lines and lines[-1] == '':
        lines = lines[:-1]
    return lines


def prompt_steps(lines, first):
    """Splits `(simt-dbg) ` lines and their output into [line, command,
    expected] steps, the first being what comes before any prompt."""
    steps = [[first, None, []]]
    for n, line in enumerate(lines):
        if line.startswith(PROMPT):
            steps.append([first + n, line[len(PROMPT):], []])
        else:
            steps[-1][2].append(line)
    return steps


def debugger_steps(cmd, earlier, steps, work):
    """Runs `cmd` (simt-dbg and its arguments) with the earlier commands of
    its session and then the new steps' as a command file; yields (line,
    what, expected, printed) for the new steps (the start too when there
    are no earlier commands)."""
    commands = earlier + [command for _, command, _ in steps[1:]]
    cmdfile = os.path.join(work, '.doc_sessions.dbg')
    with open(cmdfile, 'w') as f:
        f.write('echo %sstart\\n\n' % MARK)  # what the start printed comes before
        for n, command in enumerate(commands):
            f.write('%s\necho %s%d\\n\n' % (command, MARK, n))
    got = [[]]
    # Before gdb's --args, after which everything is the program's.
    at = cmd.find(' --args ')
    batch = ' --batch -x %s' % cmdfile
    debugged = cmd + batch if at < 0 else cmd[:at] + batch + cmd[at:]
    for line in run(debugged, work):
        if line.startswith(MARK):
            got.append([])
        else:
            got[-1].append(line)
    os.remove(cmdfile)
    got = got[:1] + got[1 + len(earlier):]  # the start, then the new commands
    for n, (line, command, expected) in enumerate(steps):
        what = command if command is not None else 'start of `%s`' % cmd
        if command is None and earlier:
            if expected:
                yield line, 'output with no command before it', [], expected
            continue
        printed = got[n] if n < len(got) else ['(nothing: the debugger ended before this)']
        yield line, what, expected, split_output(printed)
    rest = split_output(sum(got[len(steps):], []))
    if rest:
        yield steps[-1][0], 'after the last command', [], rest


def session_steps(lines, work, debugger):
    """Yields (line offset, what, expected, printed) for each command.
    `debugger` holds the doc's last simt-dbg command and the commands it
    ran, which a session starting at a prompt continues."""
    if lines and lines[0].startswith(PROMPT):
        if not debugger:
            yield 0, 'a prompt with no simt-dbg session before it', [], [lines[0]]
            return
        steps = prompt_steps(lines, 0)
        yield from debugger_steps(debugger[0], debugger[1], steps, work)
        debugger[1] += [command for _, command, _ in steps[1:]]
        return
    i = 0
    while i < len(lines):
        if not lines[i].startswith('$ '):
            yield i, 'output with no command before it', [], [lines[i]]
            return
        first, cmd, want = i, lines[i][2:], []
        i += 1
        while i < len(lines) and not lines[i].startswith('$ '):
            want.append(lines[i])
            i += 1
        if any(l.startswith(PROMPT) for l in want):
            steps = prompt_steps(want, first + 1)
            yield from debugger_steps(cmd, [], steps, work)
            debugger[:] = [cmd, [command for _, command, _ in steps[1:]]]
        else:
            yield first, cmd, want, run(cmd, work)


def main():
    doc, srcroot = sys.argv[1], os.path.abspath(sys.argv[2])
    text = open(doc).read()
    failures = sessions = 0
    with tempfile.TemporaryDirectory() as work:
        for name in os.listdir(srcroot):
            if not name.startswith('.'):
                os.symlink(os.path.join(srcroot, name), os.path.join(work, name))
        debugger = []
        for kind, name, first, body in blocks(text):
            if kind == 'file':
                path = os.path.join(work, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, 'w') as f:
                    f.write(body)
                continue
            sessions += 1
            lines = body.rstrip('\n').split('\n')
            for offset, what, want, got in session_steps(lines, work, debugger):
                if matches(want, got):
                    continue
                failures += 1
                print('%s:%d: `%s` printed:' % (doc, first + offset, what))
                print('\n'.join('  | ' + l for l in got))
                print('the doc shows (diff from the doc to the tools):')
                diff = difflib.unified_diff(want, got, 'doc', 'tools', lineterm='', n=2)
                print('\n'.join('  ' + l for l in list(diff)[2:]))
    if sessions == 0:
        print('%s: no session found' % doc)
        return 1
    print('%s: %d session(s), %d failure(s)' % (doc, sessions, failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
