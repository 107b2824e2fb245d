"""bench/clones.py — the threads a process creates: its clone and clone3 system calls (all its threads),
counted by `perf stat -I 1000` on the syscall tracepoints as each call is made."""

import os
import signal
import subprocess
import time

from .common import OUT, stop_process


class CloneCounter:
    """`perf stat -I 1000 -e syscalls:sys_enter_clone,syscalls:sys_enter_clone3 -p PID` into a file of its own."""

    def __init__(self, pid, label):
        self.path = os.path.join(OUT, f"{label}.clones")
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
