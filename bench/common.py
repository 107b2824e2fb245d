"""bench/common.py — what every part of the benchmark shares: paths, the shared knobs (environment variables,
documented in bench/run.py; a section's own knobs live in its module), logging, the servers the daemons
fetch from, process helpers, and the set-up (private copies of the binaries, the machine's description).

WEATHERD, FAKE and PLANNER_DAY are replaced by private copies when the run starts (bench/run.py's main):
read them as `common.WEATHERD` at the time of use, never `from .common import WEATHERD`.
"""

import os
import platform
import shutil
import signal
import subprocess
import sys
import time
from collections import namedtuple

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
OUT = os.path.join(ROOT, ".build", "bench")
WEATHERD = os.environ.get("BENCH_WEATHERD", os.path.join(ROOT, ".build", "release", "weatherd"))
FAKE = os.environ.get("BENCH_FAKE_OPEN_METEO", os.path.join(ROOT, ".build", "release", "fake-open-meteo"))
# The simulated UTC day of the real planner (Sources/bench-planner-day).
PLANNER_DAY = os.environ.get("BENCH_PLANNER_DAY", os.path.join(ROOT, ".build", "release", "bench-planner-day"))


def knob(name, default):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


WORKDIR = os.environ.get("BENCH_WORKDIR", os.path.join(OUT, "work"))
# The state file of a weatherd with a durable cache lives in the runtime directory in production (docs/state-file.md
# "Files": /run/weatherd, tmpfs; only cache.json is written to the disk); removed at the end of the run.
RUNTIME_DIR = os.environ.get("BENCH_RUNTIME_DIR") or os.path.join("/dev/shm", f"weatherd-bench.{os.getpid()}")
# The daemon's real tick interval, and Open-Meteo's data interval (its `current.interval`).
REAL_INTERVAL_S = 10
OPEN_METEO_DATA_INTERVAL = 900
# Open-Meteo's free tier, the defaults for its public host (weatherd.conf(5)): per minute, hour and day.
PUBLIC_LIMITS = (600, 5000, 10000)


class Beside(namedtuple("Beside", "knob commit config")):
    """What a section measures beside this build: the release weatherd of `commit`, reading configuration
    `config` (`old` or `new`, as in Other). KNOB_COMMIT names another commit, KNOB_WEATHERD a ready binary
    instead (`other`), KNOB_CONFIG the configuration it reads."""


class Other(namedtuple("Other", "label binary config")):
    """The release weatherd of another commit beside this build (a section's BESIDE, built by bench/run.py):
    its label (the short hash, or `other` for a binary given by hand), its path, and the configuration it
    reads: `old` (no `refresh` or `limits` keys) or `new` (this tree's)."""


class BenchError(Exception):
    pass


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def loadavg():
    return [round(x, 2) for x in os.getloadavg()]


# What systemd hands a service: a process under test gets only what the benchmark gives it.
SERVICE_VARIABLES = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "JOURNAL_STREAM",
                     "INVOCATION_ID", "STATE_DIRECTORY", "RUNTIME_DIRECTORY")


def clean_env(extra):
    """This process's environment without systemd's service variables, with `extra`."""
    return {**{k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}, **extra}


class Server:
    def __init__(self, label, argv, port_file):
        self.label = label
        self.port_file = port_file
        if os.path.exists(port_file):
            os.unlink(port_file)
        self.log_path = os.path.join(OUT, f"{label}.log")
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        end = time.monotonic() + 30
        while not os.path.exists(port_file):
            if self.proc.poll() is not None or time.monotonic() > end:
                raise BenchError(f"{label} did not start (see {self.log_path})")
            time.sleep(0.02)
        with open(port_file) as f:
            self.port = int(f.read().strip())
        self.base_url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        stop_process(self.proc)
        self.log.close()


def stop_process(proc, sig=signal.SIGTERM):
    """Sends `sig` to a running `proc` and waits up to 10 s for it to end, then kills it."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def snapshot(source, name):
    """A private copy of a binary under test, so a rebuild by someone else during the run changes nothing."""
    directory = os.path.join(OUT, "bin")
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, name)
    shutil.copy2(source, target)
    return target


def git(*args):
    try:
        return subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True, timeout=10).stdout.strip()
    except OSError:
        return None


def filesystem_of(path):
    """(fstype, source, mount point) of the mount holding `path`."""
    path = os.path.realpath(path)
    best = None
    with open("/proc/self/mountinfo") as f:
        for line in f:
            parts = line.split()
            mount_point = parts[4]
            sep = parts.index("-")
            fstype, source = parts[sep + 1], parts[sep + 2]
            if path == mount_point or path.startswith(mount_point.rstrip("/") + "/") or mount_point == "/":
                if best is None or len(mount_point) >= len(best[2]):
                    best = (fstype, source, mount_point)
    return {"fstype": best[0], "source": best[1], "mount_point": best[2]} if best else None


def machine_info():
    info = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "kernel": platform.release(),
        "cpus": os.cpu_count(),
        "loadavg_start": loadavg(),
    }
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu_model"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/uptime") as f:
            info["uptime_s"] = float(f.read().split()[0])
    except OSError:
        pass
    info["workdir_fs"] = filesystem_of(WORKDIR)
    info["runtime_dir"] = RUNTIME_DIR
    info["weatherd"] = WEATHERD
    try:
        info["weatherd_version"] = subprocess.run(
            [WEATHERD, "--version"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except OSError:
        pass
    info["git"] = git("describe", "--always", "--dirty")
    return info
