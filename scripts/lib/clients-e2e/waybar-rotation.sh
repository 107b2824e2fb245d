# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e, Waybar: the module in continuous mode (`status --format waybar --follow`, no
# interval) follows the daemon's rotation — exactly as wide as a second module fixed on one location
# when it shows that location, the name with "&" shown — turns to its `critical` style (CSS) when the
# daemon stops, and stays visible (`unknown`) when the state file is gone.

# Screenshots taken while one location is current (drawn, and still current after the shot):
# "location live-width reference-width" lines in $work/widths, until each location was seen.
declare -A live_width=()
reference_width=
sample_rotation() {
    local deadline=$((SECONDS + 25)) before after colours again shown
    local -A seen=()
    : >"$work/widths"
    shown=$(bar_colours)
    while [ "$SECONDS" -lt "$deadline" ] && [ ${#seen[@]} -lt 3 ]; do
        before=$(current_location)
        wait_for 5 location_changed "$before" || continue
        before=$(current_location)
        # Waybar has drawn the new location once the module's width moved off the one shown before (the
        # three names differ in width; if the module does not change, check_follows_rotation says so
        # after the wait), and a second shot agrees.
        drawn() {
            colours=$(bar_colours) &&
                [ "$(colour_width "$colours" "$live_colour")" != "$(colour_width "$shown" "$live_colour")" ]
        }
        wait_for 2 drawn
        again=$(bar_colours)
        # What the next rotation must move off: the bar as last seen, whether or not this one is kept.
        shown=${again:-$colours}
        [ -n "$colours" ] && [ "$again" = "$colours" ] || continue
        after=$(current_location)
        [ -n "$before" ] && [ "$before" = "$after" ] || continue
        echo "$before $(colour_width "$colours" "$live_colour") $(colour_width "$colours" "$reference_colour")" \
            >>"$work/widths"
        seen[$before]=1
    done
    local location live reference
    while read -r location live reference; do
        live_width[$location]=$live
        reference_width=$reference
    done <"$work/widths"
}

check_follows_rotation() {
    local widths
    widths=$(tr '\n' ',' <"$work/widths")
    detail="widths in px: ${widths%,}"
    if [ ${#live_width[@]} -lt 3 ]; then
        reason="saw only ${#live_width[@]} locations in $(wc -l <"$work/widths") screenshots ($detail)"
        return 1
    fi
    if [ "${live_width[oslo]}" = "${live_width[minneapolis-st-paul]}" ] ||
        [ "${live_width[oslo]}" = "${live_width[longyearbyen]}" ]; then
        reason="the module did not change with the location ($detail)"
        return 1
    fi
}

check_matches_reference() {
    detail="Oslo: ${live_width[oslo]:-none} px, module fixed on Oslo: ${reference_width:-none} px"
    if [ -z "${live_width[oslo]:-}" ] || [ "${live_width[oslo]}" != "$reference_width" ]; then
        reason=$detail
        return 1
    fi
}

check_ampersand() {
    local oslo=${live_width[oslo]:-0} twin=${live_width[minneapolis-st-paul]:-0}
    detail="Minneapolis & St. Paul: $twin px, Oslo: $oslo px"
    # Unescaped, Pango refuses the markup and the label is left empty: as narrow as the padding.
    if [ "$twin" -le $((oslo + 60)) ]; then
        reason="the name with & is not shown in full ($detail)"
        return 1
    fi
}

# After the daemon stopped: the module turns to its `critical` style once the state is older than
# 3 × interval + timeout (7 s) — the follower's timer, no new file.
check_turns_critical() {
    local colours stopped=$SECONDS
    turned_critical() {
        colours=$(bar_colours) && [ "$(colour_width "$colours" "$critical_colour")" -gt 0 ]
    }
    if ! wait_for 15 turned_critical; then
        reason="not critical 15 s after the daemon stopped: $colours"
        return 1
    fi
    detail="after $((SECONDS - stopped)) s, width $(colour_width "$colours" "$critical_colour") px"
}

check_stays_visible() {
    local colours
    rm -rf "$work/state"
    shown_unknown() {
        colours=$(bar_colours) && [ "$(colour_width "$colours" "$unknown_colour")" -gt 0 ]
    }
    if ! wait_for 5 shown_unknown; then
        reason="no unknown module after the state directory was removed: $colours"
        return 1
    fi
    detail="width $(colour_width "$colours" "$unknown_colour") px"
}
