"""bench/realtime.py — section realtime: every contender at the real 10 s interval against its own
look-alike with a short data interval, requests per location and data period, CPU per hour, in one window
(the skewed clocks: bench/skew.py)."""

import math
import os
import time

from . import common, skew
from .common import DATA_INTERVAL, OPEN_METEO_DATA_INTERVAL, OUT, REAL_INTERVAL_S, REAL_SECONDS, ROOT, Server, log
from .configs import default_locations
from .daemons import Daemon, wait_wall
from .requestlog import block_counts, parse_request_log, requests_per_period, weighted_calls_per_day
from .sampling import count_fds, window


def section_realtime(contenders):
    """Every contender at the real 10 s interval, each against its own fake-open-meteo with a short data
    interval and a request log, started a fraction of a tick apart (so their ticks do not coincide), all
    measured over the same whole data periods (REAL_SECONDS or more) after every location's first fetch;
    a contender with a clock offset over whole periods of its look-alike's clock (bench/skew.py)."""
    locations = default_locations()[1]
    servers, daemons, logs = [], [], []
    try:
        for contender in contenders:
            request_log = os.path.join(OUT, f"real-{contender.label}.requests")
            if os.path.exists(request_log):
                os.unlink(request_log)
            port_file = os.path.join(OUT, f"real-{contender.label}.port")
            servers.append(Server(
                f"real-{contender.label}",
                [common.FAKE, "--port", "0", "--port-file", port_file, "--mode", "realistic",
                 "--data-interval", str(DATA_INTERVAL), "--request-log", request_log]
                + (["--clock-offset", str(contender.clock_offset)] if contender.clock_offset else []),
                port_file,
            ))
            logs.append(request_log)
        for i, (contender, server) in enumerate(zip(contenders, servers)):
            if i:
                time.sleep(REAL_INTERVAL_S / len(contenders))
            daemon = Daemon(f"real-{contender.label}", contender, server.base_url, interval=f"{REAL_INTERVAL_S}s")
            daemons.append(daemon)
            daemon.start()
        first_round_done = max(d.ready_wall for d in daemons) + locations * REAL_INTERVAL_S + 5
        w0 = math.ceil(first_round_done / DATA_INTERVAL) * DATA_INTERVAL
        periods = max(1, math.ceil(REAL_SECONDS / DATA_INTERVAL))
        w1 = w0 + periods * DATA_INTERVAL
        span = w1 - w0
        # Each contender's window: whole periods of its look-alike's clock, and where it starts on the host's.
        api_windows = [skew.api_window(w0, span, c.clock_offset, DATA_INTERVAL) for c in contenders]
        log(f"realtime: {len(daemons)} daemons at {REAL_INTERVAL_S} s; window {time.strftime('%H:%M:%S', time.localtime(w0))}"
            f" → {time.strftime('%H:%M:%S', time.localtime(w1))} ({periods} periods of {DATA_INTERVAL} s)")

        # Requests are counted in [w0, w1) from the logs. Each daemon itself is sampled over a window of the
        # same length that starts and ends half a tick after one of its ticks (ticks come at READY + k·interval,
        # and span is a whole number of ticks): no fetch is under way then, and the state file's counters
        # (ticks, the quota ledger) have settled, so none is off by one at an edge.
        def mid_tick(daemon, after):
            k = math.ceil((after - daemon.ready_wall) / REAL_INTERVAL_S - 0.5)
            return daemon.ready_wall + (k + 0.5) * REAL_INTERVAL_S

        t0 = [mid_tick(d, host_start) for d, (_, _, host_start) in zip(daemons, api_windows)]
        events = sorted([(t, i, 0) for i, t in enumerate(t0)] + [(t + span, i, 1) for i, t in enumerate(t0)])
        samples = [[None, None] for _ in daemons]

        def progress(left):
            counts = ", ".join(f"{c.label} {len(parse_request_log(p))}" for c, p in zip(contenders, logs))
            log(f"realtime: {time.time() - w0:.0f}/{span:.0f} s of the window; requests so far: {counts}")

        for t, i, edge in events:
            wait_wall(t, daemons, progress)
            samples[i][edge] = daemons[i].sample()
        start = [s[0] for s in samples]
        end = [s[1] for s in samples]
        ends = {}
        for daemon, sample in zip(daemons, end):
            ends[daemon.label] = {"threads": sample.get("Threads"), "fds": count_fds(daemon.pid),
                                  "rss_kb": sample["VmRSS"]}
    finally:
        for daemon in daemons:
            if daemon.pid and daemon.exit_status is None:
                daemon.stop()
            daemon.kill()
        for server in servers:
            server.stop()
    for daemon in daemons:
        # The state file as the daemon left it (its final write at SIGTERM): the quota of the whole run.
        final = daemon.state()["daemon"]
        ends[daemon.label]["final_quota"] = final.get("quota")
        ends[daemon.label]["final_state"] = {k: final.get(k) for k in (
            "ticks", "ticks_fetched", "ticks_skipped", "ticks_from_cache", "fetches_ok", "fetches_failed", "requests")}
        daemon.remove_files()
    result = {"data_interval_s": DATA_INTERVAL, "interval_s": REAL_INTERVAL_S, "window_s": span,
              "window": [w0, w1], "locations": locations, "contenders": {}}
    for contender, daemon, log_path, a, b, t, (a0, a1, _) in zip(contenders, daemons, logs, start, end, t0,
                                                                 api_windows):
        entries = parse_request_log(log_path)
        seen = sorted({e["location"] for e in entries})
        # Counted on the look-alike's clock (its log has the host's): the periods it served.
        on_api = skew.on_api_clock(entries, contender.clock_offset)
        counted = requests_per_period(on_api, a0, a1, DATA_INTERVAL, seen)
        r = {
            "refresh": contender.refresh,
            "clock_offset_s": contender.clock_offset,
            "window_api_clock": [a0, a1],
            "requests_by_location": skew.by_location(on_api, a0),
            "window": window(a, b),
            "requests": counted,
            "run_requests": len(entries),
            "run_blocks": block_counts(on_api),
            "run_weight": sum(e["weight_tenths"] for e in entries) / 10,
            "end": ends[daemon.label],
            "life": daemon.life(),
            "exit_status": daemon.exit_status,
            "request_log": os.path.relpath(log_path, ROOT),
        }
        qa, qb = a.get("quota"), b.get("quota")
        if qa and qb and qa["day"]["resets_at"] == qb["day"]["resets_at"]:
            r["quota_day_used"] = {
                "at_start": qa["day"]["used"], "at_end": qb["day"]["used"],
                "window": qb["day"]["used"] - qa["day"]["used"],
                # The log's weights over the daemon's own sampling window, the same requests.
                "log_same_window": sum(e["weight_tenths"] for e in entries if t <= e["t"] < t + span) / 10,
                "at_exit": (ends[daemon.label]["final_quota"] or {}).get("day", {}).get("used"),
            }
        elif qb:
            r["quota_day_used"] = {"at_end": qb["day"]["used"], "window": None,
                                   "note": "the UTC day changed during the window"}
        # Scaled to a day: a location fetched once per data period makes 96 requests a day at Open-Meteo's
        # 900 s whatever the period; a daemon that fetches at every tick makes as many as there are ticks.
        day_periods = 86400 / OPEN_METEO_DATA_INTERVAL
        if contender.refresh == "auto":
            per = counted["per_location_period"]
            r["requests_per_day"] = locations * day_periods * per if per is not None else None
            r["scaling"] = f"{locations} locations × {day_periods:.0f} periods of {OPEN_METEO_DATA_INTERVAL} s × requests per location-period"
        else:
            seconds = w1 - w0
            r["requests_per_day"] = counted["requests"] / seconds * 86400
            r["scaling"] = f"requests in the window × 86400 / {seconds:.0f} s"
        # Weighted: the window's requests at their own weight without hours and days (the nowcast rides on
        # every one), scaled like the requests, plus the hours and the days by docs/forecast.md's slots.
        weighted = weighted_calls_per_day(entries, [e for e in on_api if a0 <= e["t"] < a1], r["requests_per_day"])
        if weighted:
            r["weighted_per_day"], r["weighted_per_day_parts"] = weighted
        result["contenders"][contender.label] = r
    return result
