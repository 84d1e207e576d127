#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# extract-lessons.py OUTPUT.pot FILE.json...: writes the texts of the shipped lessons and
# scenes as a PO template fragment, which xgettext merges into po/impulse.pot (POTFILES
# lists it). The loader looks each text up in the same domain (lessons/imp-lesson.c), so
# these are the keys it reads for people: a lesson's title and summary, each step's
# title, text and goal hint, and a scene's title (the window's title).
# docs/lesson-format.md, "Translations", says what a translation must keep.
import json
import os
import sys

MARKUP_NOTE = ("lesson markup (docs/lesson-format.md): keep *words*, **words**, every $math$ "
               "span, the term before | in each {term|words} (translate only the words), and "
               "every number; otherwise the English text is shown")
PLAIN_NOTE = "keep every number; otherwise the English text is shown"


def po_string(text):
    escaped = (text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
               .replace("\t", "\\t"))
    return "\"" + escaped + "\""


class Fragment:
    def __init__(self):
        self.entries = []  # (msgid, [comments], [references])
        self.index = {}

    def add(self, msgid, comment, reference):
        if not msgid:
            return
        if msgid not in self.index:
            self.index[msgid] = len(self.entries)
            self.entries.append((msgid, [], []))
        entry = self.entries[self.index[msgid]]
        if comment not in entry[1]:
            entry[1].append(comment)
        entry[2].append(reference)

    def write(self, out):
        out.write("# The texts of the shipped lessons and scenes, written by po/extract-lessons.py.\n")
        out.write("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n")
        for msgid, comments, references in self.entries:
            out.write("\n")
            for comment in comments:
                out.write("#. " + comment + "\n")
            for reference in references:
                out.write("#: " + reference + "\n")
            out.write("msgid " + po_string(msgid) + "\nmsgstr \"\"\n")


class Source:
    """A file's text, to give each string the line it is written on."""

    def __init__(self, path, name):
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        self.name = name
        self.cursor = 0

    def reference(self, value):
        written = json.dumps(value, ensure_ascii=False)
        at = self.text.find(written, self.cursor)
        if at < 0:
            at = self.text.find(written)
        if at < 0:
            return self.name
        self.cursor = at + len(written)
        return "%s:%d" % (self.name, self.text.count("\n", 0, at) + 1)


def extract(path, name, fragment):
    source = Source(path, name)
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    stem = os.path.splitext(os.path.basename(path))[0]
    if "impulse-lesson" in document:
        for key in ("title", "summary"):
            if isinstance(document.get(key), str):
                fragment.add(document[key], "lesson %s, %s; %s" % (stem, key, PLAIN_NOTE),
                             source.reference(document[key]))
        for number, step in enumerate(document.get("steps", []), start=1):
            where = "lesson %s, step %d" % (stem, number)
            if isinstance(step.get("title"), str):
                fragment.add(step["title"], where + ", title; " + PLAIN_NOTE,
                             source.reference(step["title"]))
            if isinstance(step.get("text"), str):
                fragment.add(step["text"], where + ", text in " + MARKUP_NOTE,
                             source.reference(step["text"]))
            hint = step.get("goal", {}).get("hint")
            if isinstance(hint, str):
                fragment.add(hint, where + ", hint; " + PLAIN_NOTE, source.reference(hint))
    elif isinstance(document.get("title"), str):
        fragment.add(document["title"], "scene %s, title (the window's title)" % stem,
                     source.reference(document["title"]))


def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: extract-lessons.py OUTPUT.pot FILE.json...\n")
        return 2
    top = os.environ.get("MESON_SOURCE_ROOT", os.getcwd())
    fragment = Fragment()
    for path in argv[2:]:
        extract(path, os.path.relpath(os.path.abspath(path), top), fragment)
    with open(argv[1], "w", encoding="utf-8") as out:
        fragment.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
