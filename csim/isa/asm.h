/* The DPP assembler and disassembler (syntax: docs/asm.md).
 *
 * dpp_asm() turns program text into an executable (dpp_exe, written with
 * dpp_elf_write()); dpp_disasm() prints an executable in the same syntax, so
 * that assembling its output gives the identical executable. */
#ifndef CSIM_ASM_H
#define CSIM_ASM_H

#include "elf_exe.h"
#include "status.h"

#include <stddef.h>

typedef struct dpp_asm_opts {
    int report_nops; /* 1: a missing hazard NOP is an error; 0: the NOP is inserted */
} dpp_asm_opts;

/* Assembles len bytes of text from file (for messages) into exe. Errors
 * read "file:line:col: error: ..." (DPP_E_PARSE or DPP_E_ILLEGAL). */
dpp_status dpp_asm(const char *text, size_t len, const char *file, const dpp_asm_opts *opts,
                   dpp_exe *exe, dpp_error *err);

/* Prints exe as assembly into a new heap string (*text, free() it). */
dpp_status dpp_disasm(const dpp_exe *exe, char **text, dpp_error *err);

/* Prints one instruction word (without label or newline) into buf. jump
 * targets print as "L<slot>" when label_targets, else as numbers. */
void dpp_disasm_inst(const dpp_inst *inst, int label_targets, char *buf, size_t size);

/* What a program's words reference, as the notes and MODELINFO record it. */
typedef struct dpp_usage {
    uint16_t inputs;                    /* TEX fetches (not NOP/TEXKILL) by TEX_ID */
    uint8_t outputs;                    /* OUTPUT targets with a non-zero output mask */
    uint8_t float_used[DPP_NUM_CONSTS]; /* non-relative constant sources */
    uint32_t int_used;                  /* INT_ADDR of LOOP/ENDLOOP/REP/ENDREP */
    uint32_t condout;                   /* an OUTPUT writes W */
    uint32_t earlyexit;                 /* LAST or TEXKILL present */
    uint32_t num_temps;                 /* highest temporary + 1; 128 with relative temps */
} dpp_usage;

void dpp_usage_of(const uint32_t *words, uint32_t n, dpp_usage *u);

#endif
