# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e, checks 7-8: systemctl reload — a 4th location is applied by the same process,
# an invalid configuration is rejected (PRIORITY=3) and the running one kept.

reloaded_id=ae7695b6347c44e99526b0f23932508f
rejected_id=882277ffb3b54add9c66eaa3feb475dd
four=berlin,london,nyc,tokyo
# The locations of the state file as wait_state_ids or check_bad_reload last saw them.
state_ids=

# Waits up to $2 seconds until the state file lists the locations $1.
wait_state_ids() {
    local deadline=$((SECONDS + $2))
    while :; do
        state_ids=$(state_json | jq -r '[.locations[].id] | join(",")' 2>/dev/null)
        [ "$state_ids" = "$1" ] && return 0
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.25
    done
}

# Waits up to $3 seconds until more than $2 entries with MESSAGE_ID $1 (and
# PRIORITY $4) exist.
wait_message_id() {
    local deadline=$((SECONDS + $3))
    while :; do
        [ "$(count_message_id "$1" "${4:-}")" -gt "$2" ] && return 0
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.25
    done
}

# 7. reload with a 4th location
check_reload() {
    local out before pid_before=$main_pid
    before=$(count_message_id "$reloaded_id")
    put_config "$work/config4.yaml" || {
        reason="could not write the config"
        return 1
    }
    if ! out=$(sctl reload weatherd.service 2>&1); then
        reason="systemctl reload failed: $out"
        return 1
    fi
    if ! wait_state_ids "$four" 10; then
        reason="state file lists ${state_ids:-nothing} 10 s after the reload (expected $four)"
        return 1
    fi
    if ! wait_message_id "$reloaded_id" "$before" 5; then
        reason="no journal entry MESSAGE_ID=$reloaded_id after the reload"
        return 1
    fi
    if [ "$(sctl is-active weatherd.service)" != active ] || [ "$(prop MainPID)" != "$pid_before" ]; then
        reason="not the same active process after the reload (MainPID $(prop MainPID), was $pid_before)"
        return 1
    fi
    detail="locations $state_ids, MESSAGE_ID=$reloaded_id logged, MainPID $pid_before kept"
}

# 8. reload with an invalid config
check_bad_reload() {
    local out before ticks_before ticks_after entry pid_before=$main_pid
    before=$(count_message_id "$rejected_id" 3)
    put_config "$work/config-bad.yaml" || {
        reason="could not write the config"
        return 1
    }
    if ! out=$(sctl reload weatherd.service 2>&1); then
        reason="systemctl reload failed: $out"
        return 1
    fi
    if ! wait_message_id "$rejected_id" "$before" 10 3; then
        reason="no PRIORITY=3 journal entry MESSAGE_ID=$rejected_id within 10 s"
        return 1
    fi
    entry=$(unit_journal MESSAGE_ID="$rejected_id" PRIORITY=3 -n 1 | jq -r '.MESSAGE' | head -n 1)
    ticks_before=$(state_json | jq -r '.daemon.ticks' 2>/dev/null)
    # Two more ticks on the old config.
    ticked() {
        ticks_after=$(state_json | jq -r '.daemon.ticks' 2>/dev/null)
        [ "${ticks_after:-0}" -ge $((${ticks_before:-0} + 2)) ] 2>/dev/null
    }
    wait_for 10 ticked
    state_ids=$(state_json | jq -r '[.locations[].id] | join(",")' 2>/dev/null)
    if [ "$(sctl is-active weatherd.service)" != active ] || [ "$(prop MainPID)" != "$pid_before" ]; then
        reason="not the same active process after the rejected reload (MainPID $(prop MainPID), was $pid_before)"
        return 1
    fi
    if [ "$state_ids" != "$four" ]; then
        reason="state file lists $state_ids after the rejected reload (expected $four)"
        return 1
    fi
    if ! [ "${ticks_after:-0}" -gt "${ticks_before:-0}" ] 2>/dev/null; then
        reason="no tick after the rejected reload (ticks $ticks_before -> $ticks_after)"
        return 1
    fi
    # Restore the good config.
    before=$(count_message_id "$reloaded_id")
    if ! out=$(put_config "$work/config4.yaml" 2>&1 && sctl reload weatherd.service 2>&1); then
        reason="restoring the good config: $out"
        return 1
    fi
    if ! wait_message_id "$reloaded_id" "$before" 10; then
        reason="restoring the good config: no MESSAGE_ID=$reloaded_id"
        return 1
    fi
    detail="rejected: \"$entry\"; kept $state_ids, ticks $ticks_before -> $ticks_after; good config restored"
}

checks_reload() {
    check "7. systemctl reload with a 4th location: applied, unit stays active" check_reload
    check "8. systemctl reload with latitude 99: rejected (PRIORITY=3), old config kept" check_bad_reload
}
