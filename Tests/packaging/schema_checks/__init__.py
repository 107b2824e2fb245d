"""The parts of Tests/packaging/check-schema.py: the report and the schema (report), the documented
example and its valid variants (examples), the invalid ones (negative), and the real binary's output
(daemon: `weatherd run`, `weatherd status`, `weatherd once`)."""
