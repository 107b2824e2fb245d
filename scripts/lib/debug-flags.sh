# shellcheck shell=bash disable=SC2034 # sourced: debug_flags is used by the script that sources it
# scripts/lib/debug-flags.sh — the Makefile's DEBUG_FLAGS as the array `debug_flags`, for scripts/test and
# scripts/fuzz, so that the debug build they share cannot drift apart (the Makefile says why the flags).
# `make test` and `make fuzz` hand them over in WEATHERD_DEBUG_FLAGS (a make run with --trace or --debug
# would print its own text into an inner make's output); run by hand, a script asks the Makefile. A
# separate assignment, so that a failing make stops the script (set -e does not see into `read <<<`).
if [ -n "${WEATHERD_DEBUG_FLAGS:-}" ]; then
    debug_flags_text=$WEATHERD_DEBUG_FLAGS
else
    debug_flags_text=$(make -s --no-print-directory debug-flags)
fi
read -ra debug_flags <<< "$debug_flags_text"
[ "${#debug_flags[@]}" -gt 0 ] || { echo "$0: make debug-flags printed no flags" >&2; exit 1; }
