# cvlayout build glue. The README's two commands are `make demo` and `make test`.
SWIFT  ?= swift
PYTHON ?= python3
CC     ?= gcc
# The version's one home is VERSION (scripts/version.py copies it into the header, Package.swift,
# exports.map and the Python bindings; `make test` fails on drift).
VERSION   := $(shell cat VERSION)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))
# `make lib` stages the release library as an installed system would lay it out:
# libcvlayout.so.MAJOR.MINOR.PATCH (the file), libcvlayout.so.MAJOR (its SONAME), libcvlayout.so.
LIB_DIR   := build/lib
LIB_FILE  := libcvlayout.so.$(VERSION)
LIB_SONAME := libcvlayout.so.$(SOVERSION)
LIB       := $(LIB_DIR)/libcvlayout.so
# `make install` destinations (GNU conventions; DESTDIR stages a package).
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CFLAGS_STRICT := -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude
VALGRIND := valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect \
            --errors-for-leak-kinds=definite,indirect --error-exitcode=9
PYENV := PYTHONPATH=bindings/python CVLAYOUT_LIBRARY=$(CURDIR)/$(LIB)

.PHONY: bench-compositional bench-everything deps lib demo test examples test-hosts bench-hosts perf-guard fuzz-coverage style format format-lint lint test-swift test-c test-python tsan abi-check check-version check-library test-install test-wheel wheel install uninstall bench clean lib-asan fuzz fuzz-long fuzz-status test-fuzz

deps:
	@scripts/install-deps.sh

# The release library links the Swift runtime statically (CVL_STATIC_STDLIB, see Package.swift)
# and gets no $$ORIGIN RUNPATH: it needs only the C runtime. Copied only when it changed, so what
# links against it is not rebuilt needlessly.
lib:
	CVL_STATIC_STDLIB=1 $(SWIFT) build -c release --product cvlayout --disable-local-rpath
	@mkdir -p $(LIB_DIR)
	@cmp -s .build/release/libcvlayout.so $(LIB_DIR)/$(LIB_FILE) || cp .build/release/libcvlayout.so $(LIB_DIR)/$(LIB_FILE)
	@ln -sf $(LIB_FILE) $(LIB_DIR)/$(LIB_SONAME)
	@ln -sf $(LIB_SONAME) $(LIB)

# Installs what `make lib` built (building it only if it is missing, so `make lib && sudo make
# install` works without Swift on root's PATH): the header, the library with its SONAME and dev
# symlinks, cvlayout.pc.
install: $(LIB_DIR)/$(LIB_FILE)
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 include/cvlayout.h $(DESTDIR)$(INCLUDEDIR)/cvlayout.h
	install -m 755 $(LIB_DIR)/$(LIB_FILE) $(DESTDIR)$(LIBDIR)/$(LIB_FILE)
	ln -sf $(LIB_FILE) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libcvlayout.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' packaging/cvlayout.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/cvlayout.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/cvlayout.pc

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/cvlayout.h $(DESTDIR)$(PKGCONFIGDIR)/cvlayout.pc \
	    $(DESTDIR)$(LIBDIR)/$(LIB_FILE) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libcvlayout.so

$(LIB_DIR)/$(LIB_FILE):
	$(MAKE) lib

# Builds the library and renders the SVG gallery into gallery/.
demo: deps lib
	$(PYENV) $(PYTHON) -m cvlayout gallery --out gallery

# Every test: the header/export agreement, Swift tests, the C harness under valgrind, Python.
test: deps lib abi-check style lint check-version check-library fuzz-coverage test-swift test-c perf-guard test-python test-install test-wheel test-fuzz test-hosts
	@echo "all test suites passed"

# Style: lines of at most 120 columns in Sources/, Tests/, include/, bindings/, scripts/, bench/, examples/ (no
# exceptions), and swift-format (.swift-format: 4-space indent, lineLength 120) strict on every Swift file but the
# ones scripts/gen_abi_check.py writes. `make format` reformats them in place.
SWIFT_GENERATED := Sources/CVLayoutCore/LayoutError+Code.swift Sources/CVLayout/ABITables.swift \
                   Tests/CVLayoutABITests/SignatureCheck.swift Sources/CVLayout/ConfigLayoutExports.swift \
                   Tests/CVLayoutCoreTests/ConfigLayoutFixtures.swift
SWIFT_FORMAT_CLEAN := Package.swift $(filter-out $(SWIFT_GENERATED),$(sort $(shell find Sources Tests -name '*.swift')))
format:
	$(SWIFT) format --in-place --configuration .swift-format $(SWIFT_FORMAT_CLEAN)

style:
	$(PYTHON) scripts/check_style.py
	$(SWIFT) format lint --strict --configuration .swift-format $(SWIFT_FORMAT_CLEAN)

# Report only: what swift-format would change in the whole tree.
format-lint:
	$(SWIFT) format lint --configuration .swift-format --recursive Sources Tests Package.swift

# Every file generated from include/cvlayout.h is up to date (scripts/gen_abi_check.py lists them;
# scripts/gen_python_layouts.py: the Python classes of the layouts configured by a struct and their
# rows in docs/json-spec.md), and the C harness's copy of the shared fixtures (Tests/fixtures/*.json) too.
abi-check: deps
	$(PYTHON) scripts/gen_abi_check.py --check
	$(PYTHON) scripts/gen_python_layouts.py --check
	$(PYTHON) scripts/gen_fixtures.py --check

# Python: ruff and mypy --strict on the bindings, scripts/ and bench/bench.py (both configured in
# pyproject.toml). C: the benchmark programs, which no test builds, compiled as strictly as the tests
# (syntax and warnings only: `make bench` links and runs them).
lint: deps
	$(PYTHON) -m ruff check
	$(PYTHON) -m mypy
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/bench.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/incremental.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/compositional.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/perf_guard.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/delegate_edits.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/everything_on_screen.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/section_edits.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/section_sweep.c
	$(CC) $(CFLAGS_STRICT) -fsyntax-only bench/section_drift.c

check-version:
	$(PYTHON) scripts/version.py --check

# DT_NEEDED only the C runtime, no RUNPATH, SONAME and symbol version from VERSION.
check-library: lib
	$(PYTHON) scripts/check_library.py $(LIB_DIR)/$(LIB_FILE)

test-swift:
	$(SWIFT) test

build/harness: Tests/c/harness.c Tests/c/fixtures.inc Tests/c/config_layouts.inc Tests/c/compositional.inc \
		include/cvlayout.h $(LIB)
	@mkdir -p build
	$(CC) $(CFLAGS_STRICT) Tests/c/harness.c -o $@ -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

# Resource limits and hostile hosts: each case in a forked child under a memory limit and an
# alarm (run without valgrind: the cases are about time and memory).
build/rtl_layouts: Tests/c/rtl_layouts.c include/cvlayout.h $(LIB)
	@mkdir -p build
	$(CC) $(CFLAGS_STRICT) Tests/c/rtl_layouts.c -o $@ -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

build/limits: Tests/c/limits.c include/cvlayout.h $(LIB)
	@mkdir -p build
	$(CC) $(CFLAGS_STRICT) Tests/c/limits.c -o $@ -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

# The README's C example, extracted and compiled exactly as written.
build/readme_example: README.md include/cvlayout.h $(LIB)
	@mkdir -p build
	$(PYTHON) scripts/extract_readme.py c > build/readme_example.c
	$(CC) $(CFLAGS_STRICT) build/readme_example.c -o $@ -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR)

# Several threads on one shared view and views of their own (`make tsan` runs it under
# ThreadSanitizer).
build/threads: Tests/c/threads.c include/cvlayout.h $(LIB)
	@mkdir -p build
	$(CC) $(CFLAGS_STRICT) -pthread Tests/c/threads.c -o $@ -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR)

# ThreadSanitizer: the library built with -sanitize=thread (its own build directory, the Swift
# runtime linked dynamically) and the threads test built with clang -fsanitize=thread against
# it; any report fails. About a minute on two cores from scratch, seconds to run.
tsan:
	$(SWIFT) build -c release --product cvlayout --sanitize=thread --scratch-path .build/tsan
	@mkdir -p build/tsan
	ln -sf $(CURDIR)/.build/tsan/release/libcvlayout.so build/tsan/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) build/tsan/libcvlayout.so
	clang -fsanitize=thread -shared-libsan -g -O1 -std=c11 -Wall -Wextra -Werror -Iinclude Tests/c/threads.c \
	    -o build/threads-tsan -Lbuild/tsan -lcvlayout -Wl,-rpath,$(CURDIR)/build/tsan \
	    -Wl,-rpath,$$(dirname $$(clang -print-file-name=libclang_rt.tsan-x86_64.so)) -lpthread
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" build/threads-tsan

test-c: build/harness build/readme_example build/limits build/threads build/rtl_layouts
	@# The header must also be clean C99 and C++17.
	printf '#include "cvlayout.h"\nint main(void){return 0;}\n' > build/hdr.c
	$(CC) -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude -c build/hdr.c -o build/hdr_c.o
	cp build/hdr.c build/hdr.cpp
	g++ -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude -c build/hdr.cpp -o build/hdr_cpp.o
	$(VALGRIND) build/harness
	build/limits
	build/threads
	$(VALGRIND) build/readme_example > build/readme_example.out
	grep -q "item 0 at (" build/readme_example.out
	$(VALGRIND) build/rtl_layouts

# The static path's and the everything-on-screen paths' instruction counts against hand-written C loops, under
# callgrind (deterministic: a loaded machine does not change them; BENCHMARKS.md, "The
# instruction-count guard"): fails when a ratio exceeds its bound in scripts/perf_guard.py. The
# program also runs natively first: both sides' frames and element counts must agree. Seconds.
build/perf_guard: bench/perf_guard.c bench/flow_loop.h bench/onscreen_loop.h include/cvlayout.h $(LIB)
	@mkdir -p build
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -Iinclude bench/perf_guard.c -o $@ -L$(LIB_DIR) -lcvlayout \
	    -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

perf-guard: build/perf_guard
	build/perf_guard > /dev/null
	$(PYTHON) scripts/perf_guard.py build/perf_guard

test-python:
	$(PYENV) $(PYTHON) -c 'import cvlayout, sys; sys.exit(cvlayout.__version__ != "$(VERSION)" and "cvlayout.__version__ " + cvlayout.__version__ + " != VERSION $(VERSION)")'
	$(PYENV) $(PYTHON) -m pytest bindings/python/tests -q

# make install into a temporary prefix; the README's C example built with pkg-config against it.
test-install: lib
	scripts/test_install.sh

# The Python wheel for distribution, in build/wheelhouse. `pip wheel .` runs the build hook
# (setup.py), whose swift build is the one `make lib` just ran, so it reuses .build; auditwheel
# checks the wheel needs nothing outside the manylinux policy and gives it its manylinux tag.
wheel: lib
	rm -rf build/python build/dist build/wheelhouse bindings/python/cvlayout.egg-info
	$(PYTHON) -m pip wheel . --no-deps -q -w build/dist
	$(PYTHON) -m auditwheel repair -w build/wheelhouse build/dist/cvlayout-$(VERSION)-*.whl

# The wheel installed into a fresh venv; the README's Python example run outside the repo.
test-wheel: wheel
	scripts/test_wheel.sh build/wheelhouse/cvlayout-$(VERSION)-*.whl

# The libFuzzer harness over the C surface (Tests/fuzz/fuzz_cvl.c, docs/fuzzing.md). The library is
# built a second time, with AddressSanitizer and SanitizerCoverage, in its own scratch directory
# (and CVL_FUZZING: queries stop at 2^9 elements instead of CVL_MAX_QUERY_ELEMENTS);
# the harness is linked with libFuzzer by the clang that comes with the Swift toolchain.
CLANG ?= $(or $(wildcard $(dir $(shell command -v $(SWIFT) 2>/dev/null))clang),clang)
FUZZ_SECONDS ?= 60
# Fuzzing processes of `make fuzz` (FUZZ_JOBS=2: libFuzzer's -jobs=2 -workers=2, one log each in
# build/fuzz-run/fuzz-N.log; they share build/fuzz-corpus).
FUZZ_JOBS ?= 1
# Longest input libFuzzer makes (bytes; docs/fuzzing.md, "Runs", on what a smaller one trades).
FUZZ_MAX_LEN ?= 2048
# FUZZ_RUNS=N: each process stops after N executions (libFuzzer's -runs), or at FUZZ_SECONDS.
FUZZ_RUNS ?=
# More libFuzzer flags for `make fuzz`, e.g. FUZZ_FLAGS=-entropic=0.
FUZZ_FLAGS ?=
FUZZ_LIB_DIR := .build-asan/release
FUZZ_OPTIONS := -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2560 -print_final_stats=1
FUZZ_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:abort_on_error=0

lib-asan:
	$(SWIFT) build -c release --product cvlayout --scratch-path .build-asan \
	    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
	    -Xswiftc -DCVL_FUZZING
	@ln -sf libcvlayout.so $(FUZZ_LIB_DIR)/$(LIB_SONAME)

build/fuzz_cvl: Tests/fuzz/fuzz_cvl.c Tests/c/config_layouts.inc include/cvlayout.h lib-asan
	@mkdir -p build
	$(CLANG) -g -O1 -std=c11 -Wall -Wextra -Werror -Iinclude -fsanitize=fuzzer,address -fuse-ld=lld \
	    Tests/fuzz/fuzz_cvl.c -o $@ -L$(FUZZ_LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(FUZZ_LIB_DIR) -lm

# Every function of the header is called by the harness (docs/fuzzing.md says so): lists those
# it never calls (a second or so, no build).
fuzz-coverage: deps
	$(PYTHON) scripts/check_fuzz_coverage.py

# `make fuzz FUZZ_SECONDS=600`: fuzzes for that long, starting from the seed corpus; new inputs go
# to build/fuzz-corpus (kept between runs), a crashing input to build/fuzz-crash-*. The logs of the
# run before go to build/fuzz-run/earlier/<its start time>/, and build/fuzz-run/run.txt says what
# this one runs (`make fuzz-status` adds the parts up by commit).
fuzz: build/fuzz_cvl
	@mkdir -p build/fuzz-corpus build/fuzz-run
	@if ls build/fuzz-run/fuzz-*.log >/dev/null 2>&1; then \
	    d=build/fuzz-run/earlier/$$(sed -n 's/^started: //p' build/fuzz-run/run.txt 2>/dev/null || date -u +%FT%TZ); \
	    mkdir -p "$$d" && mv build/fuzz-run/fuzz-*.log "$$d"/ && { mv build/fuzz-run/run.txt "$$d"/ 2>/dev/null || true; }; fi
	@{ echo "started: $$(date -u +%FT%TZ)"; \
	   echo "commit: $$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD -- 2>/dev/null || echo -modified)"; \
	   echo "flags: $(FUZZ_OPTIONS) $(FUZZ_FLAGS) -jobs=$(FUZZ_JOBS) $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS))"; \
	 } > build/fuzz-run/run.txt
	cd build/fuzz-run && $(FUZZ_ENV) ../fuzz_cvl $(FUZZ_OPTIONS) $(FUZZ_FLAGS) -jobs=$(FUZZ_JOBS) -workers=$(FUZZ_JOBS) \
	    $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS)) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=../fuzz- \
	    ../fuzz-corpus ../../Tests/fuzz/corpus

# The documented long run (docs/fuzzing.md, "Runs"): two processes, inputs of at most 256 bytes,
# the vanilla schedule, the corpus re-read every 30 s, AddressSanitizer without allocation stacks
# (a crash replays with them: `build/fuzz_cvl build/fuzz-crash-...`); each process stops after
# 5 x 10^6 executions (10^7 in all) or after FUZZ_LONG_SECONDS (4 h).
FUZZ_LONG_SECONDS ?= 14400
fuzz-long:
	$(MAKE) fuzz FUZZ_JOBS=2 FUZZ_MAX_LEN=256 FUZZ_RUNS=5000000 FUZZ_SECONDS=$(FUZZ_LONG_SECONDS) \
	    FUZZ_FLAGS="-entropic=0 -reload=30" \
	    FUZZ_ENV="SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:malloc_context_size=0"

# Executions of this clone's fuzz runs per process and per commit, how each ended (reads the logs).
fuzz-status:
	@$(PYTHON) scripts/fuzz_status.py build/fuzz-run

# CI: every seed once, then a fixed number of mutations (seconds, not minutes) in a scratch corpus.
test-fuzz: build/fuzz_cvl
	@rm -rf build/fuzz-ci && mkdir -p build/fuzz-ci
	@$(FUZZ_ENV) build/fuzz_cvl $(FUZZ_OPTIONS) -seed=1 -runs=20000 -artifact_prefix=build/fuzz-ci- \
	    build/fuzz-ci Tests/fuzz/corpus > build/fuzz-ci.log 2>&1 || { tail -80 build/fuzz-ci.log; exit 1; }
	@grep -E '^(Done|stat::number_of_executed_units|stat::new_units_added)' build/fuzz-ci.log

# The example hosts (examples/: GTK 4, Tk, terminal). The GTK one needs libgtk-4-dev (make deps).
examples: build/examples/gtk-photo-grid build/examples/term-grid

build/examples/gtk-photo-grid: examples/gtk/photo_grid.c include/cvlayout.h $(LIB)
	@mkdir -p build/examples
	@pkg-config --exists gtk4 || { echo "GTK 4 is not installed (Debian: libgtk-4-dev; make deps installs it)"; exit 1; }
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -Iinclude $< -o $@ $$(pkg-config --cflags --libs gtk4) \
	    -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

build/examples/term-grid: examples/terminal/term_grid.c include/cvlayout.h $(LIB)
	@mkdir -p build/examples
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude $< -o $@ -L$(LIB_DIR) -lcvlayout \
	    -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm

# The hosts tested as a person uses them: GTK and Tk in real windows under Xvfb (X input with
# xdotool, screenshots with xwd, checked pixel by pixel), the terminal program in tmux. Screenshots,
# dumps and screens of the last run: build/host-shots/. A missing package fails the test.
test-hosts: deps lib examples
	$(PYENV) $(PYTHON) Tests/hosts/test_hosts.py

# Frame times of the hosts' scripted runs (query + draw per frame at 10^5 items, every layout):
# build/bench-hosts-gtk.md and build/bench-hosts-tk.md (BENCHMARKS.md, "Example hosts").
bench-hosts: deps lib examples
	$(PYENV) $(PYTHON) Tests/hosts/bench_hosts.py
# The compositional layout next to the flow (BENCHMARKS.md, "Compositional layout").
bench-compositional: lib
	@mkdir -p build
	$(CC) -O2 -std=c11 -Wall -Wextra -Iinclude bench/compositional.c -o build/bench-compositional -L$(LIB_DIR) \
	    -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR)
	build/bench-compositional | tee build/bench-compositional.md

# One-item batch updates with and without flow delegate callbacks (issue 32; BENCHMARKS.md).
.PHONY: bench-delegate-edits
bench-delegate-edits: lib
	@mkdir -p build
	$(CC) -O2 -std=c11 -Wall -Wextra -Iinclude bench/delegate_edits.c -o build/bench-delegate-edits -L$(LIB_DIR) \
	    -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR)
	build/bench-delegate-edits | tee build/bench-delegate-edits.md

# Everything-on-screen layouts (a flow -> circle switch, a frame, an update) at 6x10^4 and 10^5
# (BENCHMARKS.md, "Everything on screen (issue 32)"). Wall-clock figures: never part of `make test`.
bench-everything: lib
	@mkdir -p build
	$(CC) -O2 -std=c11 -Wall -Wextra -Iinclude bench/everything_on_screen.c -o build/bench-everything \
	    -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR)
	build/bench-everything | tee build/bench-everything.md

# The benchmark program (not a test): see BENCHMARKS.md; `python3 scripts/gen_benchmarks.py` then
# rewrites BENCHMARKS.md's main tables from build/bench-*.md and build/bench-*.json.
# Taffy (PyPI `stretchable`) is the peer engine bench.py compares against; only the benchmark needs it
# (bench/requirements.txt).
bench: deps lib
	@mkdir -p build
	$(PYTHON) -m pip install -q -r bench/requirements.txt || \
	    $(PYTHON) -m pip install -q --break-system-packages -r bench/requirements.txt || \
	    echo "stretchable not installable: the Taffy comparison will be skipped"
	$(CC) -O2 -std=c11 -Wall -Wextra -Iinclude bench/bench.c -o build/bench -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR) -lm -ldl
	build/bench build/bench-c.json | tee build/bench-c.md
	$(CC) -O2 -std=c11 -Wall -Wextra -Iinclude bench/incremental.c -o build/bench-incremental -L$(LIB_DIR) -lcvlayout -Wl,-rpath,$(CURDIR)/$(LIB_DIR)
	build/bench-incremental | tee build/bench-incremental.md
	$(PYENV) $(PYTHON) bench/bench.py --json build/bench-python.json | tee build/bench-python.md
	$(PYTHON) scripts/gen_benchmarks.py

clean:
	rm -rf .build .build-asan build gallery
