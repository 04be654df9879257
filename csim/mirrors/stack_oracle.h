/* stack_oracle: the stack-size oracles of flow-control.md §6.1, written as
 * plain functions over a typed event stream, each one a direct reading of the
 * compiler's algorithm (Mesa sfn §2.3, Mesa TGSI §2.4, LLVM §2.6) or of the
 * ISA text (§1.6). They are independent of stack_acct's frame tracker and serve
 * to cross-check it (docs/stack_acct.md). */
#ifndef CSIM_STACK_ORACLE_H
#define CSIM_STACK_ORACLE_H

#include "status.h"

#include <stddef.h>

/* Typed events: unlike stack_acct ops, every pop says what it pops. */
typedef enum stack_ev {
    STACK_EV_PUSH_VPM, /* non-WQM push (IF) */
    STACK_EV_PUSH_WQM,
    STACK_EV_LOOP,
    STACK_EV_CALL,
    STACK_EV_POP_VPM,
    STACK_EV_POP_WQM,
    STACK_EV_ENDLOOP,
    STACK_EV_RETURN,
    STACK_EV_COUNT
} stack_ev;

typedef enum stack_oracle_kind {
    STACK_ORACLE_ISA,       /* §1.6 Tables 3.5/3.6, +2 while a non-WQM push is live */
    STACK_ORACLE_MESA_SFN,  /* §2.3 current Mesa */
    STACK_ORACLE_MESA_TGSI, /* §2.4 Mesa 2013..2022 (extra only on VPM pushes; Cayman +3) */
    STACK_ORACLE_LLVM,      /* §2.6 CFStack */
    STACK_ORACLE_COUNT
} stack_oracle_kind;

/* The maximum number of entries the event stream needs under one oracle, for
 * a width (16/32/48/64) and a chip class (stack_chip). CALL/RETURN are
 * charged by the ISA oracle only (the compilers do not count them). Fails with
 * DPP_E_ARG on a bad parameter and with DPP_E_FAULT, naming the event index,
 * on a pop whose kind is not on the stack. */
dpp_status stack_oracle_max(unsigned oracle, unsigned width, unsigned chip, const stack_ev *ev,
                            size_t n, unsigned *max_entries, dpp_error *err);

#endif
