# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/lib/config.sh — the configurations' test locations, scripts/lib/locations.yaml (part of
# scripts/lib/e2e.sh).

# `locations:` and the entries of scripts/lib/locations.yaml: every one, or those named in $@
# (in that order); NAME=ID gives the entry `id: ID`. For a configuration:
#   { echo "interval: 1s"; e2e_locations Berlin "New York=nyc"; } >config.yaml
# shellcheck disable=SC2120 # scripts/soak passes none, scripts/systemd-e2e some
e2e_locations() {
    awk -v selection="$(printf '%s\n' "$@")" '
        /^  - name: / { name = substr($0, 11); order[++count] = name; next }
        /^    / && name != "" { body[name] = body[name] $0 "\n" }
        END {
            print "locations:"
            wanted = split(selection, entries, "\n")
            if (wanted == 0)
                for (i = 1; i <= count; i++) entries[++wanted] = order[i]
            for (i = 1; i <= wanted; i++) {
                name = entries[i]
                id = ""
                if (index(name, "=") > 0) {
                    id = substr(name, index(name, "=") + 1)
                    name = substr(name, 1, index(name, "=") - 1)
                }
                if (!(name in body)) {
                    print "e2e_locations: no location " name " in scripts/lib/locations.yaml" > "/dev/stderr"
                    exit 1
                }
                print "  - name: " name
                if (id != "") print "    id: " id
                printf "%s", body[name]
            }
        }' "$repo/scripts/lib/locations.yaml"
}
