"""bench — what weatherd costs, measured (bench/README.md). The runner is bench/run.py (`make bench` runs it
inside a private journald; its docstring lists the sections, the knobs and what a section module holds).

The sections, one module each: sizes, deb, plannerday, startup, compare, realtime, cachetick, fleet.
What they share:
  common       paths, shared knobs, logging, the look-alike servers, process and set-up helpers
  table        the table's rows (Row), their formatting and the verdicts
  old_build    the release build of an older commit, for a section's BESIDE (also run by path)
  configs      the configurations the daemons read, checked; the current-only body of compare's server
  daemons      Contender (a binary and its configuration) and Daemon (one `weatherd run` process)
  notify       the notify socket standing in for systemd's NOTIFY_SOCKET
  sampling     /proc and cgroup sampling: CPU, RSS, threads, context switches, write_bytes, a window
  requestlog   fake-open-meteo's request log: weights, requests per location and data period
  clones       the threads a process creates, counted by perf (cachetick)
  follower     `weatherd status --follow` beside a daemon (cachetick)
  cachetick_c  bench/cachetick.c, the same cache tick in C, built and run (cachetick)
Run by path, not imported: server.py (compare's instant-answer server).
"""
