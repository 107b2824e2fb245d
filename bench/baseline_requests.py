#!/usr/bin/env python3
"""bench/baseline_requests.py URL N DIR [INTERVAL_US] — the "small Python loop" baseline.

N times: GET the forecast with `requests` (one Session: keep-alive, as a
long-running Python poller would), parse the JSON, map the WMO code, build the
same state JSON as weatherd and replace DIR/state.json atomically (tmp +
os.replace; no fsync, no journal). Measures its own CPU with
resource.getrusage(RUSAGE_SELF) around the loop only (interpreter start,
imports and one warm-up request excluded). With INTERVAL_US, iteration k
starts at start + k·INTERVAL_US (an absolute deadline, as weatherd's timer):
a poller on a timer, with the wake-up each fetch costs; without it, back to
back. Its resident memory (VmRSS of /proc/self/status) is taken after start (imports done, the Session
made, no request yet), after 1,000 iterations (when N reaches that) and after the last. Prints one JSON
object.
"""

import datetime
import json
import os
import resource
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import requests  # noqa: E402

import wmo  # noqa: E402


def rfc3339(seconds):
    return datetime.datetime.fromtimestamp(int(seconds), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def vm_rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def one(session, url, path, tmp):
    response = session.get(url, headers={"User-Agent": "baseline/1"}, timeout=5)
    response.raise_for_status()
    data = response.json()
    current = data["current"]
    code = int(current["weather_code"])
    condition, category, description = wmo.lookup(code)
    now = rfc3339(time.time())
    state = {
        "schema_version": 1,
        "generated_at": now,
        "current_location": "berlin",
        "locations": [
            {
                "id": "berlin",
                "name": "Berlin",
                "latitude": 52.52,
                "longitude": 13.41,
                "status": "ok",
                "fetched_at": now,
                "weather": {
                    "observed_at": rfc3339(current["time"]),
                    "utc_offset_seconds": data.get("utc_offset_seconds"),
                    "temperature": current.get("temperature_2m"),
                    "apparent_temperature": current.get("apparent_temperature"),
                    "relative_humidity": current.get("relative_humidity_2m"),
                    "precipitation": current.get("precipitation"),
                    "cloud_cover": current.get("cloud_cover"),
                    "wind_speed": current.get("wind_speed_10m"),
                    "wind_direction": current.get("wind_direction_10m"),
                    "wind_gusts": current.get("wind_gusts_10m"),
                    "is_day": current.get("is_day") == 1,
                    "wmo_code": code,
                    "condition": condition,
                    "category": category,
                    "description": description,
                    "units": {"temperature": "°C", "wind_speed": "km/h", "precipitation": "mm"},
                },
                "last_error": None,
            }
        ],
    }
    with open(tmp, "w") as f:
        f.write(json.dumps(state, separators=(",", ":"), ensure_ascii=False))
        f.write("\n")
    os.replace(tmp, path)


def main():
    url, n, directory = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    interval = int(sys.argv[4]) / 1e6 if len(sys.argv) > 4 else 0.0
    path = os.path.join(directory, "state.json")
    tmp = path + ".tmp"
    session = requests.Session()
    rss_kb = {"after_start": vm_rss_kb()}
    one(session, url, path, tmp)  # warm-up: connection, lazy imports
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.monotonic()
    for k in range(n):
        if interval:
            delay = start + (k + 1) * interval - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        one(session, url, path, tmp)
        if k + 1 == 1000 or k + 1 == n:
            rss_kb[f"after_{k + 1}"] = vm_rss_kb()
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(
        json.dumps(
            {
                "n": n,
                "interval_us": int(interval * 1e6),
                "cpu_us_per_fetch": cpu * 1e6 / n,
                "user_us_per_fetch": (after.ru_utime - before.ru_utime) * 1e6 / n,
                "system_us_per_fetch": (after.ru_stime - before.ru_stime) * 1e6 / n,
                "wall_us_per_fetch": wall * 1e6 / n,
                "maxrss_kb": after.ru_maxrss,
                "rss_kb": rss_kb,
            }
        )
    )


if __name__ == "__main__":
    main()
