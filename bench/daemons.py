"""bench/daemons.py — the daemon under test: a weatherd binary with its configuration (Contender), one
`weatherd run` process with its files, notify socket, cgroup and thread counts (Daemon), and waiting on
the wall clock while daemons run."""

import json
import os
import shutil
import signal
import subprocess
import time

from .common import OUT, RUNTIME_DIR, TICK_INTERVAL_NS, WORKDIR, BenchError, clean_env, filesystem_of
from .notify import NotifySocket
from .sampling import CpuCgroup, ThreadStats, read_proc


class Contender:
    """A weatherd binary with the configuration it reads."""

    def __init__(self, label, binary, config, refresh=None, clock_offset=0):
        self.label = label
        self.binary = binary
        self.config = config
        # What it does at the real interval: "auto", "every_tick", or None for a daemon without the key.
        self.refresh = refresh
        # How far its look-alike's clock runs ahead of the host's in the real-interval run (s; bench/skew.py).
        self.clock_offset = clock_offset


_run_help = {}


def run_takes(binary, option):
    """Whether `binary run` takes `option` (older builds of the benchmark's comparisons do not)."""
    if binary not in _run_help:
        result = subprocess.run([binary, "run", "--help"], capture_output=True, text=True, timeout=30)
        _run_help[binary] = result.stdout + result.stderr
    return option in _run_help[binary]


def has_cache_file(binary):
    """Whether `binary run` takes --cache-file (a weatherd with the durable cache, docs/state-file.md "Files"); an older
    build writes its state file durably where it is told and has no cache."""
    return run_takes(binary, "--cache-file")


def runtime_dir():
    """RUNTIME_DIR, created; refused unless it is on tmpfs (the state file would be written to a disk)."""
    os.makedirs(RUNTIME_DIR, mode=0o755, exist_ok=True)
    fs = filesystem_of(RUNTIME_DIR)
    if not fs or fs["fstype"] != "tmpfs":
        raise BenchError(f"{RUNTIME_DIR} is on {fs and fs['fstype']}, not tmpfs: set BENCH_RUNTIME_DIR to a "
                         "directory on tmpfs (/dev/shm, /run)")
    return RUNTIME_DIR


def remove_runtime_dir():
    """Removes RUNTIME_DIR when it is ours (a directory given with BENCH_RUNTIME_DIR is left, emptied by the
    daemons' remove_files())."""
    if not os.environ.get("BENCH_RUNTIME_DIR"):
        shutil.rmtree(RUNTIME_DIR, ignore_errors=True)


class Daemon:
    """One `weatherd run` process with its own state directory, notify socket, cgroup and thread counts.

    Its files lie as in production: a weatherd with a durable cache writes the cache into its state
    directory (WORKDIR, a disk) and the state file, rewritten every tick, into a directory of its own on
    tmpfs (RUNTIME_DIR, as /run/weatherd); an older one writes its state file into its state directory."""

    counter = 0

    def __init__(self, label, contender, api_url, log_target="journal", interval="10ms", use_cgroup=True):
        Daemon.counter += 1
        self.label = label
        self.binary = contender.binary
        self.state_dir = os.path.join(WORKDIR, f"{label}-{Daemon.counter}")
        shutil.rmtree(self.state_dir, ignore_errors=True)
        os.makedirs(self.state_dir)
        if has_cache_file(self.binary):
            self.runtime_dir = os.path.join(runtime_dir(), f"{label}-{Daemon.counter}")
            shutil.rmtree(self.runtime_dir, ignore_errors=True)
            os.makedirs(self.runtime_dir)
            self.state_path = os.path.join(self.runtime_dir, "state.json")
            self.cache_path = os.path.join(self.state_dir, "cache.json")
            files = ["--state-file", self.state_path, "--cache-file", self.cache_path]
        else:
            self.runtime_dir = None
            self.state_path = os.path.join(self.state_dir, "state.json")
            self.cache_path = None
            files = ["--state-file", self.state_path]
        self.stderr_path = None if log_target == "stderr" else os.path.join(OUT, f"{label}.stderr")
        self.argv = [
            self.binary,
            "run",
            "--config",
            contender.config,
            *files,
            "--api-url",
            api_url,
            # The alert sources at the look-alike too (its all-clears): never the real services.
            *(["--alerts-url", api_url] if run_takes(self.binary, "--alerts-url") else []),
            "--interval",
            interval,
            "--log-target",
            log_target,
        ]
        self.notify = NotifySocket()
        self.cgroup = CpuCgroup() if use_cgroup else None
        self.threads = None
        self.last_poll = 0.0
        self.pid = None
        self.exec_ns = None
        self.ready_ns = None
        self.ready_wall = None
        self.rusage = None
        self.exit_status = None
        self.stop_ms = None
        self.stuck = None
        self.sigterm_after_ready_ms = None

    def start(self):
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
            (
                os.POSIX_SPAWN_OPEN,
                2,
                self.stderr_path or "/dev/null",
                os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                0o644,
            ),
        ]
        env = clean_env({"NOTIFY_SOCKET": self.notify.path})
        self.exec_ns = time.monotonic_ns()
        self.pid = os.posix_spawn(self.binary, self.argv, env, file_actions=actions)
        if self.cgroup and not self.cgroup.add(self.pid):
            self.cgroup = None
        self.threads = ThreadStats(self.pid)
        self.ready_ns = self.notify.wait_ready(30, pid=self.pid)
        self.ready_wall = time.time() - (time.monotonic_ns() - self.ready_ns) / 1e9
        self.notify.start_draining()
        self.threads.poll()
        return (self.ready_ns - self.exec_ns) / 1e6

    def poll_threads(self, every=0.5):
        now = time.monotonic()
        if now - self.last_poll >= every:
            self.last_poll = now
            self.threads.poll()

    def sample(self):
        self.threads.poll()
        self.last_poll = time.monotonic()
        s = read_proc(self.pid)
        s["switches"], s["sched_ns"], s["threads_seen"] = self.threads.totals()
        s["cg_ns"] = self.cgroup.usage_ns() if self.cgroup else None
        s["t_ns"] = time.monotonic_ns()
        s["wall"] = time.time()
        daemon = self.state()["daemon"]
        s["ticks"] = daemon["ticks"]
        s["fetches"] = daemon.get("fetches_ok", 0) + daemon.get("fetches_failed", 0)
        s["fetches_failed"] = daemon.get("fetches_failed", 0)
        s["quota"] = daemon.get("quota")
        return s

    def state(self):
        for _ in range(50):
            try:
                with open(self.state_path) as f:
                    return json.load(f)
            except (FileNotFoundError, json.JSONDecodeError):
                time.sleep(0.01)
        raise BenchError(f"cannot read {self.state_path}")

    def alive(self):
        done, _ = os.waitpid(self.pid, os.WNOHANG) if self.exit_status is None else (self.pid, 0)
        return done == 0

    def wait_ticks(self, target, poll=0.02):
        """Waits until the state file shows `target` ticks; the sample taken then."""
        timeout = 30 + 3 * target * TICK_INTERVAL_NS / 1e9
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            state = self.state()
            if state["daemon"]["ticks"] >= target:
                return self.sample()
            if not self.alive():
                raise BenchError(f"{self.label}: weatherd exited at tick {state['daemon']['ticks']}")
            self.poll_threads()
            time.sleep(poll)
        raise BenchError(f"{self.label}: tick {target} not reached in {timeout:.0f} s")

    def stop(self):
        """SIGTERM, wait; records exit status, stop time and the rusage of the whole life."""
        if self.exit_status is not None:
            return
        self.threads.poll()
        sent = time.monotonic_ns()
        os.kill(self.pid, signal.SIGTERM)
        self.sigterm_after_ready_ms = (sent - self.ready_ns) / 1e6 if self.ready_ns else None
        end = time.monotonic() + 10
        while True:
            pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > end:
                self.stuck = stuck_diagnostics(self.pid)
                os.kill(self.pid, signal.SIGKILL)
                pid, status, rusage = os.wait4(self.pid, 0)
                break
            time.sleep(0.002)
        self.stop_ms = (time.monotonic_ns() - sent) / 1e6
        self.exit_status = os.waitstatus_to_exitcode(status)
        self.rusage = rusage
        self.notify.close()
        if self.cgroup:
            self.cgroup.remove()

    def remove_files(self):
        """Removes its state directory and its directory on tmpfs."""
        shutil.rmtree(self.state_dir, ignore_errors=True)
        if self.runtime_dir:
            shutil.rmtree(self.runtime_dir, ignore_errors=True)

    def kill(self):
        if self.pid and self.exit_status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.exit_status = -9
            self.notify.close()
            if self.cgroup:
                self.cgroup.remove()

    def life(self):
        """What the whole life cost, from wait4's rusage (start-up and shutdown included)."""
        if self.rusage is None:
            return None
        return {
            "cpu_ms": (self.rusage.ru_utime + self.rusage.ru_stime) * 1e3,
            "context_switches": self.rusage.ru_nvcsw + self.rusage.ru_nivcsw,
            "maxrss_kb": self.rusage.ru_maxrss,
        }


def stuck_diagnostics(pid):
    """What a process that ignored SIGTERM for 10 s looks like: signal masks and every thread's state."""
    info = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key = line.split(":", 1)[0]
                if key in ("SigQ", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt", "Threads"):
                    info[key] = line.split(":", 1)[1].strip()
        threads = {}
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    stat = f.read()
                with open(f"/proc/{pid}/task/{tid}/wchan") as f:
                    wchan = f.read().strip()
                with open(f"/proc/{pid}/task/{tid}/status") as f:
                    masks = {line.split(":")[0]: line.split(":", 1)[1].strip() for line in f
                             if line.startswith(("SigPnd", "SigBlk"))}
                name = stat[stat.index("(") + 1 : stat.rindex(")")]
                threads[tid] = {"name": name, "state": stat[stat.rindex(")") + 2], "wchan": wchan, **masks}
            except OSError:
                continue
        info["threads"] = threads
    except OSError as error:
        info["error"] = str(error)
    return info


def wait_wall(target, daemons, progress=None):
    """Sleeps until the wall clock reads `target`, polling the daemons' threads and checking they live."""
    last_report = time.monotonic()
    while True:
        now = time.time()
        if now >= target:
            return
        for daemon in daemons:
            if not daemon.alive():
                raise BenchError(f"{daemon.label}: weatherd exited")
            daemon.poll_threads()
        if progress and time.monotonic() - last_report >= 60:
            last_report = time.monotonic()
            progress(target - now)
        time.sleep(min(0.5, target - now))
