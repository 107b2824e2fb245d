#!/usr/bin/env bash
# Checks the Debian package built by `make deb` (scripts/build-deb):
#   - its file list (binary, unit, sysusers, catalog, conffile, man pages,
#     completions, docs) and ownership;
#   - the control fields, conffiles, md5sums and maintainer scripts;
#   - the extracted files (dpkg -x): binary runs and needs no Swift toolchain,
#     unit paths, man pages render, completions parse; the packaged binary
#     passes Tests/packaging/check-schema.py against the loopback API;
#   - install, upgrade with a changed conffile, remove and purge into a
#     throwaway root: dpkg --root=<tmp> --force-script-chrootless, so the
#     maintainer scripts run with DPKG_ROOT=<tmp> (they only act under it:
#     systemd-sysusers --root, journalctl --root, no systemctl);
#   - lintian, when installed: no errors;
#   - the release binary in .build/release (the one `make deb` packs; not
#     checked with --deb) has its code in link order
#     (Tests/packaging/check-link-order.py).
#
# Usage: Tests/packaging/check-deb.sh [--deb PATH | --reuse]
#   --deb PATH   check this .deb
#   --reuse      check the newest dist/weatherd_*.deb, building one only if none exists
#   (default)    build a fresh one with `make deb`
# Prints "N passed, N failed"; exits 1 when anything failed.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

deb=""
mode=build
while [ $# -gt 0 ]; do
	case "$1" in
	--deb) deb=$2; mode=given; shift 2 ;;
	--reuse) mode=reuse; shift ;;
	*) echo "usage: $0 [--deb PATH | --reuse]" >&2; exit 64 ;;
	esac
done

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   - $1"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $1${2:+: $2}"; }
check() { # check "name" command...
	local name=$1
	shift
	local output
	if output=$("$@" 2>&1); then ok "$name"; else not_ok "$name" "$(printf '%s' "$output" | head -5 | tr '\n' ' ')"; fi
}
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

tmp=$(mktemp -d /tmp/weatherd-check-deb.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

case $mode in
build)
	echo "# make deb"
	if deb=$(make --no-print-directory deb 2>"$tmp/build.err" | tail -1) && [ -f "$deb" ]; then
		ok "make deb built $deb"
	else
		not_ok "make deb" "$(tail -5 "$tmp/build.err" | tr '\n' ' ')"
		finish
	fi
	;;
reuse)
	deb=$(ls -t dist/weatherd_*.deb 2>/dev/null | head -1)
	if [ -z "$deb" ]; then
		deb=$(make --no-print-directory deb 2>"$tmp/build.err" | tail -1)
	fi
	;;
esac
if [ ! -f "$deb" ]; then
	not_ok "package file exists" "$deb"
	finish
fi
echo "# checking $deb"

# --- link order (scripts/link-order) ----------------------------------------------
if [ "$mode" != given ] && [ -x .build/release/weatherd ]; then
	check "the release binary's code is in link order (packaging/weatherd.order)" \
		python3 Tests/packaging/check-link-order.py .build/release/weatherd packaging/weatherd.order
else
	echo "skip - link order: no .build/release/weatherd to check (or --deb given)"
fi

# --- contents -------------------------------------------------------------------
dpkg-deb -c "$deb" >"$tmp/contents" || { not_ok "dpkg-deb -c"; finish; }
awk '{ print $6 }' "$tmp/contents" | sed 's|^\./|/|; s|/$||' >"$tmp/paths"
has_path() { grep -qxF "$1" "$tmp/paths"; }
for path in \
	/usr/bin/weatherd \
	/usr/lib/systemd/system/weatherd.service \
	/usr/lib/sysusers.d/weatherd.conf \
	/usr/lib/systemd/catalog/weatherd.catalog \
	/etc/weatherd/config.yaml \
	/usr/share/man/man1/weatherd.1.gz \
	/usr/share/man/man5/weatherd.conf.5.gz \
	/usr/share/bash-completion/completions/weatherd \
	/usr/share/zsh/vendor-completions/_weatherd \
	/usr/share/fish/vendor_completions.d/weatherd.fish \
	/usr/share/doc/weatherd/copyright \
	/usr/share/doc/weatherd/changelog.Debian.gz \
	/usr/share/doc/weatherd/state.schema.json \
	/usr/share/lintian/overrides/weatherd; do
	check "contains $path" has_path "$path"
done
check "nothing under /usr/local" bash -c "! grep -q '^/usr/local' '$tmp/paths'"
check "every file is owned by root:root" bash -c "awk '\$2 != \"root/root\"' '$tmp/contents' | { ! grep -q .; }"
check "/usr/bin/weatherd is 0755" bash -c "grep -E '^-rwxr-xr-x .* \\./usr/bin/weatherd\$' '$tmp/contents'"
check "the unit is 0644" bash -c "grep -E '^-rw-r--r-- .* \\./usr/lib/systemd/system/weatherd.service\$' '$tmp/contents'"
# The catalogues (docs/language.md): one compiled po/LANG.po each, where the binary looks.
for po in po/*.po; do
	[ -e "$po" ] || continue
	language=$(basename "$po" .po)
	check "contains the $language catalogue" has_path "/usr/share/locale/$language/LC_MESSAGES/weatherd.mo"
done

# --- control area ---------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
arch=$(dpkg --print-architecture)
check "dpkg-deb -I works" dpkg-deb -I "$deb"
check "Package: weatherd" test "$(field Package)" = weatherd
check "Architecture: $arch" test "$(field Architecture)" = "$arch"
check "Version is <weatherd --version>-<revision>" bash -c "[[ '$(field Version)' =~ ^[0-9]+\\.[0-9]+\\.[0-9]+-[0-9]+\$ ]]"
check "Maintainer is set" test -n "$(field Maintainer)"
check "Section and Priority are set" test -n "$(field Section)" -a "$(field Priority)" = optional
check "Installed-Size is a number" bash -c "[[ '$(field Installed-Size)' =~ ^[0-9]+\$ ]]"
check "Description has a synopsis and a long text" bash -c "dpkg-deb -f '$deb' Description | sed -n 2p | grep -q ."
depends=$(field Depends)
echo "# Depends: $depends"
for dep in libc6 libsystemd0 libyaml-0-2 'systemd | systemd-sysusers'; do
	check "Depends names $dep" grep -qF "$dep" <<<"$depends"
done
check "Depends has no Swift toolchain library" bash -c "! grep -qi swift <<<'$depends'"

mkdir -p "$tmp/control"
dpkg-deb -e "$deb" "$tmp/control"
check "conffiles lists exactly /etc/weatherd/config.yaml" \
	test "$(cat "$tmp/control/conffiles")" = /etc/weatherd/config.yaml
for script in postinst prerm postrm; do
	check "$script is executable" test -x "$tmp/control/$script"
	check "$script is valid sh" sh -n "$tmp/control/$script"
	check "$script honours DPKG_ROOT" grep -q DPKG_ROOT "$tmp/control/$script"
done
check "postinst runs systemd-sysusers weatherd.conf" grep -q 'systemd-sysusers .*weatherd.conf' "$tmp/control/postinst"
check "postinst updates the journal catalog" grep -q -- '--update-catalog' "$tmp/control/postinst"
check "postinst reloads systemd" grep -q 'daemon-reload' "$tmp/control/postinst"
check "postinst enables and starts nothing" \
	bash -c "! grep -Eq '(systemctl|deb-systemd-invoke|deb-systemd-helper) +(--[a-z]+ +)*(enable|start|restart|reenable) ' '$tmp/control/postinst'"
check "prerm stops the service on remove" grep -q 'deb-systemd-invoke stop weatherd.service' "$tmp/control/prerm"
check "postrm removes /var/lib/weatherd on purge only" \
	bash -c "grep -q 'purge' '$tmp/control/postrm' && grep -q 'rm -rf \"\$DPKG_ROOT/var/lib/weatherd\"' '$tmp/control/postrm'"

# --- extracted files --------------------------------------------------------------
x="$tmp/x"
dpkg -x "$deb" "$x"
check "md5sums match the files" bash -c "cd '$x' && md5sum --quiet -c '$tmp/control/md5sums'"
check "weatherd --version runs" "$x/usr/bin/weatherd" --version
if [ -e po/de.po ]; then
	check "the packaged binary finds its German catalogue beside it (codes --language de)" \
		bash -c "'$x/usr/bin/weatherd' codes --language de | grep -q 'Leichter Regen'"
fi
check "weatherd --version matches the package version" \
	test "$("$x/usr/bin/weatherd" --version)-$(field Version | sed 's/.*-//')" = "$(field Version)"
check "the binary loads only system libraries" \
	bash -c "ldd '$x/usr/bin/weatherd' | awk '/=>/ { print \$3 } /not found/ { print \"missing\" }' | grep -Ev '^(/lib|/usr/lib|/lib64)/' | { ! grep -q .; }"
check "the binary links the system's libyaml (not a copy of its own)" \
	bash -c "objdump -p '$x/usr/bin/weatherd' | grep -Eq 'NEEDED +libyaml-0\.so\.2\$'"
check "the binary is stripped" bash -c "file '$x/usr/bin/weatherd' | grep -q ', stripped'"
check "check-config accepts the packaged config" \
	"$x/usr/bin/weatherd" check-config --config "$x/etc/weatherd/config.yaml"
check "packaged config is etc/weatherd/config.yaml" cmp "$x/etc/weatherd/config.yaml" etc/weatherd/config.yaml
check "unit ExecStart uses /usr/bin and /etc" \
	grep -qx 'ExecStart=/usr/bin/weatherd run --config /etc/weatherd/config.yaml' "$x/usr/lib/systemd/system/weatherd.service"
# The files' two places (docs/state-file.md "Files", docs/service.md): the state file in the runtime
# directory (/run/weatherd, kept after a stop for readers), the durable cache
# in the state directory (/var/lib/weatherd).
for line in RuntimeDirectory=weatherd RuntimeDirectoryMode=0755 RuntimeDirectoryPreserve=yes \
	StateDirectory=weatherd StateDirectoryMode=0755; do
	check "unit has $line" grep -qx "$line" "$x/usr/lib/systemd/system/weatherd.service"
done
check "sysusers file is systemd/weatherd.sysusers" cmp "$x/usr/lib/sysusers.d/weatherd.conf" systemd/weatherd.sysusers
check "catalog is systemd/weatherd.catalog" cmp "$x/usr/lib/systemd/catalog/weatherd.catalog" systemd/weatherd.catalog
check "state.schema.json is docs/state.schema.json" cmp "$x/usr/share/doc/weatherd/state.schema.json" docs/state.schema.json
check "weatherd.1.gz is docs/weatherd.1" bash -c "zcat '$x/usr/share/man/man1/weatherd.1.gz' | cmp - docs/weatherd.1"
check "weatherd.conf.5.gz is docs/weatherd.conf.5" bash -c "zcat '$x/usr/share/man/man5/weatherd.conf.5.gz' | cmp - docs/weatherd.conf.5"
for page in man1/weatherd.1.gz man5/weatherd.conf.5.gz; do
	check "$page renders without warnings" bash -c "
		out=\$(zcat '$x/usr/share/man/$page' | LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z 2>&1) && [ -z \"\$out\" ]"
done
check "bash completion parses" bash -n "$x/usr/share/bash-completion/completions/weatherd"
check "bash completion has no #! line" bash -c "! head -1 '$x/usr/share/bash-completion/completions/weatherd' | grep -q '^#!'"
check "bash completion completes subcommands" bash -c "
	source '$x/usr/share/bash-completion/completions/weatherd'
	COMP_WORDS=(weatherd st); COMP_CWORD=1; COMP_LINE='weatherd st'; COMP_POINT=\${#COMP_LINE}
	_weatherd weatherd st weatherd 2>/dev/null
	printf '%s\n' \"\${COMPREPLY[@]}\" | grep -qx status"
if command -v zsh >/dev/null 2>&1; then
	check "zsh completion parses" zsh -n "$x/usr/share/zsh/vendor-completions/_weatherd"
else
	echo "# zsh not installed: zsh completion only checked for its #compdef line"
fi
check "zsh completion starts with #compdef weatherd" bash -c "head -1 '$x/usr/share/zsh/vendor-completions/_weatherd' | grep -q '^#compdef weatherd'"
if command -v fish >/dev/null 2>&1; then
	check "fish completion parses" fish -n "$x/usr/share/fish/vendor_completions.d/weatherd.fish"
else
	echo "# fish not installed: fish completion only checked for its complete -c lines"
fi
check "fish completion completes weatherd" grep -q "^complete -c 'weatherd'" "$x/usr/share/fish/vendor_completions.d/weatherd.fish"

# The packaged (static, stripped) binary against the loopback API: run, once and
# status output must validate against the JSON Schema (Tests/packaging/check-schema.py).
# check-schema.py gives every command --state-file and --cache-file in its own
# temporary directory: run as root, the packaged binary would otherwise write
# /var/lib/weatherd/cache.json (and geocoding.json) on this machine.
if [ -x .build/debug/fake-open-meteo ] && command -v python3 >/dev/null 2>&1; then
	mkdir -p "$tmp/bin"
	ln -s "$x/usr/bin/weatherd" "$tmp/bin/weatherd"
	ln -s "$root/.build/debug/fake-open-meteo" "$tmp/bin/fake-open-meteo"
	check "the packaged binary passes check-schema.py" python3 Tests/packaging/check-schema.py --bin-dir "$tmp/bin"
else
	echo "# .build/debug/fake-open-meteo missing: packaged binary not run against the loopback API"
fi

# --- install, upgrade, remove, purge into a throwaway root ----------------------
r="$tmp/root"
host_before=$(cat /etc/passwd /etc/group 2>/dev/null | md5sum)
host_catalog_before=$(stat -c %Y /var/lib/systemd/catalog/database 2>/dev/null || echo none)
mkdir -p "$r/var/lib/dpkg/info" "$r/var/lib/dpkg/updates" "$r/var/lib/dpkg/triggers" "$r/etc" "$r/var/log"
: >"$r/var/lib/dpkg/status"
# Another package's catalog, as on a real system: journalctl --update-catalog
# leaves the old database alone when no catalog file is left at all.
mkdir -p "$r/usr/lib/systemd/catalog"
printf -- '-- 00000000000000000000000000000001\nSubject: placeholder of the test\n\nNothing.\n' \
	>"$r/usr/lib/systemd/catalog/placeholder.catalog"
: >"$r/var/lib/dpkg/available"
dpkg_root() {
	dpkg --root="$r" --log="$r/var/log/dpkg.log" --force-script-chrootless --force-depends \
		--force-not-root --force-confold "$@"
}
if dpkg_root -i "$deb" >"$tmp/install.log" 2>&1; then
	ok "dpkg --root -i installs it"
else
	not_ok "dpkg --root -i installs it" "$(tail -5 "$tmp/install.log" | tr '\n' ' ')"
fi
check "status is 'install ok installed'" \
	bash -c "dpkg --root='$r' -s weatherd | grep -qx 'Status: install ok installed'"
check "installed /usr/bin/weatherd" test -x "$r/usr/bin/weatherd"
check "conffile registered" bash -c "dpkg --root='$r' -s weatherd | grep -A1 '^Conffiles:' | grep -q '/etc/weatherd/config.yaml'"
if command -v systemd-sysusers >/dev/null 2>&1; then
	check "postinst created the weatherd user (nologin)" \
		grep -Eq '^weatherd:x:[0-9]+:[0-9]+:.*:/var/lib/weatherd:/usr/sbin/nologin$' "$r/etc/passwd"
	check "postinst created the weatherd group" grep -q '^weatherd:' "$r/etc/group"
fi
if command -v journalctl >/dev/null 2>&1; then
	check "postinst built the journal catalog" test -s "$r/var/lib/systemd/catalog/database"
	check "catalog database knows weatherd's MESSAGE_IDs" \
		bash -c "journalctl --root='$r' --list-catalog 2>/dev/null | grep -q 1e8127529db14a988ec40952865c732b"
fi

echo "# local change" >>"$r/etc/weatherd/config.yaml"
if dpkg_root -i "$deb" >"$tmp/upgrade.log" 2>&1; then ok "reinstall (upgrade path) succeeds"; else
	not_ok "reinstall (upgrade path) succeeds" "$(tail -5 "$tmp/upgrade.log" | tr '\n' ' ')"; fi
check "a changed conffile survives the upgrade" grep -qx '# local change' "$r/etc/weatherd/config.yaml"

# What a daemon leaves in the state directory: the durable cache, the
# geocoding cache beside it, and the link an upgrade from the earlier layout
# left where the state file was (to /run/weatherd/state.json).
mkdir -p "$r/var/lib/weatherd" "$r/etc/systemd/system/multi-user.target.wants"
echo '{}' >"$r/var/lib/weatherd/cache.json"
echo '{}' >"$r/var/lib/weatherd/geocoding.json"
ln -s /run/weatherd/state.json "$r/var/lib/weatherd/state.json"
mkdir -p "$r/run/weatherd"
echo '{}' >"$r/run/weatherd/state.json"
ln -s /usr/lib/systemd/system/weatherd.service "$r/etc/systemd/system/multi-user.target.wants/weatherd.service"
if dpkg_root -r weatherd >"$tmp/remove.log" 2>&1; then ok "dpkg --root -r removes it"; else
	not_ok "dpkg --root -r removes it" "$(tail -5 "$tmp/remove.log" | tr '\n' ' ')"; fi
check "remove: binary gone" test ! -e "$r/usr/bin/weatherd"
check "remove: unit gone" test ! -e "$r/usr/lib/systemd/system/weatherd.service"
check "remove: config kept" test -f "$r/etc/weatherd/config.yaml"
check "remove: cache kept" test -f "$r/var/lib/weatherd/cache.json"
check "remove: geocoding cache kept" test -f "$r/var/lib/weatherd/geocoding.json"
check "remove: the old state file's link kept" test -L "$r/var/lib/weatherd/state.json"
check "remove: status is deinstall ok config-files" \
	bash -c "dpkg --root='$r' -s weatherd | grep -qx 'Status: deinstall ok config-files'"
if command -v journalctl >/dev/null 2>&1; then
	check "remove: catalog no longer knows weatherd" \
		bash -c "! journalctl --root='$r' --list-catalog 2>/dev/null | grep -q 1e8127529db14a988ec40952865c732b"
fi
if dpkg_root -P weatherd >"$tmp/purge.log" 2>&1; then ok "dpkg --root -P purges it"; else
	not_ok "dpkg --root -P purges it" "$(tail -5 "$tmp/purge.log" | tr '\n' ' ')"; fi
check "purge: config gone" test ! -e "$r/etc/weatherd/config.yaml"
check "purge: /var/lib/weatherd gone" test ! -e "$r/var/lib/weatherd"
check "purge: the kept /run/weatherd gone" test ! -e "$r/run/weatherd"
check "purge: enablement link gone" test ! -L "$r/etc/systemd/system/multi-user.target.wants/weatherd.service"
check "purge: package unknown to dpkg" bash -c "! dpkg --root='$r' -s weatherd >/dev/null 2>&1"
if command -v systemd-sysusers >/dev/null 2>&1; then
	check "purge: the weatherd user is kept (system users are never removed)" grep -q '^weatherd:' "$r/etc/passwd"
fi

check "the host's /etc/passwd and /etc/group are untouched" test "$(cat /etc/passwd /etc/group 2>/dev/null | md5sum)" = "$host_before"
check "the host's journal catalog is untouched" \
	test "$(stat -c %Y /var/lib/systemd/catalog/database 2>/dev/null || echo none)" = "$host_catalog_before"

# --- lintian ------------------------------------------------------------------------
if command -v lintian >/dev/null 2>&1; then
	# Errors and warnings; the package's own overrides (packaging/deb/lintian-overrides) apply.
	lintian --no-cfg "$deb" >"$tmp/lintian" 2>&1
	grep -v 'running with root privileges' "$tmp/lintian" | sed 's/^/# lintian: /'
	check "lintian: no errors or warnings" bash -c "! grep -Eq '^[EW]:' '$tmp/lintian'"
else
	echo "# lintian not installed: skipped (apt-get install lintian)"
fi

finish
