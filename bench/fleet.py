"""bench/fleet.py — the fleet figure: scripts/fleet-e2e (20 weatherd behind the shipped nginx cache against
one alone, three data periods of 60 s, about 4 minutes) run with the benchmark's release binaries, its
checks and its `N passed, N failed` line kept for the table. Nothing happens when the script is not there
(or not executable); BENCH_SKIP=fleet skips it.
"""

import os
import re
import signal
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "fleet-e2e")
TIMEOUT_S = 1800  # about 4 minutes, up to one more waiting for the minute; apt-get install nginx when missing
TOTALS = re.compile(r"^(\d+) passed, (\d+) failed$")
FIGURE = re.compile(r"the fleet's look-alike saw (\d+) forecast requests, the baseline's (\d+)")
KEPT = 12  # lines of its output kept: its checks, its comments (the figure) and the totals


def available():
    return os.path.isfile(SCRIPT) and os.access(SCRIPT, os.X_OK)


def run(weatherd, fake, env, out, log):
    """Runs the script on `weatherd` and `fake`; its output goes to out/fleet-e2e.log. None when there is
    no script; else its exit status, last lines, totals and the fleet's and the baseline's requests."""
    if not available():
        log(f"fleet: no executable {os.path.relpath(SCRIPT, ROOT)}: not run")
        return None
    log_path = os.path.join(out, "fleet-e2e.log")
    env = dict(env, WEATHERD_BINARY=weatherd, FAKE_OPEN_METEO_BINARY=fake)
    started = time.monotonic()
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


def lines(fleet):
    """The table's lines."""
    if not fleet:
        return []
    out = [f"the fleet behind the nginx cache ({fleet['script']}: 20 weatherd vs 1 alone; exit {fleet['exit_status']})"]
    if fleet.get("fleet_over_baseline") is not None:
        out.append(f"  the fleet's look-alike saw {fleet['fleet_upstream_requests']} forecast requests, the lone"
                   f" daemon's {fleet['baseline_requests']}: {fleet['fleet_over_baseline']:.2f}×")
    return out + ["  " + line for line in fleet["lines"]]
