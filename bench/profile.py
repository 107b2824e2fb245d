#!/usr/bin/env python3
"""bench/profile.py — where weatherd's CPU goes per tick.

Run as root inside a private journald, after `make bench` (or `make build` and
`swift build -c release --product fake-open-meteo`):

    scripts/with-journald python3 bench/profile.py            # callgrind + perf
    scripts/with-journald python3 bench/profile.py --no-perf

callgrind: the release weatherd under `valgrind --tool=callgrind` against
bench/server.py at --interval 10ms (journal, durable state file on disk). The
counters are zeroed after PROFILE_WARMUP fetches (callgrind_control -z) and
dumped after PROFILE_FETCHES more (callgrind_control -d), so start-up and
shutdown are not in the profile. Instructions (Ir), all threads together.
Under valgrind a fetch takes longer than 10 ms, so many ticks are skipped; a
skipped tick costs next to nothing, so the figures are per *fetch*.

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
from collections import defaultdict

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import run as bench  # noqa: E402

PROFILE_DIR = os.path.join(bench.OUT, "profile")


def log(message):
    print(f"[profile {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# callgrind output parsing


def parse_callgrind(path):
    """Self and inclusive Ir per function (all threads), the object of each function, and the total."""
    names = {"fn": {}, "ob": {}, "fl": {}}
    fn_object = {}
    self_cost = defaultdict(int)
    call_cost = defaultdict(int)  # caller -> cost of calls it makes (inclusive of callees)
    calls = defaultdict(lambda: defaultdict(int))  # caller -> callee -> inclusive cost
    call_counts = defaultdict(int)  # callee -> number of calls
    current_ob = current_fn = None
    callee = None
    pending_call = False
    total = None
    compressed = re.compile(r"^\((\d+)\)(?:\s+(.*))?$")

    def resolve(kind, text):
        m = compressed.match(text.strip())
        if not m:
            return text.strip()
        key, name = m.group(1), m.group(2)
        if name is not None:
            names[kind][key] = name
            return name
        return names[kind].get(key, f"({key})")

    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                parts = line.split()
                cost = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
                if pending_call:
                    call_cost[current_fn] += cost
                    calls[current_fn][callee] += cost
                    pending_call = False
                else:
                    self_cost[current_fn] += cost
                continue
            key, _, value = line.partition("=")
            if key == "ob":
                current_ob = resolve("ob", value)
            elif key == "fn":
                current_fn = resolve("fn", value)
                fn_object.setdefault(current_fn, current_ob)
            elif key == "cob":
                resolve("ob", value)
            elif key in ("fl", "fi", "fe", "cfi", "cfl"):
                resolve("fl", value)
            elif key == "cfn":
                callee = resolve("fn", value)
            elif key == "calls":
                pending_call = True
                call_counts[callee] += int(value.split()[0])
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    inclusive = {fn: self_cost[fn] + call_cost[fn] for fn in set(self_cost) | set(call_cost)}
    if total is None:
        total = sum(self_cost.values())
    return {"self": dict(self_cost), "inclusive": inclusive, "object": fn_object, "total": total, "calls": calls,
            "call_counts": call_counts}


def demangle(names, simplified=True):
    """Swift-demangled names (C and C++ names pass through); simplified drops modules and signatures."""
    swift = shutil.which("swift")
    if not swift or not names:
        return {n: n for n in names}
    argv = [swift, "demangle", "--compact"] + (["--simplified"] if simplified else [])
    ordered = list(names)
    try:
        result = subprocess.run(argv, input="\n".join(ordered) + "\n", capture_output=True, text=True, timeout=300)
        out = result.stdout.split("\n")
        if len(out) >= len(ordered):
            return {n: out[i] for i, n in enumerate(ordered)}
    except (OSError, subprocess.SubprocessError):
        pass
    return {n: n for n in ordered}


def short_object(path):
    return os.path.basename(path or "?")


# Owner categories, tested in order on "<object>|<fully demangled name>". A function that matches none
# (Swift runtime, libc, generic stdlib code) is charged to the categories of its callers, in proportion
# to what each caller's calls to it cost; so malloc or String.append called by the state encoder count
# as state encoding, and the groups add up to 100%.
CATEGORIES = [
    ("journal send (JournalLogHandler, sd_journal_sendv)",
     r"libsystemd|\bsd_journal|Systemd\.JournalLogHandler|Systemd\.JournalField|Systemd\.StderrLogHandler"),
    ("systemd notify (STATUS= line, sd_notify)", r"\bsd_notify|\bsd_pid_notify|Systemd\.ServiceNotifier|"
     r"WeatherService\.statusLine"),
    ("logging metadata building (swift-log, logWeather)", r"\|Logging\.|WeatherService\.logWeather|"
     r"WeatherService\.locationMetadata|WeatherService\.logFailure|WeatherService\.logFromCache"),
    ("state snapshot + encode + file write", r"StateStore\.|WeatherService\.writeState|WeatherService\.makeSnapshot|"
     r"WeatherState\.snapshot|WeatherService\.writeTextfile"),
    ("Date/time", r"WeatherCore\.Timestamp|WeatherCore\.CivilDate|clock_gettime|__vdso|ContinuousClock|"
     r"Foundation(Essentials)?\.Date\b|DispatchTime|\bgettimeofday"),
    ("JSON decode (ForecastScanner) + map", r"JSONDecoder|JSONScanner|JSONMap|JSONDecoderImpl|"
     r"OpenMeteo\.ForecastDecoder|OpenMeteo\.ForecastScanner|ForecastResponseDTO|CurrentDTO|UnitsDTO|WeatherCore\.Weather\.init|WMOCode"),
    ("HTTP client / NIO (AsyncHTTPClient, URL, request)", r"libNIO|NIOCore\.|NIOPosix\.|NIOHTTP1\.|NIOSSL|"
     r"NIOConcurrencyHelpers|NIOHTTP2|NIOTLS|NIOExtras|AsyncHTTPClient\.|OpenMeteo\.OpenMeteoClient|"
     r"OpenMeteo\.HTTPGetter|OpenMeteo\.BoundedBodyCollector|OpenMeteo\.ForecastEndpoint|OpenMeteo\.FetchError|"
     r"\bc_nio|CNIO|llhttp"),
    ("Foundation/ICU (other than JSON)", r"libFoundation|lib_FoundationICU|libicu|\bicu_\d+::|"
     r"(?:^|[|\s(<])(?:FoundationEssentials|FoundationInternationalization|Foundation|_FoundationICU)\."),
    ("Dispatch/Task scheduling", r"libdispatch|libswift_Concurrency|libswiftDispatch|\bswift_task|\bswift_job|"
     r"\b_dispatch|\bdispatch_|\|Dispatch\.|WeatherDaemon\.DispatchTickSource|swift_continuation|"
     r"\bswift_asyncLet|_Concurrency\.|swift::(?:runJob|\w*Executor|AsyncTask|TaskGroup|Job\b)"),
    ("daemon logic (tick, complete, state update)", r"WeatherDaemon\.|WeatherCore\.|weatherd\."),
]

# Inclusive anchors on simplified names (overlapping; the largest matching function is shown).
_P = r"^(?:specialized |static |merged |protocol witness for )*"
ANCHORS = [
    ("WeatherService.tick() (timer fire: rotation, start the fetch task)", _P + r"WeatherService\.tick\(\)$"),
    ("WeatherService.complete() (record, log, write state, notify)", _P + r"WeatherService\.complete\("),
    ("  logWeather (metadata + Logger.log)", _P + r"WeatherService\.logWeather\("),
    ("    JournalLogHandler.log (field names, merge, sort, send)", _P + r"JournalLogHandler\.log\(event:\)$"),
    ("      sd_journal_sendv (libsystemd)", r"^sd_journal_sendv$"),
    ("  writeState (snapshot + encode + write)", _P + r"WeatherService\.writeState\(\)$"),
    ("    StateEncoder.encode", _P + r"StateEncoder\.encode\(_:\)$"),
    ("      JSONWriter.appendEscaped", _P + r"JSONWriter\.appendEscaped\("),
    ("    AtomicFile.write (syscalls, user side)", _P + r"AtomicFile\.write\(_:to:mode:durable:\)$"),
    ("  statusLine + sd_notify", _P + r"WeatherService\.finishTick|" + _P + r"ServiceNotifier\.status\("),
    ("ForecastDecoder.decode (JSON decode + map)", _P + r"ForecastDecoder\.decode\b"),
    ("  ForecastScanner.scan (the body, one pass)", _P + r"ForecastScanner\.scan\b"),
    ("ForecastEndpoint.url (query string)", _P + r"ForecastEndpoint\.url\b"),
    ("HTTPClient.execute (request setup)", _P + r"HTTPClient\.execute\b"),
    ("NIO event-loop thread (SelectableEventLoop.run)", _P + r"SelectableEventLoop\.run\(\)$"),
    ("Timestamp.rfc3339", _P + r"Timestamp\.rfc3339\.getter$"),
    ("malloc + free", r"^(malloc|free|cfree)$"),
    ("swift_retain + swift_release", r"^swift_(retain|release)$"),
]


# Categories whose functions keep only what they do for these callers' categories and own the rest
# (Foundation called by JSONDecoder is JSON decoding; Foundation called by AsyncHTTPClient's URL parsing
# is Foundation).
WEAK = {"Foundation/ICU (other than JSON)": {"JSON decode (ForecastScanner) + map"}}
UNATTRIBUTED = "thread entry / runtime with no owner (Dispatch, Task threads)"


def attribute(data, full, categories):
    """Self cost charged to owner categories (uncategorised functions inherit from their callers)."""
    compiled = [(name, re.compile(pattern)) for name, pattern in categories]
    callers = defaultdict(dict)
    for caller, callees in data["calls"].items():
        for callee, cost in callees.items():
            if caller != callee:
                callers[callee][caller] = callers[callee].get(caller, 0) + cost

    def own(fn):
        base = re.sub(r"'\d+$", "", fn or "")
        label = f"{data['object'].get(fn) or ''}|{full.get(base, base)}"
        for name, pattern in compiled:
            if pattern.search(label):
                return name
        return None

    memo = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 200000))

    def dist(fn, stack):
        if fn in memo:
            return memo[fn]
        category = own(fn)
        if category and category not in WEAK:
            memo[fn] = {category: 1.0}
            return memo[fn]
        incoming = callers.get(fn, {})
        total = sum(incoming.values())
        if total <= 0 or fn in stack:
            return {category or UNATTRIBUTED: 1.0}
        stack.add(fn)
        result = defaultdict(float)
        for caller, cost in incoming.items():
            for inherited, share in dist(caller, stack).items():
                result[inherited] += share * cost / total
        stack.discard(fn)
        if category in WEAK:
            kept = {k: v for k, v in result.items() if k in WEAK[category]}
            rest = 1.0 - sum(kept.values())
            result = dict(kept)
            if rest > 1e-12:
                result[category] = rest
        memo[fn] = dict(result)
        return memo[fn]

    charged = defaultdict(float)
    examples = defaultdict(lambda: defaultdict(float))
    for fn, cost in data["self"].items():
        for category, share in dist(fn, set()).items():
            charged[category] += cost * share
            examples[category][fn] += cost * share
    return charged, examples


def summarize_callgrind(path, fetches, out_lines):
    data = parse_callgrind(path)
    names = sorted({re.sub(r"'\d+$", "", n) for n in set(data["inclusive"]) | set(data["self"]) if n})
    pretty = demangle(names)
    full = demangle(names, simplified=False)

    def show(fn):
        base = re.sub(r"'\d+$", "", fn or "")
        return pretty.get(base, base)

    total = data["total"]
    completes = sum(n for fn, n in data["call_counts"].items()
                    if re.search(r"^WeatherService\.complete\(", show(fn)))
    if fetches is None:
        fetches = completes
    per = max(fetches, 1)
    result = {"total_ir": total, "fetches": fetches, "ir_per_fetch": total / per,
              "complete_calls_in_dump": completes}
    out_lines.append(f"fetches in the window: {fetches} (state file); WeatherService.complete called {completes} "
                     "times in the dump")
    out_lines.append(f"callgrind: {total:,} Ir over {fetches} fetches = {total / per:,.0f} Ir per fetch "
                     "(all threads, user space only; instructions, not time)")

    charged, examples = attribute(data, full, CATEGORIES)
    out_lines.append("")
    out_lines.append("by owner (self cost; Swift runtime, libc and stdlib charged to their callers; sums to 100%)")
    result["by_owner"] = {}
    for category, cost in sorted(charged.items(), key=lambda kv: -kv[1]):
        out_lines.append(f"  {cost * 100 / total:5.1f}%  {cost / per:>10,.0f} Ir/fetch  {category}")
        top = sorted(examples[category].items(), key=lambda kv: -kv[1])[:3]
        for fn, c in top:
            out_lines.append(f"                   {c / per:>10,.0f}  {show(fn)[:100]}")
        result["by_owner"][category] = {"ir_per_fetch": cost / per, "percent": cost * 100 / total,
                                        "top_self": [[show(fn), c / per] for fn, c in top]}

    out_lines.append("")
    out_lines.append("inclusive cost of entry points (nested ones are part of the line above them)")
    result["anchors"] = {}
    for label, pattern in ANCHORS:
        regex = re.compile(pattern)
        matches = [(fn, cost) for fn, cost in data["inclusive"].items() if regex.search(show(fn))]
        if not matches:
            continue
        if label.startswith("malloc") or label.startswith("swift_retain"):
            cost = sum(c for _, c in matches)
            fn = " + ".join(sorted({show(f) for f, _ in matches}))
        else:
            fn, cost = max(matches, key=lambda kv: kv[1])
            fn = show(fn)
        out_lines.append(f"  {cost * 100 / total:5.1f}%  {cost / per:>10,.0f} Ir/fetch  {label}")
        result["anchors"][label.strip()] = {"ir_per_fetch": cost / per, "percent": cost * 100 / total,
                                            "function": fn}

    by_obj = defaultdict(int)
    for fn, cost in data["self"].items():
        by_obj[short_object(data["object"].get(fn))] += cost
    out_lines.append("")
    out_lines.append("self cost by shared object")
    result["self_by_object"] = {}
    for obj, cost in sorted(by_obj.items(), key=lambda kv: -kv[1])[:10]:
        out_lines.append(f"  {cost * 100 / total:5.1f}%  {cost / per:>10,.0f} Ir/fetch  {obj}")
        result["self_by_object"][obj] = cost / per

    for kind, count, name in (("inclusive", 40, "inclusive cost"), ("self", 25, "self cost")):
        out_lines.append("")
        out_lines.append(f"top {count} functions by {name} (Ir per fetch)")
        result[f"top_{kind}"] = []
        for fn, cost in sorted(data[kind].items(), key=lambda kv: -kv[1])[:count]:
            obj = short_object(data["object"].get(fn))
            out_lines.append(f"  {cost * 100 / total:5.1f}%  {cost / per:>10,.0f}  {show(fn)[:110]}  [{obj}]")
            result[f"top_{kind}"].append([show(fn), cost / per, obj])
    return result


def resummarize(path, fetches):
    """Re-reads an existing dump (for tuning the grouping without re-running valgrind)."""
    lines = []
    summarize_callgrind(path, fetches, lines)
    print("\n".join(lines))


# --------------------------------------------------------------------------


def start_servers():
    os.makedirs(bench.OUT, exist_ok=True)
    fake = bench.Server(
        "profile-fake-open-meteo",
        [bench.FAKE, "--port", "0", "--port-file", os.path.join(bench.OUT, "pfake.port"), "--mode", "realistic"],
        os.path.join(bench.OUT, "pfake.port"),
    )
    headers, body, _ = bench.fetch_realistic_body(fake.base_url)
    server = bench.Server(
        "profile-server",
        [sys.executable, "-B", os.path.join(bench.BENCH_DIR, "server.py"), "--body", body, "--headers", headers,
         "--port-file", os.path.join(bench.OUT, "pserver.port")],
        os.path.join(bench.OUT, "pserver.port"),
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
            raise bench.BenchError("weatherd exited under the profiler")
        time.sleep(0.1)
    raise bench.BenchError(f"{target} fetches not reached in {timeout} s")


def daemon_argv(server, state_dir):
    # The cache in the same directory (as root it would default to /var/lib/weatherd/cache.json).
    return [bench.WEATHERD, "run", "--config", bench.CONFIG, "--state-file", os.path.join(state_dir, "state.json"),
            "--cache-file", os.path.join(state_dir, "cache.json"),
            "--api-url", server.base_url, "--interval", "10ms", "--log-target", "journal"]


def prepare_valgrind():
    """A copy of weatherd without DWARF (valgrind 3.19 cannot read the DWARF 5 Swift 6 emits; the symbol
    table stays) and the sigsuspend shim (bench/vg-sigsuspend.c) valgrind 3.19 needs for Swift's async main."""
    directory = os.path.join(bench.OUT, "bin")
    os.makedirs(directory, exist_ok=True)
    binary = os.path.join(directory, "weatherd-nodebug")
    subprocess.run(["objcopy", "--strip-debug", bench.WEATHERD, binary], check=True)
    shim = os.path.join(directory, "vg-sigsuspend.so")
    cc = shutil.which("cc") or shutil.which("gcc")
    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", shim, os.path.join(bench.BENCH_DIR, "vg-sigsuspend.c")],
                   check=True)
    return binary, shim


def run_callgrind(server, warmup, fetches, lines):
    state_dir = os.path.join(bench.WORKDIR, "profile-callgrind")
    shutil.rmtree(state_dir, ignore_errors=True)
    os.makedirs(state_dir)
    for old in os.listdir(PROFILE_DIR):
        if old.startswith("callgrind.out"):
            os.unlink(os.path.join(PROFILE_DIR, old))
    out = os.path.join(PROFILE_DIR, "callgrind.out")
    notify = bench.NotifySocket()
    notify.start_draining()
    binary, shim = prepare_valgrind()
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--separate-threads=no",
            "--dump-instr=no", "--vgdb=yes"] + [binary] + daemon_argv(server, state_dir)[1:]
    log("callgrind: " + " ".join(argv))
    stderr = open(os.path.join(PROFILE_DIR, "callgrind.stderr"), "w")
    env = bench.clean_env({"NOTIFY_SOCKET": notify.path, "LD_PRELOAD": shim})
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
                 f"{fetched} fetches; dump {os.path.relpath(window, bench.ROOT)}")
    annotate = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=99.5", window],
                              capture_output=True, text=True)
    annotated = os.path.join(PROFILE_DIR, "callgrind_annotate.inclusive.txt")
    with open(annotated, "w") as f:
        f.write(demangle_text(annotate.stdout))
    lines.append(f"callgrind_annotate --inclusive=yes (demangled): {os.path.relpath(annotated, bench.ROOT)}")
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
    shutil.copy2(bench.WEATHERD, copy)
    bench.WEATHERD = copy
    # Files as bench/run.py lays them out (state file on tmpfs, cache in its directory).
    daemon = bench.Daemon("perf", bench.Contender("weatherd", bench.WEATHERD, bench.CONFIG), server.base_url)
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
        bench.remove_runtime_dir()
    fetches = f1 - f0
    lines.append("")
    lines.append(f"perf record -e cpu-clock -F 999 --call-graph dwarf (hardware counters: "
                 f"{'yes' if hardware else 'not in this VM'}), {seconds} s native at 10 ms: {fetches} fetches; "
                 f"{os.path.relpath(data, bench.ROOT)}")
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
    lines = [f"weatherd profile — {time.strftime('%Y-%m-%dT%H:%M:%S%z')}, load avg {bench.loadavg()}"]
    summary = {"loadavg_start": bench.loadavg()}
    fake, server = start_servers()
    try:
        if not args.no_callgrind:
            summary["callgrind"] = run_callgrind(server, args.warmup, args.fetches, lines)
        if not args.no_perf:
            summary["perf"] = run_perf(server, args.perf_seconds, lines)
    finally:
        server.stop()
        fake.stop()
    summary["loadavg_end"] = bench.loadavg()
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
