# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/lib/e2e.sh — what the end-to-end scripts share; sourced by scripts/systemd-e2e,
# scripts/clients-e2e and scripts/soak:
#   - the binaries (`[WEATHERD_BINARY [FAKE_OPEN_METEO_BINARY]]`, the environment, the defaults);
#   - the TAP-like report (`ok - …` / `not ok - …`, the counters passed and failed);
#   - the run's frame: a hard time limit, a temporary directory, a teardown on every exit path;
# and, from the files beside it, waiting for and stopping processes (processes.sh), the loopback
# look-alike fake-open-meteo (lookalike.sh) and the test locations for a configuration (config.sh,
# locations.yaml). Only definitions: nothing runs when it is sourced.
#
# The sourcing script sets e2e_name (its name in messages and temporary directories), repo (the
# repository, also its current directory) and caller_dir (the directory it was called from), and
# defines e2e_teardown (what to stop on every exit path, also called by cleanup) and, if it wants
# them after a failed check, e2e_diagnostics.

# shellcheck source=scripts/lib/processes.sh
. "$repo/scripts/lib/processes.sh"
# shellcheck source=scripts/lib/lookalike.sh
. "$repo/scripts/lib/lookalike.sh"
# shellcheck source=scripts/lib/config.sh
. "$repo/scripts/lib/config.sh"

# --- usage, binaries --------------------------------------------------------------
# The script's header comment: from its second line to `set -uo`.
e2e_usage() {
    sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"
}

# Prints the usage and exits on -h / --help.
e2e_help() {
    case ${1:-} in
        -h | --help)
            e2e_usage
            exit 0
            ;;
    esac
}

# $1 given by the caller (relative to their directory), else $2 in the repository.
binary_path() {
    case $1 in
        "") echo "$repo/$2" ;;
        /*) echo "$1" ;;
        *) echo "$caller_dir/$1" ;;
    esac
}

# Sets weatherd_binary and fake_binary: the arguments $1 and $2, else WEATHERD_BINARY and
# FAKE_OPEN_METEO_BINARY, else the debug build's.
e2e_binaries() {
    weatherd_binary=$(binary_path "${1:-${WEATHERD_BINARY:-}}" .build/debug/weatherd)
    fake_binary=$(binary_path "${2:-${FAKE_OPEN_METEO_BINARY:-}}" .build/debug/fake-open-meteo)
}

# Exits 2 unless both binaries are there.
e2e_require_binaries() {
    local binary
    for binary in "$weatherd_binary" "$fake_binary"; do
        if [ ! -x "$binary" ]; then
            echo "$e2e_name: $binary is not an executable; build it first:" >&2
            echo "  make debug" >&2
            exit 2
        fi
    done
}

# --- reporting -----------------------------------------------------------------
passed=0
failed=0
detail=
reason=

ok() {
    echo "ok - $*"
    passed=$((passed + 1))
}

not_ok() {
    echo "not ok - $*"
    failed=$((failed + 1))
    if declare -F e2e_diagnostics >/dev/null; then
        e2e_diagnostics
    fi
}

# Runs check function $2… and prints its line titled $1. The function sets
# detail (shown after ok) or reason (shown after not ok) and returns non-zero
# on failure.
check() {
    local title=$1
    shift
    detail=
    reason=
    if "$@"; then
        ok "$title${detail:+ ($detail)}"
    else
        reason=${reason%$'\n'}
        not_ok "$title: ${reason//$'\n'/ | }"
    fi
}

# --- the run's frame -------------------------------------------------------------
work=
guard_pid=

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    e2e_teardown
    [ -z "$guard_pid" ] || kill "$guard_pid" 2>/dev/null
    [ -z "$work" ] || rm -rf "$work"
    exit "$rc"
}

# Sets the traps (cleanup on every exit path), a hard limit of $1 seconds for the whole run (on
# top of the per-step timeouts) and work, a new temporary directory (0755: unprivileged users of
# the test read from it).
e2e_begin() {
    local limit=$1
    trap cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    (
        trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
        sleep "$limit" &
        sleeper=$!
        if wait "$sleeper"; then
            echo "$e2e_name: giving up after $limit s" >&2
            kill -TERM $$
        fi
    ) &
    guard_pid=$!
    work=$(mktemp -d "${TMPDIR:-/tmp}/$e2e_name.XXXXXX") || exit 2
    chmod 0755 "$work"
}
