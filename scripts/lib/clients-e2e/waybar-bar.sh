# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e: Waybar under a headless sway (wlroots' headless backend and pixman renderer, as
# an unprivileged user of its own with its own XDG_RUNTIME_DIR) — the bar, its modules and
# screenshots of it (grim); the checks in waybar-rotation.sh, waybar-template.sh, waybar-alert.sh,
# waybar-language.sh and
# fallback.sh (the module custom/fallback shows the second daemon's location and source).

bar_uid=
sway_pid=
wayland_display=
# Colours of the CSS below, as they come out of pixman.
live_colour=2e5c8a
reference_colour=3a7a4a
critical_colour=a03030
unknown_colour=6a6a6a
template_colour=8a5c2e
mirror_colour=5c2e8a
alert_quiet_colour=2e8a8a
alert_colour=b02060
fallback_plain_colour=4a4a8a
fallback_colour=c08020
# The screen: the bar at the top, room below for the tooltip.
screen_width=1600
screen_height=480
# The user template of a Waybar module pinned on Oslo and of an i3blocks block
# (Tests/clients/forecast-texts.py knows what it gives).
template='{icon} {temperature:.1}{unit} {name} · {precipitation_probability_6h}%'
# Its command (set by checks_waybar).
template_command=
# Runs $@ as the bar's user (as root: a user id of its own; otherwise the caller, already unprivileged).
as_bar_user() {
    if [ "$bar_uid" = "$(id -u)" ]; then
        "$@"
    else
        setpriv --reuid="$bar_uid" --regid="$bar_uid" --clear-groups "$@"
    fi
}

bar_shot() {
    # $1: the file, $2: grim's file type (ppm), $3: the region (the whole bar).
    as_bar_user env -i XDG_RUNTIME_DIR="$work/runtime" WAYLAND_DISPLAY="$wayland_display" \
        grim -t "${2:-ppm}" -g "${3:-0,0 ${screen_width}x30}" "$1" 2>>"$work/grim.log"
}
# The widths (and first columns) of the module colours on the bar's row 2, as JSON.
bar_colours() {
    bar_shot "$work/bar/shot.ppm" ppm &&
        python3 "$helpers/bar-colours.py" "$work/bar/shot.ppm" 2 \
            "$live_colour" "$reference_colour" "$critical_colour" "$unknown_colour" \
            "$template_colour" "$mirror_colour" "$alert_quiet_colour" "$alert_colour" \
            "$fallback_plain_colour" "$fallback_colour" "$german_colour"
}
colour_width() { jq -r --arg c "$2" '.[$c].width' <<<"$1"; }
colour_first() { jq -r --arg c "$2" '.[$c].first' <<<"$1"; }

start_bar() {
    local candidate
    # As root, a user id of its own (sway refuses root): no passwd entry needed, nothing else runs as it.
    if [ "$(id -u)" -ne 0 ]; then
        bar_uid=$(id -u)
    else
        for candidate in $(shuf -i 61000-64999 -n 20); do
            if ! getent passwd "$candidate" >/dev/null && ! pgrep -U "$candidate" >/dev/null; then
                bar_uid=$candidate
                break
            fi
        done
    fi
    [ -n "$bar_uid" ] || { reason="no free user id"; return 1; }
    mkdir -p "$work/runtime" "$work/bar"
    : >"$work/bar/mirror.txt"
    # The plain module prints the file's line whenever it changes, in continuous mode like the
    # weatherd modules. Not `interval`: Waybar 0.9.17 runs such a command again at every interval,
    # and in one CI run that module stayed off the bar for the whole 10 s wait. It ends with its parent:
    # a line that never changes would never meet the closed pipe.
    cat >"$work/bin/mirror" <<EOF
#!/bin/sh
last=
while kill -0 "\$PPID" 2>/dev/null; do
    line=\$(cat "$work/bar/mirror.txt")
    [ "\$line" = "\$last" ] || { printf '%s\\n' "\$line"; last=\$line; }
    sleep 0.2
done
EOF
    chmod 0755 "$work/bin/mirror"
    chown "$bar_uid:$bar_uid" "$work/runtime" "$work/bar"
    chmod 0700 "$work/runtime"
    cat >"$work/waybar.json" <<EOF
{
    "layer": "top",
    "position": "top",
    "height": 30,
    "modules-left": ["custom/alert", "custom/template", "custom/weather", "custom/german"],
    "modules-right": ["custom/fallback", "custom/mirror", "custom/reference"],
    "custom/weather": {
        "exec": "$weatherd status --state-file $state --format waybar --follow",
        "return-type": "json"
    },
    "custom/template": {
        "exec": "$template_command --follow",
        "return-type": "json"
    },
    "custom/alert": {
        "exec": "$alert_command --follow",
        "return-type": "json"
    },
    "custom/german": {
        "exec": "$german_command --follow",
        "return-type": "json"
    },
    "custom/mirror": {
        "exec": "$work/bin/mirror"
    },
    "custom/fallback": {
        "exec": "$fallback_command --follow",
        "return-type": "json"
    },
    "custom/reference": {
        "exec": "$weatherd status --state-file $state --format waybar --location oslo --follow",
        "return-type": "json"
    }
}
EOF
    cat >"$work/waybar.css" <<EOF
* { font-family: "DejaVu Sans", sans-serif; font-size: 14px; border: none; border-radius: 0; min-height: 0; }
window#waybar { background: #1e2030; color: #e8e8f0; }
#custom-weather { background: #$live_colour; padding: 0 12px; }
#custom-weather.critical { background: #$critical_colour; }
#custom-weather.unknown { background: #$unknown_colour; }
#custom-reference { background: #$reference_colour; padding: 0 12px; }
#custom-template { background: #$template_colour; padding: 0 12px; }
#custom-german { background: #$german_colour; padding: 0 12px; }
#custom-mirror { background: #$mirror_colour; padding: 0 12px; }
#custom-alert { background: #$alert_quiet_colour; padding: 0 12px; }
#custom-alert.alert-severe { background: #$alert_colour; }
#custom-fallback { background: #$fallback_plain_colour; padding: 0 12px; }
#custom-fallback.fallback { background: #$fallback_colour; }
tooltip { background: #1e2030; border: 1px solid #5a6080; }
tooltip label { color: #e8e8f0; padding: 4px; }
EOF
    cat >"$work/sway.config" <<EOF
output HEADLESS-1 resolution ${screen_width}x$screen_height
xwayland disable
exec waybar -c $work/waybar.json -s $work/waybar.css >$work/bar/waybar.log 2>&1
EOF
    as_bar_user env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$work/bar" XDG_RUNTIME_DIR="$work/runtime" \
        WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
        sway -c "$work/sway.config" >"$work/bar/sway.log" 2>&1 &
    sway_pid=$!
    # sway's socket, then Waybar's module on the screen.
    find_display() {
        wayland_display=$(find "$work/runtime" -maxdepth 1 -name 'wayland-[0-9]' -printf '%f\n' | head -n 1)
        [ -n "$wayland_display" ]
    }
    wait_for 15 find_display || {
        reason="sway did not start: $(tail -3 "$work/bar/sway.log")"
        return 1
    }
    module_shown() {
        local colours
        colours=$(bar_colours) && [ "$(colour_width "$colours" "$live_colour")" -gt 0 ] &&
            [ "$(colour_width "$colours" "$reference_colour")" -gt 0 ]
    }
    wait_for 15 module_shown || {
        reason="no module on the bar: $(tail -3 "$work/bar/waybar.log")"
        return 1
    }
    detail="sway $(dpkg-query -W -f='${Version}' sway), waybar $(dpkg-query -W -f='${Version}' waybar), user id $bar_uid"
}

# The bar, then its checks (waybar-rotation.sh, waybar-template.sh) while the daemon runs.
waybar_ready=
checks_waybar() {
    template_command="$weatherd status --state-file $state --format waybar --location oslo --text '$template'"
    alert_command="$weatherd status --state-file $state --format waybar --location minneapolis-st-paul"
    german_command="$weatherd status --state-file $state --format waybar --location oslo --language de --text '$german_template'"
    if ! client_available waybar; then
        skip "waybar" "${unavailable[waybar]}"
        return
    fi
    check "waybar: headless sway with Waybar runs as an unprivileged user" start_bar && waybar_ready=1
    if [ -n "$waybar_ready" ]; then
        sample_rotation
        check "waybar: the module in continuous mode follows the daemon's rotation" check_follows_rotation
        check "waybar: showing Oslo it is exactly as wide as a module fixed on Oslo" check_matches_reference
        check "waybar: a name with & is shown (Pango markup escaped)" check_ampersand
        check "waybar: a module with --text prints the template's text and a tooltip with the hours and the days" \
            check_template_line
        check "waybar: the bar shows the template's text (as wide as a plain module with that text)" \
            check_template_shown
        check "waybar: with the pointer on the module, Waybar shows its tooltip" check_tooltip_shown
        if [ -n "$screenshot_target" ] && [ -s "$work/bar/bar.png" ]; then
            cp "$work/bar/bar.png" "$screenshot_target" && echo "# screenshot: $screenshot_target"
        fi
        checks_waybar_alert
        checks_waybar_language
    fi
}

# After the daemon stopped.
checks_waybar_after_stop() {
    [ -n "$waybar_ready" ] || return 0
    check "waybar: the module turns critical when the daemon stops (no new file: the follower's timer)" \
        check_turns_critical
    check "waybar: the module stays visible (unknown) when the state directory is removed" check_stays_visible
}
