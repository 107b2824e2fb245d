#!/usr/bin/env python3
"""Validate weatherd's real JSON output against docs/state.schema.json.

Positive cases (must validate):
  - the state file written by `weatherd run` against the loopback fake-open-meteo;
  - `weatherd once --format json` with every location failing (API port nobody listens on);
  - the documented example of docs/state-file.md.
Negative cases (must NOT validate): a missing generated_at, status "weird", a temperature
given as a string, and a few more.

Every file a daemon writes (state file, cache, geocoding.json) stays in a temporary directory:
`--state-file` and `--cache-file` are always given.

Usage: Tests/packaging/check-schema.py [--bin-dir .build/debug]
Needs python3 with `jsonschema` (pip install jsonschema). Exits 0 when every check passed.
Prints "N passed, N failed".
"""

import argparse
import copy
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "docs" / "state.schema.json"

try:
    import jsonschema
except ImportError:  # pragma: no cover - environment setup
    print("check-schema: python module jsonschema missing; installing it with pip", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "jsonschema"], check=True)
    import jsonschema  # noqa: E402

passed = 0
failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   - {name}")
    else:
        failed += 1
        print(f"FAIL - {name}" + (f": {detail}" if detail else ""))


def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    cls = jsonschema.Draft202012Validator
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def errors_of(v, instance):
    return sorted(v.iter_errors(instance), key=lambda e: list(e.absolute_path))


def expect_valid(v, name, instance):
    errs = errors_of(v, instance)
    detail = "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in errs[:5])
    report(not errs, name, detail)


def expect_invalid(v, name, instance):
    errs = errors_of(v, instance)
    report(bool(errs), name + " is rejected", "schema accepted it")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(path, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_size > 0:
            return True
        time.sleep(0.05)
    return False


def daemon_state(bin_dir, tmp):
    """Runs the daemon against the fake API for about 2 s; returns the parsed state file."""
    port_file = tmp / "port"
    fake = subprocess.Popen(
        [str(bin_dir / "fake-open-meteo"), "--port-file", str(port_file)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        if not wait_for(port_file, 15):
            raise RuntimeError("fake-open-meteo did not write its port file")
        port = port_file.read_text().strip()
        state = tmp / "state.json"
        log = open(tmp / "run.log", "wb")
        daemon = subprocess.Popen(
            [
                str(bin_dir / "weatherd"), "run",
                "--config", str(write_config(tmp, "run.yaml", RUN_CONFIG.format(port=port))),
                "--interval", "200ms",
                "--api-url", f"http://127.0.0.1:{port}",
                "--state-file", str(state),
                # The durable cache (and geocoding.json beside it) here too: as root it would
                # default to /var/lib/weatherd/cache.json.
                "--cache-file", str(tmp / "cache.json"),
                "--log-target", "stderr",
            ],
            stdout=log,
            stderr=log,
        )
        time.sleep(2)
        daemon.send_signal(signal.SIGTERM)
        rc = daemon.wait(timeout=10)
        log.close()
        report(rc == 0, "weatherd run exits 0 after SIGTERM", f"exit status {rc}")
        beside = sorted(p.name for p in tmp.iterdir() if p.name in ("cache.json", "geocoding.json"))
        report(beside == ["cache.json", "geocoding.json"],
               "weatherd run wrote its cache at --cache-file, geocoding.json beside it", ", ".join(beside) or "neither")
        return json.loads(state.read_text(encoding="utf-8"))
    finally:
        fake.terminate()
        fake.wait(timeout=10)


# The embedded default locations plus two given by name: Paris (the fake geocoding API knows it)
# and Atlantis (it does not: error kind not_found, coordinates null).
RUN_CONFIG = """\
timeout: 5s
api:
  geocoding_url: http://127.0.0.1:{port}
locations:
  - name: Berlin
    latitude: 52.52
    longitude: 13.41
  - name: London
    latitude: 51.5074
    longitude: -0.1278
  - name: New York
    latitude: 40.7128
    longitude: -74.006
  - name: Tokyo
    latitude: 35.6895
    longitude: 139.6917
  - name: Paris
    country_code: FR
  - name: Atlantis
"""


def write_config(tmp, name, text):
    path = tmp / name
    # A config that only sets what the test needs; every other key keeps its embedded default
    # (the four default locations).
    path.write_text(text, encoding="utf-8")
    return path


def once_all_failing(bin_dir, tmp):
    """`weatherd once --format json` against a port nobody listens on, timeout 1s."""
    config = write_config(tmp, "once.yaml", "timeout: 1s\n")
    result = subprocess.run(
        [
            str(bin_dir / "weatherd"), "once", "--format", "json",
            "--config", str(config),
            "--api-url", f"http://127.0.0.1:{free_port()}",
            "--state-file", str(tmp / "once-state.json"),
            # A cache of its own, missing: no pause or places recorded by anyone else.
            "--cache-file", str(tmp / "once-cache.json"),
            "--log-target", "stderr",
        ],
        capture_output=True,
        timeout=60,
    )
    report(result.returncode == 1, "weatherd once exits 1 when every fetch failed", f"exit status {result.returncode}")
    return json.loads(result.stdout.decode("utf-8"))


DOCUMENTED_EXAMPLE = {
    "schema_version": 1,
    "generated_at": "2026-11-22T04:05:06Z",
    "daemon": {"pid": 1234, "version": "0.1.0", "started_at": "2026-11-22T04:00:00Z", "interval_seconds": 10,
               "timeout_seconds": 5, "stale_after_seconds": 1800, "refresh": "auto", "ticks": 31,
               "ticks_fetched": 5, "ticks_skipped": 0, "ticks_from_cache": 26, "fetches_ok": 4, "fetches_failed": 1,
               "requests": 5, "backoff_until": None,
               "quota": {"minute": {"used": 1.6, "limit": 600, "resets_at": "2026-11-22T04:06:00Z"},
                         "hour": {"used": 8.0, "limit": 5000, "resets_at": "2026-11-22T05:00:00Z"},
                         "day": {"used": 36.8, "limit": 10000, "resets_at": "2026-11-23T00:00:00Z"}}},
    "current_location": "berlin",
    "rotation_index": 30,
    "locations": [
        {"id": "berlin", "name": "Berlin", "latitude": 52.52, "longitude": 13.41, "status": "ok",
         "fetched_at": "2026-11-22T04:05:06Z", "next_refresh_at": "2026-11-22T04:15:41Z",
         "weather": {"observed_at": "2026-11-22T04:00:00Z", "utc_offset_seconds": 3600, "temperature": 2.0,
                     "apparent_temperature": -1.3, "relative_humidity": 81, "precipitation": 0.2,
                     "cloud_cover": 100, "wind_speed": 16.9, "wind_direction": 254, "wind_gusts": 30.2,
                     "is_day": True, "wmo_code": 61, "condition": "rain", "category": "rain",
                     "description": "Slight rain", "data_interval_seconds": 900,
                     "units": {"temperature": "°C", "wind_speed": "km/h", "precipitation": "mm"}},
         "today": {"date": "2026-11-22", "temperature_max": 4.1, "temperature_min": -0.8,
                   "precipitation_probability_max": 80,
                   "sunrise": "2026-11-22T06:35:02Z", "sunset": "2026-11-22T14:56:30Z",
                   "wmo_code": 61, "condition": "rain", "category": "rain", "description": "Slight rain",
                   "fetched_at": "2026-11-22T04:05:06Z"},
         "last_error": None, "consecutive_failures": 0},
        {"id": "nyc", "name": "New York", "latitude": 40.7128, "longitude": -74.006, "status": "error",
         "fetched_at": None, "next_refresh_at": "2026-11-22T04:06:00Z", "weather": None, "today": None,
         "last_error": {"kind": "rate_limited", "message": "HTTP 429: Minutely API request limit exceeded",
                        "http_status": 429, "at": "2026-11-22T04:05:06Z"}, "consecutive_failures": 0},
        {"id": "tokyo", "name": "Tokyo", "latitude": 35.6895, "longitude": 139.6917, "status": "pending",
         "fetched_at": None, "next_refresh_at": None, "weather": None, "today": None, "last_error": None,
         "consecutive_failures": 0},
    ],
}


def with_forecast(doc):
    """The documented example with docs/forecast.md's additions: Berlin's hours, days and nowcast, the display settings
    and a rain episode; New York's forecast switched off (null)."""
    doc["daemon"]["display"] = {"text": "{icon} {temperature}{unit} {name}", "icons": "emoji", "clock": "24h"}
    doc["daemon"]["rain_episodes"] = ["berlin"]
    berlin = doc["locations"][0]
    berlin["today"].update(precipitation_sum=3.5, uv_index_max=0.4)
    berlin["forecast"] = {
        "hourly": [
            {"time": "2026-11-22T05:00:00Z", "temperature": 2.5, "precipitation_probability": 80,
             "precipitation": 0.3, "wmo_code": 61, "condition": "rain", "category": "rain",
             "description": "Slight rain", "is_day": False},
            {"time": "2026-11-22T06:00:00Z", "precipitation_probability": 40, "is_day": False},
        ],
        "daily": [
            dict(berlin["today"]),
            {"date": "2026-11-23", "temperature_max": -2, "temperature_min": -7.25,
             "precipitation_probability_max": 5, "precipitation_sum": 0, "fetched_at": "2026-11-22T04:00:00Z"},
        ],
        "hourly_fetched_at": "2026-11-22T04:00:00Z",
        "daily_fetched_at": "2026-11-22T00:00:00Z",
    }
    berlin["nowcast"] = {
        "fetched_at": "2026-11-22T04:05:06Z",
        "steps": [{"time": "2026-11-22T04:15:00Z", "precipitation": 0}, {"time": "2026-11-22T04:30:00Z"},
                  {"time": "2026-11-22T04:45:00Z", "precipitation": 0.4}],
        "rain_starts_at": "2026-11-22T04:30:00Z", "rain_ends_at": None, "summary": "rain in 25 min",
        "rain_soon": True,
    }
    doc["locations"][1].update(forecast=None, nowcast=None)


def mutate(base, change):
    doc = copy.deepcopy(base)
    change(doc)
    return doc


def negative_cases(v, base):
    def delete(path):
        def change(doc):
            target = doc
            for key in path[:-1]:
                target = target[key]
            del target[path[-1]]
        return change

    def setv(path, value):
        def change(doc):
            target = doc
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        return change

    w = ["locations", 0, "weather"]
    cases = [
        ("missing generated_at", delete(["generated_at"])),
        ("status \"weird\"", setv(["locations", 0, "status"], "weird")),
        ("temperature as a string", setv(w + ["temperature"], "2.0")),
        ("schema_version 2", setv(["schema_version"], 2)),
        ("generated_at with an offset instead of Z", setv(["generated_at"], "2026-11-22T05:05:06+01:00")),
        ("generated_at without seconds", setv(["generated_at"], "2026-11-22T04:05Z")),
        ("missing daemon.ticks", delete(["daemon", "ticks"])),
        ("negative daemon.fetches_ok", setv(["daemon", "fetches_ok"], -1)),
        ("interval_seconds 0", setv(["daemon", "interval_seconds"], 0)),
        ("missing locations[0].last_error", delete(["locations", 0, "last_error"])),
        ("latitude 91", setv(["locations", 0, "latitude"], 91)),
        ("last_error.kind \"dns\"", setv(["locations", 1, "last_error", "kind"], "dns")),
        ("http_status as a string", setv(["locations", 1, "last_error", "http_status"], "429")),
        ("is_day as 1", setv(w + ["is_day"], 1)),
        ("condition \"sunny\"", setv(w + ["condition"], "sunny")),
        ("wmo_code without condition", delete(w + ["condition"])),
        ("weather without units", delete(w + ["units"])),
        ("status ok with weather null", setv(w, None)),
        ("locations as an object", setv(["locations"], {})),
        ("missing daemon.quota", delete(["daemon", "quota"])),
        ("quota.day.used as a string", setv(["daemon", "quota", "day", "used"], "36.8")),
        ("missing quota.minute.resets_at", delete(["daemon", "quota", "minute", "resets_at"])),
        ("negative daemon.requests", setv(["daemon", "requests"], -1)),
        ("missing locations[0].next_refresh_at", delete(["locations", 0, "next_refresh_at"])),
        ("today.date not a date", setv(["locations", 0, "today", "date"], "22.11.2026")),
        ("today.sunrise without Z", setv(["locations", 0, "today", "sunrise"], "2026-11-22T06:35:02")),
        ("today.precipitation_probability_max 120", setv(["locations", 0, "today", "precipitation_probability_max"], 120)),
    ]
    f = ["locations", 0, "forecast"]
    n = ["locations", 0, "nowcast"]
    forecast_cases = [
        ("forecast as a list", setv(f, [])),
        ("missing forecast.hourly", delete(f + ["hourly"])),
        ("missing forecast.daily_fetched_at", delete(f + ["daily_fetched_at"])),
        ("hourly time without Z", setv(f + ["hourly", 0, "time"], "2026-11-22T05:00:00")),
        ("hour without time", delete(f + ["hourly", 1, "time"])),
        ("hourly temperature as a string", setv(f + ["hourly", 0, "temperature"], "2.5")),
        ("hourly wmo_code without condition", delete(f + ["hourly", 0, "condition"])),
        ("hourly condition \"sunny\"", setv(f + ["hourly", 0, "condition"], "sunny")),
        ("hourly is_day as 0", setv(f + ["hourly", 0, "is_day"], 0)),
        ("daily date not a date", setv(f + ["daily", 1, "date"], "23.11.2026")),
        ("daily precipitation_sum negative", setv(f + ["daily", 1, "precipitation_sum"], -1)),
        ("daily uv_index_max as a string", setv(f + ["daily", 0, "uv_index_max"], "0.4")),
        ("nowcast step without time", delete(n + ["steps", 1, "time"])),
        ("nowcast step precipitation as null", setv(n + ["steps", 1, "precipitation"], None)),
        ("missing nowcast.summary", delete(n + ["summary"])),
        ("nowcast rain_soon as \"yes\"", setv(n + ["rain_soon"], "yes")),
        ("display.icons \"ascii\"", setv(["daemon", "display", "icons"], "ascii")),
        ("display.clock \"13h\"", setv(["daemon", "display", "clock"], "13h")),
        ("display without text", delete(["daemon", "display", "text"])),
        ("rain_episodes as a string", setv(["daemon", "rain_episodes"], "berlin")),
    ]
    if "forecast" in base["locations"][0]:
        cases = forecast_cases
    for name, change in cases:
        expect_invalid(v, name, mutate(base, change))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-dir", default=str(ROOT / ".build" / "debug"),
                        help="directory with weatherd and fake-open-meteo (default: .build/debug)")
    args = parser.parse_args()
    bin_dir = pathlib.Path(args.bin_dir)
    for tool in ("weatherd", "fake-open-meteo"):
        if not os.access(bin_dir / tool, os.X_OK):
            print(f"check-schema: {bin_dir / tool} missing; run `swift build` first", file=sys.stderr)
            return 2

    try:
        v = validator()
        report(True, "docs/state.schema.json is a valid draft 2020-12 schema")
    except jsonschema.exceptions.SchemaError as error:
        report(False, "docs/state.schema.json is a valid draft 2020-12 schema", error.message)
        print(f"{passed} passed, {failed} failed")
        return 1

    expect_valid(v, "the documented example validates", DOCUMENTED_EXAMPLE)

    def add_everywhere(doc):
        doc["x_added"] = 1
        doc["daemon"]["x_added"] = "a"
        loc = doc["locations"][0]
        loc["x_added"] = None
        loc["weather"]["x_added"] = [1]
        loc["weather"]["units"]["x_added"] = {}
        doc["locations"][1]["last_error"]["x_added"] = True

    expect_valid(v, "added fields at every level validate", mutate(DOCUMENTED_EXAMPLE, add_everywhere))
    def spec_fields_only(doc):
        for key in ("timeout_seconds", "stale_after_seconds"):
            doc["daemon"].pop(key)
        for location in doc["locations"]:
            location.pop("consecutive_failures")
            if location["today"] is not None:
                location["today"].pop("fetched_at")

    expect_valid(v, "a file without the additions (first-schema fields only) validates",
                 mutate(DOCUMENTED_EXAMPLE, spec_fields_only))
    expect_valid(v, "polar night: today without sunrise, sunset or precipitation probability validates",
                 mutate(DOCUMENTED_EXAMPLE, lambda d: [d["locations"][0]["today"].pop(k) for k in
                                                   ("sunrise", "sunset", "precipitation_probability_max")]))
    expect_valid(v, "a location not yet resolved by name (null coordinates, not_found) validates",
                 mutate(DOCUMENTED_EXAMPLE, lambda d: d["locations"][1].update(
                     latitude=None, longitude=None,
                     last_error={"kind": "not_found", "message": "no place named \"Atlantis\"",
                                 "http_status": None, "at": "2026-11-22T04:05:06Z"})))
    expect_valid(v, "weather with only observed_at and units validates",
                 mutate(DOCUMENTED_EXAMPLE, lambda d: d["locations"][0].update(
                     weather={"observed_at": "2026-11-22T04:00:00Z", "units": d["locations"][0]["weather"]["units"]})))
    forecast_example = mutate(DOCUMENTED_EXAMPLE, with_forecast)
    expect_valid(v, "the example with forecast, nowcast, display and rain episodes validates", forecast_example)
    expect_valid(v, "a forecast with its hours switched off (no hours, null fetch time) validates",
                 mutate(forecast_example, lambda d: d["locations"][0]["forecast"].update(
                     hourly=[], hourly_fetched_at=None)))
    expect_valid(v, "a nowcast whose steps are all past (null summary) validates",
                 mutate(forecast_example, lambda d: d["locations"][0]["nowcast"].update(
                     rain_starts_at=None, rain_ends_at=None, summary=None, rain_soon=None)))
    negative_cases(v, DOCUMENTED_EXAMPLE)
    negative_cases(v, forecast_example)

    additions = ("timeout_seconds", "stale_after_seconds")
    with tempfile.TemporaryDirectory(prefix="weatherd-schema.") as name:
        tmp = pathlib.Path(name)
        try:
            state = daemon_state(bin_dir, tmp)
        except Exception as error:  # noqa: BLE001 - report, do not crash
            report(False, "weatherd run wrote a state file", repr(error))
            state = None
        if state is not None:
            expect_valid(v, "state file written by weatherd run validates", state)
            by_id = {loc["id"]: loc for loc in state["locations"]}
            statuses = json.dumps({k: v["status"] for k, v in by_id.items()})
            report(all(by_id[k]["status"] == "ok" for k in ("berlin", "london", "new-york", "tokyo", "paris"))
                   and state["daemon"]["fetches_ok"] > 0,
                   "daemon run fetched every location with coordinates or a known name", statuses)
            paris = by_id.get("paris", {})
            report(isinstance(paris.get("latitude"), (int, float)) and isinstance(paris.get("longitude"), (int, float)),
                   "a location resolved by name has coordinates", json.dumps(paris.get("latitude")))
            atlantis = by_id.get("atlantis", {})
            report(atlantis.get("status") == "error" and atlantis.get("latitude") is None
                   and atlantis.get("longitude") is None
                   and (atlantis.get("last_error") or {}).get("kind") == "not_found",
                   "an unknown name: status error, kind not_found, coordinates null", json.dumps(atlantis))
            report(all(k in state["daemon"] for k in additions), "daemon run writes the README additions")
            # The forecast's hours, days and nowcast of every location fetched (docs/forecast.md), and the display
            # settings.
            fetched = [loc for loc in state["locations"] if loc["status"] == "ok"]
            report(bool(fetched) and all(isinstance(loc.get("forecast"), dict) and loc["forecast"]["daily"]
                                         and loc["forecast"]["hourly"] and isinstance(loc.get("nowcast"), dict)
                                         and loc["nowcast"]["steps"] for loc in fetched),
                   "daemon run writes the forecast's hours, days and nowcast of every location fetched",
                   json.dumps({loc["id"]: [loc.get("forecast") is not None, loc.get("nowcast") is not None]
                               for loc in state["locations"]}))
            report(isinstance(state["daemon"].get("display"), dict), "daemon run writes daemon.display",
                   json.dumps(state["daemon"].get("display")))
            status = subprocess.run(
                [str(bin_dir / "weatherd"), "status", "--format", "json", "--state-file", str(tmp / "state.json"),
                 "--cache-file", str(tmp / "cache.json"), "--config", str(tmp / "run.yaml")],
                capture_output=True, timeout=30)
            try:
                expect_valid(v, "weatherd status --format json validates", json.loads(status.stdout.decode("utf-8")))
            except ValueError as error:
                report(False, "weatherd status --format json validates", f"not JSON: {error}")
            # The real file, broken the three required ways, must be refused too.
            for label, change in (
                ("real state without generated_at", lambda d: d.pop("generated_at")),
                ("real state with status weird", lambda d: d["locations"][0].update(status="weird")),
                ("real state with a string temperature",
                 lambda d: d["locations"][0]["weather"].update(temperature=str(d["locations"][0]["weather"]["temperature"]))),
            ):
                expect_invalid(v, label, mutate(state, change))

        try:
            once = once_all_failing(bin_dir, tmp)
        except Exception as error:  # noqa: BLE001
            report(False, "weatherd once --format json printed JSON", repr(error))
            once = None
        if once is not None:
            expect_valid(v, "weatherd once --format json (every location failing) validates", once)
            report(all(loc["status"] == "error" and loc["last_error"] is not None for loc in once["locations"]),
                   "once: every location has status error and a last_error")
            report(all(k in once["daemon"] for k in additions), "once output has the README additions")

    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
