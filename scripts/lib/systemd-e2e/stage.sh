# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e: what the namespace gets in $work (Tests/systemd/boot-namespace installs it) —
# the configurations, a copy of the binary, the REAL unit with only its ExecStart= rewritten (as in
# `make install`), the sysusers file, the boot target, the drop-in and the manager settings.

# The configuration: the first three test locations (scripts/lib/locations.yaml), New York with the
# id nyc, and $2, an extra location block (optional), into the file $1.
write_config() {
    {
        cat <<EOF
# written by scripts/systemd-e2e
interval: 1s
timeout: 2s
api:
  base_url: $api
alerts:
  nws_url: $api
  metno_url: $api
  dwd_url: $api
  meteoalarm_url: $api
met_norway:
  base_url: $api
EOF
        e2e_locations Berlin London "New York=nyc"
        printf '%s\n' "${2:-}"
    } >"$1"
}

stage() {
    local exec_start
    write_config "$work/config.yaml"
    # The 4th location of the reload (a test location too), and an invalid one.
    write_config "$work/config4.yaml" "$(e2e_locations Tokyo | tail -n +2)"
    write_config "$work/config-bad.yaml" "  - name: Tokyo
    latitude: 99
    longitude: 139.6917"

    cp "$weatherd_binary" "$work/weatherd" || exit 2
    cp systemd/weatherd.sysusers Tests/systemd/weatherd-test.target Tests/systemd/weatherd.service-e2e.conf \
        Tests/systemd/system.conf "$work/" || exit 2
    # The real unit; only the ExecStart= line changes (as in `make install`).
    exec_start="/run/weatherd-test/bin/weatherd run --config /run/weatherd-test/config.yaml"
    sed -e '/^ExecStart=/s|/usr/bin/weatherd|/run/weatherd-test/bin/weatherd|' \
        -e '/^ExecStart=/s|/etc/weatherd/config.yaml|/run/weatherd-test/config.yaml|' \
        systemd/weatherd.service >"$work/weatherd.service"
    if [ "$(grep '^ExecStart=' "$work/weatherd.service")" != "ExecStart=$exec_start" ] ||
        ! diff <(grep -v '^ExecStart=' systemd/weatherd.service) \
            <(grep -v '^ExecStart=' "$work/weatherd.service") >/dev/null; then
        echo "systemd-e2e: cannot rewrite ExecStart= of systemd/weatherd.service; it reads:" >&2
        grep '^ExecStart=' systemd/weatherd.service >&2
        exit 2
    fi
}
