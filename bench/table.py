"""bench/table.py — the one table of a run: a header on the machine, then every section's rows, the verdicts
and the errors. A section gives its rows (Row); a row with a budget and `met` True or False is a verdict."""

import os
from collections import namedtuple

from .common import OUT, ROOT

MB = 1_000_000


class Row(namedtuple("Row", "figure value budget met", defaults=("", "", None))):
    """One line of the table: what is measured, its value, its budget and whether the value meets it (None:
    a figure without a verdict). A row with neither value nor budget is a heading; an indented figure is a
    detail of the row above."""


def fmt(value, unit="", digits=0):
    if value is None:
        return "n/a"
    text = f"{value:,.{digits}f}" if isinstance(value, float) else f"{value:,}"
    return f"{text} {unit}".strip()


def verdict(met):
    return "" if met is None else ("PASS" if met else "MISSED  <<<")


def render(results, rows_of):
    """The table as text, and the verdicts missed. `rows_of` maps each section that gave a result to its rows."""
    m = results["machine"]
    lines = ["", f"weatherd benchmark — {m.get('weatherd_version', '?')} ({m.get('git', '?')}), {m['time']}",
             f"machine: {m['cpus']} CPUs {m.get('cpu_model', '')}, kernel {m['kernel']}, load avg "
             f"{'/'.join(map(str, m['loadavg_start']))} at start, {'/'.join(map(str, m.get('loadavg_end', [])))} at end"]
    # The end figure includes the benchmark's own processes, so only the start says whether someone else was busy.
    if m["loadavg_start"][0] > 0.5:
        lines.append("NOTE: the machine was not quiet (1-min load > 0.5 at start): figures are indicative.")
    width, value_width, budget_width = 66, 30, 26
    rule = "-" * (width + value_width + budget_width + 16)
    lines += ["", f"{'figure':<{width}} {'value':>{value_width}}   {'budget':<{budget_width}} verdict", rule]
    missed = []
    for name, rows in rows_of.items():
        lines.append(f"[{name}]")
        for row in rows:
            if not row.value and not row.budget:
                lines.append(row.figure)
                continue
            lines.append(f"{row.figure:<{width}} {row.value:>{value_width}}   {row.budget:<{budget_width}} "
                         f"{verdict(row.met)}".rstrip())
            if row.met is False:
                missed.append(row.figure.strip())
    lines.append(rule)
    lines.append(f"MISSED: {len(missed)} budget(s): " + "; ".join(missed) if missed else "every budget met")
    if results["errors"]:
        lines.append("ERRORS (measurements missing): " + "; ".join(results["errors"]))
    lines.append(f"JSON: {os.path.relpath(os.path.join(OUT, 'results.json'), ROOT)}")
    return "\n".join(lines), missed
