"""Variants of the example that must NOT validate."""

from .examples import mutate
from .report import expect_invalid


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
    a = ["locations", 1, "alerts"]
    alert_cases = [
        ("alerts as a list", setv(a, [])),
        ("alerts.source \"jma\"", setv(a + ["source"], "jma")),
        ("missing alerts.stale", delete(a + ["stale"])),
        ("alerts.stale as \"no\"", setv(a + ["stale"], "no")),
        ("alert severity \"orange\"", setv(a + ["items", 0, "severity"], "orange")),
        ("alert without id", delete(a + ["items", 0, "id"])),
        ("alert ends with an offset", setv(a + ["items", 0, "ends"], "2026-11-23T13:00:00-05:00")),
        ("missing alert headline (null when none)", delete(a + ["items", 1, "headline"])),
        ("alert language as a number", setv(a + ["items", 0, "language"], 7)),
    ]
    r = ["locations", 0, "air"]
    air_cases = [
        ("air as a list", setv(r, [])),
        ("air without time", delete(r + ["time"])),
        ("air without scale", delete(r + ["scale"])),
        ("air.scale \"uk\"", setv(r + ["scale"], "uk")),
        ("air.level \"bad\"", setv(r + ["level"], "bad")),
        ("air.european_aqi 38.5", setv(r + ["european_aqi"], 38.5)),
        ("air.us_aqi negative", setv(r + ["us_aqi"], -1)),
        ("air.pm2_5 as a string", setv(r + ["pm2_5"], "14.3")),
        ("air.pm2_5 as null (absent, never null)", setv(r + ["pm2_5"], None)),
        ("air pollen negative", setv(r + ["pollen", "birch"], -1)),
        ("air pollen as null (absent, never null)", setv(r + ["pollen", "grass"], None)),
        ("air.pollutant \"dust\"", setv(r + ["pollutant"], "dust")),
        ("air.time without Z", setv(r + ["time"], "2026-11-22T04:00:00")),
        ("display.air_quality_index \"uk\"", setv(["daemon", "display", "air_quality_index"], "uk")),
    ]
    if "forecast" in base["locations"][0]:
        cases = forecast_cases
    elif base["locations"][0].get("air"):
        cases = air_cases
    elif base["locations"][1].get("alerts"):
        cases = alert_cases
    for name, change in cases:
        expect_invalid(v, name, mutate(base, change))
