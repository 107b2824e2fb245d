# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e: an official warning in the real Waybar — a module pinned on Minneapolis, whose
# NWS look-alike answers a Severe Winter Storm Warning: its JSON line has the `alert` and
# `alert-severe` classes and a tooltip that starts with the warning, the bar paints the module in its
# `alert-severe` CSS colour, and with the pointer on it Waybar shows that tooltip.

# Its command (set by checks_waybar).
alert_command=

check_alert_line() {
    local line classes first
    line=$(sh -c "$alert_command") || {
        reason="status --format waybar failed"
        return 1
    }
    classes=$(jq -c .class <<<"$line")
    first=$(jq -r '.tooltip | split("\n")[0]' <<<"$line")
    detail="class $classes; tooltip: $first"
    if [ "$(jq '.class | index("alert") != null and index("alert-severe") != null' <<<"$line")" != true ]; then
        reason="class $classes"
        return 1
    fi
    [[ $first == "⚠ Winter Storm Warning until "* ]] || {
        reason="the tooltip starts with: $first"
        return 1
    }
}

check_alert_shown() {
    local colours
    shown() {
        colours=$(bar_colours) && [ "$(colour_width "$colours" "$alert_colour")" -gt 0 ]
    }
    wait_for 8 shown || {
        reason="no module in the alert colour on the bar: $colours"
        return 1
    }
    [ "$(colour_width "$colours" "$alert_quiet_colour")" = 0 ] || {
        reason="the module is also in its quiet colour: $colours"
        return 1
    }
    detail="$(colour_width "$colours" "$alert_colour") px wide in #$alert_colour"
}

checks_waybar_alert() {
    check "waybar: a Severe warning gives the module the alert and alert-severe classes and a tooltip that starts with it" \
        check_alert_line
    check "waybar: the bar paints the warned module in its alert-severe style (CSS)" check_alert_shown
    check_tooltip_kept "waybar: with the pointer on the warned module, Waybar shows its tooltip" \
        "$alert_colour" "$alert_command" "$alert_screenshot_target" alert.png
}
