#!/usr/bin/env python3
"""bench/run.py — "a benchmark weatherd can stand behind".

Runs the real release `weatherd run` against a loopback Open-Meteo look-alike
that answers at once with a realistic body, and prints ONE table (also written
as JSON to .build/bench/results.json). Run it through `make bench`, which
builds the release binaries and starts this script inside a private journald
(scripts/with-journald).

What is measured, and how (see bench/README.md for the reasoning):
  * CPU per tick: utime+stime of /proc/<pid>/stat (clock ticks -> µs) between
    tick BENCH_WARMUP_TICKS and BENCH_WARMUP_TICKS + BENCH_TICKS at
    --interval 10ms, --log-target journal, state file on a real disk
    directory; cross-checked with a cpuacct cgroup (ns resolution).
  * the split: the same with --log-target stderr (stderr -> /dev/null), the
    same against fake-open-meteo, and the C floor of every syscall a tick
    cannot avoid (bench/floor.c: keep-alive GET, durable state write,
    sd_journal_sendv, sd_notify).
  * VmRSS after READY, after 500 and after 5,000 ticks.
  * exec -> READY=1 on a real notify socket, median of BENCH_STARTS starts.
  * tick lateness from the request arrival times recorded by the server.
  * idle CPU over BENCH_IDLE_SECONDS at the default 10 s interval.
  * threads and open fds at the end.
  * baselines on the same server: a curl | jq shell loop and a Python
    `requests` loop; ratios of CPU per fetch.

Environment knobs (defaults in brackets):
  BENCH_TICKS [5000]           ticks in the measured window of the main run
  BENCH_WARMUP_TICKS [500]     ticks before the window (RSS "after 500 ticks")
  BENCH_SPLIT_TICKS [1500]     window of each journal/stderr pair run and of the
                               fake-open-meteo run (after BENCH_SPLIT_WARMUP [200])
  BENCH_SPLIT_PAIRS [3]        journal/stderr run pairs, alternating order
  BENCH_IDLE_SECONDS [60]      idle measurement at the 10 s interval
  BENCH_STARTS [20]            starts for exec -> READY
  BENCH_SHELL_N [300]          shell-loop fetches
  BENCH_PYTHON_N [2000]        Python loop fetches
  BENCH_FLOOR_N [1000]         iterations of each C floor (paced at 10 ms)
  BENCH_SKIP                   comma list of sections to skip: startup, main,
                               stderr, crosscheck, idle, floors, shell, python
  BENCH_WORKDIR                where state files go [.build/bench/work]; must
                               be a real disk (not tmpfs)
  BENCH_STRICT=1               exit 1 when a budget fails (default: exit 0)
"""

import json
import os
import platform
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
import urllib.request

sys.dont_write_bytecode = True

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)

import wmo  # noqa: E402

OUT = os.path.join(ROOT, ".build", "bench")
WEATHERD = os.environ.get("BENCH_WEATHERD", os.path.join(ROOT, ".build", "release", "weatherd"))
FAKE = os.environ.get("BENCH_FAKE_OPEN_METEO", os.path.join(ROOT, ".build", "release", "fake-open-meteo"))
CONFIG = os.path.join(ROOT, "etc", "weatherd", "config.yaml")
CLK_TCK = os.sysconf("SC_CLK_TCK")
WEATHER_MESSAGE_ID = "1e8127529db14a988ec40952865c732b"
FORECAST_QUERY = (
    "/v1/forecast?latitude=52.52&longitude=13.41"
    "&current=temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,"
    "weather_code,cloud_cover,wind_speed_10m,wind_direction_10m,wind_gusts_10m"
    "&timeformat=unixtime&timezone=auto&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"
)


def knob(name, default):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


TICKS = knob("BENCH_TICKS", 5000)
WARMUP = knob("BENCH_WARMUP_TICKS", 500)
SPLIT_TICKS = knob("BENCH_SPLIT_TICKS", 1500)
SPLIT_WARMUP = knob("BENCH_SPLIT_WARMUP", 200)
SPLIT_PAIRS = knob("BENCH_SPLIT_PAIRS", 3)
IDLE_SECONDS = knob("BENCH_IDLE_SECONDS", 60)
STARTS = knob("BENCH_STARTS", 20)
SHELL_N = knob("BENCH_SHELL_N", 300)
PYTHON_N = knob("BENCH_PYTHON_N", 2000)
FLOOR_N = knob("BENCH_FLOOR_N", 1000)
SKIP = {s.strip() for s in os.environ.get("BENCH_SKIP", "").split(",") if s.strip()}
STRICT = os.environ.get("BENCH_STRICT") == "1"
WORKDIR = os.environ.get("BENCH_WORKDIR", os.path.join(OUT, "work"))
TICK_INTERVAL_NS = 10_000_000


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
    sample["ctxt_switches"] = context_switches(pid)
    return sample


def context_switches(pid):
    """Voluntary and involuntary context switches of all of `pid`'s threads alive now."""
    total = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split(":", 1)[1])
        except OSError:
            continue
    return total


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


def rss_by_mapping(pid, top=10):
    """Resident KB per mapped file (and [anon]/[heap]/[stack]) from /proc/<pid>/smaps, largest first."""
    totals = {}
    current = None
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                first = line.split(None, 1)[0]
                if "-" in first and not first.endswith(":"):
                    parts = line.split()
                    current = os.path.basename(parts[5]) if len(parts) >= 6 else "[anon]"
                elif first == "Rss:" and current is not None:
                    totals[current] = totals.get(current, 0) + int(line.split()[1])
    except OSError:
        return None
    return dict(sorted(totals.items(), key=lambda kv: -kv[1])[:top])


class CpuCgroup:
    """A cgroup v1 cpuacct group holding one daemon: CPU in ns, all threads, dead or alive."""

    ROOT = "/sys/fs/cgroup/cpuacct"
    counter = 0

    def __init__(self):
        self.path = None
        if not os.path.isfile(os.path.join(self.ROOT, "cpuacct.usage")):
            return
        CpuCgroup.counter += 1
        path = os.path.join(self.ROOT, f"weatherd-bench-{os.getpid()}-{CpuCgroup.counter}")
        try:
            os.mkdir(path)
            self.path = path
        except OSError:
            self.path = None

    def add(self, pid):
        if not self.path:
            return False
        try:
            with open(os.path.join(self.path, "cgroup.procs"), "w") as f:
                f.write(str(pid))
            return True
        except OSError:
            return False

    def usage_ns(self):
        if not self.path:
            return None
        try:
            with open(os.path.join(self.path, "cpuacct.usage")) as f:
                return int(f.read())
        except OSError:
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
        )
    }
    env.update(extra)
    return env


class Daemon:
    """One `weatherd run` process with its own state directory, notify socket and cgroup."""

    counter = 0

    def __init__(self, label, api_url, log_target="journal", interval="10ms", use_cgroup=True):
        Daemon.counter += 1
        self.label = label
        self.state_dir = os.path.join(WORKDIR, f"{label}-{Daemon.counter}")
        shutil.rmtree(self.state_dir, ignore_errors=True)
        os.makedirs(self.state_dir)
        self.state_path = os.path.join(self.state_dir, "state.json")
        self.stderr_path = None if log_target == "stderr" else os.path.join(OUT, f"{label}.stderr")
        self.argv = [
            WEATHERD,
            "run",
            "--config",
            CONFIG,
            "--state-file",
            self.state_path,
            "--api-url",
            api_url,
            "--interval",
            interval,
            "--log-target",
            log_target,
        ]
        self.notify = NotifySocket()
        self.cgroup = CpuCgroup() if use_cgroup else None
        self.pid = None
        self.exec_ns = None
        self.ready_ns = None
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
        self.pid = os.posix_spawn(WEATHERD, self.argv, env, file_actions=actions)
        if self.cgroup:
            self.cgroup.add(self.pid)
        self.ready_ns = self.notify.wait_ready(30, pid=self.pid)
        self.notify.start_draining()
        return (self.ready_ns - self.exec_ns) / 1e6

    def sample(self):
        s = read_proc(self.pid)
        s["cg_ns"] = self.cgroup.usage_ns() if self.cgroup else None
        s["t_ns"] = time.monotonic_ns()
        s["ticks"] = self.state()["daemon"]["ticks"]
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
        interval_s = 0.01
        timeout = 30 + 3 * target * interval_s
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            state = self.state()
            if state["daemon"]["ticks"] >= target:
                return self.sample()
            if not self.alive():
                raise BenchError(f"{self.label}: weatherd exited at tick {state['daemon']['ticks']}")
            time.sleep(poll)
        raise BenchError(f"{self.label}: tick {target} not reached in {timeout:.0f} s")

    def stop(self):
        """SIGTERM, wait; records exit status, stop time and the rusage of the whole life."""
        if self.exit_status is not None:
            return
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


def per_tick(a, b):
    ticks = b["ticks"] - a["ticks"]
    result = {
        "ticks": ticks,
        "cpu_us_per_tick": cpu_us(b["cpu_ticks"] - a["cpu_ticks"]) / ticks,
        "user_us_per_tick": cpu_us(b["utime"] - a["utime"]) / ticks,
        "system_us_per_tick": cpu_us(b["stime"] - a["stime"]) / ticks,
        "resolution_us_per_tick": cpu_us(1) / ticks,
        "wall_s": (b["t_ns"] - a["t_ns"]) / 1e9,
    }
    if a.get("ctxt_switches") is not None and b.get("ctxt_switches") is not None:
        result["context_switches_per_tick"] = (b["ctxt_switches"] - a["ctxt_switches"]) / ticks
    if a.get("cg_ns") is not None and b.get("cg_ns") is not None:
        result["cgroup_cpu_us_per_tick"] = (b["cg_ns"] - a["cg_ns"]) / 1e3 / ticks
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
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


# --------------------------------------------------------------------------
# statistics


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
# sections


def snapshot_binaries():
    """Copies the binaries under test, so a rebuild by someone else during the run changes nothing."""
    global WEATHERD, FAKE
    directory = os.path.join(OUT, "bin")
    os.makedirs(directory, exist_ok=True)
    for name in ("WEATHERD", "FAKE"):
        source = globals()[name]
        target = os.path.join(directory, os.path.basename(source))
        shutil.copy2(source, target)
        globals()[name] = target


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
    info["weatherd"] = WEATHERD
    try:
        info["weatherd_version"] = subprocess.run(
            [WEATHERD, "--version"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
        info["weatherd_size_bytes"] = os.path.getsize(WEATHERD)
    except OSError:
        pass
    try:
        info["git"] = subprocess.run(
            ["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except OSError:
        pass
    return info


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


def fetch_realistic_body(fake_url):
    """One forecast response of fake-open-meteo (headers and body), as curl sees it."""
    headers = os.path.join(OUT, "forecast.headers")
    body = os.path.join(OUT, "forecast.json")
    subprocess.run(
        ["curl", "-sS", "--fail", "-D", headers, "-o", body, fake_url + FORECAST_QUERY], check=True, timeout=30
    )
    with open(body) as f:
        parsed = json.load(f)
    if "current" not in parsed:
        raise BenchError("fake-open-meteo's body has no `current`")
    return headers, body, os.path.getsize(body)


def section_startup(api_url):
    """exec -> READY=1 on a real notify socket, BENCH_STARTS times, fresh state directory each."""
    ready_ms, stop_ms, statuses, stuck = [], [], [], []
    for i in range(STARTS):
        daemon = Daemon("startup", api_url, use_cgroup=False)
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
            shutil.rmtree(daemon.state_dir, ignore_errors=True)
    # The part of start-up that is not weatherd's own work: exec, the dynamic loader, the Swift runtime's
    # and Foundation's initialisation, argument parsing and exit.
    version_ms = []
    for _ in range(STARTS):
        started = time.monotonic_ns()
        pid = os.posix_spawn(WEATHERD, [WEATHERD, "--version"], clean_env({}),
                             file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
        os.waitpid(pid, 0)
        version_ms.append((time.monotonic_ns() - started) / 1e6)
    return {
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


def section_daemon_run(label, server, log_target, warmup, window, rss_at=None, timing=False):
    """One run at --interval 10ms: CPU per tick over [warmup, warmup + window], RSS, threads, fds."""
    if timing:
        server.get("/_bench/reset")
    daemon = Daemon(label, server.base_url, log_target=log_target)
    result = {"server": server.label, "log_target": log_target, "argv": daemon.argv[1:]}
    try:
        result["exec_to_ready_ms"] = daemon.start()
        samples = {"ready": daemon.sample()}
        samples["warmup"] = daemon.wait_ticks(warmup)
        if rss_at and rss_at < warmup + window:
            samples["rss_at"] = daemon.wait_ticks(rss_at)
        samples["end"] = daemon.wait_ticks(warmup + window)
        end = samples["end"]
        result["threads_end"] = end.get("Threads")
        result["fds_end"] = count_fds(daemon.pid)
        result["fd_kinds_end"] = fd_kinds(daemon.pid)
        result["rss_kb_by_mapping_end"] = rss_by_mapping(daemon.pid)
        result["window"] = per_tick(samples["warmup"], end)
        result["whole_run"] = per_tick(dict(samples["ready"], ticks=0), end)
        result["rss_kb"] = {
            "after_ready": samples["ready"]["VmRSS"],
            f"after_{samples['warmup']['ticks']}_ticks": samples["warmup"]["VmRSS"],
        }
        result["rss_samples"] = {k: {"ticks": v["ticks"], "VmRSS": v["VmRSS"], "RssAnon": v.get("RssAnon"),
                                     "RssFile": v.get("RssFile")} for k, v in samples.items()}
        if "rss_at" in samples:
            result["rss_kb"][f"after_{samples['rss_at']['ticks']}_ticks"] = samples["rss_at"]["VmRSS"]
        result["rss_kb"][f"after_{end['ticks']}_ticks"] = end["VmRSS"]
        result["rss_kb"]["peak_VmHWM"] = end.get("VmHWM")
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
    result["life_rusage_cpu_ms"] = (daemon.rusage.ru_utime + daemon.rusage.ru_stime) * 1e3
    result["life_maxrss_kb"] = daemon.rusage.ru_maxrss
    state = daemon.state()["daemon"]
    result["final_state"] = {
        k: state.get(k) for k in ("ticks", "ticks_skipped", "ticks_from_cache", "fetches_ok", "fetches_failed")
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
    shutil.rmtree(daemon.state_dir, ignore_errors=True)
    if daemon.stderr_path and os.path.getsize(daemon.stderr_path) > 0:
        result["stderr_bytes"] = os.path.getsize(daemon.stderr_path)
    return result


def section_split_pairs(server):
    """journal vs stderr (to /dev/null): SPLIT_PAIRS pairs of runs in alternating order, so a change of
    load on a shared machine hits both sides alike; the median of the pairwise differences."""
    pairs = []
    for i in range(SPLIT_PAIRS):
        order = ("journal", "stderr") if i % 2 == 0 else ("stderr", "journal")
        pair = {}
        for target in order:
            run = section_daemon_run(f"split-{target}", server, target, SPLIT_WARMUP, SPLIT_TICKS)
            # The cgroup figure (ns) when there is one: /proc's 10 ms clock ticks are coarse for short runs.
            pair[f"{target}_proc"] = run["window"]["cpu_us_per_tick"]
            pair[target] = run["window"].get("cgroup_cpu_us_per_tick") or run["window"]["cpu_us_per_tick"]
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


def section_idle(server):
    """CPU over IDLE_SECONDS at the default 10 s interval, after the first tick is done."""
    daemon = Daemon("idle", server.base_url, interval="10s")
    try:
        daemon.start()
        end = time.monotonic() + 10
        while daemon.state()["daemon"]["fetches_ok"] < 1 and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.5)
        a = daemon.sample()
        time.sleep(IDLE_SECONDS)
        b = daemon.sample()
        result = {
            "seconds": (b["t_ns"] - a["t_ns"]) / 1e9,
            "ticks": b["ticks"] - a["ticks"],
            "cpu_ms": cpu_us(b["cpu_ticks"] - a["cpu_ticks"]) / 1e3,
            "resolution_ms": cpu_us(1) / 1e3,
            "threads": b.get("Threads"),
            "fds": count_fds(daemon.pid),
            "rss_kb": b["VmRSS"],
        }
        result["cpu_ms_per_minute"] = result["cpu_ms"] * 60 / result["seconds"]
        if a.get("cg_ns") is not None and b.get("cg_ns") is not None:
            result["cgroup_cpu_ms"] = (b["cg_ns"] - a["cg_ns"]) / 1e6
            result["cgroup_cpu_ms_per_minute"] = result["cgroup_cpu_ms"] * 60 / result["seconds"]
    finally:
        daemon.stop()
        shutil.rmtree(daemon.state_dir, ignore_errors=True)
    return result


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
    """The Python loop on weatherd's 10 ms grid (the comparison), and back to back (for reference)."""
    directory = os.path.join(WORKDIR, "python")
    os.makedirs(directory, exist_ok=True)

    def run(extra):
        result = subprocess.run(
            [sys.executable, "-B", os.path.join(BENCH_DIR, "baseline_requests.py"),
             server.base_url + FORECAST_QUERY, str(PYTHON_N), directory] + extra,
            capture_output=True,
            text=True,
            timeout=1200,
        )
        if result.returncode != 0:
            raise BenchError("baseline_requests.py: " + result.stderr.strip()[-2000:])
        return json.loads(result.stdout)

    paced = run([str(TICK_INTERVAL_NS // 1000)])
    paced["back_to_back"] = run([])
    shutil.rmtree(directory, ignore_errors=True)
    return paced


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


def verdicts(r):
    """(name, value text, budget text, passed or None) for every budget."""
    rows = []
    main = r.get("main")
    if main:
        cpu = main["window"]["cpu_us_per_tick"]
        rows.append(("CPU per tick @10ms (journal + fsync)", fmt(cpu, "µs", 1), "≤ 400 µs", cpu <= 400))
        rss = main["rss_kb"]
        peak = max(v for k, v in rss.items() if k.startswith("after_"))
        rows.append(("RSS (largest sample)", fmt(peak / 1024, "MB", 1), "≤ 32 MB", peak <= 32 * 1024))
        growth = main.get("rss_growth_kb")
        if growth is not None:
            rows.append(("RSS growth tick 500→5000", fmt(growth, "KB"), "< 1 MB", growth < 1024))
        late = main.get("lateness")
        if late:
            skipped = main.get("ticks_skipped_while_running", main["final_state"]["ticks_skipped"])
            rows.append(("tick lateness p99", fmt(late["p99_ms"], "ms", 2), "≤ 5 ms", late["p99_ms"] <= 5))
            ok = late["max_ms"] <= 20 and skipped == 0 and late["missing_slots"] == 0
            rows.append(
                (
                    "every tick ≤ 20 ms late, none skipped",
                    f"max {late['max_ms']:.2f} ms, {max(skipped, late['missing_slots'])} missed",
                    "≤ 20 ms, 0",
                    ok,
                )
            )
    idle = r.get("idle")
    if idle:
        value = idle.get("cgroup_cpu_ms_per_minute", idle["cpu_ms_per_minute"])
        rows.append(("idle CPU per minute @10s", fmt(value, "ms", 1), "≤ 30 ms", value <= 30))
    startup = r.get("startup")
    if startup:
        value = startup["exec_to_ready_ms"]["median"]
        rows.append(("exec → READY=1 (median)", fmt(value, "ms", 1), "≤ 50 ms", value <= 50))
    ratios = r.get("ratios", {})
    if "python_over_weatherd" in ratios:
        value = ratios["python_over_weatherd"]
        rows.append(("Python requests CPU/fetch ÷ weatherd", fmt(value, "×", 1), "≥ 5×", value >= 5))
    if "shell_over_weatherd" in ratios:
        value = ratios["shell_over_weatherd"]
        rows.append(("shell curl|jq CPU/fetch ÷ weatherd", fmt(value, "×", 1), "≥ 50×", value >= 50))
    return rows


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
    add(f"state files on {fs.get('fstype')} ({fs.get('source')}); server: {r.get('server_note', '')}")
    # The end figure includes the benchmark's own processes (daemon, server, harness: about 1), so only
    # the load found at the start says whether someone else was busy.
    if m["loadavg_start"][0] > 0.5:
        add("NOTE: the machine was not quiet (1-min load > 0.5 at start): figures are indicative; "
            "re-run on a quiet machine.")
    add("")
    width = 52
    add(f"{'measurement':<{width}} {'value':>22}   {'budget':<10} result")
    add("-" * (width + 45))

    def row(name, value, budget="", result=""):
        add(f"{name:<{width}} {value:>22}   {budget:<10} {result}")

    budget_of = {name: (budget, ok) for name, _, budget, ok in verdicts(r)}

    def judged(name, value):
        budget, ok = budget_of.get(name, ("", None))
        row(name, value, budget, "" if ok is None else ("PASS" if ok else "FAIL  <<<"))

    main = r.get("main")
    if main:
        w = main["window"]
        add(f"CPU per tick (--interval 10ms, ticks {main['window_range']}, /proc/<pid>/stat utime+stime)")
        judged("CPU per tick @10ms (journal + fsync)", fmt(w["cpu_us_per_tick"], "µs", 1))
        row("  user / system", f"{w['user_us_per_tick']:.0f} / {w['system_us_per_tick']:.0f} µs")
        if "context_switches_per_tick" in w:
            row("  context switches per tick (all threads)", f"{w['context_switches_per_tick']:.1f}")
        if "cgroup_cpu_us_per_tick" in w:
            row("  same window, cpuacct cgroup (ns resolution)", fmt(w["cgroup_cpu_us_per_tick"], "µs", 1))
        row("  whole run incl. start-up", fmt(main["whole_run"]["cpu_us_per_tick"], "µs", 1))
    split = r.get("split", {})
    if split:
        add("where it goes (measured from outside)")
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
        add("memory, threads, fds (/proc/<pid>/status)")
        for key, value in main["rss_kb"].items():
            if key.startswith("after_"):
                row(f"  VmRSS {key.replace('_', ' ')}", fmt(value / 1024, "MB", 1))
        judged("RSS (largest sample)", fmt(max(v for k, v in main["rss_kb"].items() if k.startswith("after_")) / 1024,
                                           "MB", 1))
        if main.get("rss_growth_kb") is not None:
            judged("RSS growth tick 500→5000", fmt(main["rss_growth_kb"], "KB"))
        end_sample = main["rss_samples"]["end"]
        row("  anonymous / file-backed at the end",
            f"{end_sample['RssAnon'] / 1024:.1f} / {end_sample['RssFile'] / 1024:.1f} MB")
        mappings = main.get("rss_kb_by_mapping_end") or {}
        if mappings:
            top = ", ".join(f"{name} {kb / 1024:.1f}" for name, kb in list(mappings.items())[:4])
            add(f"    largest: {top} MB")
        row("  threads / open fds at the end", f"{main['threads_end']} / {main['fds_end']}")
        add("tick timing (request arrival at the server vs READY + k·10 ms)")
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
            row("  jitter vs best tick p99 / max",
                f"{late['jitter_vs_best_tick']['p99_ms']:.2f} / {late['jitter_vs_best_tick']['max_ms']:.2f} ms")
            row("  requests seen / ticks / fetches ok+failed",
                f"{late['requests']} / {main['final_state']['ticks']} / "
                f"{main['final_state']['fetches_ok']}+{main['final_state']['fetches_failed']}")
        if main.get("journal_weather_entries") is not None:
            row("  weather entries found in the journal", fmt(main["journal_weather_entries"]))
        journal = main.get("journal") or {}
        if "fetch_ms" in journal:
            f = journal["fetch_ms"]
            row("  fetch time, from the journal (median / p99 / max)", f"{f['median']:.0f} / {f['p99']:.0f} / {f['max']:.0f} ms")
        for skip in (journal.get("skipped") or [])[:5]:
            row(f"  skipped tick {skip['index']}: the fetch before took / was logged after its slot",
                f"{skip['previous_fetch_ms']:.0f} / {skip['previous_logged_after_slot_ms']:.1f} ms")
    idle = r.get("idle")
    if idle:
        add(f"idle (--interval 10s, {idle['seconds']:.0f} s, {idle['ticks']} ticks)")
        judged("idle CPU per minute @10s", fmt(idle.get("cgroup_cpu_ms_per_minute", idle["cpu_ms_per_minute"]),
                                                "ms", 1))
        row("  /proc stat figure (10 ms resolution)", fmt(idle["cpu_ms_per_minute"], "ms", 0))
        row("  threads / fds / RSS while idle", f"{idle['threads']} / {idle['fds']} / {idle['rss_kb'] / 1024:.1f} MB")
    startup = r.get("startup")
    if startup:
        add(f"start and stop ({startup['starts']} starts, fresh state directory each)")
        judged("exec → READY=1 (median)", fmt(startup["exec_to_ready_ms"]["median"], "ms", 1))
        row("  min / max", f"{startup['exec_to_ready_ms']['min']:.1f} / {startup['exec_to_ready_ms']['max']:.1f} ms")
        row("  `weatherd --version` exec → exit (loader floor)",
            f"{startup['version_exec_to_exit_ms']['median']:.1f} ms")
        row("  SIGTERM → exit (median / max)",
            f"{startup['sigterm_to_exit_ms']['median']:.1f} / {startup['sigterm_to_exit_ms']['max']:.1f} ms")
        if startup.get("ignored_sigterm"):
            add(f"  WARNING: {len(startup['ignored_sigterm'])} of {startup['starts']} starts ignored SIGTERM "
                "sent right after READY=1 for 10 s and were SIGKILLed (details in the JSON: ignored_sigterm)")
    base = r.get("baselines", {})
    if base:
        add("baselines (same server, CPU per fetch incl. children)")
        if "shell" in base:
            row(f"  shell: sh -c 'curl | jq > tmp && mv' ×{base['shell']['n']}",
                fmt(base["shell"]["cpu_us_per_fetch"], "µs", 0))
        if "python" in base:
            row(f"  Python requests loop ×{base['python']['n']}, every 10 ms", fmt(base["python"]["cpu_us_per_fetch"], "µs", 0))
            if "back_to_back" in base["python"]:
                row("    …the same loop back to back (no timer, warm caches)",
                    fmt(base["python"]["back_to_back"]["cpu_us_per_fetch"], "µs", 0))
        if main:
            row("  weatherd (journal + fsync, from above)", fmt(main["window"]["cpu_us_per_tick"], "µs", 0))
        judged("Python requests CPU/fetch ÷ weatherd", fmt(r["ratios"].get("python_over_weatherd"), "×", 1))
        judged("shell curl|jq CPU/fetch ÷ weatherd", fmt(r["ratios"].get("shell_over_weatherd"), "×", 1))
    add("-" * (width + 45))
    failed = [name for name, _, _, ok in verdicts(r) if ok is False]
    if failed:
        add(f"FAIL: {len(failed)} budget(s) missed: " + "; ".join(failed))
    else:
        add("all budgets met")
    if r.get("errors"):
        add("ERRORS: " + "; ".join(r["errors"]))
    add(f"JSON: {os.path.relpath(os.path.join(OUT, 'results.json'), ROOT)}")
    print("\n".join(lines), flush=True)
    return failed


# --------------------------------------------------------------------------


def main():
    # SIGTERM/SIGINT unwind through the finally blocks, so the servers and daemons started here stop too.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    if not os.access(WEATHERD, os.X_OK):
        print(f"bench: {WEATHERD} missing: run `make bench` (or `make build`)", file=sys.stderr)
        return 2
    needs_journal = not {"main", "startup", "idle"} <= SKIP
    if needs_journal and not os.path.exists("/run/systemd/journal/socket"):
        print(
            "bench: no journald socket (/run/systemd/journal/socket): run inside scripts/with-journald "
            "(make bench does)",
            file=sys.stderr,
        )
        return 2
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(WORKDIR, exist_ok=True)
    snapshot_binaries()
    fs = filesystem_of(WORKDIR)
    if fs and fs["fstype"] in ("tmpfs", "ramfs", "overlay"):
        print(f"bench: {WORKDIR} is on {fs['fstype']}: set BENCH_WORKDIR to a real disk directory", file=sys.stderr)
        return 2

    results = {"machine": machine_info(), "errors": [], "knobs": {
        "ticks": TICKS, "warmup": WARMUP, "split_ticks": SPLIT_TICKS, "split_warmup": SPLIT_WARMUP,
        "split_pairs": SPLIT_PAIRS, "idle_seconds": IDLE_SECONDS,
        "starts": STARTS, "shell_n": SHELL_N, "python_n": PYTHON_N, "floor_n": FLOOR_N, "skip": sorted(SKIP)}}
    log(f"load average {results['machine']['loadavg_start']}; state files in {WORKDIR} ({fs})")
    servers = []
    try:
        fake = Server(
            "fake-open-meteo",
            [FAKE, "--port", "0", "--port-file", os.path.join(OUT, "fake.port"), "--mode", "realistic",
             "--count-file", os.path.join(OUT, "fake.count")],
            os.path.join(OUT, "fake.port"),
        )
        servers.append(fake)
        headers, body, body_bytes = fetch_realistic_body(fake.base_url)
        server = Server(
            "bench-server",
            [sys.executable, "-B", os.path.join(BENCH_DIR, "server.py"), "--body", body, "--headers", headers,
             "--port-file", os.path.join(OUT, "server.port")],
            os.path.join(OUT, "server.port"),
        )
        servers.append(server)
        results["server_note"] = (
            f"bench/server.py (asyncio keep-alive, one {body_bytes}-byte body from fake-open-meteo) for every "
            "contender; fake-open-meteo as a CPU cross-check"
        )
        results["body_bytes"] = body_bytes

        def section(name, func, *args):
            if name in SKIP:
                return None
            log(f"{name} ... (load {loadavg()})")
            started = time.monotonic()
            try:
                value = func(*args)
            except BenchError as error:
                results["errors"].append(f"{name}: {error}")
                log(f"{name} FAILED: {error}")
                return None
            if isinstance(value, dict):
                value["section_seconds"] = round(time.monotonic() - started, 1)
                value["loadavg_after"] = loadavg()
            log(f"{name} done in {time.monotonic() - started:.0f} s")
            return value

        results["startup"] = section("startup", section_startup, server.base_url)
        main_run = section(
            "main", section_daemon_run, "main", server, "journal", WARMUP, TICKS, 5000, True
        )
        if main_run:
            main_run["window_range"] = f"{WARMUP}→{WARMUP + TICKS}"
            rss = main_run["rss_samples"]
            if "rss_at" in rss:
                main_run["rss_growth_kb"] = rss["rss_at"]["VmRSS"] - rss["warmup"]["VmRSS"]
            elif rss["end"]["ticks"] >= 5000:
                main_run["rss_growth_kb"] = rss["end"]["VmRSS"] - rss["warmup"]["VmRSS"]
            results["main"] = main_run
        results["split_pairs"] = section("stderr", section_split_pairs, server)
        results["crosscheck_run"] = section(
            "crosscheck", section_daemon_run, "crosscheck", fake, "journal", SPLIT_WARMUP, SPLIT_TICKS
        )
        results["idle"] = section("idle", section_idle, server)
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
    finally:
        for s in servers:
            s.stop()
        for leftover in os.listdir("/sys/fs/cgroup/cpuacct") if os.path.isdir("/sys/fs/cgroup/cpuacct") else []:
            if leftover.startswith(f"weatherd-bench-{os.getpid()}-"):
                try:
                    os.rmdir(os.path.join("/sys/fs/cgroup/cpuacct", leftover))
                except OSError:
                    pass

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
        split["crosscheck_cpu_us_per_tick"] = results["crosscheck_run"]["window"]["cpu_us_per_tick"]
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
    failed = print_table(results)
    results["budgets"] = [
        {"name": name, "value": value, "budget": budget, "pass": ok} for name, value, budget, ok in verdicts(results)
    ]
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    if results["errors"]:
        return 2
    return 1 if (STRICT and failed) else 0


if __name__ == "__main__":
    sys.exit(main())
