#!/usr/bin/env python3
"""bench/old_build.py [COMMIT] — the release weatherd of an older commit, for the side-by-side rows.

`git archive COMMIT` is unpacked into .build/bench/old/<full hash>/ (no worktree is registered in the
repository) and built there as `make build` builds it: `swift build -c release --product weatherd
--static-swift-stdlib`, with the flags of that commit's Makefile where it has more. A tree whose build
finished is reused: `.bench-built` is written after a successful build, and the source of an archive
never changes. Prints the binary's path. bench/run.py imports `build_old`.
"""

import os
import re
import shutil
import subprocess
import sys
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
OLD_DIR = os.path.join(ROOT, ".build", "bench", "old")
STAMP = ".bench-built"


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def resolve(commit):
    result = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", f"{commit}^{{commit}}"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"unknown commit {commit}: {result.stderr.strip()}")
    return result.stdout.strip()


def makefile_build_flags(tree):
    """The arguments after `$(SWIFT) build` in the `build:` rule of that commit's Makefile."""
    try:
        with open(os.path.join(tree, "Makefile")) as f:
            text = f.read()
    except OSError:
        return None
    match = re.search(r"^build:[^\n]*\n\t\$\(SWIFT\) build ([^\n]+)$", text, re.M)
    if not match:
        return None
    # The Makefile's own variables (`NAME := …` or `NAME = …`, continued lines joined), e.g. $(RELEASE_FLAGS).
    joined = text.replace("\\\n", " ")
    variables = {m.group(1): m.group(2).strip()
                 for m in re.finditer(r"^([A-Z_][A-Z0-9_]*)\s*:?=[ \t]*([^\n]*)$", joined, re.M)}
    flags = match.group(1)
    for _ in range(5):
        expanded = re.sub(r"\$\(([A-Z_][A-Z0-9_]*)\)",
                          lambda m: variables.get(m.group(1), m.group(0)) if m.group(1) != "SWIFT" else m.group(0),
                          flags)
        if expanded == flags:
            break
        flags = expanded
    if "$(" in flags:
        return None
    return flags.split()


def build_old(commit, progress=log):
    """Builds (or reuses) the release weatherd of `commit`; returns (binary path, full hash, argv, seconds)."""
    full = resolve(commit)
    tree = os.path.join(OLD_DIR, full)
    binary = os.path.join(tree, ".build", "release", "weatherd")
    stamp = os.path.join(tree, STAMP)
    flags = None
    if os.path.exists(stamp) and os.access(binary, os.X_OK):
        with open(stamp) as f:
            flags = f.read().split()
        progress(f"old build: reusing {os.path.relpath(binary, ROOT)} ({full[:7]})")
        return binary, full, flags, 0.0
    if not os.path.isdir(os.path.join(tree, "Sources")):
        progress(f"old build: unpacking {full[:7]} into {os.path.relpath(tree, ROOT)}")
        shutil.rmtree(tree, ignore_errors=True)
        os.makedirs(tree)
        archive = subprocess.Popen(["git", "-C", ROOT, "archive", "--format=tar", full], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", tree], stdin=archive.stdout, check=True)
        archive.stdout.close()
        if archive.wait() != 0:
            raise RuntimeError(f"git archive {full} failed")
    flags = makefile_build_flags(tree) or ["-c", "release", "--product", "weatherd", "--static-swift-stdlib"]
    swift = os.environ.get("SWIFT", "swift")
    argv = [swift, "build"] + flags
    log_path = os.path.join(OLD_DIR, f"{full[:12]}.build.log")
    progress(f"old build: `{' '.join(argv)}` in {os.path.relpath(tree, ROOT)} (several minutes the first time; "
             f"output in {os.path.relpath(log_path, ROOT)})")
    started = time.monotonic()
    with open(log_path, "w") as out:
        process = subprocess.Popen(argv, cwd=tree, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        last = started
        while process.poll() is None:
            time.sleep(1)
            if time.monotonic() - last >= 60:
                last = time.monotonic()
                progress(f"old build: still compiling ({last - started:.0f} s)")
    seconds = time.monotonic() - started
    if process.returncode != 0 or not os.access(binary, os.X_OK):
        with open(log_path) as f:
            tail = f.read()[-1500:]
        raise RuntimeError(f"old build of {full[:7]} failed (exit {process.returncode}): {tail}")
    with open(stamp, "w") as f:
        f.write(" ".join(flags) + "\n")
    progress(f"old build: done in {seconds:.0f} s")
    return binary, full, flags, seconds


if __name__ == "__main__":
    try:
        path, *_ = build_old(sys.argv[1] if len(sys.argv) > 1 else "2516b13")
    except RuntimeError as error:
        print(f"old_build: {error}", file=sys.stderr)
        sys.exit(1)
    print(path)
