#!/usr/bin/env python3
"""Compares node_exporter's /metrics with weatherd's state file:

  metrics-state.py METRICS REQUESTS_BEFORE REQUESTS_AFTER STATE...

Every weatherd series is compared as numbers (node_exporter prints floats its own way) with what the
state says: the weather now, today, sunrise and sunset (present or not), the last precipitation in
metres, the forecast's days (high, low, probability, sum) per `days_ahead` counted from the location's
local date on the API's clock when the state was written, the nowcast's rain start (absent without
one), the official warnings in force by severity and whether their source answers (a Severe one must
be there: the look-alike's NWS sends one); `weatherd_precipitation_millimeters` (renamed) must be gone, node_textfile_scrape_error 0 and
weatherd_requests_total between the state's request counts read before and after the scrape. The
STATE files are copies taken before and after the scrape: a location's series are right when they
are what one of them says (a tick may write between the two). Prints a one-line summary; exits 1, the
problems printed, when one is wrong."""
import datetime
import json
import re
import sys

SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$")
LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def seconds(stamp):
    return datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp()


def read_metrics(text):
    """{name: [(labels, value)]}."""
    samples = {}
    for line in text.split("\n"):
        match = SAMPLE.match(line)
        if match and not line.startswith("#"):
            labels = dict(LABEL.findall(match.group(2) or ""))
            samples.setdefault(match.group(1), []).append((labels, float(match.group(3))))
    return samples


def celsius(value, units):
    if value is None:
        return None
    return (value - 32) * 5 / 9 if units.get("temperature") == "°F" else value


def meters(value, units):
    if value is None:
        return None
    return value * 0.0254 if units.get("precipitation") == "inch" else value / 1000


def expected(state, entry):
    """{series name: {days_ahead or None: value}} of one location in one state."""
    weather = entry.get("weather") or {}
    units = weather.get("units") or {}
    today = entry.get("today") or {}
    series = {
        "weatherd_temperature_celsius": {None: celsius(weather.get("temperature"), units)},
        "weatherd_precipitation_meters": {None: meters(weather.get("precipitation"), units)},
        "weatherd_today_temperature_max_celsius": {None: celsius(today.get("temperature_max"), units)},
        "weatherd_today_temperature_min_celsius": {None: celsius(today.get("temperature_min"), units)},
        "weatherd_today_precipitation_probability_ratio": {
            None: today["precipitation_probability_max"] / 100 if "precipitation_probability_max" in today else None
        },
    }
    api_now = seconds(state["generated_at"]) + state["daemon"].get("api_clock_offset_seconds", 0)
    local_today = datetime.datetime.fromtimestamp(
        api_now + weather.get("utc_offset_seconds", 0), datetime.timezone.utc
    ).date()
    forecast = {
        "weatherd_forecast_temperature_max_celsius": lambda day: celsius(day.get("temperature_max"), units),
        "weatherd_forecast_temperature_min_celsius": lambda day: celsius(day.get("temperature_min"), units),
        "weatherd_forecast_precipitation_probability_ratio": lambda day: (
            day["precipitation_probability_max"] / 100 if "precipitation_probability_max" in day else None
        ),
        "weatherd_forecast_precipitation_meters": lambda day: meters(day.get("precipitation_sum"), units),
    }
    for name, value in forecast.items():
        series[name] = {}
        for day in (entry.get("forecast") or {}).get("daily") or []:
            ahead = (datetime.date.fromisoformat(day["date"]) - local_today).days
            if ahead >= 0:
                series[name][str(ahead)] = value(day)
    starts = (entry.get("nowcast") or {}).get("rain_starts_at")
    series["weatherd_nowcast_rain_start_timestamp_seconds"] = {None: seconds(starts) if starts else None}
    # A value not known: no sample.
    return {name: {key: value for key, value in values.items() if value is not None} for name, values in series.items()}


def got(samples, name, location):
    return {labels.get("days_ahead"): value for labels, value in samples.get(name, []) if labels.get("location") == location}


def same(got_values, expected_values):
    return got_values.keys() == expected_values.keys() and all(
        abs(got_values[key] - expected_values[key]) <= 1e-9 * max(1.0, abs(expected_values[key])) for key in got_values
    )


def main():
    text = open(sys.argv[1]).read()
    before, after = float(sys.argv[2]), float(sys.argv[3])
    states = [json.load(open(path)) for path in sys.argv[4:]]
    samples = read_metrics(text)
    problems = []
    if [value for _, value in samples.get("node_textfile_scrape_error", [])] != [0.0]:
        problems.append("node_textfile_scrape_error is %s" % samples.get("node_textfile_scrape_error"))
    requests = [value for _, value in samples.get("weatherd_requests_total", [])]
    if len(requests) != 1 or not before <= requests[0] <= after:
        problems.append("weatherd_requests_total %s not within %s..%s" % (requests, before, after))
    if "weatherd_precipitation_millimeters" in samples:
        problems.append("weatherd_precipitation_millimeters is still exported")
    days = set()
    rain = []
    for entry in states[-1]["locations"]:
        id = entry["id"]
        expectations = [expected(state, next(e for e in state["locations"] if e["id"] == id)) for state in states]
        for name in expectations[0]:
            values = got(samples, name, id)
            if not any(same(values, expectation[name]) for expectation in expectations):
                problems.append("%s{location=%s} is %s, the state says %s" % (name, id, values, expectations[-1][name]))
        days.add(len(got(samples, "weatherd_forecast_temperature_max_celsius", id)))
        if got(samples, "weatherd_nowcast_rain_start_timestamp_seconds", id):
            rain.append(id)
        today = entry.get("today") or {}
        for name, key in (("weatherd_sunrise_timestamp_seconds", "sunrise"), ("weatherd_sunset_timestamp_seconds", "sunset")):
            values = got(samples, name, id)
            if (key in today) != bool(values):
                problems.append("%s{%s} is %s, the state's %s is %s" % (name, id, values, key, today.get(key)))
    warned = []
    for entry in states[-1]["locations"]:
        id = entry["id"]
        options = []
        for state in states:
            alerts = next(e for e in state["locations"] if e["id"] == id).get("alerts")
            if alerts is None:
                options.append(({}, []))
                continue
            counts = dict.fromkeys(("unknown", "minor", "moderate", "severe", "extreme"), 0.0)
            for item in alerts["items"]:
                counts[item["severity"].lower()] += 1
            options.append((counts, [0.0 if alerts["stale"] else 1.0]))
        counts = {labels["severity"]: value for labels, value in samples.get("weatherd_alerts", []) if labels.get("location") == id}
        up = [value for labels, value in samples.get("weatherd_alert_source_up", []) if labels.get("location") == id]
        if (counts, up) not in options:
            problems.append("weatherd_alerts{location=%s} is %s (up %s), the state says %s" % (id, counts, up, options[-1]))
        if counts.get("severe"):
            warned.append(id)
    # The air: both indices by scale, the UV index, pollen only where the state has it (Europe).
    pollen_places = []
    for entry in states[-1]["locations"]:
        id = entry["id"]
        options = []
        for state in states:
            air = next(e for e in state["locations"] if e["id"] == id).get("air")
            if air is None:
                options.append(({}, [], {}))
                continue
            options.append((
                {"european": float(air["european_aqi"]), "us": float(air["us_aqi"])},
                [float(air["uv_index"])] if air.get("uv_index") is not None else [],
                {plant: float(grains) for plant, grains in (air.get("pollen") or {}).items()},
            ))
        index = {labels["scale"]: value for labels, value in samples.get("weatherd_air_quality_index", [])
                 if labels.get("location") == id}
        uv = [value for labels, value in samples.get("weatherd_uv_index", []) if labels.get("location") == id]
        pollen = {labels["plant"]: value for labels, value in samples.get("weatherd_pollen_grains_per_cubic_metre", [])
                  if labels.get("location") == id}
        if (index, uv, pollen) not in options:
            problems.append("the air of %s is %s, UV %s, pollen %s; the state says %s" % (id, index, uv, pollen, options[-1]))
        if pollen:
            pollen_places.append(id)
    if not samples.get("weatherd_air_quality_index"):
        problems.append("no weatherd_air_quality_index series (the state has no air?)")
    if not max(days, default=0):
        problems.append("no weatherd_forecast_* series (the state has no days?)")
    polar = [entry["id"] for entry in states[-1]["locations"] if not got(samples, "weatherd_sunrise_timestamp_seconds", entry["id"])]
    if problems:
        print("; ".join(problems))
        sys.exit(1)
    if not warned:
        print("no location has a Severe warning in weatherd_alerts (the look-alike's NWS sends one)")
        sys.exit(1)
    print(
        "%d weatherd series; forecast days ahead per location: %s; nowcast rain start for %s; no sunrise for %s;"
        " a Severe warning for %s; air for %d locations, pollen for %s"
        % (
            sum(len(values) for name, values in samples.items() if name.startswith("weatherd_")),
            "/".join(str(count) for count in sorted(days)),
            ", ".join(rain) or "none",
            ", ".join(polar) or "none",
            ", ".join(warned),
            len({labels["location"] for labels, _ in samples.get("weatherd_air_quality_index", [])}),
            ", ".join(pollen_places) or "none",
        )
    )


main()
