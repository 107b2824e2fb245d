# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/systemd-e2e, checks 12-13 and the isolation: systemd's own judgement of the unit (exposure
# score, verify), and that only weatherd-test.target was booted in the namespace.

# 12. exposure score: the loaded unit (inside) and the repository's file (offline)
exposure() { # output of systemd-analyze security -> the overall exposure number
    sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' <<<"$1" | head -n 1
}
check_security() {
    local loaded offline out_loaded out_offline
    out_loaded=$(ns systemd-analyze security --no-pager weatherd.service 2>&1)
    out_offline=$(ns systemd-analyze security --no-pager --offline=true "$repo/systemd/weatherd.service" 2>&1)
    loaded=$(exposure "$out_loaded")
    offline=$(exposure "$out_offline")
    detail="loaded unit $loaded, systemd/weatherd.service offline $offline"
    if [ -z "$loaded" ] || [ -z "$offline" ]; then
        reason="no \"Overall exposure level\" line: $(tail -n 3 <<<"$out_loaded$out_offline")"
        return 1
    fi
    if ! awk -v a="$loaded" -v b="$offline" 'BEGIN { exit !(a <= 1.5 && b <= 1.5) }'; then
        reason="exposure above 1.5: $detail"
        return 1
    fi
}

# 13. verify
check_verify() {
    local out
    if ! out=$(ns systemd-analyze verify --man=no /run/systemd/system/weatherd.service 2>&1) || [ -n "$out" ]; then
        reason="systemd-analyze verify: ${out:-exit status non-zero}"
        return 1
    fi
    detail="no warnings"
}

# Only what weatherd-test.target wants was ever started.
check_isolation() {
    local unit bad=''
    for unit in sysinit.target basic.target multi-user.target local-fs.target \
        systemd-tmpfiles-setup.service systemd-sysusers.service systemd-sysctl.service; do
        if [ "$(sctl show -P ActiveEnterTimestampMonotonic "$unit")" != 0 ] ||
            [ "$(sctl show -P LoadState "$unit")" != masked ]; then
            bad="$bad $unit"
        fi
    done
    if [ -n "$bad" ]; then
        reason="started or not masked:$bad"
        return 1
    fi
    detail="sysinit.target, basic.target, tmpfiles, sysusers, sysctl masked and never started"
}

checks_analyze() {
    check "12. systemd-analyze security: exposure <= 1.5" check_security
    check "13. systemd-analyze verify --man=no on the installed unit" check_verify
    check "only weatherd-test.target was booted in the namespace" check_isolation
}
