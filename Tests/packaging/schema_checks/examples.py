"""The documented example (Tests/packaging/state-example.json, as docs/state-file.md shows it) and the
variants of it that must validate."""

import copy
import json
import pathlib

from .report import expect_valid

EXAMPLE_PATH = pathlib.Path(__file__).resolve().parents[1] / "state-example.json"
DOCUMENTED_EXAMPLE = json.loads(EXAMPLE_PATH.read_text(encoding="utf-8"))


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


def positive_cases(v):
    """The example and its valid variants; returns the example with docs/forecast.md's additions."""
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

    def first_schema_fields_only(doc):
        for key in ("timeout_seconds", "stale_after_seconds"):
            doc["daemon"].pop(key)
        for location in doc["locations"]:
            location.pop("consecutive_failures")
            if location["today"] is not None:
                location["today"].pop("fetched_at")

    expect_valid(v, "a file without the additions (first-schema fields only) validates",
                 mutate(DOCUMENTED_EXAMPLE, first_schema_fields_only))
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
    expect_valid(v, "a location with official warnings, one without a source (null) validates",
                 mutate(DOCUMENTED_EXAMPLE, with_alerts))
    expect_valid(v, "air quality with pollen, one without (outside CAMS Europe), one off (null) validates",
                 mutate(DOCUMENTED_EXAMPLE, with_air))
    expect_valid(v, "air quality with every value null (only time and scale) validates",
                 mutate(DOCUMENTED_EXAMPLE, lambda d: d["locations"][0].update(
                     air={"time": "2026-11-22T04:00:00Z", "scale": "us"})))
    return forecast_example


def with_air(doc):
    """docs/air.md's addition: Berlin's air with its pollen, New York's without, Tokyo's off; the scale in
    the display settings."""
    doc["daemon"]["display"] = {"text": "{aqi} {aqi_level}", "icons": "emoji", "clock": "24h",
                                "air_quality_index": "european"}
    doc["locations"][0]["air"] = {
        "time": "2026-11-22T04:00:00Z", "european_aqi": 64, "us_aqi": 88, "scale": "european", "index": 64,
        "level": "poor", "pollutant": "ozone",
        "pm2_5": 14.3, "pm10": 20.1, "ozone": 130, "nitrogen_dioxide": 8.4, "uv_index": 0.85,
        "uv_index_max": 1.6, "pollen": {"birch": 120.5, "grass": 0},
    }
    doc["locations"][1]["air"] = {"time": "2026-11-22T04:00:00Z", "european_aqi": 22, "us_aqi": 47,
                                  "scale": "european", "index": 22, "level": "fair", "uv_index": 0}
    doc["locations"][2]["air"] = None


def with_alerts(doc):
    """docs/alerts.md's addition: New York under a Severe NWS warning, Tokyo without a source."""
    doc["locations"][1]["alerts"] = {
        "source": "nws", "fetched_at": "2026-11-22T04:01:00Z", "stale": False,
        "items": [
            {"id": "urn:oid:2.49.0.1.840.0.1", "event": "Winter Storm Warning", "severity": "Severe",
             "urgency": "Expected", "certainty": "Likely", "headline": "Winter Storm Warning until Monday",
             "onset": "2026-11-22T03:00:00Z", "ends": "2026-11-23T18:00:00Z", "area": "New York (Manhattan)",
             "url": "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.1", "language": "en-US"},
            {"id": "urn:oid:2.49.0.1.840.0.2", "event": "Frost Advisory", "severity": "Minor",
             "urgency": "Unknown", "certainty": "Unknown", "headline": None, "onset": None, "ends": None,
             "area": None, "url": None, "language": None},
        ],
    }
    doc["locations"][2]["alerts"] = None
