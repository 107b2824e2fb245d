"""bench/floors.py — section floors: the system calls of one tick in C (bench/floor.c), paced at 10 ms."""

import json
import os
import shutil
import subprocess

from .common import BENCH_DIR, FLOOR_N, FORECAST_QUERY, OUT, TICK_INTERVAL_NS, WORKDIR, BenchError, log
from .notify import NotifySocket


def build_floor():
    binary = os.path.join(OUT, "bin", "floor")
    os.makedirs(os.path.dirname(binary), exist_ok=True)
    source = os.path.join(BENCH_DIR, "floor.c")
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise BenchError("no C compiler for bench/floor.c")
    with_systemd = [cc, "-O2", "-Wall", "-DWITH_SYSTEMD", "-o", binary, source, "-lsystemd"]
    result = subprocess.run(with_systemd, capture_output=True, text=True)
    if result.returncode != 0:
        log("floor.c: building without libsystemd (journal/notify floors unavailable): " + result.stderr.strip())
        subprocess.run([cc, "-O2", "-Wall", "-o", binary, source], check=True)
        return binary, False
    return binary, True


def run_floor(binary, args):
    result = subprocess.run([binary] + args, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise BenchError(f"floor {' '.join(args)}: {result.stderr.strip()}")
    return json.loads(result.stdout)


def section_floors(binary, with_systemd, server):
    floor_dir = os.path.join(WORKDIR, "floor")
    os.makedirs(floor_dir, exist_ok=True)
    http = ["--http", "--port", str(server.port), "--path", FORECAST_QUERY]
    paced = ["--n", str(FLOOR_N), "--interval-us", str(TICK_INTERVAL_NS // 1000)]
    short = ["--n", str(max(FLOOR_N // 3, 50)), "--interval-us", str(TICK_INTERVAL_NS // 1000)]
    floors = {}
    floors["wake_only"] = run_floor(binary, ["--idle"] + paced)
    floors["http_keepalive_get"] = run_floor(binary, http + paced)
    floors["state_write_durable"] = run_floor(binary, ["--state", "--dir", floor_dir] + paced)
    for mode in ("file", "none"):
        floors[f"state_write_sync_{mode}"] = run_floor(
            binary, ["--state", "--dir", floor_dir, "--sync", mode] + short
        )
    if with_systemd:
        floors["journal_entry"] = run_floor(binary, ["--journal"] + paced)
        notify = NotifySocket()
        notify.start_draining()
        try:
            env = dict(os.environ, NOTIFY_SOCKET=notify.path)
            result = subprocess.run(
                [binary, "--notify"] + paced, capture_output=True, text=True, env=env, timeout=600
            )
            floors["sd_notify_status"] = json.loads(result.stdout)
            result = subprocess.run(
                [binary, "--state", "--dir", floor_dir, "--journal", "--notify"] + http + paced,
                capture_output=True,
                text=True,
                env=env,
                timeout=600,
            )
            floors["whole_tick_in_c"] = json.loads(result.stdout)
        finally:
            notify.close()
    shutil.rmtree(floor_dir, ignore_errors=True)
    return floors
