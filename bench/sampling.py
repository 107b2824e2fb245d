"""bench/sampling.py — /proc and cgroup sampling: a process's CPU, memory, threads and file descriptors,
every thread's context switches and run time (dead threads too), the cgroup a daemon runs in, and what
happened between two samples."""

import os
import time

from .common import BenchError

CLK_TCK = os.sysconf("SC_CLK_TCK")


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
