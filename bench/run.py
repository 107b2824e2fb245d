#!/usr/bin/env python3
"""bench/run.py — what weatherd costs, measured side by side in one run.

Runs the real release `weatherd run` against loopback Open-Meteo look-alikes, and prints ONE table
(also written as JSON to .build/bench/results.json). Run it through `make bench`, which builds the
release binaries and starts this script inside a private journald (scripts/with-journald). The
reasoning behind each figure is in bench/README.md.

What is measured:
  * weighted calls a day at the defaults with every forecast part on (docs/forecast.md, at most 500): the real
    planner through a simulated UTC day (bench-planner-day, 8,640 ticks), each request it plans sent to
    a `fake-open-meteo --request-log` and weighed there, beside the planner's own count;
  * requests per location per data period at the default configuration (4 locations, 10 s, refresh:
    auto): a run of BENCH_REAL_SECONDS (600) at the real 10 s interval against `fake-open-meteo
    --data-interval 60 --request-log`, scaled to Open-Meteo's 900 s;
  * per-fetch CPU at --interval 10ms with `refresh: every_tick` and no limits, this build beside the
    old commit (BENCH_OLD_COMMIT, built here in .build/bench/old/), alternating old/new, against one
    server answering one current-only body;
  * footprint: the stripped release binary (stripped as scripts/build-deb strips it), what takes its
    room (`size -A`, `nm --size-sort` by module), the .deb (scripts/build-deb), exec -> READY=1;
  * the cache-tick budgets (section cachetick): CPU, context switches (all threads), clone calls (perf),
    write_bytes (/proc/PID/io) per tick that fetches nothing, journald's bytes per tick and RSS at the end,
    this build beside CACHETICK_OLD_COMMIT and bench/cachetick.c (the same tick in C), at the real 10 s
    interval against `fake-open-meteo --data-interval 3600`, with a `weatherd status --follow` reading the
    state file (its CPU per tick too), over BENCH_CACHETICK_SECONDS of ticks in one window;
  * the fleet figure: scripts/fleet-e2e (20 daemons behind the nginx cache against 1 alone), when it is
    there (bench/fleet.py).

Environment knobs (defaults in brackets):
  BENCH_COMPARE_PAIRS [6]      old/new run pairs for per-fetch CPU, alternating order
  BENCH_COMPARE_TICKS [1500]   window of each of those runs (after BENCH_COMPARE_WARMUP [200])
  BENCH_REAL_SECONDS [600]     the measured window at the real 10 s interval (whole data periods)
  BENCH_DATA_INTERVAL [60]     the look-alike's data interval in that run (seconds)
  BENCH_STARTS [20]            starts for exec -> READY
  BENCH_OLD_COMMIT [2516b13]   the commit built for the side-by-side rows
  BENCH_OLD_WEATHERD           a binary to use instead of building BENCH_OLD_COMMIT (e.g. another
                               build of this tree), with BENCH_OLD_CONFIG=old|new [old]: which
                               configuration it reads (old: no refresh/limits keys)
  BENCH_PLANNER_DAY            the simulated-day binary [.build/release/bench-planner-day]
  BENCH_SKIP                   comma list of sections to skip: sizes, deb, old, plannerday, startup,
                               compare, realtime, fleet, cachetick
  BENCH_SECTIONS               comma list of the only sections to run (e.g. realtime): the others skipped
  BENCH_WORKDIR                where the daemons' caches (and an older daemon's state file) go
                               [.build/bench/work]; must be a real disk
  BENCH_RUNTIME_DIR            where the state files of daemons with a cache go, rewritten every tick
                               as in /run/weatherd [/dev/shm/weatherd-bench.PID]; must be tmpfs
  BENCH_CACHETICK_SECONDS [600] the cache-tick window at the real 10 s interval (its ticks; up to
                               BENCH_CACHETICK_EXTRA [6] more when fetch ticks fell in it)
  BENCH_CACHETICK_OLD_COMMIT [cc5f51e]  the commit beside this build in the cache-tick section (built like
                               BENCH_OLD_COMMIT); BENCH_CACHETICK_OLD_WEATHERD: a binary to use instead
  BENCH_STRICT=1               exit 1 when a target is missed (default: exit 0)

The code is the package bench/ (bench/__init__.py lists its modules, one a section or a shared part);
this file is its one runner: it checks the binaries, builds the old commits, writes the configurations,
starts the servers, runs every section not skipped (the builds first), prints the table and writes the
JSON.
"""

import json
import os
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True
# `python3 bench/run.py` puts bench/ on sys.path; the package is imported from the repository's root.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import common, fleet, old_build  # noqa: E402
from bench.cachetick import section_cachetick  # noqa: E402
from bench.common import (  # noqa: E402
    BENCH_DIR, CACHETICK_OLD_COMMIT, CACHETICK_OLD_WEATHERD, COMPARE_PAIRS, COMPARE_TICKS, COMPARE_WARMUP,
    DATA_INTERVAL, OLD_COMMIT, OLD_CONFIG, OLD_WEATHERD, OUT, PUBLIC_LIMITS, REAL_SECONDS, RUNTIME_DIR, SKIP,
    STARTS, STRICT, WORKDIR, BenchError, Server, clean_env, filesystem_of, loadavg, log, machine_info, snapshot,
)
from bench.configs import check_config, every_tick_config, fetch_current_only_body, new_config, old_config  # noqa: E402
from bench.daemons import Contender, remove_runtime_dir  # noqa: E402
from bench.footprint import section_deb, section_sizes  # noqa: E402
from bench.paired import section_compare  # noqa: E402
from bench.plannerday import section_planner_day  # noqa: E402
from bench.realtime import section_realtime  # noqa: E402
from bench.report import print_table  # noqa: E402
from bench.sampling import remove_leftover_cgroups  # noqa: E402
from bench.startup import section_startup  # noqa: E402
from bench.verdicts import verdicts  # noqa: E402


def main():
    # SIGTERM/SIGINT unwind through the finally blocks, so the servers and daemons started here stop too.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    for path in (common.WEATHERD, common.FAKE):
        if not os.access(path, os.X_OK):
            print(f"bench: {path} missing: run `make bench`", file=sys.stderr)
            return 2
    measured = {"startup", "compare", "realtime", "cachetick"}
    if not measured <= SKIP and not os.path.exists("/run/systemd/journal/socket"):
        print(
            "bench: no journald socket (/run/systemd/journal/socket): run inside scripts/with-journald "
            "(make bench does)",
            file=sys.stderr,
        )
        return 2
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(WORKDIR, exist_ok=True)
    common.WEATHERD = snapshot(common.WEATHERD, "weatherd")
    common.FAKE = snapshot(common.FAKE, "fake-open-meteo")
    if "plannerday" not in SKIP and os.access(common.PLANNER_DAY, os.X_OK):
        common.PLANNER_DAY = snapshot(common.PLANNER_DAY, "bench-planner-day")
    fs = filesystem_of(WORKDIR)
    if fs and fs["fstype"] in ("tmpfs", "ramfs", "overlay"):
        print(f"bench: {WORKDIR} is on {fs['fstype']}: set BENCH_WORKDIR to a real disk directory", file=sys.stderr)
        return 2

    results = {"machine": machine_info(), "errors": [], "knobs": {
        "compare_pairs": COMPARE_PAIRS, "compare_ticks": COMPARE_TICKS, "compare_warmup": COMPARE_WARMUP,
        "real_seconds": REAL_SECONDS, "data_interval": DATA_INTERVAL, "starts": STARTS, "old_commit": OLD_COMMIT,
        "old_weatherd": OLD_WEATHERD, "old_config": OLD_CONFIG, "skip": sorted(SKIP)}}
    log(f"load average {results['machine']['loadavg_start']}; caches (an older daemon's state files) in {WORKDIR} "
        f"({fs}); state files of daemons with a cache on tmpfs in {RUNTIME_DIR}")

    def section(name, func, *args):
        if name in SKIP:
            return None
        log(f"{name} ... (load {loadavg()})")
        started = time.monotonic()
        try:
            value = func(*args)
        except (BenchError, RuntimeError, OSError, subprocess.SubprocessError, ValueError, KeyError) as error:
            results["errors"].append(f"{name}: {error}")
            log(f"{name} FAILED: {error}")
            return None
        if isinstance(value, dict):
            value["section_seconds"] = round(time.monotonic() - started, 1)
            value["loadavg_after"] = loadavg()
        log(f"{name} done in {time.monotonic() - started:.0f} s")
        return value

    # Builds first: they load both cores, and nothing is measured meanwhile.
    old_binary, old_label = None, None
    if OLD_WEATHERD:
        old_binary, old_label = snapshot(OLD_WEATHERD, "weatherd-other"), "other"
        results["old"] = {"binary": OLD_WEATHERD, "config": OLD_CONFIG}
    else:
        built = section("old", lambda: dict(zip(("binary", "commit", "flags", "build_seconds"),
                                                old_build.build_old(OLD_COMMIT, log))))
        if built:
            old_binary = snapshot(built["binary"], f"weatherd-{built['commit'][:7]}")
            old_label = built["commit"][:7]
            results["old"] = built
    results["old_label"] = old_label
    cachetick_old = None
    if "cachetick" not in SKIP:
        if CACHETICK_OLD_WEATHERD:
            cachetick_old = ("other", snapshot(CACHETICK_OLD_WEATHERD, "weatherd-cachetick-other"))
        else:
            built = section("cachetick-old", lambda: dict(zip(("binary", "commit", "flags", "build_seconds"),
                                                              old_build.build_old(CACHETICK_OLD_COMMIT, log))))
            if built:
                cachetick_old = (built["commit"][:7], snapshot(built["binary"], f"weatherd-{built['commit'][:7]}"))
    results["sizes"] = section("sizes", section_sizes, old_binary)
    results["deb"] = section("deb", section_deb)

    # The 10 ms runs of compare: every tick fetches, no limits.
    ticking = Contender("weatherd", common.WEATHERD, every_tick_config(), "every_tick")
    # The default configuration (its limits are the public host's), and the same fetching at every tick.
    default = Contender("weatherd", common.WEATHERD, new_config("default.yaml", "auto", PUBLIC_LIMITS), "auto")
    old_ticking = None
    if old_binary:
        if OLD_CONFIG == "old":
            old_ticking = Contender(old_label, old_binary, old_config("old.yaml"))
        else:
            old_ticking = Contender(old_label, old_binary, ticking.config, "every_tick")
    cachetick = [Contender("this-build", common.WEATHERD, default.config, "auto")]
    if cachetick_old:
        cachetick.append(Contender(cachetick_old[0], cachetick_old[1],
                                   new_config("cachetick-old.yaml", "auto", PUBLIC_LIMITS), "auto"))
    try:
        for contender in [ticking, default] + ([old_ticking] if old_ticking else []) + cachetick[1:]:
            check_config(contender)
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2

    servers = []
    try:
        fake = Server(
            "fake-open-meteo",
            [common.FAKE, "--port", "0", "--port-file", os.path.join(OUT, "fake.port"), "--mode", "realistic",
             "--count-file", os.path.join(OUT, "fake.count")],
            os.path.join(OUT, "fake.port"),
        )
        servers.append(fake)
        headers, body, body_bytes = fetch_current_only_body(fake.base_url)
        server = Server(
            "bench-server",
            [sys.executable, "-B", os.path.join(BENCH_DIR, "server.py"), "--body", body, "--headers", headers,
             "--port-file", os.path.join(OUT, "server.port")],
            os.path.join(OUT, "server.port"),
        )
        servers.append(server)
        results["server_note"] = (
            f"bench/server.py (asyncio keep-alive, one current-only {body_bytes}-byte body from fake-open-meteo) "
            "for the 10 ms runs; fake-open-meteo for the real-interval run"
        )
        results["body_bytes"] = body_bytes

        results["planner_day"] = section("plannerday", section_planner_day)
        results["startup"] = section("startup", section_startup, server.base_url,
                                     [default] + ([Contender(old_label, old_binary, old_ticking.config)]
                                                  if old_ticking else []))
        if old_ticking:
            results["compare"] = section("compare", section_compare, server, old_ticking, ticking)
        elif "compare" not in SKIP:
            results["errors"].append("compare: no old binary (see the old section)")
        results["realtime"] = section("realtime", section_realtime, default)
        results["cachetick"] = section("cachetick", section_cachetick, *cachetick,
                                       *([None] if len(cachetick) == 1 else []))
        results["fleet"] = section("fleet", fleet.run, common.WEATHERD, common.FAKE, clean_env({}), OUT, log)
    finally:
        for s in servers:
            s.stop()
        remove_leftover_cgroups()
        remove_runtime_dir()

    results["machine"]["loadavg_end"] = loadavg()
    missed = print_table(results)
    results["targets"] = [
        {"name": name, "value": value, "target": target, "met": ok} for name, value, target, ok in verdicts(results)
    ]
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    if results["errors"]:
        return 2
    return 1 if (STRICT and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
