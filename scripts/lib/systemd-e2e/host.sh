# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e: the host before the namespace and after its teardown — the last check finds
# the host as it was.

# Compared in full afterwards: things other processes on the host do not
# change in passing.
host_state() {
    findmnt -rn -o TARGET,FSTYPE,VFS-OPTIONS,FS-OPTIONS
    echo "--- /sys/fs/cgroup"
    ls -A /sys/fs/cgroup
    echo "--- sysctl"
    sysctl -n fs.nr_open fs.file-max net.unix.max_dgram_qlen kernel.hostname 2>/dev/null
}

# Only checked for new entries (other processes may remove theirs meanwhile):
# where the namespace's systemd or the service would write without the
# isolation of Tests/systemd/boot-namespace.
# (/tmp, /var/lib and /etc are busy with other programs' files, e.g. apt's:
# only the names systemd or the service would create there.)
host_entries() {
    local dir
    for dir in /dev /run/systemd /var/log/journal /var/lib/systemd; do
        [ -d "$dir" ] && find "$dir" -mindepth 1 -maxdepth 1 2>/dev/null
    done
    find /tmp /var/tmp -mindepth 1 -maxdepth 1 -name 'systemd-private-*' 2>/dev/null
    ls -d /var/lib/weatherd /etc/weatherd /run/weatherd /run/weatherd-test 2>/dev/null
    grep '^weatherd:' /etc/passwd /etc/group
}

host_before() {
    host_state >"$work/host-state-before"
    host_entries | sort >"$work/host-entries-before"
}

check_host() {
    local dir leftovers='' new
    host_state >"$work/host-state-after"
    if ! diff -u "$work/host-state-before" "$work/host-state-after" >"$work/host-diff"; then
        reason="host changed: $(tail -n +3 "$work/host-diff" | grep '^[-+]' | tr '\n' ' ')"
        return 1
    fi
    new=$(host_entries | sort | comm -13 "$work/host-entries-before" -)
    if [ -n "$new" ]; then
        reason="new on the host: $(tr '\n' ' ' <<<"$new")"
        return 1
    fi
    for dir in $(cgroup_dirs); do
        [ ! -e "$dir" ] || leftovers="$leftovers $dir"
    done
    if [ -n "$leftovers" ]; then
        reason="cgroups left:$leftovers"
        return 1
    fi
    # Any process still in the namespace's PID namespace?
    for dir in /proc/[0-9]*; do
        [ -n "$ns_pid_namespace" ] || break
        if [ "$(readlink "$dir/ns/pid" 2>/dev/null)" = "$ns_pid_namespace" ]; then
            leftovers="$leftovers ${dir#/proc/}($(cat "$dir/comm" 2>/dev/null))"
        fi
    done
    if [ -n "$leftovers" ]; then
        reason="processes left in the namespace:$leftovers"
        return 1
    fi
    detail="mount table, /sys/fs/cgroup, sysctls unchanged; nothing new in /dev /run/systemd /var/lib/systemd, no systemd-private-* in /tmp /var/tmp, no weatherd user, /etc/weatherd, /var/lib/weatherd, /run/weatherd; no processes or cgroups left"
}
