"""bench/plannerday.py — section plannerday: the real planner through a simulated UTC day at the defaults
(Sources/bench-planner-day, about a second), each request it plans sent by weatherd's own clients to a
look-alike and counted there: weighted Open-Meteo calls a day, and alert requests a day per source."""

import json
import os
import subprocess
import time

from . import common
from .common import OUT, ROOT, BenchError, Server, clean_env
from .requestlog import parse_request_log
from .table import Row, fmt

# docs/forecast.md: weighted calls a day at the defaults with every part on, at most.
DAY_BUDGET_CALLS = 500
# docs/air.md: the same with air quality on for the four default places, at most.
AIR_DAY_BUDGET_CALLS = 600
# docs/alerts.md: each source's period, as requests a day per feed (a point, or a country for meteoalarm).
ALERT_BUDGETS = {"nws": 288, "metno": 144, "dwd": 144, "meteoalarm": 48}


def simulate(name, extra=()):
    """One simulated day of bench-planner-day against its own look-alike: its JSON, its request log's path,
    and how long it took."""
    request_log = os.path.join(OUT, f"{name}.requests")
    if os.path.exists(request_log):
        os.unlink(request_log)
    port_file = os.path.join(OUT, f"{name}.port")
    server = Server(name, [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                           "--request-log", request_log], port_file)
    try:
        started = time.monotonic()
        day = subprocess.run([common.PLANNER_DAY, "--api-url", server.base_url, *extra], capture_output=True,
                             text=True, timeout=600, env=clean_env({}))
        seconds = time.monotonic() - started
    finally:
        server.stop()
    if day.returncode != 0:
        raise BenchError(f"bench-planner-day exited {day.returncode}: {(day.stderr or day.stdout).strip()[-500:]}")
    return json.loads(day.stdout), request_log, seconds


def run(other):
    """The simulated day (4 locations with their real UTC offsets, 10 s, `refresh: auto`, data every 900 s,
    every forecast part on): weighted calls counted from the look-alike's request log beside the planner's
    own count (its quota ledger); the alert polls of each scenario counted by the look-alike per feed. Then
    the same day with air quality on for the four places: the forecast's and the air's calls together."""
    if not os.access(common.PLANNER_DAY, os.X_OK):
        raise BenchError(f"{common.PLANNER_DAY} missing: run `make bench`")
    planner, request_log, seconds = simulate("planner-day")
    entries = parse_request_log(request_log)
    air_planner, air_log, _ = simulate("planner-day-air", ["--air-quality"])
    air_forecast = parse_request_log(air_log)
    air_entries = parse_request_log(air_log, path_of_requests="/v1/air-quality")
    return {
        "planner": planner,
        "seconds": seconds,
        "request_log": os.path.relpath(request_log, ROOT),
        "requests": len(entries),
        "nowcast_requests": sum(1 for e in entries if e["nowcast"]),
        "hourly_requests": sum(1 for e in entries if e["hourly"]),
        "daily_requests": sum(1 for e in entries if e["daily"]),
        "weight": sum(e["weight_tenths"] for e in entries) / 10,
        "weight_by_part": {part: sum(e[f"{part}_tenths"] for e in entries) / 10 for part in ("base", "hourly", "daily")},
        "planner_weight": planner["planner_day_used_tenths"] / 10,
        "orders_weight": planner["weight_tenths"] / 10,
        "alerts": alert_days(planner.get("alerts", []), request_log),
        "air": {
            "weight": (sum(e["weight_tenths"] for e in air_forecast) + sum(e["weight_tenths"] for e in air_entries))
            / 10,
            "forecast_weight": sum(e["weight_tenths"] for e in air_forecast) / 10,
            "air_weight": sum(e["weight_tenths"] for e in air_entries) / 10,
            "air_requests": len(air_entries),
            "air_requests_by_location": {loc["name"]: loc["air_requests"] for loc in air_planner["locations"]},
            "air_failed": sum(loc["air_failed"] for loc in air_planner["locations"]),
            "planner_weight": air_planner["planner_day_used_tenths"] / 10,
        },
    }


def alert_days(scenarios, request_log):
    """The alert polls of the simulated day per scenario and source: feeds, locations, the polls the look-alike
    saw (its request log's lines whose target is a feed's) in all and of the busiest feed."""
    targets = {}
    try:
        with open(request_log) as f:
            for line in f:
                _, _, target = line.strip().partition(" ")
                targets[target] = targets.get(target, 0) + 1
    except OSError:
        pass
    days = []
    for scenario in scenarios:
        by_source = {}
        for feed in scenario["feeds"]:
            b = by_source.setdefault(feed["source"], {"feeds": 0, "locations": 0, "polls": 0, "at_lookalike": 0,
                                                      "busiest_feed": 0})
            seen = targets.get(feed["target"], 0)
            b["feeds"] += 1
            b["locations"] += feed["locations"]
            b["polls"] += feed["polls"]
            b["at_lookalike"] += seen
            b["busiest_feed"] = max(b["busiest_feed"], seen)
        days.append({"scenario": scenario["scenario"], "by_source": by_source, "failed": scenario["failed"],
                     "without_source": scenario["without_source"]})
    return days


def rows(r):
    p, w = r["planner"], r["weight_by_part"]
    out = [
        Row("weighted Open-Meteo calls a day at the defaults, every part on", fmt(r["weight"], "", 1),
            f"≤ {DAY_BUDGET_CALLS}", r["weight"] <= DAY_BUDGET_CALLS),
        Row("  the planner's own count: its quota ledger / its orders' weights",
            f"{r['planner_weight']:.1f} / {r['orders_weight']:.1f}"),
        Row("  requests: all / with minutely_15= / hourly= / daily=",
            f"{r['requests']} / {r['nowcast_requests']} / {r['hourly_requests']} / {r['daily_requests']}"),
        Row("  weight: current + nowcast / the hours add / the days add",
            f"{w['base']:.1f} / {w['hourly']:.1f} / {w['daily']:.1f}"),
        Row("  daily= per location (" + ", ".join(loc["name"] for loc in p["locations"]) + ")",
            " / ".join(str(loc["with_daily"]) for loc in p["locations"])),
        Row("  answers failed / without a block asked for; ticks; seconds",
            f"{p['failed']} / {p['incomplete_answers']}; {p['ticks']:,}; {r['seconds']:.1f} s"),
    ]
    a = r.get("air")
    if a:
        out += [
            Row("weighted Open-Meteo calls a day at the defaults with air quality on", fmt(a["weight"], "", 1),
                f"≤ {AIR_DAY_BUDGET_CALLS}", a["weight"] <= AIR_DAY_BUDGET_CALLS),
            Row("  forecast / air quality calls; the planner's ledger",
                f"{a['forecast_weight']:.1f} / {a['air_weight']:.1f}; {a['planner_weight']:.1f}"),
            Row("  air requests a day (" + ", ".join(a["air_requests_by_location"]) + "); failed",
                " / ".join(str(n) for n in a["air_requests_by_location"].values()) + f"; {a['air_failed']}"),
        ]
    busiest = {}
    for day in r["alerts"]:
        for source, b in sorted(day["by_source"].items()):
            out.append(Row(f"  alert requests a day, {day['scenario']}, {source}: {b['feeds']} feed(s), "
                           f"{b['locations']} location(s)", f"{b['at_lookalike']} ({b['polls']} sent)"))
            busiest[source] = max(busiest.get(source, 0), b["busiest_feed"])
        if day["without_source"]:
            out.append(Row(f"  {day['scenario']}: no alert source for " + ", ".join(day["without_source"])))
    for source, most in sorted(busiest.items()):
        limit = ALERT_BUDGETS.get(source)
        out.append(Row(f"alert requests a day of one {source} feed (the busiest)", str(most),
                       f"≤ {limit}" if limit else "", None if limit is None else most <= limit))
    return out
