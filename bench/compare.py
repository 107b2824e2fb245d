"""bench/compare.py — section compare: CPU per fetch at --interval 10ms with every tick a fetch, this build
beside BENCH_OLD_COMMIT, in pairs of short runs against one server answering one current-only body."""

import os
import statistics
import sys

from . import common
from .common import BENCH_DIR, OUT, Beside, BenchError, Server, knob, loadavg, log
from .configs import checked, every_tick_config, fetch_current_only_body, other_contender
from .daemons import Contender, Daemon
from .sampling import window
from .table import Row, fmt

JOURNALD = True
BESIDE = Beside("BENCH_OLD", "2516b13", "old")
PAIRS = knob("BENCH_COMPARE_PAIRS", 6)
TICKS = knob("BENCH_COMPARE_TICKS", 1500)
WARMUP = knob("BENCH_COMPARE_WARMUP", 200)
BUDGET = 1.3


def run(other):
    """PAIRS pairs of runs in alternating order (old, new, new, old, ...), so the drift of this VM hits both
    sides alike; each run measured by its cgroup over ticks WARMUP -> WARMUP + TICKS. The server answers
    every request with fake-open-meteo's answer to a request without `daily=`: the old daemon never asks
    for the day's outlook, and this build, which asks while `today` is unknown, goes on asking, so both
    do a fetch's full work at every tick."""
    if other is None:
        raise BenchError("no weatherd beside this build (its build failed or was not asked for)")
    new = checked(Contender("weatherd", common.WEATHERD, every_tick_config()))
    old = other_contender(other, new.config)
    port_file = os.path.join(OUT, "compare-fake.port")
    fake = Server("compare-fake", [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic"],
                  port_file)
    try:
        headers, body, body_bytes = fetch_current_only_body(fake.base_url)
    finally:
        fake.stop()
    port_file = os.path.join(OUT, "compare.port")
    server = Server("compare", [sys.executable, "-B", os.path.join(BENCH_DIR, "server.py"), "--body", body,
                                "--headers", headers, "--port-file", port_file], port_file)
    pairs = []
    try:
        for i in range(PAIRS):
            pair = {"order": ["old", "new"] if i % 2 == 0 else ["new", "old"]}
            for side in pair["order"]:
                pair[side] = short_run(f"compare-{side}", old if side == "old" else new, server)
            pair["ratio"] = pair["new"]["cpu_us_per_fetch"] / pair["old"]["cpu_us_per_fetch"]
            pairs.append(pair)
            log(f"compare pair {i + 1}/{PAIRS}: old {pair['old']['cpu_us_per_fetch']:.0f} µs, "
                f"new {pair['new']['cpu_us_per_fetch']:.0f} µs per fetch ({pair['ratio']:.2f})")
    finally:
        server.stop()
    ratios = [p["ratio"] for p in pairs]

    def median(side, key):
        return statistics.median(p[side][key] for p in pairs)

    # The figure is the median of the ratios within each pair: a pair's two runs follow each other, so the
    # drift of the machine between pairs cancels out; the ratio of the two sides' medians is kept beside it.
    return {
        "old": old.label, "pairs": pairs, "ticks_each": TICKS, "body_bytes": body_bytes,
        "cpu_source": pairs[0]["new"]["cpu_source"],
        "old_us_per_fetch": median("old", "cpu_us_per_fetch"), "new_us_per_fetch": median("new", "cpu_us_per_fetch"),
        "ratio": statistics.median(ratios), "ratio_min": min(ratios), "ratio_max": max(ratios),
        "old_switches_per_fetch": median("old", "switches_per_fetch"),
        "new_switches_per_fetch": median("new", "switches_per_fetch"),
    }


def short_run(label, contender, server):
    """A run at --interval 10ms measured over ticks [WARMUP, WARMUP + TICKS]; every tick must fetch."""
    daemon = Daemon(label, contender, server.base_url)
    try:
        daemon.start()
        a = daemon.wait_ticks(WARMUP)
        b = daemon.wait_ticks(WARMUP + TICKS)
        result = window(a, b)
        result["rss_kb_end"] = b["VmRSS"]
        result["loadavg"] = loadavg()
    finally:
        if daemon.pid and daemon.exit_status is None:
            daemon.stop()
        daemon.kill()
        daemon.remove_files()
    if result["fetches"] < result["ticks"] * 0.9:
        raise BenchError(f"{contender.label}: only {result['fetches']} fetches in {result['ticks']} ticks")
    if result["fetches_failed"]:
        raise BenchError(f"{contender.label}: {result['fetches_failed']} fetches failed")
    result["switches_per_fetch"] = result["context_switches"] / result["fetches"]
    return result


def rows(r):
    return [
        Row(f"CPU per fetch at 10 ms ÷ {r['old']}'s (median of {len(r['pairs'])} pairs' ratios)",
            fmt(r["ratio"], "×", 2), f"≤ {BUDGET} ×", r["ratio"] <= BUDGET),
        Row(f"  CPU per fetch, the medians: {r['old']} / this build ({r['cpu_source']})",
            f"{r['old_us_per_fetch']:,.0f} / {r['new_us_per_fetch']:,.0f} µs"),
        Row("  the pairs' ratios: min / max", f"{r['ratio_min']:.2f} / {r['ratio_max']:.2f}"),
        Row(f"  context switches per fetch: {r['old']} / this build",
            f"{r['old_switches_per_fetch']:.1f} / {r['new_switches_per_fetch']:.1f}"),
    ]
