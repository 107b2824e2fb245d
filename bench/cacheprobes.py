"""bench/cacheprobes.py — what section cachetick reads beside the cgroup: a process's write_bytes, the used
part of the journal files, a daemon's journal entries, journald's pid, clone calls counted by perf, and
the C program of a cache tick (bench/cachetick.c) built."""

import json
import os
import shutil
import signal
import struct
import subprocess
import time

from .common import BENCH_DIR, OUT, BenchError, stop_process


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
