"""bench/realtime.py — section realtime: this build at the default configuration and the real 10 s interval
against a look-alike with a short data interval; its requests per location and data period."""

import math
import os
import time

from . import common
from .common import DATA_INTERVAL, OPEN_METEO_DATA_INTERVAL, OUT, REAL_INTERVAL_S, REAL_SECONDS, ROOT, Server, log
from .configs import default_locations
from .daemons import Daemon, wait_wall
from .requestlog import parse_request_log, requests_per_period


def section_realtime(contender):
    """`weatherd run` at 10 s against `fake-open-meteo --data-interval DATA_INTERVAL --request-log`, counted
    over whole data periods (REAL_SECONDS or more) after every location's first fetch. Each request gets the
    data of the period it arrives in, so a daemon that fetches each location once per period has exactly one
    request per location and period; the rule does not depend on the period's length, so 60 s shows what
    Open-Meteo's 900 s does, fifteen times faster."""
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
        periods = max(1, math.ceil(REAL_SECONDS / DATA_INTERVAL))
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
        "data_interval_s": DATA_INTERVAL, "interval_s": REAL_INTERVAL_S, "window_s": w1 - w0, "window": [w0, w1],
        "locations": locations, "requests": counted, "run_requests": len(entries),
        "request_log": os.path.relpath(request_log, ROOT),
        # A location fetched once per data period makes 96 requests a day at Open-Meteo's 900 s.
        "requests_per_day": None if per is None else locations * 86400 / OPEN_METEO_DATA_INTERVAL * per,
    }
