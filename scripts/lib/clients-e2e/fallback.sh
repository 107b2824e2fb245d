# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e: the second source in the clients — a second daemon (Bergen, interval 1 s, refresh
# every_tick) against a second look-alike whose Open-Meteo goes down 3 s after its start for 30 s
# (`--down-after 3 --down-for 30`, 503) and whose data period is 60 s (`--data-interval 60`, the shortest
# the daemon plans with); its MET Norway look-alike on the same port (`--met-norway-url`). The daemon
# moves Bergen to met-norway at the second 503 and asks Open-Meteo again one data period later, when it
# is back: each client shows met-norway, then open-meteo.
#
# Started before the clients, so that the minute until Open-Meteo is asked again passes while the other
# checks run. Within that minute: the Waybar module custom/fallback first thing once the bar is up, then
# a block of the i3blocks run, node_exporter (a second instance on the daemon's textfile) and a service
# of the Nagios run (a check that comes too late says so); after the other checks, the wait for the
# return (bounded: 90 s after the move) and the same clients again.

fallback_dir=
fallback_state=
fallback_api=
fallback_pid=
fallback_daemon_pid=
# What the bar's and i3blocks' fallback module shows: the location and the source serving it.
fallback_template='{name} · {source}'
fallback_command=
fallback_port=
# When the daemon moved Bergen (its `fallback_since`).
fallback_since=
# Set once it did: the other checks of the second source run only then.
fallback_ready=
# When launch_fallback started the daemon (bash's SECONDS).
fallback_launched=0

# Bergen's source in the second daemon's state file (empty while there is none).
fallback_source() {
    jq -r '.locations[0].source // ""' "$fallback_state" 2>/dev/null
}

on_met_norway() {
    [ "$(fallback_source)" = met-norway ] &&
        [ "$(jq -r '.locations[0].fallback_since // ""' "$fallback_state" 2>/dev/null)" != "" ] &&
        [ "$(jq -r '.locations[0].weather != null' "$fallback_state" 2>/dev/null)" = true ]
}

# Fails, saying why, when Bergen is no longer on met-norway: a check of the fallback that comes too late.
still_on_met_norway() {
    on_met_norway && return 0
    reason="Bergen is on '$(fallback_source)' again, $(($(date +%s) - $(date -d "$fallback_since" +%s))) s after the move:"
    reason+=" the checks before this one took longer than the data period (60 s) it spends on met-norway"
    return 1
}

# After a failed check of a client's earlier output ($1: the source it should show): says so when Bergen
# is no longer on met-norway.
late_reason() {
    local said=$reason
    [ "$1" = open-meteo ] || still_on_met_norway || reason="$said; $reason"
}

back_on_open_meteo() {
    [ "$(fallback_source)" = open-meteo ] &&
        [ "$(jq -r '.locations[0].fallback_since // ""' "$fallback_state" 2>/dev/null)" = "" ]
}

# The second look-alike and its daemon, started (check_fallback_moved waits for the move).
launch_fallback() {
    fallback_dir=$work/fallback
    fallback_state=$fallback_dir/state.json
    mkdir -p "$fallback_dir" "$work/fallback-textfile"
    "$fake_binary" --port 0 --port-file "$fallback_dir/port" --data-interval 60 \
        --down-after 3 --down-for 30 --down-mode 503 >"$fallback_dir/fake.log" 2>&1 &
    fallback_pid=$!
    pids+=("$fallback_pid")
    wait_for 10 test -s "$fallback_dir/port" || {
        echo "clients-e2e: the second fake-open-meteo did not start: $(tail -3 "$fallback_dir/fake.log")" >&2
        exit 2
    }
    fallback_api=http://127.0.0.1:$(tr -d '[:space:]' <"$fallback_dir/port")
    fallback_command="$weatherd status --state-file $fallback_state --format waybar --text '$fallback_template'"
    cat >"$fallback_dir/config.yaml" <<EOF
interval: 1s
refresh: every_tick
timeout: 1s
state_file: $fallback_state
cache_file: $fallback_dir/cache.json
prometheus_textfile: $work/fallback-textfile/weatherd.prom
contact: clients-e2e@example.org
locations:
  - name: Bergen
    latitude: 60.39
    longitude: 5.32
EOF
    "$weatherd" run --config "$fallback_dir/config.yaml" --api-url "$fallback_api" --alerts-url "$fallback_api" \
        --met-norway-url "$fallback_api" --log-target stderr >"$fallback_dir/daemon.log" 2>&1 &
    fallback_daemon_pid=$!
    pids+=("$fallback_daemon_pid")
    fallback_launched=$SECONDS
}

# The check that the second daemon moved Bergen to met-norway, at most 20 s after launch_fallback: run
# after the Waybar checks, by when it has (its look-alike fails from its third second on).
check_fallback_moved() {
    wait_for $((20 - (SECONDS - fallback_launched))) on_met_norway || {
        reason="source '$(fallback_source)' 20 s after the start: $(tail -3 "$fallback_dir/daemon.log")"
        return 1
    }
    fallback_since=$(jq -r '.locations[0].fallback_since' "$fallback_state")
    fallback_ready=1
    local said
    said=$(grep -m1 -o 'Bergen: weather now from met-norway.*' "$fallback_dir/daemon.log" | cut -c1-160)
    detail="moved at $fallback_since${said:+; the daemon said: $said}"
}

# --- Waybar: the module custom/fallback (waybar-bar.sh puts it on the bar) ------------------------------

# Its JSON line: the class `fallback` while met-norway serves Bergen, none after; `{source}` in the text.
# $1 the source expected.
check_fallback_line() {
    local line classes text
    [ "$1" = open-meteo ] || still_on_met_norway || return 1
    line=$(sh -c "$fallback_command") || {
        reason="status --format waybar failed"
        return 1
    }
    classes=$(jq -c .class <<<"$line")
    text=$(jq -r .text <<<"$line")
    detail="text '$text', class $classes"
    if [ "$text" != "Bergen · $1" ]; then
        reason="text '$text', not 'Bergen · $1'"
        return 1
    fi
    local has
    has=$(jq '.class | if type == "array" then index("fallback") != null else . == "fallback" end' <<<"$line")
    if { [ "$1" = met-norway ] && [ "$has" != true ]; } || { [ "$1" = open-meteo ] && [ "$has" != false ]; }; then
        reason="class $classes"
        return 1
    fi
}

# The bar: the module in its `fallback` CSS colour (or its own again, $1 = open-meteo), and the text Waybar
# draws is the line's (exactly as wide as the plain module given the same text).
check_fallback_shown() {
    local want=$fallback_colour other=$fallback_plain_colour colours text module_width mirror_width
    if [ "$1" = open-meteo ]; then
        want=$fallback_plain_colour
        other=$fallback_colour
    else
        still_on_met_norway || return 1
    fi
    shown() {
        text=$(sh -c "$fallback_command" | jq -r .text)
        [ "$text" = "$(cat "$work/bar/mirror.txt")" ] || {
            printf '%s\n' "$text" >"$work/bar/mirror.txt.new" && mv "$work/bar/mirror.txt.new" "$work/bar/mirror.txt"
        }
        colours=$(bar_colours) || return 1
        module_width=$(colour_width "$colours" "$want")
        mirror_width=$(colour_width "$colours" "$mirror_colour")
        [ "$module_width" -gt 0 ] && [ "$(colour_width "$colours" "$other")" = 0 ] &&
            [ "$module_width" = "$mirror_width" ] && [ "$(bar_colours)" = "$colours" ]
    }
    if ! wait_for 10 shown; then
        reason="'$text': #$want ${module_width:-0} px, a plain module with that text ${mirror_width:-0} px (colours: ${colours:-none})"
        return 1
    fi
    detail="'$text' in #$want, $module_width px, as wide as a plain module with that text"
}

checks_waybar_fallback() {
    [ -n "$waybar_ready" ] && [ -n "$fallback_ready" ] || return 0
    check "waybar: while met-norway serves the location, the module has the class fallback and {source} says met-norway" \
        check_fallback_line met-norway
    check "waybar: the bar paints it in its fallback style (CSS) and shows that text" check_fallback_shown met-norway
}

# --- i3blocks: the block weather-source of the run in i3blocks.sh ---------------------------------------

# Every text the block showed during that run is `Bergen · $1`.
check_i3blocks_source() {
    local texts shown
    texts=$(python3 "$helpers/i3bar-blocks.py" "$1") || {
        reason="no i3bar protocol on stdout"
        return 1
    }
    shown=$(jq -r '."weather-source" // [] | join(" → ")' <<<"$texts")
    detail=$shown
    if [ -z "$shown" ] || [ "$(jq --arg t "Bergen · $2" '."weather-source" | all(. == $t)' <<<"$texts")" != true ]; then
        reason="weather-source showed '$shown', not only 'Bergen · $2'"
        late_reason "$2"
        return 1
    fi
}

# After the return: i3blocks with the block alone, 3 s.
check_i3blocks_returned() {
    cat >"$work/i3blocks-source.conf" <<EOF
[weather-source]
command=$fallback_command | jq -r .text
interval=1
markup=pango
EOF
    sleep 4 | timeout -s TERM 3 i3blocks -c "$work/i3blocks-source.conf" >"$work/i3blocks-source.out" 2>&1
    check_i3blocks_source "$work/i3blocks-source.out" open-meteo
}

# --- node_exporter: a second instance on the second daemon's textfile -----------------------------------

# The scraped series of the sources: weatherd_location_source 1 for $1 and 0 for the other,
# weatherd_source_requests_total of each, no scrape error. Sets source_requests (JSON).
source_requests=
check_node_exporter_source() {
    local metrics=$work/fallback-metrics other=open-meteo
    if [ "$1" = open-meteo ]; then
        other=met-norway
    else
        still_on_met_norway || return 1
    fi
    [ -n "$fallback_port" ] || {
        fallback_port=$(free_port)
        prometheus-node-exporter --web.listen-address="127.0.0.1:$fallback_port" --collector.disable-defaults \
            --collector.textfile --collector.textfile.directory="$work/fallback-textfile" \
            >"$work/fallback-node-exporter.log" 2>&1 &
        pids+=($!)
    }
    gauge() {
        sed -n "s/^weatherd_location_source{location=\"bergen\",source=\"$1\"} //p" "$metrics"
    }
    scraped() {
        curl -fsS -o "$metrics" "http://127.0.0.1:$fallback_port/metrics" 2>/dev/null &&
            [ "$(gauge "$1")" = 1 ] && [ "$(gauge "$other")" = 0 ]
    }
    if ! wait_for 10 scraped "$1"; then
        reason="weatherd_location_source: $1 '$(gauge "$1" 2>/dev/null)', $other '$(gauge "$other" 2>/dev/null)'"
        return 1
    fi
    if ! grep -qx 'node_textfile_scrape_error 0' "$metrics"; then
        reason="$(grep node_textfile_scrape_error "$metrics")"
        return 1
    fi
    local previous=${source_requests:-"{}"}
    source_requests=$(sed -n 's/^weatherd_source_requests_total{source="\([a-z-]*\)"} \(.*\)$/"\1": \2/p' "$metrics" |
        paste -sd, | sed 's/^/{/; s/$/}/')
    detail="bergen: $1 1, $other 0; weatherd_source_requests_total $source_requests"
    # The source serving Bergen was asked (since the scrape before, when there was one).
    if [ "$(jq -n --argjson now "$source_requests" --argjson before "$previous" --arg s "$1" \
        '($now[$s] // 0) > ($before[$s] // 0)')" != true ]; then
        reason="weatherd_source_requests_total{source=\"$1\"}: $source_requests (before: $previous)"
        return 1
    fi
}

# --- the return ---------------------------------------------------------------------------------------

# Bergen back on Open-Meteo: the daemon asks it again one data period (60 s) after the move.
check_fallback_returns() {
    local deadline
    deadline=$(($(date -d "$fallback_since" +%s) + 90 - $(date +%s)))
    [ "$deadline" -gt 0 ] || deadline=1
    if ! wait_for "$deadline" back_on_open_meteo; then
        reason="still '$(fallback_source)' 90 s after the move at $fallback_since"
        return 1
    fi
    detail="moved at $fallback_since, back on open-meteo by $(date -u +%FT%TZ)"
}

checks_fallback_return() {
    # The return waits for Open-Meteo's next data period, about 40 s after the other checks: make ci asks
    # for it (CLIENTS_E2E_FALLBACK_RETURN=1); make test leaves it to the planner's tables
    # (LoopTableSourcesTests), which decide it.
    if [ -z "$fallback_ready" ] || [ "${CLIENTS_E2E_FALLBACK_RETURN:-}" != 1 ]; then
        [ -z "$fallback_ready" ] || echo "# the clients back on open-meteo: with CLIENTS_E2E_FALLBACK_RETURN=1 (make ci)"
        [ -z "$nagios_pid" ] || stop "$nagios_pid"
        return
    fi
    if ! check "the second daemon brings Bergen back to open-meteo once Open-Meteo answers again" check_fallback_returns; then
        return
    fi
    if [ -n "$waybar_ready" ]; then
        check "waybar: back on open-meteo, the module loses the class fallback and {source} says open-meteo" \
            check_fallback_line open-meteo
        check "waybar: the bar paints it in its own style again and shows that text" check_fallback_shown open-meteo
    fi
    if client_available i3blocks; then
        check "i3blocks: the block with {source} shows open-meteo again" check_i3blocks_returned
    fi
    if client_available node_exporter; then
        check "node_exporter: weatherd_location_source is 1 for open-meteo again, its requests counted" \
            check_node_exporter_source open-meteo
    fi
    if [ -n "$nagios_pid" ]; then
        check "nagios: the check of the second daemon no longer names met-norway" check_nagios_returned
        stop "$nagios_pid"
        nagios_pid=
    fi
}
