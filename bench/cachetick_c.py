"""bench/cachetick_c.py — the C program of a cache tick (bench/cachetick.c): built, and the bytes of a real
cache tick it replays (this build's last cache-tick journal entry, its state file, its STATUS= line)."""

import json
import os
import shutil
import subprocess

from .common import BENCH_DIR, OUT, BenchError


def build():
    binary = os.path.join(OUT, "bin", "cachetick")
    os.makedirs(os.path.dirname(binary), exist_ok=True)
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise BenchError("no C compiler for bench/cachetick.c")
    result = subprocess.run([cc, "-O2", "-Wall", "-o", binary, os.path.join(BENCH_DIR, "cachetick.c"), "-lsystemd"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BenchError("bench/cachetick.c: " + result.stderr.strip()[-500:])
    return binary


def last_journal_entry(pid, path):
    """The latest `WEATHER_SOURCE=cache` entry of `pid` (a cache tick's), written to `path` as one
    FIELD=value a line without the fields journald adds itself (`_…`, `__…`); returns (fields, payload bytes)."""
    result = subprocess.run(["journalctl", "-q", "--no-pager", "-o", "json", "-n", "20", f"_PID={pid}",
                             "WEATHER_SOURCE=cache"], capture_output=True, text=True, timeout=60)
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    if not lines:
        raise BenchError(f"no WEATHER_SOURCE=cache entry of pid {pid} in the journal")
    entry = json.loads(lines[-1])
    fields = [f"{k}={v}" for k, v in sorted(entry.items())
              if not k.startswith("_") and isinstance(v, str) and "\n" not in v]
    with open(path, "w") as f:
        f.write("\n".join(fields) + "\n")
    return len(fields), sum(len(x.encode()) for x in fields)
