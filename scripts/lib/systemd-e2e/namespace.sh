# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e: the private namespace — its boot (Tests/systemd/boot-namespace as PID 1 of a
# new PID/mount/UTS namespace, then systemd), commands inside it, and its teardown with systemd's
# cgroup subtree.

unshare_pid=
ns_pid=
cgroup_name=
ns_pid_namespace=

# The cgroups Tests/systemd/boot-namespace creates: below ours, in the
# hierarchies systemd tracks processes with.
cgroup_dirs() {
    local controllers path hierarchy
    [ -n "$cgroup_name" ] || return 0
    while IFS=: read -r _ controllers path; do
        case $controllers in
            name=systemd) hierarchy=/sys/fs/cgroup/systemd ;;
            "")
                if [ -e /sys/fs/cgroup/unified/cgroup.procs ]; then
                    hierarchy=/sys/fs/cgroup/unified
                else
                    hierarchy=/sys/fs/cgroup
                fi
                ;;
            *) continue ;;
        esac
        echo "$hierarchy${path%/}/$cgroup_name"
    done </proc/$$/cgroup
}

# Is $ns_pid still the namespace's PID 1 (unshare's child), not a reused PID?
ns_alive() {
    [ -n "$ns_pid" ] && [ -n "$unshare_pid" ] &&
        [ "$(ps -o ppid= -p "$ns_pid" 2>/dev/null | tr -d ' ')" = "$unshare_pid" ] && alive "$ns_pid"
}

# The namespace, the look-alike and systemd's cgroup subtree; also on every exit path (cleanup).
e2e_teardown() {
    local dir
    # The namespace's PID 1: killing it kills every process in the namespace.
    if [ -z "$ns_pid" ] && [ -n "$unshare_pid" ]; then
        ns_pid=$(pgrep -P "$unshare_pid" | head -n 1)
    fi
    if ns_alive; then
        kill -KILL "$ns_pid" 2>/dev/null
    fi
    if [ -n "$unshare_pid" ]; then
        wait_gone "$unshare_pid" 10 || kill -KILL "$unshare_pid" 2>/dev/null
        wait "$unshare_pid" 2>/dev/null
    fi
    ns_pid=
    unshare_pid=
    e2e_stop_fake
    # systemd's cgroup subtree (empty once every process is gone).
    for dir in $(cgroup_dirs); do
        for _ in $(seq 50); do
            [ -d "$dir" ] || break
            find "$dir" -depth -type d -exec rmdir {} + 2>/dev/null
            [ -d "$dir" ] || break
            sleep 0.1
        done
        [ ! -d "$dir" ] || echo "systemd-e2e: could not remove cgroup $dir" >&2
    done
}

# --- commands inside ----------------------------------------------------------------
# A command inside the namespace (mount + PID namespace of its PID 1).
# (stdin from /dev/null: nothing in there may wait for a terminal)
ns() {
    ns_gone_guard || return 125
    timeout --kill-after=5 30 nsenter -t "$ns_pid" -m -p -- "$@" </dev/null
}

# Never nsenter a PID that is no longer the namespace's PID 1: that could be
# the host's namespaces.
ns_gone_guard() {
    ns_alive && return 0
    echo "systemd-e2e: the namespace's systemd (PID $ns_pid) is gone" >&2
    return 1
}

sctl() {
    ns systemctl --no-pager --no-ask-password "$@"
}

prop() {
    sctl show -P "$1" weatherd.service
}

# Replaces /run/weatherd-test/config.yaml inside the namespace (atomically).
put_config() {
    ns_gone_guard || return 125
    timeout --kill-after=5 30 nsenter -t "$ns_pid" -m -p -- sh -c 'cat >/run/weatherd-test/config.yaml.new &&
        mv -f /run/weatherd-test/config.yaml.new /run/weatherd-test/config.yaml' <"$1"
}

# systemctl status and the last journal lines after a failed check, for CI logs.
e2e_diagnostics() {
    ns_alive || return 0
    {
        echo "--- systemctl status weatherd.service"
        sctl status -l -n 0 weatherd.service
        echo "--- journalctl -n 40 (weatherd.service and systemd)"
        ns journalctl --no-pager -n 40 -o short-precise _SYSTEMD_UNIT=weatherd.service + UNIT=weatherd.service
    } 2>&1 | sed 's/^/# /'
}

# --- boot -----------------------------------------------------------------------------
boot_failed() {
    {
        echo "--- boot log"
        cat "$work/boot.log"
        echo "--- systemd console"
        tail -n 40 "$work/console.log" 2>/dev/null
    } | sed 's/^/# /' >&2
    skip "$1"
}

# Boots the namespace on $work (prepared by stage) and waits until its systemd is running;
# skips the run when it cannot.
boot() {
    local system_state='' deadline
    unshare --pid --mount --uts --fork --mount-proc --propagation private \
        "$repo/Tests/systemd/boot-namespace" "$work" "$cgroup_name" >"$work/boot.log" 2>&1 &
    unshare_pid=$!

    for _ in $(seq 100); do
        ns_pid=$(pgrep -P "$unshare_pid" | head -n 1)
        [ -n "$ns_pid" ] && break
        alive "$unshare_pid" || break
        sleep 0.05
    done
    [ -n "$ns_pid" ] || boot_failed "unshare could not create the namespace"

    deadline=$((SECONDS + 30))
    while [ "$SECONDS" -lt "$deadline" ]; do
        ns_alive || boot_failed "the namespace's PID 1 exited during boot"
        # Only once systemd runs as PID 1 (not the boot script before it).
        if [ "$(cat "/proc/$ns_pid/comm" 2>/dev/null)" = systemd ]; then
            system_state=$(timeout 5 nsenter -t "$ns_pid" -m -p -- systemctl is-system-running 2>/dev/null)
            case $system_state in running | degraded) break ;; esac
        fi
        sleep 0.2
    done
    case $system_state in
        running | degraded) ;;
        *) boot_failed "systemd did not finish booting within 30 s (state: ${system_state:-no answer})" ;;
    esac
    ns_pid_namespace=$(readlink "/proc/$ns_pid/ns/pid")
}
