#!/usr/bin/env python3
# measure-listings.py - how much of a set of real Fermi listings simt-as takes
#
#   scripts/measure-listings.py DIR [--simt-as PATH] [--isa PATH] [--examples N]
#
# DIR holds `cuobjdump -sass` listings gathered elsewhere (this script fetches
# nothing), one top-level folder per source repository. Every file with a
# `code for sm_20` / `code for sm_21` section is assembled with
# `simt-as --listing` in a temporary folder; sections for other architectures
# are skipped. A failing instruction line is replaced by `NOP` (same address)
# and the file assembled again until it assembles, so that the count of
# assembled lines is checked against the encodings simt-as prints rather than
# inferred from its error count.
#
# Failures are grouped by error kind and by spelling (mnemonic + modifiers +
# operand form). `unsupported instruction` errors are split by whether
# docs/ISA.md (--isa) names the mnemonic: if it does, the error is a bug.
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SECTION = re.compile(r'^\s*code for (sm_\d+)\s*$')
# `/*0008*/ /*0x...*/ MNEMONIC ...;` (CUDA <= 4) or `/*0008*/ MNEMONIC ...; /* 0x... */`
INSTRUCTION = re.compile(
    r'^(?P<lead>\s*/\*[0-9a-fA-F]+\*/\s*(?:/\*0x[0-9a-fA-F]+\*/)?\s*)(?P<text>[^;/]+?)\s*;')
DIAG = re.compile(r'^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$')
GUARD = re.compile(r'^@!?[Pp][0-7Tt]\s+')
FERMI = ('sm_20', 'sm_21')


def default_isa():
    path = os.path.join(ROOT, 'docs', 'ISA.md')
    return path if os.path.isfile(path) else None


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument('dir', help='folder of listings, one sub-folder per repository')
    p.add_argument('--simt-as', default=None,
                   help='simt-as to run (default: build/bin/simt-as of this tree)')
    p.add_argument('--isa', default=default_isa(),
                   help='ISA.md, to tell defined mnemonics from undefined ones '
                        '(default: docs/ISA.md of this tree)')
    p.add_argument('--examples', type=int, default=1,
                   help='example lines printed per failing spelling (0: none)')
    return p.parse_args()


def isa_mnemonics(path):
    """Upper-case words that open a code span or code-block line of ISA.md."""
    if path is None:
        return None
    try:
        text = open(path, encoding='utf-8').read()
    except OSError:
        return None
    # Fenced blocks are code lines; their ``` would pair with inline backticks.
    fence = re.compile(r'^```[^\n]*\n(.*?)^```', re.S | re.M)
    code = [l.strip() for block in fence.findall(text) for l in block.splitlines()]
    text = fence.sub('', text)
    spans = re.findall(r'`([^`]+)`', text) + code
    spans += [l.strip() for l in text.splitlines() if l.startswith('    ')]
    names = set()
    for s in spans:
        for alt in re.split(r'[|/,\s]+', s):
            m = re.match(r'^@?!?(?:P\d\s+)?([A-Z][A-Z0-9]+)(?:\.|\[|$)', alt)
            if m:
                names.add(m.group(1))
    return names


def operand_form(ops):
    """The shape of an operand list: registers R, predicates P, c[..][..] C, ..."""
    forms = []
    for op in ops:
        o = op.strip()
        o = re.sub(r'c\s*\[\s*0x[0-9a-fA-F]+\s*\]\s*\[\s*(R\d+|RZ)\s*(\+\s*-?0x[0-9a-fA-F]+)?\s*\]',
                   'C[R+I]', o)
        o = re.sub(r'c\s*\[\s*0x[0-9a-fA-F]+\s*\]\s*\[\s*0x[0-9a-fA-F]+\s*\]', 'C', o)
        o = re.sub(r'\[\s*(R\d+|RZ)\s*\+\s*-?0x[0-9a-fA-F]+\s*\]', '[R+I]', o)
        o = re.sub(r'\[\s*(R\d+|RZ)\s*\]', '[R]', o)
        o = re.sub(r'\[\s*-?0x[0-9a-fA-F]+\s*\]', '[I]', o)
        o = re.sub(r'\b(R\d+|RZ)\b', 'R', o)
        o = re.sub(r'\b([Pp][0-6]|pt|PT)\b', 'P', o)
        o = re.sub(r'\bSR_\w+', 'SR', o)
        o = re.sub(r'-?0x[0-9a-fA-F]+', 'I', o)
        o = re.sub(r'-?\d+\.\d*(e[+-]?\d+)?', 'F', o)
        forms.append(o.replace(' ', ''))
    return ', '.join(forms)


def split_instruction(text):
    t = GUARD.sub('', text.strip())
    parts = t.split(None, 1)
    spelling = parts[0]
    ops = [o for o in re.split(r',(?![^\[]*\])', parts[1])] if len(parts) > 1 else []
    return spelling.split('.')[0], spelling, operand_form(ops)


def fermi_lines(lines):
    """Lines of the sm_20/sm_21 sections; the others blanked (line numbers kept)."""
    keep, arch, seen = [], None, set()
    for l in lines:
        m = SECTION.match(l)
        if m:
            arch = m.group(1)
            seen.add(arch)
        keep.append(l if arch in FERMI else '\n')
    return keep, seen


def run(simt_as, path, show_encoding=False):
    cmd = [simt_as, '--listing', path]
    cmd += ['--show-encoding', '-o', '-'] if show_encoding else ['-o', os.devnull]
    p = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    errors = collections.OrderedDict()
    for l in p.stderr.splitlines():
        m = DIAG.match(l)
        if m:
            errors.setdefault(int(m.group('line')), m.group('msg'))
    return p.returncode, errors, p.stdout


class Tally:
    def __init__(self):
        self.repos, self.files, self.skipped_arch = set(), 0, collections.Counter()
        self.instructions = self.assembled = 0
        self.failing = []          # (mnemonic, spelling, form, message, where, text)
        self.other = []            # errors on lines that are no instruction
        self.unaccounted = 0       # instructions neither failing nor encoded
        self.spellings = set()     # (spelling, operand form) of every instruction

    def measure(self, simt_as, root, rel, tmp):
        lines = open(os.path.join(root, rel), encoding='utf-8', errors='replace').readlines()
        lines, archs = fermi_lines(lines)
        for a in archs - set(FERMI):
            self.skipped_arch[a] += 1
        if not archs & set(FERMI):
            return
        self.repos.add(rel.split(os.sep)[0] if os.sep in rel else '.')
        self.files += 1
        insns = {i + 1: m for i, l in enumerate(lines) if (m := INSTRUCTION.match(l))}
        self.instructions += len(insns)
        self.spellings.update(split_instruction(m.group('text'))[1:] for m in insns.values())
        work = os.path.join(tmp, 'listing.sass')
        failed = {}
        for _ in range(8):
            with open(work, 'w', encoding='utf-8') as f:
                f.writelines(lines)
            rc, errors, _ = run(simt_as, work)
            if rc == 0:
                break
            fresh = False
            for n, msg in errors.items():
                if n in insns and n not in failed:
                    failed[n] = msg
                    lines[n - 1] = insns[n].group('lead') + 'NOP;\n'
                    fresh = True
                elif n not in insns:
                    self.other.append((msg, f'{rel}:{n}', lines[n - 1].strip()))
            if not fresh:
                break
        _, _, text = run(simt_as, work, show_encoding=True)
        encoded = text.count('encoding:')
        self.assembled += encoded - len(failed)
        self.unaccounted += len(insns) - encoded
        for n, msg in failed.items():
            text = insns[n].group('text').strip()
            self.failing.append((*split_instruction(text), msg, f'{rel}:{n}', text))


def kind(msg):
    """An error message with its particulars (names, numbers) elided."""
    return re.sub(r"'[^']*'", "'…'", re.sub(r'0x[0-9a-fA-F]+|\b\d+\b', 'N', msg))


def report(t, isa, examples):
    pct = lambda n: f'{100.0 * n / t.instructions:.2f}%' if t.instructions else '-'
    print(f'repositories:      {len(t.repos)}')
    print(f'files:             {t.files}' + (
        '  (other-architecture sections skipped: ' +
        ', '.join(f'{a} x{n}' for a, n in sorted(t.skipped_arch.items())) + ')'
        if t.skipped_arch else ''))
    print(f'instruction lines: {t.instructions}')
    print(f'distinct forms:    {len(t.spellings)} (mnemonic + modifiers + operand form), '
          f'{len(set(f[1:3] for f in t.failing))} of them failing')
    print(f'assembled:         {t.assembled} ({pct(t.assembled)})')
    print(f'failing:           {len(t.failing)} ({pct(len(t.failing))})')
    if t.unaccounted:
        print(f'unaccounted:       {t.unaccounted} (neither failing nor encoded)')

    unsupported = [f for f in t.failing if f[3].startswith('unsupported instruction')]
    real = [f for f in t.failing if not f[3].startswith('unsupported instruction')]
    defined = collections.Counter(f[0] for f in unsupported if isa and f[0] in isa)
    undefined = collections.Counter(f[0] for f in unsupported if not (isa and f[0] in isa))

    print('\n== unsupported instruction, not in ISA.md (expected), by mnemonic')
    for m, n in undefined.most_common():
        print(f'  {m:12} {n}')
    if isa is None:
        print('  (ISA.md not found: defined and undefined mnemonics not told apart)')
    print('\n== unsupported instruction, but ISA.md names the mnemonic (bug), by mnemonic')
    for m, n in defined.most_common():
        print(f'  {m:12} {n}')
    print('\n== other failures by error kind')
    for k, n in collections.Counter(kind(f[3]) for f in real).most_common():
        print(f'  {n:7}  {k}')
    print('\n== other failures by mnemonic')
    for m, n in collections.Counter(f[0] for f in real).most_common():
        print(f'  {m:12} {n}')

    print('\n== failing spellings of ISA.md mnemonics (spelling | operand form | error)')
    groups = collections.defaultdict(list)
    for f in t.failing:
        if isa is None or f[0] in isa:
            groups[(f[1], f[2], kind(f[3]))].append(f)
    for (spelling, form, k), fs in sorted(groups.items(), key=lambda g: -len(g[1])):
        print(f'  {len(fs):7}  {spelling} {form}  | {k}')
        for f in fs[:examples]:
            print(f'           {f[4]}: {f[5]}    [{f[3]}]')
    if t.other:
        print('\n== errors on lines that are no instruction')
        for msg, where, text in t.other[:20]:
            print(f'  {where}: {msg}    {text}')


def main():
    a = parse_args()
    simt_as = a.simt_as or os.path.join(ROOT, 'build', 'bin', 'simt-as')
    if not os.access(simt_as, os.X_OK):
        sys.exit(f'measure-listings: no simt-as at {simt_as} (use --simt-as)')
    isa = isa_mnemonics(a.isa)
    t = Tally()
    with tempfile.TemporaryDirectory(prefix='listings.') as tmp:
        for dirpath, dirs, files in os.walk(a.dir):
            dirs.sort()
            for name in sorted(files):
                rel = os.path.relpath(os.path.join(dirpath, name), a.dir)
                t.measure(simt_as, a.dir, rel, tmp)
    report(t, isa, a.examples)


if __name__ == '__main__':
    main()
