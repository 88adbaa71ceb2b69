"""Never crash the host: random and adversarial call sequences through the C surface, each run
in its own process (a Swift trap or a segfault would kill it, and show here as a failed exit)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def run(script: str, seed: int, steps: int) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(HERE.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, str(HERE / script), str(seed), str(steps)], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_calls_never_crash(seed):
    r = run("fuzz_raw.py", seed, 3000)
    assert r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    assert r.stdout.strip().endswith(f"ok {seed}")


@pytest.mark.parametrize("seed", range(1, 9))
def test_host_scenarios_never_crash_and_return_finite_numbers(seed):
    r = run("fuzz_scenario.py", seed, 3000)
    assert r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    assert r.stdout.strip().endswith(f"ok {seed}")
