"""bench/baselines.py — sections shell and python: the same fetch by `curl | jq` from a shell loop
(bench/baseline_shell.sh) and by a Python `requests` loop (bench/baseline_requests.py)."""

import json
import os
import resource
import shutil
import subprocess
import sys
import time

from . import wmo
from .common import (BENCH_DIR, FORECAST_QUERY, OUT, PYTHON_B2B_N, PYTHON_N, SHELL_N, TICK_INTERVAL_NS, WORKDIR,
                     BenchError)


def section_shell(server):
    directory = os.path.join(WORKDIR, "shell")
    os.makedirs(directory, exist_ok=True)
    program = os.path.join(OUT, "baseline.jq")
    with open(program, "w") as f:
        f.write(wmo.jq_program())
    url = server.base_url + FORECAST_QUERY
    # One run by hand first: the output must be a valid state file.
    subprocess.run([os.path.join(BENCH_DIR, "baseline_shell.sh"), url, "1", directory, program], check=True)
    with open(os.path.join(directory, "state.json")) as f:
        sample = json.load(f)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(
        [os.path.join(BENCH_DIR, "baseline_shell.sh"), url, str(SHELL_N), directory, program], check=True
    )
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(directory, ignore_errors=True)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "n": SHELL_N,
        "cpu_us_per_fetch": cpu * 1e6 / SHELL_N,
        "user_us_per_fetch": (after.ru_utime - before.ru_utime) * 1e6 / SHELL_N,
        "system_us_per_fetch": (after.ru_stime - before.ru_stime) * 1e6 / SHELL_N,
        "wall_us_per_fetch": wall * 1e6 / SHELL_N,
        "sample_description": sample["locations"][0]["weather"]["description"],
    }


def section_python(server):
    """The Python loop on weatherd's 10 ms grid (the comparison, with its RSS), and back to back (for reference)."""
    directory = os.path.join(WORKDIR, "python")
    os.makedirs(directory, exist_ok=True)

    def run(n, extra):
        result = subprocess.run(
            [sys.executable, "-B", os.path.join(BENCH_DIR, "baseline_requests.py"),
             server.base_url + FORECAST_QUERY, str(n), directory] + extra,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if result.returncode != 0:
            raise BenchError("baseline_requests.py: " + result.stderr.strip()[-2000:])
        return json.loads(result.stdout)

    paced = run(PYTHON_N, [str(TICK_INTERVAL_NS // 1000)])
    paced["back_to_back"] = run(PYTHON_B2B_N, [])
    shutil.rmtree(directory, ignore_errors=True)
    return paced
