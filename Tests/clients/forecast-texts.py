#!/usr/bin/env python3
"""Checks weatherd's forecast texts against state files, worked out here on their own:

  forecast-texts.py text T0 T1 STATE...          < texts, one a line (as a bar shows them)
  forecast-texts.py waybar LOCATION T0 T1 STATE... < one `status --format waybar` line

The bar's text is expected from the template clients-e2e gives `--text`:
`{icon} {temperature:.1}{unit} {name} · {precipitation_probability_6h}%` — any icon, the temperature
with one decimal (rounded half away from zero on its shortest decimal form, as weatherd does), the
location's name, the highest precipitation probability of its next 6 hours. `waybar` checks the
line's text for LOCATION, its tooltip (the location first, its next hours on one line: a sparkline
and the range, the rain when an hour coming is wet; one row per coming day, in order, with its
weekday, high and low, and probability) and `rain-soon` in its class as the state's nowcast says.

What the reader saw was read between T0 and T1 (Unix seconds, the reader's clock) and comes from one
of the STATE files (copies taken before and after): a value is right when it is what one of them says
at T0 or T1 (an hour or a quarter hour may turn in between). Pango entities (&amp; …) are read as the
characters they stand for, its tags (`<tt>`) left out. Prints a one-line summary; exits 1, the problems printed, when one is wrong."""
import datetime
import json
import re
import sys
from decimal import ROUND_HALF_UP, Decimal
from xml.sax.saxutils import unescape

SPARKS = "▁▂▃▄▅▆▇█"
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
FIGURE_SPACE = "\u2007"


def fixed(value, decimals):
    """weatherd's DecimalText.fixed: half away from zero on the shortest decimal form, never -0."""
    if value is None:
        return ""
    text = str(Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))
    return text[1:] if text.startswith("-") and not re.search(r"[1-9]", text) else text


def seconds(stamp):
    return datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp()


class Moment:
    """One state file read at one time of the reader's clock."""

    def __init__(self, state, reader_time):
        self.state = state
        self.now = reader_time + state["daemon"].get("api_clock_offset_seconds", 0)

    def entry(self, key, value):
        return next((entry for entry in self.state["locations"] if entry[key] == value), None)

    def hours(self, entry):
        forecast = entry.get("forecast") or {}
        hours = [hour for hour in forecast.get("hourly") or [] if seconds(hour["time"]) > self.now]
        return sorted(hours, key=lambda hour: hour["time"])

    def days(self, entry):
        forecast = entry.get("forecast") or {}
        offset = (entry.get("weather") or {}).get("utc_offset_seconds", 0)
        today = datetime.datetime.fromtimestamp(self.now + offset, datetime.timezone.utc).date().isoformat()
        return sorted((day for day in forecast.get("daily") or [] if day["date"] >= today), key=lambda day: day["date"])

    def text(self, entry):
        """The template's text after the icon."""
        weather = entry.get("weather") or {}
        chances = [hour["precipitation_probability"] for hour in self.hours(entry)[:6] if "precipitation_probability" in hour]
        return "%s%s %s · %s%%" % (
            fixed(weather.get("temperature"), 1),
            weather.get("units", {}).get("temperature", ""),
            entry["name"],
            fixed(max(chances), 0) if chances else "",
        )


def text_problem(text, moments):
    """None when `text` is the template's for its location in one of the moments, else the problem."""
    icon, _, rest = text.partition(" ")
    match = re.fullmatch(r"-?\d+\.\d\S+ (.+) · (\d*)%", rest)
    if not icon or not match:
        return "'%s' does not follow the template" % text
    expected = set()
    for moment in moments:
        entry = moment.entry("name", match.group(1))
        if entry is None:
            return "'%s' names no configured location" % text
        expected.add(moment.text(entry))
    if rest not in expected:
        return "'%s': the state says %s" % (text, " or ".join("'%s %s'" % (icon, value) for value in sorted(expected)))
    return None


def check_texts(moments):
    texts = [line for line in sys.stdin.read().split("\n") if line]
    problems = [problem for problem in (text_problem(text, moments) for text in texts) if problem]
    return problems, "%d texts follow the template" % len(texts)


def day_row(row):
    """(weekday, high, low, probability or None) of `  Tue  🌧️  12° / 4°  80%`, or None."""
    match = re.fullmatch(r"  (\w{3})  (?:.*?  )?(-?\d+°|–) / (-?\d+°|–)(?:  (\d+)%)?", row.replace(FIGURE_SPACE, ""))
    return match.groups() if match else None


def check_waybar(location, moments):
    line = json.loads(sys.stdin.read())
    problems = []
    entries = [moment.entry("id", location) for moment in moments]
    name = entries[0]["name"]
    text = unescape(line.get("text", ""))
    problem = text_problem(text, moments)
    if problem:
        problems.append("text " + problem)
    elif not text.endswith(" %s · %s" % (name, text.rpartition(" · ")[2])):
        problems.append("text '%s' is not about %s" % (text, name))
    # Pango markup: its tags (the day rows' <tt>) left out, its entities read.
    lines = unescape(re.sub(r"<[^>]*>", "", line.get("tooltip", ""))).split("\n")
    if not lines[0].startswith(name + ": "):
        problems.append("the tooltip starts with '%s', not %s" % (lines[0], name))
    # The location's own lines: the first and the indented ones after it.
    own = [lines[0]]
    for row in lines[1:]:
        if not row.startswith("  "):
            break
        own.append(row)
    hours_line = next((row for row in own if any(spark in row for spark in SPARKS)), None)
    if hours_line is None:
        problems.append("no hours' line with a sparkline in the tooltip: %s" % " | ".join(own))
    else:
        if not re.search(r"  -?\d+(–-?\d+)?°", hours_line):
            problems.append("no temperature range on the hours' line '%s'" % hours_line)
        wet = all(
            any(hour.get("precipitation", 0) >= 0.1 - 1e-9 for hour in moment.hours(entry)[:24])
            for moment, entry in zip(moments, entries)
        )
        if wet and not re.search(r"\b(rain|snow) \d", hours_line):
            problems.append("hours coming are wet, the hours' line '%s' names no rain" % hours_line)
    rows = [(row, day_row(row)) for row in own if day_row(row)]
    got = [parsed for _, parsed in rows]
    expected = [
        [
            (
                WEEKDAYS[datetime.date.fromisoformat(day["date"]).weekday()],
                fixed(day.get("temperature_max"), 0) + "°" if "temperature_max" in day else "–",
                fixed(day.get("temperature_min"), 0) + "°" if "temperature_min" in day else "–",
                fixed(day.get("precipitation_probability_max"), 0) or None,
            )
            for day in moment.days(entry)
        ]
        for moment, entry in zip(moments, entries)
    ]
    if not got:
        problems.append("no day rows in the tooltip: %s" % " | ".join(own))
    elif got not in expected:
        problems.append("day rows %s, the state says %s" % (" | ".join(row.strip() for row, _ in rows), expected[0]))
    soon = {bool((entry.get("nowcast") or {}).get("rain_soon")) for entry in entries}
    # Not judged when the rain starts about 30 minutes from now: the line and the state were made a
    # moment apart.
    starts = [(entry.get("nowcast") or {}).get("rain_starts_at") for entry in entries]
    near = any(start and abs(seconds(start) - moment.now - 1800) < 15 for start, moment in zip(starts, moments))
    if len(soon) == 1 and not near and (("rain-soon" in line.get("class", [])) != soon.pop()):
        problems.append("class %s, the state's nowcast says rain_soon %s" % (line.get("class"), entries[0].get("nowcast")))
    summary = "text '%s'; hours: '%s'; %d day rows (%s)" % (
        text,
        (hours_line or "").strip(),
        len(rows),
        ", ".join(row[0] for row in got),
    )
    return problems, summary


def main():
    mode = sys.argv[1]
    arguments = sys.argv[2:]
    location = arguments.pop(0) if mode == "waybar" else None
    times = [float(arguments.pop(0)), float(arguments.pop(0))]
    moments = [Moment(json.load(open(path)), time) for path in arguments for time in times]
    problems, summary = check_waybar(location, moments) if mode == "waybar" else check_texts(moments)
    print("; ".join(problems) if problems else summary)
    sys.exit(1 if problems else 0)


main()
