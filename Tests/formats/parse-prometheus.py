#!/usr/bin/env python3
"""Parses Prometheus text exposition on stdin with the reference Python parser (prometheus_client)
and prints the samples as JSON: [{"name", "labels", "value", "type", "help"}]. Exits 1 on a parse error."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

try:
    samples = []
    for family in text_string_to_metric_families(sys.stdin.read()):
        for sample in family.samples:
            samples.append({"name": sample.name, "labels": sample.labels, "value": sample.value,
                            "type": family.type, "help": family.documentation})
except Exception as error:  # the parser raises ValueError and friends on malformed input
    print(f"parse error: {error}", file=sys.stderr)
    sys.exit(1)
json.dump(samples, sys.stdout)
