# mk/fuzz.mk: libFuzzer harnesses (fuzz/*.c), built with clang into
# build-fuzz/ with ASan + UBSan, over the real decode/ model/ keymaps/ code.
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZERS="v2 v1"]  build, then run each harness
#                                                 (-j2: two at a time)
#   make fuzz-build                               only build them
#   make fuzz-regress                             replay tests/fuzz-regress/ once
#
# Seeds (fuzz/seeds.py): the fixtures, tests/fuzz-regress/, and when present
# ../shared/corpus (bad/ decoded from Go's fuzz format, files < 100 KB), and
# a hostile variant of each trace (tests/hostile_strings.py).
# New inputs libFuzzer finds go to build-fuzz/corpus/NAME/ (kept between
# runs); a crash, leak, timeout or broken invariant (fuzz/fuzz_check.h)
# stops the run with a non-zero status and leaves the input in
# build-fuzz/findings/.  Minimize it (build-fuzz/fuzz_NAME -minimize_crash=1
# -runs=10000 FILE) and commit it under tests/fuzz-regress/NAME/.

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR     := build-fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# clang warns about things gcc does not: warnings here are not errors (the
# gcc build with -Werror is the gate).
FUZZ_CFLAGS  := -g -O1 -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 \
                $(filter-out -Werror,$(WARN)) -I. -I$(FUZZ_DIR)/gen $(FUZZ_SAN)

# model/ checks join in once model/ has gt_model_load (FUZZ_MODEL= on the
# command line fuzzes decode/ alone, without building model/).
FUZZ_MODEL   ?= $(if $(shell grep -ls '^struct gt_model \*gt_model_load' model/*.c 2>/dev/null),-DGT_FUZZ_MODEL)
# Linked from archives, as the main build links libgtview.a.
FUZZ_CORE_OBJ := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(wildcard decode/*.c decode/*/*.c rec/*.c $(if $(FUZZ_MODEL),model/*.c report/*.c)))
FUZZ_KEYS_OBJ := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(wildcard keymaps/*.c)) $(FUZZ_DIR)/gen/embedded.o
FUZZ_CORE    := $(FUZZ_DIR)/libcore.a
FUZZ_KEYS    := $(FUZZ_DIR)/libkeys.a

# Harnesses whose code exists: text once decode/text/text.h has a reader, config
# once keymaps/config.c exists.
FUZZERS ?= v2 v1 stream $(if $(wildcard decode/text/),text) $(if $(wildcard keymaps/config.c),config)
FUZZ_BINS := $(FUZZERS:%=$(FUZZ_DIR)/fuzz_%)

# Rebuilt when FUZZ_MODEL changes (the stamp holds its last value).
$(FUZZ_DIR)/model-flag: FORCE
	@mkdir -p $(@D)
	@[ "$$(cat $@ 2>/dev/null)" = "$(FUZZ_MODEL)" ] || echo "$(FUZZ_MODEL)" > $@

$(FUZZ_DIR)/fuzz/%.o: fuzz/%.c fuzz/fuzz_check.h $(FUZZ_DIR)/model-flag
	@mkdir -p $(@D)
	@echo "  FUZZCC $<"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_MODEL) -fsanitize=fuzzer-no-link $(UI_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/decode/%.o: decode/%.c
	@mkdir -p $(@D)
	@echo "  FUZZCC $<"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/model/%.o: model/%.c
	@mkdir -p $(@D)
	@echo "  FUZZCC $<"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/report/%.o: report/%.c
	@mkdir -p $(@D)
	@echo "  FUZZCC $<"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/keymaps/%.o: keymaps/%.c
	@mkdir -p $(@D)
	@echo "  FUZZCC $<"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(UI_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/gen/embedded.c: tools/embed.sh $(wildcard keymaps/*.keys)
	@mkdir -p $(@D)
	$(Q)sh tools/embed.sh $(wildcard keymaps/*.keys) > $@.tmp && mv $@.tmp $@

$(FUZZ_DIR)/gen/embedded.o: $(FUZZ_DIR)/gen/embedded.c
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_CORE): $(FUZZ_CORE_OBJ) $(FUZZ_DIR)/model-flag
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(FUZZ_KEYS): $(FUZZ_KEYS_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(FUZZ_DIR)/fuzz_v2 $(FUZZ_DIR)/fuzz_v1 $(FUZZ_DIR)/fuzz_text: $(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/fuzz/fuzz_%.o $(FUZZ_DIR)/fuzz/fuzz_check.o $(FUZZ_CORE)
	@echo "  FUZZLD $@"
	$(Q)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lm

# the stream's builds run on a thread of their own
$(FUZZ_DIR)/fuzz_stream: $(FUZZ_DIR)/fuzz/fuzz_stream.o $(FUZZ_DIR)/fuzz/fuzz_check.o $(FUZZ_CORE)
	@echo "  FUZZLD $@"
	$(Q)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ -lm -lpthread

$(FUZZ_DIR)/fuzz_config: $(FUZZ_DIR)/fuzz/fuzz_config.o $(FUZZ_DIR)/fuzz/fuzz_check.o $(FUZZ_KEYS) $(FUZZ_CORE)
	@echo "  FUZZLD $@"
	$(Q)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(UI_LIBS) -lm

fuzz-build: $(FUZZ_BINS)

fuzz-seeds:
	$(Q)rm -rf $(FUZZ_DIR)/seeds
	$(Q)python3 fuzz/seeds.py $(FUZZ_DIR)/seeds $(CORPUS)

# -max_len: longer inputs are cut when loaded (small inputs fuzz faster);
# -malloc_limit_mb: no single allocation may pass 512 MB for inputs of at
# most 32 KB; -timeout: one input may not take 20 s.  fuzz_stream takes
# fuzz_v2's inputs, so it starts from v2's seeds.  Each harness is a target
# of its own (fuzz-run-NAME): with make -j they run side by side, each for
# FUZZ_SECONDS on a core of its own, its output kept for the end.
FUZZ_RUNS := $(FUZZERS:%=fuzz-run-%)
fuzz: $(FUZZ_RUNS)

$(FUZZ_RUNS): fuzz-run-%: fuzz-build fuzz-seeds
	$(Q)f=$*; mkdir -p $(FUZZ_DIR)/corpus/$$f $(FUZZ_DIR)/findings; \
	echo "== fuzz_$$f for $(FUZZ_SECONDS) s (log: $(FUZZ_DIR)/fuzz_$$f.log)"; \
	case $$f in config) ml=4096;; text) ml=16384;; *) ml=32768;; esac; \
	if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	     UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	     $(FUZZ_DIR)/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -timeout=20 \
		-rss_limit_mb=2560 -malloc_limit_mb=512 -max_len=$$ml \
		-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/findings/$$f- \
		$(FUZZ_DIR)/corpus/$$f $(FUZZ_DIR)/seeds/$$(case $$f in (stream) echo v2;; (*) echo $$f;; esac) \
		>$(FUZZ_DIR)/fuzz_$$f.log 2>&1; then \
		tail -n 80 $(FUZZ_DIR)/fuzz_$$f.log; \
		echo "fuzz_$$f: FINDING (input in $(FUZZ_DIR)/findings/)"; exit 1; \
	fi; \
	{ echo "== fuzz_$$f done"; \
	  grep -E '^(INFO: seed corpus|Done|stat::number_of_executed_units|stat::new_units_added)' $(FUZZ_DIR)/fuzz_$$f.log; }

# Every committed regression input once through its harness; lists each
# one that still fails, and fails if any does.
fuzz-regress: fuzz-build
	$(Q)bad=0; for f in $(FUZZERS); do \
		for in in tests/fuzz-regress/$$f/*; do \
			[ -f "$$in" ] || continue; \
			if $(FUZZ_DIR)/fuzz_$$f -runs=1 "$$in" >$(FUZZ_DIR)/regress.log 2>&1; then \
				echo "ok      $$in"; \
			else \
				echo "FAILING $$in: $$(grep -m1 -E 'invariant|runtime error|ERROR' $(FUZZ_DIR)/regress.log)"; bad=1; \
			fi; \
		done; \
	done; exit $$bad

.PHONY: fuzz fuzz-build fuzz-seeds fuzz-regress $(FUZZ_RUNS) FORCE
FORCE:
-include $(wildcard $(FUZZ_DIR)/*/*.d $(FUZZ_DIR)/*/*/*.d)
