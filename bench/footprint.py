"""bench/footprint.py — sections sizes and deb: the stripped release binary and what takes its room, and
the .deb scripts/build-deb makes."""

import os
import re
import shutil
import subprocess

from . import common
from .common import OUT, ROOT, STRIP_ARGS, BenchError


def swift_module(name):
    """The module a symbol belongs to: the first identifier of a Swift mangled name, or a library told by
    its C/C++ name (BoringSSL, the Swift runtime, Dispatch, NIO's C parts)."""
    bare = name.lstrip("_")
    if bare.startswith("$s"):
        rest = bare[2:]
        match = re.match(r"(\d+)", rest)
        if match:
            length = int(match.group(1))
            return rest[len(match.group(1)) : len(match.group(1)) + length]
        return "Swift"  # `s` (the standard library) and standard substitutions (`Si`, `SS`, `Sa`, `Sc…`)
    if "BoringSSL" in name or name.startswith("_ZN4bssl") or "boringssl" in name:
        return "BoringSSL (C)"
    if "swift" in name.lower() or name.startswith(("_ZN5swift", "_ZN7__swift")):
        return "Swift runtime (C++)"
    if "dispatch" in name or name.startswith(("_Block", "Block_")):
        return "Dispatch (C)"
    if name.startswith(("c_nio", "CNIO", "llhttp")):
        return "NIO (C)"
    if name.startswith("_Z"):
        return "other C++"
    return "other C"


def binary_footprint(binary, work, nm_groups=True):
    """Sizes of `binary` as built and stripped as scripts/build-deb strips it, its sections (`size -A`), and
    its symbols' bytes by module (`nm --size-sort -S`, which sees code and data, not unwind tables or
    Swift's metadata sections)."""
    stripped = os.path.join(work, os.path.basename(binary) + ".stripped")
    subprocess.run(STRIP_ARGS + ["-o", stripped, binary], check=True)
    result = {"bytes": os.path.getsize(binary), "stripped_bytes": os.path.getsize(stripped)}
    sections = {}
    out = subprocess.run(["size", "-A", stripped], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit() and parts[0] != "Total":
            sections[parts[0]] = int(parts[1])
    result["sections"] = dict(sorted(sections.items(), key=lambda kv: -kv[1]))
    result["dynamic_symbols"] = sections.get(".dynsym", 0) // 24
    comment = subprocess.run(["readelf", "-p", ".comment", binary], capture_output=True, text=True).stdout
    result["linker"] = "lld" if "Linker: LLD" in comment else "other (no LLD stamp)"
    dynamic = subprocess.run(["readelf", "-d", stripped], capture_output=True, text=True).stdout
    result["relr"] = "RELR" in dynamic
    if nm_groups:
        groups = {}
        out = subprocess.run(["nm", "--size-sort", "-S", binary], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue
            module = swift_module(parts[3])
            groups[module] = groups.get(module, 0) + int(parts[1], 16)
        result["symbol_bytes_total"] = sum(groups.values())
        result["symbol_bytes_by_module"] = dict(sorted(groups.items(), key=lambda kv: -kv[1]))
    os.unlink(stripped)
    return result


OWN_MODULES = ("weatherd", "WeatherCore", "WeatherDaemon", "StateStore", "OpenMeteo", "YAML", "Systemd")


def section_sizes(old_binary):
    work = os.path.join(OUT, "sizes")
    os.makedirs(work, exist_ok=True)
    result = {"weatherd": binary_footprint(common.WEATHERD, work)}
    groups = result["weatherd"]["symbol_bytes_by_module"]
    result["weatherd"]["own_modules_bytes"] = sum(groups.get(m, 0) for m in OWN_MODULES)
    if old_binary:
        result["old"] = binary_footprint(old_binary, work, nm_groups=False)
    return result


def section_deb():
    """`scripts/build-deb` into .build/bench/deb: the package's size, Installed-Size and Depends."""
    directory = os.path.join(OUT, "deb")
    shutil.rmtree(directory, ignore_errors=True)
    result = subprocess.run([os.path.join(ROOT, "scripts", "build-deb"), "--output", directory],
                            capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if result.returncode != 0:
        raise BenchError("scripts/build-deb failed: " + (result.stderr or result.stdout).strip()[-1500:])
    deb = result.stdout.strip().splitlines()[-1]
    deb = deb if os.path.isabs(deb) else os.path.join(ROOT, deb)
    fields = subprocess.run(["dpkg-deb", "-f", deb, "Installed-Size", "Depends"], capture_output=True,
                            text=True).stdout
    info = {"path": os.path.relpath(deb, ROOT), "bytes": os.path.getsize(deb)}
    for line in fields.splitlines():
        key, _, value = line.partition(":")
        info[key.strip().lower().replace("-", "_")] = value.strip()
    packaged = os.path.join(ROOT, ".build-deb", "stage", "usr", "bin", "weatherd")
    if os.path.exists(packaged):
        info["packaged_binary_bytes"] = os.path.getsize(packaged)
    return info
