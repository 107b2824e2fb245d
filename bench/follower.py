"""bench/follower.py — the reader a status bar runs beside the daemon: `weatherd status --follow --format
waybar` on a daemon's state file, in a cgroup of its own, its CPU and context switches sampled."""

import subprocess

from .common import BenchError, clean_env, stop_process
from .sampling import CpuCgroup, ThreadStats


class Follower:
    def __init__(self, binary, config, daemon):
        self.cgroup = CpuCgroup()
        cache = ["--cache-file", daemon.cache_path] if daemon.cache_path else []
        self.proc = subprocess.Popen(
            [binary, "status", "--follow", "--format", "waybar", "--config", config, "--state-file",
             daemon.state_path] + cache,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=clean_env({}))
        if not self.cgroup.add(self.proc.pid):
            self.cgroup = None
        self.threads = ThreadStats(self.proc.pid)

    def sample(self):
        """CPU so far (ns: its cgroup's, else the sum over the threads seen) and context switches so far."""
        if self.proc.poll() is not None:
            raise BenchError(f"status --follow exited with {self.proc.returncode}")
        self.threads.poll()
        switches, sched_ns, _ = self.threads.totals()
        cpu_ns = self.cgroup.usage_ns() if self.cgroup else None
        return {"follower_ns": sched_ns if cpu_ns is None else cpu_ns, "follower_switches": switches}

    def stop(self):
        stop_process(self.proc)
        if self.cgroup:
            self.cgroup.remove()
