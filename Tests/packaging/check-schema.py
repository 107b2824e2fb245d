#!/usr/bin/env python3
"""Validate weatherd's real JSON output against docs/state.schema.json.

Positive cases (must validate):
  - the state file written by `weatherd run` against the loopback fake-open-meteo;
  - `weatherd once --format json` with every location failing (API port nobody listens on);
  - the documented example of docs/state-file.md (Tests/packaging/state-example.json).
Negative cases (must NOT validate): a missing generated_at, status "weird", a temperature
given as a string, and a few more.

Every file a daemon writes (state file, cache, geocoding.json) stays in a temporary directory:
`--state-file` and `--cache-file` are always given. The checks are in
Tests/packaging/schema_checks/; `weatherd run` is given the test locations of
scripts/lib/locations.yaml.

Usage: Tests/packaging/check-schema.py [--bin-dir .build/debug]
Needs python3 with `jsonschema` (pip install jsonschema). Exits 0 when every check passed.
Prints "N passed, N failed".
"""

import argparse
import os
import pathlib
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ of schema_checks in the work tree

from schema_checks import report  # noqa: E402
from schema_checks.daemon import check_once, check_run  # noqa: E402
from schema_checks.examples import DOCUMENTED_EXAMPLE, mutate, positive_cases, with_air, with_alerts  # noqa: E402
from schema_checks.negative import negative_cases  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-dir", default=str(report.ROOT / ".build" / "debug"),
                        help="directory with weatherd and fake-open-meteo (default: .build/debug)")
    args = parser.parse_args()
    bin_dir = pathlib.Path(args.bin_dir)
    for tool in ("weatherd", "fake-open-meteo"):
        if not os.access(bin_dir / tool, os.X_OK):
            print(f"check-schema: {bin_dir / tool} missing; run `make debug` first", file=sys.stderr)
            return 2

    try:
        v = report.validator()
        report.report(True, "docs/state.schema.json is a valid draft 2020-12 schema")
    except report.jsonschema.exceptions.SchemaError as error:
        report.report(False, "docs/state.schema.json is a valid draft 2020-12 schema", error.message)
        return report.summary()

    forecast_example = positive_cases(v)
    negative_cases(v, DOCUMENTED_EXAMPLE)
    negative_cases(v, forecast_example)
    negative_cases(v, mutate(DOCUMENTED_EXAMPLE, with_alerts))
    negative_cases(v, mutate(DOCUMENTED_EXAMPLE, with_air))

    with tempfile.TemporaryDirectory(prefix="weatherd-schema.") as name:
        tmp = pathlib.Path(name)
        check_run(v, bin_dir, tmp)
        check_once(v, bin_dir, tmp)

    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
