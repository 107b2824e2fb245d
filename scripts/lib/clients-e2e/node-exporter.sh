# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e, prometheus-node-exporter with --collector.textfile.directory at the daemon's
# prometheus_textfile: its /metrics has weatherd's series with the state file's values (the
# forecast's per day ahead, the nowcast's rain start, the precipitation in metres) and
# node_textfile_scrape_error 0; a second instance on the second daemon's textfile (fallback.sh).

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

check_node_exporter() {
    local port=$1 before after
    cp "$state" "$work/state-before-scrape.json"
    before=$(jq '.daemon.requests' "$work/state-before-scrape.json")
    if ! wait_for 10 curl -fsS -o "$work/metrics" "http://127.0.0.1:$port/metrics" 2>/dev/null; then
        echo "no /metrics: $(tail -3 "$work/node-exporter.log")"
        return 1
    fi
    cp "$state" "$work/state-at-scrape.json"
    after=$(jq '.daemon.requests' "$work/state-at-scrape.json")
    # Every series compared as numbers with the state file, copies taken before and after the scrape.
    python3 "$helpers/metrics-state.py" "$work/metrics" "$before" "$after" \
        "$work/state-before-scrape.json" "$work/state-at-scrape.json"
}

node_exporter_check() {
    local output port
    port=$(free_port)
    prometheus-node-exporter --web.listen-address="127.0.0.1:$port" --collector.disable-defaults \
        --collector.textfile --collector.textfile.directory="$work/textfile" >"$work/node-exporter.log" 2>&1 &
    pids+=($!)
    if output=$(check_node_exporter "$port" 2>&1); then
        detail=$output
    else
        reason=${output:-$reason}
        return 1
    fi
}

checks_node_exporter() {
    if client_available node_exporter; then
        check "node_exporter: /metrics has weatherd's series with the state file's values (forecast per day ahead, nowcast rain start, precipitation in metres, warnings by severity), no scrape error" \
            node_exporter_check
        [ -z "$fallback_ready" ] ||
            check "node_exporter: while met-norway serves the location, weatherd_location_source is 1 for it, its requests counted" \
                check_node_exporter_source met-norway
    else
        skip "node_exporter" "${unavailable[node_exporter]}"
    fi
}
