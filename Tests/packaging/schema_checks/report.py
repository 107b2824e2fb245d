"""The report lines ("ok   - ..." / "FAIL - ...", then "N passed, N failed") and the schema's validator."""

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

passed = 0
failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   - {name}")
    else:
        failed += 1
        print(f"FAIL - {name}" + (f": {detail}" if detail else ""))


def summary():
    """Prints "N passed, N failed"; the exit status: 0 when nothing failed."""
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


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
