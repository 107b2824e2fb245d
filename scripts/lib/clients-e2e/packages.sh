# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e: the clients' Debian packages — installed as root with apt-get when missing
# (services kept from starting by a temporary policy-rc.d); a client whose package is missing and
# cannot be installed is skipped.

# client -> its Debian packages (jq and fonts are shared).
declare -A client_packages=(
    [waybar]="sway waybar grim fonts-dejavu-core"
    [i3blocks]="i3blocks jq"
    [node_exporter]="prometheus-node-exporter curl"
    [nagios]="nagios4-core"
)
declare -A unavailable=()

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

policy_rc_created=
install_packages() {
    local missing=() package
    # shellcheck disable=SC2048 # each value is a list of packages: split on purpose
    for package in ${client_packages[*]} fonts-noto-color-emoji; do
        installed "$package" || missing+=("$package")
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "# not root (or no apt-get): not installing ${missing[*]}"
        return 0
    fi
    echo "# installing ${missing[*]} with apt-get"
    # Installed for their programs only: no service of theirs (node_exporter's) starts on this host.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 0755 /usr/sbin/policy-rc.d &&
            policy_rc_created=1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >"$work/apt.log" 2>&1
    if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$work/apt.log" 2>&1; then
        # One at a time, so that one missing package only skips its own client.
        for package in "${missing[@]}"; do
            apt-get install -y -q --no-install-recommends "$package" >>"$work/apt.log" 2>&1 ||
                echo "# apt-get could not install $package"
        done
    fi
    remove_policy_rc
}

remove_policy_rc() {
    if [ -n "$policy_rc_created" ]; then
        rm -f /usr/sbin/policy-rc.d
        policy_rc_created=
    fi
}

# Marks a client unavailable (with the reason) when one of its packages is not installed.
client_available() {
    local package
    for package in ${client_packages[$1]}; do
        if ! installed "$package"; then
            unavailable[$1]="package $package is not installed and could not be installed"
            return 1
        fi
    done
    return 0
}

# A skipped client: `ok - CLIENT # SKIP REASON`.
skipped=0
skip() {
    echo "ok - $1 # SKIP $2"
    skipped=$((skipped + 1))
}
