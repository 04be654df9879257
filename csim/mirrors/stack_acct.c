/* stack_acct: the R700 stack-allocation accounting (docs/stack_acct.md). */
#include "stack_acct.h"

#include <stdlib.h>

/* Frame kinds on the tracker; what a frame costs is decided by the rule row. */
enum frame_kind { FR_VPM, FR_VPM_FULL, FR_WQM, FR_LOOP, FR_CALL, FR_COUNT };

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
/* clang-format on */

struct stack_acct_model {
    stack_acct_cfg cfg;
    const rule_row *row;
    unsigned s; /* subentries per entry */
    uint64_t div_magic; /* ceil(2^32 / divisor): need is a multiply, not a division, every cycle */
    uint8_t *frames;
    unsigned sp;
    unsigned count[FR_COUNT];
    unsigned hwm;
    bool overflow, underflow, drop;
};

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

static unsigned divisor(const stack_acct_model *m);

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
    uint8_t *frames = calloc(cfg->depth, 1);
    if (!m || !frames) {
        free(m);
        free(frames);
        return dpp_error_set(err, DPP_E_NOMEM, "stack_acct: out of memory");
    }
    m->cfg = *cfg;
    m->row = &rule_table[cfg->rule][cfg->chip];
    m->s = stack_acct_subentries_per_entry(cfg->width);
    m->div_magic = ((1ull << 32) + divisor(m) - 1) / divisor(m);
    m->frames = frames;
    *out = m;
    return DPP_OK;
}

void stack_acct_destroy(stack_acct_model *m)
{
    if (m) {
        free(m->frames);
        free(m);
    }
}

void stack_acct_reset(stack_acct_model *m)
{
    m->sp = 0;
    for (unsigned k = 0; k < FR_COUNT; k++)
        m->count[k] = 0;
    m->hwm = 0;
    m->overflow = m->underflow = m->drop = false;
}

const stack_acct_cfg *stack_acct_config(const stack_acct_model *m)
{
    return &m->cfg;
}

/* A, B and T = A*M + B of the current frames. */
static void account(const stack_acct_model *m, unsigned *a, unsigned *b, unsigned *t)
{
    const rule_row *r = m->row;
    const unsigned *c = m->count;
    unsigned nonwqm = c[FR_VPM] + c[FR_VPM_FULL];
    unsigned call = m->cfg.width == 16 ? r->call_w16 : r->call_other;
    *a = c[FR_WQM] + c[FR_LOOP];
    *b = nonwqm + c[FR_CALL] * call + (nonwqm ? r->first : 0) + (nonwqm + *a ? r->any : 0) +
         c[FR_VPM_FULL] * r->full;
    *t = *a * (r->mult_is_s ? m->s : 4) + *b;
}

static unsigned divisor(const stack_acct_model *m)
{
    return m->row->div_is_s ? m->s : 4;
}

/* Entries for t subentries: ceil(t / divisor), by the reciprocal. Exact: for a
 * divisor d <= 16 and x < 2^28, x * ceil(2^32 / d) >> 32 is floor(x / d), and
 * t is at most a few thousand. */
static unsigned need_of(const stack_acct_model *m, unsigned t)
{
    return (unsigned)(((uint64_t)t + divisor(m) - 1) * m->div_magic >> 32);
}

void stack_acct_observe(const stack_acct_model *m, stack_acct_out *out)
{
    unsigned a, b, t;
    account(m, &a, &b, &t);
    out->entries = a;
    out->subentries = b;
    out->need = need_of(m, t);
    out->hwm = m->hwm;
    out->depth = m->sp;
    out->overflow = m->overflow;
    out->underflow = m->underflow;
    out->drop = m->drop;
}

/* The frame kind a push op creates given the state before it. */
static unsigned push_kind(const stack_acct_model *m, const stack_acct_in *in, unsigned op)
{
    const unsigned *c = m->count;
    switch (op) {
    case STACK_OP_PUSH_WQM:
        return FR_WQM;
    case STACK_OP_PUSH:
    case STACK_OP_PUSH_ELSE:
        if (in->wqm)
            return FR_WQM;
        break;
    case STACK_OP_LOOP_START:
        return FR_LOOP;
    case STACK_OP_CALL:
        return FR_CALL;
    default: /* ALU_PUSH_BEFORE */
        break;
    }
    /* LLVM NI: the first non-WQM push made while a full entry is in use. */
    bool full = m->row->full && c[FR_VPM] + c[FR_VPM_FULL] > 0 && c[FR_WQM] + c[FR_LOOP] > 0 &&
                c[FR_VPM_FULL] == 0;
    return full ? FR_VPM_FULL : FR_VPM;
}

/* Frames an op pops (0 for pushes and NOPs). */
static unsigned pop_n(const stack_acct_in *in, unsigned op)
{
    switch (op) {
    case STACK_OP_POP:
        return in->pop_count & 7u;
    case STACK_OP_LOOP_END:
    case STACK_OP_RETURN:
        return 1;
    case STACK_OP_ELSE:
    case STACK_OP_JUMP:
        return in->taken ? in->pop_count & 7u : 0;
    default:
        return 0;
    }
}

static bool is_push(unsigned op)
{
    return op >= STACK_OP_PUSH && op <= STACK_OP_CALL;
}

void stack_acct_step(stack_acct_model *m, const stack_acct_in *in, stack_acct_out *out)
{
    /* rst_ni is asynchronous: during a reset cycle the registers, and so the
     * outputs, already hold the reset state. CLEAR is an op: it acts at the edge. */
    if (in->rst)
        stack_acct_reset(m);
    if (out)
        stack_acct_observe(m, out);
    unsigned op = in->op & 15u;
    if (in->rst || op == STACK_OP_CLEAR) {
        stack_acct_reset(m);
        return;
    }
    m->underflow = m->drop = false;
    if (is_push(op)) {
        if (m->sp == m->cfg.depth) {
            m->drop = true;
        } else {
            unsigned k = push_kind(m, in, op);
            m->frames[m->sp++] = (uint8_t)k;
            m->count[k]++;
        }
    }
    for (unsigned n = pop_n(in, op); n > 0; n--) {
        if (m->sp == 0) {
            m->underflow = true;
            break;
        }
        m->count[m->frames[--m->sp]]--;
    }
    unsigned a, b, t;
    account(m, &a, &b, &t);
    unsigned need = need_of(m, t);
    if (need > m->hwm)
        m->hwm = need;
    m->overflow = t > (in->stack_size & 0xffu) * divisor(m);
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
