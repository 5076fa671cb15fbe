# ssara -- SSA-based register allocator plugin for powerpc-linux-gnu-gcc-12.
#
# make            build build/ssara.so
# make install    install the plugin into GCC's plugin directory (so that
#                 -fplugin=ssara works by name) and ssara-compare into PREFIX
# make demo       the main job: compile zlib with and without the plugin,
#                 run both under qemu and compare code and output
# make check      every test: core unit and generated-program tests, the
#                 plugin's DejaGnu tests, GCC's torture suite with the plugin
# make check-core the allocator core's host tests alone (no GCC, no qemu)
# make bench      measure against IRA/LRA, write docs/results.md
# make bench-quick  SQLite, lz4, zlib at -O2 and 8/12 GPRs, with attribution
# make fuzz N=10000  differential fuzzing against stock GCC with csmith
# make torture-baseline   regenerate testsuite/torture/baseline-*.txt
# make check-torture-wide the wider torture matrix: -O3, -O2 -g, restricted
#                 register sets, gcc.dg/ and g++.dg/torture (not part of
#                 check; ~20 min, docs/torture.md)
# make check-fresh  the README's two commands on a brand-new Debian 12
#                 system from a clean clone of HEAD (needs root; not in CI)
# make bench-core-scaling time the core on functions of 1k-100k values
#                 (not part of check; docs/core.md has the figures)
# make bench-core-replay time the core, phase by phase, on the functions
#                 of SQLite's sqlite3.c at -O2 (not part of check;
#                 docs/core.md)

TARGET_CC  ?= powerpc-linux-gnu-gcc-12
HOST_CXX   ?= g++
BUILD      ?= build
PREFIX     ?= /usr/local
# Evaluated on first use, not when the Makefile is read: on a new machine
# the cross compiler only exists once tools/setup.sh has run (the object
# rules wait for it), so asking it earlier would give an empty path.
PLUGIN_DIR = $(eval PLUGIN_DIR := $$(shell $(TARGET_CC) -print-file-name=plugin 2>/dev/null))$(PLUGIN_DIR)

# The x86-64 popcnt instruction where the build machine has it: the
# register sets are std::bitsets, whose count () is otherwise a call to
# libgcc's __popcountdi2 (4.5% of the core's instructions on SQLite's
# replay).  The plugin is built on the machine that runs it (make all,
# the README's commands); another host architecture, or an x86 without
# popcnt, gets no flag.  Evaluated on first use, as PLUGIN_DIR: on a new
# machine the host compiler comes with tools/setup.sh.
HOST_ARCH_FLAGS = $(eval HOST_ARCH_FLAGS := $$(shell \
  grep -qw popcnt /proc/cpuinfo 2>/dev/null \
  && $(HOST_CXX) -mpopcnt -E -x c++ /dev/null >/dev/null 2>&1 \
  && echo -mpopcnt))$(HOST_ARCH_FLAGS)
# The plugin's own symbols are hidden (SSARA_VISIBILITY): cc1 looks up
# plugin_init and plugin_is_GPL_compatible alone (plugin.cc exports
# them), and the plugin's calls of its own functions and template
# instances are then direct, not through the PLT.
SSARA_VISIBILITY = -fvisibility=hidden
# The core is plain C++17: no GCC header, no RTTI, no exceptions thrown.
CORE_CXXFLAGS = -std=c++17 -O2 -g -fPIC $(SSARA_VISIBILITY) \
  $(HOST_ARCH_FLAGS) -fno-rtti \
  -Wall -Wextra
# The adapter compiles against GCC's plugin headers.
PLUGIN_CXXFLAGS = -std=gnu++17 -O2 -g -fPIC $(HOST_ARCH_FLAGS) -fno-rtti \
  -fno-exceptions \
  -Wall -Wextra -Wno-unused-parameter \
  -isystem $(PLUGIN_DIR)/include -isystem $(BUILD)/gcc-include -Iplugin

CORE_SRCS := $(wildcard plugin/core/*.cc)
CORE_OBJS := $(CORE_SRCS:plugin/core/%.cc=$(BUILD)/core/%.o)
PLUGIN_SRCS := $(wildcard plugin/*.cc)
PLUGIN_OBJS := $(PLUGIN_SRCS:plugin/%.cc=$(BUILD)/plugin/%.o)
CORE_TEST_SRCS := $(wildcard testsuite/core/*.cc)
CORE_TEST_OBJS := $(CORE_TEST_SRCS:testsuite/core/%.cc=$(BUILD)/core-tests/%.o)

SETUP_STAMP := $(BUILD)/gcc-include/.extracted

.PHONY: all setup install demo check check-core check-plugin check-torture \
  check-torture-wide torture-baseline fuzz-core check-fuzz fuzz \
  bench-core-scaling check-fresh clean

all: $(BUILD)/ssara.so

# Installs missing Debian packages and extracts the rtl-ssa headers.
setup:
	@tools/setup.sh $(BUILD)

$(SETUP_STAMP):
	@tools/setup.sh $(BUILD)

$(BUILD)/core/%.o: plugin/core/%.cc $(wildcard plugin/core/*.h) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CXX) $(CORE_CXXFLAGS) -c $< -o $@

$(BUILD)/plugin/%.o: plugin/%.cc $(wildcard plugin/*.h plugin/core/*.h) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CXX) $(PLUGIN_CXXFLAGS) $(SSARA_VISIBILITY) -c $< -o $@

$(BUILD)/ssara.so: $(PLUGIN_OBJS) $(CORE_OBJS)
	$(HOST_CXX) -shared -o $@ $^

$(BUILD)/core-tests/%.o: testsuite/core/%.cc $(wildcard plugin/core/*.h testsuite/core/*.h) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CXX) $(CORE_CXXFLAGS) -frtti -Iplugin/core -c $< -o $@

$(BUILD)/core-tests/run: $(CORE_TEST_OBJS) $(CORE_OBJS)
	$(HOST_CXX) -o $@ $^ -lgtest -lgtest_main -pthread

install: $(BUILD)/ssara.so
	install -m 644 $(BUILD)/ssara.so $(PLUGIN_DIR)/ssara.so
	install -m 755 tools/ssara-compare $(PREFIX)/bin/ssara-compare

# The main job (README): zlib with and without the plugin.
demo: setup $(BUILD)/ssara.so
	tools/demo.sh $(BUILD)

# Every suite writes a result line into $(BUILD)/results/; tools/summary.sh
# prints them and the final "N passed, N failed" line.
check: setup
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	-@$(MAKE) --no-print-directory check-core
	-@$(MAKE) --no-print-directory check-plugin
	-@$(MAKE) --no-print-directory check-torture
	-@$(MAKE) --no-print-directory check-fuzz
	-@$(MAKE) --no-print-directory check-bench-tools
	@tools/summary.sh $(BUILD)/results

check-core: $(BUILD)/core-tests/run
	@mkdir -p $(BUILD)/results
	tools/run-core-tests.sh $(BUILD)

check-plugin: $(BUILD)/ssara.so
	@mkdir -p $(BUILD)/results
	tools/run-dejagnu.sh $(BUILD)

check-torture: $(BUILD)/ssara.so
	@mkdir -p $(BUILD)/results
	tools/torture.sh check $(BUILD)

check-torture-wide: $(BUILD)/ssara.so
	tools/torture.sh wide $(BUILD)

# 200 csmith programs with fixed seeds, stock GCC against the plugin
# (docs/fuzzing.md); writes $(BUILD)/results/fuzz.txt.
check-fuzz: $(BUILD)/ssara.so
	@mkdir -p $(BUILD)/results
	tools/fuzz.py check $(BUILD)

# The campaign: make fuzz N=10000 [FUZZ_START=1001] [FUZZ_DIR=...]
# [FUZZ_TIMEOUT=seconds per program run, default 10] [FUZZ_SETS=O2-gpr4,...
# only those option sets]; resumable (seeds already in FUZZ_DIR are
# skipped).
fuzz: $(BUILD)/ssara.so
	tools/fuzz.py run $(BUILD) $(or $(FUZZ_DIR),$(BUILD)/fuzz) \
	  --start $(or $(FUZZ_START),1001) --count $(or $(N),1000) \
	  --timeout $(or $(FUZZ_TIMEOUT),10) $(if $(FUZZ_SETS),--sets $(FUZZ_SETS))

# The reduced fuzzing failures in testsuite/fuzz-found (not in check:
# they fail until fixed).
check-fuzz-found: $(BUILD)/ssara.so
	tools/fuzz-found.sh $(BUILD)

# The README's commands as a new user runs them: a brand-new Debian 12
# chroot (../shared/tools/fresh-machine-check), a clean clone of the
# committed HEAD, nothing installed but make and git.  FRESH_CMD overrides
# what runs there.  Needs root and mounts, so it stays out of .ci/run.
FRESH_CHECK ?= ../shared/tools/fresh-machine-check
FRESH_CMD ?= make demo && make check-plugin
check-fresh:
	$(FRESH_CHECK) '$(FRESH_CMD)'

torture-baseline: setup
	tools/torture.sh baseline $(BUILD)

# More generated programs than check-core runs: make fuzz-core N=100000
fuzz-core: $(BUILD)/core-tests/run
	SSARA_FUZZ_COUNT=$(or $(N),20000) $(BUILD)/core-tests/run --gtest_filter='Fuzz*'

# How allocate () and the checker scale with function size (docs/core.md).
# The benchmark has its own main, so it lives below testsuite/core/bench/,
# out of the test binary's wildcard.
SCALING_OBJS := $(BUILD)/core-tests/bench/scaling.o $(BUILD)/core-tests/gen.o \
  $(BUILD)/core-tests/test-targets.o

$(BUILD)/core-tests/scaling: $(SCALING_OBJS) $(CORE_OBJS)
	$(HOST_CXX) -o $@ $^

bench-core-scaling: $(BUILD)/core-tests/scaling
	$(BUILD)/core-tests/scaling $(SCALING_ARGS)

REPLAY_OBJS := $(BUILD)/core-tests/bench/replay.o \
  $(BUILD)/core-tests/test-targets.o

$(BUILD)/core-tests/replay: $(REPLAY_OBJS) $(CORE_OBJS)
	$(HOST_CXX) -o $@ $^

# sqlite3.c (make bench's source and flags) compiled with the plugin's
# dump, then every function it imported allocated again by the core
# alone; REPLAY_ARGS passes options (--repeat=N, --policy=..., --top=N).
REPLAY_DIR = $(BUILD)/bench/replay
bench-core-replay: setup $(BUILD)/ssara.so $(BUILD)/core-tests/replay
	tools/bench-setup.sh $(BUILD)
	@mkdir -p $(REPLAY_DIR)
	rm -f $(REPLAY_DIR)/sqlite3.c.*.ssara
	cd $(REPLAY_DIR) && $(TARGET_CC) -O2 -fno-pie -I../src/sqlite \
	  -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
	  -c ../src/sqlite/sqlite3.c -o sqlite3.o \
	  -fplugin=$(abspath $(BUILD))/ssara.so -fplugin-arg-ssara-dump
	$(BUILD)/core-tests/replay $(REPLAY_ARGS) $(REPLAY_DIR)/sqlite3.c.*.ssara

# ---- Benchmarks against IRA/LRA (docs/benchmarks.md) ----
HOST_CC ?= gcc
QEMU_COUNT := $(BUILD)/qemu-count.so
# matplotlib for the plots comes from Debian (python3-matplotlib), so the
# bench scripts run under the system python.
BENCH_PYTHON ?= /usr/bin/python3

.PHONY: bench bench-quick bench-report check-bench-tools bench-core-replay

# The qemu-ppc counting plugin (tools/qemu-count.c).
$(QEMU_COUNT): tools/qemu-count.c
	@mkdir -p $(@D)
	$(HOST_CC) -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -o $@ $<

# The pass-timing GCC plugin (tools/pass_times.cc): each pass's processor
# time, inclusive, for the compile cost in make bench.
PASS_TIMES := $(BUILD)/pass_times.so
$(PASS_TIMES): tools/pass_times.cc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CXX) $(PLUGIN_CXXFLAGS) -shared -o $@ $<

# Tests of the counting plugin and ssara-compare; writes
# $(BUILD)/results/bench-tools.txt.
check-bench-tools: $(BUILD)/ssara.so $(QEMU_COUNT) $(PASS_TIMES)
	@mkdir -p $(BUILD)/results
	bench/tests/run.sh $(BUILD)

# Fetch the programs, build and run them in every configuration, measure
# compile cost, write docs/results.md with plots.  BENCH_ARGS passes
# options to tools/bench.py run (--only, --configs, --resume, --sizes).
bench: setup $(BUILD)/ssara.so $(QEMU_COUNT) $(PASS_TIMES)
	tools/bench-setup.sh $(BUILD)
	nice -n 10 $(BENCH_PYTHON) tools/bench.py run $(BUILD) $(BENCH_ARGS)
	$(BENCH_PYTHON) tools/bench.py report $(BUILD)

# The inner loop of allocator work: SQLite and zlib at -O2 and with 8 GPRs,
# lz4 at -O2, zlib with 12 GPRs (tools/bench.py QUICK_RUNS), dynamic counts
# and their attribution per function
# (docs/attribution.md); writes $(BUILD)/bench/quick.md.
bench-quick: setup $(BUILD)/ssara.so $(QEMU_COUNT)
	tools/bench-setup.sh $(BUILD)
	nice -n 10 $(BENCH_PYTHON) tools/bench.py quick $(BUILD)

# The report again from $(BUILD)/bench/results.json.
bench-report:
	$(BENCH_PYTHON) tools/bench.py report $(BUILD)

clean:
	rm -rf $(BUILD)/core $(BUILD)/plugin $(BUILD)/core-tests $(BUILD)/ssara.so \
	  $(BUILD)/results $(QEMU_COUNT) $(PASS_TIMES)
