"""bench/startup.py — section startup: exec -> READY=1 and SIGTERM -> exit, and `--version` exec -> exit."""

import os
import statistics
import time

from .common import STARTS, clean_env
from .daemons import Daemon


def section_startup(api_url, contenders):
    """exec -> READY=1 on a real notify socket, BENCH_STARTS times per contender, fresh state directory each."""
    result = {"runs": {}}
    for contender in contenders:
        ready_ms, stop_ms, statuses, stuck = [], [], [], []
        for i in range(STARTS):
            daemon = Daemon("startup", contender, api_url, use_cgroup=False)
            try:
                ready_ms.append(daemon.start())
                daemon.stop()
                stop_ms.append(daemon.stop_ms)
                statuses.append(daemon.exit_status)
                if daemon.stuck is not None:
                    stuck.append({"start": i, "ms_since_ready_at_sigterm": daemon.sigterm_after_ready_ms,
                                  **daemon.stuck})
            finally:
                daemon.kill()
                daemon.remove_files()
        # The part of start-up that is not weatherd's own work: exec, the dynamic loader, the Swift
        # runtime's initialisation, argument parsing and exit.
        version_ms = []
        for _ in range(STARTS):
            started = time.monotonic_ns()
            pid = os.posix_spawn(contender.binary, [contender.binary, "--version"], clean_env({}),
                                 file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
            os.waitpid(pid, 0)
            version_ms.append((time.monotonic_ns() - started) / 1e6)
        result["runs"][contender.label] = {
            "version_exec_to_exit_ms": {"median": statistics.median(version_ms), "min": min(version_ms)},
            "starts": len(ready_ms),
            "exec_to_ready_ms": {
                "median": statistics.median(ready_ms),
                "min": min(ready_ms),
                "max": max(ready_ms),
                "first": ready_ms[0],
                "all": [round(x, 2) for x in ready_ms],
            },
            "sigterm_to_exit_ms": {"median": statistics.median(stop_ms), "max": max(stop_ms)},
            "exit_statuses": sorted(set(statuses)),
            "ignored_sigterm": stuck,
        }
    return result
