"""bench/startup.py — section startup: exec -> READY=1 (the notify datagram's kernel arrival stamp) and
SIGTERM -> exit of `weatherd run`, and `--version` exec -> exit, this build beside BENCH_OLD_COMMIT."""

import os
import statistics
import time

from . import common
from .common import Beside, Server, clean_env, knob
from .configs import checked, default_config, other_contender
from .daemons import Contender, Daemon
from .table import Row, fmt

JOURNALD = True
BESIDE = Beside("BENCH_OLD", "2516b13", "old")
STARTS = knob("BENCH_STARTS", 20)
BUDGET_MS = 20


def run(other):
    """BENCH_STARTS starts per contender, each with a fresh state directory, against a look-alike."""
    contenders = [checked(Contender("weatherd", common.WEATHERD, default_config()))]
    if other:
        contenders.append(other_contender(other, contenders[0].config))
    port_file = os.path.join(common.OUT, "startup.port")
    server = Server("startup", [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic"], port_file)
    result = {"starts": STARTS, "runs": {}}
    try:
        for contender in contenders:
            result["runs"][contender.label] = starts(contender, server.base_url)
    finally:
        server.stop()
    return result


def starts(contender, api_url):
    ready_ms, stop_ms, statuses, killed = [], [], set(), 0
    for _ in range(STARTS):
        daemon = Daemon("startup", contender, api_url, use_cgroup=False)
        try:
            ready_ms.append(daemon.start())
            daemon.stop()
            stop_ms.append(daemon.stop_ms)
            statuses.add(daemon.exit_status)
            killed += daemon.killed
        finally:
            daemon.kill()
            daemon.remove_files()
    # The part of start-up that is not weatherd's own work: exec, the loader, the runtime, argument parsing.
    version_ms = []
    for _ in range(STARTS):
        started = time.monotonic_ns()
        pid = os.posix_spawn(contender.binary, [contender.binary, "--version"], clean_env({}),
                             file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
        os.waitpid(pid, 0)
        version_ms.append((time.monotonic_ns() - started) / 1e6)
    return {
        "exec_to_ready_ms": {"median": statistics.median(ready_ms), "min": min(ready_ms), "max": max(ready_ms),
                             "all": [round(x, 2) for x in ready_ms]},
        "version_exec_to_exit_ms": statistics.median(version_ms),
        "sigterm_to_exit_ms": {"median": statistics.median(stop_ms), "max": max(stop_ms)},
        "exit_statuses": sorted(statuses),
        "killed_after_ignoring_sigterm": killed,
    }


def rows(r):
    out = []
    for label, s in sorted(r["runs"].items(), key=lambda item: item[0] != "weatherd"):
        ready = s["exec_to_ready_ms"]
        if label == "weatherd":
            out.append(Row(f"exec → READY=1 (median of {r['starts']} starts)", fmt(ready["median"], "ms", 1),
                           f"≤ {BUDGET_MS} ms", ready["median"] <= BUDGET_MS))
        else:
            out.append(Row(f"  {label}: exec → READY=1 (median)", fmt(ready["median"], "ms", 1)))
        out.append(Row(f"  {label}: READY min / max; --version exec → exit; SIGTERM → exit",
                       f"{ready['min']:.1f} / {ready['max']:.1f}; {s['version_exec_to_exit_ms']:.1f}; "
                       f"{s['sigterm_to_exit_ms']['median']:.1f} ms"))
        if s["killed_after_ignoring_sigterm"]:
            out.append(Row(f"  WARNING: {s['killed_after_ignoring_sigterm']} starts of {label} ignored SIGTERM for "
                           "10 s and were killed"))
    return out
