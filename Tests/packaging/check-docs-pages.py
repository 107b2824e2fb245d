#!/usr/bin/env python3
"""The docs/ pages against the program, as check-docs.sh checks the manual pages:

  - docs/conditions.md's table is `weatherd codes --format json`, code by code (condition, category and
    description), and lists no code the program does not know;
  - docs/forecast.md names every template placeholder the program knows;
  - docs/journal.md names every MESSAGE_ID of the journal catalog (systemd/weatherd.catalog);
  - docs/state-file.md names every property of the state file's JSON Schema (docs/state.schema.json);
  - every relative link of README.md and docs/*.md leads to a file of the repository, and a link to a
    heading of a Markdown page to one of its headings;
  - bench/README.md's tables hold one short row per figure: no cell over 400 characters (the history of a
    figure is in git, not in its cell).

Usage: Tests/packaging/check-docs-pages.py path/to/weatherd. Prints ok/FAIL lines and "N passed, N failed".
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True
from report_lines import report, summary  # noqa: E402  (the ok/FAIL lines and the count)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def conditions(binary):
    codes = json.loads(subprocess.run([binary, "codes", "--format", "json"], capture_output=True, text=True,
                                      check=True).stdout)
    documented = {}
    for line in read("docs/conditions.md").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not re.fullmatch(r"\d+(, \d+)*", cells[0]):
            continue
        numbers = [int(n) for n in cells[0].split(", ")]
        descriptions = cells[2].split(", ")
        if len(descriptions) != len(numbers):
            report(False, f"conditions.md: one description per code in the row of {cells[0]}")
            continue
        for number, description in zip(numbers, descriptions):
            documented[number] = (cells[1].strip("`"), cells[3].strip("`"), description)
    program = {c["code"]: (c["condition"], c["category"], c["description"]) for c in codes}
    for code, row in program.items():
        report(documented.get(code) == row, f"conditions.md: code {code} is {row}", f"documented {documented.get(code)}")
    extra = sorted(set(documented) - set(program))
    report(not extra, "conditions.md lists no code the program does not know", f"{extra}")


def placeholders(binary):
    result = subprocess.run([binary, "status", "--text", "{weatherd-check-docs}"], capture_output=True, text=True)
    match = re.search(r"known placeholders: ([a-z0-9_, ]+)", result.stderr)
    report(match is not None, "the program lists its placeholders", result.stderr.strip()[:200])
    if not match:
        return
    page = read("docs/forecast.md")
    for name in match.group(1).split(", "):
        report(re.search(r"[`{]" + re.escape(name) + r"[`}:]", page) is not None,
               f"forecast.md names the placeholder {name}")


def message_ids():
    page = read("docs/journal.md")
    ids = sorted(set(re.findall(r"^-- ([0-9a-f]{32})$", read("systemd/weatherd.catalog"), re.M)))
    report(bool(ids), "the catalog has MESSAGE_IDs")
    for identifier in ids:
        report(identifier in page, f"journal.md names MESSAGE_ID {identifier}")


def schema_properties():
    schema = json.loads(read("docs/state.schema.json"))
    names = set()

    def walk(node):
        if isinstance(node, dict):
            for name, value in node.get("properties", {}).items():
                names.add(name)
                walk(value)
            for key, value in node.items():
                if key != "properties":
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    page = read("docs/state-file.md")
    for name in sorted(names):
        report(re.search(r"`[^`]*\b" + re.escape(name) + r"\b[^`]*`", page) is not None,
               f"state-file.md names the field {name}")


def anchor(heading):
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def links():
    pages = ["README.md"] + [os.path.join("docs", name) for name in sorted(os.listdir(os.path.join(ROOT, "docs")))
                             if name.endswith(".md")]
    for page in pages:
        text = re.sub(r"```.*?```", "", read(page), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            exists = os.path.exists(os.path.join(ROOT, resolved))
            ok = exists
            if exists and fragment and resolved.endswith(".md"):
                headings = re.findall(r"^#+ (.*)$", read(resolved), re.M)
                ok = fragment in {anchor(h) for h in headings}
            report(ok, f"{page}: the link {target} resolves")


def bench_rows():
    long = [number for number, line in enumerate(read("bench/README.md").splitlines(), 1)
            if line.startswith("|") and max(len(cell.strip()) for cell in line.strip("|").split("|")) > 400]
    report(not long, "bench/README.md: no table cell over 400 characters", f"lines {long}")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    conditions(binary)
    placeholders(binary)
    message_ids()
    schema_properties()
    links()
    bench_rows()
    sys.exit(summary())


if __name__ == "__main__":
    main()
