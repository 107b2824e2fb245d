#!/usr/bin/env bash
# Checks the manual pages and the docs/ pages against the program, so they do not drift:
#   - docs/weatherd.1 and docs/weatherd.conf.5 render without groff warnings
#     (groff -man -ww) and without man-db warnings, lexgrog finds their NAME;
#   - every subcommand and every --option that `weatherd help <command>` shows
#     is in weatherd.1;
#   - every key `weatherd check-config` prints is in weatherd.conf.5;
#   - the EXAMPLE configuration of weatherd.conf.5 passes check-config;
#   - the docs/ pages: the condition table, placeholders, MESSAGE_IDs, state file fields and links
#     (Tests/packaging/check-docs-pages.py);
#   - the completion scripts can be generated for bash, zsh and fish.
#
# Usage: Tests/packaging/check-docs.sh [path/to/weatherd]   (default .build/debug/weatherd)
# Prints "N passed, N failed"; exits 1 when anything failed.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
bin=${1:-.build/debug/weatherd}
[ -x "$bin" ] || { echo "check-docs: $bin missing; run make debug first" >&2; exit 2; }

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   - $1"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $1${2:+: $2}"; }
check() {
	local name=$1
	shift
	local output
	if output=$("$@" 2>&1); then ok "$name"; else not_ok "$name" "$(printf '%s' "$output" | head -5 | tr '\n' ' ')"; fi
}

tmp=$(mktemp -d /tmp/weatherd-check-docs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

for page in docs/weatherd.1 docs/weatherd.conf.5; do
	check "$page is ASCII" bash -c "! LC_ALL=C grep -qP '[^\\x00-\\x7f]' '$page'"
	check "$page: groff -man -ww reports nothing" bash -c "out=\$(groff -man -Tutf8 -ww -z '$page' 2>&1) && [ -z \"\$out\" ]"
	if command -v man >/dev/null 2>&1; then
		check "$page: man --warnings reports nothing" bash -c \
			"out=\$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z '$page' 2>&1 >/dev/null) && [ -z \"\$out\" ]"
	fi
	if command -v lexgrog >/dev/null 2>&1; then
		check "$page: lexgrog finds the NAME line" lexgrog "$page"
	fi
done

# The rendered text, hyphenation off, one line per paragraph-ish: search plain words.
MANWIDTH=200 man -l docs/weatherd.1 2>/dev/null | col -b >"$tmp/weatherd.1.txt"
MANWIDTH=200 man -l docs/weatherd.conf.5 2>/dev/null | col -b >"$tmp/weatherd.conf.5.txt"

subcommands=$("$bin" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ -n "$subcommands" ] || not_ok "weatherd --help lists subcommands"
for sub in $subcommands; do
	check "weatherd.1 documents the command '$sub'" grep -qE "(^|[^a-z-])$sub([^a-z-]|\$)" "$tmp/weatherd.1.txt"
	for option in $("$bin" help "$sub" | grep -oE '(^|[ [])--[a-z][a-z-]*' | sed 's/^[ [ ]*//' | sort -u); do
		check "weatherd.1 documents $sub $option" grep -qF -- "$option" "$tmp/weatherd.1.txt"
	done
done
for value in auto journal stderr trace debug info notice warning error critical text json waybar prometheus; do
	check "weatherd.1 names the value '$value'" grep -qw -- "$value" "$tmp/weatherd.1.txt"
done

# Configuration keys, as check-config prints them (nested keys as a.b).
printf 'timeout: 5s\n' >"$tmp/min.yaml"
"$bin" check-config --config "$tmp/min.yaml" >"$tmp/effective.yaml" 2>/dev/null
keys=$(awk '
	/^#/ || /^ *- / || /^ *$/ { next }
	/^[a-z_]+:/ { split($1, a, ":"); top = a[1]; print top; next }
	/^  [a-z_]+:/ && top != "locations" { split($1, a, ":"); print top "." a[1] }
' "$tmp/effective.yaml")
[ -n "$keys" ] || not_ok "check-config prints keys"
for key in $keys id name latitude longitude country_code; do
	check "weatherd.conf.5 documents '$key'" grep -qF -- "$key" "$tmp/weatherd.conf.5.txt"
done

# The EXAMPLE section's configuration must be valid (the state file redirected,
# names without coordinates are fine: check-config does not resolve them).
sed -n '/^\.SH EXAMPLE/,/^\.EE/p' docs/weatherd.conf.5 | sed '1,/^\.EX/d; /^\.EE/,$d' |
	sed 's/\\-/-/g; s/\\(dq/"/g' >"$tmp/example.yaml"
check "the EXAMPLE of weatherd.conf.5 is a valid configuration" \
	"$bin" check-config --config "$tmp/example.yaml" --state-file "$tmp/state.json"

# The docs/ pages: the condition table, the placeholders, the MESSAGE_IDs, the state file's fields and
# every link, against the program (and the catalog and schema it ships with).
check "docs/*.md agree with the program (Tests/packaging/check-docs-pages.py)" \
	python3 Tests/packaging/check-docs-pages.py "$bin"

for shell in bash zsh fish; do
	check "--generate-completion-script $shell works" bash -c "'$bin' --generate-completion-script $shell | grep -q weatherd"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
