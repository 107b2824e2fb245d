# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/lib/lookalike.sh — the loopback look-alike of the Open-Meteo API, fake-open-meteo (part of
# scripts/lib/e2e.sh; needs processes.sh).

fake_pid=
port=
api=

# Starts fake-open-meteo on 127.0.0.1 with the arguments $@ (its log $work/fake.log); sets fake_pid,
# port and api (its URL). Exits 2 when it does not start.
# shellcheck disable=SC2120 # scripts/soak passes arguments, the others none
e2e_start_fake() {
    "$fake_binary" --port 0 --port-file "$work/port" "$@" >"$work/fake.log" 2>&1 &
    fake_pid=$!
    for _ in $(seq 100); do
        [ -s "$work/port" ] && break
        alive "$fake_pid" || break
        sleep 0.1
    done
    port=
    if [ -s "$work/port" ]; then
        port=$(tr -d '[:space:]' <"$work/port")
    fi
    if [ -z "$port" ]; then
        echo "$e2e_name: fake-open-meteo did not start:" >&2
        sed 's/^/# /' "$work/fake.log" >&2
        exit 2
    fi
    api=http://127.0.0.1:$port
}

e2e_stop_fake() {
    stop "$fake_pid"
    fake_pid=
}
