"""bench/common.py — what every part of the benchmark shares: paths, the knobs (environment variables,
documented in bench/run.py), the constants of the measurements, logging, the servers the daemons fetch
from, process helpers, and the set-up (private copies of the binaries, the machine's description).

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
import urllib.request

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
OUT = os.path.join(ROOT, ".build", "bench")
WEATHERD = os.environ.get("BENCH_WEATHERD", os.path.join(ROOT, ".build", "release", "weatherd"))
FAKE = os.environ.get("BENCH_FAKE_OPEN_METEO", os.path.join(ROOT, ".build", "release", "fake-open-meteo"))
CLK_TCK = os.sysconf("SC_CLK_TCK")
FORECAST_QUERY = (
    "/v1/forecast?latitude=52.52&longitude=13.41"
    "&current=temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,"
    "weather_code,cloud_cover,wind_speed_10m,wind_direction_10m,wind_gusts_10m"
    "&timeformat=unixtime&timezone=auto&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"
)
CONFIG = os.path.join(ROOT, "etc", "weatherd", "config.yaml")
# Open-Meteo's free tier# Open-Meteo's free tier, the defaults for its public host (weatherd.conf(5)).
PUBLIC_LIMITS = (600, 5000, 10000)
OPEN_METEO_DATA_INTERVAL = 900
# docs/forecast.md: weighted calls a day at the defaults with every part on, at most.
DAY_BUDGET_CALLS = 500
# The simulated UTC day of the real planner (Sources/bench-planner-day).
PLANNER_DAY = os.environ.get("BENCH_PLANNER_DAY", os.path.join(ROOT, ".build", "release", "bench-planner-day"))


def knob(name, default):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


COMPARE_PAIRS = knob("BENCH_COMPARE_PAIRS", 6)
COMPARE_TICKS = knob("BENCH_COMPARE_TICKS", 1500)
COMPARE_WARMUP = knob("BENCH_COMPARE_WARMUP", 200)
REAL_SECONDS = knob("BENCH_REAL_SECONDS", 600)
DATA_INTERVAL = knob("BENCH_DATA_INTERVAL", 60)
STARTS = knob("BENCH_STARTS", 20)
OLD_COMMIT = os.environ.get("BENCH_OLD_COMMIT") or "2516b13"
OLD_WEATHERD = os.environ.get("BENCH_OLD_WEATHERD") or None
OLD_CONFIG = os.environ.get("BENCH_OLD_CONFIG") or "old"
CACHETICK_OLD_COMMIT = os.environ.get("BENCH_CACHETICK_OLD_COMMIT") or "cc5f51e"
CACHETICK_OLD_WEATHERD = os.environ.get("BENCH_CACHETICK_OLD_WEATHERD") or None
CACHETICK_SECONDS = knob("BENCH_CACHETICK_SECONDS", 600)
CACHETICK_EXTRA = knob("BENCH_CACHETICK_EXTRA", 6)
CACHETICK_DATA_INTERVAL = 3600
# The cache-tick budgets: CPU per tick that fetches nothing at most this many times the C program's
# (bench/cachetick.c), as the median of the ratios of three consecutive windows of the run (one window's ratio has
# moved from 1.9 to 3.4 between two runs here); context switches per such tick (all threads) at most this many; the
# resident memory at the end at most this many MiB (memory is in MiB throughout, bench/README.md); `status --follow` at most the daemon's own CPU per tick.
CACHETICK_CPU_RATIO = 2
CACHETICK_WINDOWS = 3
CACHETICK_SWITCHES = 3
CACHETICK_RSS_MIB = 17
SECTIONS = ("sizes", "deb", "old", "plannerday", "startup", "compare", "realtime", "fleet", "cachetick")
SKIP = {s.strip() for s in os.environ.get("BENCH_SKIP", "").split(",") if s.strip()}
ONLY = {s.strip() for s in os.environ.get("BENCH_SECTIONS", "").split(",") if s.strip()}
if ONLY:
    SKIP |= set(SECTIONS) - ONLY
STRICT = os.environ.get("BENCH_STRICT") == "1"
WORKDIR = os.environ.get("BENCH_WORKDIR", os.path.join(OUT, "work"))
# The state file of a weatherd with a durable cache lives in the runtime directory in production (docs/state-file.md
# "Files": /run/weatherd, tmpfs; only cache.json is written to the disk); removed at the end of main().
RUNTIME_DIR = os.environ.get("BENCH_RUNTIME_DIR") or os.path.join("/dev/shm", f"weatherd-bench.{os.getpid()}")
TICK_INTERVAL_NS = 10_000_000
REAL_INTERVAL_S = 10
# What scripts/build-deb does to the binary it packages.
STRIP_ARGS = ["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note"]


class BenchError(Exception):
    pass


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def loadavg():
    return [round(x, 2) for x in os.getloadavg()]


def clean_env(extra):
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "NOTIFY_SOCKET",
            "WATCHDOG_USEC",
            "WATCHDOG_PID",
            "LISTEN_FDS",
            "LISTEN_PID",
            "JOURNAL_STREAM",
            "INVOCATION_ID",
            "STATE_DIRECTORY",
            "RUNTIME_DIRECTORY",
        )
    }
    env.update(extra)
    return env


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

    def get(self, path):
        with urllib.request.urlopen(self.base_url + path, timeout=10) as response:
            return response.read()

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
        "clk_tck": CLK_TCK,
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
