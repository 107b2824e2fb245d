# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e, checks 9-10: how the service ends — the watchdog kills and restarts a hung
# process (WatchdogSec=3s, SIGSTOP), systemctl stop ends it within 2 s with exit 0 and leaves the last
# state file (RuntimeDirectoryPreserve=yes).

# 9. watchdog
watchdog_dropin=/run/systemd/system/weatherd.service.d/50-e2e-watchdog.conf
check_watchdog() {
    local restarts_before pid_before since started elapsed state pid restarts log how out
    if ! out=$(ns sh -c "printf '[Service]\nWatchdogSec=3s\n' >$watchdog_dropin" 2>&1 &&
        sctl daemon-reload 2>&1 && sctl restart weatherd.service 2>&1); then
        reason="could not install the WatchdogSec=3s drop-in and restart: $out"
        return 1
    fi
    if [ "$(prop WatchdogUSec)" != 3s ] || [ "$(sctl is-active weatherd.service)" != active ]; then
        reason="after the restart: WatchdogUSec=$(prop WatchdogUSec), $(sctl is-active weatherd.service)"
        return 1
    fi
    restarts_before=$(prop NRestarts)
    pid_before=$(prop MainPID)
    since=$(date +%s)
    started=$(now_ms)
    ns kill -STOP "$pid_before" || {
        reason="kill -STOP $pid_before failed"
        return 1
    }
    while :; do
        state=$(prop ActiveState)/$(prop SubState)
        pid=$(prop MainPID)
        restarts=$(prop NRestarts)
        if [ "$state" = active/running ] && [ "$restarts" -gt "$restarts_before" ] &&
            [ "$pid" != "$pid_before" ] && [ "$pid" != 0 ]; then
            break
        fi
        elapsed=$(($(now_ms) - started))
        if [ "$elapsed" -gt 20000 ]; then
            reason="not restarted 20 s after SIGSTOP: $state, NRestarts $restarts_before -> $restarts, MainPID $pid_before -> $pid"
            return 1
        fi
        sleep 0.25
    done
    elapsed=$(($(now_ms) - started))
    log=$(ns journalctl --no-pager -o cat -u weatherd.service --since "@$((since - 1))")
    if ! grep -q 'Watchdog timeout' <<<"$log"; then
        reason="restarted, but the journal does not mention \"Watchdog timeout\""
        return 1
    fi
    how=$(grep -o 'Main process exited, code=[a-z]*, status=[^ ]*' <<<"$log" | head -n 1)
    main_pid=$pid
    detail="restarted $((elapsed / 1000)).$((elapsed % 1000 / 100)) s after SIGSTOP: NRestarts $restarts_before -> $restarts, MainPID $pid_before -> $pid; ${how:-?}"
    if grep -q "State 'stop-watchdog' timed out" <<<"$log"; then
        detail="$detail; note: the watchdog's SIGABRT did not end it, SIGKILL after TimeoutAbortSec did"
    fi
}

# 10. stop
check_stop() {
    local started elapsed result status code json ids stopping_id=e66c90bbd84c45c1bb73d19355857d68
    local pid_before out
    pid_before=$(prop MainPID)
    started=$(now_ms)
    if ! out=$(sctl stop weatherd.service 2>&1); then
        reason="systemctl stop failed: $out"
        return 1
    fi
    elapsed=$(($(now_ms) - started))
    result=$(prop Result)
    status=$(prop ExecMainStatus)
    code=$(prop ExecMainCode)
    detail="${elapsed} ms, Result=$result ExecMainCode=$code ExecMainStatus=$status"
    if [ "$(prop ExecMainPID)" != "$pid_before" ]; then
        reason="ExecMainPID $(prop ExecMainPID) is not the stopped process $pid_before"
        return 1
    fi
    if [ "$elapsed" -gt 2000 ] || [ "$result" != success ] || [ "$status" != 0 ] || [ "$code" != 1 ]; then
        reason=$detail
        return 1
    fi
    # RuntimeDirectoryPreserve=yes: /run/weatherd and the last state file stay
    # for readers (who judge it by its age).
    if [ "$(prop RuntimeDirectoryPreserve)" != yes ]; then
        reason="RuntimeDirectoryPreserve=$(prop RuntimeDirectoryPreserve) (expected yes)"
        return 1
    fi
    if ! json=$(as_nobody cat "$state_file" 2>&1) ||
        ! ids=$(jq -er '[.locations[].id] | join(",")' <<<"$json" 2>&1); then
        reason="$state_file after stop: $json ($(ns ls -la "${state_file%/*}" 2>&1 | tr '\n' ' '))"
        return 1
    fi
    if [ "$(jq -r '.daemon.pid' <<<"$json")" != "$pid_before" ]; then
        reason="$state_file after stop is not the stopped process's ($pid_before): daemon.pid $(jq -r '.daemon.pid' <<<"$json")"
        return 1
    fi
    if [ "$(count_message_id "$stopping_id")" -lt 1 ]; then
        reason="no journal entry MESSAGE_ID=$stopping_id (stopping); $detail"
        return 1
    fi
    # Restarted (watchdog) and stopped with a cache there: still nothing to take over or link.
    if ns test -e "$old_state_file" || ns test -L "$old_state_file"; then
        reason="$old_state_file appeared: $(ns ls -la "$old_state_file" 2>&1)"
        return 1
    fi
    detail="$detail, $state_file kept and valid ($ids), still no $old_state_file"
}

checks_watchdog() {
    check "9. watchdog (WatchdogSec=3s, SIGSTOP): Watchdog timeout, killed and restarted" check_watchdog
    # Back to the unit as shipped (plus the DefaultDependencies=no drop-in).
    ns rm -f "$watchdog_dropin"
    sctl daemon-reload >/dev/null 2>&1
    check "10. systemctl stop within 2 s: Result=success, exit 0, $state_file still there (RuntimeDirectoryPreserve=yes)" check_stop
}
