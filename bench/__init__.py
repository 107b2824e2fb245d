"""bench — what weatherd costs, measured (bench/README.md). The runner is bench/run.py (`make bench` runs it
inside a private journald; its docstring lists the sections and the environment knobs). The modules, each
at most 400 lines:

  common       paths, knobs, constants, logging, the look-alike servers, process and set-up helpers
  sampling     /proc and cgroup sampling: CPU, RSS, threads, context switches, write_bytes, a window
  notify       the notify socket standing in for systemd's NOTIFY_SOCKET
  daemons      Contender (a binary and its configuration) and Daemon (one `weatherd run` process)
  configs      the configurations the daemons read, the current-only body of the 10 ms runs
  requestlog   fake-open-meteo's request log: weights, requests per location and data period
  footprint    sections sizes and deb
  plannerday   section plannerday (the real planner through a simulated UTC day)
  startup      section startup (exec -> READY=1)
  paired       section compare (short 10 ms runs side by side)
  realtime     section realtime (requests per location and data period at the real 10 s interval)
  cachetick    section cachetick, with clones.py (clone calls counted by perf) and cachetick_c.py (the C tick)
  fleet        section fleet (scripts/fleet-e2e)
  old_build    the old commits' release builds (sections old and cachetick-old)
  verdicts     the targets and their verdicts, the formatting the table shares
  report       the table
Run by path, not imported: server.py (old_build.py is both).
"""
