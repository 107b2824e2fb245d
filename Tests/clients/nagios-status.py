#!/usr/bin/env python3
"""Reads Nagios Core's status.dat and prints its services as JSON, keyed by service_description:
current_state, has_been_checked, plugin_output, long_plugin_output, performance_data, and the
performance data split by the plugin guidelines' syntax (label=value[UOM];[warn];[crit];[min];[max],
labels with spaces in single quotes): "perfdata": {label: {"value": v, "unit": u}}, plus
"perfdata_errors": the items that do not follow it (or use a unit other than s, %, c or none)."""
import json
import re
import sys

ITEM = re.compile(r"^(?P<label>'(?:[^']|'')+'|[^'= ]+)=(?P<value>-?[0-9]+(?:\.[0-9]+)?)(?P<unit>[a-zA-Z%]*)"
                  r"(?:;(?P<rest>[-0-9.;~:@]*))?$")
TOKEN = re.compile(r"'(?:[^']|'')+'=\S*|\S+")

services = {}
block = None
with open(sys.argv[1], encoding="utf-8", errors="replace") as handle:
    for raw in handle:
        line = raw.strip()
        if line == "servicestatus {":
            block = {}
        elif line == "}" and block is not None:
            services[block.get("service_description", "")] = block
            block = None
        elif block is not None and "=" in line:
            key, value = line.split("=", 1)
            block[key] = value

for service in services.values():
    parsed, errors = {}, []
    for item in TOKEN.findall(service.get("performance_data", "")):
        match = ITEM.match(item)
        if not match or match.group("unit") not in ("", "s", "%", "c"):
            errors.append(item)
            continue
        label = match.group("label")
        if label.startswith("'"):
            label = label[1:-1].replace("''", "'")
        parsed[label] = {"value": float(match.group("value")), "unit": match.group("unit")}
    service["perfdata"] = parsed
    service["perfdata_errors"] = errors
json.dump(services, sys.stdout, ensure_ascii=False)
print()
