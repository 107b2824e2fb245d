"""bench/sizes.py — section sizes: the release binary stripped as scripts/build-deb strips it, and what takes
its room (its sections, and its symbols' bytes by module)."""

import os
import re
import subprocess

from . import common
from .common import OUT
from .table import MB, Row, fmt

BUDGET_MB = 30
# What scripts/build-deb does to the binary it packages.
STRIP_ARGS = ["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note"]
OWN_MODULES = ("weatherd", "WeatherCore", "WeatherDaemon", "WeatherDisplay", "WeatherConfiguration", "StateStore",
               "OpenMeteo", "AlertSources", "WeatherHTTP", "YAML", "Systemd")


def swift_module(name):
    """The module a symbol belongs to: the first identifier of a Swift mangled name, or a library told by
    its C/C++ name (BoringSSL, the Swift runtime, Dispatch, NIO's C parts)."""
    bare = name.lstrip("_")
    if bare.startswith("$s"):
        match = re.match(r"(\d+)", bare[2:])
        if match:
            digits = match.group(1)
            return bare[2 + len(digits):2 + len(digits) + int(digits)]
        return "Swift"  # `s` (the standard library) and standard substitutions (`Si`, `SS`, `Sa`, `Sc…`)
    if "BoringSSL" in name or name.startswith("_ZN4bssl") or "boringssl" in name:
        return "BoringSSL (C)"
    if "swift" in name.lower() or name.startswith(("_ZN5swift", "_ZN7__swift")):
        return "Swift runtime (C++)"
    if "dispatch" in name or name.startswith(("_Block", "Block_")):
        return "Dispatch (C)"
    if name.startswith(("c_nio", "CNIO", "llhttp")):
        return "NIO (C)"
    return "other C++" if name.startswith("_Z") else "other C"


def run(other):
    """Sizes of common.WEATHERD as built and stripped, its sections (`size -A`), and its symbols' bytes by
    module (`nm --size-sort -S`: code and data, not unwind tables or Swift's metadata sections)."""
    binary = common.WEATHERD
    os.makedirs(os.path.join(OUT, "sizes"), exist_ok=True)
    stripped = os.path.join(OUT, "sizes", "weatherd.stripped")
    subprocess.run(STRIP_ARGS + ["-o", stripped, binary], check=True)
    result = {"bytes": os.path.getsize(binary), "stripped_bytes": os.path.getsize(stripped)}
    sections = {}
    for line in subprocess.run(["size", "-A", stripped], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit() and parts[0] != "Total":
            sections[parts[0]] = int(parts[1])
    result["sections"] = dict(sorted(sections.items(), key=lambda kv: -kv[1]))
    result["relr"] = "RELR" in subprocess.run(["readelf", "-d", stripped], capture_output=True, text=True).stdout
    groups = {}
    for line in subprocess.run(["nm", "--size-sort", "-S", binary], capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4:
            module = swift_module(parts[3])
            groups[module] = groups.get(module, 0) + int(parts[1], 16)
    result["symbol_bytes_by_module"] = dict(sorted(groups.items(), key=lambda kv: -kv[1]))
    result["own_modules_bytes"] = sum(groups.get(m, 0) for m in OWN_MODULES)
    os.unlink(stripped)
    return result


def rows(r):
    value = r["stripped_bytes"] / MB
    top = ", ".join(f"{k} {v / MB:.1f}" for k, v in list(r["sections"].items())[:4])
    modules = ", ".join(f"{k} {v / MB:.2f}" for k, v in list(r["symbol_bytes_by_module"].items())[:6])
    return [
        Row("stripped binary (make build)", fmt(value, "MB", 1), f"≤ {BUDGET_MB} MB", value <= BUDGET_MB),
        Row("  unstripped; packed relative relocations (RELR)", f"{r['bytes'] / MB:.1f} MB; "
            + ("yes" if r["relr"] else "no")),
        Row(f"  largest sections (MB): {top}"),
        Row(f"  symbols by module (MB): {modules}; weatherd's own {r['own_modules_bytes'] / MB:.2f}"),
    ]
