# weatherd — build, test and install helpers (GNU make).
#
#   make run                  run the daemon in the foreground on the embedded defaults
#   make test                 run the whole test suite
#   make debug                the debug build, tests included, that test, soak and fleet use
#   make fleet                20 daemons behind the shipped nginx cache (about 4 minutes; in ci, not in test)
#   make build                release build (.build/release/weatherd) and the catalogues beside it
#   make catalogues           po/LANG.po compiled for the builds here (msgfmt --check)
#   sudo make install         binary, unit, sysusers entry, journal catalog, default config
#   make install DESTDIR=/tmp/pkg PREFIX=/usr    staged install for packaging
#
# `run` and `test` install libsystemd-dev, libyaml-dev, pkg-config and gettext
# (msgfmt) with apt-get when they are missing and make runs as root; otherwise
# they print what to install.

SHELL := /bin/sh

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
SYSCONFDIR ?= /etc
# systemd searches both /usr/lib/... and /usr/local/lib/... for units,
# sysusers.d files and catalogs (checked with systemd 252 on Debian 12), so
# PREFIX=/usr (packages) and PREFIX=/usr/local (this Makefile's default) both
# work without further steps. For any other PREFIX, point these three at one
# of those trees, e.g. `make install PREFIX=/opt/weatherd SYSTEMDUNITDIR=/etc/systemd/system`.
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
CATALOGDIR ?= $(PREFIX)/lib/systemd/catalog
# Manual pages, documentation (the state file's JSON Schema) and shell
# completions. bash-completion and fish also search /usr/local/share, but
# Debian's zsh only has /usr/local/share/zsh/site-functions (not
# vendor-completions) on its $fpath for /usr/local.
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/weatherd
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The compiled catalogues (LANG/LC_MESSAGES/weatherd.mo): weatherd looks in share/locale beside its
# binary's directory, so PREFIX/bin/weatherd finds PREFIX/share/locale (docs/language.md).
LOCALEDIR ?= $(PREFIX)/share/locale
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))
COMPLETIONSDIR := .build/completions

# The debug build of make test, soak and fleet (and scripts/test), without debug information: a test's
# failure names its source line through the #expect macros, not DWARF, and the clean build of the
# dependencies (AsyncHTTPClient, NIO, BoringSSL) spends much of its time writing and linking it.
# Each module is compiled whole (-wmo, still -Onone): one compiler job a module instead of one a batch of
# files that each parse the whole module again. A clean build with tests took 424-480 s against 526-543 s
# file by file on the 2-core machine; an incremental build then compiles a changed module whole.
# -num-threads 2 keeps one object file a source file, which the build's link steps expect. The index
# store stays, although a clean build of weatherd alone took 196 s without it against 228 s with it:
# SwiftPM discovers the tests from it on Linux (without it a build with tests fails at its end). The same
# flags everywhere, so make ci builds once: scripts/test asks for them (make debug-flags), and a plain
# `swift build` would build the same tree again with other flags (make debug is the one to use).
DEBUG_FLAGS := -debug-info-format none -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2
RELEASE_BIN := .build/release/weatherd
DEB_PACKAGES := libsystemd-dev libyaml-dev zlib1g-dev pkg-config gettext
FORMAT_PATHS := Sources Tests Package.swift

.PHONY: all build debug debug-flags link-order-input deps catalogues run test format lint install uninstall clean check-systemd bench completions deb soak fleet fuzz check-deb ci

all: build

# The Swift standard library, runtime and Foundation are linked statically
# (--static-swift-stdlib): the binary then needs only the system's glibc,
# libstdc++, zlib, libsystemd and libyaml, not the toolchain's
# /opt/swift/usr/lib/swift/linux. For size (bench/README.md, "Binary size",
# measured side by side): the package's code is optimised for size (-Osize:
# 1.5 MB less, no more CPU per fetch or per hour); it is linked by the
# toolchain's lld (-use-ld=lld) without putting the package's 29,000 symbols in
# the dynamic symbol table, where nothing looks them up (--no-export-dynamic:
# 3 MB), and with packed relative relocations (-z pack-relative-relocs, DT_RELR:
# 1.9 MB less, and less resident memory; needs glibc 2.36, Debian 12, which
# scripts/build-deb writes into Depends). The price: a crash backtrace of the
# stripped binary shows addresses where it showed the package's function names.
# The functions a running weatherd executes are placed side by side
# (--symbol-ordering-file=packaging/weatherd.order, written by scripts/link-order),
# a cache tick's first: the kernel maps code 64 KB at a time, so scattered they
# kept 11-12 MB of the 17.7 MB of code resident (make bench, cachetick: VmRSS
# 16.8 MiB in this order, 20.8-21.8 MiB in the default one), and a tick every
# 10 s pays a page walk for each page of code it runs (246 pages a cache tick by
# name order, 106-135 tick first). Each function has a section of its own
# (-function-sections), or the linker could only move a source file's code as one
# block; the compiler keeps an object whose code did not change, so a release
# build made before the flag needs `rm -rf .build/*/release` once (check-deb's
# link-order check fails until then). scripts/link-order and bench/README.md have
# the figures. A stale list costs memory and CPU, not correctness: missing names
# are skipped.
# What the list cannot name, the functions the compiler makes without a symbol,
# packaging/weatherd.ld gathers before .text (VmRSS 17.2 -> 14.6 MiB; the figures
# are in that file).
# SwiftPM does not know the list or the script as inputs of the link, so `build`
# first removes a release binary older than either (link-order-input), and the
# link runs again.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Osize -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=packaging/weatherd.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker packaging/weatherd.ld

build: link-order-input catalogues
	$(SWIFT) build $(RELEASE_FLAGS) --product weatherd

# Beside the builds (.build/TRIPLE/locale), where a binary built here looks: make run and the tests speak
# every language without an install.
catalogues:
	scripts/compile-catalogues

link-order-input:
	@if [ -e $(RELEASE_BIN) ] && { [ packaging/weatherd.order -nt $(RELEASE_BIN) ] || \
	    [ packaging/weatherd.ld -nt $(RELEASE_BIN) ]; }; then rm -f $(RELEASE_BIN); fi

# The headers and pkg-config files of libsystemd, libyaml and zlib are needed to
# compile the CSystemd, CYaml and CZlib modules. Installed with apt-get only when
# missing and running as root.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libsystemd yaml-0.1 zlib && \
	    command -v msgfmt >/dev/null 2>&1; then \
		exit 0; \
	elif [ "$$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(DEB_PACKAGES) ..."; \
		DEBIAN_FRONTEND=noninteractive apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(DEB_PACKAGES); \
	else \
		echo "weatherd needs the development files of libsystemd and libyaml, pkg-config and msgfmt." >&2; \
		echo "Install them first, e.g.: sudo apt-get install $(DEB_PACKAGES)" >&2; \
		exit 1; \
	fi

# Foreground, on the embedded defaults (or /etc/weatherd/config.yaml when that
# file exists). Logs go to the journal when its socket exists, else to stderr.
# Unless run as root, the state file goes to $XDG_RUNTIME_DIR/weatherd/ (tmpfs;
# beside the cache without it) and the durable cache to ~/.local/state/weatherd/
# (as root: /run/weatherd/ and /var/lib/weatherd/).
# Extra options: make run ARGS="--log-target stderr --interval 2s"
# The debug build of make test (DEBUG_FLAGS), of weatherd alone: a fresh clone shows the weather without
# compiling the tests first, and make test then builds only what is left.
run: deps catalogues
	$(SWIFT) run $(DEBUG_FLAGS) weatherd run $(ARGS)

test: deps
	WEATHERD_DEBUG_FLAGS='$(DEBUG_FLAGS)' scripts/test

# The debug build, tests included, that make test, soak and fleet use (and the scripts' hints name).
debug: deps catalogues
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)

# Prints DEBUG_FLAGS, for scripts/test run by hand: one list of the debug build's flags.
debug-flags:
	@echo $(DEBUG_FLAGS)

# 100,000 ticks at 1 ms against a loopback server mixing every fault (about 2 minutes): the process
# stays up, memory and file descriptors stay flat, the counters add up (scripts/soak).
soak: deps
	$(SWIFT) build $(DEBUG_FLAGS) --product weatherd
	$(SWIFT) build $(DEBUG_FLAGS) --product fake-open-meteo
	scripts/soak

# 20 daemons behind the shipped nginx cache (etc/nginx/weatherd-cache.conf; Debian's nginx, installed when
# missing and root) against one daemon alone, over three 60-second data periods (about 4 minutes): the API
# sees no more requests from the twenty than from the one, and each shows every period (scripts/fleet-e2e).
fleet: deps
	$(SWIFT) build $(DEBUG_FLAGS) --product weatherd
	$(SWIFT) build $(DEBUG_FLAGS) --product fake-open-meteo
	scripts/fleet-e2e

# The libFuzzer targets (their own build, with -sanitize=fuzzer,address), FUZZ_SECONDS per target, default 60;
# make ci runs them after the suite.
fuzz: deps
	WEATHERD_DEBUG_FLAGS='$(DEBUG_FLAGS)' scripts/fuzz

# The Debian package built and checked: contents, fields, install/upgrade/remove/purge, lintian.
check-deb: deb
	Tests/packaging/check-deb.sh --reuse

# Everything CI runs: the test suite, the soak, the fleet behind the cache, the fuzz targets and the
# package check. The benchmark (make bench) is a measurement for a quiet machine, run by hand.
ci: test soak fleet fuzz check-deb

# make ci's clients-e2e also waits for the fallback daemon's return to Open-Meteo in each client.
ci: export CLIENTS_E2E_FALLBACK_RETURN := 1

format:
	$(SWIFT) format format --in-place --recursive $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)

# Static checks of the unit: systemd-analyze's exposure score must stay at or
# below 1.5 (--threshold takes tenths), and `verify` must pass. verify needs an
# existing ExecStart= binary and man page, so it checks a copy with /bin/true.
check-systemd:
	systemd-analyze security --offline=true --threshold=15 --no-pager systemd/weatherd.service
	@tmp=$$(mktemp -d) && \
	sed 's|^ExecStart=[^ ]*|ExecStart=/bin/true|' systemd/weatherd.service >"$$tmp/weatherd.service" && \
	systemd-analyze verify --man=no "$$tmp/weatherd.service"; \
	rc=$$?; rm -rf "$$tmp"; exit $$rc

# bash, zsh and fish completions, generated by swift-argument-parser from the
# release binary (the bash one without its #! line: it is sourced, not run).
completions: build
	@mkdir -p $(COMPLETIONSDIR)
	$(RELEASE_BIN) --generate-completion-script bash >$(COMPLETIONSDIR)/weatherd.bash.tmp
	sed '1{/^#!/d;}' $(COMPLETIONSDIR)/weatherd.bash.tmp >$(COMPLETIONSDIR)/weatherd.bash
	rm -f $(COMPLETIONSDIR)/weatherd.bash.tmp
	$(RELEASE_BIN) --generate-completion-script zsh >$(COMPLETIONSDIR)/_weatherd
	$(RELEASE_BIN) --generate-completion-script fish >$(COMPLETIONSDIR)/weatherd.fish

install: build completions
	install -d -m 0755 "$(DESTDIR)$(BINDIR)"
	install -m 0755 $(RELEASE_BIN) "$(DESTDIR)$(BINDIR)/weatherd"
	install -d -m 0755 "$(DESTDIR)$(SYSTEMDUNITDIR)"
	sed -e '/^ExecStart=/s|/usr/bin/weatherd|$(BINDIR)/weatherd|' \
	    -e '/^ExecStart=/s|/etc/weatherd/config.yaml|$(SYSCONFDIR)/weatherd/config.yaml|' \
	    systemd/weatherd.service >"$(DESTDIR)$(SYSTEMDUNITDIR)/weatherd.service"
	chmod 0644 "$(DESTDIR)$(SYSTEMDUNITDIR)/weatherd.service"
	install -d -m 0755 "$(DESTDIR)$(SYSUSERSDIR)"
	install -m 0644 systemd/weatherd.sysusers "$(DESTDIR)$(SYSUSERSDIR)/weatherd.conf"
	install -d -m 0755 "$(DESTDIR)$(CATALOGDIR)"
	install -m 0644 systemd/weatherd.catalog "$(DESTDIR)$(CATALOGDIR)/weatherd.catalog"
	install -d -m 0755 "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man5"
	install -m 0644 docs/weatherd.1 "$(DESTDIR)$(MANDIR)/man1/weatherd.1"
	install -m 0644 docs/weatherd.conf.5 "$(DESTDIR)$(MANDIR)/man5/weatherd.conf.5"
	install -d -m 0755 "$(DESTDIR)$(DOCDIR)"
	install -m 0644 docs/state.schema.json "$(DESTDIR)$(DOCDIR)/state.schema.json"
	@for language in $(LANGUAGES); do \
		echo "install -m 0644 .../$$language/LC_MESSAGES/weatherd.mo $(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/weatherd.mo"; \
		install -d -m 0755 "$(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES" && \
		install -m 0644 ".build/$$(uname -m)-unknown-linux-gnu/locale/$$language/LC_MESSAGES/weatherd.mo" \
			"$(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/weatherd.mo" || exit 1; \
	done
	install -d -m 0755 "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	install -m 0644 $(COMPLETIONSDIR)/weatherd.bash "$(DESTDIR)$(BASHCOMPDIR)/weatherd"
	install -m 0644 $(COMPLETIONSDIR)/_weatherd "$(DESTDIR)$(ZSHCOMPDIR)/_weatherd"
	install -m 0644 $(COMPLETIONSDIR)/weatherd.fish "$(DESTDIR)$(FISHCOMPDIR)/weatherd.fish"
	install -d -m 0755 "$(DESTDIR)$(SYSCONFDIR)/weatherd"
	@if [ -e "$(DESTDIR)$(SYSCONFDIR)/weatherd/config.yaml" ]; then \
		echo "Keeping existing $(DESTDIR)$(SYSCONFDIR)/weatherd/config.yaml"; \
	else \
		echo "install -m 0644 etc/weatherd/config.yaml $(DESTDIR)$(SYSCONFDIR)/weatherd/config.yaml"; \
		install -m 0644 etc/weatherd/config.yaml "$(DESTDIR)$(SYSCONFDIR)/weatherd/config.yaml"; \
	fi
	@if [ -z "$(DESTDIR)" ]; then \
		echo "systemd-sysusers $(SYSUSERSDIR)/weatherd.conf"; \
		systemd-sysusers "$(SYSUSERSDIR)/weatherd.conf" || exit 1; \
		echo "journalctl --update-catalog"; \
		journalctl --update-catalog || exit 1; \
		if [ -d /run/systemd/system ]; then \
			echo "systemctl daemon-reload"; \
			systemctl daemon-reload || exit 1; \
			if systemctl is-active --quiet weatherd.service; then \
				echo "weatherd is running the old binary: systemctl restart weatherd.service"; \
			fi; \
		fi; \
		echo "Installed. Start it with: systemctl enable --now weatherd.service"; \
	fi

# Leaves $(SYSCONFDIR)/weatherd, /var/lib/weatherd and the weatherd user in
# place (system users are never removed: files may still be owned by them).
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ] && \
	    systemctl cat weatherd.service >/dev/null 2>&1; then \
		echo "systemctl disable --now weatherd.service"; \
		systemctl disable --now weatherd.service || true; \
	fi
	rm -f "$(DESTDIR)$(BINDIR)/weatherd"
	rm -f "$(DESTDIR)$(SYSTEMDUNITDIR)/weatherd.service"
	rm -f "$(DESTDIR)$(SYSUSERSDIR)/weatherd.conf"
	rm -f "$(DESTDIR)$(CATALOGDIR)/weatherd.catalog"
	rm -f "$(DESTDIR)$(MANDIR)/man1/weatherd.1" "$(DESTDIR)$(MANDIR)/man1/weatherd.1.gz"
	rm -f "$(DESTDIR)$(MANDIR)/man5/weatherd.conf.5" "$(DESTDIR)$(MANDIR)/man5/weatherd.conf.5.gz"
	rm -f "$(DESTDIR)$(DOCDIR)/state.schema.json"
	@for language in $(LANGUAGES); do rm -f "$(DESTDIR)$(LOCALEDIR)/$$language/LC_MESSAGES/weatherd.mo"; done
	rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true
	rm -f "$(DESTDIR)$(BASHCOMPDIR)/weatherd"
	rm -f "$(DESTDIR)$(ZSHCOMPDIR)/_weatherd"
	rm -f "$(DESTDIR)$(FISHCOMPDIR)/weatherd.fish"
	@if [ -z "$(DESTDIR)" ]; then \
		echo "journalctl --update-catalog"; \
		journalctl --update-catalog || exit 1; \
		if [ -d /run/systemd/system ]; then \
			echo "systemctl daemon-reload"; \
			systemctl daemon-reload || exit 1; \
		fi; \
		echo "Kept $(SYSCONFDIR)/weatherd, /var/lib/weatherd and the weatherd user."; \
	fi

# A Debian package in dist/ (scripts/build-deb): the release build staged with
# PREFIX=/usr SYSCONFDIR=/etc, man pages, completions, maintainer scripts.
deb: build
	scripts/build-deb

clean:
	$(SWIFT) package clean

# The benchmark (bench/README.md): what weatherd costs against its budgets, the
# release weatherd against loopback look-alikes inside a private journald
# (root), beside older commits where a budget compares (built by
# bench/old_build.py in .build/bench/old/) and a C program of a cache tick;
# about 30 minutes (plus the old commits' builds the first time); one table, also
# in .build/bench/results.json. BENCH_STRICT=1 makes a missed budget exit 1.
# fake-open-meteo and bench-planner-day (the real planner through a simulated
# UTC day) are built with the same flags as `build`, so the products share one
# build description instead of recompiling each other.
bench: build
	$(SWIFT) build $(RELEASE_FLAGS) --product fake-open-meteo
	$(SWIFT) build $(RELEASE_FLAGS) --product bench-planner-day
	scripts/with-journald python3 bench/run.py
