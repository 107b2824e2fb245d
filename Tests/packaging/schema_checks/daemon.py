"""The real binary's output against the schema: the state file of `weatherd run` against the loopback
fake-open-meteo, `weatherd status --format json` of it, and `weatherd once --format json` with every
location failing. Every file a daemon writes (state file, cache, geocoding.json) stays in the
temporary directory: `--state-file` and `--cache-file` are always given."""

import json
import signal
import socket
import subprocess
import time

from .examples import mutate
from .report import ROOT, expect_invalid, expect_valid, report

# The test locations (scripts/lib/locations.yaml: the embedded defaults), from its `locations:` on.
LOCATIONS_PATH = ROOT / "scripts" / "lib" / "locations.yaml"
# What daemon run reports on: the fields the README added to the first schema.
ADDITIONS = ("timeout_seconds", "stale_after_seconds")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(path, seconds, done=lambda path: True):
    """Polls until `path` is a non-empty file for which `done(path)` holds, at most `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_size > 0 and done(path):
            return True
        time.sleep(0.05)
    return False


def every_location_tried(path):
    """Whether the state file at `path` shows every location fetched or failed, none pending: a rotation
    with its answers in."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return False
    return all(loc["status"] != "pending" for loc in state["locations"])


def daemon_state(bin_dir, tmp):
    """Runs the daemon against the fake API until every location was tried; returns the parsed state file."""
    port_file = tmp / "port"
    fake = subprocess.Popen(
        [str(bin_dir / "fake-open-meteo"), "--port-file", str(port_file)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        if not wait_for(port_file, 15):
            raise RuntimeError("fake-open-meteo did not write its port file")
        port = port_file.read_text().strip()
        state = tmp / "state.json"
        log = open(tmp / "run.log", "wb")
        daemon = subprocess.Popen(
            [
                str(bin_dir / "weatherd"), "run",
                "--config", str(write_config(tmp, "run.yaml", run_config(port))),
                "--interval", "200ms",
                "--api-url", f"http://127.0.0.1:{port}",
                "--alerts-url", f"http://127.0.0.1:{port}",
                "--met-norway-url", f"http://127.0.0.1:{port}",
                "--state-file", str(state),
                # The durable cache (and geocoding.json beside it) here too: as root it would
                # default to /var/lib/weatherd/cache.json.
                "--cache-file", str(tmp / "cache.json"),
                "--log-target", "stderr",
            ],
            stdout=log,
            stderr=log,
        )
        # The checks below say what is missing when a location was not tried within the 15 s.
        wait_for(state, 15, every_location_tried)
        daemon.send_signal(signal.SIGTERM)
        rc = daemon.wait(timeout=10)
        log.close()
        report(rc == 0, "weatherd run exits 0 after SIGTERM", f"exit status {rc}")
        beside = sorted(p.name for p in tmp.iterdir() if p.name in ("cache.json", "geocoding.json"))
        report(beside == ["cache.json", "geocoding.json"],
               "weatherd run wrote its cache at --cache-file, geocoding.json beside it", ", ".join(beside) or "neither")
        return json.loads(state.read_text(encoding="utf-8"))
    finally:
        fake.terminate()
        fake.wait(timeout=10)


# The test locations plus two given by name: Paris (the fake geocoding API knows it) and Atlantis (it
# does not: error kind not_found, coordinates null).
def run_config(port):
    locations = "".join(line for line in LOCATIONS_PATH.read_text(encoding="utf-8").splitlines(keepends=True)
                        if not line.startswith("#"))
    return (f"timeout: 5s\napi:\n  geocoding_url: http://127.0.0.1:{port}\n{locations}"
            "  - name: Paris\n    country_code: FR\n  - name: Atlantis\n")


def write_config(tmp, name, text):
    path = tmp / name
    # A config that only sets what the test needs; every other key keeps its embedded default
    # (the four default locations).
    path.write_text(text, encoding="utf-8")
    return path


def once_all_failing(bin_dir, tmp):
    """`weatherd once --format json` against a port nobody listens on, timeout 250ms (a refused connection is
    retried until the deadline: each location costs the whole timeout)."""
    config = write_config(tmp, "once.yaml", "timeout: 250ms\n")
    result = subprocess.run(
        [
            str(bin_dir / "weatherd"), "once", "--format", "json",
            "--config", str(config),
            "--api-url", f"http://127.0.0.1:{free_port()}",
            "--state-file", str(tmp / "once-state.json"),
            # A cache of its own, missing: no pause or places recorded by anyone else.
            "--cache-file", str(tmp / "once-cache.json"),
            "--log-target", "stderr",
        ],
        capture_output=True,
        timeout=60,
    )
    report(result.returncode == 1, "weatherd once exits 1 when every fetch failed", f"exit status {result.returncode}")
    return json.loads(result.stdout.decode("utf-8"))


def check_run(v, bin_dir, tmp):
    """`weatherd run`'s state file, and `weatherd status --format json` of it."""
    try:
        state = daemon_state(bin_dir, tmp)
    except Exception as error:  # noqa: BLE001 - report, do not crash
        report(False, "weatherd run wrote a state file", repr(error))
        return
    expect_valid(v, "state file written by weatherd run validates", state)
    by_id = {loc["id"]: loc for loc in state["locations"]}
    statuses = json.dumps({k: loc["status"] for k, loc in by_id.items()})
    report(all(by_id[k]["status"] == "ok" for k in ("berlin", "london", "new-york", "tokyo", "paris"))
           and state["daemon"]["fetches_ok"] > 0,
           "daemon run fetched every location with coordinates or a known name", statuses)
    paris = by_id.get("paris", {})
    report(isinstance(paris.get("latitude"), (int, float)) and isinstance(paris.get("longitude"), (int, float)),
           "a location resolved by name has coordinates", json.dumps(paris.get("latitude")))
    atlantis = by_id.get("atlantis", {})
    report(atlantis.get("status") == "error" and atlantis.get("latitude") is None
           and atlantis.get("longitude") is None
           and (atlantis.get("last_error") or {}).get("kind") == "not_found",
           "an unknown name: status error, kind not_found, coordinates null", json.dumps(atlantis))
    report(all(k in state["daemon"] for k in ADDITIONS), "daemon run writes the README additions")
    # The forecast's hours, days and nowcast of every location fetched (docs/forecast.md), and the display
    # settings.
    fetched = [loc for loc in state["locations"] if loc["status"] == "ok"]
    report(bool(fetched) and all(isinstance(loc.get("forecast"), dict) and loc["forecast"]["daily"]
                                 and loc["forecast"]["hourly"] and isinstance(loc.get("nowcast"), dict)
                                 and loc["nowcast"]["steps"] for loc in fetched),
           "daemon run writes the forecast's hours, days and nowcast of every location fetched",
           json.dumps({loc["id"]: [loc.get("forecast") is not None, loc.get("nowcast") is not None]
                       for loc in state["locations"]}))
    report(isinstance(state["daemon"].get("display"), dict), "daemon run writes daemon.display",
           json.dumps(state["daemon"].get("display")))
    status = subprocess.run(
        [str(bin_dir / "weatherd"), "status", "--format", "json", "--state-file", str(tmp / "state.json"),
         "--cache-file", str(tmp / "cache.json"), "--config", str(tmp / "run.yaml")],
        capture_output=True, timeout=30)
    try:
        expect_valid(v, "weatherd status --format json validates", json.loads(status.stdout.decode("utf-8")))
    except ValueError as error:
        report(False, "weatherd status --format json validates", f"not JSON: {error}")
    # The real file, broken the three required ways, must be refused too.
    for label, change in (
        ("real state without generated_at", lambda d: d.pop("generated_at")),
        ("real state with status weird", lambda d: d["locations"][0].update(status="weird")),
        ("real state with a string temperature",
         lambda d: d["locations"][0]["weather"].update(temperature=str(d["locations"][0]["weather"]["temperature"]))),
    ):
        expect_invalid(v, label, mutate(state, change))


def check_once(v, bin_dir, tmp):
    """`weatherd once --format json` with every location failing."""
    try:
        once = once_all_failing(bin_dir, tmp)
    except Exception as error:  # noqa: BLE001
        report(False, "weatherd once --format json printed JSON", repr(error))
        return
    expect_valid(v, "weatherd once --format json (every location failing) validates", once)
    report(all(loc["status"] == "error" and loc["last_error"] is not None for loc in once["locations"]),
           "once: every location has status error and a last_error")
    report(all(k in once["daemon"] for k in ADDITIONS), "once output has the README additions")
