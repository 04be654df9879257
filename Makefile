# ATI CTM verification kit: golden model, RTL and lock-step harness.
# `make help` lists the targets. Sources are found by wildcard, so a new
# csim/*.c, tests/unit/test_*.c or tests/cli/*.sh joins the build by existing.

BUILD    ?= build
JOBS     ?= 2
CC       ?= gcc
SHELL    := /bin/bash

# Expanded lazily (=): on a fresh machine the tools appear only after `deps`.
PKG_CFLAGS = $(shell pkg-config --cflags libelf cmocka 2>/dev/null)
ELF_LIBS   = $(shell pkg-config --libs libelf 2>/dev/null || echo -lelf)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

CSTD   := -std=c11 -D_DEFAULT_SOURCE
WARN   := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
OPT    := -O2 -g
# LTO on the lock-step hot path (the C mirrors and the harness) lets the checker inline the
# model's step across libraries: +6% lock-step cycles/s. Only these files, so that a model's
# link stays short; fat objects keep ordinary links working, gcc-ar keeps the LTO index.
LTO_SRC := csim/pred_stack.c csim/stack_acct.c csim/fc.c $(wildcard harness/*.c)
LTO    := -flto=auto -ffat-lto-objects
AR     := gcc-ar
SAN    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
INCS   := -Icsim -Iharness

CSIM_SRC    := $(wildcard csim/*.c)
CLI_SRC     := $(wildcard csim/cli/*.c)
HARNESS_SRC := $(wildcard harness/*.c)
UNIT_SRC    := $(wildcard tests/unit/test_*.c)
UNIT_HELPERS := $(filter-out tests/unit/test_%,$(wildcard tests/unit/*.c))

# One object tree per flavour: opt (users, cosim, bench) and san (tests).
objs = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(2))

.PHONY: all help deps build dpp cosim-bin cosim test test-unit test-cli test-cosim \
        regress bench lint format clean mutate coverage
.DEFAULT_GOAL := all

all: build

help:
	@echo "make build       build the golden model library, dpp and the default cosim binaries"
	@echo "make cosim       main job: default lock-step regression (RTL vs C model), pass/fail summary"
	@echo "make test        everything under ASan/UBSan: unit tests, CLI tests, lock-step runs, broken-RTL checks"
	@echo "make test-unit|test-cli|test-cosim   one group of make test"
	@echo "make regress JOBS_FILE=F [PAR=n]  run a lock-step job list (see tests/cosim/*.jobs)"
	@echo "make bench       lock-step and RTL-alone cycles/s (BENCH lines)"
	@echo "make lint        verilator --lint-only -Wall on every RTL module"
	@echo "make mutate [BLOCK=pred|stack|fc|all]  mutation score of the default regression (docs/mutation.md)"
	@echo "make coverage    default regression with Verilator coverage -> $(BUILD)/coverage/index.html, functional table"
	@echo "make format      clang-format the C and C++ sources"
	@echo "make deps        install missing tools (scripts/deps.sh; apt-get, idempotent)"
	@echo "make clean       remove $(BUILD)/"
	@echo "Variables: BUILD=$(BUILD) JOBS=$(JOBS) (parallel build jobs)"

deps:
	@scripts/deps.sh

# File rules cannot depend on the phony `deps` (it would make them always stale):
# they depend on this stamp, written once the tools are there.
DEPS_STAMP := $(BUILD)/.deps-ok
$(DEPS_STAMP): scripts/deps.sh
	@scripts/deps.sh
	@mkdir -p $(@D) && touch $@

# ---------------------------------------------------------------- C libraries
.SECONDEXPANSION:
.SECONDARY:

$(BUILD)/opt/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(if $(filter $<,$(LTO_SRC)),$(LTO)) $(INCS) $(PKG_CFLAGS) \
	    -MMD -MP -c $< -o $@

$(BUILD)/san/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SAN) $(INCS) $(PKG_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/%/libcsim.a: $$(call objs,$$*,$(CSIM_SRC))
	@mkdir -p $(@D) && rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%/libharness.a: $$(call objs,$$*,$(HARNESS_SRC))
	@mkdir -p $(@D) && rm -f $@
	$(AR) rcs $@ $^

# The dpp command-line tool (golden model front end).
$(BUILD)/dpp: $(call objs,opt,$(CLI_SRC)) $(BUILD)/opt/libcsim.a
	$(CC) $(OPT) $^ -o $@ $(ELF_LIBS) -lm

$(BUILD)/san/dpp: $(call objs,san,$(CLI_SRC)) $(BUILD)/san/libcsim.a
	$(CC) $(SAN) $^ -o $@ $(ELF_LIBS) -lm

dpp: $(if $(CLI_SRC),$(BUILD)/dpp)

# ---------------------------------------------------------------- unit tests
$(BUILD)/san/tests/%: tests/unit/%.c $(call objs,san,$(UNIT_HELPERS)) \
                      $(BUILD)/san/libharness.a $(BUILD)/san/libcsim.a | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SAN) $(INCS) -Itests/unit $(PKG_CFLAGS) -MMD -MP \
	    $(filter %.c %.o %.a,$^) -o $@ \
	    $(CMOCKA_LIBS) $(ELF_LIBS) -lm

UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/san/tests/%,$(UNIT_SRC))

# ---------------------------------------------------------------- lock-step simulator
# build/cosim-<block>-<config>[-<rtl variant>] is one Verilated model; build/cosim
# picks the right one from its options (and builds it on first use).
COSIM_DEPS = $(wildcard rtl/*.sv rtl/*.vlt harness/*.sv harness/*.cpp harness/*.h dpi/* tests/variants/*/*.patch) \
             scripts/vbuild.sh $(BUILD)/opt/libcsim.a $(BUILD)/opt/libharness.a
DEFAULT_MODELS := pred-32x20x32 pred-8x64x8 pred-1x16x4 fc-4x16a4l4b6 fc-1x64a4l4b6

$(BUILD)/cosim-%: $(COSIM_DEPS) | $(DEPS_STAMP)
	@scripts/vbuild.sh $* $@

$(BUILD)/cosim: harness/cosim_front.sh
	@mkdir -p $(@D)
	cp $< $@ && chmod +x $@

cosim-bin: $(BUILD)/cosim $(addprefix $(BUILD)/cosim-,$(DEFAULT_MODELS))

# The examples as executables (program-driven lock-step jobs run them).
EXAMPLE_ELFS := $(patsubst examples/%/,$(BUILD)/examples/%.elf,$(sort $(dir $(wildcard examples/*/*.s))))
$(BUILD)/examples/%.elf: examples/$$*/$$*.s $(BUILD)/dpp
	@mkdir -p $(@D)
	$(BUILD)/dpp asm $< -o $@

build: $(BUILD)/opt/libcsim.a dpp cosim-bin $(EXAMPLE_ELFS)

# ---------------------------------------------------------------- jobs users run
PAR ?= 2
JOBS_FILE ?= tests/cosim/default.jobs

cosim: build
	@scripts/regress.sh --par $(PAR) --out $(BUILD)/regress/default $(JOBS_FILE)

regress: build
	@scripts/regress.sh --par $(PAR) --out $(BUILD)/regress/$(notdir $(basename $(JOBS_FILE))) $(JOBS_FILE)

test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(UNIT_BINS) $(BUILD)/san/dpp build
	@scripts/test.sh --build $(BUILD)

test-unit test-cli test-cosim: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(UNIT_BINS) $(BUILD)/san/dpp build
	@scripts/test.sh --build $(BUILD) --only $(patsubst test-%,%,$@)

bench: build
	@scripts/bench.sh --build $(BUILD)

coverage: build
	@nice scripts/coverage.sh --build $(BUILD) --par $(PAR)

BLOCK ?= all
mutate: build
	@nice scripts/mutate.py --block $(BLOCK) --build $(BUILD) --out $(BUILD)/mutate

lint: | deps
	@scripts/lint.sh

format:
	clang-format -i $(CSIM_SRC) $(wildcard csim/*.h csim/cli/*.[ch] harness/*.[ch] harness/*.cpp dpi/*.[ch] tests/unit/*.[ch])

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/opt $(BUILD)/san -name '*.d' 2>/dev/null)
