"""The schema's validator and the checks' expectations; the report lines are report_lines.py's."""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
SCHEMA_PATH = ROOT / "docs" / "state.schema.json"

try:
    import jsonschema
except ImportError:  # pragma: no cover - environment setup
    print("check-schema: python module jsonschema missing; installing it with pip", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "jsonschema"], check=True)
    import jsonschema  # noqa: E402

from report_lines import report, summary  # noqa: E402,F401  (shared with check-docs-pages.py)


def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    cls = jsonschema.Draft202012Validator
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def errors_of(v, instance):
    return sorted(v.iter_errors(instance), key=lambda e: list(e.absolute_path))


def expect_valid(v, name, instance):
    errs = errors_of(v, instance)
    detail = "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in errs[:5])
    report(not errs, name, detail)


def expect_invalid(v, name, instance):
    errs = errors_of(v, instance)
    report(bool(errs), name + " is rejected", "schema accepted it")
