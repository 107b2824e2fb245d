"""bench/fleet.py — section fleet: scripts/fleet-e2e (20 weatherd behind the shipped nginx cache against one
alone, three data periods of 60 s, about 4 minutes) run with the benchmark's release binaries; the requests
the API saw from the fleet against the lone daemon's, and the script's checks."""

import os
import re
import signal
import subprocess
import time

from . import common
from .common import OUT, ROOT, clean_env, log
from .table import Row

SCRIPT = os.path.join(ROOT, "scripts", "fleet-e2e")
TIMEOUT_S = 1800  # about 4 minutes, up to one more waiting for the minute; apt-get install nginx when missing
TOTALS = re.compile(r"^(\d+) passed, (\d+) failed$")
FIGURE = re.compile(r"the fleet's look-alike saw (\d+) forecast requests, the baseline's (\d+)")
KEPT = 12  # lines of its output kept: its checks, its comments (the figure) and the totals
BUDGET = 1.2  # scripts/fleet-e2e's MAX_RATIO


def run(other):
    """Runs the script on the benchmark's binaries; its output goes to .build/bench/fleet-e2e.log. Its exit
    status, last lines, totals and the fleet's and the lone daemon's requests."""
    if not (os.path.isfile(SCRIPT) and os.access(SCRIPT, os.X_OK)):
        raise RuntimeError(f"no executable {os.path.relpath(SCRIPT, ROOT)}")
    log_path = os.path.join(OUT, "fleet-e2e.log")
    env = clean_env({"WEATHERD_BINARY": common.WEATHERD, "FAKE_OPEN_METEO_BINARY": common.FAKE})
    started = time.monotonic()
    log(f"fleet: {os.path.relpath(SCRIPT, ROOT)}, output in {os.path.relpath(log_path, ROOT)}")
    with open(log_path, "w") as output:
        proc = subprocess.Popen([SCRIPT], stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                env=env, cwd=ROOT)
        try:
            status = proc.wait(timeout=TIMEOUT_S)
        finally:
            if proc.poll() is None:
                # SIGINT unwinds its `finally`, which stops its daemons, nginx and look-alikes.
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    with open(log_path) as f:
        lines = [line.rstrip() for line in f if line.strip()]
    totals = next((TOTALS.match(line) for line in reversed(lines) if TOTALS.match(line)), None)
    figure = next((FIGURE.search(line) for line in reversed(lines) if FIGURE.search(line)), None)
    kept = [line for line in lines if line.startswith(("ok ", "not ok ", "# ")) or TOTALS.match(line)]
    result = {
        "script": os.path.relpath(SCRIPT, ROOT),
        "exit_status": status,
        "seconds": round(time.monotonic() - started, 1),
        "log": os.path.relpath(log_path, ROOT),
        "lines": kept[-KEPT:],
        "passed": int(totals.group(1)) if totals else None,
        "failed": int(totals.group(2)) if totals else None,
    }
    if figure:
        result["fleet_upstream_requests"] = int(figure.group(1))
        result["baseline_requests"] = int(figure.group(2))
        if result["baseline_requests"]:
            result["fleet_over_baseline"] = result["fleet_upstream_requests"] / result["baseline_requests"]
    if totals is None and not any(line.startswith("ok - # SKIP") for line in lines):
        raise RuntimeError(f"{result['script']} exited {status} without its `N passed, N failed` line "
                           f"(see {log_path}): " + " | ".join(lines[-3:]))
    return result


def rows(r):
    out = []
    if r.get("fleet_over_baseline") is not None:
        ratio = r["fleet_over_baseline"]
        out.append(Row("a fleet of 20 behind the nginx cache: API requests ÷ one daemon's",
                       f"{r['fleet_upstream_requests']} / {r['baseline_requests']} = {ratio:.2f} ×", f"≤ {BUDGET} ×",
                       ratio <= BUDGET))
    if r["failed"] is not None:
        out.append(Row(f"  {r['script']}: checks passed / failed", f"{r['passed']} / {r['failed']}", "0 failed",
                       r["failed"] == 0))
    return out + [Row("  " + line) for line in r["lines"] if line.startswith(("not ok", "ok - # SKIP"))]
