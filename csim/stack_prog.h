/* stack_prog: the R700 stack-op stream of a CTM program. A static walk over
 * the structured flow control of an executable (the canonical encodings of
 * spec ctm-isa.md 6.6 that the assembler emits), turning each FC construct
 * into the stack_acct op of one table (docs/stack_acct.md, "CTM programs").
 * Not a simulation of lanes: every block is entered once, calls are followed
 * depth-first where they stand. */
#ifndef CSIM_STACK_PROG_H
#define CSIM_STACK_PROG_H

#include "elf_exe.h"
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

#endif
