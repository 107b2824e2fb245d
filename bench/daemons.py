"""bench/daemons.py — the daemon under test: a weatherd binary with its configuration (Contender), one
`weatherd run` process with its files, notify socket, cgroup and thread counts (Daemon), and waiting on
the wall clock while daemons run."""

import json
import os
import shutil
import signal
import subprocess
import time

from .common import OUT, RUNTIME_DIR, WORKDIR, BenchError, clean_env, filesystem_of
from .notify import NotifySocket
from .sampling import CpuCgroup, ThreadStats, read_proc


class Contender:
    """A weatherd binary with the configuration it reads."""

    def __init__(self, label, binary, config):
        self.label = label
        self.binary = binary
        self.config = config


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

    def __init__(self, label, contender, api_url, interval="10ms", use_cgroup=True):
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
        self.stderr_path = os.path.join(OUT, f"{label}.stderr")
        self.interval_s = float(interval[:-2]) / 1000 if interval.endswith("ms") else float(interval[:-1])
        # The alert sources, MET Norway and the air quality API at the look-alike too (where the binary takes
        # them): never the real services.
        others = [argument for option in ("--alerts-url", "--met-norway-url", "--air-quality-url")
                  if run_takes(self.binary, option) for argument in (option, api_url)]
        self.argv = [self.binary, "run", "--config", contender.config, *files, "--api-url", api_url, *others,
                     "--interval", interval, "--log-target", "journal"]
        self.notify = NotifySocket()
        self.cgroup = CpuCgroup() if use_cgroup else None
        self.threads = None
        self.last_poll = 0.0
        self.pid = None
        self.exec_ns = None
        self.ready_ns = None
        self.ready_wall = None
        self.exit_status = None
        self.stop_ms = None
        self.killed = False

    def start(self):
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, self.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
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
        timeout = 30 + 3 * target * self.interval_s
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
        """SIGTERM, wait (SIGKILL after 10 s); records the exit status and how long the stop took."""
        if self.exit_status is not None:
            return
        self.threads.poll()
        sent = time.monotonic_ns()
        os.kill(self.pid, signal.SIGTERM)
        end = time.monotonic() + 10
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > end:
                self.killed = True
                os.kill(self.pid, signal.SIGKILL)
                pid, status = os.waitpid(self.pid, 0)
                break
            time.sleep(0.002)
        self.stop_ms = (time.monotonic_ns() - sent) / 1e6
        self.exit_status = os.waitstatus_to_exitcode(status)
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
