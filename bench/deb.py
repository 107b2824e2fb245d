"""bench/deb.py — section deb: the Debian package scripts/build-deb makes, its size, Installed-Size and
Depends."""

import os
import shutil
import subprocess

from .common import OUT, ROOT, BenchError
from .table import MB, Row, fmt

BUDGET_MB = 10


def run(other):
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
    return info


def rows(r):
    value = r["bytes"] / MB
    return [Row(".deb (make deb)", fmt(value, "MB", 1), f"≤ {BUDGET_MB} MB", value <= BUDGET_MB),
            Row("  Installed-Size", f"{int(r.get('installed_size') or 0) / 1024:.1f} MiB"),
            Row(f"  Depends: {r.get('depends', 'n/a')}")]
