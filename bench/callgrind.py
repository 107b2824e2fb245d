"""bench/callgrind.py — callgrind's output read (its compressed names resolved) and grouped for
bench/profile.py: self and inclusive cost per function, the self cost charged to owner categories, the
inclusive cost of entry points, by shared object. scripts/link-order reads `parse_callgrind` through
bench/profile.py."""

import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict


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
     r"WeatherLoop\.statusLine"),
    ("logging metadata building (swift-log, logWeather)", r"\|Logging\.|WeatherLoop\.logWeather|"
     r"WeatherLoop\.locationMetadata|WeatherLoop\.logFailure|WeatherLoop\.logShown"),
    ("state snapshot + encode + file write", r"StateStore\.|WeatherDaemon\.StateOutput|WeatherLoop\.publish|"
     r"WeatherLoop\.snapshot|Planner\.snapshot"),
    ("Date/time", r"WeatherCore\.Timestamp|WeatherCore\.CivilDate|clock_gettime|__vdso|ContinuousClock|"
     r"Foundation(Essentials)?\.Date\b|DispatchTime|\bgettimeofday"),
    ("JSON decode (JSONDecoder) + map", r"JSONDecoder|JSONScanner|JSONMap|JSONDecoderImpl|"
     r"OpenMeteo\.ForecastDecoder|ForecastResponseDTO|CurrentDTO|UnitsDTO|WeatherCore\.Weather\.init|WMOCode"),
    ("HTTP client / NIO (AsyncHTTPClient, URL, request)", r"libNIO|NIOCore\.|NIOPosix\.|NIOHTTP1\.|NIOSSL|"
     r"NIOConcurrencyHelpers|NIOHTTP2|NIOTLS|NIOExtras|AsyncHTTPClient\.|OpenMeteo\.OpenMeteoClient|"
     r"OpenMeteo\.HTTPGetter|OpenMeteo\.ForecastEndpoint|OpenMeteo\.FetchError|"
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
    ("WeatherLoop.tick (rotation, the fetch asked for, journal entry, snapshot)", _P + r"WeatherLoop\.tick\("),
    ("WeatherLoop.finish (record, log, snapshot, cache)", _P + r"WeatherLoop\.finish\("),
    ("  logWeather (metadata)", _P + r"WeatherLoop\.logWeather\("),
    ("    JournalLogHandler.log (field names, merge, sort, send)", _P + r"JournalLogHandler\.log\(event:\)$"),
    ("      sd_journal_sendv (libsystemd)", r"^sd_journal_sendv$"),
    ("  StateOutput.write (encode + write)", _P + r"StateOutput\.write\("),
    ("    StateEncoder.encodedText", _P + r"StateEncoder\.encodedText\(_:\)$"),
    ("      JSONWriter.appendEscaped", _P + r"JSONWriter\.appendEscaped\("),
    ("    AtomicFile.write (syscalls, user side)", _P + r"AtomicFile\.write\(gathering:to:mode:durable:\)$"),
    ("  statusLine + sd_notify", _P + r"WeatherLoop\.statusLine|" + _P + r"ServiceNotifier\.status\("),
    ("ForecastDecoder.decode (JSON decode + map)", _P + r"ForecastDecoder\.decode\b"),
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
WEAK = {"Foundation/ICU (other than JSON)": {"JSON decode (JSONDecoder) + map"}}
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
                    if re.search(r"^(?:specialized )?WeatherLoop\.finish\(", show(fn)))
    if fetches is None:
        fetches = completes
    per = max(fetches, 1)
    result = {"total_ir": total, "fetches": fetches, "ir_per_fetch": total / per,
              "complete_calls_in_dump": completes}
    out_lines.append(f"fetches in the window: {fetches} (state file); WeatherLoop.finish called {completes} "
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
