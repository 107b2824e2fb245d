"""bench/cachetick.py — section cachetick: ticks that fetch nothing (cache ticks) at the real 10 s interval,
this build beside BENCH_CACHETICK_OLD_COMMIT and the same tick in C (bench/cachetick.c), with a `weatherd
status --follow` reading this build's state file.

This build and the old commit run at the default configuration, each against its own `fake-open-meteo
--data-interval 3600` (nearly every tick fetches nothing), started a third of a tick apart, the C program in
the last third; all in one window. Each daemon is sampled half a tick after each of its ticks; an interval
with a request in its look-alike's log (a fetch, or an alert poll) or a change of `ticks_fetched` or
`requests` is a fetch interval and left out: every figure is a sum over the other intervals divided by their
ticks (the window grows by up to BENCH_CACHETICK_EXTRA ticks when fetch ticks fell in it)."""

import math
import os
import shutil
import statistics
import time

from . import common
from .cachetick_c import CacheTickInC
from .clones import CloneCounter
from .common import OUT, REAL_INTERVAL_S, Beside, BenchError, Server, knob, log
from .configs import checked, default_config, default_locations, other_contender
from .daemons import Contender, Daemon, runtime_dir, wait_wall
from .follower import Follower
from .requestlog import request_times
from .sampling import write_bytes_of
from .table import Row, fmt

JOURNALD = True
BESIDE = Beside("BENCH_CACHETICK_OLD", "cc5f51e", "new")
SECONDS = knob("BENCH_CACHETICK_SECONDS", 600)
EXTRA = knob("BENCH_CACHETICK_EXTRA", 6)
DATA_INTERVAL = 3600
# The budgets: CPU per cache tick at most CPU_RATIO times the C program's, as the median of the ratios of
# WINDOWS consecutive windows (one window's ratio has moved from 1.9 to 3.4 between two runs here); context
# switches (all threads) at most SWITCHES; no thread created, no byte written to a disk; resident memory at
# the end at most RSS_MIB; `status --follow` at most the daemon's own CPU per tick.
CPU_RATIO, WINDOWS, SWITCHES, RSS_MIB = 2, 3, 3, 17


def mid_tick(daemon, after):
    """Half a tick after the first tick of `daemon` at or after `after` (its ticks come at READY + k·interval)."""
    k = math.ceil((after - daemon.ready_wall) / REAL_INTERVAL_S - 0.5)
    return daemon.ready_wall + (k + 0.5) * REAL_INTERVAL_S


def run(other):
    new = checked(Contender("this-build", common.WEATHERD, default_config()))
    contenders = [new] + ([other_contender(other, new.config)] if other else [])
    servers, daemons, logs, clones = [], [], [], []
    follower = c_tick = None
    c_dir = os.path.join(runtime_dir(), "cachetick-c")
    os.makedirs(c_dir, exist_ok=True)
    locations = default_locations()[1]
    intervals = max(1, math.ceil(SECONDS / REAL_INTERVAL_S))
    try:
        for contender in contenders:
            logs.append(os.path.join(OUT, f"cachetick-{contender.label}.requests"))
            if os.path.exists(logs[-1]):
                os.unlink(logs[-1])
            port_file = os.path.join(OUT, f"cachetick-{contender.label}.port")
            servers.append(Server(f"cachetick-{contender.label}", [
                common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                "--data-interval", str(DATA_INTERVAL), "--request-log", logs[-1]], port_file))
        for i, (contender, server) in enumerate(zip(contenders, servers)):
            if i:
                time.sleep(REAL_INTERVAL_S / 3)
            daemons.append(Daemon(f"cachetick-{contender.label}", contender, server.base_url,
                                  interval=f"{REAL_INTERVAL_S}s"))
            daemons[-1].start()
        this = daemons[0]
        # Every location's first fetch done (one a tick), then a few cache ticks to take the C program's bytes from.
        wait_wall(max(d.ready_wall for d in daemons) + (locations + 3) * REAL_INTERVAL_S, daemons)
        c_tick = CacheTickInC(this, c_dir, 10 * (intervals + EXTRA), REAL_INTERVAL_S)
        follower = Follower(new.binary, new.config, this)
        # The C program's iterations (its start + k·interval, k ≥ 1) two thirds of a tick after this build's.
        wait_wall(this.ready_wall + (math.ceil((time.time() + 0.5 - this.ready_wall) / REAL_INTERVAL_S - 2 / 3)
                                     + 2 / 3) * REAL_INTERVAL_S, daemons)
        c_tick.start()
        firsts = [mid_tick(d, time.time() + 1) for d in daemons]
        clones = [CloneCounter(d.pid, f"cachetick-{side}") for d, side in zip(daemons, ("new", "old"))]
        log(f"cachetick: {len(daemons)} daemons and the C program at {REAL_INTERVAL_S} s, state file "
            f"{c_tick.state_bytes} bytes, journal entry {c_tick.fields} fields; {intervals} ticks or more")
        series = sample(daemons, firsts, logs, intervals, c_tick, follower)
        for counter in clones:
            counter.stop()
        # After the last sample (half a tick after the last daemon's tick) the C program's next iteration is most
        # of a tick away.
        try:
            c_result = c_tick.finish()
        except BenchError as error:
            c_result = {"error": str(error)}
    finally:
        for counter in clones:
            counter.stop()
        if c_tick:
            c_tick.close()
        if follower:
            follower.stop()
        for daemon in daemons:
            if daemon.pid and daemon.exit_status is None:
                daemon.stop()
            daemon.kill()
        for server in servers:
            server.stop()
        shutil.rmtree(c_dir, ignore_errors=True)
    result = {"state_bytes": c_tick.state_bytes, "journal_fields": c_tick.fields, "c": c_result, "contenders": {},
              "order": [c.label for c in contenders]}
    for i, (contender, daemon) in enumerate(zip(contenders, daemons)):
        result["contenders"][contender.label] = figures(series[i], cache_intervals(series[i], logs[i]),
                                                        clones[i].events(), with_c=(i == 0))
        daemon.remove_files()
    return result


def sample(daemons, firsts, logs, intervals, c_tick, follower):
    """Samples every daemon half a tick after each of its ticks until `intervals` cache ticks of this build's
    (at most EXTRA more); this build's samples carry the C program's and the follower's CPU too."""
    series = [[] for _ in daemons]
    k = extra = 0
    while True:
        for t, i in sorted((mid_tick(d, first) + k * REAL_INTERVAL_S, i)
                           for i, (d, first) in enumerate(zip(daemons, firsts))):
            wait_wall(t, daemons)
            s = daemons[i].sample()
            state = daemons[i].state()["daemon"]
            s.update(ticks_fetched=state.get("ticks_fetched"), requests=state.get("requests"),
                     write_bytes=write_bytes_of(daemons[i].pid))
            if i == 0:
                # The C program's iteration two thirds of a tick after this build's falls in each interval, so the
                # windows compare the two on the same intervals.
                s.update(c_ns=c_tick.cpu_ns(), **follower.sample())
            series[i].append(s)
        k += 1
        if k <= intervals:
            if k % 6 == 0:
                log(f"cachetick: {k}/{intervals} ticks")
            continue
        cached = sum(b["ticks"] - a["ticks"] for a, b, fetched in cache_intervals(series[0], logs[0]) if not fetched)
        if cached >= intervals or extra >= EXTRA:
            return series
        extra += 1


def cache_intervals(samples, request_log):
    """(a, b, fetched) for each pair of consecutive samples: fetched when a request of any kind (a fetch, or an
    alert poll with its write of the alerts cache) reached the look-alike between them, or the counters moved."""
    times = request_times(request_log)
    return [(a, b, any(a["wall"] < t <= b["wall"] for t in times) or b["ticks_fetched"] != a["ticks_fetched"]
             or b["requests"] != a["requests"]) for a, b in zip(samples, samples[1:])]


def figures(samples, pairs, clone_events, with_c):
    cache = [(a, b) for a, b, fetched in pairs if not fetched]
    ticks = sum(b["ticks"] - a["ticks"] for a, b in cache)

    def total(key):
        return sum(b[key] - a[key] for a, b in cache if a.get(key) is not None and b.get(key) is not None)

    end = samples[-1]
    cpu_key = "cg_ns" if end.get("cg_ns") is not None else "sched_ns"
    r = {"intervals": len(pairs), "fetch_intervals": len(pairs) - len(cache), "cache_ticks": ticks,
         "cpu_source": "cgroup" if cpu_key == "cg_ns" else "schedstat (threads seen)", "rss_end_kb": end["VmRSS"]}
    if ticks:
        r["cpu_us_per_tick"] = total(cpu_key) / 1e3 / ticks
        r["context_switches_per_tick"] = total("switches") / ticks
        r["write_bytes"] = total("write_bytes")
        if with_c:
            r["windows"] = cpu_windows(cache, cpu_key)
            r["follower_us_per_tick"] = total("follower_ns") / 1e3 / ticks
            r["follower_switches_per_tick"] = total("follower_switches") / ticks
    if clone_events is not None:
        # A 1 s count belongs to a cache interval when the whole second lies inside it.
        r["clones_in_cache_ticks"] = sum(n for t, n in clone_events
                                         if any(a["wall"] <= t - 1 and t <= b["wall"] for a, b in cache))
        r["clones_in_run"] = sum(n for _, n in clone_events)
    return r


def cpu_windows(cache, cpu_key):
    """This build's and the C program's CPU per tick in WINDOWS consecutive windows of the cache intervals,
    each window's ratio, and the median of the ratios (the figure the budget reads)."""
    size = len(cache) // WINDOWS
    windows = []
    for w in range(WINDOWS):
        part = cache[w * size:(w + 1) * size] if w < WINDOWS - 1 else cache[w * size:]
        ticks = sum(b["ticks"] - a["ticks"] for a, b in part)
        cpu = sum(b[cpu_key] - a[cpu_key] for a, b in part)
        pairs = [(a, b) for a, b in part if a.get("c_ns") is not None and b.get("c_ns") is not None]
        c_ns = sum(b["c_ns"] - a["c_ns"] for a, b in pairs)
        if not ticks or not pairs or not c_ns:
            return None
        this_us, c_us = cpu / 1e3 / ticks, c_ns / 1e3 / len(pairs)
        windows.append({"ticks": ticks, "cpu_us_per_tick": this_us, "c_us_per_iter": c_us, "ratio": this_us / c_us})
    return {"windows": windows, "median_ratio": statistics.median(w["ratio"] for w in windows)}


def rows(r):
    labels = r["order"]
    new, c = r["contenders"][labels[0]], r.get("c") or {}
    old_label = labels[1] if len(labels) > 1 else None
    old = r["contenders"][old_label] if old_label else {}

    def beside(key, c_key, digits, scale=1):
        """The old commit's figure and the C program's, in brackets."""
        parts = [f"{name} {fmt(d[k] / scale, '', digits)}" for name, d, k in ((old_label, old, key), ("C", c, c_key))
                 if name and k and d.get(k) is not None]
        return f" ({', '.join(parts)})" if parts else ""

    def judged(value, limit_ok):
        return None if value is None else limit_ok(value)

    windows = new.get("windows") or {}
    ratio, cpu = windows.get("median_ratio"), new.get("cpu_us_per_tick")
    clones, written, rss = new.get("clones_in_cache_ticks"), new.get("write_bytes"), new.get("rss_end_kb")
    switches, follower = new.get("context_switches_per_tick"), new.get("follower_us_per_tick")
    out = [
        Row(f"CPU per cache tick ÷ the C program's (median of {WINDOWS} windows)", fmt(ratio, "", 2),
            f"≤ {CPU_RATIO}", judged(ratio, lambda v: v <= CPU_RATIO)),
        Row("  CPU per cache tick (µs); the windows' ratios",
            f"{fmt(cpu, '', 0)}{beside('cpu_us_per_tick', 'cpu_us_per_iter', 0)}; "
            + ", ".join(f"{w['ratio']:.2f}" for w in windows.get("windows", []))),
        Row("context switches per cache tick (all threads)",
            fmt(switches, "", 2) + beside("context_switches_per_tick", "context_switches_per_iter", 2),
            f"≤ {SWITCHES}", judged(switches, lambda v: v <= SWITCHES)),
        Row("threads created by cache ticks (clone calls)", fmt(clones) + beside("clones_in_cache_ticks", None, 0),
            "0", judged(clones, lambda v: v == 0)),
        Row("bytes written to a disk by cache ticks (write_bytes)", fmt(written) + beside("write_bytes", None, 0),
            "0", judged(written, lambda v: v == 0)),
        Row("RSS at the real 10 s interval, end of the run (MiB)",
            fmt(rss and rss / 1024, "", 1) + beside("rss_end_kb", None, 1, 1024), f"≤ {RSS_MIB}",
            judged(rss, lambda v: v / 1024 <= RSS_MIB)),
        Row("status --follow --format waybar: CPU per update", fmt(follower, "µs", 0), "≤ the cache tick",
            None if follower is None or cpu is None else follower <= cpu),
        Row("  cache ticks; fetch intervals left out; the state file's bytes",
            f"{new.get('cache_ticks')}; {new.get('fetch_intervals')}; {r['state_bytes']:,}"),
    ]
    if c.get("error"):
        out.append(Row(f"  the C program failed: {c['error']}"))
    return out
