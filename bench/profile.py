#!/usr/bin/env python3
"""bench/profile.py — where weatherd's CPU goes per tick.

Run as root inside a private journald, after `make bench` (or `make build` and
`swift build -c release --product fake-open-meteo`):

    scripts/with-journald python3 bench/profile.py            # callgrind + perf
    scripts/with-journald python3 bench/profile.py --no-perf

callgrind: the release weatherd under `valgrind --tool=callgrind` against
bench/server.py at --interval PROFILE_INTERVAL [150ms] (journal, durable state
file on disk). The counters are zeroed after PROFILE_WARMUP fetches
(callgrind_control -z) and dumped after PROFILE_FETCHES more
(callgrind_control -d), so start-up and shutdown are not in the profile.
Instructions (Ir), all threads together, per *fetch*. Under valgrind a fetch
takes tens of milliseconds: at 10 ms a tick that finds the fetch before still
running shows its location from the cache (the state file, the journal), and
those ticks, two or three a fetch, made the figures 1.7 times larger; at 150 ms
every tick is a fetch, and the summary's callgrind lines say when ticks and
fetches differ.

perf (when `perf record -e cpu-clock` works): the native release weatherd for
PROFILE_PERF_SECONDS at 10 ms, sampled on cpu-clock (a VM has no hardware
counters), reported by shared object and by symbol, user and kernel.

Outputs in .build/bench/profile/: the callgrind dump, callgrind_annotate's
inclusive listing (demangled), perf.data and reports, and summary.txt/.json
with the grouped costs.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True
# `python3 bench/profile.py` (and scripts/link-order, importing `profile` with bench/ on sys.path) put bench/ on
# sys.path; the package is imported from the repository's root.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import common, configs  # noqa: E402
# parse_callgrind and resummarize are imported from here by scripts/link-order and by hand.
from bench.callgrind import parse_callgrind, resummarize, summarize_callgrind  # noqa: E402
from bench.daemons import Contender, Daemon, remove_runtime_dir  # noqa: E402
from bench.notify import NotifySocket  # noqa: E402

__all__ = ["main", "parse_callgrind", "resummarize"]

PROFILE_DIR = os.path.join(common.OUT, "profile")


def log(message):
    print(f"[profile {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------


def start_servers():
    os.makedirs(common.OUT, exist_ok=True)
    fake = common.Server(
        "profile-fake-open-meteo",
        [common.FAKE, "--port", "0", "--port-file", os.path.join(common.OUT, "pfake.port"), "--mode", "realistic"],
        os.path.join(common.OUT, "pfake.port"),
    )
    headers, body, _ = configs.fetch_current_only_body(fake.base_url)
    server = common.Server(
        "profile-server",
        [sys.executable, "-B", os.path.join(common.BENCH_DIR, "server.py"), "--body", body, "--headers", headers,
         "--port-file", os.path.join(common.OUT, "pserver.port")],
        os.path.join(common.OUT, "pserver.port"),
    )
    return fake, server


def state_counts(path):
    try:
        with open(path) as f:
            d = json.load(f)["daemon"]
        return d["ticks"], d["fetches_ok"] + d["fetches_failed"], d["ticks_skipped"]
    except (OSError, ValueError, KeyError):
        return 0, 0, 0


def wait_fetches(path, target, proc, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ticks, fetches, skipped = state_counts(path)
        if fetches >= target:
            return ticks, fetches, skipped
        if proc.poll() is not None:
            raise common.BenchError("weatherd exited under the profiler")
        time.sleep(0.1)
    raise common.BenchError(f"{target} fetches not reached in {timeout} s")


# The callgrind run's tick interval: long enough for a fetch under valgrind, so that every tick is one.
INTERVAL = os.environ.get("PROFILE_INTERVAL", "150ms")


def daemon_argv(server, state_dir):
    # The cache in the same directory (as root it would default to /var/lib/weatherd/cache.json).
    return [common.WEATHERD, "run", "--config", configs.every_tick_config(),
            "--state-file", os.path.join(state_dir, "state.json"),
            "--cache-file", os.path.join(state_dir, "cache.json"),
            "--api-url", server.base_url, "--alerts-url", server.base_url, "--interval", INTERVAL, "--log-target", "journal"]


def prepare_valgrind():
    """A copy of weatherd without DWARF (valgrind 3.19 cannot read the DWARF 5 Swift 6 emits; the symbol
    table stays) and the sigsuspend shim (bench/vg-sigsuspend.c) valgrind 3.19 needs for Swift's async main."""
    directory = os.path.join(common.OUT, "bin")
    os.makedirs(directory, exist_ok=True)
    binary = os.path.join(directory, "weatherd-nodebug")
    subprocess.run(["objcopy", "--strip-debug", common.WEATHERD, binary], check=True)
    shim = os.path.join(directory, "vg-sigsuspend.so")
    cc = shutil.which("cc") or shutil.which("gcc")
    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", shim, os.path.join(common.BENCH_DIR, "vg-sigsuspend.c")],
                   check=True)
    return binary, shim


def run_callgrind(server, warmup, fetches, lines):
    state_dir = os.path.join(common.WORKDIR, "profile-callgrind")
    shutil.rmtree(state_dir, ignore_errors=True)
    os.makedirs(state_dir)
    for old in os.listdir(PROFILE_DIR):
        if old.startswith("callgrind.out"):
            os.unlink(os.path.join(PROFILE_DIR, old))
    out = os.path.join(PROFILE_DIR, "callgrind.out")
    notify = NotifySocket()
    notify.start_draining()
    binary, shim = prepare_valgrind()
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--separate-threads=no",
            "--dump-instr=no", "--vgdb=yes"] + [binary] + daemon_argv(server, state_dir)[1:]
    log("callgrind: " + " ".join(argv))
    stderr = open(os.path.join(PROFILE_DIR, "callgrind.stderr"), "w")
    env = common.clean_env({"NOTIFY_SOCKET": notify.path, "LD_PRELOAD": shim})
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    state = os.path.join(state_dir, "state.json")
    try:
        wait_fetches(state, warmup, proc, 600)
        subprocess.run(["callgrind_control", "-z", str(proc.pid)], check=True, capture_output=True, timeout=60)
        t0, f0, s0 = state_counts(state)
        wait_fetches(state, f0 + fetches, proc, 1800)
        subprocess.run(["callgrind_control", "-d", str(proc.pid)], check=True, capture_output=True, timeout=60)
        t1, f1, s1 = state_counts(state)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        stderr.close()
        notify.close()
        shutil.rmtree(state_dir, ignore_errors=True)
    dumps = sorted(p for p in os.listdir(PROFILE_DIR) if p.startswith("callgrind.out.") and p[-1].isdigit())
    # The -d dump is "<out>.1"; "<out>" itself holds what came after it (shutdown).
    window = os.path.join(PROFILE_DIR, dumps[0]) if dumps else out
    fetched = f1 - f0
    lines.append(f"callgrind window: ticks {t0}→{t1} ({t1 - t0} ticks, {s1 - s0} skipped under valgrind), "
                 f"{fetched} fetches; dump {os.path.relpath(window, common.ROOT)}")
    if t1 - t0 > fetched:
        lines.append(f"  {t1 - t0 - fetched} ticks were not fetches: their work is in the figures per fetch "
                     f"(a longer PROFILE_INTERVAL than {INTERVAL} makes every tick a fetch)")
    annotate = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=99.5", window],
                              capture_output=True, text=True)
    annotated = os.path.join(PROFILE_DIR, "callgrind_annotate.inclusive.txt")
    with open(annotated, "w") as f:
        f.write(demangle_text(annotate.stdout))
    lines.append(f"callgrind_annotate --inclusive=yes (demangled): {os.path.relpath(annotated, common.ROOT)}")
    result = summarize_callgrind(window, fetched, lines)
    result.update({"ticks": t1 - t0, "skipped": s1 - s0})
    return result


def demangle_text(text):
    swift = shutil.which("swift")
    if not swift:
        return text
    try:
        return subprocess.run([swift, "demangle", "--simplified"], input=text, capture_output=True, text=True,
                              timeout=300).stdout
    except (OSError, subprocess.SubprocessError):
        return text


def run_perf(server, seconds, lines):
    probe = subprocess.run(["perf", "record", "-N", "-e", "cpu-clock", "-o", "/dev/null", "--", "true"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        lines.append("perf: `perf record -e cpu-clock` does not work here; skipped")
        return None
    hw = subprocess.run(["perf", "stat", "-e", "instructions", "true"], capture_output=True, text=True)
    hardware = "<not supported>" not in hw.stderr and hw.returncode == 0
    # A private copy, so a rebuild of .build/release/weatherd between record and report cannot
    # change the symbols under perf's feet; -N keeps perf from filling ~/.debug with copies.
    copy = os.path.join(PROFILE_DIR, "weatherd-perf")
    shutil.copy2(common.WEATHERD, copy)
    common.WEATHERD = copy
    # Files as bench/run.py lays them out (state file on tmpfs, cache in its directory).
    daemon = Daemon("perf", Contender("weatherd", common.WEATHERD, configs.every_tick_config()), server.base_url)
    data = os.path.join(PROFILE_DIR, "perf.data")
    try:
        daemon.start()
        daemon.wait_ticks(300)
        for old in ("perf.data", "perf.data.old"):
            if os.path.exists(os.path.join(PROFILE_DIR, old)):
                os.unlink(os.path.join(PROFILE_DIR, old))
        t0, f0, _ = state_counts(daemon.state_path)
        subprocess.run(["perf", "record", "-N", "-e", "cpu-clock", "-F", "999", "--call-graph", "dwarf,8192",
                        "-o", data, "-p", str(daemon.pid), "--", "sleep", str(seconds)],
                       check=True, capture_output=True, timeout=seconds + 120)
        t1, f1, _ = state_counts(daemon.state_path)
    finally:
        daemon.stop()
        daemon.remove_files()
        remove_runtime_dir()
    fetches = f1 - f0
    lines.append("")
    lines.append(f"perf record -e cpu-clock -F 999 --call-graph dwarf (hardware counters: "
                 f"{'yes' if hardware else 'not in this VM'}), {seconds} s native at 10 ms: {fetches} fetches; "
                 f"{os.path.relpath(data, common.ROOT)}")
    reports = {}
    for name, extra in (("dso", ["--no-children", "--sort", "dso"]),
                        ("symbol", ["--no-children", "--sort", "dso,sym"]),
                        ("children", ["--children", "--sort", "sym"])):
        out = subprocess.run(["perf", "report", "-i", data, "--stdio", "--no-inline", "-g", "none",
                              "--percent-limit", "0.5"] + extra, capture_output=True, text=True, timeout=900).stdout
        out = demangle_text(out)
        path = os.path.join(PROFILE_DIR, f"perf.{name}.txt")
        with open(path, "w") as f:
            f.write(out)
        reports[name] = [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("#")][:25]
    syscalls = [ln for ln in demangle_text(subprocess.run(
        ["perf", "report", "-i", data, "--stdio", "--no-inline", "-g", "none", "--children", "--sort", "sym",
         "--percent-limit", "0.3"], capture_output=True, text=True, timeout=900).stdout).splitlines()
        if re.search(r"\b(__x64_sys_|__do_sys_)\w+|\b(do_fsync|vfs_fsync_range|ext4_sync_file|jbd2_|"
                     r"tcp_sendmsg|tcp_recvmsg|unix_dgram_sendmsg|futex_wake|futex_wait|schedule|"
                     r"exit_to_user_mode|asm_sysvec|irq_exit)\b", ln)]
    reports["syscalls"] = syscalls[:30]
    with open(os.path.join(PROFILE_DIR, "perf.syscalls.txt"), "w") as f:
        f.write("\n".join(syscalls) + "\n")
    lines.append("perf: kernel entry points and hot kernel paths (children = inclusive, % of samples):")
    lines.extend("  " + ln.strip()[:140] for ln in syscalls[:25])
    lines.append("perf by shared object (self, % of weatherd's samples):")
    lines.extend("  " + ln.strip()[:140] for ln in reports["dso"][:14])
    lines.append("perf top symbols (self):")
    lines.extend("  " + ln.strip()[:160] for ln in reports["symbol"][:25])
    lines.append("perf top symbols (children = inclusive):")
    lines.extend("  " + ln.strip()[:160] for ln in reports["children"][:25])
    return {"fetches": fetches, "seconds": seconds, "reports": reports, "hardware_counters": hardware}


def main():
    # SIGTERM/SIGINT unwind through the finally blocks, so the servers and daemons started here stop too.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    parser = argparse.ArgumentParser(description="Profile weatherd per tick (callgrind, perf).")
    parser.add_argument("--fetches", type=int, default=int(os.environ.get("PROFILE_FETCHES", 300)))
    parser.add_argument("--warmup", type=int, default=int(os.environ.get("PROFILE_WARMUP", 30)))
    parser.add_argument("--perf-seconds", type=int, default=int(os.environ.get("PROFILE_PERF_SECONDS", 20)))
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--no-perf", action="store_true")
    args = parser.parse_args()
    if not os.path.exists("/run/systemd/journal/socket"):
        print("profile: no journald socket: run inside scripts/with-journald", file=sys.stderr)
        return 2
    os.makedirs(PROFILE_DIR, exist_ok=True)
    lines = [f"weatherd profile — {time.strftime('%Y-%m-%dT%H:%M:%S%z')}, load avg {common.loadavg()}"]
    summary = {"loadavg_start": common.loadavg()}
    fake, server = start_servers()
    try:
        if not args.no_callgrind:
            summary["callgrind"] = run_callgrind(server, args.warmup, args.fetches, lines)
        if not args.no_perf:
            summary["perf"] = run_perf(server, args.perf_seconds, lines)
    finally:
        server.stop()
        fake.stop()
    summary["loadavg_end"] = common.loadavg()
    lines.append("")
    lines.append(f"load avg at end {summary['loadavg_end']}")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(PROFILE_DIR, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(PROFILE_DIR, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
