/* stack_acct: the R700 stack-allocation accounting (docs/stack_acct.md). */
#include "stack_acct_int.h"

#include <stddef.h>
#include <stdlib.h>

/* One accounting rule (docs/stack_acct.md, "The rules"). M and D are either
 * S (subentries per entry of the width) or 4. */
typedef struct rule_row {
    bool mult_is_s;      /* M = S, else 4 */
    bool div_is_s;       /* D = S, else 4 */
    unsigned first;      /* FirstExtra: while a non-WQM frame is live */
    unsigned any;        /* AnyExtra: while any push or loop frame is live */
    unsigned full;       /* FullExtra: per LLVM NI full-entry frame */
    unsigned call_w16;   /* CallCost at width 16 */
    unsigned call_other; /* CallCost at the other widths */
} rule_row;

/* clang-format off */
static const rule_row rule_table[STACK_RULE_COUNT][STACK_CHIP_COUNT] = {
    /*                          M=S    D=S    first any full call16 call */
    [STACK_RULE_ISA] = {
        [STACK_CHIP_R7XX]      = {true,  true,  2,    0,  0,   2,     1},
        [STACK_CHIP_EVERGREEN] = {true,  true,  2,    0,  0,   2,     1},
        [STACK_CHIP_NI]        = {true,  true,  2,    0,  0,   2,     1},
        [STACK_CHIP_CAYMAN]    = {true,  true,  2,    0,  0,   2,     1},
    },
    [STACK_RULE_MESA] = {
        [STACK_CHIP_R7XX]      = {true,  false, 2,    0,  0,   0,     0},
        [STACK_CHIP_EVERGREEN] = {true,  false, 1,    0,  0,   0,     0},
        [STACK_CHIP_NI]        = {true,  false, 1,    0,  0,   0,     0},
        [STACK_CHIP_CAYMAN]    = {true,  false, 0,    2,  0,   0,     0},
    },
    [STACK_RULE_LLVM] = {
        [STACK_CHIP_R7XX]      = {false, false, 2,    0,  0,   0,     0},
        [STACK_CHIP_EVERGREEN] = {false, false, 1,    0,  0,   0,     0},
        [STACK_CHIP_NI]        = {false, false, 1,    0,  1,   0,     0},
        [STACK_CHIP_CAYMAN]    = {false, false, 0,    0,  0,   0,     0},
    },
};

/* What each op pushes (without, with wqm_i) and pops (docs/stack_acct.md, "Ops"):
 * pop_count masked by pops (and by pops_taken when taken_i), or pop_one; the
 * reserved codes 13..15 and CLEAR (done apart) neither. */
static const struct {
    uint8_t kind[2], push, pops, pops_taken, pop_one;
} op_table[STACK_OP_COUNT] = {
    /*                               kind              push pops taken one */
    [STACK_OP_PUSH]            = {{SA_VPM, SA_WQM},    1,   0,   0,    0},
    [STACK_OP_PUSH_WQM]        = {{SA_WQM, SA_WQM},    1,   0,   0,    0},
    [STACK_OP_PUSH_ELSE]       = {{SA_VPM, SA_WQM},    1,   0,   0,    0},
    [STACK_OP_ALU_PUSH_BEFORE] = {{SA_VPM, SA_VPM},    1,   0,   0,    0},
    [STACK_OP_LOOP_START]      = {{SA_LOOP, SA_LOOP},  1,   0,   0,    0},
    [STACK_OP_CALL]            = {{SA_CALL, SA_CALL},  1,   0,   0,    0},
    [STACK_OP_POP]             = {{0, 0},              0,   7,   7,    0},
    [STACK_OP_LOOP_END]        = {{0, 0},              0,   0,   0,    1},
    [STACK_OP_RETURN]          = {{0, 0},              0,   0,   0,    1},
    [STACK_OP_ELSE]            = {{0, 0},              0,   0,   7,    0}, /* if taken */
    [STACK_OP_JUMP]            = {{0, 0},              0,   0,   7,    0},
};
/* clang-format on */

_Static_assert(offsetof(stack_acct_out, subentries) == offsetof(stack_acct_out, entries) + 4 &&
                   offsetof(stack_acct_out, hwm) == offsetof(stack_acct_out, need) + 4,
               "an edge stores entries and subentries, need and hwm as one little-endian word each");
_Static_assert(offsetof(stack_acct_out, underflow) == offsetof(stack_acct_out, overflow) + 1 &&
                   offsetof(stack_acct_out, drop) == offsetof(stack_acct_out, overflow) + 2 &&
                   sizeof(stack_acct_out) == offsetof(stack_acct_out, overflow) + 4,
               "an edge stores the three flags and the padding byte as one word (little-endian)");

/* What a push of a frame of `kind` adds to a level of class cls (SA_NONWQM
 * ...) under rule row r: the frame's own A and subentries, the extras it
 * switches on (docs/stack_acct.md), t, and the class bits it sets. */
static stack_level push_words(const rule_row *r, unsigned width, unsigned s, unsigned kind,
                              unsigned cls)
{
    /* LLVM NI: the first non-WQM push made while a full entry is in use */
    if (kind == SA_VPM && r->full && (cls & SA_NONWQM) && (cls & SA_FULLENTRY) &&
        !(cls & SA_FULLFRAME))
        kind = SA_VPM_FULL;
    unsigned a = kind == SA_WQM || kind == SA_LOOP;
    unsigned b = kind == SA_VPM        ? 1
                 : kind == SA_VPM_FULL ? 1 + r->full
                 : kind == SA_CALL     ? (width == 16 ? r->call_w16 : r->call_other)
                                       : 0;
    unsigned now = cls | (kind == SA_VPM || kind == SA_VPM_FULL ? SA_NONWQM : 0) |
                   (kind != SA_NONE && kind != SA_CALL ? SA_NONCALL : 0) |
                   (kind == SA_VPM_FULL ? SA_FULLFRAME : 0) | (a ? SA_FULLENTRY : 0);
    b += (now & ~cls & SA_NONWQM ? r->first : 0) + (now & ~cls & SA_NONCALL ? r->any : 0);
    unsigned t = a * (r->mult_is_s ? s : 4) + b, d = r->div_is_s ? s : 4;
    return (stack_level){t * (32 / d) | (uint64_t)(now - cls) * sizeof(stack_level) << 32,
                         a | (uint64_t)b << 32};
}

unsigned stack_acct_subentries_per_entry(unsigned width)
{
    switch (width) {
    case 16:
    case 32:
        return 8;
    case 48:
    case 64:
        return 4;
    default:
        return 0;
    }
}

dpp_status stack_acct_create(const stack_acct_cfg *cfg, stack_acct_model **out, dpp_error *err)
{
    *out = NULL;
    if (!stack_acct_subentries_per_entry(cfg->width))
        return dpp_error_set(err, DPP_E_ARG, "stack_acct: width %u is not 16, 32, 48 or 64",
                             cfg->width);
    if (cfg->rule >= STACK_RULE_COUNT || cfg->chip >= STACK_CHIP_COUNT)
        return dpp_error_set(err, DPP_E_ARG, "stack_acct: rule %u or chip %u out of range",
                             cfg->rule, cfg->chip);
    if (cfg->depth < 1 || cfg->depth > STACK_ACCT_MAX_DEPTH)
        return dpp_error_set(err, DPP_E_ARG, "stack_acct: depth %u is not in 1..%u", cfg->depth,
                             STACK_ACCT_MAX_DEPTH);
    stack_acct_model *m = calloc(1, sizeof *m);
    stack_level *level = calloc(cfg->depth + 2, sizeof *level); /* [0]: no frames, all 0 */
    if (!m || !level) {
        free(m);
        free(level);
        return dpp_error_set(err, DPP_E_NOMEM, "stack_acct: out of memory");
    }
    const rule_row *r = &rule_table[cfg->rule][cfg->chip];
    m->cfg = *cfg;
    m->s = stack_acct_subentries_per_entry(cfg->width);
    /* D is S or 4, S 4 or 8: t in 32nds of an entry is a whole number */
    for (unsigned at = 0; at < STACK_OP_COUNT << 2; at++) {
        unsigned op = at >> 2;
        bool wqm = at >> 1 & 1, taken = at & 1;
        m->op[at] = (stack_op_row){
            (uint16_t)(op_table[op].kind[wqm] * 16 * sizeof(stack_level)), op_table[op].push,
            (uint8_t)(op_table[op].pops | (taken ? op_table[op].pops_taken : 0)),
            op_table[op].pop_one, {0}};
    }
    for (unsigned at = 0; at < SA_KINDS << 4; at++)
        m->push[at] = push_words(r, cfg->width, m->s, at >> 4, at & 15);
    m->level = level;
    stack_acct_clear(m);
    *out = m;
    return DPP_OK;
}

void stack_acct_destroy(stack_acct_model *m)
{
    if (m) {
        free(m->level);
        free(m);
    }
}

void stack_acct_clear(stack_acct_model *m)
{
    m->sp = 0; /* level[0] stays 0: no frames, no extras, all outputs 0 */
    m->view.entries = m->view.subentries = m->view.need = m->view.hwm = m->view.depth = 0;
    m->view.overflow = m->view.underflow = m->view.drop = false;
}

void stack_acct_reset(stack_acct_model *m)
{
    stack_acct_clear(m);
}

const stack_acct_cfg *stack_acct_config(const stack_acct_model *m)
{
    return &m->cfg;
}

void stack_acct_observe(const stack_acct_model *m, stack_acct_out *out)
{
    *out = m->view;
}

void stack_acct_step(stack_acct_model *m, const stack_acct_in *in, stack_acct_out *out)
{
    /* rst_ni is asynchronous: during a reset cycle the registers, and so the
     * outputs, already hold the reset state. */
    if (in->rst)
        stack_acct_clear(m);
    if (out)
        *out = m->view;
    stack_acct_edge(m, in);
}

static const char *const op_names[STACK_OP_COUNT] = {
    [STACK_OP_NOP] = "NOP",
    [STACK_OP_PUSH] = "PUSH",
    [STACK_OP_PUSH_WQM] = "PUSH_WQM",
    [STACK_OP_PUSH_ELSE] = "PUSH_ELSE",
    [STACK_OP_ALU_PUSH_BEFORE] = "ALU_PUSH_BEFORE",
    [STACK_OP_LOOP_START] = "LOOP_START",
    [STACK_OP_CALL] = "CALL",
    [STACK_OP_POP] = "POP",
    [STACK_OP_LOOP_END] = "LOOP_END",
    [STACK_OP_RETURN] = "RETURN",
    [STACK_OP_ELSE] = "ELSE",
    [STACK_OP_JUMP] = "JUMP",
    [STACK_OP_CLEAR] = "CLEAR",
};

static const char *const rule_names[STACK_RULE_COUNT] = {"ISA", "MESA", "LLVM"};
static const char *const chip_names[STACK_CHIP_COUNT] = {"R7XX", "EVERGREEN", "NI", "CAYMAN"};

const char *stack_op_name(unsigned op)
{
    return op < STACK_OP_COUNT && op_names[op] ? op_names[op] : "?";
}

const char *stack_rule_name(unsigned rule)
{
    return rule < STACK_RULE_COUNT ? rule_names[rule] : "?";
}

const char *stack_chip_name(unsigned chip)
{
    return chip < STACK_CHIP_COUNT ? chip_names[chip] : "?";
}
