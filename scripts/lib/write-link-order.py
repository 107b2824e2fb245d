#!/usr/bin/env python3
"""scripts/lib/write-link-order.py WORK BINARY OUTPUT — the last step of scripts/link-order: writes OUTPUT
(packaging/weatherd.order) from the callgrind dumps WORK/cg.* and the symbols BINARY defines.

The list is every function callgrind saw run that the binary defines, in three groups: a cache tick's
(WORK/cg.tick.2), then the follower's update (WORK/cg.follow.2), then the rest; each group sorted.
Tests/packaging/check-link-order.py finds the first group by its title, "a cache tick". The old list is
left as it was when callgrind saw too few of the binary's functions.
"""
import glob
import os
import re
import subprocess
import sys

COMPRESSED = re.compile(r"^\((\d+)\)(?:\s+(.*))?$")


def functions_run(path):
    """The functions with a cost of their own in a callgrind dump: `fn=` and `cfn=` names resolved (callgrind
    writes a name once, as `(id) name`, then `(id)` alone), a recursive activation's `'N` suffix dropped. A
    cost line right after `calls=` is the call's inclusive cost, the caller's own is every other one."""
    names, ran = {}, set()
    current, after_call = None, False
    with open(path, errors="replace") as f:
        for line in f:
            first = line[:1]
            if first.isdigit() or first in "+-*":
                parts = line.split()
                if after_call:
                    after_call = False
                elif current and len(parts) > 1 and parts[1].isdigit() and int(parts[1]):
                    ran.add(current)
                continue
            key, _, value = line.rstrip("\n").partition("=")
            if key in ("fn", "cfn"):
                match = COMPRESSED.match(value.strip())
                if not match:
                    name = value.strip()
                elif match.group(2) is not None:
                    name = names[match.group(1)] = match.group(2)
                else:
                    name = names.get(match.group(1), f"({match.group(1)})")
                if key == "fn":
                    current = name.split("'")[0]
            elif key == "calls":
                after_call = True
    return ran


def main():
    work, binary, output = sys.argv[1:]
    profiles = {path: functions_run(path) for path in glob.glob(f"{work}/cg.*")}
    ran = set().union(*profiles.values())
    defined = {}
    nm = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True, check=True).stdout
    for line in nm.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            defined[fields[3]] = int(fields[1], 16)
    tick = sorted(n for n in profiles[f"{work}/cg.tick.2"] if n in defined)
    follow = sorted(n for n in profiles[f"{work}/cg.follow.2"] if n in defined and n not in tick)
    rest = sorted(n for n in ran if n in defined and n not in tick and n not in follow)
    names = tick + follow + rest
    if len(tick) < 100 or len(follow) < 100 or len(names) < 1000:
        sys.exit(f"link-order: too few of the binary's functions seen (a cache tick {len(tick)}, the follower's "
                 f"update {len(follow)}, in all {len(names)}; at least 100, 100, 1000); {output} left as it was")
    with open(output + ".tmp", "w") as f:
        f.write("# The functions of weatherd's release binary that a running weatherd executes, for lld's\n"
                "# --symbol-ordering-file (Makefile RELEASE_FLAGS). Written by scripts/link-order; why: see there.\n")
        for title, group in (("a cache tick", tick), ("the follower's update, not already above", follow),
                             ("the rest", rest)):
            f.write(f"# {title}: {len(group)} functions, {sum(defined[n] for n in group):,} bytes\n")
            f.write("\n".join(group) + "\n")
    os.replace(output + ".tmp", output)
    print(f"link-order: {len(names)} functions, {sum(defined[n] for n in names):,} bytes of "
          f"{sum(defined.values()):,} in .text -> {output}; a cache tick's {len(tick)} first "
          f"({sum(defined[n] for n in tick):,} bytes), then the follower's {len(follow)}")


if __name__ == "__main__":
    main()
