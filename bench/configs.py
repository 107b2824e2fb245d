"""bench/configs.py — the configurations the daemons read (written to .build/bench/configs/, checked with
the binary's own `check-config`) and the current-only body section compare's runs are answered with."""

import json
import os
import re
import subprocess

from .common import OUT, PUBLIC_LIMITS, ROOT, BenchError
from .daemons import Contender

CONFIG = os.path.join(ROOT, "etc", "weatherd", "config.yaml")
# A request without `daily=`, for fake-open-meteo's current-only answer.
FORECAST_QUERY = (
    "/v1/forecast?latitude=52.52&longitude=13.41"
    "&current=temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,"
    "weather_code,cloud_cover,wind_speed_10m,wind_direction_10m,wind_gusts_10m"
    "&timeformat=unixtime&timezone=auto&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"
)


def default_locations():
    """The `locations:` block of the installed default configuration (etc/weatherd/config.yaml: the
    embedded defaults, weatherd.conf(5)), to the end of the file, and how many locations it lists."""
    with open(CONFIG) as f:
        text = f.read()
    match = re.search(r"^locations:\n", text, re.M)
    if not match:
        raise BenchError(f"{CONFIG} has no top-level `locations:`")
    block = text[match.start():]
    return block, len(re.findall(r"^  - name:", block, re.M))


def write_config(name, text):
    directory = os.path.join(OUT, "configs")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def new_config(name, refresh, limits):
    """A configuration of this tree: the 4 default locations, `refresh`, and `api.limits` spelled out
    (the loopback URL given with --api-url would otherwise get no limits, weatherd.conf(5))."""
    minute, hour, day = limits
    return write_config(name, (
        f"# bench/run.py: refresh {refresh}, limits {minute}/{hour}/{day}\n"
        f"interval: 10s\nrefresh: {refresh}\n"
        "api:\n  base_url: https://api.open-meteo.com\n"
        f"  limits:\n    minute: {minute}\n    hour: {hour}\n    day: {day}\n"
        + default_locations()[0]
    ))


def default_config():
    """The default configuration: the 4 default locations, `refresh: auto`, the public host's limits; with
    BENCH_AIR=1 air quality on too (at the look-alike: bench/daemons.py gives --air-quality-url)."""
    if os.environ.get("BENCH_AIR") == "1":
        path = new_config("default-air.yaml", "auto", PUBLIC_LIMITS)
        with open(path) as f:
            text = f.read()
        air = text.replace("\nlocations:\n", "\nair_quality:\n  enabled: true\nlocations:\n", 1)
        return write_config("default-air.yaml", air)
    return new_config("default.yaml", "auto", PUBLIC_LIMITS)


def every_tick_config():
    """The default locations with every tick a fetch and no limits: section compare's 10 ms runs, where each
    tick does a fetch's full work."""
    return new_config("every-tick-no-limits.yaml", "every_tick", (0, 0, 0))


def old_config(name):
    """A configuration an older weatherd reads: no `refresh`, no `api.limits` (it fetches at every tick)."""
    return write_config(name, (
        "# bench/run.py: the old daemon (no refresh or limits keys)\n"
        "interval: 10s\napi:\n  base_url: https://api.open-meteo.com\n" + default_locations()[0]
    ))


def checked(contender):
    """`contender` once its binary's own `check-config` has accepted its configuration."""
    result = subprocess.run([contender.binary, "check-config", "--config", contender.config],
                            capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise BenchError(f"{contender.label}: check-config refused {contender.config}: "
                         + (result.stderr or result.stdout).strip()[-500:])
    return contender


def other_contender(other, config):
    """The Contender of `other` (common.Other, or None) with `config` (this tree's), or the configuration an
    older weatherd reads when `other.config` is `old`; checked."""
    if other is None:
        return None
    if other.config == "old":
        config = old_config(f"{other.label}.yaml")
    return checked(Contender(other.label, other.binary, config))


def fetch_current_only_body(fake_url):
    """fake-open-meteo's answer (headers and body) to a request without `daily=`: current values only,
    the body every contender of the 10 ms runs gets (the old daemon never asks for `daily`)."""
    headers = os.path.join(OUT, "forecast.headers")
    body = os.path.join(OUT, "forecast.json")
    subprocess.run(
        ["curl", "-sS", "--fail", "-D", headers, "-o", body, fake_url + FORECAST_QUERY], check=True, timeout=30
    )
    with open(body) as f:
        parsed = json.load(f)
    if "current" not in parsed or "daily" in parsed:
        raise BenchError("fake-open-meteo's answer is not a current-only forecast")
    return headers, body, os.path.getsize(body)
