"""bench/cachetick_c.py — the C program of a cache tick (bench/cachetick.c): built, fed the bytes of a real
cache tick of this build (its last cache-tick journal entry, its state file, its STATUS= line), run paced at
the daemon's interval, its CPU read while it runs and its own figures at the end."""

import json
import os
import shutil
import signal
import subprocess

from .common import BENCH_DIR, OUT, BenchError, clean_env
from .notify import NotifySocket


def build():
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


class CacheTickInC:
    """The program replaying `daemon`'s cache tick: its journal entry, its STATUS= line and its state file
    (written to tmpfs under `directory`), `iterations` times every `interval_s` from its start."""

    def __init__(self, daemon, directory, iterations, interval_s):
        self.fields_path = os.path.join(OUT, "cachetick.journal-fields")
        self.fields, self.payload = last_journal_entry(daemon.pid, self.fields_path)
        self.state_copy = os.path.join(OUT, "cachetick.state.json")
        shutil.copyfile(daemon.state_path, self.state_copy)
        self.state_bytes = os.path.getsize(self.state_copy)
        self.status_path = os.path.join(OUT, "cachetick.status")
        with open(self.status_path, "w") as f:
            f.write(daemon.notify.last_status or "")
        self.binary = build()
        self.argv = [self.binary, "--journal-from", self.fields_path, "--state-from", self.state_copy,
                     "--status-from", self.status_path, "--dir", directory, "--n", str(iterations),
                     "--interval-us", str(int(interval_s * 1_000_000))]
        self.notify = None
        self.proc = None

    def start(self):
        self.notify = NotifySocket()
        self.notify.start_draining()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=clean_env({"NOTIFY_SOCKET": self.notify.path}))

    def cpu_ns(self):
        """Its CPU time so far (one thread: its schedstat); None once it is gone."""
        try:
            with open(f"/proc/{self.proc.pid}/schedstat") as f:
                return int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def finish(self):
        """SIGTERM (it ends after the iteration under way); its JSON (CPU and context switches per iteration)."""
        self.proc.send_signal(signal.SIGTERM)
        out, err = self.proc.communicate(timeout=30)
        if self.proc.returncode != 0:
            raise BenchError(f"bench/cachetick.c exited {self.proc.returncode}: {err.strip()[-500:]}")
        return json.loads(out)

    def close(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.notify:
            self.notify.close()
