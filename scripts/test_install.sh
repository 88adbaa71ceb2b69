#!/usr/bin/env bash
# `make install` as a user runs it: installs into a temporary prefix (and a DESTDIR staging
# tree), builds the README's C example with `cc example.c $(pkg-config --cflags --libs cvlayout)`
# in a directory outside the repo, with a PATH and environment that reach neither the build tree
# nor the Swift toolchain, runs it, and checks which libraries the loader mapped: the installed
# libcvlayout and the C runtime, no libswift*, nothing from the build tree. Ends with
# `make uninstall` leaving nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_install: $*" >&2; exit 1; }
clean_env=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$tmp")

# 1. DESTDIR staging: files land under DESTDIR, the .pc names the final prefix; uninstall empties it.
make -s install PREFIX=/usr/local DESTDIR="$tmp/stage"
for f in include/cvlayout.h lib/libcvlayout.so lib/pkgconfig/cvlayout.pc; do
    [ -e "$tmp/stage/usr/local/$f" ] || fail "DESTDIR install lacks $f"
done
[ "$(readlink "$tmp/stage/usr/local/lib/libcvlayout.so")" = "libcvlayout.so.$(cut -d. -f1 VERSION)" ] ||
    fail "libcvlayout.so is not a symlink to the SONAME"
grep -qx 'prefix=/usr/local' "$tmp/stage/usr/local/lib/pkgconfig/cvlayout.pc" || fail ".pc does not name PREFIX"
make -s uninstall PREFIX=/usr/local DESTDIR="$tmp/stage"
left=$(find "$tmp/stage" ! -type d)
[ -z "$left" ] || fail "uninstall left: $left"

# 2. A real prefix, used by a program built outside the repo.
prefix="$tmp/prefix"
make -s install PREFIX="$prefix"
[ "$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion cvlayout)" = "$(cat VERSION)" ] ||
    fail "pkg-config --modversion differs from VERSION"
mkdir "$tmp/user"
python3 scripts/extract_readme.py c > "$tmp/user/example.c"
cd "$tmp/user"

# check_run NAME [ENV...]: runs ./NAME with LD_DEBUG=libs and checks its output and mappings.
check_run() {
    local exe=$1; shift
    "${clean_env[@]}" "$@" LD_DEBUG=libs LD_DEBUG_OUTPUT="$tmp/ld.$exe" "./$exe" > "$exe.out" ||
        fail "$exe exited with $?"
    grep -q "item 0 at (" "$exe.out" || fail "$exe printed no items"
    cat "$tmp/ld.$exe".* > "$exe.ld"
    grep -q "calling init: $prefix/lib/libcvlayout.so.0\$" "$exe.ld" ||
        fail "$exe did not load the installed libcvlayout.so.0"
    if grep -i "swift\|$repo" "$exe.ld"; then fail "$exe reached the Swift toolchain or the build tree"; fi
}

# The prefix is not in the loader's search path, so a user points the loader at it:
# either LD_LIBRARY_PATH=<prefix>/lib at run time ...
"${clean_env[@]}" PKG_CONFIG_PATH="$prefix/lib/pkgconfig" \
    sh -c 'cc example.c $(pkg-config --cflags --libs cvlayout) -o example'
check_run example LD_LIBRARY_PATH="$prefix/lib"
# ... or an rpath to the pkg-config libdir at link time (then no environment at all).
"${clean_env[@]}" PKG_CONFIG_PATH="$prefix/lib/pkgconfig" \
    sh -c 'cc example.c $(pkg-config --cflags --libs cvlayout) -Wl,-rpath,$(pkg-config --variable=libdir cvlayout) -o example_rpath'
check_run example_rpath

cd "$repo"
make -s uninstall PREFIX="$prefix"
left=$(find "$prefix" ! -type d)
[ -z "$left" ] || fail "uninstall left: $left"
echo "install test passed: make install/uninstall, pkg-config build of the README example, no libswift* mapped"
