"""bench/skew.py — the real-interval run with the host's clock off the API's (docs/fetching.md, "The API's clock,
not the host's").

Two more `refresh: auto` daemons join the real-interval run of bench/run.py (bench/realtime.py), each against
its own look-alike whose clock — its `Date` headers and the data periods it serves (`current.time`) — runs
SKEW_S seconds ahead of the host's (the host 4 minutes behind) or behind it (the host 4 minutes ahead):
`fake-open-meteo --clock-offset ±240`. The look-alike's request log carries the host's time, so its requests
are counted per location and data period on the look-alike's own clock (log time + offset), over whole
periods of that clock after every location's first fetch; the first requests, while the daemon confirms
the offset (two agreeing `Date` samples), come before that window. Each should show what the run without
skew shows: one request per location per data period.
"""

SKEW_S = 240
# (the look-alike's --clock-offset, the label of the daemon in the run)
SKEWS = ((SKEW_S, "auto-host-behind"), (-SKEW_S, "auto-host-ahead"))
COMPARED = ("auto",) + tuple(label for _, label in SKEWS)  # "auto": the daemon without skew
WANT = 1.0


def clock_name(offset):
    """How the host's clock stands to a look-alike `offset` seconds ahead of it."""
    if not offset:
        return "no skew"
    return f"host {abs(offset) / 60:g} min {'behind' if offset > 0 else 'ahead'}"


def contenders(contender_class, binary, config):
    """The skewed daemons: this build, the default configuration, each with its look-alike's clock offset."""
    return [contender_class(label, binary, config, "auto", clock_offset=offset) for offset, label in SKEWS]


def api_window(w0, span, offset, data_interval):
    """The counting window on a look-alike's clock: the first whole data period of its clock that starts
    at or after the host's `w0`, and `span` on; and where it starts on the host's clock."""
    start = -(-(w0 + offset) // data_interval) * data_interval
    return start, start + span, start - offset


def on_api_clock(entries, offset):
    """Request log entries (host time) with their time on the look-alike's clock."""
    return [dict(e, t=e["t"] + offset) for e in entries]


def by_location(entries, origin):
    """Every request's time (look-alike's clock, s after `origin`), per location, for the JSON: where
    a daemon missed a period or asked twice, these show when."""
    times = {}
    for e in entries:
        times.setdefault(e["location"], []).append(round(e["t"] - origin, 1))
    return dict(sorted(times.items()))


def summary(realtime):
    """Per clock, the `refresh: auto` daemons of the real-interval run side by side: requests per location
    per data period, location-periods without a request and with two or more."""
    clocks = {}
    for label in COMPARED:
        c = realtime["contenders"].get(label)
        if c is None:
            continue
        q = c["requests"]
        ok = q["per_location_period"] == WANT and q["missed"] == 0 and q["twice"] == 0
        clocks[clock_name(c.get("clock_offset_s", 0))] = {
            "label": label, "clock_offset_s": c.get("clock_offset_s", 0),
            "per_location_period": q["per_location_period"], "missed": q["missed"], "twice": q["twice"],
            "requests": q["requests"], "locations": q["locations"], "periods": q["periods"],
            "ok": ok,
            # When it is not one per period: every request of the run, to see when it came.
            "requests_by_location": None if ok else c.get("requests_by_location"),
        }
    return {"want": WANT, "skew_s": SKEW_S, "data_interval_s": realtime["data_interval_s"], "clocks": clocks}


def lines(skew):
    """The summary's lines: the figure per clock, and each off clock's requests when one is not 1.0."""
    clocks = skew["clocks"]
    if not clocks:
        return []

    def per(c):
        return "n/a" if c["per_location_period"] is None else f"{c['per_location_period']:.2f}"

    out = ["requests per location per data period: "
           + ", ".join(f"{name} {per(c)}" for name, c in clocks.items()) + f" (want {skew['want']:.1f})",
           "  location-periods without a request / with two or more: "
           + ", ".join(f"{name} {c['missed']} / {c['twice']}" for name, c in clocks.items())]
    for name, c in clocks.items():
        if not c["ok"]:
            out.append(f"  NOT {skew['want']:.1f} with {name}: every request of the run per location, s after the"
                       f" window's start on the look-alike's clock ({c['periods']} periods of"
                       f" {skew['data_interval_s']} s from 0):")
            for location, times in (c["requests_by_location"] or {}).items():
                out.append(f"    {location}: " + " ".join(f"{t:g}" for t in times))
    return out
