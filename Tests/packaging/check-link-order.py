#!/usr/bin/env python3
"""Checks that a release binary has its code in link order (packaging/weatherd.order, see scripts/link-order).

Usage: check-link-order.py BINARY ORDER_FILE   (BINARY with its symbol table, i.e. before strip)

Two figures, each against a limit:
  - fresh: the share of the list's names that the binary still defines (≥ 80 %). Renamed or removed code
    lowers it; below the limit the list no longer describes the binary: run scripts/link-order again.
  - applied: the share of those functions that lie in the first half of .text (≥ 95 %). Linked without the
    list they are spread over all of it (64 % in the first half).
Prints both and exits 1 when one is below its limit.
"""
import subprocess
import sys

binary, order_path = sys.argv[1:3]
listed = [line.strip() for line in open(order_path) if line.strip() and not line.startswith("#")]
nm = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
address = {}
for line in nm.splitlines():
    fields = line.split()
    if len(fields) == 3 and fields[1] in "tTwW":
        address[fields[2]] = int(fields[0], 16)
headers = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
text = next(line.split("]", 1)[1].split() for line in headers.splitlines() if "] .text " in line)
start, size = int(text[2], 16), int(text[4], 16)
found = [address[name] for name in listed if name in address]
fresh = len(found) / len(listed) if listed else 0.0
early = sum(1 for a in found if a < start + size / 2)
applied = early / len(found) if found else 0.0
print(f"fresh: {len(found)} of {len(listed)} listed functions defined ({fresh:.1%}, limit 80 %)")
print(f"applied: {early} of them in the first half of .text ({applied:.1%}, limit 95 %)")
sys.exit(0 if fresh >= 0.80 and applied >= 0.95 else 1)
