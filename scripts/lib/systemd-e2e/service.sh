# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e, checks 1-3: the service starts (Type=notify), its STATUS= follows the ticks and
# its journal entries carry weatherd's fields. Also what later checks read of the service: its files,
# its journal.

# The files of docs/state-file.md "Files" under the unit: the state file in the
# RuntimeDirectory=, the durable cache in the StateDirectory=, and where an
# earlier version kept its state file (there only after the upgrade check).
state_file=/run/weatherd/state.json
cache_file=/var/lib/weatherd/cache.json
old_state_file=/var/lib/weatherd/state.json
# The binary as the service runs it (a copy inside the namespace).
ns_weatherd=/run/weatherd-test/bin/weatherd
# The service's main PID as the last check saw it.
main_pid=

state_json() {
    ns cat "$state_file" 2>/dev/null
}

# The unit's journal entries as JSON lines (the service's own and systemd's
# about it).
unit_journal() {
    ns journalctl --no-pager -o json -u weatherd.service "$@"
}

# Number of entries of the unit with MESSAGE_ID $1 (and PRIORITY $2 if given).
count_message_id() {
    unit_journal MESSAGE_ID="$1" ${2:+PRIORITY="$2"} | jq -s 'length'
}

now_ms() {
    echo $(($(date +%s%N) / 1000000))
}

# 1. start, is-active, properties
check_start() {
    local out state type restarts status
    if ! out=$(sctl start weatherd.service 2>&1); then
        reason="systemctl start failed: $out"
        return 1
    fi
    state=$(sctl is-active weatherd.service)
    type=$(prop Type)
    restarts=$(prop NRestarts)
    main_pid=$(prop MainPID)
    status=$(prop StatusText)
    detail="Type=$type NRestarts=$restarts MainPID=$main_pid StatusText=$status"
    if [ "$state" != active ]; then
        reason="is-active: $state; $detail"
        return 1
    fi
    if [ "$type" != notify ] || [ "${main_pid:-0}" -le 0 ]; then
        reason="unexpected properties: $detail"
        return 1
    fi
}

# 2. STATUS= non-empty and updated every tick
check_status_text() {
    local first='' current deadline=$((SECONDS + 10))
    while [ "$SECONDS" -lt "$deadline" ]; do
        current=$(prop StatusText)
        if [ -n "$current" ]; then
            if [ -z "$first" ]; then
                first=$current
            elif [ "$current" != "$first" ]; then
                detail="\"$first\" -> \"$current\""
                return 0
            fi
        fi
        sleep 0.25
    done
    reason="StatusText did not change within 10 s (first: \"$first\", last: \"${current:-}\")"
    return 1
}

# 3. journal fields
weather_id=1e8127529db14a988ec40952865c732b
started_id=95f04447dbe045d4918cff50aee98d17
check_journal() {
    local result deadline=$((SECONDS + 10))
    while :; do
        # shellcheck disable=SC2016
        result=$(unit_journal _SYSTEMD_UNIT=weatherd.service | jq -rs --arg wid "$weather_id" --arg sid "$started_id" '
            def order: ["berlin", "london", "nyc"];
            [.[] | select(.MESSAGE_ID == $wid)] as $w
            | [$w[] | .WEATHER_LOCATION] as $seq
            | if ([.[] | select(.MESSAGE_ID == $sid and .SYSLOG_IDENTIFIER == "weatherd")] | length) == 0 then
                "fail no started entry (MESSAGE_ID=\($sid))"
              elif ($w | length) < 3 then "wait only \($w | length) weather entries"
              elif ([$w[] | select((.WEATHER_LOCATION | type) != "string"
                        or (.WEATHER_TEMPERATURE | type) != "string" or .WEATHER_TEMPERATURE == ""
                        or .PRIORITY != "6" or .SYSLOG_IDENTIFIER != "weatherd")] | length) > 0 then
                "fail weather entry without WEATHER_LOCATION/WEATHER_TEMPERATURE or with wrong PRIORITY/SYSLOG_IDENTIFIER: \([$w[] | select(.PRIORITY != "6" or .SYSLOG_IDENTIFIER != "weatherd" or (.WEATHER_LOCATION | type) != "string" or (.WEATHER_TEMPERATURE | type) != "string")][0] | tojson)"
              elif $seq[0:3] != order then "fail first locations \($seq[0:3] | join(",")), expected berlin,london,nyc"
              elif ([range(1; $seq | length) as $i
                        | select((order | index($seq[$i])) != (((order | index($seq[$i - 1])) + 1) % 3))]
                    | length) > 0 then "fail locations out of config order: \($seq | join(","))"
              else "ok \($w | length) weather entries, locations \($seq | join(",")), e.g. \($w[0].MESSAGE | tojson)"
              end')
        case $result in
            ok*)
                detail=${result#ok }
                return 0
                ;;
            fail*)
                reason=${result#fail }
                return 1
                ;;
        esac
        if [ "$SECONDS" -ge "$deadline" ]; then
            reason="after 10 s: ${result#wait }"
            return 1
        fi
        sleep 0.5
    done
}

checks_service() {
    check "1. systemctl start weatherd: active" check_start
    check "2. StatusText set and changing between ticks" check_status_text
    check "3. journal: weather entries (MESSAGE_ID, WEATHER_*, PRIORITY=6, SYSLOG_IDENTIFIER) in config order, started entry" check_journal
}
