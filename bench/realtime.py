"""bench/realtime.py — section realtime: this build at the default configuration and the real 10 s interval
against a look-alike with a short data interval; its requests per location and data period."""

import math
import os
import time

from . import common
from .common import OPEN_METEO_DATA_INTERVAL, OUT, REAL_INTERVAL_S, ROOT, Server, knob, log
from .configs import checked, default_config, default_locations
from .daemons import Contender, Daemon, wait_wall
from .requestlog import parse_request_log, requests_per_period
from .table import Row, fmt

JOURNALD = True
SECONDS = knob("BENCH_REAL_SECONDS", 600)
DATA_INTERVAL = knob("BENCH_DATA_INTERVAL", 60)
WANT = 1.0


def run(other):
    """`weatherd run` at 10 s against `fake-open-meteo --data-interval DATA_INTERVAL --request-log`, counted
    over whole data periods (SECONDS or more) after every location's first fetch. Each request gets the data
    of the period it arrives in, so a daemon that fetches each location once per period has exactly one
    request per location and period; the rule does not depend on the period's length, so 60 s shows what
    Open-Meteo's 900 s does, fifteen times faster."""
    contender = checked(Contender("weatherd", common.WEATHERD, default_config()))
    locations = default_locations()[1]
    request_log = os.path.join(OUT, "realtime.requests")
    if os.path.exists(request_log):
        os.unlink(request_log)
    port_file = os.path.join(OUT, "realtime.port")
    server = Server("realtime", [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                                 "--data-interval", str(DATA_INTERVAL), "--request-log", request_log], port_file)
    daemon = None
    try:
        daemon = Daemon("realtime", contender, server.base_url, interval=f"{REAL_INTERVAL_S}s", use_cgroup=False)
        daemon.start()
        # The first round (one location a tick) done, then whole periods of the look-alike's clock.
        w0 = math.ceil((daemon.ready_wall + locations * REAL_INTERVAL_S + 5) / DATA_INTERVAL) * DATA_INTERVAL
        periods = max(1, math.ceil(SECONDS / DATA_INTERVAL))
        w1 = w0 + periods * DATA_INTERVAL
        log(f"realtime: window {time.strftime('%H:%M:%S', time.localtime(w0))} → "
            f"{time.strftime('%H:%M:%S', time.localtime(w1))} ({periods} periods of {DATA_INTERVAL} s)")
        wait_wall(w1 + 1, [daemon], lambda left: log(f"realtime: {left:.0f} s to go"))
    finally:
        if daemon and daemon.pid:
            daemon.stop()
            daemon.remove_files()
        server.stop()
    entries = parse_request_log(request_log)
    counted = requests_per_period(entries, w0, w1, DATA_INTERVAL, sorted({e["location"] for e in entries}))
    per = counted["per_location_period"]
    return {
        "data_interval_s": DATA_INTERVAL, "window_s": w1 - w0, "window": [w0, w1], "locations": locations,
        "requests": counted, "run_requests": len(entries), "request_log": os.path.relpath(request_log, ROOT),
        # A location fetched once per data period makes 96 requests a day at Open-Meteo's 900 s.
        "requests_per_day": None if per is None else locations * 86400 / OPEN_METEO_DATA_INTERVAL * per,
    }


def rows(r):
    q = r["requests"]
    ok = q["per_location_period"] == WANT and q["missed"] == 0 and q["twice"] == 0
    out = [Row(f"requests per location per data period (refresh: auto, {REAL_INTERVAL_S} s)",
               f"{fmt(q['per_location_period'], '', 2)} ({q['requests']} in {q['locations']}×{q['periods']})",
               f"{WANT}, none missed or twice", ok),
           Row("  location-periods without a request / with two or more", f"{q['missed']} / {q['twice']}"),
           Row(f"  → requests a day at Open-Meteo's {OPEN_METEO_DATA_INTERVAL} s", fmt(r["requests_per_day"], "", 0))]
    if q.get("lag_after_boundary_s"):
        lag = q["lag_after_boundary_s"]
        out.append(Row("  request after the period's start: median / max", f"{lag['median']:.1f} / {lag['max']:.1f} s"))
    if r["window_s"] < 600:
        out.append(Row(f"  NOTE: a window of {r['window_s']} s, shorter than the 10 minutes asked (BENCH_REAL_SECONDS)"))
    return out
