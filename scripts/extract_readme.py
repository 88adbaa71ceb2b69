#!/usr/bin/env python3
"""Prints the first fenced code block of the given language from README.md (c or python), so
the tests compile and run the README's examples exactly as written."""
import pathlib
import re
import sys

lang = sys.argv[1]
text = (pathlib.Path(__file__).resolve().parent.parent / "README.md").read_text()
m = re.search(r"```" + re.escape(lang) + r"\n(.*?)```", text, re.S)
if not m:
    sys.exit(f"no ```{lang} block in README.md")
sys.stdout.write(m.group(1))
