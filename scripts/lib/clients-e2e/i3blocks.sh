# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e, i3blocks standalone (the i3bar protocol on its stdout): a block with
# `interval=1` and one with `interval=persist` (`--follow` piped through `jq --unbuffered -r .text`)
# show the rotating locations, a third with `--text` shows the user template, a fourth (`{source}`) the
# second daemon's location on met-norway (fallback.sh).

i3blocks_started=
i3blocks_ended=
check_i3blocks() {
    cat >"$work/i3blocks.conf" <<EOF
[weather-interval]
command=$weatherd status --config $work/config.yaml --format waybar | jq -r .text
interval=1
markup=pango

[weather-persist]
command=$weatherd status --config $work/config.yaml --format waybar --follow | jq --unbuffered -r .text
interval=persist
markup=pango

[weather-template]
command=$weatherd status --config $work/config.yaml --format waybar --text '$template' | jq -r .text
interval=1
markup=pango

[weather-source]
command=$fallback_command | jq -r .text
interval=1
markup=pango
EOF
    # stdin stays open (click events) for the run: a FIFO this script holds open. Once every block has
    # shown two texts (a rotation), i3blocks is stopped like a bar would stop it (SIGTERM).
    cp "$state" "$work/i3blocks-state-before.json"
    mkfifo "$work/i3blocks.in"
    local stdin i3blocks_pid
    exec {stdin}<>"$work/i3blocks.in"
    i3blocks_started=$(date +%s.%N)
    i3blocks -c "$work/i3blocks.conf" <"$work/i3blocks.in" >"$work/i3blocks.out" 2>"$work/i3blocks.err" &
    i3blocks_pid=$!
    pids+=("$i3blocks_pid")
    wait_for 20 i3blocks_rotated
    stop "$i3blocks_pid"
    exec {stdin}>&-
    i3blocks_ended=$(date +%s.%N)
    cp "$state" "$work/i3blocks-state-after.json"
    local texts
    if ! texts=$(python3 "$helpers/i3bar-blocks.py" "$work/i3blocks.out"); then
        reason="no i3bar protocol on stdout: $(head -c 200 "$work/i3blocks.out")"
        return 1
    fi
    local block text name count known
    for block in weather-interval weather-persist; do
        count=$(jq --arg b "$block" '.[$b] // [] | length' <<<"$texts")
        if [ "$count" -lt 2 ]; then
            reason="$block showed $(jq -c --arg b "$block" '.[$b]' <<<"$texts")"
            return 1
        fi
        # Each text is weatherd's: an icon, the temperature and a configured location's name.
        while IFS= read -r text; do
            known=
            while IFS= read -r name; do
                [[ $text == *" $name" ]] && known=1
            done < <(jq -r '.locations[].name' "$state")
            if [ -z "$known" ]; then
                reason="$block showed '$text', not a configured location"
                return 1
            fi
        done < <(jq -r --arg b "$block" '.[$b][]' <<<"$texts")
    done
    detail="persist: $(jq -r '."weather-persist" | join(" → ")' <<<"$texts")"
    # The persistent command ends when i3blocks is gone (its pipe closes).
    if ! wait_for 5 no_follower_of_ours; then
        reason="a --follow of i3blocks still runs after i3blocks ended"
        return 1
    fi
}

# Every block has shown at least two texts so far.
i3blocks_rotated() {
    python3 "$helpers/i3bar-blocks.py" "$work/i3blocks.out" 2>/dev/null |
        jq -e '[."weather-interval", ."weather-persist", ."weather-template"] | all(length >= 2)' >/dev/null
}

# No `status --follow` of i3blocks' is left (they name the configuration, Waybar's the state file).
no_follower_of_ours() {
    ! pgrep -f -- "--config $work/config.yaml --format waybar --follow\$" >/dev/null
}

# The block with --text: each text it showed is the template's for its location, as the state file
# said before or after the run (Tests/clients/forecast-texts.py).
check_i3blocks_template() {
    local texts output
    texts=$(python3 "$helpers/i3bar-blocks.py" "$work/i3blocks.out") || {
        reason="no i3bar protocol on stdout"
        return 1
    }
    if [ "$(jq '."weather-template" // [] | length' <<<"$texts")" -lt 2 ]; then
        reason="weather-template showed $(jq -c '."weather-template"' <<<"$texts")"
        return 1
    fi
    if output=$(jq -r '."weather-template"[]' <<<"$texts" |
        python3 "$helpers/forecast-texts.py" text "$i3blocks_started" "$i3blocks_ended" \
            "$work/i3blocks-state-before.json" "$work/i3blocks-state-after.json" 2>&1); then
        detail="$output: $(jq -r '."weather-template" | join(" → ")' <<<"$texts")"
    else
        reason=$output
        return 1
    fi
}

checks_i3blocks() {
    if client_available i3blocks; then
        check "i3blocks: blocks with interval=1 and interval=persist show the rotating locations" check_i3blocks
        check "i3blocks: a block with --text shows the user template" check_i3blocks_template
        [ -z "$fallback_ready" ] ||
            check "i3blocks: while met-norway serves the location, a block with {source} shows it" \
                check_i3blocks_source "$work/i3blocks.out" met-norway
    else
        skip "i3blocks" "${unavailable[i3blocks]}"
    fi
}
