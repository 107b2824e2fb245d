"""bench/paired.py — section compare: per-fetch CPU at 10 ms, the old commit beside this build in short runs
side by side."""

import statistics

from .common import COMPARE_PAIRS, COMPARE_TICKS, COMPARE_WARMUP, BenchError, loadavg, log
from .daemons import Daemon
from .sampling import window


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
