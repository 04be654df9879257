/* stack_prog: the R700 stack-op stream of a CTM program. A static walk over
 * the structured flow control of an executable (the canonical encodings of
 * spec ctm-isa.md 6.6 that the assembler emits), turning each FC construct
 * into the stack_acct op of one table (docs/stack_acct.md, "CTM programs").
 * Not a simulation of lanes: every block is entered once, calls are followed
 * depth-first where they stand. */
#ifndef CSIM_STACK_PROG_H
#define CSIM_STACK_PROG_H

#include "elf_exe.h"
#include "stack_acct.h"
#include "stack_events.h"
#include "status.h"

#include <stddef.h>

/* Instructions the walk may visit, calls included, before it gives up: it
 * bounds the work of programs whose calls fan out (each call walks its
 * subroutine again). */
#define STACK_PROG_MAX_VISITS (1u << 18)

/* Walks exe (name is used in messages only) and returns a new array of
 * *count events in walk order, to be released with stack_events_free. In each
 * event, line is the slot of the instruction, col is 0 and spell names the
 * CTM construct ("if", "endif", "call", ...). On unstructured or malformed
 * flow (an FC word that is no structured construct, an unmatched ELSE, ENDIF,
 * END*, BREAK or RET, a block left open, a backward JUMP, a recursive call, a
 * walk longer than STACK_PROG_MAX_VISITS) returns DPP_E_FORMAT with
 * "name: slot N: error: ..." in err. */
dpp_status stack_prog_walk(const char *name, const dpp_exe *exe, stack_event **out, size_t *count,
                           dpp_error *err);

/* The STACK_SIZE, in entries, that the walk of exe needs under cfg (what
 * `dpp stack` prints): the high-water mark of its events. */
dpp_status stack_prog_size(const char *name, const dpp_exe *exe, const stack_acct_cfg *cfg,
                           unsigned *size, dpp_error *err);

/* The same with the IF levels pushed as whole-quad-mode frames when wqm is set
 * (stack_map_set_wqm). */
dpp_status stack_prog_size_wqm(const char *name, const dpp_exe *exe, const stack_acct_cfg *cfg,
                               int wqm, unsigned *size, dpp_error *err);

/* What a construct does to the nesting of blocks. */
typedef enum stack_kind {
    STACK_K_OPEN_IF,
    STACK_K_ELSE,
    STACK_K_CLOSE_IFS, /* ENDIF: closes B_POP_CNT IFs */
    STACK_K_GOTO,      /* unconditional forward JUMP */
    STACK_K_CALL,
    STACK_K_RET,
    STACK_K_RET_COND, /* a conditional RET */
    STACK_K_OPEN_LOOP,
    STACK_K_OPEN_REP,
    STACK_K_CLOSE_LOOP,
    STACK_K_CLOSE_REP,
    STACK_K_EXIT_LOOP, /* BREAKLOOP */
    STACK_K_EXIT_REP,  /* BREAKREP */
    STACK_K_EXIT_ANY,  /* CONTINUE */
} stack_kind;

/* An FC word as the mapping table classifies it. */
typedef struct stack_construct {
    const char *name; /* the assembler's pseudo-op: "if", "endif", ... */
    unsigned op;      /* its stack_acct op on the static walk */
    unsigned pops;    /* its POP_COUNT (the word's B_POP_CNT where the table says so) */
    stack_kind kind;
} stack_construct;

/* Classifies f with the mapping table (docs/stack_acct.md); 0 if it is no
 * structured construct. */
int stack_prog_classify(const dpp_fc *f, stack_construct *out);

#endif
