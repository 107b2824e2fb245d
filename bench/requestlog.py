"""bench/requestlog.py — fake-open-meteo's request log read: each request's location, forecast blocks and
weight as Open-Meteo counts it; requests per location and data period."""

import statistics
import urllib.parse


WEIGHED_SECTIONS = ("current", "minutely_15", "hourly", "daily")


def weight_tenths(query, without=()):
    """A request's weight in tenths of a call as Open-Meteo counts it (fake-open-meteo's QuotaGate.weight):
    max(1, variables/10 × max(1, days/14)), variables those of `current`, `minutely_15`, `hourly` and
    `daily` together, days = forecast_days (7 when not sent); a fraction of a tenth counts as a whole one.
    `without`: the same request without those sections (and without forecast_days with `daily`)."""
    variables = sum(len(query[k][0].split(",")) for k in WEIGHED_SECTIONS if k in query and k not in without)
    days = 7 if "daily" in without else int(query.get("forecast_days", ["7"])[0])
    scale = max(14, min(max(0, days), 1000))
    return max(10, (variables * scale + 13) // 14)


def parse_request_log(path, path_of_requests="/v1/forecast"):
    """fake-open-meteo's --request-log: one forecast request per line, `<unix time> <request target>`;
    each with its location (latitude,longitude), the forecast blocks it asked for (docs/forecast.md: `minutely_15=`,
    `hourly=`, `daily=`), its weight in tenths of a call as Open-Meteo counts it, the weight of the same
    request without its hours and days (`base_tenths`: the current weather and the nowcast, on every
    request) and what its hours and its days add (`hourly_tenths`, `daily_tenths`)."""
    entries = []
    try:
        f = open(path)
    except OSError:
        return entries
    with f:
        for line in f:
            stamp, _, target = line.strip().partition(" ")
            try:
                t = float(stamp)
            except ValueError:
                continue
            split = urllib.parse.urlsplit(target)
            if split.path != path_of_requests:
                continue
            query = urllib.parse.parse_qs(split.query)
            weight = weight_tenths(query)
            entries.append({
                "t": t,
                "location": f"{query.get('latitude', ['?'])[0]},{query.get('longitude', ['?'])[0]}",
                "nowcast": "minutely_15" in query,
                "hourly": "hourly" in query,
                "daily": "daily" in query,
                "weight_tenths": weight,
                "base_tenths": weight_tenths(query, ("hourly", "daily")),
                "hourly_tenths": weight - weight_tenths(query, ("hourly",)) if "hourly" in query else 0,
                "daily_tenths": weight - weight_tenths(query, ("daily",)) if "daily" in query else 0,
            })
    return entries


def requests_per_period(entries, w0, w1, data_interval, locations):
    """Requests per location and data period in [w0, w1) (whole periods of the look-alike's clock): each
    request gets the data of the period it arrives in, so a location fetched once per period has exactly
    one request in each; `missed` are location-periods without one, `twice` those with more."""
    periods = max(1, round((w1 - w0) / data_interval))
    counts = {location: [0] * periods for location in locations}
    lags = []
    inside = [e for e in entries if w0 <= e["t"] < w1]
    for e in inside:
        k = min(periods - 1, int((e["t"] - w0) // data_interval))
        counts.setdefault(e["location"], [0] * periods)[k] += 1
        lags.append(e["t"] - (w0 + k * data_interval))
    cells = [c for per in counts.values() for c in per]
    return {
        "periods": periods,
        "locations": len(counts),
        "requests": len(inside),
        "per_location_period": len(inside) / (len(counts) * periods) if counts else None,
        "missed": sum(1 for c in cells if c == 0),
        "twice": sum(1 for c in cells if c > 1),
        "nowcast_requests": sum(1 for e in inside if e["nowcast"]),
        "hourly_requests": sum(1 for e in inside if e["hourly"]),
        "daily_requests": sum(1 for e in inside if e["daily"]),
        "weight": sum(e["weight_tenths"] for e in inside) / 10,
        "base_weight": sum(e["base_tenths"] for e in inside) / 10,
        "lag_after_boundary_s": {"median": statistics.median(lags), "max": max(lags)} if lags else None,
        "counts": counts,
    }


def request_times(path):
    """The arrival times of every request in fake-open-meteo's --request-log, whatever its path (Open-Meteo's or
    an alert source's)."""
    times = []
    try:
        with open(path) as f:
            for line in f:
                stamp, _, _ = line.strip().partition(" ")
                try:
                    times.append(float(stamp))
                except ValueError:
                    continue
    except OSError:
        pass
    return times
