"""bench/verdicts.py — the targets (name, value, limit, met) the table judges and the JSON lists, and the
formatting the table shares."""

from .common import CACHETICK_CPU_RATIO, CACHETICK_RSS_MIB, CACHETICK_SWITCHES, CACHETICK_WINDOWS, DAY_BUDGET_CALLS


def fmt(value, unit="", digits=0):
    if value is None:
        return "n/a"
    if isinstance(value, float):
        text = f"{value:,.{digits}f}"
    else:
        text = f"{value:,}"
    return f"{text} {unit}".strip()


MB = 1_000_000


def verdicts(r):
    """(name, value text, target text, met or None) for every target."""
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
    # The verdict reads the median of the windows' ratios (each window this build and C on the same intervals).
    windows = new.get("windows") or {}
    ratio = windows.get("median_ratio")
    each = ", ".join(fmt(w["ratio"], "", 2) for w in windows.get("windows", []))
    rows.append(("CPU per cache tick (µs)", fmt(cpu, "", 1), fmt(old.get("cpu_us_per_tick"), "", 1), fmt(c_cpu, "", 1),
                 f"≤ {CACHETICK_CPU_RATIO} × C (median of {CACHETICK_WINDOWS} windows {fmt(ratio, '', 2)}: {each})",
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
    rss, old_rss = new.get("rss_end_kb"), old.get("rss_end_kb")
    rows.append(("RSS at the end (MiB)", fmt(rss / 1024 if rss else None, "", 1),
                 fmt(old_rss / 1024 if old_rss else None, "", 1), "", f"≤ {CACHETICK_RSS_MIB}",
                 None if not rss else rss / 1024 <= CACHETICK_RSS_MIB))
    follower = (new.get("follower") or {}).get("cpu_us_per_tick")
    rows.append(("status --follow --format waybar: CPU per update (µs)", fmt(follower, "", 1), "", "",
                 "≤ this build's cache tick", None if follower is None or cpu is None else follower <= cpu))
    return rows


def planner_day_line(day):
    """The budget line: the simulated day's weighted calls counted at the look-alike, and the planner's."""
    return (f"weighted calls a day at the defaults (every part on), simulated UTC day, counted at the look-alike: "
            f"{day['weight']:.1f} (limit {DAY_BUDGET_CALLS}); the planner's own count: {day['planner_weight']:.1f}")
