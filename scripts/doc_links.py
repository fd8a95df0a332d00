#!/usr/bin/env python3
"""Checks the links of README.md and the pages of docs/: every relative link
names a file of the repository (and, for a Markdown page, a heading that
exists: `ISA.md#51-tokens`), and no page sends the reader outside the
repository (`../shared/...`, which a clone does not have).

Anchors are GitHub's: the heading lower-cased, punctuation other than `-`
and `_` dropped, spaces made `-`.
Usage: doc_links.py SRCROOT
"""
import os
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
OUTSIDE = re.compile(r"\.\./shared/|shared/spec/|shared/seeds/")


def anchors(path):
    names = set()
    text = FENCE.sub("", open(path).read())
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
            names.add(slug)
    return names


def pages(root):
    yield os.path.join(root, "README.md")
    for d, _, files in os.walk(os.path.join(root, "docs")):
        for f in sorted(files):
            if f.endswith(".md"):
                yield os.path.join(d, f)


def main():
    root = os.path.realpath(sys.argv[1])
    problems, links = [], 0
    for page in pages(root):
        rel = os.path.relpath(page, root)
        text = open(page).read()
        for n, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                problems.append("%s:%d: points outside the repository: %s" % (rel, n, line.strip()))
        for m in LINK.finditer(FENCE.sub("", text)):
            target = m.group(1)
            if re.match(r"^[a-z]+:", target):
                continue  # a URL
            links += 1
            path, _, anchor = target.partition("#")
            dest = os.path.realpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not (dest == root or dest.startswith(root + os.sep)):
                problems.append("%s: link '%s' leaves the repository" % (rel, target))
            elif not os.path.exists(dest):
                problems.append("%s: link '%s': no such file" % (rel, target))
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                problems.append("%s: link '%s': no heading '#%s' in %s"
                                % (rel, target, anchor, os.path.relpath(dest, root)))
    for p in problems:
        print(p)
    print("%d links checked, %d problems" % (links, len(problems)))
    return 1 if problems or links == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
