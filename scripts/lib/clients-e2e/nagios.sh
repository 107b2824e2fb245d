# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e, Nagios Core 4 (a minimal nagios.cfg in $work/nagios, nagios_user=root,
# interval_length=1): status.dat shows OK for the daemon, WARNING for a second daemon with a location
# that cannot be found, and UNKNOWN for a missing state file, with the plugin output and the
# performance data Nagios itself parsed; for the second daemon (fallback.sh) OK with its location "from
# met-norway" in the long output, and later without it (Nagios runs on until that check).

nagios_pid=

start_warning_daemon() {
    # A second daemon whose second location cannot be found by the geocoding API: WARNING.
    cat >"$work/warning.yaml" <<EOF
interval: 1s
refresh: every_tick
timeout: 1s
state_file: $work/warning/state.json
cache_file: $work/warning/cache.json
api:
  geocoding_url: $api
locations:
  - name: Oslo
    latitude: 59.91
    longitude: 10.75
  - name: Atlantis
EOF
    "$weatherd" run --config "$work/warning.yaml" --api-url "$api" --alerts-url "$api" --met-norway-url "$api" --log-target stderr >"$work/warning.log" 2>&1 &
    pids+=($!)
}

run_nagios() {
    local dir=$work/nagios service
    mkdir -p "$dir/checkresults"
    cat >"$dir/nagios.cfg" <<EOF
log_file=$dir/nagios.log
cfg_file=$dir/objects.cfg
object_cache_file=$dir/objects.cache
precached_object_file=$dir/objects.precache
resource_file=$dir/resource.cfg
status_file=$dir/status.dat
status_update_interval=1
nagios_user=root
nagios_group=root
check_external_commands=0
command_file=$dir/nagios.cmd
lock_file=$dir/nagios.lock
temp_file=$dir/nagios.tmp
temp_path=$dir
check_result_path=$dir/checkresults
query_socket=$dir/nagios.qh
retain_state_information=0
state_retention_file=$dir/retention.dat
use_syslog=0
enable_notifications=0
enable_flap_detection=0
execute_host_checks=0
interval_length=1
service_inter_check_delay_method=n
max_service_check_spread=1
check_result_reaper_frequency=1
EOF
    : >"$dir/resource.cfg"
    {
        cat <<EOF
define timeperiod {
    timeperiod_name always
    alias           always
    monday          00:00-24:00
    tuesday         00:00-24:00
    wednesday       00:00-24:00
    thursday        00:00-24:00
    friday          00:00-24:00
    saturday        00:00-24:00
    sunday          00:00-24:00
}
define command {
    command_name check_weatherd
    command_line $weatherd status --state-file \$ARG1\$
}
define command {
    command_name check_weatherd_alerts
    command_line $weatherd alerts --state-file \$ARG1\$
}
define command {
    command_name check_weatherd_air
    command_line $weatherd air --state-file \$ARG1\$
}
define command {
    command_name none
    command_line /bin/true
}
define contact {
    contact_name                  nobody
    host_notifications_enabled    0
    service_notifications_enabled 0
    host_notification_period      always
    service_notification_period   always
    host_notification_options     n
    service_notification_options  n
    host_notification_commands    none
    service_notification_commands none
}
define host {
    host_name           weather
    address             127.0.0.1
    max_check_attempts  1
    check_period        always
    check_command       none
    contacts            nobody
    notification_period always
}
EOF
        for service in "ok:check_weatherd!$state" "warning:check_weatherd!$work/warning/state.json" \
            "missing:check_weatherd!$work/missing/state.json" "alerts:check_weatherd_alerts!$state" \
            "fallback:check_weatherd!$fallback_state" "air:check_weatherd_air!$state"; do
            cat <<EOF
define service {
    host_name           weather
    service_description weatherd-${service%%:*}
    check_command       ${service#*:}
    max_check_attempts  1
    check_interval      1
    retry_interval      1
    check_period        always
    notification_period always
    contacts            nobody
}
EOF
        done
    } >"$dir/objects.cfg"
    if ! nagios4 -v "$dir/nagios.cfg" >"$dir/verify.log" 2>&1; then
        reason="nagios4 -v rejects the configuration: $(grep -i error "$dir/verify.log" | head -3)"
        return 1
    fi
    nagios4 "$dir/nagios.cfg" >"$dir/out.log" 2>&1 &
    nagios_pid=$!
    pids+=("$nagios_pid")
    # Nagios deletes status.dat when it stops: read it while it runs, once all six were checked
    # (the warning daemon's failing location included). It runs on for the second daemon's return
    # (fallback.sh stops it).
    all_checked() {
        [ -s "$dir/status.dat" ] &&
            python3 "$helpers/nagios-status.py" "$dir/status.dat" >"$dir/status.json" 2>/dev/null &&
            [ "$(jq '[.[] | select(.has_been_checked == "1")] | length' "$dir/status.json")" = 6 ] &&
            [ "$(jq -r '."weatherd-warning".current_state' "$dir/status.json")" = 1 ]
    }
    wait_for 20 all_checked
    cp "$dir/status.dat" "$work/status.dat.copy" 2>/dev/null
    if [ ! -s "$dir/status.json" ]; then
        reason="no status.dat: $(tail -3 "$dir/nagios.log" 2>/dev/null)"
        return 1
    fi
    detail="Nagios Core $(dpkg-query -W -f='${Version}' nagios4-core)"
}

# $1 service, $2 state, $3 output prefix.
nagios_service() {
    local json=$work/nagios/status.json
    local got output errors
    got=$(jq -r --arg s "$1" '.[$s].current_state // "none"' "$json")
    output=$(jq -r --arg s "$1" '.[$s].plugin_output // ""' "$json")
    errors=$(jq -r --arg s "$1" '.[$s].perfdata_errors // [] | join(" ")' "$json")
    detail="state $got: $output | $(jq -r --arg s "$1" '.[$s].performance_data // ""' "$json" | cut -c1-120)…"
    if [ "$got" != "$2" ] || [[ $output != "$3"* ]]; then
        reason="state $got, plugin_output: $output"
        return 1
    fi
    if [ -n "$errors" ]; then
        reason="performance data Nagios cannot graph: $errors"
        return 1
    fi
}

check_nagios_ok() {
    nagios_service weatherd-ok 0 "WEATHERD OK - 3 locations, 0 failing, 0 stale, state written " || return 1
    # The perfdata values are the state file's; no ":" where the summary has none (Nagios turns ";" into ":").
    local json=$work/nagios/status.json expected got
    expected=$(jq '.locations[] | select(.id == "oslo") | .weather.temperature' "$state")
    got=$(jq '."weatherd-ok".perfdata.oslo_temperature.value' "$json")
    if [ "$(jq -n "$got == $expected")" != true ]; then
        reason="oslo_temperature=$got in the perfdata, the state file says $expected"
        return 1
    fi
    for label in age failing stale oslo_data_age; do
        if [ "$(jq --arg l "$label" '."weatherd-ok".perfdata | has($l)' "$json")" != true ]; then
            reason="no $label in the perfdata"
            return 1
        fi
    done
    if [ "$(jq -r '."weatherd-ok".perfdata.age.unit' "$json")" != s ]; then
        reason="age without unit s"
        return 1
    fi
    if jq -r '."weatherd-ok".plugin_output' "$json" | grep -q ':'; then
        reason="a ':' in the plugin output"
        return 1
    fi
}

checks_nagios() {
    if ! client_available nagios; then
        skip "nagios" "${unavailable[nagios]}"
        return
    fi
    start_warning_daemon
    wait_for 10 test -s "$work/warning/state.json"
    if check "nagios: Nagios Core runs the check as its service" run_nagios; then
        check "nagios: OK with the daemon's perfdata as Nagios parsed it" check_nagios_ok
        check "nagios: WARNING for a daemon with a failing location" \
            nagios_service weatherd-warning 1 "WEATHERD WARNING - 2 locations, 1 failing, 0 stale, "
        check "nagios: UNKNOWN for a missing state file" nagios_service weatherd-missing 3 "WEATHERD UNKNOWN - "
        check "nagios: CRITICAL from weatherd alerts for a Severe warning" nagios_service weatherd-alerts 2 \
            "ALERTS CRITICAL - 1 in force: Minneapolis & St. Paul: Winter Storm Warning"
        check "nagios: weatherd air's state and line as the plugin gives them now, its perfdata graphable" \
            check_nagios_air
        [ -z "$fallback_ready" ] ||
            check "nagios: OK while met-norway serves the location, the long output says \"from met-norway\"" \
                check_nagios_source "$work/nagios/status.json" met-norway
    else
        stop "$nagios_pid"
        nagios_pid=
    fi
}

# The air service: the state and the line `weatherd air` gives now (the air changes once an hour), the
# indices of each location in its performance data.
check_nagios_air() {
    local line status
    line=$("$weatherd" air --state-file "$state" | head -n 1)
    status=${PIPESTATUS[0]}
    nagios_service weatherd-air "$status" "${line%% |*}" || return 1
    [[ $line == "AIR "* ]] || {
        reason="weatherd air says: $line"
        return 1
    }
    if [ "$(jq '."weatherd-air".perfdata | has("oslo_aqi") and has("oslo_uv_index")' "$work/nagios/status.json")" != true ]; then
        reason="no oslo_aqi and oslo_uv_index in the perfdata: $(jq -c '."weatherd-air".perfdata | keys' "$work/nagios/status.json")"
        return 1
    fi
}

# The second daemon's service in status.json $1: OK, and its location's line in the long output says
# "from met-norway" ($2 = met-norway) or not (open-meteo).
check_nagios_source() {
    nagios_service weatherd-fallback 0 "WEATHERD OK - 1 location, 0 failing, 0 stale, " || return 1
    local long
    long=$(jq -r '."weatherd-fallback".long_plugin_output // ""' "$1")
    detail="$detail; long output: ${long:0:160}"
    if [ "$2" = met-norway ] && [[ $long != *"Bergen"*"· from met-norway"* ]]; then
        reason="no \"· from met-norway\" for Bergen in the long output: $long"
        late_reason met-norway
        return 1
    fi
    if [ "$2" = open-meteo ] && { [[ $long == *"from met-norway"* ]] || [[ $long != *"Bergen"* ]]; }; then
        reason="the long output still names met-norway (or not Bergen): $long"
        return 1
    fi
}

# After the return: a check run since then (status.dat read again until it shows one, at most 10 s).
check_nagios_returned() {
    local dir=$work/nagios returned_at
    returned_at=$(date +%s)
    rechecked() {
        [ -s "$dir/status.dat" ] &&
            python3 "$helpers/nagios-status.py" "$dir/status.dat" >"$dir/status-returned.json" 2>/dev/null &&
            [ "$(jq -r '."weatherd-fallback".last_check // 0' "$dir/status-returned.json")" -gt "$returned_at" ]
    }
    if ! wait_for 10 rechecked; then
        reason="no check of the second daemon within 10 s after its return"
        return 1
    fi
    cp "$dir/status-returned.json" "$dir/status.json"
    check_nagios_source "$dir/status.json" open-meteo
}
