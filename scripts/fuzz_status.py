#!/usr/bin/env python3
"""How far the fuzz runs of this clone got: executions per process, how each ended, per commit.

    python3 scripts/fuzz_status.py [build/fuzz-run]      (`make fuzz-status`)

`make fuzz` writes each process's log to build/fuzz-run/fuzz-N.log and what it ran to
build/fuzz-run/run.txt (start time, commit, flags); before it starts, the logs of the run before
go to build/fuzz-run/earlier/<start time>/. So a long run resumed from its corpus (a session
ended, a machine restarted) keeps the record of every part, and this script adds the parts up by
commit: the figure docs/fuzzing.md's "Runs" reports. Reads logs only; safe while a run goes on.
"""
from __future__ import annotations

import pathlib
import re
import sys

PULSE = re.compile(r"^#(\d+)\s+\w+\s+.*?exec/s: (\d+)")
FINAL = re.compile(r"^stat::number_of_executed_units: (\d+)")


def read_log(path: pathlib.Path) -> tuple[int, str, str]:
    """(executions, how it ended, last rate) of one process's libFuzzer log."""
    executions, rate, ended = 0, "?", "stopped without a final report (killed, or still running)"
    for line in path.read_text(errors="replace").splitlines():
        if m := PULSE.match(line):
            executions, rate = int(m.group(1)), m.group(2)
        elif m := FINAL.match(line):
            executions = int(m.group(1))
        elif line.startswith("Done "):
            ended = "done: " + line.strip()
        elif "ERROR: libFuzzer: timeout" in line or "ALARM: working on the last Unit" in line:
            ended = "a timeout (see build/fuzz-timeout-*)"
        elif "ERROR: libFuzzer: deadly signal" in line or "ERROR: AddressSanitizer" in line:
            ended = "a crash or a contract violation (see build/fuzz-crash-*)"
        elif "libFuzzer: run interrupted" in line:
            ended = "interrupted (SIGINT)"
        elif "ERROR: libFuzzer: out-of-memory" in line:
            ended = "out of memory (see build/fuzz-oom-*)"
    return executions, ended, rate


def run_info(directory: pathlib.Path) -> dict[str, str]:
    info = {"started": "?", "commit": "unknown", "flags": ""}
    run = directory / "run.txt"
    if run.exists():
        for line in run.read_text().splitlines():
            key, _, value = line.partition(": ")
            info[key] = value
    return info


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "build/fuzz-run")
    parts = sorted((root / "earlier").glob("*")) + [root] if (root / "earlier").exists() else [root]
    totals: dict[str, int] = {}
    for part in parts:
        logs = sorted(part.glob("fuzz-*.log"))
        if not logs:
            continue
        info = run_info(part)
        print(f"{part}: started {info['started']}, commit {info['commit']}")
        for log in logs:
            executions, ended, rate = read_log(log)
            totals[info["commit"]] = totals.get(info["commit"], 0) + executions
            print(f"  {log.name}: {executions:,} executions (last {rate} a second); {ended}")
    if not totals:
        print(f"no fuzz logs under {root}")
        return 1
    for commit, n in totals.items():
        print(f"commit {commit}: {n:,} executions in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
