"""bench/cachetick.py — section cachetick: ticks that fetch nothing at the real 10 s interval, this build
beside CACHETICK_OLD_COMMIT and the same tick in C (bench/cachetick.c), with a `weatherd status --follow`."""

import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import time

from . import cachetick_c, common
from .clones import CloneCounter
from .common import (CACHETICK_DATA_INTERVAL, CACHETICK_EXTRA, CACHETICK_SECONDS, CACHETICK_WINDOWS, OUT,
                     REAL_INTERVAL_S, BenchError, Server, clean_env, log, stop_process)
from .configs import default_locations
from .daemons import Daemon, runtime_dir, wait_wall
from .notify import NotifySocket
from .requestlog import request_times
from .sampling import CpuCgroup, ThreadStats, count_fds, write_bytes_of


def section_cachetick(new, old):
    """Cache ticks at the real 10 s interval: this build and CACHETICK_OLD_COMMIT at the default configuration,
    each against its own `fake-open-meteo --data-interval 3600` (nearly every tick fetches nothing), and the C
    program of such a tick (bench/cachetick.c, the bytes of this build's state file, journal entry and STATUS=)
    paced at 10 s, all in one window, with a `weatherd status --follow` reading this build's state file. Each
    daemon is sampled half a tick after each of its ticks; an interval with a request in its look-alike's log
    (a fetch, or an alert poll) or a change of `ticks_fetched`/`requests` is a fetch interval and left out: the figures are sums over the
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
                                  [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
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
        fields, payload = cachetick_c.last_journal_entry(this.pid, journal_fields)
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
        c_binary = cachetick_c.build()
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
        clones = [CloneCounter(d.pid, f"cachetick-{label}") for d, label in zip(daemons, ("new", "old"))]
        log(f"cachetick: {len(daemons)} daemons and the C program at {REAL_INTERVAL_S} s, state file {state_bytes} "
            f"bytes, journal entry {fields} fields ({payload} bytes); {intervals} ticks or more from "
            f"{time.strftime('%H:%M:%S', time.localtime(min(firsts)))}")

        series = [[] for _ in daemons]

        def take(i):
            d = daemons[i]
            s = d.sample()
            state = d.state()["daemon"]
            s["ticks_fetched"] = state.get("ticks_fetched")
            s["requests"] = state.get("requests")
            s["write_bytes"] = write_bytes_of(d.pid)
            if i == 0:
                # The C program's CPU so far (one thread): its iteration two thirds of a tick after this build's
                # falls in each sample interval, so the windows compare the two on the same intervals.
                s["c_ns"] = schedstat_ns(c_proc.pid)
                follower_threads.poll()
                s["follower_cg_ns"] = follower_cgroup.usage_ns() if follower_cgroup else None
                s["follower_switches"], s["follower_sched_ns"], _ = follower_threads.totals()
                if follower.poll() is not None:
                    raise BenchError(f"status --follow exited with {follower.returncode}")
            series[i].append(s)

        def cache_intervals(i):
            """The sample pairs of daemon i without a fetch between them."""
            # A request of any kind: a fetch, or an alert poll (with its write of the alerts cache).
            times = request_times(logs[i])
            pairs = []
            for a, b in zip(series[i], series[i][1:]):
                fetched = any(a["wall"] < t <= b["wall"] for t in times)
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
            if i == 0:
                r["windows"] = cpu_windows(cache, cpu_key)
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


def schedstat_ns(pid):
    """The CPU time of the single-threaded process `pid` so far (ns); None once it is gone."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def cpu_windows(cache, cpu_key):
    """This build's and the C program's CPU per tick in CACHETICK_WINDOWS consecutive windows of the cache
    intervals `cache`, each window's ratio, and the median of the ratios (the figure the budget reads)."""
    size = len(cache) // CACHETICK_WINDOWS
    windows = []
    for w in range(CACHETICK_WINDOWS):
        part = cache[w * size:(w + 1) * size] if w < CACHETICK_WINDOWS - 1 else cache[w * size:]
        ticks = sum(b["ticks"] - a["ticks"] for a, b in part)
        cpu = sum(b[cpu_key] - a[cpu_key] for a, b in part)
        pairs = [(a, b) for a, b in part if a.get("c_ns") is not None and b.get("c_ns") is not None]
        c_ns = sum(b["c_ns"] - a["c_ns"] for a, b in pairs)
        if not ticks or not pairs or not c_ns:
            return None
        this_us, c_us = cpu / 1e3 / ticks, c_ns / 1e3 / len(pairs)
        windows.append({"ticks": ticks, "cpu_us_per_tick": this_us, "c_us_per_iter": c_us, "ratio": this_us / c_us})
    return {"windows": windows, "median_ratio": statistics.median(w["ratio"] for w in windows)}

