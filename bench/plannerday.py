"""bench/plannerday.py — section plannerday: the real planner through a simulated UTC day
(Sources/bench-planner-day), its requests weighed at a look-alike."""

import json
import os
import subprocess
import time

from . import common
from .common import OUT, ROOT, BenchError, Server, clean_env
from .requestlog import parse_request_log


def section_planner_day():
    """The real planner through a simulated UTC day at the defaults (Sources/bench-planner-day: 4 locations
    with their real UTC offsets, 10 s, `refresh: auto`, data every 900 s, every forecast part on), each
    request it plans sent by weatherd's own client to a look-alike of its own: weighted calls a day counted
    from the look-alike's request log, beside the planner's own count (its quota ledger)."""
    if not os.access(common.PLANNER_DAY, os.X_OK):
        raise BenchError(f"{common.PLANNER_DAY} missing: run `make bench`")
    request_log = os.path.join(OUT, "planner-day.requests")
    if os.path.exists(request_log):
        os.unlink(request_log)
    port_file = os.path.join(OUT, "planner-day.port")
    server = Server("planner-day", [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                                    "--request-log", request_log], port_file)
    try:
        started = time.monotonic()
        run = subprocess.run([common.PLANNER_DAY, "--api-url", server.base_url], capture_output=True, text=True,
                             timeout=600, env=clean_env({}))
        seconds = time.monotonic() - started
    finally:
        server.stop()
    if run.returncode != 0:
        raise BenchError(f"bench-planner-day exited {run.returncode}: {(run.stderr or run.stdout).strip()[-500:]}")
    planner = json.loads(run.stdout)
    entries = parse_request_log(request_log)
    tenths = sum(e["weight_tenths"] for e in entries)
    by_location = {}
    for e in entries:
        b = by_location.setdefault(e["location"], {"requests": 0, "hourly": 0, "daily": 0, "weight": 0})
        b["requests"] += 1
        b["hourly"] += e["hourly"]
        b["daily"] += e["daily"]
        b["weight"] += e["weight_tenths"] / 10
    return {
        "alerts": alert_days(planner.get("alerts", []), request_log),
        "planner": planner,
        "seconds": seconds,
        "request_log": os.path.relpath(request_log, ROOT),
        "requests": len(entries),
        "nowcast_requests": sum(1 for e in entries if e["nowcast"]),
        "hourly_requests": sum(1 for e in entries if e["hourly"]),
        "daily_requests": sum(1 for e in entries if e["daily"]),
        "weight": tenths / 10,
        "weight_by_part": {
            "base": sum(e["base_tenths"] for e in entries) / 10,
            "hourly": sum(e["hourly_tenths"] for e in entries) / 10,
            "daily": sum(e["daily_tenths"] for e in entries) / 10,
        },
        "by_location": by_location,
        "planner_weight": planner["planner_day_used_tenths"] / 10,
        "orders_weight": planner["weight_tenths"] / 10,
    }


def alert_days(scenarios, request_log):
    """The alert polls of the simulated day per scenario and source: the planner's count, and the
    look-alike's (its request log's lines whose target is the feed's)."""
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
            b = by_source.setdefault(feed["source"], {"feeds": 0, "locations": 0, "polls": 0, "at_lookalike": 0})
            b["feeds"] += 1
            b["locations"] += feed["locations"]
            b["polls"] += feed["polls"]
            b["at_lookalike"] += targets.get(feed["target"], 0)
        days.append({"scenario": scenario["scenario"], "by_source": by_source, "failed": scenario["failed"],
                     "without_source": scenario["without_source"]})
    return days
