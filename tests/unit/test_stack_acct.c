/* stack_acct: hand-derived nesting examples under every rule, one cmocka
 * test each, plus the corner cases of docs/stack_acct.md.
 *
 * Every example lists, after each op, the state the model must show:
 * A (full entries), B (subentries, reserved extras included), need, the
 * tracker depth and the flags. The comment above each example derives the
 * numbers from the rule row (docs/stack_acct.md, "The rules"):
 *   ISA  need = A + ceil(B/S), B = pushes + 2 while a non-WQM push is live
 *        (+ calls: 2 subentries at width 16, else 1); S = 8 (w16/32), 4 (w48/64)
 *   MESA need = ceil((A*es + B)/4), es = S; extra R7 +2 / EG,NI +1 while a
 *        non-WQM push is live, Cayman +2 while any push or loop is live
 *   LLVM need = A + ceil(B/4), first non-WQM push 3 (R7) / 2 (EG, NI) / 1 (CM);
 *        NI: a non-WQM push made while A > 0 costs 2 (once) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "stack_acct.h"

/* step.arg: low 3 bits POP_COUNT, plus these. */
#define W 0x10 /* wqm_i */
#define T 0x20 /* taken_i */
/* step.flags */
#define OVF  1
#define UDF  2
#define DROP 4

enum {
    NOP = STACK_OP_NOP,
    PUSH = STACK_OP_PUSH,
    PWQM = STACK_OP_PUSH_WQM,
    PELSE = STACK_OP_PUSH_ELSE,
    APB = STACK_OP_ALU_PUSH_BEFORE,
    LOOP = STACK_OP_LOOP_START,
    CALL = STACK_OP_CALL,
    POP = STACK_OP_POP,
    LEND = STACK_OP_LOOP_END,
    RET = STACK_OP_RETURN,
    ELSE = STACK_OP_ELSE,
    JUMP = STACK_OP_JUMP,
    CLR = STACK_OP_CLEAR,
};

typedef struct step {
    unsigned op, arg;
    unsigned a, b, need, depth, flags; /* after the op */
} step;

typedef struct example {
    const char *name;
    unsigned rule, chip, width, stack_size;
    const step *steps;
    size_t n;
    unsigned hwm; /* expected high-water mark at the end */
} example;

#define STEPS(...) (const step[]){__VA_ARGS__}, sizeof((const step[]){__VA_ARGS__}) / sizeof(step)
#define ISA        STACK_RULE_ISA
#define MESA       STACK_RULE_MESA
#define LLVM       STACK_RULE_LLVM
#define R7         STACK_CHIP_R7XX
#define EG         STACK_CHIP_EVERGREEN
#define NI         STACK_CHIP_NI
#define CM         STACK_CHIP_CAYMAN

/* clang-format off */
static const example examples[] = {
    /* ---------------------------------------------------------------- ISA */
    /* w64, S=4, STACK_SIZE 1. Three nested ifs: B = n pushes + 2 reserved:
     * 3 -> ceil(3/4)=1, 4 -> 1, 5 -> 2 (> STACK_SIZE 1: overflow); the POPs
     * walk back; the last one frees the reserve too. */
    {"isa_w64_nested_if3_overflow", ISA, R7, 64, 1, STEPS(
        {APB, 0, 0, 3, 1, 1, 0}, {APB, 0, 0, 4, 1, 2, 0}, {APB, 0, 0, 5, 2, 3, OVF},
        {POP, 1, 0, 4, 1, 2, 0}, {POP, 1, 0, 3, 1, 1, 0}, {POP, 1, 0, 0, 0, 0, 0}), 2},
    /* w16, S=8. Seven nested PUSHes: B = n+2 = 3..9; ceil(B/8) = 1 up to
     * B = 8 (six pushes), 2 at the seventh; POP 7 empties the stack. */
    {"isa_w16_seven_pushes", ISA, R7, 16, 255, STEPS(
        {PUSH, 0, 0, 3, 1, 1, 0}, {PUSH, 0, 0, 4, 1, 2, 0}, {PUSH, 0, 0, 5, 1, 3, 0},
        {PUSH, 0, 0, 6, 1, 4, 0}, {PUSH, 0, 0, 7, 1, 5, 0}, {PUSH, 0, 0, 8, 1, 6, 0},
        {PUSH, 0, 0, 9, 2, 7, 0}, {POP, 7, 0, 0, 0, 0, 0}), 2},
    /* w32, S=8. A loop holding an if: LOOP A=1 -> 1; APB B=1+2=3 ->
     * 1 + ceil(3/8) = 2; POP back to 1; LOOP_END to 0. */
    {"isa_w32_if_in_loop", ISA, R7, 32, 255, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {APB, 0, 1, 3, 2, 2, 0}, {POP, 1, 1, 0, 1, 1, 0},
        {LEND, 0, 0, 0, 0, 0, 0}), 2},
    /* w48, S=4. WQM pushes take full entries: PUSH wqm A=1 -> 1; PUSH B=3
     * -> 1+1 = 2; PUSH_WQM A=2 -> 2+1 = 3; POP 2 drops the WQM and the
     * non-WQM push (reserve gone): A=1 -> 1. */
    {"isa_w48_wqm_full_entries", ISA, R7, 48, 255, STEPS(
        {PUSH, W, 1, 0, 1, 1, 0}, {PUSH, 0, 1, 3, 2, 2, 0}, {PWQM, 0, 2, 3, 3, 3, 0},
        {POP, 2, 1, 0, 1, 1, 0}, {POP, 1, 0, 0, 0, 0, 0}), 3},
    /* w16, S=8. CALL costs 2 subentries (the PC is wider than 16 bits), no
     * reserve: B = 2,4,6,8 -> 1; the fifth B=10 -> 2. */
    {"isa_w16_calls_two_subentries", ISA, R7, 16, 255, STEPS(
        {CALL, 0, 0, 2, 1, 1, 0}, {CALL, 0, 0, 4, 1, 2, 0}, {CALL, 0, 0, 6, 1, 3, 0},
        {CALL, 0, 0, 8, 1, 4, 0}, {CALL, 0, 0, 10, 2, 5, 0}, {RET, 0, 0, 8, 1, 4, 0},
        {RET, 0, 0, 6, 1, 3, 0}), 2},
    /* w64, S=4. CALL 1 subentry, then ifs in the callee: CALL B=1 -> 1;
     * APB B=1+1+2=4 -> 1; APB B=5 -> 2; POP 2 back to the call B=1;
     * RETURN to 0. */
    {"isa_w64_if_in_call", ISA, R7, 64, 255, STEPS(
        {CALL, 0, 0, 1, 1, 1, 0}, {APB, 0, 0, 4, 1, 2, 0}, {APB, 0, 0, 5, 2, 3, 0},
        {POP, 2, 0, 1, 1, 1, 0}, {RET, 0, 0, 0, 0, 0, 0}), 2},
    /* w32, S=8. ELSE/JUMP pop only when taken: two ifs B=3,4 -> 1; ELSE 1
     * not taken keeps B=4; JUMP 2 taken pops both -> 0; PUSH_ELSE B=3 -> 1;
     * ELSE 1 taken -> 0. */
    {"isa_w32_else_jump_taken_only", ISA, R7, 32, 255, STEPS(
        {APB, 0, 0, 3, 1, 1, 0}, {APB, 0, 0, 4, 1, 2, 0}, {ELSE, 1, 0, 4, 1, 2, 0},
        {JUMP, 2 | T, 0, 0, 0, 0, 0}, {PELSE, 0, 0, 3, 1, 1, 0}, {ELSE, 1 | T, 0, 0, 0, 0, 0}),
        1},
    /* w64. Underflow: POP 2 on an empty stack flags and stays empty; APB
     * B=3 -> 1; POP 3 pops the one frame and flags; NOP clears the pulse. */
    {"isa_w64_underflow", ISA, R7, 64, 255, STEPS(
        {POP, 2, 0, 0, 0, 0, UDF}, {APB, 0, 0, 3, 1, 1, 0}, {POP, 3, 0, 0, 0, 0, UDF},
        {NOP, 0, 0, 0, 0, 0, 0}), 1},
    /* w48, S=4, STACK_SIZE 3. Three nested loops A=1,2,3 -> 1,2,3; an if
     * inside: B=3 -> 3+1 = 4 > 3 (overflow: 3*4+3 = 15 > 12); POP back to 3
     * (12 <= 12: no overflow); three LOOP_ENDs. */
    {"isa_w48_nested_loops_overflow", ISA, R7, 48, 3, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {LOOP, 0, 2, 0, 2, 2, 0}, {LOOP, 0, 3, 0, 3, 3, 0},
        {APB, 0, 3, 3, 4, 4, OVF}, {POP, 1, 3, 0, 3, 3, 0}, {LEND, 0, 2, 0, 2, 2, 0},
        {LEND, 0, 1, 0, 1, 1, 0}, {LEND, 0, 0, 0, 0, 0, 0}), 4},
    /* w64. CLEAR zeroes the high-water mark: three ifs reach 2 (B=5); CLEAR;
     * a loop A=1 -> 1, so the final mark is 1. */
    {"isa_w64_clear_resets_hwm", ISA, R7, 64, 255, STEPS(
        {APB, 0, 0, 3, 1, 1, 0}, {APB, 0, 0, 4, 1, 2, 0}, {APB, 0, 0, 5, 2, 3, 0},
        {CLR, 0, 0, 0, 0, 0, 0}, {LOOP, 0, 1, 0, 1, 1, 0}), 1},
    /* w64, S=4. The reserve follows the non-WQM frames, not WQM or loops:
     * APB B=3 -> 1; LOOP A=1 -> 1+1 = 2; LOOP_END -> 1; POP -> 0; PUSH_WQM
     * A=1, B=0 -> 1 (no reserve); APB B=3 -> 2; POP 2 -> 0. */
    {"isa_w64_reserve_follows_nonwqm", ISA, R7, 64, 255, STEPS(
        {APB, 0, 0, 3, 1, 1, 0}, {LOOP, 0, 1, 3, 2, 2, 0}, {LEND, 0, 0, 3, 1, 1, 0},
        {POP, 1, 0, 0, 0, 0, 0}, {PWQM, 0, 1, 0, 1, 1, 0}, {APB, 0, 1, 3, 2, 2, 0},
        {POP, 2, 0, 0, 0, 0, 0}), 2},
    /* w16, S=8. PUSH_ELSE wqm A=1 -> 1; CALL B=2 -> 1+1 = 2; PUSH B=2+1+2=5
     * -> 1 + ceil(5/8) = 2; POP 3 -> 0 (POP pops any kind). */
    {"isa_w16_wqm_call_push", ISA, R7, 16, 255, STEPS(
        {PELSE, W, 1, 0, 1, 1, 0}, {CALL, 0, 1, 2, 2, 2, 0}, {PUSH, 0, 1, 5, 2, 3, 0},
        {POP, 3, 0, 0, 0, 0, 0}), 2},

    /* ---------------------------------------------------------------- MESA */
    /* R7, w64, es=4. el = push + 2: 3,4,5 -> ceil(el/4) = 1,1,2. */
    {"mesa_r7_w64_nested_if3", MESA, R7, 64, 255, STEPS(
        {APB, 0, 0, 3, 1, 1, 0}, {APB, 0, 0, 4, 1, 2, 0}, {APB, 0, 0, 5, 2, 3, 0},
        {POP, 3, 0, 0, 0, 0, 0}), 2},
    /* R7, w32, es=8. LOOP el = 8 -> 2 (the ISA rule says 1); APB el =
     * 8+1+2 = 11 -> 3; POP -> 2; LOOP_END -> 0. */
    {"mesa_r7_w32_if_in_loop", MESA, R7, 32, 255, STEPS(
        {LOOP, 0, 1, 0, 2, 1, 0}, {APB, 0, 1, 3, 3, 2, 0}, {POP, 1, 1, 0, 2, 1, 0},
        {LEND, 0, 0, 0, 0, 0, 0}), 3},
    /* R7, w16. Seven PUSHes: el = n+2 = 3..9 -> 1,1,2,2,2,2,3 (divides by 4
     * although Table 3.5 says 8 subentries at width 16). */
    {"mesa_r7_w16_seven_pushes", MESA, R7, 16, 255, STEPS(
        {PUSH, 0, 0, 3, 1, 1, 0}, {PUSH, 0, 0, 4, 1, 2, 0}, {PUSH, 0, 0, 5, 2, 3, 0},
        {PUSH, 0, 0, 6, 2, 4, 0}, {PUSH, 0, 0, 7, 2, 5, 0}, {PUSH, 0, 0, 8, 2, 6, 0},
        {PUSH, 0, 0, 9, 3, 7, 0}, {POP, 7, 0, 0, 0, 0, 0}), 3},
    /* EG, w64. el = n+1 = 2,3,4,5 -> 1,1,1,2: four nested ifs need 2 (the
     * case Mesa's comment calls out). */
    {"mesa_eg_w64_four_ifs", MESA, EG, 64, 255, STEPS(
        {APB, 0, 0, 2, 1, 1, 0}, {APB, 0, 0, 3, 1, 2, 0}, {APB, 0, 0, 4, 1, 3, 0},
        {APB, 0, 0, 5, 2, 4, 0}, {POP, 4, 0, 0, 0, 0, 0}), 2},
    /* CM, w64, es=4. +2 while anything is live: LOOP el = 4+2 = 6 -> 2; APB
     * 7 -> 2; APB 8 -> 2; APB 9 -> 3; POP 3 back to 6 -> 2; LOOP_END 0. */
    {"mesa_cm_w64_ifs_in_loop", MESA, CM, 64, 255, STEPS(
        {LOOP, 0, 1, 2, 2, 1, 0}, {APB, 0, 1, 3, 2, 2, 0}, {APB, 0, 1, 4, 2, 3, 0},
        {APB, 0, 1, 5, 3, 4, 0}, {POP, 3, 1, 2, 2, 1, 0}, {LEND, 0, 0, 0, 0, 0, 0}), 3},
    /* CM, w64. PUSH_WQM el = 4+2 = 6 -> 2; POP: empty stack needs 0; a CALL
     * alone is not a Mesa push: 0; RETURN. */
    {"mesa_cm_w64_wqm_then_call", MESA, CM, 64, 255, STEPS(
        {PWQM, 0, 1, 2, 2, 1, 0}, {POP, 1, 0, 0, 0, 0, 0}, {CALL, 0, 0, 0, 0, 1, 0},
        {RET, 0, 0, 0, 0, 0, 0}), 2},
    /* NI (Mesa treats it as EG), w32, es=8. PUSH wqm el = 8 (no non-WQM
     * push: no extra) -> 2; APB el = 8+1+1 = 10 -> 3; POP 2 -> 0. */
    {"mesa_ni_w32_wqm_then_if", MESA, NI, 32, 255, STEPS(
        {PUSH, W, 1, 0, 2, 1, 0}, {APB, 0, 1, 2, 3, 2, 0}, {POP, 2, 0, 0, 0, 0, 0}), 3},
    /* R7, w64. CALL costs nothing: 0; APB el = 3 -> 1; POP -> 0; RETURN. */
    {"mesa_r7_w64_call_free", MESA, R7, 64, 255, STEPS(
        {CALL, 0, 0, 0, 0, 1, 0}, {APB, 0, 0, 3, 1, 2, 0}, {POP, 1, 0, 0, 0, 1, 0},
        {RET, 0, 0, 0, 0, 0, 0}), 1},
    /* R7, w48 (es=4, model-defined). LOOP 4 -> 1; LOOP 8 -> 2; APB
     * 8+1+2 = 11 -> 3; POP 3 -> 0. */
    {"mesa_r7_w48_if_in_two_loops", MESA, R7, 48, 255, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {LOOP, 0, 2, 0, 2, 2, 0}, {APB, 0, 2, 3, 3, 3, 0},
        {POP, 3, 0, 0, 0, 0, 0}), 3},
    /* EG, w16, es=8, STACK_SIZE 4. LOOP 8 -> 2; LOOP 16 -> 4; APB
     * 16+1+1 = 18 -> 5 (18 > 4*4: overflow); POP 16 -> 4 (no overflow);
     * LOOP_END 8 -> 2; LOOP_END 0. */
    {"mesa_eg_w16_loops_overflow", MESA, EG, 16, 4, STEPS(
        {LOOP, 0, 1, 0, 2, 1, 0}, {LOOP, 0, 2, 0, 4, 2, 0}, {APB, 0, 2, 2, 5, 3, OVF},
        {POP, 1, 2, 0, 4, 2, 0}, {LEND, 0, 1, 0, 2, 1, 0}, {LEND, 0, 0, 0, 0, 0, 0}), 5},
    /* CM, w32, es=8. CALL 0 (no push live); APB el = 1+2 = 3 -> 1; LOOP
     * el = 8+1+2 = 11 -> 3; LOOP_END 3 -> 1; POP 0; RETURN. */
    {"mesa_cm_w32_call_if_loop", MESA, CM, 32, 255, STEPS(
        {CALL, 0, 0, 0, 0, 1, 0}, {APB, 0, 0, 3, 1, 2, 0}, {LOOP, 0, 1, 3, 3, 3, 0},
        {LEND, 0, 0, 3, 1, 2, 0}, {POP, 1, 0, 0, 0, 1, 0}, {RET, 0, 0, 0, 0, 0, 0}), 3},

    /* ---------------------------------------------------------------- LLVM */
    /* R7, w64. FIRST push 3, then 1 each: S = 3,4,5 -> ceil(S/4) = 1,1,2. */
    {"llvm_r7_w64_nested_if3", LLVM, R7, 64, 255, STEPS(
        {APB, 0, 0, 3, 1, 1, 0}, {APB, 0, 0, 4, 1, 2, 0}, {APB, 0, 0, 5, 2, 3, 0},
        {POP, 3, 0, 0, 0, 0, 0}), 2},
    /* R7, w16 (LLVM ignores the width). LOOP E=1 -> 1; ifs S = 3,4,5 ->
     * 2,2,3 (ISA at w16: 1 + ceil(5/8) = 2); POP 3 -> 1; LOOP_END 0. */
    {"llvm_r7_w16_ifs_in_loop", LLVM, R7, 16, 255, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {APB, 0, 1, 3, 2, 2, 0}, {APB, 0, 1, 4, 2, 3, 0},
        {APB, 0, 1, 5, 3, 4, 0}, {POP, 3, 1, 0, 1, 1, 0}, {LEND, 0, 0, 0, 0, 0, 0}), 3},
    /* EG, w32. FIRST costs 2: LOOP 1; S = 2,3,4,5 -> 2,2,2,3; POP 4 -> 1. */
    {"llvm_eg_w32_four_ifs_in_loop", LLVM, EG, 32, 255, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {APB, 0, 1, 2, 2, 2, 0}, {APB, 0, 1, 3, 2, 3, 0},
        {APB, 0, 1, 4, 2, 4, 0}, {APB, 0, 1, 5, 3, 5, 0}, {POP, 4, 1, 0, 1, 1, 0},
        {LEND, 0, 0, 0, 0, 0, 0}), 3},
    /* NI, w64. LOOP E=1; PUSH FIRST S=2 -> 2; PUSH finds E>0 and no
     * full-entry item: FULL, S=4 -> 2; PUSH SUB S=5 -> 3; POP 1 -> S=4; APB
     * SUB again (FULL still live) S=5 -> 3; POP 3 -> E=1; LOOP_END. */
    {"llvm_ni_w64_full_entry_push", LLVM, NI, 64, 255, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {PUSH, 0, 1, 2, 2, 2, 0}, {PUSH, 0, 1, 4, 2, 3, 0},
        {PUSH, 0, 1, 5, 3, 4, 0}, {POP, 1, 1, 4, 2, 3, 0}, {APB, 0, 1, 5, 3, 4, 0},
        {POP, 3, 1, 0, 1, 1, 0}, {LEND, 0, 0, 0, 0, 0, 0}), 3},
    /* NI, w48. No full entry in use: PUSH x3 S = 2,3,4 -> 1; LOOP E=1 ->
     * 1+1 = 2; PUSH is FULL now: S = 6 -> 1+2 = 3; POP 1 (the FULL) S=4 ->
     * 2; LOOP_END -> 1; POP 3 -> 0. */
    {"llvm_ni_w48_full_needs_entry", LLVM, NI, 48, 255, STEPS(
        {PUSH, 0, 0, 2, 1, 1, 0}, {PUSH, 0, 0, 3, 1, 2, 0}, {PUSH, 0, 0, 4, 1, 3, 0},
        {LOOP, 0, 1, 4, 2, 4, 0}, {PUSH, 0, 1, 6, 3, 5, 0}, {POP, 1, 1, 4, 2, 4, 0},
        {LEND, 0, 0, 4, 1, 3, 0}, {POP, 3, 0, 0, 0, 0, 0}), 3},
    /* CM, w64. No extra at all: S = 1..5 -> 1,1,1,1,2. */
    {"llvm_cm_w64_five_ifs", LLVM, CM, 64, 255, STEPS(
        {APB, 0, 0, 1, 1, 1, 0}, {APB, 0, 0, 2, 1, 2, 0}, {APB, 0, 0, 3, 1, 3, 0},
        {APB, 0, 0, 4, 1, 4, 0}, {APB, 0, 0, 5, 2, 5, 0}, {POP, 5, 0, 0, 0, 0, 0}), 2},
    /* CM, w32. PUSH_WQM E=1 -> 1; APB S=1 -> 2; PUSH wqm E=2 -> 2+1 = 3. */
    {"llvm_cm_w32_wqm_entries", LLVM, CM, 32, 255, STEPS(
        {PWQM, 0, 1, 0, 1, 1, 0}, {APB, 0, 1, 1, 2, 2, 0}, {PUSH, W, 2, 1, 3, 3, 0},
        {POP, 3, 0, 0, 0, 0, 0}), 3},
    /* R7, w64. PUSH wqm E=1 -> 1; APB FIRST S=3 -> 2; POP -> 1; APB is FIRST
     * again S=3 -> 2; POP 2 -> 0. */
    {"llvm_r7_w64_first_reacquired", LLVM, R7, 64, 255, STEPS(
        {PUSH, W, 1, 0, 1, 1, 0}, {APB, 0, 1, 3, 2, 2, 0}, {POP, 1, 1, 0, 1, 1, 0},
        {APB, 0, 1, 3, 2, 2, 0}, {POP, 2, 0, 0, 0, 0, 0}), 2},
    /* EG, w64, STACK_SIZE 1. S = 2,3,4,5 -> 1,1,1,2 (5 > 4: overflow); POP
     * S=4 -> 1, no overflow; POP 3 -> 0. */
    {"llvm_eg_w64_overflow", LLVM, EG, 64, 1, STEPS(
        {APB, 0, 0, 2, 1, 1, 0}, {APB, 0, 0, 3, 1, 2, 0}, {APB, 0, 0, 4, 1, 3, 0},
        {APB, 0, 0, 5, 2, 4, OVF}, {POP, 1, 0, 4, 1, 3, 0}, {POP, 3, 0, 0, 0, 0, 0}), 2},
    /* NI, w16. LOOP 1; APB FIRST S=2 -> 2; APB FULL S=4 -> 2; POP (the FULL)
     * S=2; APB FULL again S=4 -> 2; APB SUB S=5 -> 3; POP 4 (loop too) -> 0. */
    {"llvm_ni_w16_full_reacquired", LLVM, NI, 16, 255, STEPS(
        {LOOP, 0, 1, 0, 1, 1, 0}, {APB, 0, 1, 2, 2, 2, 0}, {APB, 0, 1, 4, 2, 3, 0},
        {POP, 1, 1, 2, 2, 2, 0}, {APB, 0, 1, 4, 2, 3, 0}, {APB, 0, 1, 5, 3, 4, 0},
        {POP, 4, 0, 0, 0, 0, 0}), 3},
    /* EG, w16. CALL costs nothing: 0; LOOP 1; JUMP 1 not taken keeps it;
     * LOOP_END 0; RETURN. */
    {"llvm_eg_w16_call_loop_jump", LLVM, EG, 16, 255, STEPS(
        {CALL, 0, 0, 0, 0, 1, 0}, {LOOP, 0, 1, 0, 1, 2, 0}, {JUMP, 1, 1, 0, 1, 2, 0},
        {LEND, 0, 0, 0, 0, 1, 0}, {RET, 0, 0, 0, 0, 0, 0}), 1},
};
/* clang-format on */

static stack_acct_model *make(unsigned rule, unsigned chip, unsigned width, unsigned depth)
{
    stack_acct_cfg cfg = {width, rule, chip, depth};
    stack_acct_model *m = NULL;
    dpp_error err = {0};
    assert_int_equal(stack_acct_create(&cfg, &m, &err), DPP_OK);
    return m;
}

static stack_acct_in in_of(unsigned op, unsigned arg, unsigned stack_size)
{
    stack_acct_in in = {.op = op,
                        .pop_count = arg & 7u,
                        .wqm = (arg & W) != 0,
                        .taken = (arg & T) != 0,
                        .stack_size = stack_size};
    return in;
}

static void test_example(void **state)
{
    const example *ex = *state;
    stack_acct_model *m = make(ex->rule, ex->chip, ex->width, 64);
    for (size_t i = 0; i < ex->n; i++) {
        const step *s = &ex->steps[i];
        stack_acct_in in = in_of(s->op, s->arg, ex->stack_size);
        stack_acct_out out;
        stack_acct_step(m, &in, NULL);
        stack_acct_observe(m, &out);
        unsigned flags =
            (out.overflow ? OVF : 0) | (out.underflow ? UDF : 0) | (out.drop ? DROP : 0);
        if (out.entries != s->a || out.subentries != s->b || out.need != s->need ||
            out.depth != s->depth || flags != s->flags)
            fail_msg("%s step %zu (%s): got A=%u B=%u need=%u depth=%u flags=%u, want "
                     "A=%u B=%u need=%u depth=%u flags=%u",
                     ex->name, i, stack_op_name(s->op), out.entries, out.subentries, out.need,
                     out.depth, flags, s->a, s->b, s->need, s->depth, s->flags);
    }
    stack_acct_out out;
    stack_acct_observe(m, &out);
    assert_int_equal(out.hwm, ex->hwm);
    stack_acct_destroy(m);
}

/* Every width under every rule row, one nesting: LOOP_START then three
 * ALU_PUSH_BEFOREs (A=1, three non-WQM frames). Hand-derived need:
 *   ISA       1 + ceil((3+2)/S): S=8 -> 2, S=4 -> 3          (any chip)
 *   MESA R7   ceil((es + 3+2)/4): es=8 -> 13/4 -> 4, es=4 -> 9/4 -> 3
 *   MESA EG   ceil((es + 3+1)/4): 12/4 -> 3, 8/4 -> 2      (NI the same)
 *   MESA CM   ceil((es + 3+2)/4): 4, 3   (+2 while anything is live)
 *   LLVM R7   1 + ceil((3+1+1)/4) = 3; EG 1 + ceil(4/4) = 2;
 *   LLVM NI   FIRST 2 + FULL 2 + SUB 1 = 5 -> 3; CM 1 + ceil(3/4) = 2 */
static void test_every_width_every_rule(void **state)
{
    (void)state;
    static const struct {
        unsigned rule, chip, need[4]; /* widths 16, 32, 48, 64 */
    } rows[] = {
        {ISA, R7, {2, 2, 3, 3}},  {ISA, EG, {2, 2, 3, 3}},  {ISA, NI, {2, 2, 3, 3}},
        {ISA, CM, {2, 2, 3, 3}},  {MESA, R7, {4, 4, 3, 3}}, {MESA, EG, {3, 3, 2, 2}},
        {MESA, NI, {3, 3, 2, 2}}, {MESA, CM, {4, 4, 3, 3}}, {LLVM, R7, {3, 3, 3, 3}},
        {LLVM, EG, {2, 2, 2, 2}}, {LLVM, NI, {3, 3, 3, 3}}, {LLVM, CM, {2, 2, 2, 2}},
    };
    static const unsigned ops[] = {LOOP, APB, APB, APB};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
        for (unsigned w = 0; w < 4; w++) {
            stack_acct_model *m = make(rows[r].rule, rows[r].chip, 16 * (w + 1), 8);
            for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
                stack_acct_in in = in_of(ops[i], 0, 255);
                stack_acct_step(m, &in, NULL);
            }
            stack_acct_out out;
            stack_acct_observe(m, &out);
            if (out.need != rows[r].need[w] || out.hwm != rows[r].need[w])
                fail_msg("%s/%s width %u: need %u hwm %u, want %u", stack_rule_name(rows[r].rule),
                         stack_chip_name(rows[r].chip), 16 * (w + 1), out.need, out.hwm,
                         rows[r].need[w]);
            stack_acct_destroy(m);
        }
}

/* Moore timing: step's outputs are the state before the edge. */
static void test_outputs_lag_one_edge(void **state)
{
    (void)state;
    stack_acct_model *m = make(ISA, R7, 64, 4);
    stack_acct_in push = in_of(LOOP, 0, 0), nop = in_of(NOP, 0, 0);
    stack_acct_out out;
    stack_acct_step(m, &push, &out);
    assert_int_equal(out.entries, 0); /* before the LOOP_START edge */
    assert_false(out.overflow);
    stack_acct_step(m, &nop, &out);
    assert_int_equal(out.entries, 1);
    assert_int_equal(out.need, 1);
    assert_true(out.overflow); /* 1 entry > STACK_SIZE 0 at the edge */
    stack_acct_destroy(m);
}

/* A push on a full tracker records nothing and pulses drop. */
static void test_tracker_full_drops(void **state)
{
    (void)state;
    stack_acct_model *m = make(ISA, R7, 64, 2);
    stack_acct_out out;
    for (int i = 0; i < 3; i++) {
        stack_acct_in in = in_of(LOOP, 0, 255);
        stack_acct_step(m, &in, NULL);
    }
    stack_acct_observe(m, &out);
    assert_true(out.drop);
    assert_int_equal(out.depth, 2);
    assert_int_equal(out.entries, 2);
    stack_acct_in nop = in_of(NOP, 0, 255);
    stack_acct_step(m, &nop, NULL);
    stack_acct_observe(m, &out);
    assert_false(out.drop);
    stack_acct_destroy(m);
}

/* rst resets everything; reserved ops are NOPs; pop_count uses 3 bits. */
static void test_reset_reserved_and_masking(void **state)
{
    (void)state;
    stack_acct_model *m = make(LLVM, EG, 32, 8);
    stack_acct_out out;
    stack_acct_in in = in_of(APB, 0, 255);
    stack_acct_step(m, &in, NULL);
    stack_acct_step(m, &in, NULL);
    for (unsigned op = 13; op < 16; op++) {
        stack_acct_in r = in_of(op, 7, 255);
        stack_acct_step(m, &r, NULL);
    }
    stack_acct_observe(m, &out);
    assert_int_equal(out.depth, 2);
    stack_acct_in pop9 = {.op = POP, .pop_count = 9, .stack_size = 255}; /* 9 & 7 = 1 */
    stack_acct_step(m, &pop9, NULL);
    stack_acct_observe(m, &out);
    assert_int_equal(out.depth, 1);
    assert_int_equal(out.hwm, 1);
    stack_acct_in rst = {.rst = true, .op = LOOP};
    stack_acct_step(m, &rst, NULL);
    stack_acct_observe(m, &out);
    assert_int_equal(out.depth, 0);
    assert_int_equal(out.hwm, 0);
    assert_int_equal(out.subentries, 0);
    /* rst_ni is asynchronous: the reset cycle's outputs already show the reset
     * state. CLEAR is an op: its cycle still shows the state before the edge. */
    stack_acct_step(m, &in, NULL);
    stack_acct_step(m, &rst, &out);
    assert_int_equal(out.depth, 0);
    assert_int_equal(out.hwm, 0);
    stack_acct_step(m, &in, NULL);
    stack_acct_in clear = in_of(STACK_OP_CLEAR, 0, 255);
    stack_acct_step(m, &clear, &out);
    assert_int_equal(out.depth, 1);
    stack_acct_observe(m, &out);
    assert_int_equal(out.depth, 0);
    stack_acct_destroy(m);
}

static void test_bad_config(void **state)
{
    (void)state;
    static const stack_acct_cfg bad[] = {
        {24, ISA, R7, 8}, {64, 3, R7, 8}, {64, MESA, 4, 8}, {64, LLVM, R7, 0}, {64, LLVM, R7, 1025},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        stack_acct_model *m = (stack_acct_model *)&bad; /* must be overwritten with NULL */
        dpp_error err = {0};
        assert_int_equal(stack_acct_create(&bad[i], &m, &err), DPP_E_ARG);
        assert_null(m);
        assert_true(err.msg[0] != '\0');
    }
    assert_string_equal(stack_op_name(APB), "ALU_PUSH_BEFORE");
    assert_string_equal(stack_op_name(14), "?");
    assert_string_equal(stack_rule_name(MESA), "MESA");
    assert_string_equal(stack_chip_name(9), "?");
    assert_int_equal(stack_acct_subentries_per_entry(48), 4);
    assert_int_equal(stack_acct_subentries_per_entry(32), 8);
}

int main(void)
{
    enum { NEX = sizeof examples / sizeof examples[0] };
    struct CMUnitTest tests[NEX + 8];
    size_t n = 0;
    for (size_t i = 0; i < NEX; i++)
        tests[n++] =
            (struct CMUnitTest){examples[i].name, test_example, NULL, NULL, (void *)&examples[i]};
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_every_width_every_rule),
        cmocka_unit_test(test_outputs_lag_one_edge),
        cmocka_unit_test(test_tracker_full_drops),
        cmocka_unit_test(test_reset_reserved_and_masking),
        cmocka_unit_test(test_bad_config),
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        tests[n++] = fixed[i];
    return _cmocka_run_group_tests("stack_acct", tests, n, NULL, NULL);
}
