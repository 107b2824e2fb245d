#!/usr/bin/env python3
"""bench/run.py — what weatherd costs, measured: the runner of the benchmark (bench/README.md).

Runs the release `weatherd` against loopback Open-Meteo look-alikes, section by section, and prints ONE
table (also written as JSON, with every raw sample, to .build/bench/results.json). Run it through `make
bench`, which builds the release products and starts this script inside a private journald
(scripts/with-journald). `python3 bench/run.py --list` lists the sections, + for those the knobs select.

Sections, in the order they run (each a module of bench/ of the same name):
  sizes       the stripped release binary and what takes its room
  deb         the .deb scripts/build-deb makes
  plannerday  the real planner through a simulated UTC day: weighted Open-Meteo calls a day, alert requests
              a day per source (Sources/bench-planner-day, about a second)
  sources     the same simulated day with Open-Meteo down for an hour, then all day: requests to each source,
              minutes stale, MET Norway's requests against its Expires, CPU of a MET fetch ÷ an Open-Meteo one
  startup     exec -> READY=1, beside BENCH_OLD_COMMIT
  compare     CPU per fetch at 10 ms with every tick a fetch, ÷ BENCH_OLD_COMMIT's, in alternating pairs
  realtime    requests per location per data period at the real 10 s interval (BENCH_REAL_SECONDS)
  cachetick   a tick that fetches nothing at 10 s: CPU against bench/cachetick.c, context switches, threads
              created, bytes written, RSS, status --follow; beside BENCH_CACHETICK_OLD_COMMIT
  fleet       scripts/fleet-e2e: 20 daemons behind the nginx cache against one alone (about 4 minutes)

Environment knobs (defaults in brackets):
  BENCH_SECTIONS               comma list of the only sections to run (e.g. realtime,cachetick)
  BENCH_SKIP                   comma list of sections to skip
  BENCH_STRICT=1               exit 1 when a budget is missed (default: exit 0; 2 when a section failed)
  BENCH_AIR=1                  the default configuration with air quality on (cachetick, startup, realtime)
  BENCH_OLD_COMMIT [2516b13]   the commit beside this build in startup and compare, built in
                               .build/bench/old/ first; BENCH_OLD_WEATHERD: a binary to use instead, with
                               BENCH_OLD_CONFIG=old|new [old]: the configuration it reads (old: no refresh
                               or limits keys)
  BENCH_CACHETICK_OLD_COMMIT [cc5f51e]  the same for cachetick (BENCH_CACHETICK_OLD_WEATHERD,
                               BENCH_CACHETICK_OLD_CONFIG [new])
  BENCH_STARTS [20]            starts for exec -> READY
  BENCH_COMPARE_PAIRS [6]      old/new run pairs for the CPU per fetch, alternating order
  BENCH_COMPARE_TICKS [1500]   window of each of those runs (after BENCH_COMPARE_WARMUP [200])
  BENCH_REAL_SECONDS [600]     realtime's window (whole data periods)
  BENCH_DATA_INTERVAL [60]     realtime's look-alike's data interval (seconds)
  BENCH_SOURCES_DOWN_AT [43200], BENCH_SOURCES_DOWN_FOR [3600]   sources' outage in the simulated day
                               (seconds from 00:00 UTC), BENCH_SOURCES_DOWN_MODE [503] how it fails
                               (fake-open-meteo --down-mode: 503, html, 429-daily; hang waits in real time)
  BENCH_SOURCES_PAIRS [500]    sources' pairs of one Open-Meteo and one MET request, for the CPU of a fetch
  BENCH_CACHETICK_SECONDS [600] cachetick's window (its ticks; up to BENCH_CACHETICK_EXTRA [6] more when
                               fetch ticks fell in it)
  BENCH_WEATHERD, BENCH_FAKE_OPEN_METEO, BENCH_PLANNER_DAY   the binaries [.build/release/…]
  BENCH_WORKDIR                where the daemons' caches go [.build/bench/work]; must be a real disk
  BENCH_RUNTIME_DIR            where their state files go, rewritten every tick as in /run/weatherd
                               [/dev/shm/weatherd-bench.PID]; must be tmpfs

A section is a module with `run(other)`, which measures and returns a dict for the JSON (BenchError when
the measurement cannot be taken), and `rows(result)`, the table's rows (bench/table.py's Row; a row with a
budget carries its verdict). Optional: JOURNALD = True when it needs the private journald; BESIDE =
common.Beside(...) when it measures the release weatherd of an older commit beside this build, which the
runner builds (or takes from the knobs) before any section runs and passes as `other` (else None).
A new figure is a new module listed in SECTIONS below (or a new row of a section that
already measures what it needs), and a row of bench/README.md.
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

from bench import (cachetick, common, compare, deb, fleet, old_build, plannerday, realtime, sizes,  # noqa: E402
                   sources, startup)
from bench.common import OUT, RUNTIME_DIR, WORKDIR, BenchError, Other, filesystem_of, loadavg, log  # noqa: E402
from bench.daemons import remove_runtime_dir  # noqa: E402
from bench.sampling import remove_leftover_cgroups  # noqa: E402
from bench.table import render  # noqa: E402

SECTIONS = (sizes, deb, plannerday, sources, startup, compare, realtime, cachetick, fleet)


def name_of(section):
    return section.__name__.rsplit(".", 1)[-1]


def names(variable):
    return [s.strip() for s in os.environ.get(variable, "").split(",") if s.strip()]


def selected():
    """The sections BENCH_SECTIONS and BENCH_SKIP leave, in order; ValueError naming an unknown section."""
    known = [name_of(s) for s in SECTIONS]
    only, skip = names("BENCH_SECTIONS"), names("BENCH_SKIP")
    unknown = sorted(set(only + skip) - set(known))
    if unknown:
        raise ValueError(f"unknown section(s) {', '.join(unknown)}; the sections: {', '.join(known)}")
    return [s for s in SECTIONS if (not only or name_of(s) in only) and name_of(s) not in skip]


def other_weatherd(beside, errors):
    """The weatherd a section's BESIDE asks for: a binary given by hand, or BESIDE's commit built (or reused)
    in .build/bench/old/; None, with the reason in `errors`, when the build fails."""
    config = os.environ.get(f"{beside.knob}_CONFIG") or beside.config
    given = os.environ.get(f"{beside.knob}_WEATHERD")
    if given:
        return Other("other", common.snapshot(given, f"weatherd-other-{beside.knob.lower()}"), config)
    commit = os.environ.get(f"{beside.knob}_COMMIT") or beside.commit
    try:
        binary, full, _, _ = old_build.build_old(commit, log)
    except (RuntimeError, OSError) as error:
        errors.append(f"build of {commit}: {error}")
        return None
    return Other(full[:7], common.snapshot(binary, f"weatherd-{full[:7]}"), config)


def preflight(sections):
    """What the sections need before any runs: the binaries, journald's socket, a disk and tmpfs; None or why not."""
    for path in (common.WEATHERD, common.FAKE):
        if not os.access(path, os.X_OK):
            return f"{path} missing: run `make bench`"
    if any(getattr(s, "JOURNALD", False) for s in sections) and not os.path.exists("/run/systemd/journal/socket"):
        return "no journald socket (/run/systemd/journal/socket): run inside scripts/with-journald (make bench does)"
    fs = filesystem_of(WORKDIR)
    if fs and fs["fstype"] in ("tmpfs", "ramfs", "overlay"):
        return f"{WORKDIR} is on {fs['fstype']}: set BENCH_WORKDIR to a real disk directory"
    return None


def main(argv):
    try:
        sections = selected()
    except ValueError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2
    if argv[1:] == ["--list"]:
        for s in SECTIONS:
            what = " ".join(s.__doc__.split("\n\n")[0].split()).split(f"section {name_of(s)}: ", 1)[-1]
            print(f"{'+' if s in sections else '-'} {name_of(s)}: {what}")
        return 0
    if argv[1:]:
        print("usage: bench/run.py [--list]   (the knobs are environment variables: see its docstring)", file=sys.stderr)
        return 2
    # SIGTERM/SIGINT unwind through the finally blocks, so the servers and daemons started here stop too.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    problem = preflight(sections)
    if problem:
        print(f"bench: {problem}", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(WORKDIR, exist_ok=True)
    common.WEATHERD = common.snapshot(common.WEATHERD, "weatherd")
    common.FAKE = common.snapshot(common.FAKE, "fake-open-meteo")
    if os.access(common.PLANNER_DAY, os.X_OK):
        common.PLANNER_DAY = common.snapshot(common.PLANNER_DAY, "bench-planner-day")
    results = {"machine": common.machine_info(), "errors": [], "sections": [name_of(s) for s in sections]}
    log(f"sections {', '.join(results['sections'])}; load average {results['machine']['loadavg_start']}; "
        f"caches in {WORKDIR}, state files in {RUNTIME_DIR}")
    # Builds first: they load both cores, and nothing is measured meanwhile.
    others = {}
    for beside in sorted({s.BESIDE for s in sections if getattr(s, "BESIDE", None)}):
        others[beside] = other_weatherd(beside, results["errors"])
    rows_of = {}
    try:
        for section in sections:
            name = name_of(section)
            log(f"{name} ... (load {loadavg()})")
            started = time.monotonic()
            try:
                results[name] = section.run(others.get(getattr(section, "BESIDE", None)))
                results[name]["section_seconds"] = round(time.monotonic() - started, 1)
                rows_of[name] = section.rows(results[name])
            except (BenchError, RuntimeError, OSError, ValueError, KeyError, subprocess.SubprocessError) as error:
                results["errors"].append(f"{name}: {error}")
                log(f"{name} FAILED: {error}")
                continue
            log(f"{name} done in {results[name]['section_seconds']:.0f} s")
    finally:
        remove_leftover_cgroups()
        remove_runtime_dir()
    results["machine"]["loadavg_end"] = loadavg()
    text, missed = render(results, rows_of)
    print(text, flush=True)
    results["budgets"] = [{"section": name, "figure": row.figure.strip(), "value": row.value, "budget": row.budget,
                           "met": row.met} for name, rows in rows_of.items() for row in rows if row.met is not None]
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    if results["errors"]:
        return 2
    return 1 if missed and os.environ.get("BENCH_STRICT") == "1" else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
