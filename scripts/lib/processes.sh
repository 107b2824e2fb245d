# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/lib/processes.sh — waiting for and stopping processes (part of scripts/lib/e2e.sh).

# Running (and not a zombie)?
alive() {
    local state
    state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
    [[ $state != Z* ]]
}

# Waits up to $2 seconds for process $1 to end.
wait_gone() {
    local deadline=$((SECONDS + $2))
    while alive "$1"; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}

# Runs $2… until it succeeds, at most $1 seconds.
wait_for() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}

# SIGTERM to each process (SIGKILL when still there 5 s later), and its exit collected.
stop() {
    local pid
    for pid in "$@"; do
        [ -n "$pid" ] || continue
        kill -TERM "$pid" 2>/dev/null
        wait_gone "$pid" 5 || kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
}
