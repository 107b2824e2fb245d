#!/usr/bin/env python3
"""Reads what i3blocks wrote (the i3bar protocol: a header line, then an endless JSON array of status
lines, one per line) and prints, as JSON, each named block's distinct texts as i3bar shows them, in the
order they appeared: {"weather-persist": ["⛈️ 10°C Oslo", ...], ...}. A block with "markup": "pango"
is shown as Pango markup: its entities (&amp; …) are read as the characters they stand for. A last line
cut off mid-write is ignored. Exits 1 when the header is not i3bar's."""
import json
import sys
from xml.sax.saxutils import unescape

with open(sys.argv[1], encoding="utf-8") as handle:
    lines = handle.read().split("\n")
header = json.loads(lines[0])
if header.get("version") != 1:
    sys.exit(1)
texts = {}
for line in lines[1:]:
    line = line.strip().lstrip(",").strip()
    if line.startswith("[["):
        line = line[1:]
    if not line.startswith("["):
        continue
    try:
        blocks = json.loads(line)
    except ValueError:
        continue
    for block in blocks:
        name = block.get("name")
        if name is None:
            continue
        text = block.get("full_text", "")
        if block.get("markup") == "pango":
            text = unescape(text, {"&quot;": '"', "&apos;": "'"})
        seen = texts.setdefault(name, [])
        if text not in seen:
            seen.append(text)
json.dump(texts, sys.stdout, ensure_ascii=False)
print()
