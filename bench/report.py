"""bench/report.py — the one table of the run, printed to stdout."""

import os

from . import fleet
from .common import COMPARE_WARMUP, OUT, ROOT
from .verdicts import MB, PLANNER_DAY_ROW, cachetick_rows, fmt, planner_day_line, verdicts


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
    add(f"caches on {fs.get('fstype')} ({fs.get('source')}), state files on tmpfs (an older daemon's beside its "
        f"cache); old: {r.get('old_label', 'n/a')}")
    # The end figure includes the benchmark's own processes (daemon, server, harness: about 1), so only
    # the load found at the start says whether someone else was busy.
    if m["loadavg_start"][0] > 0.5:
        add("NOTE: the machine was not quiet (1-min load > 0.5 at start): figures are indicative; "
            "re-run on a quiet machine.")
    add("")
    width = 64
    add(f"{'measurement':<{width}} {'value':>30}   {'target':<10} result")
    add("-" * (width + 53))

    def row(name, value, target="", result=""):
        add(f"{name:<{width}} {value:>30}   {target:<10} {result}")

    target_of = {name: (target, ok) for name, _, target, ok in verdicts(r)}

    def judged(name, value):
        target, ok = target_of.get(name, ("", None))
        row(name, value, target, "" if ok is None else ("PASS" if ok else "MISSED  <<<"))

    day = r.get("planner_day")
    if day:
        p = day["planner"]
        add(f"the real planner through a simulated UTC day ({p['day']}) at the defaults: "
            f"{len(p['locations'])} locations, every {p['interval_s']:g} s, data every {p['data_interval_s']:g} s, "
            f"every forecast part on")
        add("  " + planner_day_line(day))
        judged(PLANNER_DAY_ROW, fmt(day["weight"], "", 1))
        row("  the planner's own count: its quota ledger / its orders' weights",
            f"{day['planner_weight']:.1f} / {day['orders_weight']:.1f}")
        row("  requests: all / with minutely_15= / hourly= / daily=",
            f"{day['requests']} / {day['nowcast_requests']} / {day['hourly_requests']} / {day['daily_requests']}")
        w = day["weight_by_part"]
        row("  weight: current + nowcast / the hours add / the days add",
            f"{w['base']:.1f} / {w['hourly']:.1f} / {w['daily']:.1f}")
        for scenario in day.get("alerts", []):
            parts = [f"{source} {b['at_lookalike']} ({b['feeds']} feed{'s' if b['feeds'] != 1 else ''}, "
                     f"{b['locations']} location{'s' if b['locations'] != 1 else ''})"
                     for source, b in sorted(scenario["by_source"].items())]
            without = ", ".join(scenario["without_source"])
            row(f"  alert requests a day, {scenario['scenario']}, at the look-alike",
                "; ".join(parts) + (f"; no source: {without}" if without else ""))
        row("  daily= per location (" + ", ".join(loc["name"] for loc in p["locations"]) + ")",
            " / ".join(str(loc["with_daily"]) for loc in p["locations"]))
        row("  answers failed / without a block asked for; ticks; seconds",
            f"{p['failed']} / {p['incomplete_answers']}; {p['ticks']:,}; {day['seconds']:.1f} s")
    real = r.get("realtime")
    if real:
        q = real["requests"]
        add(f"requests at the default configuration ({real['locations']} locations, every {real['interval_s']} s), "
            f"{real['window_s'] / 60:.0f} min against fake-open-meteo --data-interval {real['data_interval_s']}")
        if real["window_s"] < 600:
            add("  NOTE: the window is shorter than the 10 minutes these figures ask for (BENCH_REAL_SECONDS)")
        row("  requests per location per data period",
            f"{fmt(q['per_location_period'], '', 2)} ({q['requests']} in {q['locations']}×{q['periods']})")
        row("    location-periods without a request / with two or more", f"{q['missed']} / {q['twice']}")
        row("    → requests per day at Open-Meteo's 900 s", fmt(real.get("requests_per_day"), "", 0))
    compare = r.get("compare")
    if compare:
        add(f"per-fetch CPU at 10 ms, refresh every tick, no limits, one current-only body "
            f"({len(compare['pairs'])} pairs of {compare['ticks_each']:,} ticks, alternating)")
        row(f"  {compare['old']} (median)", fmt(compare["old_us_per_fetch"], "µs", 0))
        row(f"  {compare['new']} (median)", fmt(compare["new_us_per_fetch"], "µs", 0))
        judged("per-fetch CPU, new ÷ old (median of the pairs' ratios)", fmt(compare["ratio"], "×", 2))
        pr = compare["pair_ratios"]
        row("  the pairs' ratios: min / max; ratio of the two medians",
            f"{pr['min']:.2f} / {pr['max']:.2f}; {compare['ratio_of_medians']:.2f}")
        row("  context switches per fetch: old / new",
            f"{compare['old_switches_per_fetch']:.1f} / {compare['new_switches_per_fetch']:.1f}")
    sizes = r.get("sizes")
    deb = r.get("deb")
    startup = (r.get("startup") or {}).get("runs") or {}
    if sizes or deb or startup:
        add("footprint")
    if sizes:
        s = sizes["weatherd"]
        judged("stripped binary (make build)", fmt(s["stripped_bytes"] / MB, "MB", 1))
        row("  unstripped / linker / RELR / dynamic symbols",
            f"{s['bytes'] / MB:.1f} MB / {s['linker'].split()[0]} / {'yes' if s['relr'] else 'no'} / {s['dynamic_symbols']:,}")
        top = ", ".join(f"{k} {v / MB:.1f}" for k, v in list(s["sections"].items())[:5])
        add(f"    largest sections (MB): {top}")
        groups = s.get("symbol_bytes_by_module") or {}
        top = ", ".join(f"{k} {v / MB:.2f}" for k, v in list(groups.items())[:10])
        add(f"    symbols by module (MB): {top}; weatherd's own {s['own_modules_bytes'] / MB:.2f}")
        if "old" in sizes:
            o = sizes["old"]
            row(f"  {r.get('old_label')}: stripped / largest section",
                f"{o['stripped_bytes'] / MB:.1f} MB / " + ", ".join(
                    f"{k} {v / MB:.1f}" for k, v in list(o["sections"].items())[:1]))
    if deb:
        judged(".deb (make deb)", fmt(deb["bytes"] / MB, "MB", 1))
        row("  Installed-Size", f"{int(deb.get('installed_size', 0)) / 1024:.1f} MB")
    if compare:
        row(f"  VmRSS after {COMPARE_WARMUP + compare['ticks_each']:,} ticks: old / new (median)",
            f"{compare['old_rss_kb_end'] / 1024:.1f} / {compare['new_rss_kb_end'] / 1024:.1f} MB")
    for label, s in startup.items():
        if label == "weatherd":
            judged("exec → READY=1 (median)", fmt(s["exec_to_ready_ms"]["median"], "ms", 1))
        else:
            row(f"  {label}: exec → READY=1 (median)", fmt(s["exec_to_ready_ms"]["median"], "ms", 1))
        row(f"  {label}: READY min / max; `--version` exec → exit; SIGTERM → exit",
            f"{s['exec_to_ready_ms']['min']:.1f} / {s['exec_to_ready_ms']['max']:.1f}; "
            f"{s['version_exec_to_exit_ms']['median']:.1f}; {s['sigterm_to_exit_ms']['median']:.1f} ms")
        if s.get("ignored_sigterm"):
            add(f"  WARNING: {len(s['ignored_sigterm'])} of {s['starts']} starts of {label} ignored SIGTERM "
                "sent right after READY=1 for 10 s and were SIGKILLed (details in the JSON: ignored_sigterm)")
    ct = r.get("cachetick")
    if ct:
        labels = ct["order"]
        new = ct["contenders"][labels[0]]
        old_label = labels[1] if len(labels) > 1 else "old"
        add("")
        head = (f"  cache tick budgets ({new.get('cache_ticks', 0)} ticks at {ct['interval_s']} s, state file "
                f"{ct['state_bytes']:,} bytes, with status --follow)")
        add(head)
        add(f"{'':<{width + 18}} {'this build':>12} {old_label:>10} {'C':>8}   limit")
        for name, value, old_value, c_value, target, ok in cachetick_rows(r):
            verdict = "" if ok is None else ("ok" if ok else "MISSED  <<<")
            add(f"    {name:<{width + 14}} {value:>12} {old_value:>10} {c_value:>8}   {target:<24} {verdict}")
        c = ct.get("c") or {}
        add(f"    per cache tick: sums over {new.get('intervals', 0) - new.get('fetch_intervals', 0)} of "
            f"{new.get('intervals', 0)} intervals (half a tick after each tick) without a request in the look-alike's "
            f"log nor a change of ticks_fetched/requests; fetch intervals left out: {new.get('fetch_intervals')} "
            f"({old_label}: {ct['contenders'][old_label]['fetch_intervals'] if old_label in ct['contenders'] else 'n/a'})")
        add(f"    CPU: cgroup of each daemon (all threads); C: getrusage over its {c.get('n', 'n/a')} iterations, "
            f"{ct['journal_fields']} journal fields ({ct['journal_payload_bytes']} bytes), STATUS=, the state file's "
            f"{ct['state_bytes']:,} bytes on tmpfs")
        if new.get("clones_in_run") is not None:
            add(f"    clone/clone3 calls over the whole sampled run, fetch ticks included: {new['clones_in_run']}"
                + (f" ({old_label}: {ct['contenders'][old_label].get('clones_in_run')})" if old_label in ct['contenders'] else ""))
    for line in fleet.lines(r.get("fleet")):
        add(line)
    add("-" * (width + 53))
    missed = [name for name, _, _, ok in verdicts(r) if ok is False]
    if missed:
        add(f"MISSED: {len(missed)} target(s): " + "; ".join(missed))
    else:
        add("all targets met")
    if r.get("errors"):
        add("ERRORS (measurements missing): " + "; ".join(r["errors"]))
    add(f"JSON: {os.path.relpath(os.path.join(OUT, 'results.json'), ROOT)}")
    print("\n".join(lines), flush=True)
    return missed
