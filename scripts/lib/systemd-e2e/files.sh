# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e, checks 4-6: the files as the unit lays them out (docs/state-file.md "Files",
# docs/service.md) — the state file in the RuntimeDirectory=, readable by anyone; the durable cache in
# the StateDirectory=; a reader without --state-file finds the service's file.

nobody_gid=
as_nobody() {
    ns setpriv --reuid=nobody --regid="$nobody_gid" --clear-groups "$@"
}
# A reader's command as nobody with an empty environment (no XDG_RUNTIME_DIR,
# no config of ours): what any local user gets.
as_nobody_clean() {
    as_nobody env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"
}

# 4. state file: in the RuntimeDirectory=
check_state_file() {
    local file_stat dir_stat json ids fstype
    file_stat=$(ns stat -c '%a %U:%G' "$state_file" 2>&1)
    dir_stat=$(ns stat -c '%a %U:%G' "${state_file%/*}" 2>&1)
    fstype=$(ns stat -f -c '%T' "${state_file%/*}" 2>&1)
    if [ "$file_stat" != "644 weatherd:weatherd" ]; then
        reason="$state_file: $file_stat (expected 644 weatherd:weatherd)"
        return 1
    fi
    if [ "$dir_stat" != "755 weatherd:weatherd" ]; then
        reason="${state_file%/*}: $dir_stat (expected 755 weatherd:weatherd, RuntimeDirectoryMode=0755)"
        return 1
    fi
    if [ "$fstype" != tmpfs ]; then
        reason="${state_file%/*} is on $fstype, not tmpfs"
        return 1
    fi
    if ! json=$(as_nobody cat "$state_file" 2>&1); then
        reason="nobody cannot read $state_file: $json"
        return 1
    fi
    if ! ids=$(jq -er 'select(.schema_version == 1) | [.locations[].id] | join(",")' <<<"$json" 2>&1); then
        reason="$state_file is not valid schema_version 1 JSON: $ids"
        return 1
    fi
    if [ "$ids" != "berlin,london,nyc" ]; then
        reason="$state_file locations: $ids (expected berlin,london,nyc)"
        return 1
    fi
    if as_nobody sh -c ": >${state_file%/*}/.nobody-probe" 2>/dev/null ||
        as_nobody sh -c ": >>$state_file" 2>/dev/null ||
        ns test -e "${state_file%/*}/.nobody-probe"; then
        reason="nobody can write into ${state_file%/*} ($dir_stat)"
        return 1
    fi
    detail="$state_file $file_stat on $fstype, dir $dir_stat, locations $ids, nobody: read yes, write no"
}

# 5. the durable cache in the StateDirectory=, and no state file there (a
# fresh install: nothing to take over, nothing to link)
check_cache_file() {
    local file_stat dir_stat json ids deadline=$((SECONDS + 10))
    # Written off the tick thread after a fetch's result: give it a moment.
    while ! ns test -s "$cache_file"; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            reason="no $cache_file 10 s after the fetches ($(ns ls -la /var/lib/weatherd 2>&1 | tr '\n' ' '))"
            return 1
        fi
        sleep 0.25
    done
    file_stat=$(ns stat -c '%a %U:%G %F' "$cache_file" 2>&1)
    dir_stat=$(ns stat -c '%a %U:%G' "${cache_file%/*}" 2>&1)
    case $file_stat in
        *" weatherd:weatherd regular file") ;;
        *)
            reason="$cache_file: $file_stat (expected a regular file of weatherd:weatherd)"
            return 1
            ;;
    esac
    if [ "$dir_stat" != "755 weatherd:weatherd" ]; then
        reason="${cache_file%/*}: $dir_stat (expected 755 weatherd:weatherd, StateDirectoryMode=0755)"
        return 1
    fi
    if ! json=$(ns cat "$cache_file" 2>&1) ||
        ! ids=$(jq -er '[.locations[] | select(.weather != null) | .id] | join(",")' <<<"$json" 2>&1); then
        reason="$cache_file is not JSON with locations: ${ids:-$json}"
        return 1
    fi
    if [ -z "$ids" ]; then
        reason="$cache_file holds no location with weather after the fetches"
        return 1
    fi
    if ns test -e "$old_state_file" || ns test -L "$old_state_file"; then
        reason="a fresh install created $old_state_file: $(ns ls -la "$old_state_file" 2>&1)"
        return 1
    fi
    detail="$cache_file ${file_stat% regular file}, weather of $ids; no $old_state_file"
}

# 6. a reader without --state-file finds the service's file (docs/state-file.md "Readers")
check_status_reader() {
    local out rc pid
    main_pid=$(prop MainPID)
    out=$(as_nobody_clean "$ns_weatherd" status --format json 2>&1)
    rc=$?
    if [ "$rc" -ne 0 ]; then
        reason="weatherd status (as nobody, no --state-file) exited $rc: $(head -c 300 <<<"$out")"
        return 1
    fi
    pid=$(jq -r '.daemon.pid' <<<"$out" 2>/dev/null)
    if [ "$pid" != "$main_pid" ]; then
        reason="weatherd status read a file of PID ${pid:-?}, not the service's MainPID $main_pid: $(head -c 300 <<<"$out")"
        return 1
    fi
    out=$(as_nobody_clean "$ns_weatherd" status 2>&1)
    detail="exit 0, daemon.pid $pid = MainPID; \"$(head -n 1 <<<"$out" | cut -d'|' -f1 | sed 's/ *$//')\""
}

checks_files() {
    nobody_gid=$(ns id -g nobody 2>/dev/null || echo 65534)
    check "4. state file $state_file: 0644 weatherd on tmpfs, valid JSON in config order, readable but not writable by nobody" check_state_file
    check "5. cache $cache_file after the fetches (weatherd), no $old_state_file on a fresh install" check_cache_file
    check "6. weatherd status (nobody, no --state-file, no config) reads $state_file: OK" check_status_reader
}
