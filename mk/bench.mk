# mk/bench.mk: `make bench`: load speed and memory of the whole pipeline
# (decode + validate + the full model, as the viewer loads a trace) on big
# real traces, one child process per trace:
#
#   make bench [BENCH_TRACES="a.trace b.trace"] [BENCH_DIR=/tmp/gtview-big] [BENCH_RUNS=5]
#
# Prints per trace: MB/s and events/s (wall clock and CPU time), peak RSS
# (getrusage ru_maxrss, mapped file pages included) against the file size,
# and the model's own bytes per event; then ms per frame, and ms per key of
# the goroutine list's operations with the peak RSS after a walk of every
# view and after one of the list narrowed to a range marked over the whole
# trace (in a process of its own), and ms per timeline key while following the goroutine that ran
# longest (tests/tools/tui-*-bench.sh).  Each trace is loaded BENCH_RUNS
# times and a summary line gives the best and the median wall clock.  The
# default traces are written by ../shared/tools/make-big-traces.sh (about
# 5 minutes) when missing.
# Then the aggregate reports' queries on each loaded model (bench/reports.c).
# Last, in a real terminal (tmux), seconds to the viewer's first frame and
# to the whole model for the file, `cat FILE | gtview -` and a pipe at
# 20 MB/s (from each step's last byte to its frame), and ms per key
# typed while a file loads (tests/tools/tui-first-bench.py; first frame
# targets: 1 s new format, 2 s old; keys <= 30 ms median).
# Targets on 2 cores: >= 300 MB/s, peak RSS <= 2x the file.  No test
# asserts timings; doc/performance.md has the figures and how to compare.

SHARED       ?= ../shared
BENCH_DIR    ?= /tmp/gtview-big
BENCH_TRACES ?= $(BENCH_DIR)/churn_go119.trace $(BENCH_DIR)/esbuild_go126.trace \
                $(BENCH_DIR)/esbuild_go122.trace
BENCH_RUNS   ?= 5
BENCH_BIN    := $(BUILD)/bench/bench-load
REPLAY_BIN   := $(BUILD)/bench/bench-replay
REPORTS_BIN  := $(BUILD)/bench/bench-reports
PROFILES_BIN := $(BUILD)/bench/bench-profiles
DIGEST_BIN   := $(BUILD)/bench/model-digest

$(BENCH_BIN): bench/load.c $(LIB)
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDLIBS) -lpthread

$(REPORTS_BIN): bench/reports.c $(LIB)
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDLIBS) -lpthread

$(PROFILES_BIN): bench/profiles.c $(LIB)
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDLIBS) -lpthread

bench: $(BENCH_BIN) $(REPORTS_BIN) $(PROFILES_BIN) $(BIN)
	@for t in $(BENCH_TRACES); do \
		[ -s "$$t" ] || { bash $(SHARED)/tools/make-big-traces.sh $(BENCH_DIR) >&2 || exit 1; break; }; \
	done
	$(BENCH_BIN) -n $(BENCH_RUNS) $(BENCH_TRACES)
	@echo "reports (ms, best of 3, after the load; target: well under 1 s):"
	$(REPORTS_BIN) $(BENCH_TRACES)
	$(PROFILES_BIN) $(BENCH_TRACES)
	@echo "frames (ms per frame, headless 200x50; target <= 10 ms):"
	sh tests/tools/tui-frame-bench.sh $(abspath $(BIN)) $(BENCH_TRACES)
	@echo "list keys and memory (tests/tools/tui-key-bench.sh; budget: <= 10 ms median, <= 30 ms max, peak <= 2x the file):"
	sh tests/tools/tui-key-bench.sh $(abspath $(BIN)) $(BENCH_TRACES)
	@echo "following the goroutine that ran longest (tests/tools/tui-follow-bench.sh; budget: <= 10 ms median):"
	@for t in $(BENCH_TRACES); do \
		g=$$($(abspath $(BIN)) goroutines --json "$$t" | awk 'match($$0, /"running_ns":[0-9]+/) && substr($$0, RSTART + 13, RLENGTH - 13) + 0 > max { max = substr($$0, RSTART + 13, RLENGTH - 13) + 0; split($$0, f, /[:,]/); g = f[2] } END { print g }'); \
		sh tests/tools/tui-follow-bench.sh $(abspath $(BIN)) "$$t" $$g || exit 1; \
	done
	@echo "first frames, steps of a stream, keys during a load (tests/tools/tui-first-bench.py):"
	python3 tests/tools/tui-first-bench.py $(abspath $(BIN)) $(BENCH_TRACES)

# The model's own cost (no decoder): `make bench-replay BENCH_TRACES=...`
$(REPLAY_BIN): bench/replay.c $(LIB)
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDLIBS) -lpthread

bench-replay: $(REPLAY_BIN)
	for t in $(BENCH_TRACES); do $(REPLAY_BIN) $$t || exit 1; done

# What the model serves, hashed (bench/digest.c): speed work on model/
# diffs `make model-digest` before and after.  `$(DIGEST_BIN) TRACE...`
$(DIGEST_BIN): bench/digest.c $(LIB)
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDLIBS) -lpthread

model-digest: $(DIGEST_BIN)
	$(DIGEST_BIN) $(BENCH_TRACES)

# First frames in a real terminal (tmux): a file, a pipe as fast as cat
# writes (first generations, whole), a pipe at 20 MB/s.
# `make bench-stream [BENCH_TRACES=...]`; tests/tools/tui-stream-bench.sh.
bench-stream: $(BIN)
	sh tests/tools/tui-stream-bench.sh $(abspath $(BIN)) $(BENCH_TRACES)

.PHONY: bench bench-replay bench-stream model-digest

# tests/model-digest.t compares loads on one and two threads with it.
test: $(DIGEST_BIN)
