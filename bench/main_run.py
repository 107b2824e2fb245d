"""bench/main_run.py — section main: the run at --interval 10ms (every tick fetches) for CPU per tick, RSS,
threads and fds, the journal's entries, and the lateness of every tick's request at the server."""

import json
import os
import shutil
import statistics
import subprocess

from .common import OUT, TICK_INTERVAL_NS, WEATHER_MESSAGE_ID, percentile
from .daemons import Daemon
from .sampling import count_fds, fd_kinds, pss_kb, rss_by_mapping, window


def lateness(times_ns, anchor_ns, interval_ns, skipped, fetches, early_tolerance_ns=1_000_000):
    """Lateness of each tick's request against anchor + k·interval (ms), and the slots without a request.

    Request k is tick k when the daemon skipped nothing and there are as many requests as 10 ms slots
    went by. Otherwise (a skipped tick, or Dispatch folding timer fires together while the queue was
    blocked) every request is put in the slot it arrived in: k = floor((t - anchor + 1 ms) / interval),
    which caps the lateness a request can show below one interval and makes the slots left without a
    request (`missing_slots`) the measure of ticks that did not happen on time.
    """
    if not times_ns:
        return None
    floor_ks = [(t - anchor_ns + early_tolerance_ns) // interval_ns for t in times_ns]
    slots = int(floor_ks[-1]) + 1
    exact = skipped == 0 and len(times_ns) == fetches and len(times_ns) == slots
    ks = list(range(len(times_ns))) if exact else [int(k) for k in floor_ks]
    late = [(t - (anchor_ns + k * interval_ns)) / 1e6 for k, t in zip(ks, times_ns)]
    envelope = min(t - k * interval_ns for k, t in zip(ks, times_ns))
    jitter = [(t - (envelope + k * interval_ns)) / 1e6 for k, t in zip(ks, times_ns)]
    rest = late[1:] or late
    rest_jitter = jitter[1:] or jitter
    gaps = [(b - a) / 1e6 for a, b in zip(times_ns, times_ns[1:])]
    distinct = len(set(ks))
    return {
        "requests": len(times_ns),
        "slots": slots,
        "missing_slots": slots - distinct,
        "slots_with_two_requests": len(times_ns) - distinct,
        "mapping": "request k = tick k" if exact else "slot of arrival: floor((t - READY + 1 ms) / interval)",
        "anchor": "READY=1 datagram arrival, kernel-stamped (the timer is armed right after READY)",
        "first_request_ms_after_ready": late[0],
        "median_ms": statistics.median(rest),
        "p99_ms": percentile(rest, 99),
        "max_ms": max(rest),
        "min_ms": min(rest),
        "over_20ms": sum(1 for x in rest if x > 20),
        "over_5ms": sum(1 for x in rest if x > 5),
        "jitter_vs_best_tick": {
            "median_ms": statistics.median(rest_jitter),
            "p99_ms": percentile(rest_jitter, 99),
            "max_ms": max(rest_jitter),
        },
        "gap_ms": {
            "min": min(gaps) if gaps else None,
            "median": statistics.median(gaps) if gaps else None,
            "max": max(gaps) if gaps else None,
        },
    }


def journal_entries(pid):
    """Weather entries of `pid` in the (private) journal: how many, the fetch times they report
    (`WEATHER_FETCH_MS`), and for each rotation index without an entry (a skipped tick) the entry
    before it: how long its fetch took and how late after its own slot it was logged."""
    if not shutil.which("journalctl"):
        return None
    result = subprocess.run(
        ["journalctl", "-q", "--no-pager", "-o", "json",
         "--output-fields=WEATHER_ROTATION_INDEX,WEATHER_FETCH_MS,__MONOTONIC_TIMESTAMP",
         f"_PID={pid}", f"MESSAGE_ID={WEATHER_MESSAGE_ID}"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if result.returncode != 0:
        return None
    entries = {}
    for line in result.stdout.splitlines():
        try:
            fields = json.loads(line)
            entries[int(fields["WEATHER_ROTATION_INDEX"])] = (
                float(fields.get("WEATHER_FETCH_MS", "nan")), int(fields["__MONOTONIC_TIMESTAMP"]))
        except (ValueError, KeyError):
            continue
    summary = {"count": len(entries)}
    if not entries:
        return summary
    fetch_ms = sorted(value[0] for value in entries.values() if value[0] == value[0])
    if fetch_ms:
        summary["fetch_ms"] = {"median": statistics.median(fetch_ms), "p99": percentile(fetch_ms, 99),
                               "max": fetch_ms[-1]}
    first = min(entries)
    origin = entries[first][1]
    skipped = []
    for index in range(first, max(entries)):
        if index in entries or index - 1 not in entries:
            continue
        before_fetch, before_logged = entries[index - 1]
        skipped.append({
            "index": index,
            "previous_fetch_ms": before_fetch,
            # When the entry before was logged, against its own slot (first entry's time + k·10 ms).
            "previous_logged_after_slot_ms": (before_logged - origin) / 1e3 - (index - 1 - first) * TICK_INTERVAL_NS / 1e6,
        })
    summary["skipped"] = skipped
    return summary


def section_daemon_run(label, contender, server, log_target, warmup, end_tick, timing=False):
    """One run at --interval 10ms: CPU over ticks [warmup, end_tick], VmRSS after READY, at `warmup` and at
    `end_tick`, threads, fds, the largest mappings; with `timing`, the lateness of every tick's request."""
    if timing:
        server.get("/_bench/reset")
    daemon = Daemon(label, contender, server.base_url, log_target=log_target)
    result = {"binary": contender.label, "server": server.label, "log_target": log_target,
              "argv": daemon.argv[1:]}
    try:
        result["exec_to_ready_ms"] = daemon.start()
        samples = {"ready": daemon.sample()}
        samples["warmup"] = daemon.wait_ticks(warmup)
        samples["end"] = daemon.wait_ticks(end_tick)
        end = samples["end"]
        result["threads_end"] = end.get("Threads")
        result["fds_end"] = count_fds(daemon.pid)
        result["fd_kinds_end"] = fd_kinds(daemon.pid)
        result["rss_kb_by_mapping_end"] = rss_by_mapping(daemon.pid)
        result["pss_kb_end"] = pss_kb(daemon.pid)
        result["window"] = window(samples["warmup"], end)
        result["whole_run"] = window(samples["ready"], end)
        result["rss_samples"] = {k: {"ticks": v["ticks"], "VmRSS": v["VmRSS"], "RssAnon": v.get("RssAnon"),
                                     "RssFile": v.get("RssFile")} for k, v in samples.items()}
        result["rss_kb"] = {
            "after_start": samples["ready"]["VmRSS"],
            f"after_{samples['warmup']['ticks']}_ticks": samples["warmup"]["VmRSS"],
            f"after_{end['ticks']}_ticks": end["VmRSS"],
            "peak_VmHWM": end.get("VmHWM"),
        }
        result["rss_growth_kb"] = end["VmRSS"] - samples["warmup"]["VmRSS"]
        result["rss_growth_between"] = [samples["warmup"]["ticks"], end["ticks"]]
        final_state = daemon.state()["daemon"]
        result["notify_datagrams"] = daemon.notify.messages
        result["last_status"] = daemon.notify.last_status
    finally:
        if daemon.exit_status is None and daemon.pid:
            daemon.stop()
    result["exit_status"] = daemon.exit_status
    result["sigterm_to_exit_ms"] = daemon.stop_ms
    if daemon.stuck is not None:
        result["ignored_sigterm"] = daemon.stuck
    result["life"] = daemon.life()
    state = daemon.state()["daemon"]
    result["final_state"] = {
        k: state.get(k) for k in ("ticks", "ticks_fetched", "ticks_skipped", "ticks_from_cache", "fetches_ok",
                                  "fetches_failed", "requests")
    }
    result["state_at_end_sample"] = {k: final_state.get(k) for k in ("ticks", "ticks_skipped", "fetches_ok",
                                                                      "fetches_failed")}
    if log_target == "journal":
        journal = journal_entries(daemon.pid)
        result["journal_weather_entries"] = journal["count"] if journal else None
        result["journal"] = journal
    if timing:
        times = json.loads(server.get("/_bench/times"))
        fetches = state["fetches_ok"] + state["fetches_failed"]
        result["requests_seen_by_server"] = len(times)
        # A request the server saw but the daemon never counted as a fetch was in flight at SIGTERM:
        # stop() counts its tick as skipped, but that tick was not missed.
        abandoned = max(0, len(times) - fetches)
        result["abandoned_at_stop"] = abandoned
        result["ticks_skipped_while_running"] = max(0, state["ticks_skipped"] - abandoned)
        result["lateness"] = lateness(times, daemon.ready_ns, TICK_INTERVAL_NS,
                                      result["ticks_skipped_while_running"], fetches)
    if os.path.exists(daemon.state_path):
        shutil.copy(daemon.state_path, os.path.join(OUT, f"{label}.state.json"))
    daemon.remove_files()
    if daemon.stderr_path and os.path.getsize(daemon.stderr_path) > 0:
        result["stderr_bytes"] = os.path.getsize(daemon.stderr_path)
    return result
