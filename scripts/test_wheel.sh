#!/usr/bin/env bash
# The wheel as a user gets it: installs WHEEL into a fresh virtual environment and runs the
# README's Python example from a directory outside the repo, with no PYTHONPATH, no
# CVLAYOUT_LIBRARY and no Swift toolchain on PATH. Checks that cvlayout loaded the library bundled
# inside the installed package, that no libswift* (nor anything from the build tree) is mapped
# in the process, that the example prints what it prints against the build tree, and that the
# versions agree (VERSION, the wheel's metadata, cvlayout.__version__, the library).
#     scripts/test_wheel.sh WHEEL        (run by `make test-wheel`)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
wheel=$(realpath "$1")
version=$(cat VERSION)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_wheel: $*" >&2; exit 1; }

case "$(basename "$wheel")" in
    "cvlayout-$version-py3-none-manylinux_"*"_$(uname -m).whl") ;;
    *) fail "$(basename "$wheel") is not a py3-none-manylinux wheel of cvlayout $version" ;;
esac

python3 -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --no-index --no-deps "$wheel"

mkdir "$tmp/user"
python3 scripts/extract_readme.py python > "$tmp/user/example.py"
PYTHONPATH=bindings/python CVLAYOUT_LIBRARY="$repo/build/lib/libcvlayout.so" python3 "$tmp/user/example.py" \
    > "$tmp/expected.out"
cd "$tmp/user"
user_env=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$tmp")

"${user_env[@]}" "$tmp/venv/bin/python" example.py > example.out || fail "the README example failed"
cmp -s example.out "$tmp/expected.out" || { diff "$tmp/expected.out" example.out; fail "output differs from the build tree's"; }
# 768 wide, 200-point items 20 apart: 3 per line; 70 + (200 + 20 + 200) + 70 + 200 = 760 high.
head -1 example.out | grep -q "768.*760" || fail "content size is not 768 x 760: $(head -1 example.out)"

"${user_env[@]}" "$tmp/venv/bin/python" - "$tmp/venv" "$repo" "$version" <<'PY' || fail "installed package check"
import importlib.metadata, pathlib, sys
import cvlayout
venv, repo, version = sys.argv[1:]
lib = pathlib.Path(cvlayout.library_path).resolve()
package = pathlib.Path(cvlayout.__file__).resolve().parent
assert lib.parent == package and str(package).startswith(venv), f"loaded {lib}, package at {package}"
n = cvlayout.library_version  # cvl_version(): major * 10000 + minor * 100 + patch
got = {"VERSION": version, "metadata": importlib.metadata.version("cvlayout"),
       "__version__": cvlayout.__version__, "cvl_version()": f"{n // 10000}.{n // 100 % 100}.{n % 100}"}
assert len(set(got.values())) == 1, got
maps = pathlib.Path("/proc/self/maps").read_text()
bad = sorted({line.split()[-1] for line in maps.splitlines() if "libswift" in line or repo in line})
assert not bad, f"mapped: {bad}"
print(f"wheel ok: {lib.name} from {package}, version {version}, no libswift* mapped")
PY
"${user_env[@]}" "$tmp/venv/bin/cvlayout" info > info.out || fail "the cvlayout console script failed"
