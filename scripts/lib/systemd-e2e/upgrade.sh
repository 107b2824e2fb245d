# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e, check 11: the upgrade from the earlier layout (docs/state-file.md "Upgrading from an earlier version").

# 11. upgrade from the earlier layout (docs/state-file.md "Upgrading from an earlier version"): the service
# stopped, no cache, no /run/weatherd (as after a reboot), and the last state
# file where an earlier version kept it, /var/lib/weatherd/state.json (the
# same schema_version 1; a copy of the one the stopped service left, owned by
# weatherd as the StateDirectory= left it). The next start takes its weather
# over, writes the cache, and replaces it with a link to the new state file.
check_upgrade() {
    local old new out rc pid link deadline mismatch notice
    if ! old=$(ns cat "$state_file" 2>&1) || ! jq -e '.locations | length > 0' <<<"$old" >/dev/null 2>&1; then
        reason="no state file to play the earlier version's: $old"
        return 1
    fi
    if ! out=$(ns sh -c "install -o weatherd -g weatherd -m 0644 '$state_file' '$old_state_file' &&
            rm -f '$cache_file' && rm -rf '${state_file%/*}'" 2>&1); then
        reason="could not lay out the earlier version's files: $out"
        return 1
    fi
    if ! out=$(sctl start weatherd.service 2>&1) || [ "$(sctl is-active weatherd.service)" != active ]; then
        reason="systemctl start failed: $out $(sctl is-active weatherd.service)"
        return 1
    fi
    main_pid=$(prop MainPID)
    # The link replaces the old file once the takeover was written down.
    deadline=$((SECONDS + 10))
    while :; do
        link=$(ns readlink "$old_state_file" 2>/dev/null)
        [ "$link" = "$state_file" ] && ns test -s "$state_file" && ns test -s "$cache_file" && break
        if [ "$SECONDS" -ge "$deadline" ]; then
            reason="10 s after the start: $old_state_file -> ${link:-(not a link)}, $state_file $(ns test -s "$state_file" && echo there || echo missing), $cache_file $(ns test -s "$cache_file" && echo there || echo missing)"
            return 1
        fi
        sleep 0.25
    done
    if ! new=$(as_nobody cat "$state_file" 2>&1) || [ "$(jq -r '.daemon.pid' <<<"$new" 2>/dev/null)" != "$main_pid" ]; then
        reason="$state_file is not the new daemon's (MainPID $main_pid): $(head -c 300 <<<"$new")"
        return 1
    fi
    # Every location the old file had weather for and that is not due yet (its
    # next_refresh_at still ahead when the new file was written; a due one may
    # rightly have been fetched again): the same observation and fetch time.
    # (RFC 3339 UTC times with Z compare as strings.)
    mismatch=$(jq -rn --argjson old "$old" --argjson new "$new" '
        [$old.locations[] | select(.weather != null and .next_refresh_at != null
                                   and .next_refresh_at > $new.generated_at)] as $kept
        | [$kept[] | . as $o
           | ($new.locations[] | select(.id == $o.id)) as $n
           | select($n.weather.observed_at != $o.weather.observed_at or $n.fetched_at != $o.fetched_at)
           | "\($o.id): observed_at \($o.weather.observed_at) -> \($n.weather.observed_at // "null"), fetched_at \($o.fetched_at) -> \($n.fetched_at // "null")"]
          + (if ($kept | length) == 0 then ["no location of the old file has weather and is not due yet"] else [] end)
        | join("; ")' 2>&1)
    if [ -n "$mismatch" ]; then
        reason="old weather not taken over: $mismatch"
        return 1
    fi
    # A reader configured with the old path follows the link.
    out=$(as_nobody_clean "$ns_weatherd" status --state-file "$old_state_file" --format json 2>&1)
    rc=$?
    pid=$(jq -r '.daemon.pid' <<<"$out" 2>/dev/null)
    if [ "$rc" -ne 0 ] || [ "$pid" != "$main_pid" ]; then
        reason="weatherd status --state-file $old_state_file: exit $rc, daemon.pid ${pid:-?} (MainPID $main_pid): $(head -c 300 <<<"$out")"
        return 1
    fi
    notice=$(unit_journal _SYSTEMD_UNIT=weatherd.service _PID="$main_pid" |
        jq -r --arg old "$old_state_file" 'select(.PRIORITY == "5" and (.MESSAGE | contains("took the data of " + $old))) | .MESSAGE' |
        head -n 1)
    detail="$old_state_file -> $link, cache written, weather of $(jq -r --arg now "$(jq -r .generated_at <<<"$new")" '[.locations[] | select(.weather != null and .next_refresh_at != null and .next_refresh_at > $now) | .id] | join(",")' <<<"$old") kept (e.g. berlin observed_at $(jq -r '.locations[] | select(.id == "berlin") | .weather.observed_at' <<<"$new")); status --state-file $old_state_file exit 0${notice:+; journal: \"$notice\"}"
    if [ -z "$notice" ]; then
        reason="no NOTICE in the journal about taking $old_state_file over; $detail"
        return 1
    fi
}

checks_upgrade() {
    check "11. upgrade: $old_state_file of an earlier version taken over, now a link to $state_file, status through the link" check_upgrade
    sctl stop weatherd.service >/dev/null 2>&1
}
