#!/bin/bash
# bench/baseline_shell.sh URL N DIR JQ_FILE
#
# The "shell script on a systemd timer" baseline: N times, what one timer run
# of a service like
#     ExecStart=/bin/sh -c 'curl -s URL | jq -f prog > tmp && mv tmp state.json'
# does: a fresh sh, curl (new TCP connection), jq, mv. Run back to back under
# this bash; bench/baselines.py takes the CPU of all of it from
# getrusage(RUSAGE_CHILDREN) around this script.
set -eu
url=$1 n=$2 dir=$3 prog=$4
cd "$dir"
for ((i = 0; i < n; i++)); do
    /bin/sh -c 'curl -s "$1" | jq -c -f "$2" > state.json.tmp && mv state.json.tmp state.json' sh "$url" "$prog"
done
