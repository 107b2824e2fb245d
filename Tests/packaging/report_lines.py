"""The report lines of the packaging checks: "ok   - ..." / "FAIL - ...", then "N passed, N failed"."""

passed = 0
failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   - {name}")
    else:
        failed += 1
        print(f"FAIL - {name}" + (f": {detail}" if detail else ""))


def summary():
    """Prints "N passed, N failed"; the exit status: 0 when nothing failed."""
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
