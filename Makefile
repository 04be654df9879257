# ATI CTM verification kit: golden model, RTL and lock-step harness.
# `make help` lists the targets. Sources are found by wildcard, so a new
# csim/<layer>/*.c, tests/unit/test_*.c or tests/cli/*.sh (but their tests/cli/lib.sh) joins the
# build by existing.

# The golden model's layers (README, docs/csim.md), one folder each; every folder is on the
# include path (`#include "isa.h"` from anywhere). One line: scripts/vbuild.sh reads it here.
CSIM_DIRS := csim/util csim/isa csim/mirrors csim/machine csim/gen csim/api
CSIM_STRAY := $(filter-out $(addsuffix /,$(CSIM_DIRS) csim/cli),$(wildcard csim/*/)) $(wildcard csim/*.[ch])
$(if $(strip $(CSIM_STRAY)),$(error $(strip $(CSIM_STRAY)): not in a folder of CSIM_DIRS))

BUILD    ?= build
JOBS     ?= 2
# The Verilator every script calls (scripts/vbuild.sh, lint.sh, mutate.py, the CLI tests):
# `make cosim VERILATOR=/path/to/bin/verilator BUILD=build/v5050` tries another one; give it its
# own BUILD, as each build folder holds models and runtime objects of one Verilator.
VERILATOR ?= verilator
export VERILATOR
# Verilated builds compile through ccache where it is installed (Verilator's own OBJCACHE hook):
# the example designs' builds and their broken copies share Verilator's runtime and most of
# their generated C++, about half of each build. OBJCACHE= turns it off. Lazy: on a fresh
# machine ccache appears only after `deps`.
OBJCACHE ?= $(shell command -v ccache >/dev/null 2>&1 && echo ccache)
export OBJCACHE
CC       ?= gcc
SHELL    := /bin/bash

# Expanded lazily (=): on a fresh machine the tools appear only after `deps`.
PKG_CFLAGS = $(shell pkg-config --cflags libelf cmocka libpng jansson 2>/dev/null)
ELF_LIBS   = $(shell pkg-config --libs libelf 2>/dev/null || echo -lelf)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
PNG_LIBS   = $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng16)
JSON_LIBS  = $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)

# Quiet build: one short line per step; `make V=1` shows the commands.
V ?= 0
Q   = $(if $(filter 1,$(V)),,@)
say = $(if $(filter 1,$(V)),,@printf '  %-6s %s\n' '$(1)' '$(2)')

CSTD   := -std=c11 -D_DEFAULT_SOURCE -pthread
WARN   := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
OPT    := -O2 -g
# LTO on the lock-step hot path (the C mirrors and the harness) lets the checker inline the
# model's step across libraries: +6% lock-step cycles/s. Only these files, so that a model's
# link stays short; fat objects keep ordinary links working, gcc-ar keeps the LTO index.
LTO_SRC := $(addprefix csim/mirrors/,pred_stack.c stack_acct.c fc.c) $(wildcard harness/*.c) \
           $(addprefix csim/api/,ctm_api.c ctm_fc.c api_check.c api_guard.c)
LTO    := -flto=auto -ffat-lto-objects
# The model's lane loops (docs/model-speed.md) are written for the vectoriser; -O3 lets it
# vectorise them fully. The TEX path, a lane's finish and the MC's accesses too: -O3 unrolls
# their per-lane loops of four channels (transaction-level checking's reference run: 1-2% fewer
# instructions, scripts/bench_txn.sh). ISO C11 keeps floating point exact (no contraction).
HOT_SRC := csim/machine/pa_alu.c csim/machine/pa_tex.c csim/machine/pa_core.c csim/machine/mc.c \
           csim/machine/mc_format.c
HOT    := -O3
AR     := gcc-ar
SAN    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
INCS   := $(addprefix -I,$(CSIM_DIRS)) -Iharness

CSIM_SRC    := $(wildcard $(addsuffix /*.c,$(CSIM_DIRS)))
CTM_H       := csim/api/ctm.h
CTM_PORTS_H := csim/util/ctm_ports.h
CTM_CONSTS_H := csim/api/ctm_consts.h
CLI_SRC     := $(wildcard csim/cli/*.c)
# harness/cosim_config.c is the main of build/cosim_config, not part of the library.
HARNESS_SRC := $(filter-out harness/cosim_config.c,$(wildcard harness/*.c))
UNIT_SRC    := $(wildcard tests/unit/test_*.c)
UNIT_HELPERS := $(filter-out tests/unit/test_%,$(wildcard tests/unit/*.c))

# libFuzzer harnesses (tests/fuzz/fuzz_*.c): clang, ASan/UBSan, the model built alike.
FUZZ_CC    := clang
FUZZ_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS  := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
FUZZ_SECONDS ?= 60
FUZZ_RUNS  ?= # a number of inputs each instead of seconds (e.g. 1000000)
FUZZ_PAR   ?= 2
FUZZ_NAMES ?= # some harnesses only (e.g. api); empty: all of them

# One object tree per flavour: opt (users, cosim, bench), san (tests), fuzz (clang, libFuzzer).
objs = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(2))

.PHONY: all help deps build dpp cosim-bin cosim test test-unit test-cli test-python test-cosim \
        regress bench lint fuzz fuzz-bin format clean lib install uninstall mutate coverage matrix cocotb svpkg \
        examples-bin
.DEFAULT_GOAL := all

all: build

help:
	@echo "make build       build the golden model library, dpp and the default cosim binaries"
	@echo "make cosim       main job: default lock-step regression (RTL vs C model), pass/fail summary"
	@echo "make test        everything under ASan/UBSan: unit tests, CLI tests, lock-step runs, broken-RTL checks"
	@echo "make test-unit|test-cli|test-python|test-cosim   one group of make test"
	@echo "make regress JOBS_FILE=F [PAR=n]  run a lock-step job list (see tests/cosim/*.jobs)"
	@echo "make bench       lock-step and RTL-alone cycles/s, golden-model lane-instructions/s, and the"
	@echo "                 example designs with their commit or transaction check on and off, and how often"
	@echo "                 the lanes of dpp progen's programs disagree per profile (BENCH lines)"
	@echo "make lint        verilator --lint-only -Wall on every RTL module"
	@echo "make matrix      lint, default regression, install test and speed under Verilator 5.006 and 5.050"
	@echo "make cocotb      the cocotb testbenches (COCOTB=1.8.1 for Verilator 5.006, 1.9.2 for 5.050; docs/python.md)"
	@echo "                 (5.050 built once from ../shared/vendor by scripts/verilator.sh)"
	@echo "make fuzz [FUZZ_SECONDS=N | FUZZ_RUNS=N] [FUZZ_PAR=n] [FUZZ_NAMES=api]  libFuzzer on the assembler, ELF"
	@echo "                 reader, command buffers, stack event files, the C API's call sequences and"
	@echo "                 a design's commits to the commit checker and command words to the PE handle,"
	@echo "                 N s (or N inputs) each (BENCH fuzz.<name>.execs)"
	@echo "make mutate [BLOCK=pred|stack|fc|all] [DESIGN=NAME|all]  mutation score of the default regression"
	@echo "                 per RTL block (default BLOCK=all) or example design's RTL (docs/mutation.md)"
	@echo "make coverage    default regression with Verilator coverage -> $(BUILD)/coverage/index.html, functional table"
	@echo "make format      clang-format the C and C++ sources"
	@echo "make svpkg       rewrite the generated SV packages (dpi/ctm_dpi_pkg.sv, dpi/ctm_ports_pkg.sv,"
	@echo "                 rtl/ctm_isa_pkg.sv, python/ctm/_api.py, csim/api/ctm_consts.h) from the model's tables"
	@echo "                 (tests/cli/svpkg.sh holds them to it)"
	@echo "make install PREFIX=DIR   libctm.a and .so.1, ctm.h, the DPI package, ctm.pc and the Python package (docs/dpi.md, docs/python.md); make uninstall PREFIX=DIR"
	@echo "make deps        install missing tools (scripts/deps.sh; apt-get, idempotent)"
	@echo "make clean       remove $(BUILD)/"
	@echo "Variables: BUILD=$(BUILD) JOBS=$(JOBS) (parallel build jobs) PAR=$(PAR) (parallel tests and jobs)"
	@echo "           V=1 (show the commands) VERILATOR=$(VERILATOR) (with its own BUILD=)"
	@echo "Before a release: scripts/fresh-machine.sh (a new user's first run), scripts/cold-builds.sh"

deps:
	@scripts/deps.sh

# The tools come first, and everything else is decided after them: the stamp is an included
# makefile, so when make has to write it (scripts/deps.sh installs what is missing) make starts
# again and reads this Makefile afresh, with the installed packages in view (a rule's source
# under a package's folder, pkg-config's answers), and no file rule needs the stamp as a
# prerequisite. Goals that build nothing do not install.
DEPS_STAMP := $(BUILD)/.deps.mk
NO_DEPS_GOALS := clean help deps format uninstall
ifneq ($(filter-out $(NO_DEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
include $(DEPS_STAMP)
endif
$(DEPS_STAMP): scripts/deps.sh
	@scripts/deps.sh
	@mkdir -p $(@D) && echo '# make: scripts/deps.sh found every tool' >$@

# ---------------------------------------------------------------- C libraries
# Each object's header dependencies name it absolute and relative to the kit: the cosim
# front and scripts/design_run.sh call make with an absolute BUILD, the Makefile's own goals a
# relative one, and a rule written under one spelling must still apply under the other (an
# object built under an absolute BUILD once missed every header change made after it).
DEP = -MMD -MP -MT '$(abspath $@)' -MT '$(patsubst $(CURDIR)/%,%,$(abspath $@))'
.SECONDEXPANSION:
.SECONDARY:

# Each object tree keeps the flags it was built with in .flags, rewritten (when make reads this
# file) only when they change: a new flag (-fPIC for lib/) rebuilds the tree, which the files'
# times alone cannot tell (an old tree once linked a shared libctm from objects built without
# -fPIC). Written at parse time, not by a forced rule, so `make -q` (the cosim front's "is it
# built?") still answers yes. Not the per-file LTO/HOT choice: a file moving in or out of
# those lists is rare and needs `make clean`.
FLAGS_opt  = $(CC) $(CSTD) $(WARN) $(OPT) $(LTO) $(HOT) $(INCS) $(PKG_CFLAGS)
FLAGS_san  = $(CC) $(CSTD) $(WARN) $(SAN) $(INCS) $(PKG_CFLAGS)
FLAGS_fuzz = $(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) $(INCS) $(PKG_CFLAGS)
FLAGS_lib  = $(CC) $(CSTD) $(WARN) $(OPT) -fPIC $(HOT) $(INCS) $(PKG_CFLAGS)
flags_line = '$(subst ','\'',$(FLAGS_$(1)))'
ifneq ($(filter-out $(NO_DEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
$(foreach t,opt san fuzz lib,$(shell mkdir -p $(BUILD)/$(t) && \
  { printf '%s\n' $(call flags_line,$(t)) | cmp -s - $(BUILD)/$(t)/.flags || \
    printf '%s\n' $(call flags_line,$(t)) >$(BUILD)/$(t)/.flags; }))
endif

$(BUILD)/opt/%.o: %.c $(BUILD)/opt/.flags
	@mkdir -p $(@D)
	$(call say,CC,$<)
	$(Q)$(CC) $(CSTD) $(WARN) $(OPT) $(if $(filter $<,$(LTO_SRC)),$(LTO)) \
	    $(if $(filter $<,$(HOT_SRC)),$(HOT)) $(INCS) $(PKG_CFLAGS) $(DEP) -c $< -o $@

$(BUILD)/san/%.o: %.c $(BUILD)/san/.flags
	@mkdir -p $(@D)
	$(call say,CC,$< [san])
	$(Q)$(CC) $(CSTD) $(WARN) $(SAN) $(INCS) $(PKG_CFLAGS) $(DEP) -c $< -o $@

$(BUILD)/fuzz/%.o: %.c $(BUILD)/fuzz/.flags
	@mkdir -p $(@D)
	$(call say,CC,$< [fuzz])
	$(Q)$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(INCS) $(PKG_CFLAGS) \
	    $(DEP) -c $< -o $@

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(BUILD)/fuzz/libcsim.a
	$(call say,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer $(INCS) $(PKG_CFLAGS) $^ -o $@ \
	    $(ELF_LIBS) -lm -pthread

fuzz-bin: $(FUZZ_BINS)

$(BUILD)/%/libcsim.a: $$(call objs,$$*,$(CSIM_SRC))
	@mkdir -p $(@D) && rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

$(BUILD)/%/libharness.a: $$(call objs,$$*,$(HARNESS_SRC))
	@mkdir -p $(@D) && rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

# The dpp command-line tool (golden model front end). Its --timeline FST comes from gtkwave's
# vcd2fst (csim/cli/timeline.c): no third-party C is built in.
$(BUILD)/dpp: $(call objs,opt,$(CLI_SRC)) $(BUILD)/opt/libcsim.a
	$(call say,LINK,$@)
	$(Q)$(CC) $(OPT) $^ -o $@ $(ELF_LIBS) $(PNG_LIBS) -lm -pthread

$(BUILD)/san/dpp: $(call objs,san,$(CLI_SRC)) $(BUILD)/san/libcsim.a
	$(call say,LINK,$@)
	$(Q)$(CC) $(SAN) $^ -o $@ $(ELF_LIBS) $(PNG_LIBS) -lm -pthread

dpp: $(if $(CLI_SRC),$(BUILD)/dpp)

# The committed SystemVerilog packages, written from the model's tables (csim/cli/cmd_svpkg.c):
# rewritten on demand only, so tests/cli/svpkg.sh can tell a stale one.
svpkg: $(BUILD)/dpp
	$(call say,SVPKG,dpi/ctm_dpi_pkg.sv dpi/ctm_ports_pkg.sv rtl/ctm_isa_pkg.sv python/ctm/_api.py $(CTM_CONSTS_H))
	$(Q)$(BUILD)/dpp svpkg --consts -o $(CTM_CONSTS_H)
	$(Q)$(BUILD)/dpp svpkg --dpi -o dpi/ctm_dpi_pkg.sv
	$(Q)$(BUILD)/dpp svpkg --py -o python/ctm/_api.py
	$(Q)$(BUILD)/dpp svpkg -o dpi/ctm_ports_pkg.sv
	$(Q)$(BUILD)/dpp svpkg --isa -o rtl/ctm_isa_pkg.sv

# ---------------------------------------------------------------- libctm (make install)
# The library users link (docs/dpi.md): the model's objects built without LTO, partly linked
# into one object whose only global symbols are the public ctm_* ones (csim/api/ctm.h). The
# same objects (position independent, for both) make the shared libctm.so.MAJOR that Python
# loads (docs/python.md): it exports exactly api_list.h's calls (the version script below).
PREFIX ?= /usr/local
CTM_VERSION = $(shell sed -n 's/^\#define CTM_VERSION_\(MAJOR\|MINOR\|PATCH\) //p' $(CTM_H) | paste -sd.)
CTM_SONAME = libctm.so.$(firstword $(subst ., ,$(CTM_VERSION)))

$(BUILD)/lib/%.o: %.c $(BUILD)/lib/.flags
	@mkdir -p $(@D)
	$(call say,CC,$< [lib])
	$(Q)$(CC) $(CSTD) $(WARN) $(OPT) -fPIC $(if $(filter $<,$(HOT_SRC)),$(HOT)) $(INCS) $(PKG_CFLAGS) \
	    $(DEP) -c $< -o $@

# The version script: every call of api_list.h global, the rest local (written from the table,
# so a new call is exported by its row).
$(BUILD)/libctm.map: csim/api/libctm.map.in csim/api/api_list.h
	@mkdir -p $(@D)
	$(Q)$(CC) -E -P -x c -Icsim/api $< -o $@

# Installed without the libctm.so link, so that -lctm (ctm.pc) still links the static library:
# the shared one is for loaders (Python's ctypes), by its soname.
$(BUILD)/$(CTM_SONAME): $(call objs,lib,$(CSIM_SRC)) $(BUILD)/libctm.map
	$(call say,LINK,$@)
	$(Q)$(CC) -shared -Wl,-soname,$(CTM_SONAME) -Wl,--version-script=$(BUILD)/libctm.map \
	    -Wl,--no-undefined $(filter %.o,$^) -o $@ $(ELF_LIBS) -lm -pthread

$(BUILD)/libctm.a: $(call objs,lib,$(CSIM_SRC))
	@rm -f $@ $(BUILD)/libctm.o
	$(call say,AR,$@)
	$(Q)ld -r -o $(BUILD)/libctm.o $^
	$(Q)objcopy -w --keep-global-symbol='ctm_*' $(BUILD)/libctm.o
	$(Q)ar rcs $@ $(BUILD)/libctm.o

# PREFIX may hold spaces, which make's word functions (abspath, addprefix) would split: it is
# used only as one single-quoted shell word, $(CTM_P), and made absolute by the shell.
shq = '$(subst ','\'',$(1))'
CTM_P = $(call shq,$(PREFIX))
CTM_INSTALLED = lib/libctm.a lib/$(CTM_SONAME) include/ctm.h include/ctm_consts.h include/ctm_ports.h share/ctm/ctm_ports_pkg.sv share/ctm/ctm_isa_pkg.sv \
                share/ctm/ctm_dpi_pkg.sv share/ctm/ctm_commit_check_state.sv share/ctm/ctm_commit_check.sv \
                share/ctm/ctm_txn_check.sv lib/pkgconfig/ctm.pc $(addprefix share/ctm/python/,$(CTM_PY))
# The Python package (docs/python.md): PYTHONPATH=PREFIX/share/ctm/python finds it, and it finds
# PREFIX/lib/libctm.so.N from there.
CTM_PY = $(patsubst python/%,%,$(wildcard python/ctm/*.py))
ctm_no_prefix = $(if $(strip $(PREFIX)),,$(error PREFIX is empty: make $@ PREFIX=DIR))

lib: $(BUILD)/libctm.a $(BUILD)/$(CTM_SONAME)

# ctm.pc names the absolute prefix (escaped for sed); its flags quote the paths, so that
# pkg-config prints a prefix with spaces backslash-escaped (docs/dpi.md).
install: $(BUILD)/libctm.a $(BUILD)/$(CTM_SONAME) csim/api/ctm.pc.in
	$(ctm_no_prefix)
	@abs=$$(realpath -ms -- $(CTM_P)) && abs=$$(printf '%s' "$$abs" | sed 's/[\\|&]/\\&/g') && \
	    sed -e "s|@PREFIX@|$$abs|" -e 's|@VERSION@|$(CTM_VERSION)|' csim/api/ctm.pc.in > $(BUILD)/ctm.pc
	install -D -m 644 $(BUILD)/libctm.a $(CTM_P)/lib/libctm.a
	install -D -m 755 $(BUILD)/$(CTM_SONAME) $(CTM_P)/lib/$(CTM_SONAME)
	install -D -m 644 $(CTM_H) $(CTM_P)/include/ctm.h
	install -D -m 644 $(CTM_PORTS_H) $(CTM_P)/include/ctm_ports.h
	install -D -m 644 $(CTM_CONSTS_H) $(CTM_P)/include/ctm_consts.h
	install -D -m 644 dpi/ctm_ports_pkg.sv $(CTM_P)/share/ctm/ctm_ports_pkg.sv
	install -D -m 644 rtl/ctm_isa_pkg.sv $(CTM_P)/share/ctm/ctm_isa_pkg.sv
	install -D -m 644 dpi/ctm_dpi_pkg.sv $(CTM_P)/share/ctm/ctm_dpi_pkg.sv
	install -D -m 644 dpi/ctm_commit_check_state.sv $(CTM_P)/share/ctm/ctm_commit_check_state.sv
	install -D -m 644 dpi/ctm_commit_check.sv $(CTM_P)/share/ctm/ctm_commit_check.sv
	install -D -m 644 dpi/ctm_txn_check.sv $(CTM_P)/share/ctm/ctm_txn_check.sv
	install -D -m 644 $(BUILD)/ctm.pc $(CTM_P)/lib/pkgconfig/ctm.pc
	install -d $(CTM_P)/share/ctm/python/ctm
	install -m 644 $(addprefix python/,$(CTM_PY)) $(CTM_P)/share/ctm/python/ctm

uninstall:
	$(ctm_no_prefix)
	rm -f $(foreach f,$(CTM_INSTALLED),$(CTM_P)/$(f))
	-rm -rf $(CTM_P)/share/ctm/python/ctm/__pycache__
	-rmdir $(CTM_P)/share/ctm/python/ctm $(CTM_P)/share/ctm/python $(CTM_P)/share/ctm 2>/dev/null || true

# ---------------------------------------------------------------- unit tests
$(BUILD)/san/tests/%: tests/unit/%.c $(call objs,san,$(UNIT_HELPERS)) \
                      $(BUILD)/san/libharness.a $(BUILD)/san/libcsim.a
	@mkdir -p $(@D)
	$(call say,TEST,$@)
	$(Q)$(CC) $(CSTD) $(WARN) $(SAN) $(INCS) -Itests/unit $(PKG_CFLAGS) $(DEP) \
	    $(filter %.c %.o %.a,$^) -o $@ \
	    $(CMOCKA_LIBS) $(ELF_LIBS) $(JSON_LIBS) -lm -pthread

UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/san/tests/%,$(UNIT_SRC))

# ---------------------------------------------------------------- lock-step simulator
# build/cosim-<block>-<config>[-<rtl variant>] is one Verilated model; build/cosim
# picks the right one from its options (and builds it on first use).
COSIM_DEPS = $(wildcard rtl/*.sv rtl/*.svh rtl/*.vlt harness/*.sv harness/*.cpp harness/*.h dpi/* tests/variants/*/*.patch) \
             scripts/vbuild.sh $(BUILD)/opt/libcsim.a $(BUILD)/opt/libharness.a
DEFAULT_MODELS := pred-32x20x32 pred-32x20x32g4 pred-8x64x8 pred-1x16x4 fc-4x16a4l4b6 fc-1x64a4l4b6 \
                  system-4x64a4l4b6.p64.w64.isa.r7xx.d64 system-3x16a2l4b6.p4.w64.isa.r7xx.d64 \
                  system-8x64a4l4b6.p32g4.w64.isa.r7xx.d64

$(BUILD)/cosim-%: $(COSIM_DEPS) $(BUILD)/cosim_config
	@scripts/vbuild.sh $* $@

# An example design's commit-level testbench (examples/designs/NAME/, docs/commit.md), run by
# `cosim --design NAME` (scripts/design_run.sh): built through the design's own Makefile against
# this build's library installed into BUILD/designs/kit, as a user builds it against theirs.
DESIGN_DEPS = $(wildcard examples/designs/*/*.sv examples/designs/*/*.svh examples/designs/*/*.vlt examples/designs/*/Makefile tests/variants/designs/*/*.patch rtl/*.sv rtl/*.svh rtl/*.vlt) \
              scripts/design_run.sh $(BUILD)/designs/kit/lib/pkgconfig/ctm.pc $(BUILD)/dpp
$(BUILD)/designs/kit/lib/pkgconfig/ctm.pc: $(BUILD)/libctm.a $(CTM_H) $(CTM_CONSTS_H) $(CTM_PORTS_H) $(wildcard dpi/*.sv) rtl/ctm_isa_pkg.sv
	@$(MAKE) -s --no-print-directory install PREFIX=$(abspath $(BUILD))/designs/kit >/dev/null

# (cosim_config reads the model's name: order-only, a harness change rebuilds no testbench)
$(BUILD)/cosim-design-%: $(DESIGN_DEPS) | $(BUILD)/cosim_config
	@VERILATOR=$(VERILATOR) scripts/design_run.sh --build-dir $(abspath $(BUILD)) --make $*

# The block parameters' one table without a model (harness/cosim_params.c): the front end asks
# it for the model of a run, scripts/vbuild.sh for a model's -G parameters. The san/ one is for
# COSIM_SAN builds (vbuild.sh reads the one beside the model it builds).
$(BUILD)/cosim_config: $(BUILD)/opt/harness/cosim_config.o $(BUILD)/opt/libharness.a $(BUILD)/opt/libcsim.a
	$(call say,LINK,$@)
	$(Q)$(CC) $(OPT) $^ -o $@ $(ELF_LIBS) $(JSON_LIBS) -lm -pthread

$(BUILD)/san/cosim_config: $(BUILD)/san/harness/cosim_config.o $(BUILD)/san/libharness.a $(BUILD)/san/libcsim.a
	$(call say,LINK,$@)
	$(Q)$(CC) $(SAN) $^ -o $@ $(ELF_LIBS) $(JSON_LIBS) -lm -pthread

$(BUILD)/cosim: harness/cosim_front.sh
	@mkdir -p $(@D)
	$(Q)sed "s|^kit_root='@KIT_ROOT@'|kit_root='$(CURDIR)'|" $< >$@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

cosim-bin: $(BUILD)/cosim $(BUILD)/cosim_config $(addprefix $(BUILD)/cosim-,$(DEFAULT_MODELS))

# The examples as executables (program-driven lock-step jobs run them).
# An example is a folder (examples/NAME/NAME.s with its data) or a lone examples/NAME.s.
EXAMPLE_ELFS := $(patsubst examples/%/,$(BUILD)/examples/%.elf,$(sort $(dir $(wildcard examples/*/*.s)))) \
                $(patsubst examples/%.s,$(BUILD)/examples/%.elf,$(wildcard examples/*.s))
$(BUILD)/examples/%.elf: $$(wildcard examples/$$*/$$*.s examples/$$*.s) $(BUILD)/dpp
	@mkdir -p $(@D)
	$(call say,ASM,$<)
	$(Q)$(BUILD)/dpp asm $< -o $@

build: $(BUILD)/opt/libcsim.a dpp cosim-bin $(EXAMPLE_ELFS)
examples-bin: $(EXAMPLE_ELFS)

# ---------------------------------------------------------------- jobs users run
PAR ?= 2
JOBS_FILE ?= tests/cosim/default.jobs

# The jobs build first, in a parallel make of their own (JOBS at a time: the models are the long
# part of a first run), then run.
build_first = $(MAKE) --no-print-directory -j$(JOBS) $(1)

cosim: deps
	@$(call build_first,build)
	@scripts/regress.sh --par $(PAR) --cosim $(BUILD)/cosim --out $(BUILD)/regress/default $(JOBS_FILE)

regress: deps
	@$(call build_first,build)
	@scripts/regress.sh --par $(PAR) --cosim $(BUILD)/cosim --out $(BUILD)/regress/$(notdir $(basename $(JOBS_FILE))) $(JOBS_FILE)

fuzz: deps
	@$(call build_first,build fuzz-bin)
	@scripts/fuzz.sh --build $(BUILD) $(if $(FUZZ_RUNS),--runs $(FUZZ_RUNS),--seconds $(FUZZ_SECONDS)) --par $(FUZZ_PAR) $(FUZZ_NAMES)

# The last line is the wall time of the whole, build included. The kit the example designs
# build against is installed first, not by the CLI tests that run side by side (designs.sh,
# cosim_design.sh, mutate_smoke.sh) each on its own.
TEST_KIT = $(BUILD)/designs/kit/lib/pkgconfig/ctm.pc
test: deps
	@start=$$(date +%s); \
	$(call build_first,$(UNIT_BINS) $(BUILD)/san/dpp build fuzz-bin $(TEST_KIT) lib) && \
	PAR=$(PAR) scripts/test.sh --build $(BUILD); rc=$$?; \
	echo "make test: $$(($$(date +%s) - start)) s wall ($$(nproc) cores), exit $$rc"; exit $$rc

test-unit test-cli test-cosim: deps
	@$(call build_first,$(UNIT_BINS) $(BUILD)/san/dpp build fuzz-bin $(TEST_KIT))
	@PAR=$(PAR) scripts/test.sh --build $(BUILD) --only $(patsubst test-%,%,$@)

# The Python tests need the shared library, dpp (ctm.run) and the example programs only.
test-python: deps
	@$(call build_first,lib dpp examples-bin)
	@PAR=$(PAR) scripts/test.sh --build $(BUILD) --only python

bench: deps
	@$(call build_first,build)
	@scripts/bench.sh --build $(BUILD)
	@scripts/bench_commit.sh --build $(BUILD)
	@scripts/bench_txn.sh --build $(BUILD)
	@scripts/bench_progen.sh --build $(BUILD)

coverage: deps
	@$(call build_first,build)
	@nice scripts/coverage.sh --build $(BUILD) --par $(PAR)

# BLOCK=, DESIGN= or both; neither: every block
BLOCK ?= $(if $(DESIGN),,all)
mutate: deps
	@$(call build_first,build)
	@nice scripts/mutate.py $(if $(BLOCK),--block $(BLOCK)) $(if $(DESIGN),--design $(DESIGN)) --build $(BUILD) --out $(BUILD)/mutate

lint: | deps
	@scripts/lint.sh

matrix: | deps
	@scripts/matrix.sh

# The cocotb testbenches (examples/cocotb/, docs/python.md): cocotb from ../shared/vendor into a
# virtual environment under BUILD (once), pred_stack checked from Python, a broken copy caught.
COCOTB ?= 1.8.1
cocotb: | deps
	@$(call build_first,lib examples-bin)
	@scripts/cocotb.sh --build $(BUILD) --cocotb $(COCOTB)

format:
	clang-format -i $(CSIM_SRC) $(wildcard $(addsuffix /*.h,$(CSIM_DIRS)) csim/cli/*.[ch] harness/*.[ch] harness/*.cpp dpi/*.[ch] tests/unit/*.[ch])

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/opt $(BUILD)/san $(BUILD)/fuzz $(BUILD)/lib -name '*.d' 2>/dev/null)
