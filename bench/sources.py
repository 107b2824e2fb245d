"""bench/sources.py — section sources: the second source at the defaults, through the real planner's simulated
UTC day (Sources/bench-planner-day --down-url, a few seconds): Open-Meteo down for an hour, then all day;
requests to each source, the minutes a location spent stale, MET Norway's requests a day per location against
what its `Expires` allows, and the CPU of one MET Norway fetch beside one Open-Meteo fetch (weatherd's own
clients, in the same process: pairs of the same fetch of each, alternating which source goes first)."""

import json
import os
import statistics
import subprocess
import time

from . import common
from .common import OUT, BenchError, Server, clean_env, knob
from .table import Row, fmt

# The hour Open-Meteo is down in the first day (seconds of the simulated UTC day): 12:00-13:00 UTC.
DOWN_AT = knob("BENCH_SOURCES_DOWN_AT", 12 * 3600)
DOWN_FOR = knob("BENCH_SOURCES_DOWN_FOR", 3600)
# How the down look-alike's Open-Meteo fails: fake-open-meteo --down-mode (503, html, 429-daily; hang waits
# for the client's timeout at every request, in real time).
DOWN_MODE = os.environ.get("BENCH_SOURCES_DOWN_MODE") or "503"
# After the hour's day: pairs of one Open-Meteo and one MET Norway request, alternating which goes first, for the
# CPU of one fetch of each: the same fetch of each (each MET request of that day asked of both sources: the
# budget), and each source's own requests of that day (Open-Meteo's mostly the current weather alone, MET's
# the hours and days that fell due when Open-Meteo went down at 12:00).
PAIRS = knob("BENCH_SOURCES_PAIRS", 500)
FORECAST_PATH = "/v1/forecast"
MET_PATH = "/weatherapi/locationforecast/2.0/compact"


def targets(request_log):
    """Requests in a look-alike's request log: {"open-meteo": n, "met-norway": n}."""
    counts = {"open-meteo": 0, "met-norway": 0}
    try:
        with open(request_log) as f:
            for line in f:
                _, _, target = line.strip().partition(" ")
                if target.startswith(FORECAST_PATH):
                    counts["open-meteo"] += 1
                elif target.startswith(MET_PATH):
                    counts["met-norway"] += 1
    except OSError:
        pass
    return counts


def day(name, down_at, down_for, pairs=0):
    """One simulated day with Open-Meteo down from `down_at` for `down_for` seconds: two look-alikes (one up,
    one whose Open-Meteo route is down for good, `--down-after 0`), the planner's JSON and the requests each
    look-alike saw."""
    servers, logs = {}, {}
    try:
        for side, extra in (("up", []), ("down", ["--down-after", "0", "--down-mode", DOWN_MODE])):
            logs[side] = os.path.join(OUT, f"sources-{name}-{side}.requests")
            if os.path.exists(logs[side]):
                os.unlink(logs[side])
            port_file = os.path.join(OUT, f"sources-{name}-{side}.port")
            servers[side] = Server(f"sources-{name}-{side}",
                                   [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                                    "--request-log", logs[side], *extra], port_file)
        started = time.monotonic()
        run = subprocess.run([common.PLANNER_DAY, "--api-url", servers["up"].base_url,
                              "--down-url", servers["down"].base_url, "--down-at", str(down_at),
                              "--down-for", str(down_for), "--pairs", str(pairs)],
                             capture_output=True, text=True, timeout=1800, env=clean_env({}))
        seconds = time.monotonic() - started
    finally:
        for server in servers.values():
            server.stop()
    if run.returncode != 0:
        raise BenchError(f"bench-planner-day exited {run.returncode}: {(run.stderr or run.stdout).strip()[-500:]}")
    result = json.loads(run.stdout)
    result["seconds"] = seconds
    up, down = targets(logs["up"]), targets(logs["down"])
    # The day's requests: the pairs after it (both kinds) went to the look-alike that is up.
    result["at_lookalikes"] = {source: up[source] + down[source] - result["cpu"][f"pairs-{source}"]["answers"]
                               - result["cpu"][f"same-{source}"]["answers"] for source in up}
    result["at_down_lookalike"] = down
    for location in result["locations"]:
        location["met_allowed"] = location["met_periods"]
    return result


def run(other):
    """The hour (DOWN_AT, DOWN_FOR) and a whole day down, each through the simulated day at the defaults (4
    locations, 10 s, `refresh: auto`)."""
    if not os.access(common.PLANNER_DAY, os.X_OK):
        raise BenchError(f"{common.PLANNER_DAY} missing: run `make bench`")
    hour = day("hour", DOWN_AT, DOWN_FOR, PAIRS)
    whole = day("day", 0, 86400)
    # The CPU of a fetch: the medians of the pairs' requests; the day's answers beside them.
    cpu = {}
    for key in ("pairs-open-meteo", "pairs-met-norway", "same-open-meteo", "same-met-norway", "open-meteo", "met-norway",
                "open-meteo-with-hours-or-days"):
        samples = [us for d in (hour, whole) for us in d["cpu"][key]["samples_us"]]
        cpu[key] = {"median_us": statistics.median(samples) if samples else None, "answers": len(samples)}
    if hour["cpu"]["pairs-failed"]["answers"]:
        raise BenchError(f"{hour['cpu']['pairs-failed']['answers']} requests of the pairs failed")
    ratio = None
    if cpu["pairs-met-norway"]["median_us"] and cpu["pairs-open-meteo"]["median_us"]:
        ratio = cpu["pairs-met-norway"]["median_us"] / cpu["pairs-open-meteo"]["median_us"]
    same = None
    if cpu["same-met-norway"]["median_us"] and cpu["same-open-meteo"]["median_us"]:
        same = cpu["same-met-norway"]["median_us"] / cpu["same-open-meteo"]["median_us"]
    return {"down_mode": DOWN_MODE, "hour": hour, "day": whole, "cpu": cpu, "cpu_ratio": ratio, "same_ratio": same}


def clock(seconds):
    if seconds is None:
        return "-"
    seconds = int(seconds)
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def sent(d, source):
    """Requests the planner sent to `source` that day (its counters; the look-alikes do not log the answers of
    an outage)."""
    return d["planner_source_requests"][source]


def spans(location):
    """A location's stale spans as `hh:mm:ss-hh:mm:ss`; `-` when none."""
    return " ".join(f"{clock(a)}-{clock(b)}" for a, b in location["stale_spans"]) or "-"


def stale_minutes(d):
    return max(loc["stale_s"] for loc in d["locations"]) / 60


def rows(r):
    hour, whole = r["hour"], r["day"]
    hour_stale, day_stale = stale_minutes(hour), stale_minutes(whole)
    window = f"{clock(hour['down_at_s'])[:5]}-{clock(hour['down_at_s'] + hour['down_for_s'])[:5]} UTC"
    hour_met = [loc["requests"]["met-norway"] for loc in hour["locations"]]
    day_met = [loc["requests"]["met-norway"] for loc in whole["locations"]]
    day_allowed = [loc["met_allowed"] for loc in whole["locations"]]
    early = sum(loc["met_early"] for d in (hour, whole) for loc in d["locations"])
    over = sum(max(0, loc["requests"]["met-norway"] - loc["met_allowed"]) for d in (hour, whole)
               for loc in d["locations"])
    cpu, ratio, same = r["cpu"], r["cpu_ratio"], r["same_ratio"]
    out = [
        Row(f"minutes any location spent stale, Open-Meteo down {window} ({r['down_mode']})",
            fmt(hour_stale, "min", 1), "0", hour_stale == 0),
        Row("  when, per location (UTC)", ", ".join(spans(loc) for loc in hour["locations"])),
        Row("  requests sent that day: open-meteo / met-norway (answered at the look-alikes)",
            f"{sent(hour, 'open-meteo'):,} / {sent(hour, 'met-norway'):,} "
            f"({hour['at_lookalikes']['open-meteo']:,} / {hour['at_lookalikes']['met-norway']:,})"),
        Row("  open-meteo requests that failed, per location",
            " / ".join(str(loc["failed"]["open-meteo"]) for loc in hour["locations"])),
        Row("  to met-norway at / back at (UTC), per location",
            ", ".join(f"{clock(loc['first_move_s'])}/{clock(loc['last_return_s'])}" for loc in hour["locations"])),
        Row("  met-norway requests per location / what Expires allows",
            " / ".join(map(str, hour_met)) + " of " + " / ".join(str(loc["met_allowed"]) for loc in hour["locations"])),
        Row(f"minutes any location spent stale, Open-Meteo down all day ({r['down_mode']})",
            fmt(day_stale, "min", 1), "0", day_stale == 0),
        Row("MET requests a day per location, Open-Meteo down all day / Expires allows",
            f"{max(day_met)} / {max(day_allowed)}", "≤ allowed, none early", over == 0 and early == 0),
        Row("  per location; sent before Expires (both days)",
            " / ".join(map(str, day_met)) + f"; {early}"),
        Row("  open-meteo requests that day (all failed), per location",
            " / ".join(str(loc["requests"]["open-meteo"]) for loc in whole["locations"])),
        Row(f"CPU of one fetch, MET ÷ Open-Meteo, the same fetch of each (medians of {PAIRS} pairs)",
            fmt(same, "×", 2), "≤ 1 ×", None if same is None else same <= 1),
        Row("  the same fetch's medians (every MET request of the hour's day asked of both): met / open-meteo",
            f"{fmt(cpu['same-met-norway']['median_us'], 'µs', 0)} / {fmt(cpu['same-open-meteo']['median_us'], 'µs', 0)}"),
        Row("  each source's own requests of that day (MET's carry the hours and days due at 12:00): MET ÷ O-M",
            f"{fmt(ratio, '×', 2)} ({fmt(cpu['pairs-met-norway']['median_us'], '', 0)} / "
            f"{fmt(cpu['pairs-open-meteo']['median_us'], '', 0)} µs)"),
        Row("  the days' answers: met-norway / open-meteo / open-meteo with hours or days",
            f"{fmt(cpu['met-norway']['median_us'], '', 0)} / {fmt(cpu['open-meteo']['median_us'], '', 0)} / "
            f"{fmt(cpu['open-meteo-with-hours-or-days']['median_us'], '', 0)} µs"),
        Row("  simulated days' seconds: the hour / all day", f"{hour['seconds']:.1f} / {whole['seconds']:.1f} s"),
    ]
    return out
