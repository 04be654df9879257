/* Random legal instruction words and programs for the ISA tests. */
#ifndef TESTS_ISA_GEN_H
#define TESTS_ISA_GEN_H

#include "elf_exe.h"
#include "isa.h"

#include <stdint.h>

/* xorshift64*: deterministic per seed. */
uint32_t gen_rand(uint64_t *state);

/* One legal instruction of the given type (-1: any type); FC jump
 * addresses are below nslots. */
void gen_inst(uint64_t *rng, int type, unsigned nslots, dpp_inst *out);

/* Makes every FC word that reads the ALU result without a fresh ALU write
 * (spec 5.13, as dpp_program_validate checks it) ignore the result. */
void gen_fix_alu_result(dpp_inst *in, unsigned n);

/* A legal program of n slots (last one an OUTPUT with TEX_SEM_WAIT, hazard
 * NOPs set), random PROGINFO and constant values, and notes equal to what
 * the assembler derives from it. */
void gen_program(uint64_t *rng, unsigned n, dpp_exe *x);

#endif
