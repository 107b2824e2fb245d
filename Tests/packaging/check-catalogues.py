#!/usr/bin/env python3
"""The catalogues against the sources (docs/language.md, "Translating"):

- po/weatherd.pot holds exactly the texts the sources ask for (scripts/update-pot run again);
- every language weatherd offers (Sources/WeatherCore/Domain/Language.swift) has po/LANG.po, which
  msgfmt --check accepts, with every message of the template translated and none fuzzy;
- each translation keeps its message's {names} (a lost one would print a value nowhere, a misspelt one
  would print the braces), and its plural forms match the language's Plural-Forms header.

Run from the repository: python3 Tests/packaging/check-catalogues.py
"""

import os
import re
import subprocess
import sys
import tempfile

import polib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.chdir(ROOT)

failures = []
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)
    return condition


def key(entry):
    return (entry.msgctxt, entry.msgid, entry.msgid_plural or None)


def names(text):
    return set(re.findall(r"\{([a-z_]+)\}", text))


def languages():
    source = open("Sources/WeatherCore/Domain/Language.swift", encoding="utf-8").read()
    return [code for code in re.findall(r'case \w+ = "([a-z]+)"', source) if code != "en"]


# The template is what the sources ask for now.
with tempfile.TemporaryDirectory() as directory:
    fresh = os.path.join(directory, "weatherd.pot")
    subprocess.run(["scripts/update-pot", fresh], check=True, stderr=subprocess.DEVNULL)
    wanted = {key(entry) for entry in polib.pofile(fresh)}
template = polib.pofile("po/weatherd.pot")
have = {key(entry) for entry in template}
for missing in sorted(wanted - have, key=str):
    check(False, f"po/weatherd.pot lacks {missing[1]!r} (context {missing[0]!r}): run scripts/update-pot")
for stale in sorted(have - wanted, key=str):
    check(False, f"po/weatherd.pot still has {stale[1]!r}, no longer in the sources: run scripts/update-pot")
check(len(wanted) > 0, "the sources ask for no text at all")

for language in languages():
    path = f"po/{language}.po"
    if not check(os.path.exists(path), f"{path} is missing: weatherd offers {language}"):
        continue
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "--output-file=/dev/null", path], capture_output=True, text=True
    )
    check(result.returncode == 0, f"msgfmt --check {path}: {result.stderr.strip()}")
    catalogue = polib.pofile(path)
    check(catalogue.metadata.get("Language") == language, f"{path}: its Language header is not {language}")
    plural_forms = catalogue.metadata.get("Plural-Forms", "")
    match = re.match(r"\s*nplurals\s*=\s*(\d+)\s*;", plural_forms)
    if not check(match is not None, f"{path}: no Plural-Forms header"):
        continue
    plurals = int(match.group(1))
    entries = {key(entry): entry for entry in catalogue if not entry.obsolete}
    for wanted_key in sorted(wanted, key=str):
        context, msgid, msgid_plural = wanted_key
        label = f"{path}: {msgid!r}" + (f" (context {context!r})" if context else "")
        entry = entries.get(wanted_key)
        if not check(entry is not None, f"{label} is missing (msgmerge it from po/weatherd.pot)"):
            continue
        check("fuzzy" not in entry.flags, f"{label} is fuzzy")
        if msgid_plural:
            forms = [entry.msgstr_plural.get(index, "") for index in range(plurals)]
            check(len(entry.msgstr_plural) == plurals, f"{label}: {len(entry.msgstr_plural)} forms, not {plurals}")
            for form in forms:
                check(form != "", f"{label}: a plural form is not translated")
                # A language's form for one may say "ein Ort" instead of "{count}"; every other value stays.
                check(
                    names(form) - {"count"} == names(msgid_plural) - {"count"},
                    f"{label}: the form {form!r} does not keep the values {sorted(names(msgid_plural))}",
                )
        else:
            check(entry.msgstr != "", f"{label} is not translated")
            check(
                names(entry.msgstr) == names(msgid),
                f"{label}: {entry.msgstr!r} does not keep the values {sorted(names(msgid))}",
            )
    for extra in sorted(set(entries) - wanted, key=str):
        check(False, f"{path}: {extra[1]!r} is no longer asked for (msgmerge, or make it obsolete)")

for failure in failures:
    print(f"FAIL: {failure}")
print(f"check-catalogues: {checks - len(failures)} of {checks} checks pass ({len(languages())} languages)")
sys.exit(1 if failures else 0)
