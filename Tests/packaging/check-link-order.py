#!/usr/bin/env python3
"""Checks that a release binary has its code in link order (packaging/weatherd.order, see scripts/link-order).

Usage: check-link-order.py BINARY ORDER_FILE   (BINARY with its symbol table, i.e. before strip)

Four figures, each against a limit:
  - fresh: the share of the list's names that the binary still defines (≥ 80 %). Renamed or removed code
    lowers it; below the limit the list no longer describes the binary: run scripts/link-order again.
  - applied: the share of those functions that lie in the first half of .text (≥ 95 %). Linked without the
    list they are spread over all of it (64 % in the first half).
  - packed: the share of the cache tick's functions (the list's first group, under the title "# a cache
    tick" that scripts/link-order writes) that end within twice the group's total size from the first of
    them (≥ 30 %). With a section for each function (-function-sections) the package's lie side by side
    and only the prebuilt standard library's stay where its one section goes (49 %); compiled without it,
    the linker moves a source file's code as one block (11 %).
  - private: the functions the compiler makes without a symbol (`.text..L*` sections, which the list cannot
    name) gathered by packaging/weatherd.ld into `.text.private` before .text: that section exists and ends
    where .text starts (within 4 KB).
Prints the four and exits 1 when one is below its limit.
"""
import subprocess
import sys

binary, order_path = sys.argv[1:3]
listed, tick, group = [], [], None  # tick: the cache tick's group, as listed
for line in open(order_path):
    line = line.strip()
    if line.startswith("#"):
        group = "tick" if line.startswith("# a cache tick") else None
    elif line:
        listed.append(line)
        if group == "tick":
            tick.append(line)
nm = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True, check=True).stdout
address, length = {}, {}
for line in nm.splitlines():
    fields = line.split()
    if len(fields) == 4 and fields[2] in "tTwW":
        address[fields[3]] = int(fields[0], 16)
        length[fields[3]] = int(fields[1], 16)
headers = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
text = next(line.split("]", 1)[1].split() for line in headers.splitlines() if "] .text " in line)
start, size = int(text[2], 16), int(text[4], 16)
found = [address[name] for name in listed if name in address]
fresh = len(found) / len(listed) if listed else 0.0
early = sum(1 for a in found if a < start + size / 2)
applied = early / len(found) if found else 0.0
print(f"fresh: {len(found)} of {len(listed)} listed functions defined ({fresh:.1%}, limit 80 %)")
print(f"applied: {early} of them in the first half of .text ({applied:.1%}, limit 95 %)")
tick_found = [name for name in tick if name in address]
first = min((address[name] for name in tick_found), default=0)
reach = first + 2 * sum(length[name] for name in tick_found)
near = sum(1 for name in tick_found if address[name] + length[name] <= reach)
packed = near / len(tick_found) if tick_found else 0.0
if tick_found:
    print(f"packed: {near} of the cache tick's {len(tick_found)} functions side by side ({packed:.1%}, limit 30 %)")
else:
    print("packed: the list has no cache tick's group (# a cache tick): run scripts/link-order again")
private = next((line.split("]", 1)[1].split() for line in headers.splitlines() if "] .text.private " in line), None)
gathered = private is not None and 0 <= start - (int(private[2], 16) + int(private[4], 16)) < 4096
if private is None:
    print("private: no .text.private section (linked without packaging/weatherd.ld?)")
else:
    print(f"private: {int(private[4], 16):,} bytes of unnamed functions in .text.private, "
          f"{'right before' if gathered else 'not before'} .text")
sys.exit(0 if fresh >= 0.80 and applied >= 0.95 and packed >= 0.30 and gathered else 1)
