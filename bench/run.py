#!/usr/bin/env python3
"""bench/run.py — what weatherd costs, measured side by side in one run.

Runs the real release `weatherd run` against loopback Open-Meteo look-alikes, and prints ONE table
(also written as JSON to .build/bench/results.json). Run it through `make bench`, which builds the
release binaries and starts this script inside a private journald (scripts/with-journald). The
reasoning behind each figure is in bench/README.md.

What is measured:
  * weighted calls a day at the defaults with every forecast part on (docs/forecast.md, at most 500): the real
    planner through a simulated UTC day (bench-planner-day, 8,640 ticks), each request it plans sent to
    a `fake-open-meteo --request-log` and weighed there, beside the planner's own count;
  * requests per day at the default configuration (4 locations, 10 s, refresh: auto): a run of
    BENCH_REAL_SECONDS (600) at the real 10 s interval against `fake-open-meteo --data-interval 60
    --request-log`, requests counted per location and data period and scaled to Open-Meteo's 900 s,
    weighted calls a day from each request's weight in the log (the hours and the days by docs/forecast.md's slots);
    in the same run and window, the same binary with `refresh: every_tick` and the old commit (both
    fetch at every tick), each against its own look-alike, and the default configuration again against
    look-alikes whose clock runs 4 minutes ahead of the host's and behind it (bench/skew.py);
  * from the same run: CPU per hour (cgroup, ns; /proc/<pid>/task/*/schedstat beside it) and
    context switches per tick (all threads, also the ones that came and went);
  * per-fetch CPU at --interval 10ms with `refresh: every_tick` and no limits, this build beside the
    old commit (BENCH_OLD_COMMIT, built here in .build/bench/old/), alternating old/new, against one
    server answering one current-only body;
  * footprint: the stripped release binary (stripped as scripts/build-deb strips it), what takes its
    room (`size -A`, `nm --size-sort` by module), the .deb (scripts/build-deb), VmRSS after start,
    1,000 and 10,000 ticks at 10 ms (every tick fetches) and the Python baseline's after as many
    fetches, exec -> READY=1;
  * the figures of the earlier benchmark, without verdicts where their budgets were retired: CPU
    per tick at 10 ms, the journal's share, the paced C floor of a tick's system calls, tick timing,
    the shell and Python baselines;
  * the cache-tick budgets (section cachetick): CPU, context switches (all threads), clone calls (perf),
    write_bytes (/proc/PID/io) per tick that fetches nothing, journald's bytes per tick and RSS at the end,
    this build beside CACHETICK_OLD_COMMIT and bench/cachetick.c (the same tick in C), at the real 10 s
    interval against `fake-open-meteo --data-interval 3600`, with a `weatherd status --follow` reading the
    state file (its CPU per tick too), over BENCH_CACHETICK_SECONDS of ticks in one window;
  * the fleet figure: scripts/fleet-e2e (20 daemons behind the nginx cache against 1 alone), when it is
    there (bench/fleet.py).

Environment knobs (defaults in brackets):
  BENCH_TICKS [10000]          ticks of the main 10 ms run (RSS after start, BENCH_RSS_MID, BENCH_TICKS)
  BENCH_RSS_MID [1000]         the middle RSS sample; the CPU window is BENCH_RSS_MID -> BENCH_TICKS
  BENCH_COMPARE_PAIRS [4]      old/new run pairs for per-fetch CPU, alternating order
  BENCH_COMPARE_TICKS [1500]   window of each of those runs (after BENCH_COMPARE_WARMUP [200])
  BENCH_SPLIT_TICKS [1500]     window of each journal/stderr pair run and of the fake-open-meteo
                               run (after BENCH_SPLIT_WARMUP [200]); BENCH_SPLIT_PAIRS [3] pairs
  BENCH_REAL_SECONDS [600]     the measured window at the real 10 s interval (whole data periods)
  BENCH_DATA_INTERVAL [60]     the look-alike's data interval in that run (seconds)
  BENCH_STARTS [20]            starts for exec -> READY
  BENCH_SHELL_N [300]          shell-loop fetches
  BENCH_PYTHON_N [10000]       Python loop fetches on the 10 ms grid (RSS after 1,000 and N)
  BENCH_PYTHON_B2B_N [2000]    the same loop back to back
  BENCH_FLOOR_N [1000]         iterations of each C floor (paced at 10 ms)
  BENCH_OLD_COMMIT [2516b13]   the commit built for the side-by-side rows
  BENCH_OLD_WEATHERD           a binary to use instead of building BENCH_OLD_COMMIT (e.g. another
                               build of this tree), with BENCH_OLD_CONFIG=old|new [old]: which
                               configuration it reads (old: no refresh/limits keys)
  BENCH_PLANNER_DAY            the simulated-day binary [.build/release/bench-planner-day]
  BENCH_SKIP                   comma list of sections to skip: sizes, deb, old, plannerday, startup, main,
                               compare, stderr, crosscheck, realtime, floors, shell, python, fleet,
                               cachetick;
                               skew: the real-interval run without its two skewed daemons
  BENCH_SECTIONS               comma list of the only sections to run (e.g. realtime): the others skipped
  BENCH_WORKDIR                where the daemons' caches (and an older daemon's state file) go
                               [.build/bench/work]; must be a real disk
  BENCH_RUNTIME_DIR            where the state files of daemons with a cache go, rewritten every tick
                               as in /run/weatherd [/dev/shm/weatherd-bench.PID]; must be tmpfs
  BENCH_CACHETICK_SECONDS [600] the cache-tick window at the real 10 s interval (its ticks; up to
                               BENCH_CACHETICK_EXTRA [6] more when fetch ticks fell in it)
  BENCH_CACHETICK_OLD_COMMIT [cc5f51e]  the commit beside this build in the cache-tick section (built like
                               BENCH_OLD_COMMIT); BENCH_CACHETICK_OLD_WEATHERD: a binary to use instead
  BENCH_STRICT=1               exit 1 when a target is missed (default: exit 0)
"""

import json
import math
import os
import platform
import re
import resource
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)

import fleet  # noqa: E402
import old_build  # noqa: E402
import skew  # noqa: E402
import wmo  # noqa: E402

OUT = os.path.join(ROOT, ".build", "bench")
WEATHERD = os.environ.get("BENCH_WEATHERD", os.path.join(ROOT, ".build", "release", "weatherd"))
FAKE = os.environ.get("BENCH_FAKE_OPEN_METEO", os.path.join(ROOT, ".build", "release", "fake-open-meteo"))
CLK_TCK = os.sysconf("SC_CLK_TCK")
WEATHER_MESSAGE_ID = "1e8127529db14a988ec40952865c732b"
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
# docs/forecast.md "Requests": the forecast blocks ride on a location's current-weather requests: the nowcast
# (`minutely_15=`) on every one, the hours (`hourly=`) on its first in each UTC hour, the days (`daily=`) on
# its first in each 6-hour UTC slot and on the first after its local date changed: 4 a day, 5 where the
# local midnight is not a slot's start.
HOURS_PER_LOCATION_DAY = 24
DAY_SLOTS_PER_DAY = 4
DAY_SLOT_S = 6 * 3600
# The default locations' offsets from UTC in November, by `latitude,longitude` as the request log has them
# (bench-planner-day simulates the same): the local date changes at 23:00 UTC in Berlin, 00:00 in London (a
# slot's start), 05:00 in New York and 15:00 in Tokyo, so 5 + 4 + 5 + 5 = 19 daily blocks a day. The
# look-alike answers every place at UTC+0, so a run against it cannot show this part.
DEFAULT_UTC_OFFSETS = {"52.52,13.41": 3600, "51.5074,-0.1278": 0, "40.7128,-74.006": -5 * 3600,
                       "35.6895,139.6917": 9 * 3600}
# docs/forecast.md: weighted calls a day at the defaults with every part on, at most.
DAY_BUDGET_CALLS = 500
# The simulated UTC day of the real planner (Sources/bench-planner-day).
PLANNER_DAY = os.environ.get("BENCH_PLANNER_DAY", os.path.join(ROOT, ".build", "release", "bench-planner-day"))


def knob(name, default):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


TICKS = knob("BENCH_TICKS", 10000)
RSS_MID = knob("BENCH_RSS_MID", 1000)
COMPARE_PAIRS = knob("BENCH_COMPARE_PAIRS", 4)
COMPARE_TICKS = knob("BENCH_COMPARE_TICKS", 1500)
COMPARE_WARMUP = knob("BENCH_COMPARE_WARMUP", 200)
SPLIT_TICKS = knob("BENCH_SPLIT_TICKS", 1500)
SPLIT_WARMUP = knob("BENCH_SPLIT_WARMUP", 200)
SPLIT_PAIRS = knob("BENCH_SPLIT_PAIRS", 3)
REAL_SECONDS = knob("BENCH_REAL_SECONDS", 600)
DATA_INTERVAL = knob("BENCH_DATA_INTERVAL", 60)
STARTS = knob("BENCH_STARTS", 20)
SHELL_N = knob("BENCH_SHELL_N", 300)
PYTHON_N = knob("BENCH_PYTHON_N", 10000)
PYTHON_B2B_N = knob("BENCH_PYTHON_B2B_N", 2000)
FLOOR_N = knob("BENCH_FLOOR_N", 1000)
OLD_COMMIT = os.environ.get("BENCH_OLD_COMMIT") or "2516b13"
OLD_WEATHERD = os.environ.get("BENCH_OLD_WEATHERD") or None
OLD_CONFIG = os.environ.get("BENCH_OLD_CONFIG") or "old"
CACHETICK_OLD_COMMIT = os.environ.get("BENCH_CACHETICK_OLD_COMMIT") or "cc5f51e"
CACHETICK_OLD_WEATHERD = os.environ.get("BENCH_CACHETICK_OLD_WEATHERD") or None
CACHETICK_SECONDS = knob("BENCH_CACHETICK_SECONDS", 600)
CACHETICK_EXTRA = knob("BENCH_CACHETICK_EXTRA", 6)
CACHETICK_DATA_INTERVAL = 3600
# The cache-tick budgets of the "one loop" issue: CPU per tick that fetches nothing at most this many times the
# C program's (bench/cachetick.c), context switches per such tick (all threads) at most this many.
CACHETICK_CPU_RATIO = 3
CACHETICK_SWITCHES = 6
SECTIONS = ("sizes", "deb", "old", "plannerday", "startup", "main", "compare", "stderr", "crosscheck", "realtime",
            "floors", "shell", "python", "fleet", "cachetick")
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


# --------------------------------------------------------------------------
# /proc and cgroup sampling


def read_proc(pid):
    """CPU (clock ticks), RSS and threads of `pid` right now."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        with open(f"/proc/{pid}/status") as f:
            status = f.read()
    except (FileNotFoundError, ProcessLookupError):
        raise BenchError(f"process {pid} is gone")
    fields = stat[stat.rindex(")") + 2 :].split()
    # fields[0] is field 3 (state) of proc(5): utime is field 14, stime 15.
    sample = {"utime": int(fields[11]), "stime": int(fields[12])}
    for line in status.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile", "VmHWM"):
            sample[key] = int(value.split()[0])
        elif key == "Threads":
            sample[key] = int(value)
    sample["cpu_ticks"] = sample["utime"] + sample["stime"]
    return sample


class ThreadStats:
    """Context switches (voluntary + involuntary, /proc/<pid>/task/<tid>/status) and run time
    (/proc/<pid>/task/<tid>/schedstat, ns) of every thread of a process, kept for threads that have
    exited since they were last seen: weatherd's Dispatch workers come and go (at 10 s, two per tick,
    each gone about 5 s later), so a sum over the threads alive at two instants would lose theirs.
    `poll()` often enough (the harness does every 0.5 s) and a thread is lost only if it lived less."""

    def __init__(self, pid):
        self.pid = pid
        self.last = {}

    def poll(self):
        try:
            tids = os.listdir(f"/proc/{self.pid}/task")
        except OSError:
            return
        for tid in tids:
            try:
                switches = 0
                with open(f"/proc/{self.pid}/task/{tid}/status") as f:
                    for line in f:
                        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                            switches += int(line.split(":", 1)[1])
                with open(f"/proc/{self.pid}/task/{tid}/schedstat") as f:
                    run_ns = int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                continue
            self.last[tid] = (switches, run_ns)

    def totals(self):
        """(context switches, run ns, threads ever seen) over every thread seen so far."""
        return (sum(v[0] for v in self.last.values()), sum(v[1] for v in self.last.values()), len(self.last))


def count_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def fd_kinds(pid):
    kinds = {}
    try:
        for name in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{name}")
            except OSError:
                continue
            kind = target.split(":")[0] if ":" in target and not target.startswith("/") else (
                "/dev/null" if target == "/dev/null" else "file"
            )
            kinds[kind] = kinds.get(kind, 0) + 1
    except OSError:
        pass
    return kinds


def rss_by_mapping(pid, top=12):
    """Resident KB per mapped file and permissions (`weatherd r-xp` is its code; [anon], [heap], [stack]),
    with the part of it that is anonymous (a file's private pages written to: relocated data, .bss) and
    its Pss, from /proc/<pid>/smaps, largest first."""
    totals = {}
    current = None
    fields = {"Rss:": "rss_kb", "Pss:": "pss_kb", "Anonymous:": "anonymous_kb"}
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                first = line.split(None, 1)[0]
                if "-" in first and not first.endswith(":"):
                    parts = line.split()
                    current = (os.path.basename(parts[5]) if len(parts) >= 6 else "[anon]") + " " + parts[1]
                    totals.setdefault(current, {"rss_kb": 0, "pss_kb": 0, "anonymous_kb": 0})
                elif first in fields and current is not None:
                    totals[current][fields[first]] += int(line.split()[1])
    except OSError:
        return None
    return dict(sorted(totals.items(), key=lambda kv: -kv[1]["rss_kb"])[:top])


def pss_kb(pid):
    """The proportional set size (shared pages divided among the processes mapping them), smaps_rollup."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def cgroup2_mount():
    """Where the cgroup v2 hierarchy is mounted, or None."""
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                parts = line.split()
                sep = parts.index("-")
                if parts[sep + 1] == "cgroup2":
                    return parts[4]
    except (OSError, ValueError):
        pass
    return None


class CpuCgroup:
    """A cgroup holding one daemon: CPU of all its threads, dead or alive. cgroup v1 `cpuacct.usage` (ns)
    where the cpuacct controller is mounted, else cgroup v2 `cpu.stat` `usage_usec` (µs)."""

    V1_ROOT = "/sys/fs/cgroup/cpuacct"
    counter = 0

    def __init__(self):
        self.path = None
        self.kind = None
        CpuCgroup.counter += 1
        name = f"weatherd-bench-{os.getpid()}-{CpuCgroup.counter}"
        candidates = []
        if os.path.isfile(os.path.join(self.V1_ROOT, "cpuacct.usage")):
            candidates.append(("cpuacct v1 (ns)", self.V1_ROOT))
        v2 = cgroup2_mount()
        if v2:
            candidates.append(("cgroup v2 cpu.stat (µs)", v2))
        for kind, root in candidates:
            path = os.path.join(root, name)
            try:
                os.mkdir(path)
            except OSError:
                continue
            self.path, self.kind = path, kind
            break

    def add(self, pid):
        if not self.path:
            return False
        try:
            with open(os.path.join(self.path, "cgroup.procs"), "w") as f:
                f.write(str(pid))
            return True
        except OSError:
            self.remove()
            return False

    def usage_ns(self):
        if not self.path:
            return None
        try:
            if self.kind.startswith("cpuacct"):
                with open(os.path.join(self.path, "cpuacct.usage")) as f:
                    return int(f.read())
            with open(os.path.join(self.path, "cpu.stat")) as f:
                for line in f:
                    if line.startswith("usage_usec "):
                        return int(line.split()[1]) * 1000
        except OSError:
            return None
        return None

    def remove(self):
        if self.path:
            for _ in range(50):
                try:
                    os.rmdir(self.path)
                    break
                except OSError:
                    time.sleep(0.05)
            self.path = None


def remove_leftover_cgroups():
    for root in (CpuCgroup.V1_ROOT, cgroup2_mount()):
        if not root or not os.path.isdir(root):
            continue
        for leftover in os.listdir(root):
            if leftover.startswith(f"weatherd-bench-{os.getpid()}-"):
                try:
                    os.rmdir(os.path.join(root, leftover))
                except OSError:
                    pass


# --------------------------------------------------------------------------
# the notify socket


SO_TIMESTAMPNS = 35  # Linux, asm-generic/socket.h; SCM_TIMESTAMPNS has the same value


def arrival_monotonic_ns(ancillary):
    """The kernel's SCM_TIMESTAMPNS arrival stamp (CLOCK_REALTIME) of a datagram, on CLOCK_MONOTONIC;
    the time of reading when the stamp is missing."""
    now_mono = time.monotonic_ns()
    now_real = time.clock_gettime_ns(time.CLOCK_REALTIME)
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
            seconds, nanoseconds = struct.unpack("qq", data[:16])
            return now_mono - (now_real - (seconds * 1_000_000_000 + nanoseconds))
    return now_mono


class NotifySocket:
    """An AF_UNIX datagram socket standing in for systemd's NOTIFY_SOCKET."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="wdb-")
        self.path = os.path.join(self.dir, "notify")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        self.sock.bind(self.path)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        # The kernel stamps each datagram as it is queued: READY's arrival does not depend on when
        # this process gets the CPU to read it (on 2 busy cores that can be milliseconds later).
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.thread = None
        self.running = False
        self.messages = 0
        self.last_status = None
        self.ready_count = 0

    def wait_ready(self, deadline_s, pid=None):
        """Blocks (in this thread) until a datagram with READY=1; returns its arrival (monotonic ns)."""
        end = time.monotonic() + deadline_s
        while True:
            remaining = end - time.monotonic()
            if remaining <= 0:
                raise BenchError("no READY=1 on the notify socket")
            self.sock.settimeout(min(remaining, 0.2))
            try:
                data, ancillary, _, _ = self.sock.recvmsg(65536, socket.CMSG_SPACE(16))
            except socket.timeout:
                if pid is not None:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                    if done:
                        raise BenchError("weatherd exited before READY=1")
                continue
            arrived = arrival_monotonic_ns(ancillary)
            self._note(data)
            if b"READY=1" in data.split(b"\n"):
                return arrived

    def _note(self, data):
        self.messages += 1
        for line in data.split(b"\n"):
            if line.startswith(b"STATUS="):
                self.last_status = line[7:].decode("utf-8", "replace")
            elif line == b"READY=1":
                self.ready_count += 1

    def start_draining(self):
        """Reads every later datagram (sd_notify blocks once the queue of 10 is full, as systemd never lets it)."""
        self.running = True
        self.sock.settimeout(0.2)

        def drain():
            while self.running:
                try:
                    self._note(self.sock.recv(65536))
                except socket.timeout:
                    continue
                except OSError:
                    return

        self.thread = threading.Thread(target=drain, daemon=True)
        self.thread.start()

    def close(self):
        self.running = False
        if self.thread:
            self.thread.join(timeout=1)
        self.sock.close()
        shutil.rmtree(self.dir, ignore_errors=True)


# --------------------------------------------------------------------------
# the daemon


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


_cache_file_support = {}


def has_cache_file(binary):
    """Whether `binary run` takes --cache-file (a weatherd with the durable cache, docs/state-file.md "Files"); an older
    build writes its state file durably where it is told and has no cache."""
    if binary not in _cache_file_support:
        result = subprocess.run([binary, "run", "--help"], capture_output=True, text=True, timeout=30)
        _cache_file_support[binary] = "--cache-file" in result.stdout + result.stderr
    return _cache_file_support[binary]


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


def cpu_us(ticks):
    return ticks * 1e6 / CLK_TCK


def window(a, b):
    """What happened between two samples: CPU per tick and per fetch (cgroup ns where there is one,
    /proc's clock ticks and the schedstat sum beside it), context switches and threads started."""
    ticks = b["ticks"] - a["ticks"]
    fetches = b["fetches"] - a["fetches"]
    seconds = (b["t_ns"] - a["t_ns"]) / 1e9
    proc_us = cpu_us(b["cpu_ticks"] - a["cpu_ticks"])
    result = {
        "ticks": ticks,
        "fetches": fetches,
        "fetches_failed": b["fetches_failed"] - a["fetches_failed"],
        "wall_s": seconds,
        "proc_cpu_us": proc_us,
        "proc_resolution_us": cpu_us(1),
        "user_us": cpu_us(b["utime"] - a["utime"]),
        "system_us": cpu_us(b["stime"] - a["stime"]),
        "schedstat_cpu_us": (b["sched_ns"] - a["sched_ns"]) / 1e3,
        "context_switches": b["switches"] - a["switches"],
        "threads_started": b["threads_seen"] - a["threads_seen"],
    }
    if a.get("cg_ns") is not None and b.get("cg_ns") is not None:
        result["cgroup_cpu_us"] = (b["cg_ns"] - a["cg_ns"]) / 1e3
    # The figure: the cgroup's (all threads, exited ones too, ns) where there is one.
    cpu = result.get("cgroup_cpu_us", result["schedstat_cpu_us"])
    result["cpu_source"] = "cgroup" if "cgroup_cpu_us" in result else "schedstat (threads seen)"
    result["cpu_us"] = cpu
    if ticks:
        result["cpu_us_per_tick"] = cpu / ticks
        result["proc_cpu_us_per_tick"] = proc_us / ticks
        result["user_us_per_tick"] = result["user_us"] / ticks
        result["system_us_per_tick"] = result["system_us"] / ticks
        result["context_switches_per_tick"] = result["context_switches"] / ticks
        result["threads_started_per_tick"] = result["threads_started"] / ticks
    if fetches:
        result["cpu_us_per_fetch"] = cpu / fetches
    if seconds:
        result["cpu_ms_per_hour"] = cpu / 1e3 * 3600 / seconds
    return result


# --------------------------------------------------------------------------
# servers


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


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    rank = max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[rank]


def lateness(times_ns, anchor_ns, interval_ns, skipped, fetches, early_tolerance_ns=1_000_000):
    """Lateness of each tick's request against anchor + k·interval (ms), and the slots without a request.

    Request k is tick k when the daemon skipped nothing and there are as many requests as 10 ms slots
    went by. Otherwise (a skipped tick, or Dispatch folding timer fires together while the queue was
    blocked) every request is put in the slot it arrived in: k = floor((t - anchor + 1 ms) / interval),
    which caps the lateness a request can show below one interval and makes the slots left without a
    request (`missing_slots`) the measure of ticks that did not happen on time.
    """
    if not times_ns:
        return None
    floor_ks = [(t - anchor_ns + early_tolerance_ns) // interval_ns for t in times_ns]
    slots = int(floor_ks[-1]) + 1
    exact = skipped == 0 and len(times_ns) == fetches and len(times_ns) == slots
    ks = list(range(len(times_ns))) if exact else [int(k) for k in floor_ks]
    late = [(t - (anchor_ns + k * interval_ns)) / 1e6 for k, t in zip(ks, times_ns)]
    envelope = min(t - k * interval_ns for k, t in zip(ks, times_ns))
    jitter = [(t - (envelope + k * interval_ns)) / 1e6 for k, t in zip(ks, times_ns)]
    rest = late[1:] or late
    rest_jitter = jitter[1:] or jitter
    gaps = [(b - a) / 1e6 for a, b in zip(times_ns, times_ns[1:])]
    distinct = len(set(ks))
    return {
        "requests": len(times_ns),
        "slots": slots,
        "missing_slots": slots - distinct,
        "slots_with_two_requests": len(times_ns) - distinct,
        "mapping": "request k = tick k" if exact else "slot of arrival: floor((t - READY + 1 ms) / interval)",
        "anchor": "READY=1 datagram arrival, kernel-stamped (the timer is armed right after READY)",
        "first_request_ms_after_ready": late[0],
        "median_ms": statistics.median(rest),
        "p99_ms": percentile(rest, 99),
        "max_ms": max(rest),
        "min_ms": min(rest),
        "over_20ms": sum(1 for x in rest if x > 20),
        "over_5ms": sum(1 for x in rest if x > 5),
        "jitter_vs_best_tick": {
            "median_ms": statistics.median(rest_jitter),
            "p99_ms": percentile(rest_jitter, 99),
            "max_ms": max(rest_jitter),
        },
        "gap_ms": {
            "min": min(gaps) if gaps else None,
            "median": statistics.median(gaps) if gaps else None,
            "max": max(gaps) if gaps else None,
        },
    }


# --------------------------------------------------------------------------
# set-up


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


def default_locations():
    """The `locations:` block of the installed default configuration (etc/weatherd/config.yaml: the
    embedded defaults, weatherd.conf(5)), to the end of the file, and how many locations it lists."""
    with open(CONFIG) as f:
        text = f.read()
    match = re.search(r"^locations:\n", text, re.M)
    if not match:
        raise BenchError(f"{CONFIG} has no top-level `locations:`")
    block = text[match.start():]
    return block, len(re.findall(r"^  - name:", block, re.M))


def write_config(name, text):
    directory = os.path.join(OUT, "configs")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def new_config(name, refresh, limits):
    """A configuration of this tree: the 4 default locations, `refresh`, and `api.limits` spelled out
    (the loopback URL given with --api-url would otherwise get no limits, weatherd.conf(5))."""
    minute, hour, day = limits
    return write_config(name, (
        f"# bench/run.py: refresh {refresh}, limits {minute}/{hour}/{day}\n"
        f"interval: 10s\nrefresh: {refresh}\n"
        "api:\n  base_url: https://api.open-meteo.com\n"
        f"  limits:\n    minute: {minute}\n    hour: {hour}\n    day: {day}\n"
        + default_locations()[0]
    ))


def old_config(name):
    """A configuration an older weatherd reads: no `refresh`, no `api.limits` (it fetches at every tick)."""
    return write_config(name, (
        "# bench/run.py: the old daemon (no refresh or limits keys)\n"
        "interval: 10s\napi:\n  base_url: https://api.open-meteo.com\n" + default_locations()[0]
    ))


def check_config(contender):
    result = subprocess.run([contender.binary, "check-config", "--config", contender.config],
                            capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise BenchError(f"{contender.label}: check-config refused {contender.config}: "
                         + (result.stderr or result.stdout).strip()[-500:])


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


def fetch_current_only_body(fake_url):
    """fake-open-meteo's answer (headers and body) to a request without `daily=`: current values only,
    the body every contender of the 10 ms runs gets (the old daemon never asks for `daily`)."""
    headers = os.path.join(OUT, "forecast.headers")
    body = os.path.join(OUT, "forecast.json")
    subprocess.run(
        ["curl", "-sS", "--fail", "-D", headers, "-o", body, fake_url + FORECAST_QUERY], check=True, timeout=30
    )
    with open(body) as f:
        parsed = json.load(f)
    if "current" not in parsed or "daily" in parsed:
        raise BenchError("fake-open-meteo's answer is not a current-only forecast")
    return headers, body, os.path.getsize(body)


# --------------------------------------------------------------------------
# sections


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


def journal_entries(pid):
    """Weather entries of `pid` in the (private) journal: how many, the fetch times they report
    (`WEATHER_FETCH_MS`), and for each rotation index without an entry (a skipped tick) the entry
    before it: how long its fetch took and how late after its own slot it was logged."""
    if not shutil.which("journalctl"):
        return None
    result = subprocess.run(
        ["journalctl", "-q", "--no-pager", "-o", "json",
         "--output-fields=WEATHER_ROTATION_INDEX,WEATHER_FETCH_MS,__MONOTONIC_TIMESTAMP",
         f"_PID={pid}", f"MESSAGE_ID={WEATHER_MESSAGE_ID}"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if result.returncode != 0:
        return None
    entries = {}
    for line in result.stdout.splitlines():
        try:
            fields = json.loads(line)
            entries[int(fields["WEATHER_ROTATION_INDEX"])] = (
                float(fields.get("WEATHER_FETCH_MS", "nan")), int(fields["__MONOTONIC_TIMESTAMP"]))
        except (ValueError, KeyError):
            continue
    summary = {"count": len(entries)}
    if not entries:
        return summary
    fetch_ms = sorted(value[0] for value in entries.values() if value[0] == value[0])
    if fetch_ms:
        summary["fetch_ms"] = {"median": statistics.median(fetch_ms), "p99": percentile(fetch_ms, 99),
                               "max": fetch_ms[-1]}
    first = min(entries)
    origin = entries[first][1]
    skipped = []
    for index in range(first, max(entries)):
        if index in entries or index - 1 not in entries:
            continue
        before_fetch, before_logged = entries[index - 1]
        skipped.append({
            "index": index,
            "previous_fetch_ms": before_fetch,
            # When the entry before was logged, against its own slot (first entry's time + k·10 ms).
            "previous_logged_after_slot_ms": (before_logged - origin) / 1e3 - (index - 1 - first) * TICK_INTERVAL_NS / 1e6,
        })
    summary["skipped"] = skipped
    return summary


def section_daemon_run(label, contender, server, log_target, warmup, end_tick, timing=False):
    """One run at --interval 10ms: CPU over ticks [warmup, end_tick], VmRSS after READY, at `warmup` and at
    `end_tick`, threads, fds, the largest mappings; with `timing`, the lateness of every tick's request."""
    if timing:
        server.get("/_bench/reset")
    daemon = Daemon(label, contender, server.base_url, log_target=log_target)
    result = {"binary": contender.label, "server": server.label, "log_target": log_target,
              "argv": daemon.argv[1:]}
    try:
        result["exec_to_ready_ms"] = daemon.start()
        samples = {"ready": daemon.sample()}
        samples["warmup"] = daemon.wait_ticks(warmup)
        samples["end"] = daemon.wait_ticks(end_tick)
        end = samples["end"]
        result["threads_end"] = end.get("Threads")
        result["fds_end"] = count_fds(daemon.pid)
        result["fd_kinds_end"] = fd_kinds(daemon.pid)
        result["rss_kb_by_mapping_end"] = rss_by_mapping(daemon.pid)
        result["pss_kb_end"] = pss_kb(daemon.pid)
        result["window"] = window(samples["warmup"], end)
        result["whole_run"] = window(samples["ready"], end)
        result["rss_samples"] = {k: {"ticks": v["ticks"], "VmRSS": v["VmRSS"], "RssAnon": v.get("RssAnon"),
                                     "RssFile": v.get("RssFile")} for k, v in samples.items()}
        result["rss_kb"] = {
            "after_start": samples["ready"]["VmRSS"],
            f"after_{samples['warmup']['ticks']}_ticks": samples["warmup"]["VmRSS"],
            f"after_{end['ticks']}_ticks": end["VmRSS"],
            "peak_VmHWM": end.get("VmHWM"),
        }
        result["rss_growth_kb"] = end["VmRSS"] - samples["warmup"]["VmRSS"]
        result["rss_growth_between"] = [samples["warmup"]["ticks"], end["ticks"]]
        final_state = daemon.state()["daemon"]
        result["notify_datagrams"] = daemon.notify.messages
        result["last_status"] = daemon.notify.last_status
    finally:
        if daemon.exit_status is None and daemon.pid:
            daemon.stop()
    result["exit_status"] = daemon.exit_status
    result["sigterm_to_exit_ms"] = daemon.stop_ms
    if daemon.stuck is not None:
        result["ignored_sigterm"] = daemon.stuck
    result["life"] = daemon.life()
    state = daemon.state()["daemon"]
    result["final_state"] = {
        k: state.get(k) for k in ("ticks", "ticks_fetched", "ticks_skipped", "ticks_from_cache", "fetches_ok",
                                  "fetches_failed", "requests")
    }
    result["state_at_end_sample"] = {k: final_state.get(k) for k in ("ticks", "ticks_skipped", "fetches_ok",
                                                                      "fetches_failed")}
    if log_target == "journal":
        journal = journal_entries(daemon.pid)
        result["journal_weather_entries"] = journal["count"] if journal else None
        result["journal"] = journal
    if timing:
        times = json.loads(server.get("/_bench/times"))
        fetches = state["fetches_ok"] + state["fetches_failed"]
        result["requests_seen_by_server"] = len(times)
        # A request the server saw but the daemon never counted as a fetch was in flight at SIGTERM:
        # stop() counts its tick as skipped, but that tick was not missed.
        abandoned = max(0, len(times) - fetches)
        result["abandoned_at_stop"] = abandoned
        result["ticks_skipped_while_running"] = max(0, state["ticks_skipped"] - abandoned)
        result["lateness"] = lateness(times, daemon.ready_ns, TICK_INTERVAL_NS,
                                      result["ticks_skipped_while_running"], fetches)
    if os.path.exists(daemon.state_path):
        shutil.copy(daemon.state_path, os.path.join(OUT, f"{label}.state.json"))
    daemon.remove_files()
    if daemon.stderr_path and os.path.getsize(daemon.stderr_path) > 0:
        result["stderr_bytes"] = os.path.getsize(daemon.stderr_path)
    return result


def short_run(label, contender, server, log_target, warmup, ticks):
    """A run at --interval 10ms measured over ticks [warmup, warmup + ticks]; the window's figures."""
    daemon = Daemon(label, contender, server.base_url, log_target=log_target)
    try:
        daemon.start()
        a = daemon.wait_ticks(warmup)
        b = daemon.wait_ticks(warmup + ticks)
        result = window(a, b)
        result["rss_kb_end"] = b["VmRSS"]
        result["threads_end"] = b.get("Threads")
        result["loadavg"] = loadavg()
    finally:
        if daemon.pid and daemon.exit_status is None:
            daemon.stop()
        daemon.kill()
        daemon.remove_files()
    result["exit_status"] = daemon.exit_status
    return result


def section_compare(server, old, new):
    """Per-fetch CPU of the old and the new daemon at 10 ms, every tick a fetch, no limits, the same
    current-only body: COMPARE_PAIRS pairs of runs in alternating order (old, new, new, old, ...), so the
    drift of this VM hits both sides alike."""
    pairs = []
    for i in range(COMPARE_PAIRS):
        order = (old, new) if i % 2 == 0 else (new, old)
        pair = {"order": [c.label for c in order]}
        for contender in order:
            side = "old" if contender is old else "new"
            run = short_run(f"compare-{side}", contender, server, "journal", COMPARE_WARMUP, COMPARE_TICKS)
            if run["fetches"] < run["ticks"] * 0.9:
                raise BenchError(f"{contender.label}: only {run['fetches']} fetches in {run['ticks']} ticks")
            if run["fetches_failed"]:
                raise BenchError(f"{contender.label}: {run['fetches_failed']} fetches failed")
            pair[side] = run
        pair["ratio"] = pair["new"]["cpu_us_per_fetch"] / pair["old"]["cpu_us_per_fetch"]
        pairs.append(pair)
        log(f"compare pair {i + 1}/{COMPARE_PAIRS}: old {pair['old']['cpu_us_per_fetch']:.0f} µs, "
            f"new {pair['new']['cpu_us_per_fetch']:.0f} µs per fetch ({pair['ratio']:.2f})")
    old_us = statistics.median(p["old"]["cpu_us_per_fetch"] for p in pairs)
    new_us = statistics.median(p["new"]["cpu_us_per_fetch"] for p in pairs)
    ratios = [p["ratio"] for p in pairs]
    # The figure is the median of the ratios within each pair: a pair's two runs follow each other, so the
    # drift of the machine between pairs cancels out; the ratio of the two sides' medians is kept beside it.
    return {
        "old": old.label,
        "new": new.label,
        "pairs": pairs,
        "ticks_each": COMPARE_TICKS,
        "cpu_source": pairs[0]["new"]["cpu_source"],
        "old_us_per_fetch": old_us,
        "new_us_per_fetch": new_us,
        "ratio": statistics.median(ratios),
        "ratio_of_medians": new_us / old_us,
        "pair_ratios": {"min": min(ratios), "median": statistics.median(ratios), "max": max(ratios)},
        "old_switches_per_fetch": statistics.median(p["old"]["context_switches"] / p["old"]["fetches"] for p in pairs),
        "new_switches_per_fetch": statistics.median(p["new"]["context_switches"] / p["new"]["fetches"] for p in pairs),
        "old_rss_kb_end": statistics.median(p["old"]["rss_kb_end"] for p in pairs),
        "new_rss_kb_end": statistics.median(p["new"]["rss_kb_end"] for p in pairs),
    }


def section_split_pairs(server, contender):
    """journal vs stderr (to /dev/null): SPLIT_PAIRS pairs of runs in alternating order, so a change of
    load on a shared machine hits both sides alike; the median of the pairwise differences."""
    pairs = []
    for i in range(SPLIT_PAIRS):
        order = ("journal", "stderr") if i % 2 == 0 else ("stderr", "journal")
        pair = {}
        for target in order:
            run = short_run(f"split-{target}", contender, server, target, SPLIT_WARMUP, SPLIT_TICKS)
            pair[target] = run["cpu_us_per_tick"]
            pair[f"{target}_proc"] = run["proc_cpu_us_per_tick"]
            pair[f"{target}_exit_status"] = run["exit_status"]
        pair["difference"] = pair["journal"] - pair["stderr"]
        pair["loadavg"] = loadavg()
        pairs.append(pair)
    return {
        "pairs": pairs,
        "ticks_each": SPLIT_TICKS,
        "journal_median_us": statistics.median(p["journal"] for p in pairs),
        "stderr_median_us": statistics.median(p["stderr"] for p in pairs),
        "difference_median_us": statistics.median(p["difference"] for p in pairs),
        "difference_range_us": [min(p["difference"] for p in pairs), max(p["difference"] for p in pairs)],
    }


def section_crosscheck(fake, contender):
    """The same 10 ms run against fake-open-meteo instead of the benchmark's server."""
    return short_run("crosscheck", contender, fake, "journal", SPLIT_WARMUP, SPLIT_TICKS)


WEIGHED_SECTIONS = ("current", "minutely_15", "hourly", "daily")


def weight_tenths(query, without=()):
    """A request's weight in tenths of a call as Open-Meteo counts it (fake-open-meteo's QuotaGate.weight):
    max(1, variables/10 × max(1, days/14)), variables those of `current`, `minutely_15`, `hourly` and
    `daily` together, days = forecast_days (7 when not sent); a fraction of a tenth counts as a whole one.
    `without`: the same request without those sections (and without forecast_days with `daily`)."""
    variables = sum(len(query[k][0].split(",")) for k in WEIGHED_SECTIONS if k in query and k not in without)
    days = 7 if "daily" in without else int(query.get("forecast_days", ["7"])[0])
    scale = max(14, min(max(0, days), 1000))
    return max(10, (variables * scale + 13) // 14)


def parse_request_log(path):
    """fake-open-meteo's --request-log: one forecast request per line, `<unix time> <request target>`;
    each with its location (latitude,longitude), the forecast blocks it asked for (docs/forecast.md: `minutely_15=`,
    `hourly=`, `daily=`), its weight in tenths of a call as Open-Meteo counts it, the weight of the same
    request without its hours and days (`base_tenths`: the current weather and the nowcast, on every
    request) and what its hours and its days add (`hourly_tenths`, `daily_tenths`)."""
    entries = []
    try:
        f = open(path)
    except OSError:
        return entries
    with f:
        for line in f:
            stamp, _, target = line.strip().partition(" ")
            try:
                t = float(stamp)
            except ValueError:
                continue
            split = urllib.parse.urlsplit(target)
            if split.path != "/v1/forecast":
                continue
            query = urllib.parse.parse_qs(split.query)
            weight = weight_tenths(query)
            entries.append({
                "t": t,
                "location": f"{query.get('latitude', ['?'])[0]},{query.get('longitude', ['?'])[0]}",
                "nowcast": "minutely_15" in query,
                "hourly": "hourly" in query,
                "daily": "daily" in query,
                "weight_tenths": weight,
                "base_tenths": weight_tenths(query, ("hourly", "daily")),
                "hourly_tenths": weight - weight_tenths(query, ("hourly",)) if "hourly" in query else 0,
                "daily_tenths": weight - weight_tenths(query, ("daily",)) if "daily" in query else 0,
            })
    return entries


def requests_per_period(entries, w0, w1, data_interval, locations):
    """Requests per location and data period in [w0, w1) (whole periods of the look-alike's clock): each
    request gets the data of the period it arrives in, so a location fetched once per period has exactly
    one request in each; `missed` are location-periods without one, `twice` those with more."""
    periods = max(1, round((w1 - w0) / data_interval))
    counts = {location: [0] * periods for location in locations}
    lags = []
    inside = [e for e in entries if w0 <= e["t"] < w1]
    for e in inside:
        k = min(periods - 1, int((e["t"] - w0) // data_interval))
        counts.setdefault(e["location"], [0] * periods)[k] += 1
        lags.append(e["t"] - (w0 + k * data_interval))
    cells = [c for per in counts.values() for c in per]
    return {
        "periods": periods,
        "locations": len(counts),
        "requests": len(inside),
        "per_location_period": len(inside) / (len(counts) * periods) if counts else None,
        "missed": sum(1 for c in cells if c == 0),
        "twice": sum(1 for c in cells if c > 1),
        "nowcast_requests": sum(1 for e in inside if e["nowcast"]),
        "hourly_requests": sum(1 for e in inside if e["hourly"]),
        "daily_requests": sum(1 for e in inside if e["daily"]),
        "weight": sum(e["weight_tenths"] for e in inside) / 10,
        "base_weight": sum(e["base_tenths"] for e in inside) / 10,
        "lag_after_boundary_s": {"median": statistics.median(lags), "max": max(lags)} if lags else None,
        "counts": counts,
    }


def block_counts(entries):
    """The forecast blocks of a run's requests against docs/forecast.md's rule (entries on the look-alike's clock;
    it answers every place at UTC+0, so a local date changes at a 6-hour slot's start): the nowcast on
    every request, the hours on each location's first in each UTC hour, the days on its first in each
    6-hour slot. Counted, not matched one by one: a request a second after an hour's start may be the
    hour's first on the look-alike's clock and the last of the hour before on the daemon's (its API clock
    comes from whole-second `Date` headers); the hours then ride on its next request."""
    return {
        "requests": len(entries),
        "nowcast": sum(1 for e in entries if e["nowcast"]),
        "hourly": sum(1 for e in entries if e["hourly"]),
        "location_hours": len({(e["location"], int(e["t"] // 3600)) for e in entries}),
        "daily": sum(1 for e in entries if e["daily"]),
        "location_slots": len({(e["location"], int(e["t"] // DAY_SLOT_S)) for e in entries}),
    }


def daily_blocks_per_day(location):
    """Daily blocks a day for a location of the default configuration (docs/forecast.md): one in each 6-hour UTC
    slot, one more when its local date changes inside a slot (an offset that is not a whole number of
    slots); 5 for a location whose offset is unknown (the most)."""
    offset = DEFAULT_UTC_OFFSETS.get(location)
    return DAY_SLOTS_PER_DAY + (1 if offset is None or offset % DAY_SLOT_S else 0)


def weighted_calls_per_day(entries, window_entries, requests_per_day):
    """Weighted calls a day from a run's request log: every request weighs its `base_tenths` (the
    current weather and the nowcast; the mean over the window's requests), scaled like the requests;
    the hours add what they add to a request (the median over the run's requests that carried them)
    24 times a day per location, the days theirs `daily_blocks_per_day` times (the run is too short to
    see the hourly and 6-hourly slots, so their counts come from the rule; their weights from the log).
    None when the window has no request."""
    if not window_entries or requests_per_day is None:
        return None
    locations = sorted({e["location"] for e in entries})
    base = statistics.mean(e["base_tenths"] for e in window_entries) / 10
    hourly = [e["hourly_tenths"] for e in entries if e["hourly"]]
    daily = [e["daily_tenths"] for e in entries if e["daily"]]
    hourly_extra = statistics.median(hourly) / 10 if hourly else 0.0
    daily_extra = statistics.median(daily) / 10 if daily else 0.0
    hourly_day = len(locations) * HOURS_PER_LOCATION_DAY if hourly else 0
    daily_day = sum(daily_blocks_per_day(location) for location in locations) if daily else 0
    parts = {
        "requests": requests_per_day, "base_weight": base,
        "hourly_blocks": hourly_day, "hourly_extra_weight": hourly_extra,
        "daily_blocks": daily_day, "daily_extra_weight": daily_extra,
    }
    total = requests_per_day * base + hourly_day * hourly_extra + daily_day * daily_extra
    return total, parts


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


def section_planner_day():
    """The real planner through a simulated UTC day at the defaults (Sources/bench-planner-day: 4 locations
    with their real UTC offsets, 10 s, `refresh: auto`, data every 900 s, every forecast part on), each
    request it plans sent by weatherd's own client to a look-alike of its own: weighted calls a day counted
    from the look-alike's request log, beside the planner's own count (its quota ledger)."""
    if not os.access(PLANNER_DAY, os.X_OK):
        raise BenchError(f"{PLANNER_DAY} missing: run `make bench`")
    request_log = os.path.join(OUT, "planner-day.requests")
    if os.path.exists(request_log):
        os.unlink(request_log)
    port_file = os.path.join(OUT, "planner-day.port")
    server = Server("planner-day", [FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                                    "--request-log", request_log], port_file)
    try:
        started = time.monotonic()
        run = subprocess.run([PLANNER_DAY, "--api-url", server.base_url], capture_output=True, text=True,
                             timeout=600, env=clean_env({}))
        seconds = time.monotonic() - started
    finally:
        server.stop()
    if run.returncode != 0:
        raise BenchError(f"bench-planner-day exited {run.returncode}: {(run.stderr or run.stdout).strip()[-500:]}")
    planner = json.loads(run.stdout)
    entries = parse_request_log(request_log)
    tenths = sum(e["weight_tenths"] for e in entries)
    by_location = {}
    for e in entries:
        b = by_location.setdefault(e["location"], {"requests": 0, "hourly": 0, "daily": 0, "weight": 0})
        b["requests"] += 1
        b["hourly"] += e["hourly"]
        b["daily"] += e["daily"]
        b["weight"] += e["weight_tenths"] / 10
    return {
        "planner": planner,
        "seconds": seconds,
        "request_log": os.path.relpath(request_log, ROOT),
        "requests": len(entries),
        "nowcast_requests": sum(1 for e in entries if e["nowcast"]),
        "hourly_requests": sum(1 for e in entries if e["hourly"]),
        "daily_requests": sum(1 for e in entries if e["daily"]),
        "weight": tenths / 10,
        "weight_by_part": {
            "base": sum(e["base_tenths"] for e in entries) / 10,
            "hourly": sum(e["hourly_tenths"] for e in entries) / 10,
            "daily": sum(e["daily_tenths"] for e in entries) / 10,
        },
        "by_location": by_location,
        "planner_weight": planner["planner_day_used_tenths"] / 10,
        "orders_weight": planner["weight_tenths"] / 10,
    }


def section_realtime(contenders):
    """Every contender at the real 10 s interval, each against its own fake-open-meteo with a short data
    interval and a request log, started a fraction of a tick apart (so their ticks do not coincide), all
    measured over the same whole data periods (REAL_SECONDS or more) after every location's first fetch;
    a contender with a clock offset over whole periods of its look-alike's clock (bench/skew.py)."""
    locations = default_locations()[1]
    servers, daemons, logs = [], [], []
    try:
        for contender in contenders:
            request_log = os.path.join(OUT, f"real-{contender.label}.requests")
            if os.path.exists(request_log):
                os.unlink(request_log)
            port_file = os.path.join(OUT, f"real-{contender.label}.port")
            servers.append(Server(
                f"real-{contender.label}",
                [FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                 "--data-interval", str(DATA_INTERVAL), "--request-log", request_log]
                + (["--clock-offset", str(contender.clock_offset)] if contender.clock_offset else []),
                port_file,
            ))
            logs.append(request_log)
        for i, (contender, server) in enumerate(zip(contenders, servers)):
            if i:
                time.sleep(REAL_INTERVAL_S / len(contenders))
            daemon = Daemon(f"real-{contender.label}", contender, server.base_url, interval=f"{REAL_INTERVAL_S}s")
            daemons.append(daemon)
            daemon.start()
        first_round_done = max(d.ready_wall for d in daemons) + locations * REAL_INTERVAL_S + 5
        w0 = math.ceil(first_round_done / DATA_INTERVAL) * DATA_INTERVAL
        periods = max(1, math.ceil(REAL_SECONDS / DATA_INTERVAL))
        w1 = w0 + periods * DATA_INTERVAL
        span = w1 - w0
        # Each contender's window: whole periods of its look-alike's clock, and where it starts on the host's.
        api_windows = [skew.api_window(w0, span, c.clock_offset, DATA_INTERVAL) for c in contenders]
        log(f"realtime: {len(daemons)} daemons at {REAL_INTERVAL_S} s; window {time.strftime('%H:%M:%S', time.localtime(w0))}"
            f" → {time.strftime('%H:%M:%S', time.localtime(w1))} ({periods} periods of {DATA_INTERVAL} s)")

        # Requests are counted in [w0, w1) from the logs. Each daemon itself is sampled over a window of the
        # same length that starts and ends half a tick after one of its ticks (ticks come at READY + k·interval,
        # and span is a whole number of ticks): no fetch is under way then, and the state file's counters
        # (ticks, the quota ledger) have settled, so none is off by one at an edge.
        def mid_tick(daemon, after):
            k = math.ceil((after - daemon.ready_wall) / REAL_INTERVAL_S - 0.5)
            return daemon.ready_wall + (k + 0.5) * REAL_INTERVAL_S

        t0 = [mid_tick(d, host_start) for d, (_, _, host_start) in zip(daemons, api_windows)]
        events = sorted([(t, i, 0) for i, t in enumerate(t0)] + [(t + span, i, 1) for i, t in enumerate(t0)])
        samples = [[None, None] for _ in daemons]

        def progress(left):
            counts = ", ".join(f"{c.label} {len(parse_request_log(p))}" for c, p in zip(contenders, logs))
            log(f"realtime: {time.time() - w0:.0f}/{span:.0f} s of the window; requests so far: {counts}")

        for t, i, edge in events:
            wait_wall(t, daemons, progress)
            samples[i][edge] = daemons[i].sample()
        start = [s[0] for s in samples]
        end = [s[1] for s in samples]
        ends = {}
        for daemon, sample in zip(daemons, end):
            ends[daemon.label] = {"threads": sample.get("Threads"), "fds": count_fds(daemon.pid),
                                  "rss_kb": sample["VmRSS"]}
    finally:
        for daemon in daemons:
            if daemon.pid and daemon.exit_status is None:
                daemon.stop()
            daemon.kill()
        for server in servers:
            server.stop()
    for daemon in daemons:
        # The state file as the daemon left it (its final write at SIGTERM): the quota of the whole run.
        final = daemon.state()["daemon"]
        ends[daemon.label]["final_quota"] = final.get("quota")
        ends[daemon.label]["final_state"] = {k: final.get(k) for k in (
            "ticks", "ticks_fetched", "ticks_skipped", "ticks_from_cache", "fetches_ok", "fetches_failed", "requests")}
        daemon.remove_files()
    result = {"data_interval_s": DATA_INTERVAL, "interval_s": REAL_INTERVAL_S, "window_s": span,
              "window": [w0, w1], "locations": locations, "contenders": {}}
    for contender, daemon, log_path, a, b, t, (a0, a1, _) in zip(contenders, daemons, logs, start, end, t0,
                                                                 api_windows):
        entries = parse_request_log(log_path)
        seen = sorted({e["location"] for e in entries})
        # Counted on the look-alike's clock (its log has the host's): the periods it served.
        on_api = skew.on_api_clock(entries, contender.clock_offset)
        counted = requests_per_period(on_api, a0, a1, DATA_INTERVAL, seen)
        r = {
            "refresh": contender.refresh,
            "clock_offset_s": contender.clock_offset,
            "window_api_clock": [a0, a1],
            "requests_by_location": skew.by_location(on_api, a0),
            "window": window(a, b),
            "requests": counted,
            "run_requests": len(entries),
            "run_blocks": block_counts(on_api),
            "run_weight": sum(e["weight_tenths"] for e in entries) / 10,
            "end": ends[daemon.label],
            "life": daemon.life(),
            "exit_status": daemon.exit_status,
            "request_log": os.path.relpath(log_path, ROOT),
        }
        qa, qb = a.get("quota"), b.get("quota")
        if qa and qb and qa["day"]["resets_at"] == qb["day"]["resets_at"]:
            r["quota_day_used"] = {
                "at_start": qa["day"]["used"], "at_end": qb["day"]["used"],
                "window": qb["day"]["used"] - qa["day"]["used"],
                # The log's weights over the daemon's own sampling window, the same requests.
                "log_same_window": sum(e["weight_tenths"] for e in entries if t <= e["t"] < t + span) / 10,
                "at_exit": (ends[daemon.label]["final_quota"] or {}).get("day", {}).get("used"),
            }
        elif qb:
            r["quota_day_used"] = {"at_end": qb["day"]["used"], "window": None,
                                   "note": "the UTC day changed during the window"}
        # Scaled to a day: a location fetched once per data period makes 96 requests a day at Open-Meteo's
        # 900 s whatever the period; a daemon that fetches at every tick makes as many as there are ticks.
        day_periods = 86400 / OPEN_METEO_DATA_INTERVAL
        if contender.refresh == "auto":
            per = counted["per_location_period"]
            r["requests_per_day"] = locations * day_periods * per if per is not None else None
            r["scaling"] = f"{locations} locations × {day_periods:.0f} periods of {OPEN_METEO_DATA_INTERVAL} s × requests per location-period"
        else:
            seconds = w1 - w0
            r["requests_per_day"] = counted["requests"] / seconds * 86400
            r["scaling"] = f"requests in the window × 86400 / {seconds:.0f} s"
        # Weighted: the window's requests at their own weight without hours and days (the nowcast rides on
        # every one), scaled like the requests, plus the hours and the days by docs/forecast.md's slots.
        weighted = weighted_calls_per_day(entries, [e for e in on_api if a0 <= e["t"] < a1], r["requests_per_day"])
        if weighted:
            r["weighted_per_day"], r["weighted_per_day_parts"] = weighted
        result["contenders"][contender.label] = r
    return result


# --------------------------------------------------------------------------
# cache ticks


JOURNAL_DIR = os.environ.get("WEATHERD_TEST_JOURNAL") or "/run/log/journal"


def write_bytes_of(pid):
    """`write_bytes` of /proc/<pid>/io: bytes the process (all its threads, exited ones too) caused to be sent
    to a block device. Writes to tmpfs and to sockets are not in it."""
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                if line.startswith("write_bytes:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def journal_used():
    """(bytes used, entries) summed over the journal files under JOURNAL_DIR, read from each file's header:
    the end of its tail object (tail_object_offset + that object's size) and n_entries. journald writes its
    files through mmap on tmpfs here, so neither its write_bytes nor the files' sizes (grown in 8 MB steps)
    say how much a tick adds; the used part of the arena does."""
    used, entries = 0, 0
    for directory, _, names in os.walk(JOURNAL_DIR):
        for name in names:
            if not name.endswith(".journal"):
                continue
            try:
                with open(os.path.join(directory, name), "rb") as f:
                    header = f.read(160)
                    if header[:8] != b"LPKSHHRH" or len(header) < 160:
                        continue
                    tail, = struct.unpack_from("<Q", header, 136)
                    n_entries, = struct.unpack_from("<Q", header, 152)
                    size = 0
                    if tail:
                        f.seek(tail + 8)
                        size, = struct.unpack("<Q", f.read(8))
                    used += tail + ((size + 7) & ~7)
                    entries += n_entries
            except (OSError, struct.error):
                continue
    return used, entries


def last_journal_entry(pid, path):
    """The latest `WEATHER_SOURCE=cache` entry of `pid` (a cache tick's), written to `path` as one
    FIELD=value a line without the fields journald adds itself (`_…`, `__…`); returns (fields, payload bytes)."""
    result = subprocess.run(["journalctl", "-q", "--no-pager", "-o", "json", "-n", "20", f"_PID={pid}",
                             "WEATHER_SOURCE=cache"], capture_output=True, text=True, timeout=60)
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    if not lines:
        raise BenchError(f"no WEATHER_SOURCE=cache entry of pid {pid} in the journal")
    entry = json.loads(lines[-1])
    fields = [f"{k}={v}" for k, v in sorted(entry.items())
              if not k.startswith("_") and isinstance(v, str) and "\n" not in v]
    with open(path, "w") as f:
        f.write("\n".join(fields) + "\n")
    return len(fields), sum(len(x.encode()) for x in fields)


def journal_times(pid):
    """Wall times (s) of every journal entry of `pid`, or None without journalctl."""
    result = subprocess.run(["journalctl", "-q", "--no-pager", "-o", "json", "--output-fields=__REALTIME_TIMESTAMP",
                             f"_PID={pid}"], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        return None
    times = []
    for line in result.stdout.splitlines():
        try:
            times.append(int(json.loads(line)["__REALTIME_TIMESTAMP"]) / 1e6)
        except (ValueError, KeyError):
            continue
    return times


def journald_pid():
    """systemd-journald of this mount namespace (scripts/with-journald's), or None."""
    try:
        mine = os.readlink("/proc/self/ns/mnt")
    except OSError:
        return None
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/comm") as f:
                if f.read().strip() != "systemd-journal":
                    continue
            if os.readlink(f"/proc/{name}/ns/mnt") == mine:
                return int(name)
        except OSError:
            continue
    return None


class CloneCounter:
    """`perf stat -I 1000` of the clone and clone3 system calls of one process (all its threads): the
    threads and processes it creates, each call counted by the tracepoint as it is made."""

    def __init__(self, pid, label):
        self.path = os.path.join(OUT, f"cachetick-{label}.clones")
        self.started = time.time()
        self.proc = subprocess.Popen(
            ["perf", "stat", "-x", ",", "-I", "1000", "-o", self.path, "-p", str(pid),
             "-e", "syscalls:sys_enter_clone,syscalls:sys_enter_clone3"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self):
        stop_process(self.proc, signal.SIGINT)

    def events(self):
        """[(wall time at the end of the 1 s interval, clones in it)]; None when perf counted nothing."""
        counts = {}
        try:
            with open(self.path) as f:
                for line in f:
                    parts = line.strip().split(",")
                    if len(parts) < 4 or line.startswith("#"):
                        continue
                    try:
                        t, value = float(parts[0]), int(parts[1])
                    except ValueError:
                        continue
                    counts[t] = counts.get(t, 0) + value
        except OSError:
            return None
        return sorted((self.started + t, n) for t, n in counts.items()) if counts else None


def section_cachetick(new, old):
    """Cache ticks at the real 10 s interval: this build and CACHETICK_OLD_COMMIT at the default configuration,
    each against its own `fake-open-meteo --data-interval 3600` (nearly every tick fetches nothing), and the C
    program of such a tick (bench/cachetick.c, the bytes of this build's state file, journal entry and STATUS=)
    paced at 10 s, all in one window, with a `weatherd status --follow` reading this build's state file. Each
    daemon is sampled half a tick after each of its ticks; an interval with a request in its look-alike's log
    or a change of `ticks_fetched`/`requests` is a fetch interval and left out: the figures are sums over the
    intervals without a fetch, divided by their ticks."""
    contenders = [c for c in (new, old) if c]
    servers, daemons, logs, clones = [], [], [], []
    follower = follower_cgroup = c_proc = None
    c_notify = None
    c_dir = os.path.join(runtime_dir(), "cachetick-c")
    os.makedirs(c_dir, exist_ok=True)
    locations = default_locations()[1]
    try:
        for contender in contenders:
            request_log = os.path.join(OUT, f"cachetick-{contender.label}.requests")
            if os.path.exists(request_log):
                os.unlink(request_log)
            port_file = os.path.join(OUT, f"cachetick-{contender.label}.port")
            servers.append(Server(f"cachetick-{contender.label}",
                                  [FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                                   "--data-interval", str(CACHETICK_DATA_INTERVAL), "--request-log", request_log],
                                  port_file))
            logs.append(request_log)
        # Started a third of a tick apart (this build, the old commit, the C program): no two ticks coincide.
        third = REAL_INTERVAL_S / 3
        for i, (contender, server) in enumerate(zip(contenders, servers)):
            if i:
                time.sleep(third)
            daemon = Daemon(f"cachetick-{contender.label}", contender, server.base_url, interval=f"{REAL_INTERVAL_S}s")
            daemons.append(daemon)
            daemon.start()
        this = daemons[0]
        # Every location's first fetch done (one a tick), then a few cache ticks to take the entry from.
        wait_wall(max(d.ready_wall for d in daemons) + (locations + 3) * REAL_INTERVAL_S, daemons)
        journal_fields = os.path.join(OUT, "cachetick.journal-fields")
        fields, payload = last_journal_entry(this.pid, journal_fields)
        state_copy = os.path.join(OUT, "cachetick.state.json")
        shutil.copyfile(this.state_path, state_copy)
        state_bytes = os.path.getsize(state_copy)
        status_file = os.path.join(OUT, "cachetick.status")
        with open(status_file, "w") as f:
            f.write(this.notify.last_status or "")
        # The reader a bar runs, in a cgroup of its own.
        follower_cgroup = CpuCgroup()
        follower = subprocess.Popen(
            [new.binary, "status", "--follow", "--format", "waybar", "--config", new.config,
             "--state-file", this.state_path] + (["--cache-file", this.cache_path] if this.cache_path else []),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=clean_env({}))
        if not follower_cgroup.add(follower.pid):
            follower_cgroup = None
        follower_threads = ThreadStats(follower.pid)

        def mid_tick(daemon, after):
            k = math.ceil((after - daemon.ready_wall) / REAL_INTERVAL_S - 0.5)
            return daemon.ready_wall + (k + 0.5) * REAL_INTERVAL_S

        intervals = max(1, math.ceil(CACHETICK_SECONDS / REAL_INTERVAL_S))
        c_notify = NotifySocket()
        c_notify.start_draining()
        c_binary = build_cachetick()
        # The C program: its iterations (launch + k·interval, k ≥ 1) two thirds of a tick after this build's.
        c_launch = this.ready_wall + (math.ceil((time.time() + 0.5 - this.ready_wall) / REAL_INTERVAL_S - 2 / 3)
                                      + 2 / 3) * REAL_INTERVAL_S
        wait_wall(c_launch, daemons)
        c_proc = subprocess.Popen(
            [c_binary, "--journal-from", journal_fields, "--state-from", state_copy, "--status-from", status_file,
             "--dir", c_dir, "--n", str(10 * (intervals + CACHETICK_EXTRA)), "--interval-us", str(REAL_INTERVAL_S * 1_000_000)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=clean_env({"NOTIFY_SOCKET": c_notify.path}))
        firsts = [mid_tick(d, time.time() + 1) for d in daemons]
        clones = [CloneCounter(d.pid, label) for d, label in zip(daemons, ("new", "old"))]
        log(f"cachetick: {len(daemons)} daemons and the C program at {REAL_INTERVAL_S} s, state file {state_bytes} "
            f"bytes, journal entry {fields} fields ({payload} bytes); {intervals} ticks or more from "
            f"{time.strftime('%H:%M:%S', time.localtime(min(firsts)))}")

        journald = journald_pid()
        series = [[] for _ in daemons]

        def take(i):
            d = daemons[i]
            s = d.sample()
            state = d.state()["daemon"]
            s["ticks_fetched"] = state.get("ticks_fetched")
            s["requests"] = state.get("requests")
            s["write_bytes"] = write_bytes_of(d.pid)
            if i == 0:
                s["journal_used"], s["journal_entries"] = journal_used()
                s["journald_write_bytes"] = write_bytes_of(journald) if journald else None
                follower_threads.poll()
                s["follower_cg_ns"] = follower_cgroup.usage_ns() if follower_cgroup else None
                s["follower_switches"], s["follower_sched_ns"], _ = follower_threads.totals()
                if follower.poll() is not None:
                    raise BenchError(f"status --follow exited with {follower.returncode}")
            series[i].append(s)

        def cache_intervals(i):
            """The sample pairs of daemon i without a fetch between them."""
            entries = parse_request_log(logs[i])
            pairs = []
            for a, b in zip(series[i], series[i][1:]):
                fetched = any(a["wall"] < e["t"] <= b["wall"] for e in entries)
                fetched = fetched or b["ticks_fetched"] != a["ticks_fetched"] or b["requests"] != a["requests"]
                pairs.append((a, b, fetched))
            return pairs

        k = 0
        extra = 0
        while True:
            events = sorted((mid_tick(d, first) + k * REAL_INTERVAL_S, i) for i, (d, first) in enumerate(zip(daemons, firsts)))
            for t, i in events:
                wait_wall(t, daemons)
                take(i)
            k += 1
            if k <= intervals:
                if k % 6 == 0:
                    log(f"cachetick: {k}/{intervals} ticks")
                continue
            # Enough ticks without a fetch (a data period of the look-alike may end in the window): at most
            # CACHETICK_EXTRA more.
            cached = sum(b["ticks"] - a["ticks"] for a, b, f in cache_intervals(0) if not f)
            if cached >= intervals or extra >= CACHETICK_EXTRA:
                break
            extra += 1
        ends = [s[-1] for s in series]
        fds = [count_fds(d.pid) for d in daemons]
        for counter in clones:
            counter.stop()
        # After the last sample (half a tick after the old commit's tick) the C program's next iteration is most of a tick away.
        c_proc.send_signal(signal.SIGTERM)
        out, err = c_proc.communicate(timeout=30)
        if c_proc.returncode != 0:
            c_result = None
            log(f"cachetick: the C program failed: {err.strip()}")
        else:
            c_result = json.loads(out)
    finally:
        for counter in clones:
            counter.stop()
        if c_proc and c_proc.poll() is None:
            c_proc.kill()
            c_proc.wait()
        if follower:
            stop_process(follower)
        if follower_cgroup:
            follower_cgroup.remove()
        if c_notify:
            c_notify.close()
        for daemon in daemons:
            if daemon.pid and daemon.exit_status is None:
                daemon.stop()
            daemon.kill()
        for server in servers:
            server.stop()
        shutil.rmtree(c_dir, ignore_errors=True)
    result = {"interval_s": REAL_INTERVAL_S, "data_interval_s": CACHETICK_DATA_INTERVAL, "state_bytes": state_bytes,
              "journal_fields": fields, "journal_payload_bytes": payload,
              "per": "sums over the intervals between two samples (half a tick after a tick) without a fetch, "
                     "divided by the ticks in them",
              "c": c_result, "contenders": {}, "order": [c.label for c in contenders]}
    for i, (contender, daemon) in enumerate(zip(contenders, daemons)):
        pairs = cache_intervals(i)
        cache = [(a, b) for a, b, f in pairs if not f]
        ticks = sum(b["ticks"] - a["ticks"] for a, b in cache)
        total = lambda key: sum(b[key] - a[key] for a, b in cache if a.get(key) is not None and b.get(key) is not None)
        r = {
            "binary": contender.binary,
            "state_file": daemon.state_path,
            "intervals": len(pairs),
            "fetch_intervals": sum(1 for _, _, f in pairs if f),
            "cache_ticks": ticks,
            "ticks_fetched_in_run": ends[i]["ticks_fetched"],
            "cpu_source": "cgroup" if ends[i].get("cg_ns") is not None else "schedstat (threads seen)",
            "rss_end_kb": ends[i]["VmRSS"],
            "threads_end": ends[i].get("Threads"),
            "fds_end": fds[i],
            "exit_status": daemon.exit_status,
        }
        if ticks:
            cpu_key = "cg_ns" if r["cpu_source"] == "cgroup" else "sched_ns"
            r["cpu_us_per_tick"] = total(cpu_key) / 1e3 / ticks
            r["context_switches_per_tick"] = total("switches") / ticks
            r["threads_seen_per_tick"] = total("threads_seen") / ticks
            r["write_bytes"] = total("write_bytes")
            r["write_bytes_per_tick"] = r["write_bytes"] / ticks
        events = clones[i].events() if i < len(clones) else None
        if events is not None:
            # A 1 s count belongs to a cache interval when the whole second lies inside it.
            r["clones_in_cache_ticks"] = sum(n for t, n in events
                                             if any(a["wall"] <= t - 1 and t <= b["wall"] for a, b in cache))
            r["clones_in_run"] = sum(n for _, n in events)
        if i == 0 and ticks:
            entries = total("journal_entries")
            used = total("journal_used")
            own = journal_times(daemon.pid)
            own_entries = sum(1 for t in own if any(a["wall"] < t <= b["wall"] for a, b in cache)) if own else None
            r["journal"] = {
                "bytes": used, "entries": entries,
                "bytes_per_entry": used / entries if entries else None,
                "own_entries_per_tick": own_entries / ticks if own_entries is not None else None,
                "bytes_per_tick": used / entries * own_entries / ticks if entries and own_entries is not None else None,
                "entries_per_tick_all_writers": entries / ticks,
                "journald_write_bytes": total("journald_write_bytes") if journald else None,
                "what": "growth of the used part of the journal files (header: tail object's end) over this "
                        "build's cache intervals, written for every writer (this build, the old commit, the C "
                        "program), per entry; × this build's own entries per cache tick (journalctl _PID=)",
            }
            r["follower"] = {
                "cpu_source": "cgroup" if ends[0].get("follower_cg_ns") is not None else "schedstat",
                "cpu_us_per_tick": (total("follower_cg_ns") / 1e3 if ends[0].get("follower_cg_ns") is not None
                                    else total("follower_sched_ns") / 1e3) / ticks,
                "context_switches_per_tick": total("follower_switches") / ticks,
            }
        result["contenders"][contender.label] = r
    for daemon in daemons:
        daemon.remove_files()
    return result


def build_cachetick():
    binary = os.path.join(OUT, "bin", "cachetick")
    os.makedirs(os.path.dirname(binary), exist_ok=True)
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise BenchError("no C compiler for bench/cachetick.c")
    result = subprocess.run([cc, "-O2", "-Wall", "-o", binary, os.path.join(BENCH_DIR, "cachetick.c"), "-lsystemd"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BenchError("bench/cachetick.c: " + result.stderr.strip()[-500:])
    return binary


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


def section_shell(server):
    directory = os.path.join(WORKDIR, "shell")
    os.makedirs(directory, exist_ok=True)
    program = os.path.join(OUT, "baseline.jq")
    with open(program, "w") as f:
        f.write(wmo.jq_program())
    url = server.base_url + FORECAST_QUERY
    # One run by hand first: the output must be a valid state file.
    subprocess.run([os.path.join(BENCH_DIR, "baseline_shell.sh"), url, "1", directory, program], check=True)
    with open(os.path.join(directory, "state.json")) as f:
        sample = json.load(f)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(
        [os.path.join(BENCH_DIR, "baseline_shell.sh"), url, str(SHELL_N), directory, program], check=True
    )
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(directory, ignore_errors=True)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "n": SHELL_N,
        "cpu_us_per_fetch": cpu * 1e6 / SHELL_N,
        "user_us_per_fetch": (after.ru_utime - before.ru_utime) * 1e6 / SHELL_N,
        "system_us_per_fetch": (after.ru_stime - before.ru_stime) * 1e6 / SHELL_N,
        "wall_us_per_fetch": wall * 1e6 / SHELL_N,
        "sample_description": sample["locations"][0]["weather"]["description"],
    }


def section_python(server):
    """The Python loop on weatherd's 10 ms grid (the comparison, with its RSS), and back to back (for reference)."""
    directory = os.path.join(WORKDIR, "python")
    os.makedirs(directory, exist_ok=True)

    def run(n, extra):
        result = subprocess.run(
            [sys.executable, "-B", os.path.join(BENCH_DIR, "baseline_requests.py"),
             server.base_url + FORECAST_QUERY, str(n), directory] + extra,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if result.returncode != 0:
            raise BenchError("baseline_requests.py: " + result.stderr.strip()[-2000:])
        return json.loads(result.stdout)

    paced = run(PYTHON_N, [str(TICK_INTERVAL_NS // 1000)])
    paced["back_to_back"] = run(PYTHON_B2B_N, [])
    shutil.rmtree(directory, ignore_errors=True)
    return paced


def swift_module(name):
    """The module a symbol belongs to: the first identifier of a Swift mangled name, or a library told by
    its C/C++ name (BoringSSL, the Swift runtime, Dispatch, NIO's C parts)."""
    bare = name.lstrip("_")
    if bare.startswith("$s"):
        rest = bare[2:]
        match = re.match(r"(\d+)", rest)
        if match:
            length = int(match.group(1))
            return rest[len(match.group(1)) : len(match.group(1)) + length]
        return "Swift"  # `s` (the standard library) and standard substitutions (`Si`, `SS`, `Sa`, `Sc…`)
    if "BoringSSL" in name or name.startswith("_ZN4bssl") or "boringssl" in name:
        return "BoringSSL (C)"
    if "swift" in name.lower() or name.startswith(("_ZN5swift", "_ZN7__swift")):
        return "Swift runtime (C++)"
    if "dispatch" in name or name.startswith(("_Block", "Block_")):
        return "Dispatch (C)"
    if name.startswith(("c_nio", "CNIO", "llhttp")):
        return "NIO (C)"
    if name.startswith("_Z"):
        return "other C++"
    return "other C"


def binary_footprint(binary, work, nm_groups=True):
    """Sizes of `binary` as built and stripped as scripts/build-deb strips it, its sections (`size -A`), and
    its symbols' bytes by module (`nm --size-sort -S`, which sees code and data, not unwind tables or
    Swift's metadata sections)."""
    stripped = os.path.join(work, os.path.basename(binary) + ".stripped")
    subprocess.run(STRIP_ARGS + ["-o", stripped, binary], check=True)
    result = {"bytes": os.path.getsize(binary), "stripped_bytes": os.path.getsize(stripped)}
    sections = {}
    out = subprocess.run(["size", "-A", stripped], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit() and parts[0] != "Total":
            sections[parts[0]] = int(parts[1])
    result["sections"] = dict(sorted(sections.items(), key=lambda kv: -kv[1]))
    result["dynamic_symbols"] = sections.get(".dynsym", 0) // 24
    comment = subprocess.run(["readelf", "-p", ".comment", binary], capture_output=True, text=True).stdout
    result["linker"] = "lld" if "Linker: LLD" in comment else "other (no LLD stamp)"
    dynamic = subprocess.run(["readelf", "-d", stripped], capture_output=True, text=True).stdout
    result["relr"] = "RELR" in dynamic
    if nm_groups:
        groups = {}
        out = subprocess.run(["nm", "--size-sort", "-S", binary], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue
            module = swift_module(parts[3])
            groups[module] = groups.get(module, 0) + int(parts[1], 16)
        result["symbol_bytes_total"] = sum(groups.values())
        result["symbol_bytes_by_module"] = dict(sorted(groups.items(), key=lambda kv: -kv[1]))
    os.unlink(stripped)
    return result


OWN_MODULES = ("weatherd", "WeatherCore", "WeatherDaemon", "StateStore", "OpenMeteo", "YAML", "Systemd")


def section_sizes(old_binary):
    work = os.path.join(OUT, "sizes")
    os.makedirs(work, exist_ok=True)
    result = {"weatherd": binary_footprint(WEATHERD, work)}
    groups = result["weatherd"]["symbol_bytes_by_module"]
    result["weatherd"]["own_modules_bytes"] = sum(groups.get(m, 0) for m in OWN_MODULES)
    if old_binary:
        result["old"] = binary_footprint(old_binary, work, nm_groups=False)
    return result


def section_deb():
    """`scripts/build-deb` into .build/bench/deb: the package's size, Installed-Size and Depends."""
    directory = os.path.join(OUT, "deb")
    shutil.rmtree(directory, ignore_errors=True)
    result = subprocess.run([os.path.join(ROOT, "scripts", "build-deb"), "--output", directory],
                            capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if result.returncode != 0:
        raise BenchError("scripts/build-deb failed: " + (result.stderr or result.stdout).strip()[-1500:])
    deb = result.stdout.strip().splitlines()[-1]
    deb = deb if os.path.isabs(deb) else os.path.join(ROOT, deb)
    fields = subprocess.run(["dpkg-deb", "-f", deb, "Installed-Size", "Depends"], capture_output=True,
                            text=True).stdout
    info = {"path": os.path.relpath(deb, ROOT), "bytes": os.path.getsize(deb)}
    for line in fields.splitlines():
        key, _, value = line.partition(":")
        info[key.strip().lower().replace("-", "_")] = value.strip()
    packaged = os.path.join(ROOT, ".build-deb", "stage", "usr", "bin", "weatherd")
    if os.path.exists(packaged):
        info["packaged_binary_bytes"] = os.path.getsize(packaged)
    return info


# --------------------------------------------------------------------------
# report


def fmt(value, unit="", digits=0):
    if value is None:
        return "n/a"
    if isinstance(value, float):
        text = f"{value:,.{digits}f}"
    else:
        text = f"{value:,}"
    return f"{text} {unit}".strip()


MB = 1_000_000


def rss_values(rss):
    return [v for k, v in rss.items() if k.startswith("after_")]


def verdicts(r):
    """(name, value text, target text, met or None) for every target of issues 10 and 11 and the tick timing."""
    rows = []
    day = r.get("planner_day")
    if day:
        rows.append((PLANNER_DAY_ROW, fmt(day["weight"], "", 1), f"≤ {DAY_BUDGET_CALLS}",
                     day["weight"] <= DAY_BUDGET_CALLS))
    sizes = r.get("sizes")
    if sizes:
        value = sizes["weatherd"]["stripped_bytes"]
        rows.append(("stripped binary (make build)", fmt(value / MB, "MB", 1), "≤ 30 MB", value <= 30 * MB))
    deb = r.get("deb")
    if deb:
        rows.append((".deb (make deb)", fmt(deb["bytes"] / MB, "MB", 1), "≤ 10 MB", deb["bytes"] <= 10 * MB))
    main = r.get("main")
    if main:
        peak = max(rss_values(main["rss_kb"]))
        rows.append(("RSS, largest of the three", fmt(peak / 1024, "MB", 1), "≤ 20 MB", peak <= 20 * 1024))
        growth = main["rss_growth_kb"]
        a, b = main["rss_growth_between"]
        rows.append((f"RSS growth tick {a:,}→{b:,} (flat)", fmt(growth, "KB"), "< 1 MB", growth < 1024))
        late = main.get("lateness")
        if late:
            skipped = main.get("ticks_skipped_while_running", main["final_state"]["ticks_skipped"])
            rows.append(("tick lateness p99", fmt(late["p99_ms"], "ms", 2), "≤ 5 ms", late["p99_ms"] <= 5))
            ok = late["max_ms"] <= 20 and skipped == 0 and late["missing_slots"] == 0
            rows.append((
                "every tick ≤ 20 ms late, none skipped",
                f"max {late['max_ms']:.2f} ms, {max(skipped, late['missing_slots'])} missed",
                "≤ 20 ms, 0",
                ok,
            ))
    startup = ((r.get("startup") or {}).get("runs") or {}).get("weatherd")
    if startup:
        value = startup["exec_to_ready_ms"]["median"]
        rows.append(("exec → READY=1 (median)", fmt(value, "ms", 1), "≤ 20 ms", value <= 20))
    for name, value, _, _, target, ok in cachetick_rows(r):
        if ok is not None:
            rows.append((f"cache tick: {name}", value, target, ok))
    compare = r.get("compare")
    if compare:
        value = compare["ratio"]
        rows.append(("per-fetch CPU, new ÷ old (median of the pairs' ratios)", fmt(value, "×", 2), "≤ 1.3×",
                     value <= 1.3))
    return rows


PLANNER_DAY_ROW = "weighted calls a day, simulated UTC day, at the look-alike"


def cachetick_rows(r):
    """The cache-tick budgets: (name, this build, old commit, C, limit, met or None), the values as text."""
    ct = r.get("cachetick")
    if not ct:
        return []
    labels = ct["order"]
    new = ct["contenders"][labels[0]]
    old = ct["contenders"][labels[1]] if len(labels) > 1 else {}
    c = ct.get("c") or {}
    rows = []
    cpu, c_cpu = new.get("cpu_us_per_tick"), c.get("cpu_us_per_iter")
    ratio = cpu / c_cpu if cpu is not None and c_cpu else None
    rows.append(("CPU per cache tick (µs)", fmt(cpu, "", 1), fmt(old.get("cpu_us_per_tick"), "", 1), fmt(c_cpu, "", 1),
                 f"≤ {CACHETICK_CPU_RATIO} × C (ratio {fmt(ratio, '', 2)})",
                 None if ratio is None else ratio <= CACHETICK_CPU_RATIO))
    switches = new.get("context_switches_per_tick")
    rows.append(("context switches per cache tick (all threads)", fmt(switches, "", 2),
                 fmt(old.get("context_switches_per_tick"), "", 2), fmt(c.get("context_switches_per_iter"), "", 2),
                 f"≤ {CACHETICK_SWITCHES}", None if switches is None else switches <= CACHETICK_SWITCHES))
    clones = new.get("clones_in_cache_ticks")
    rows.append(("threads created by cache ticks (clone, perf)", fmt(clones), fmt(old.get("clones_in_cache_ticks")),
                 "0", "0", None if clones is None else clones == 0))
    written = new.get("write_bytes")
    rows.append(("write_bytes by cache ticks", fmt(written), fmt(old.get("write_bytes")), "", "0",
                 None if written is None else written == 0))
    journal = new.get("journal") or {}
    rows.append(("journald bytes per tick (journal files' used part)", fmt(journal.get("bytes_per_tick"), "", 0),
                 "", "", "", None))
    rss, old_rss = new.get("rss_end_kb"), old.get("rss_end_kb")
    rows.append(("RSS at the end (MB)", fmt(rss / 1024 if rss else None, "", 1),
                 fmt(old_rss / 1024 if old_rss else None, "", 1), "", f"≤ {labels[1] if old else 'old'}",
                 None if not (rss and old_rss) else rss <= old_rss))
    follower = new.get("follower") or {}
    rows.append(("status --follow: CPU per tick (µs)", fmt(follower.get("cpu_us_per_tick"), "", 1), "", "", "", None))
    return rows


def planner_day_line(day):
    """The budget line: the simulated day's weighted calls counted at the look-alike, and the planner's."""
    return (f"weighted calls a day at the defaults (every part on), simulated UTC day, counted at the look-alike: "
            f"{day['weight']:.1f} (limit {DAY_BUDGET_CALLS}); the planner's own count: {day['planner_weight']:.1f}")


def real_name(label, c):
    """How a contender of the real-interval run is named in the table."""
    if label in ("auto", "every_tick"):
        return f"refresh: {c['refresh']}"
    return f"{label} (refresh: {c['refresh']})" if c["refresh"] else f"{label} (fetches at every tick)"


def print_table(r):
    m = r["machine"]
    lines = []
    add = lines.append
    add("")
    add(f"weatherd benchmark — {m.get('weatherd_version', '?')} ({m.get('git', '?')}), release build, {m['time']}")
    add(
        f"machine: {m['cpus']} CPUs {m.get('cpu_model', '')}, kernel {m['kernel']}, "
        f"load avg {'/'.join(map(str, m['loadavg_start']))} at start, "
        f"{'/'.join(map(str, m.get('loadavg_end', [])))} at end"
    )
    fs = m.get("workdir_fs") or {}
    add(f"caches on {fs.get('fstype')} ({fs.get('source')}), state files on tmpfs (an older daemon's beside its "
        f"cache); old: {r.get('old_label', 'n/a')}")
    # The end figure includes the benchmark's own processes (daemon, server, harness: about 1), so only
    # the load found at the start says whether someone else was busy.
    if m["loadavg_start"][0] > 0.5:
        add("NOTE: the machine was not quiet (1-min load > 0.5 at start): figures are indicative; "
            "re-run on a quiet machine.")
    add("")
    width = 64
    add(f"{'measurement':<{width}} {'value':>30}   {'target':<10} result")
    add("-" * (width + 53))

    def row(name, value, target="", result=""):
        add(f"{name:<{width}} {value:>30}   {target:<10} {result}")

    target_of = {name: (target, ok) for name, _, target, ok in verdicts(r)}

    def judged(name, value):
        target, ok = target_of.get(name, ("", None))
        row(name, value, target, "" if ok is None else ("PASS" if ok else "MISSED  <<<"))

    def retired(name, value, was):
        row(name, value, "retired", f"(was {was})")

    day = r.get("planner_day")
    if day:
        p = day["planner"]
        add(f"the real planner through a simulated UTC day ({p['day']}) at the defaults: "
            f"{len(p['locations'])} locations, every {p['interval_s']:g} s, data every {p['data_interval_s']:g} s, "
            f"every forecast part on")
        add("  " + planner_day_line(day))
        judged(PLANNER_DAY_ROW, fmt(day["weight"], "", 1))
        row("  the planner's own count: its quota ledger / its orders' weights",
            f"{day['planner_weight']:.1f} / {day['orders_weight']:.1f}")
        row("  requests: all / with minutely_15= / hourly= / daily=",
            f"{day['requests']} / {day['nowcast_requests']} / {day['hourly_requests']} / {day['daily_requests']}")
        w = day["weight_by_part"]
        row("  weight: current + nowcast / the hours add / the days add",
            f"{w['base']:.1f} / {w['hourly']:.1f} / {w['daily']:.1f}")
        row("  daily= per location (" + ", ".join(loc["name"] for loc in p["locations"]) + ")",
            " / ".join(str(loc["with_daily"]) for loc in p["locations"]))
        row("  answers failed / without a block asked for; ticks; seconds",
            f"{p['failed']} / {p['incomplete_answers']}; {p['ticks']:,}; {day['seconds']:.1f} s")
    real = r.get("realtime")
    if real:
        add(f"requests at the default configuration ({real['locations']} locations, every {real['interval_s']} s), "
            f"{real['window_s'] / 60:.0f} min against fake-open-meteo --data-interval {real['data_interval_s']}")
        if real["window_s"] < 600:
            add("  NOTE: the window is shorter than the 10 minutes these figures ask for (BENCH_REAL_SECONDS)")
        for label, c in real["contenders"].items():
            if c.get("clock_offset_s"):
                continue  # the skewed daemons: their figure below, the rest in the JSON
            q = c["requests"]
            name = real_name(label, c)
            if c["refresh"] == "auto":
                row(f"  {name}: requests per location per data period",
                    f"{q['per_location_period']:.2f} ({q['requests']} in {q['locations']}×{q['periods']})")
                row("    location-periods without a request / with two or more", f"{q['missed']} / {q['twice']}")
                if q.get("lag_after_boundary_s"):
                    row("    request after the period's start: median / max",
                        f"{q['lag_after_boundary_s']['median']:.1f} / {q['lag_after_boundary_s']['max']:.1f} s")
                row(f"    → requests per day ({c['scaling'].split(' × requests')[0]} × that)",
                    fmt(c.get("requests_per_day"), "", 0))
            else:
                row(f"  {name}: requests in the window", fmt(q["requests"]))
                row("    → requests per day", fmt(c.get("requests_per_day"), "", 0))
            used = c.get("quota_day_used")
            if used and used.get("window") is not None:
                row("    weighted calls in the window: daemon.quota.day.used / the log",
                    f"{used['window']:.1f} / {used['log_same_window']:.1f}")
            if c.get("weighted_per_day") is not None:
                parts = c["weighted_per_day_parts"]
                # requests a day × their weight without hours and days + hours + days (docs/forecast.md's slots).
                row(f"    → weighted calls a day: {parts['requests']:,.0f} × {parts['base_weight']:.2f}"
                    f" + {parts['hourly_blocks']} × {parts['hourly_extra_weight']:.1f}"
                    f" + {parts['daily_blocks']} × {parts['daily_extra_weight']:.1f}",
                    fmt(c["weighted_per_day"], "", 1))
                if day and c["refresh"] == "auto":
                    row("      beside the simulated UTC day (at the look-alike; the planner's)",
                        f"{day['weight']:.1f} ({day['planner_weight']:.1f})")
            blocks = c["run_blocks"]
            # In brackets what the rule asks: the location-hours and location-slots the requests fell in.
            row("    whole run: requests / minutely_15= / hourly= / daily= (rule)",
                f"{blocks['requests']} / {blocks['nowcast']} / {blocks['hourly']} ({blocks['location_hours']}) / "
                f"{blocks['daily']} ({blocks['location_slots']})")
            at_exit = (c.get("quota_day_used") or {}).get("at_exit")
            row("    whole run: weight by the log / by the daemon",
                f"{c['run_weight']:.1f} / " + (f"{at_exit:.1f}" if at_exit is not None else "n/a"))
        for line in skew.lines(r.get("skew") or {"clocks": {}}):
            add("  " + line)
        add(f"CPU at the real {real['interval_s']} s interval (same run and window; "
            f"{next(iter(real['contenders'].values()))['window']['cpu_source']})")
        for label, c in real["contenders"].items():
            if c.get("clock_offset_s"):
                continue
            w = c["window"]
            name = real_name(label, c)
            row(f"  {name}: CPU per hour / per day",
                f"{w['cpu_ms_per_hour']:,.0f} ms / {w['cpu_ms_per_hour'] * 24 / 1e3:.2f} s")
            row("    CPU per tick", fmt(w.get("cpu_us_per_tick"), "µs", 0))
            life = c.get("life") or {}
            ticks = (c["end"].get("final_state") or {}).get("ticks")
            row("    wake-ups (context switches) per tick: window / whole life",
                f"{w.get('context_switches_per_tick', 0):.1f} / "
                + (f"{life['context_switches'] / ticks:.1f}" if life and ticks else "n/a"))
            row("    threads started per tick; RSS and threads at the end",
                f"{w.get('threads_started_per_tick', 0):.1f}; {c['end']['rss_kb'] / 1024:.1f} MB, {c['end']['threads']}")
    compare = r.get("compare")
    if compare:
        add(f"per-fetch CPU at 10 ms, refresh every tick, no limits, one current-only body "
            f"({len(compare['pairs'])} pairs of {compare['ticks_each']:,} ticks, alternating)")
        row(f"  {compare['old']} (median)", fmt(compare["old_us_per_fetch"], "µs", 0))
        row(f"  {compare['new']} (median)", fmt(compare["new_us_per_fetch"], "µs", 0))
        judged("per-fetch CPU, new ÷ old (median of the pairs' ratios)", fmt(compare["ratio"], "×", 2))
        pr = compare["pair_ratios"]
        row("  the pairs' ratios: min / max; ratio of the two medians",
            f"{pr['min']:.2f} / {pr['max']:.2f}; {compare['ratio_of_medians']:.2f}")
        row("  context switches per fetch: old / new",
            f"{compare['old_switches_per_fetch']:.1f} / {compare['new_switches_per_fetch']:.1f}")
    sizes = r.get("sizes")
    deb = r.get("deb")
    main = r.get("main")
    startup = (r.get("startup") or {}).get("runs") or {}
    if sizes or deb or main or startup:
        add("footprint")
    if sizes:
        s = sizes["weatherd"]
        judged("stripped binary (make build)", fmt(s["stripped_bytes"] / MB, "MB", 1))
        row("  unstripped / linker / RELR / dynamic symbols",
            f"{s['bytes'] / MB:.1f} MB / {s['linker'].split()[0]} / {'yes' if s['relr'] else 'no'} / {s['dynamic_symbols']:,}")
        top = ", ".join(f"{k} {v / MB:.1f}" for k, v in list(s["sections"].items())[:5])
        add(f"    largest sections (MB): {top}")
        groups = s.get("symbol_bytes_by_module") or {}
        top = ", ".join(f"{k} {v / MB:.2f}" for k, v in list(groups.items())[:10])
        add(f"    symbols by module (MB): {top}; weatherd's own {s['own_modules_bytes'] / MB:.2f}")
        if "old" in sizes:
            o = sizes["old"]
            row(f"  {r.get('old_label')}: stripped / largest section",
                f"{o['stripped_bytes'] / MB:.1f} MB / " + ", ".join(
                    f"{k} {v / MB:.1f}" for k, v in list(o["sections"].items())[:1]))
    if deb:
        judged(".deb (make deb)", fmt(deb["bytes"] / MB, "MB", 1))
        row("  Installed-Size", f"{int(deb.get('installed_size', 0)) / 1024:.1f} MB")
    if main:
        rss = main["rss_kb"]
        values = " / ".join(f"{v / 1024:.1f}" for v in rss_values(rss))
        labels = " / ".join(k.replace("after_", "").replace("_ticks", "").replace("start", "start")
                            for k in rss if k.startswith("after_"))
        row(f"  VmRSS after {labels} ticks (10 ms, every tick fetches)", values + " MB")
        judged("RSS, largest of the three", fmt(max(rss_values(rss)) / 1024, "MB", 1))
        a, b = main["rss_growth_between"]
        judged(f"RSS growth tick {a:,}→{b:,} (flat)", fmt(main["rss_growth_kb"], "KB"))
        end_sample = main["rss_samples"]["end"]
        row("  anonymous / file-backed at the end",
            f"{end_sample['RssAnon'] / 1024:.1f} / {end_sample['RssFile'] / 1024:.1f} MB")
        if main.get("pss_kb_end") is not None:
            row("  Pss at the end (shared pages divided among their users)", fmt(main["pss_kb_end"] / 1024, "MB", 1))
        mappings = main.get("rss_kb_by_mapping_end") or {}
        if mappings:
            top = ", ".join(f"{name} {v['rss_kb'] / 1024:.1f}" for name, v in list(mappings.items())[:5])
            add(f"    largest mappings (MB): {top}")
        row("  threads / open fds at the end", f"{main['threads_end']} / {main['fds_end']}")
    python = (r.get("baselines") or {}).get("python")
    if python and python.get("rss_kb"):
        values = " / ".join(f"{v / 1024:.1f}" for v in python["rss_kb"].values())
        labels = " / ".join(k.replace("after_", "") for k in python["rss_kb"])
        row(f"  Python requests loop: VmRSS after {labels} fetches", values + " MB")
    if compare:
        row(f"  VmRSS after {COMPARE_WARMUP + compare['ticks_each']:,} ticks: old / new (median)",
            f"{compare['old_rss_kb_end'] / 1024:.1f} / {compare['new_rss_kb_end'] / 1024:.1f} MB")
    for label, s in startup.items():
        if label == "weatherd":
            judged("exec → READY=1 (median)", fmt(s["exec_to_ready_ms"]["median"], "ms", 1))
        else:
            row(f"  {label}: exec → READY=1 (median)", fmt(s["exec_to_ready_ms"]["median"], "ms", 1))
        row(f"  {label}: READY min / max; `--version` exec → exit; SIGTERM → exit",
            f"{s['exec_to_ready_ms']['min']:.1f} / {s['exec_to_ready_ms']['max']:.1f}; "
            f"{s['version_exec_to_exit_ms']['median']:.1f}; {s['sigterm_to_exit_ms']['median']:.1f} ms")
        if s.get("ignored_sigterm"):
            add(f"  WARNING: {len(s['ignored_sigterm'])} of {s['starts']} starts of {label} ignored SIGTERM "
                "sent right after READY=1 for 10 s and were SIGKILLed (details in the JSON: ignored_sigterm)")
    if main:
        w = main["window"]
        add(f"CPU per tick at 10 ms, every tick a fetch (ticks {w['ticks']:,} after {main['rss_growth_between'][0]:,}; "
            "the old budgets are retired: figures only)")
        retired("  CPU per tick (journal + fsync)", fmt(w["cpu_us_per_tick"], "µs", 1), "≤ 400 µs")
        row("    user / system (/proc, 10 ms clock ticks)",
            f"{w['user_us_per_tick']:.0f} / {w['system_us_per_tick']:.0f} µs")
        row("    context switches per tick (all threads)", f"{w['context_switches_per_tick']:.1f}")
        row("    whole run incl. start-up", fmt(main["whole_run"].get("cpu_us_per_tick"), "µs", 1))
    split = r.get("split", {})
    if split:
        for key, name in (
            ("pair_journal_cpu_us_per_tick", "  journal, short runs paired with stderr runs (median)"),
            ("stderr_cpu_us_per_tick", "  --log-target stderr (to /dev/null) instead (median)"),
            ("journal_cost_us", "  → journal costs weatherd (median of pair differences)"),
            ("crosscheck_cpu_us_per_tick", "  against fake-open-meteo instead (journal)"),
            ("floor_wake_us", "  floor: waking from the 10 ms sleep alone, in C"),
            ("floor_http_us", "  floor: keep-alive GET in C"),
            ("floor_state_us", "  floor: write+fsync+rename+dir fsync in C"),
            ("floor_state_file_only_us", "    …fsync of the file only"),
            ("floor_state_nosync_us", "    …no fsync at all"),
            ("floor_journal_us", "  floor: sd_journal_sendv 27 fields in C"),
            ("floor_notify_us", "  floor: sd_notify STATUS= in C"),
            ("floor_whole_tick_us", "  floor: the whole tick in C (all of the above)"),
            ("weatherd_above_floor_us", "  → weatherd above the C floor"),
        ):
            if key in split:
                row(name, fmt(split[key], "µs", 1))
        if "floor_whole_tick_switches" in split and "weatherd_switches" in split:
            row("  context switches per tick: whole tick in C / weatherd",
                f"{split['floor_whole_tick_switches']:.1f} / {split['weatherd_switches']:.1f}")
        if "state_write_wall_ms" in split:
            row("  durable state write, wall time (C, mean / max)",
                f"{split['state_write_wall_ms']:.2f} / {split['state_write_wall_max_ms']:.1f} ms")
    if main:
        add("tick timing at 10 ms (request arrival at the server vs READY + k·10 ms)")
        late = main.get("lateness")
        if late:
            row("  lateness median", fmt(late["median_ms"], "ms", 2))
            judged("tick lateness p99", fmt(late["p99_ms"], "ms", 2))
            skipped = main.get("ticks_skipped_while_running", main["final_state"]["ticks_skipped"])
            judged("every tick ≤ 20 ms late, none skipped",
                   f"max {late['max_ms']:.2f} ms, {max(skipped, late['missing_slots'])} missed")
            row("  ticks skipped (daemon) / 10 ms slots without a request",
                f"{skipped} / {late['missing_slots']} of {late['slots']}")
            if main.get("abandoned_at_stop"):
                row("  fetch in flight at SIGTERM (counted skipped by stop, not missed)",
                    fmt(main["abandoned_at_stop"]))
            row("  first request after READY", fmt(late["first_request_ms_after_ready"], "ms", 2))
            row("  requests seen / ticks / fetches ok+failed",
                f"{late['requests']} / {main['final_state']['ticks']} / "
                f"{main['final_state']['fetches_ok']}+{main['final_state']['fetches_failed']}")
        if main.get("journal_weather_entries") is not None:
            row("  weather entries found in the journal", fmt(main["journal_weather_entries"]))
        journal = main.get("journal") or {}
        if "fetch_ms" in journal:
            f = journal["fetch_ms"]
            row("  fetch time, from the journal (median / p99 / max)",
                f"{f['median']:.0f} / {f['p99']:.0f} / {f['max']:.0f} ms")
        for skip in (journal.get("skipped") or [])[:5]:
            row(f"  skipped tick {skip['index']}: the fetch before took / was logged after its slot",
                f"{skip['previous_fetch_ms']:.0f} / {skip['previous_logged_after_slot_ms']:.1f} ms")
    base = r.get("baselines", {})
    if base:
        add("baselines (same server, CPU per fetch incl. children)")
        if "shell" in base:
            row(f"  shell: sh -c 'curl | jq > tmp && mv' ×{base['shell']['n']}",
                fmt(base["shell"]["cpu_us_per_fetch"], "µs", 0))
        if "python" in base:
            row(f"  Python requests loop ×{base['python']['n']:,}, every 10 ms",
                fmt(base["python"]["cpu_us_per_fetch"], "µs", 0))
            if "back_to_back" in base["python"]:
                row(f"    …the same loop back to back ×{base['python']['back_to_back']['n']:,} (no timer)",
                    fmt(base["python"]["back_to_back"]["cpu_us_per_fetch"], "µs", 0))
        if main:
            row("  weatherd (journal + fsync, from above)", fmt(main["window"]["cpu_us_per_tick"], "µs", 0))
        ratios = r.get("ratios", {})
        retired("  Python requests CPU/fetch ÷ weatherd", fmt(ratios.get("python_over_weatherd"), "×", 1), "≥ 5×")
        retired("  shell curl|jq CPU/fetch ÷ weatherd", fmt(ratios.get("shell_over_weatherd"), "×", 1), "≥ 50×")
    ct = r.get("cachetick")
    if ct:
        labels = ct["order"]
        new = ct["contenders"][labels[0]]
        old_label = labels[1] if len(labels) > 1 else "old"
        add("")
        head = (f"  cache tick budgets ({new.get('cache_ticks', 0)} ticks at {ct['interval_s']} s, state file "
                f"{ct['state_bytes']:,} bytes, with status --follow)")
        add(head)
        add(f"{'':<{width + 18}} {'this build':>12} {old_label:>10} {'C':>8}   limit")
        for name, value, old_value, c_value, target, ok in cachetick_rows(r):
            verdict = "" if ok is None else ("ok" if ok else "MISSED  <<<")
            add(f"    {name:<{width + 14}} {value:>12} {old_value:>10} {c_value:>8}   {target:<24} {verdict}")
        journal = new.get("journal") or {}
        c = ct.get("c") or {}
        add(f"    per cache tick: sums over {new.get('intervals', 0) - new.get('fetch_intervals', 0)} of "
            f"{new.get('intervals', 0)} intervals (half a tick after each tick) without a request in the look-alike's "
            f"log nor a change of ticks_fetched/requests; fetch intervals left out: {new.get('fetch_intervals')} "
            f"({old_label}: {ct['contenders'][old_label]['fetch_intervals'] if old_label in ct['contenders'] else 'n/a'})")
        add(f"    CPU: cgroup of each daemon (all threads); C: getrusage over its {c.get('n', 'n/a')} iterations, "
            f"{ct['journal_fields']} journal fields ({ct['journal_payload_bytes']} bytes), STATUS=, the state file's "
            f"{ct['state_bytes']:,} bytes on tmpfs")
        if journal:
            add(f"    journald: {fmt(journal.get('bytes'))} bytes used by {fmt(journal.get('entries'))} entries of every "
                f"writer in the window (this build, {old_label}, C): {fmt(journal.get('bytes_per_entry'))} bytes an entry "
                f"× {fmt(journal.get('own_entries_per_tick'), '', 2)} entries of this build a cache tick; journald's own "
                f"write_bytes {fmt(journal.get('journald_write_bytes'))} (journal on tmpfs)")
        if new.get("clones_in_run") is not None:
            add(f"    clone/clone3 calls over the whole sampled run, fetch ticks included: {new['clones_in_run']}"
                + (f" ({old_label}: {ct['contenders'][old_label].get('clones_in_run')})" if old_label in ct['contenders'] else ""))
    for line in fleet.lines(r.get("fleet")):
        add(line)
    add("-" * (width + 53))
    missed = [name for name, _, _, ok in verdicts(r) if ok is False]
    if missed:
        add(f"MISSED: {len(missed)} target(s): " + "; ".join(missed))
    else:
        add("all targets met")
    if r.get("errors"):
        add("ERRORS (measurements missing): " + "; ".join(r["errors"]))
    add(f"JSON: {os.path.relpath(os.path.join(OUT, 'results.json'), ROOT)}")
    print("\n".join(lines), flush=True)
    return missed


# --------------------------------------------------------------------------


def main():
    global WEATHERD, FAKE, PLANNER_DAY
    # SIGTERM/SIGINT unwind through the finally blocks, so the servers and daemons started here stop too.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    for path in (WEATHERD, FAKE):
        if not os.access(path, os.X_OK):
            print(f"bench: {path} missing: run `make bench`", file=sys.stderr)
            return 2
    measured = {"startup", "main", "compare", "stderr", "crosscheck", "realtime", "cachetick"}
    if not measured <= SKIP and not os.path.exists("/run/systemd/journal/socket"):
        print(
            "bench: no journald socket (/run/systemd/journal/socket): run inside scripts/with-journald "
            "(make bench does)",
            file=sys.stderr,
        )
        return 2
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(WORKDIR, exist_ok=True)
    WEATHERD = snapshot(WEATHERD, "weatherd")
    FAKE = snapshot(FAKE, "fake-open-meteo")
    if "plannerday" not in SKIP and os.access(PLANNER_DAY, os.X_OK):
        PLANNER_DAY = snapshot(PLANNER_DAY, "bench-planner-day")
    fs = filesystem_of(WORKDIR)
    if fs and fs["fstype"] in ("tmpfs", "ramfs", "overlay"):
        print(f"bench: {WORKDIR} is on {fs['fstype']}: set BENCH_WORKDIR to a real disk directory", file=sys.stderr)
        return 2

    results = {"machine": machine_info(), "errors": [], "knobs": {
        "ticks": TICKS, "rss_mid": RSS_MID, "compare_pairs": COMPARE_PAIRS, "compare_ticks": COMPARE_TICKS,
        "compare_warmup": COMPARE_WARMUP, "split_ticks": SPLIT_TICKS, "split_warmup": SPLIT_WARMUP,
        "split_pairs": SPLIT_PAIRS, "real_seconds": REAL_SECONDS, "data_interval": DATA_INTERVAL,
        "starts": STARTS, "shell_n": SHELL_N, "python_n": PYTHON_N, "python_b2b_n": PYTHON_B2B_N,
        "floor_n": FLOOR_N, "old_commit": OLD_COMMIT, "old_weatherd": OLD_WEATHERD, "old_config": OLD_CONFIG,
        "skew_s": skew.SKEW_S, "skip": sorted(SKIP)}}
    log(f"load average {results['machine']['loadavg_start']}; caches (an older daemon's state files) in {WORKDIR} "
        f"({fs}); state files of daemons with a cache on tmpfs in {RUNTIME_DIR}")

    def section(name, func, *args):
        if name in SKIP:
            return None
        log(f"{name} ... (load {loadavg()})")
        started = time.monotonic()
        try:
            value = func(*args)
        except (BenchError, RuntimeError, OSError, subprocess.SubprocessError, ValueError, KeyError) as error:
            results["errors"].append(f"{name}: {error}")
            log(f"{name} FAILED: {error}")
            return None
        if isinstance(value, dict):
            value["section_seconds"] = round(time.monotonic() - started, 1)
            value["loadavg_after"] = loadavg()
        log(f"{name} done in {time.monotonic() - started:.0f} s")
        return value

    # Builds first: they load both cores, and nothing is measured meanwhile.
    old_binary, old_label = None, None
    if OLD_WEATHERD:
        old_binary, old_label = snapshot(OLD_WEATHERD, "weatherd-other"), "other"
        results["old"] = {"binary": OLD_WEATHERD, "config": OLD_CONFIG}
    else:
        built = section("old", lambda: dict(zip(("binary", "commit", "flags", "build_seconds"),
                                                old_build.build_old(OLD_COMMIT, log))))
        if built:
            old_binary = snapshot(built["binary"], f"weatherd-{built['commit'][:7]}")
            old_label = built["commit"][:7]
            results["old"] = built
    results["old_label"] = old_label
    cachetick_old = None
    if "cachetick" not in SKIP:
        if CACHETICK_OLD_WEATHERD:
            cachetick_old = ("other", snapshot(CACHETICK_OLD_WEATHERD, "weatherd-cachetick-other"))
        else:
            built = section("cachetick-old", lambda: dict(zip(("binary", "commit", "flags", "build_seconds"),
                                                              old_build.build_old(CACHETICK_OLD_COMMIT, log))))
            if built:
                cachetick_old = (built["commit"][:7], snapshot(built["binary"], f"weatherd-{built['commit'][:7]}"))
    results["sizes"] = section("sizes", section_sizes, old_binary)
    results["deb"] = section("deb", section_deb)

    no_limits = (0, 0, 0)
    # The 10 ms runs: every tick fetches, no limits.
    ticking = Contender("weatherd", WEATHERD, new_config("every-tick-no-limits.yaml", "every_tick", no_limits),
                        "every_tick")
    # The default configuration (its limits are the public host's), and the same fetching at every tick.
    default = Contender("weatherd", WEATHERD, new_config("default.yaml", "auto", PUBLIC_LIMITS), "auto")
    real = [Contender("auto", WEATHERD, default.config, "auto"),
            Contender("every_tick", WEATHERD, new_config("every-tick.yaml", "every_tick", PUBLIC_LIMITS),
                      "every_tick")]
    old_ticking = None
    if old_binary:
        if OLD_CONFIG == "old":
            old_ticking = Contender(old_label, old_binary, old_config("old.yaml"))
            real.append(Contender(old_label, old_binary, old_ticking.config))
        else:
            old_ticking = Contender(old_label, old_binary, ticking.config, "every_tick")
            real.append(Contender(old_label, old_binary, default.config, "auto"))
    cachetick = [Contender("this-build", WEATHERD, default.config, "auto")]
    if cachetick_old:
        cachetick.append(Contender(cachetick_old[0], cachetick_old[1],
                                   new_config("cachetick-old.yaml", "auto", PUBLIC_LIMITS), "auto"))
    if "skew" not in SKIP:
        real += skew.contenders(Contender, WEATHERD, default.config)
    try:
        for contender in [ticking, default] + real + ([old_ticking] if old_ticking else []) + cachetick[1:]:
            check_config(contender)
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2

    servers = []
    try:
        fake = Server(
            "fake-open-meteo",
            [FAKE, "--port", "0", "--port-file", os.path.join(OUT, "fake.port"), "--mode", "realistic",
             "--count-file", os.path.join(OUT, "fake.count")],
            os.path.join(OUT, "fake.port"),
        )
        servers.append(fake)
        headers, body, body_bytes = fetch_current_only_body(fake.base_url)
        server = Server(
            "bench-server",
            [sys.executable, "-B", os.path.join(BENCH_DIR, "server.py"), "--body", body, "--headers", headers,
             "--port-file", os.path.join(OUT, "server.port")],
            os.path.join(OUT, "server.port"),
        )
        servers.append(server)
        results["server_note"] = (
            f"bench/server.py (asyncio keep-alive, one current-only {body_bytes}-byte body from fake-open-meteo) "
            "for the 10 ms runs; fake-open-meteo for the cross-check and the real-interval run"
        )
        results["body_bytes"] = body_bytes

        results["planner_day"] = section("plannerday", section_planner_day)
        results["startup"] = section("startup", section_startup, server.base_url,
                                     [default] + ([Contender(old_label, old_binary, old_ticking.config)]
                                                  if old_ticking else []))
        results["main"] = section("main", section_daemon_run, "main", ticking, server, "journal", RSS_MID, TICKS,
                                  True)
        if old_ticking:
            results["compare"] = section("compare", section_compare, server, old_ticking, ticking)
        elif "compare" not in SKIP:
            results["errors"].append("compare: no old binary (see the old section)")
        results["split_pairs"] = section("stderr", section_split_pairs, server, ticking)
        results["crosscheck_run"] = section("crosscheck", section_crosscheck, fake, ticking)
        results["realtime"] = section("realtime", section_realtime, real)
        results["skew"] = skew.summary(results["realtime"]) if results["realtime"] else None
        results["cachetick"] = section("cachetick", section_cachetick, *cachetick,
                                       *([None] if len(cachetick) == 1 else []))
        floors = None
        if "floors" not in SKIP:
            binary, with_systemd = build_floor()
            floors = section("floors", section_floors, binary, with_systemd, server)
        results["floors"] = floors
        baselines = {}
        shell = section("shell", section_shell, server)
        if shell:
            baselines["shell"] = shell
        python = section("python", section_python, server)
        if python:
            baselines["python"] = python
        results["baselines"] = baselines
        results["fleet"] = section("fleet", fleet.run, WEATHERD, FAKE, clean_env({}), OUT, log)
    finally:
        for s in servers:
            s.stop()
        remove_leftover_cgroups()
        remove_runtime_dir()

    # The split and the ratios.
    split = {}
    main_run = results.get("main")
    weatherd_cpu = main_run["window"]["cpu_us_per_tick"] if main_run else None
    pairs = results.get("split_pairs")
    if pairs:
        split["pair_journal_cpu_us_per_tick"] = pairs["journal_median_us"]
        split["stderr_cpu_us_per_tick"] = pairs["stderr_median_us"]
        split["journal_cost_us"] = pairs["difference_median_us"]
    if results.get("crosscheck_run"):
        split["crosscheck_cpu_us_per_tick"] = results["crosscheck_run"]["cpu_us_per_tick"]
    floors = results.get("floors") or {}
    for key, name in (
        ("wake_only", "floor_wake_us"),
        ("http_keepalive_get", "floor_http_us"),
        ("state_write_durable", "floor_state_us"),
        ("state_write_sync_file", "floor_state_file_only_us"),
        ("state_write_sync_none", "floor_state_nosync_us"),
        ("journal_entry", "floor_journal_us"),
        ("sd_notify_status", "floor_notify_us"),
        ("whole_tick_in_c", "floor_whole_tick_us"),
    ):
        if key in floors:
            split[name] = floors[key]["cpu_us_per_iter"]
    if "state_write_durable" in floors:
        split["state_write_wall_ms"] = floors["state_write_durable"]["busy_wall_us_per_iter"] / 1e3
        split["state_write_wall_max_ms"] = floors["state_write_durable"]["busy_wall_us_max"] / 1e3
    if "whole_tick_in_c" in floors and "context_switches_per_iter" in floors["whole_tick_in_c"]:
        split["floor_whole_tick_switches"] = floors["whole_tick_in_c"]["context_switches_per_iter"]
    if main_run and "context_switches_per_tick" in main_run["window"]:
        split["weatherd_switches"] = main_run["window"]["context_switches_per_tick"]
    if weatherd_cpu is not None and "floor_whole_tick_us" in split:
        split["weatherd_above_floor_us"] = weatherd_cpu - split["floor_whole_tick_us"]
    results["split"] = split
    ratios = {}
    if weatherd_cpu:
        base = results.get("baselines", {})
        if "python" in base:
            ratios["python_over_weatherd"] = base["python"]["cpu_us_per_fetch"] / weatherd_cpu
        if "shell" in base:
            ratios["shell_over_weatherd"] = base["shell"]["cpu_us_per_fetch"] / weatherd_cpu
    results["ratios"] = ratios
    results["machine"]["loadavg_end"] = loadavg()
    missed = print_table(results)
    results["targets"] = [
        {"name": name, "value": value, "target": target, "met": ok} for name, value, target, ok in verdicts(results)
    ]
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    if results["errors"]:
        return 2
    return 1 if (STRICT and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
