# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e: the daemon the clients read — a real `weatherd run` (interval 2 s, refresh
# every_tick, three locations: one with "&" in its name, one beyond 70° N without sunrise or sunset;
# air quality on) against the look-alike, its state file, its cache and its Prometheus textfile in $work; and its end.

daemon_pid=

# Writes the configuration and starts the daemon; exits 1 when it does not fetch every location.
start_daemon() {
    # Two seconds a location: time enough for a screenshot of each, even on a busy machine.
    cat >"$work/config.yaml" <<EOF
interval: 2s
refresh: every_tick
timeout: 1s
state_file: $state
cache_file: $work/state/cache.json
prometheus_textfile: $work/textfile/weatherd.prom
alerts:
  contact: clients-e2e@example.org
  nws_url: $api
  metno_url: $api
  dwd_url: $api
  meteoalarm_url: $api
met_norway:
  base_url: $api
air_quality:
  enabled: true
  base_url: $api
locations:
  - name: Oslo
    latitude: 59.91
    longitude: 10.75
  - name: Minneapolis & St. Paul
    latitude: 44.98
    longitude: -93.27
  - name: Longyearbyen
    latitude: 78.22
    longitude: 15.65
EOF
    "$weatherd" run --config "$work/config.yaml" --api-url "$api" --log-target stderr >"$work/daemon.log" 2>&1 &
    daemon_pid=$!
    pids+=("$daemon_pid")
    wait_for 20 all_fetched "$state" || {
        echo "clients-e2e: the daemon did not fetch every location: $(tail -5 "$work/daemon.log")" >&2
        exit 1
    }
    # The alert polls come one per tick on the look-alike's one host: Oslo's, Minneapolis's, Longyearbyen's.
    wait_for 20 warning_shown "$state" || {
        echo "clients-e2e: the daemon shows no warning for Minneapolis: $(grep -i alert "$work/daemon.log" | tail -3)" >&2
        exit 1
    }
}

# The look-alike's alert sources (fake-open-meteo --alerts-dir): NWS answers a Severe Winter Storm
# Warning (the shared fixture, its days moved to today and tomorrow), MET Norway its all-clear.
write_alert_bodies() {
    local today tomorrow
    today=$(date -u +%F)
    tomorrow=$(date -u -d tomorrow +%F)
    mkdir -p "$work/alerts"
    sed -e "s/2026-11-24/$today/g; s/2026-11-25/$tomorrow/g" \
        -e 's/"severity": "Moderate"/"severity": "Severe"/' \
        "$repo/Tests/AlertSourcesTests/Fixtures/nws-alerts-active-point.geojson" >"$work/alerts/nws.json"
}

# Minneapolis (NWS) has the warning in the state file.
warning_shown() {
    [ "$(jq -r '.locations[] | select(.id == "minneapolis-st-paul") | .alerts.items[0].severity // ""' "$1" 2>/dev/null)" = Severe ]
}

# All three fetched (each has weather and air) and the file written since.
all_fetched() {
    [ "$(jq '[.locations[] | select(.weather != null and .air != null)] | length' "$1" 2>/dev/null)" = 3 ]
}

current_location() {
    jq -r '.current_location // ""' "$state" 2>/dev/null
}

location_changed() {
    [ "$(current_location)" != "$1" ]
}

# The end: SIGTERM, exit 0 (then the bar follows by time alone, then the file goes).
check_daemon_stops() {
    kill -TERM "$daemon_pid"
    wait_gone "$daemon_pid" 5 || {
        reason="still running 5 s after SIGTERM"
        return 1
    }
    wait "$daemon_pid"
    local status=$?
    [ "$status" -eq 0 ] || {
        reason="exit status $status"
        return 1
    }
}
