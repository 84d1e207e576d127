#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-potfiles.py TOP: fails when a source file marks a string for translation but
# po/POTFILES does not list it (its strings would never reach the catalog), or when
# POTFILES lists a file that is gone. Prints TAP.
import os
import re
import sys

top = sys.argv[1]
MARKS = re.compile(r'(?<![A-Za-z0-9_])(N?_|C_|NC_|g_dngettext|ngettext)\s*\(|translatable="yes"')
listed = set()
with open(os.path.join(top, "po", "POTFILES"), encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if line and not line.startswith("#"):
            listed.add(line)

problems = []
for name in sorted(listed):
    if name.startswith("po/"):
        continue  # made in the build tree
    if not os.path.exists(os.path.join(top, name)):
        problems.append("po/POTFILES lists %s, which does not exist" % name)
for folder in ("app", "lessons", "ui"):
    for root, _dirs, files in os.walk(os.path.join(top, folder)):
        for file in sorted(files):
            if not file.endswith((".c", ".h", ".ui")):
                continue
            path = os.path.relpath(os.path.join(root, file), top)
            with open(os.path.join(root, file), encoding="utf-8") as f:
                if MARKS.search(f.read()) and path not in listed:
                    problems.append("%s marks strings for translation; add it to po/POTFILES" % path)

print("1..1")
if problems:
    for problem in problems:
        print("# " + problem)
    print("not ok 1 /i18n/potfiles/complete")
    sys.exit(1)
print("ok 1 /i18n/potfiles/complete")
