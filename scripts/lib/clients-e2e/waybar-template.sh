# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e, Waybar: a third module, pinned on Oslo, has a user template (`--text`) — its JSON
# line has the template's text and a tooltip with the hours' sparkline and a row per coming day
# (Tests/clients/forecast-texts.py checks them against the state file), the bar shows that text
# (exactly as wide as a plain module given the same text), and with the pointer on the module (a
# virtual pointer, Tests/clients/virtual-pointer.py: the headless sway has none) Waybar opens the
# tooltip below the bar.

# The template module's JSON line — what its command prints first (Waybar runs it with --follow) —
# against the state file as Tests/clients/forecast-texts.py reads it, copies taken before and after.
check_template_line() {
    local before after output
    oslo_has_forecast() {
        [ "$(jq '.locations[] | select(.id == "oslo") | (.forecast.daily // [] | length) * (.forecast.hourly // [] | length)' \
            "$state" 2>/dev/null)" -gt 0 ] 2>/dev/null
    }
    if ! wait_for 10 oslo_has_forecast; then
        reason="no hours or days for Oslo in the state file"
        return 1
    fi
    cp "$state" "$work/bar/state-before.json"
    before=$(date +%s.%N)
    sh -c "$template_command" >"$work/bar/template.json" 2>"$work/bar/template.err"
    after=$(date +%s.%N)
    cp "$state" "$work/bar/state-after.json"
    if output=$(python3 "$helpers/forecast-texts.py" waybar oslo "$before" "$after" \
        "$work/bar/state-before.json" "$work/bar/state-after.json" <"$work/bar/template.json" 2>&1); then
        detail=$output
    else
        reason="$output: $(head -c 600 "$work/bar/template.json") $(cat "$work/bar/template.err")"
        return 1
    fi
}

# The bar shows that text: the module is exactly as wide as a plain module (no JSON, no template:
# the line of a file, $work/bin/mirror) given the text of the module's line.
check_template_shown() {
    local text colours template_width mirror_width
    widths_agree() {
        text=$(sh -c "$template_command" | jq -r .text)
        # Replaced, not rewritten in place: the plain module must never read it empty.
        [ "$text" = "$(cat "$work/bar/mirror.txt")" ] || {
            printf '%s\n' "$text" >"$work/bar/mirror.txt.new" && mv "$work/bar/mirror.txt.new" "$work/bar/mirror.txt"
        }
        colours=$(bar_colours) || return 1
        template_width=$(colour_width "$colours" "$template_colour")
        mirror_width=$(colour_width "$colours" "$mirror_colour")
        [ "$template_width" -gt 0 ] && [ "$template_width" = "$mirror_width" ] &&
            [ "$(bar_colours)" = "$colours" ]
    }
    wait_for 10 widths_agree
    detail="'$text': ${template_width:-0} px, a plain module with that text: ${mirror_width:-0} px"
    if [ "${template_width:-0}" -eq 0 ] || [ "$template_width" != "$mirror_width" ]; then
        reason="$detail; Waybar's log: $(tail -3 "$work/bar/waybar.log" | tr '\n' ' ')"
        return 1
    fi
}

# The pointer on the template module (a virtual pointer: the headless sway has no pointer of its
# own): Waybar opens the tooltip below the bar, as tall as its lines. With CLIENTS_E2E_SCREENSHOT,
# the bar's left part down to the tooltip's bottom is kept as PNG.
# With the pointer on a module (virtual-pointer.py), Waybar draws its tooltip below the bar. $1 the
# module's colour, $2 its command, $3 a PNG file in $work/bar for a screenshot of the bar with the
# tooltip (empty: none); by default the template module's, into bar.png when a screenshot is wanted.
check_tooltip_shown() {
    local colour=${1:-$template_colour} command=${2:-$template_command} shot=${3-}
    [ $# -ge 3 ] || [ -z "$screenshot_target" ] || shot=$work/bar/bar.png
    local colours first width x pointer_pid box="" lines
    colours=$(bar_colours) || {
        reason="no screenshot: $(tail -2 "$work/grim.log")"
        return 1
    }
    first=$(colour_first "$colours" "$colour")
    width=$(colour_width "$colours" "$colour")
    [ "$width" -gt 0 ] || {
        reason="the module ($colour) is not on the bar"
        return 1
    }
    lines=$(sh -c "$command" | jq -r .tooltip | wc -l)
    lines=$((lines + 1))
    # On the module's right padding, so that the pointer hides none of its text.
    x=$((first + width - 8))
    install -m 0755 "$helpers/virtual-pointer.py" "$work/bin/virtual-pointer.py"
    as_bar_user env -i XDG_RUNTIME_DIR="$work/runtime" WAYLAND_DISPLAY="$wayland_display" \
        python3 "$work/bin/virtual-pointer.py" "$x" 15 "$screen_width" "$screen_height" 20 \
        >"$work/bar/pointer.log" 2>&1 &
    pointer_pid=$!
    pids+=("$pointer_pid")
    # Something below the bar, at least 12 px a line of the tooltip's text, the same in two shots.
    tooltip_drawn() {
        local again
        bar_shot "$work/bar/screen.ppm" ppm "0,0 ${screen_width}x$screen_height" &&
            box=$(python3 "$helpers/drawn-box.py" "$work/bar/screen.ppm" 31) && [ "$box" != null ] &&
            [ "$(jq .height <<<"$box")" -ge $((lines * 12)) ] &&
            bar_shot "$work/bar/screen.ppm" ppm "0,0 ${screen_width}x$screen_height" &&
            again=$(python3 "$helpers/drawn-box.py" "$work/bar/screen.ppm" 31) && [ "$again" = "$box" ]
    }
    if ! wait_for 8 tooltip_drawn; then
        reason="no tooltip of $lines lines below the bar (drawn: ${box:-nothing}): $(tail -2 "$work/bar/pointer.log")"
        stop "$pointer_pid"
        return 1
    fi
    detail="pointer at $x,15; a tooltip of $lines lines at $(jq -r '"\(.x),\(.y), \(.width)×\(.height) px"' <<<"$box")"
    if [ -n "$shot" ]; then
        local right bottom
        right=$(jq --argjson m $((first + width)) '[.x + .width, $m] | max + 16' <<<"$box")
        bottom=$(jq '.y + .height + 16' <<<"$box")
        bar_shot "$shot" png "0,0 ${right}x$bottom"
    fi
    stop "$pointer_pid"
    return 0
}

# The check named $1 that the pointer opens the tooltip of the module in colour $2 (its command $3); with a
# screenshot target $4 (a CLIENTS_E2E_*_SCREENSHOT), the shot is taken into $work/bar/$5 and kept there.
check_tooltip_kept() {
    local shot=
    [ -z "$4" ] || shot=$work/bar/$5
    check "$1" check_tooltip_shown "$2" "$3" "$shot"
    if [ -n "$shot" ] && [ -s "$shot" ]; then
        cp "$shot" "$4" && echo "# screenshot: $4"
    fi
}
