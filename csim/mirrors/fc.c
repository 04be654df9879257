/* fc_unit: flow-control unit model. The cycle is spec ctm-isa.md 6.5; every
 * choice the spec leaves open is documented in docs/fc_unit.md. */
#include "fc.h"
#include "fc_lanes.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct fc_frame {
    uint8_t is_loop;
    uint8_t count;
    int16_t al;
    int16_t inc;
    int16_t inner_al; /* al of the innermost LOOP frame up to this one (0: none) */
    uint64_t live, brk, cont;
    uint64_t masked; /* brk | cont of this frame and every one below */
} fc_frame;

/* A context: its state, then its stacks, each with an entry 0 that is
 * always zero (the ports' value of an empty stack): the addresses are at
 * addr[1..addr_sp], the frames at loop[1..loop_sp], and the top ones are
 * addr[addr_sp] and loop[loop_sp] without a test. Entries past the
 * pointers mean nothing. */
typedef struct fc_ctx {
    uint64_t active, brin; /* loop-masked lanes live only in the frames' brk/cont */
    uint64_t live_ok; /* every lane mask of the context is within it (the live lanes at the last EXEC) */
    uint8_t bc[FC_MAX_LANES];
    uint8_t depth;
    uint8_t addr_sp, loop_sp;
    uint8_t fault;
    uint16_t addr[FC_MAX_DEPTH + 1];
    fc_frame loop[FC_MAX_DEPTH + 1];
} fc_ctx;

struct fc_unit_model {
    fc_unit_params p;
    uint64_t lane_mask;
    unsigned words; /* of eight lanes' counters (fc_lanes.h) */
    fc_ctx *ctx;
};

static const char *const fault_names[FC_FAULT_COUNT] = {
    [FC_FAULT_NONE] = "none",
    [FC_FAULT_BRANCH_OVERFLOW] = "branch nesting overflow",
    [FC_FAULT_BRANCH_UNDERFLOW] = "branch nesting underflow",
    [FC_FAULT_LOOP_OVERFLOW] = "loop stack overflow",
    [FC_FAULT_LOOP_UNDERFLOW] = "loop stack underflow",
    [FC_FAULT_LOOP_KIND] = "loop/rep kind mismatch",
    [FC_FAULT_ADDR_OVERFLOW] = "address stack overflow",
    [FC_FAULT_ADDR_UNDERFLOW] = "address stack underflow",
    [FC_FAULT_ILLEGAL_FIELD] = "illegal flow-control field",
    [FC_FAULT_STALE_ALU] = "ALU result read after a flow-control instruction",
};

static const char *const op_names[8] = {"JUMP",   "LOOP",      "ENDLOOP",  "REP",
                                        "ENDREP", "BREAKLOOP", "BREAKREP", "CONTINUE"};

const char *fc_fault_name(unsigned fault)
{
    return fault < FC_FAULT_COUNT ? fault_names[fault] : "unknown fault";
}

const char *fc_op_name(unsigned op)
{
    return op < 8 ? op_names[op] : "?";
}

fc_unit_params fc_unit_default_params(void)
{
    fc_unit_params p = {
        .contexts = 1,
        .lanes = 64,
        .addr_depth = 4,
        .loop_depth = 4,
        .bc_width = 6,
        .part_branches = DPP_FC_PARTIAL_BRANCHES};
    return p;
}

dpp_status fc_unit_create(const fc_unit_params *p, fc_unit_model **out, dpp_error *err)
{
    *out = NULL;
    if (p->contexts < 1 || p->contexts > 256 || p->lanes < 1 || p->lanes > FC_MAX_LANES ||
        p->addr_depth > FC_MAX_DEPTH || p->loop_depth > FC_MAX_DEPTH || p->bc_width < 3 ||
        p->bc_width > 8 || p->part_branches > FC_MAX_DEPTH)
        return dpp_error_set(err, DPP_E_ARG,
                             "fc_unit: parameters out of range (contexts %u, lanes %u, addr %u, "
                             "loop %u, counter width %u, partial nesting %u)",
                             p->contexts, p->lanes, p->addr_depth, p->loop_depth, p->bc_width,
                             p->part_branches);
    fc_unit_model *m = calloc(1, sizeof *m);
    if (!m || !(m->ctx = calloc(p->contexts, sizeof *m->ctx))) {
        free(m);
        return dpp_error_set(err, DPP_E_NOMEM, "fc_unit: out of memory");
    }
    m->p = *p;
    m->lane_mask = p->lanes == 64 ? ~0ull : (1ull << p->lanes) - 1;
    m->words = (p->lanes + 7) / 8;
    *out = m;
    return DPP_OK;
}

void fc_unit_destroy(fc_unit_model *m)
{
    if (m)
        free(m->ctx);
    free(m);
}

unsigned fc_unit_branch_limit(const fc_unit_model *m, int full_mode)
{
    unsigned cap = (1u << m->p.bc_width) - 1;
    unsigned want = full_mode ? 32 : m->p.part_branches;
    return want < cap ? want : cap;
}

/* Partial mode has no loops and no subroutines [seed 000 p38]: no frames. */
static unsigned loop_limit(const fc_unit_model *m, int full_mode)
{
    return full_mode ? m->p.loop_depth : 0;
}

static unsigned addr_limit(const fc_unit_model *m, int full_mode)
{
    return full_mode ? m->p.addr_depth : 0;
}

/* The FC predicate of every lane: one replicated bit, optionally inverted. */
static uint64_t fc_predicate(const fc_unit_in *in)
{
    unsigned at = (unsigned)in->inst.pred_sel - DPP_PRED_RRRR; /* wraps past 3 when not a component */
    uint64_t p = in->pred[at & 3] & (0 - (uint64_t)(at < 4)); /* masks, not branches: random fields */
    return p ^ (0 - (uint64_t)(in->inst.pred_inv & 1u));
}

/* Lanes of `set` whose JUMP_FUNC bit is 1: the OR, over the truth table's
 * set entries, of the lanes whose (ALU result, predicate, boolean) match it.
 * Inline in both callers: gcc kept it a call. */
static inline __attribute__((always_inline)) uint64_t wants(const fc_unit_in *in, uint64_t set,
                                                            uint64_t pred)
{
    /* The boolean is one bit for every lane: it picks four of the eight entries,
     * t[alu << 1 | pred], each a lane mask of all ones or none. */
    unsigned jf = (unsigned)in->inst.jump_func >> (in->bool_const & 1u); /* t[k]: bit 2k */
    uint64_t t0 = 0 - (uint64_t)(jf & 1u), t1 = 0 - (uint64_t)(jf >> 2 & 1u),
             t2 = 0 - (uint64_t)(jf >> 4 & 1u), t3 = 0 - (uint64_t)(jf >> 6 & 1u);
    uint64_t alu = in->alu_result;
    uint64_t w = (alu & ((pred & t3) | (~pred & t2))) | (~alu & ((pred & t1) | (~pred & t0)));
    return w & set;
}

/* Bitwise, not branches: the fields and the masks come at random. */
static int group_decision(int any, uint64_t a, uint64_t w)
{
    int one = any != 0;
    return (one & (w != 0)) | ((one ^ 1) & ((a == 0) | (w == a)));
}

/* x if c (0 or 1), else y, by a mask. */
static inline unsigned pick(unsigned c, unsigned x, unsigned y)
{
    unsigned m = 0u - c;
    return (x & m) | (y & ~m);
}

static int is_loop_op(uint8_t op)
{
    return op == DPP_FC_LOOP || op == DPP_FC_ENDLOOP || op == DPP_FC_BREAKLOOP;
}

static uint8_t set_fault(fc_ctx *c, uint8_t f)
{
    c->fault = f;
    return f;
}

/* The outputs of the step itself rather than of the context's state: the
 * group's decision, where it goes, and the lanes that wanted to. */
typedef struct fc_decision {
    uint64_t want;
    uint16_t next_pc;
    uint8_t jump;
} fc_decision;

/* A step's work on a context before it is committed: the lane masks, the
 * top loop frame and the stack pointers as they will be, what becomes of the
 * counters, and the decision. Nothing of the context changes until the step
 * is known to raise no fault (a fault leaves the context as it was, its
 * fault code set). */
typedef struct fc_work {
    uint64_t active, brin;
    uint64_t a, w, pred;        /* the evaluated active set, its wanting lanes, the predicate */
    uint64_t else_cleared;      /* ELSE: lanes whose counters become 0 (the active ones) */
    uint64_t off;               /* INCR: lanes switched off, their counters 0 */
    fc_frame top;               /* the top frame as it will be, when the op touches it */
    unsigned loop_sp, depth, addr_sp;
    uint16_t target;
    uint8_t bop;                /* the branch-counter op the decision chose */
    int jump;
    bool frame_pushed, frame_touched, addr_pushed;
} fc_work;

/* Step 2 of spec 6.5: the loop-stack effects of the op. Returns a fault or 0.
 * Only a loop op reads the top frame (live masks the live lanes). */
static uint8_t loop_effect(const fc_unit_model *m, const fc_unit_in *in, const fc_ctx *c,
                           uint64_t live, fc_work *k)
{
    uint8_t op = in->inst.op;
    if (op == DPP_FC_JUMP)
        return 0;
    if (op == DPP_FC_LOOP || op == DPP_FC_REP) {
        if (in->loop_count == 0)
            k->jump = 1;
        else if (k->a == 0)
            k->jump = 0; /* nobody active: enter with an empty frame, END pops it */
        if (k->jump)
            return 0;
        if (k->loop_sp >= loop_limit(m, in->full_mode))
            return FC_FAULT_LOOP_OVERFLOW;
        k->top = (fc_frame){.is_loop = op == DPP_FC_LOOP,
                            .count = in->loop_count,
                            .al = op == DPP_FC_LOOP ? in->loop_init : 0,
                            .inc = op == DPP_FC_LOOP ? in->loop_step : 0,
                            .live = k->a};
        k->loop_sp++;
        k->frame_pushed = k->frame_touched = true;
        return 0;
    }
    if ((op == DPP_FC_ENDLOOP || op == DPP_FC_ENDREP) && in->loop_count == 0) {
        k->jump = 0; /* pairs with the skip jump of a zero-count LOOP/REP */
        return 0;
    }
    if (k->loop_sp == 0)
        return FC_FAULT_LOOP_UNDERFLOW;
    fc_frame *f = &k->top;
    *f = c->loop[k->loop_sp];
    f->live &= live;
    f->brk &= live;
    f->cont &= live;
    k->frame_touched = true;
    if (op != DPP_FC_CONTINUE && is_loop_op(op) != f->is_loop)
        return FC_FAULT_LOOP_KIND;
    if (op == DPP_FC_ENDLOOP || op == DPP_FC_ENDREP) {
        k->active |= f->cont;
        f->cont = 0;
        k->a = k->active;
        k->w = wants(in, k->a, k->pred);
        f->count--;
        if (f->count == 0 || !(f->live & ~f->brk))
            k->jump = 0;
        else
            k->jump = group_decision(in->inst.jump_any, k->a, k->w);
        if (k->jump) {
            f->al = (int16_t)(uint16_t)((uint16_t)f->al + (uint16_t)f->inc);
        } else {
            k->active |= f->brk;
            k->loop_sp--;
        }
        return 0;
    }
    /* BREAKLOOP, BREAKREP, CONTINUE: the wanting lanes leave for now. */
    k->active &= ~k->w;
    if (op == DPP_FC_CONTINUE) {
        f->cont |= k->w;
        k->jump = !(f->live & ~f->brk & ~f->cont);
        return 0;
    }
    f->brk |= k->w;
    k->jump = !(f->live & ~f->brk);
    if (k->jump) {
        k->active |= f->brk;
        k->loop_sp--;
    }
    return 0;
}

/* Step 3: the branch-counter op chosen by the decision, its depth and the
 * lanes an INCR switches off (the counters change at the commit). By masks,
 * not branches on the op: the decision and the fields come at random. */
static uint8_t branch_effect(const fc_unit_model *m, const fc_unit_in *in, fc_work *k)
{
    k->bop = (uint8_t)pick((unsigned)k->jump, in->inst.b_op1, in->inst.b_op0);
    unsigned incr = k->bop == DPP_BOP_INCR, decr = k->bop == DPP_BOP_DECR;
    unsigned n = in->inst.b_pop_cnt & (0u - decr);
    if ((incr & (k->depth + 1u > fc_unit_branch_limit(m, in->full_mode))) | (n > k->depth))
        return incr ? FC_FAULT_BRANCH_OVERFLOW : FC_FAULT_BRANCH_UNDERFLOW;
    k->depth = k->depth + incr - n;
    k->off = k->a & k->active & (k->w ^ (0 - (uint64_t)k->jump)) & (0 - (uint64_t)incr);
    return 0;
}

/* Step 4: the address stack, only when jumping. Sets the target. */
static uint8_t addr_effect(const fc_unit_model *m, const fc_unit_in *in, const fc_ctx *c,
                           fc_work *k)
{
    unsigned push = (unsigned)k->jump & (in->inst.a_op == DPP_AOP_PUSH);
    unsigned pop = (unsigned)k->jump & (in->inst.a_op == DPP_AOP_POP);
    if ((push & (k->addr_sp >= addr_limit(m, in->full_mode))) | (pop & (k->addr_sp == 0)))
        return push ? FC_FAULT_ADDR_OVERFLOW : FC_FAULT_ADDR_UNDERFLOW;
    k->target = (uint16_t)pick(pop, c->addr[k->addr_sp], in->inst.jump_addr & 0x1FFu);
    k->addr_sp = k->addr_sp + push - pop;
    k->addr_pushed = push;
    return 0;
}

/* Every field holds a defined value (tests, not branches: the fields come at random). */
static int fields_legal(const fc_fields *f)
{
    return (f->a_op <= 2) & (f->b_op0 <= 2) & (f->b_op1 <= 2) &
           ((f->pred_sel == DPP_PRED_NONE) |
            ((unsigned)(f->pred_sel - DPP_PRED_RRRR) <= DPP_PRED_AAAA - DPP_PRED_RRRR));
}

/* JUMP_FUNC reads the ALU result iff its two halves differ. */
static int reads_alu(uint8_t jump_func)
{
    return (jump_func >> 4) != (jump_func & 0xF);
}

/* The work of a step without fault into the context: the counters in the
 * order the steps change them, then the masks, stacks and frames. */
static void commit(const fc_unit_model *m, const fc_unit_in *in, fc_ctx *c, const fc_work *k,
                   uint64_t live)
{
    unsigned words = m->words;
    uint64_t dead = c->live_ok & ~live; /* lanes gone since the last EXEC: rare */
    if (dead) {
        lanes_clear(c->bc, c->brin & ~live, words); /* a counter is 0 unless its lane is off by a branch */
        for (unsigned i = 1; i <= c->loop_sp; i++) {
            fc_frame *f = &c->loop[i];
            f->live &= live;
            f->brk &= live;
            f->cont &= live;
            f->masked = c->loop[i - 1].masked | f->brk | f->cont;
        }
    }
    if (k->else_cleared)
        lanes_clear(c->bc, k->else_cleared, words);
    /* INCR: brin's counters up, the lanes it switches off at 0; DECR: brin's down. Tests of
     * the masks rather than of the op: without divergence there is nothing to do. */
    uint64_t active = k->active, brin = k->brin;
    uint64_t up = brin & (0 - (uint64_t)(k->bop == DPP_BOP_INCR));
    uint64_t down = brin & (0 - (uint64_t)(k->bop == DPP_BOP_DECR));
    if (up | k->off) {
        lanes_increment(c->bc, up, words);
        lanes_clear(c->bc, k->off, words);
        active &= ~k->off;
        brin |= k->off;
    }
    if (down) {
        uint64_t woken = lanes_decrement(c->bc, down, in->inst.b_pop_cnt, words);
        brin &= ~woken;
        active |= woken;
    }
    c->active = active;
    c->brin = brin;
    c->live_ok = live;
    c->depth = (uint8_t)k->depth;
    if (k->addr_pushed)
        c->addr[k->addr_sp] = (uint16_t)((in->pc & 0x1FF) + 1);
    c->addr_sp = (uint8_t)k->addr_sp;
    /* the top frame as it will be: a pushed one past the old top, else the old top (kept
     * when popped: frames past loop_sp mean nothing), with what report reads of the
     * frames below it */
    if (k->frame_touched) { /* a loop op: at least one frame, the pushed one or the old top */
        unsigned top = c->loop_sp + k->frame_pushed;
        const fc_frame *below = &c->loop[top - 1];
        fc_frame f = k->top;
        f.masked = below->masked | f.brk | f.cont;
        f.inner_al = (int16_t)pick(f.is_loop, (uint16_t)f.al, (uint16_t)below->inner_al);
        c->loop[top] = f;
    }
    c->loop_sp = (uint8_t)k->loop_sp;
}

/* Executes one instruction: its work is found first, and committed only
 * without fault (a fault leaves *d as it was: no jump, the next pc this one's). */
static void exec(const fc_unit_model *m, const fc_unit_in *in, fc_ctx *c, fc_decision *d)
{
    const fc_fields *f = &in->inst;
    int legal = fields_legal(f), stale = reads_alu(f->jump_func) & !in->alu_valid;
    if ((legal ^ 1) | stale) { /* one branch for both faults */
        set_fault(c, legal ? FC_FAULT_STALE_ALU : FC_FAULT_ILLEGAL_FIELD);
        return;
    }
    uint64_t live = in->live & m->lane_mask;
    /* Only what is read before the step writes it: the top frame (40 bytes) is
     * written by the loop ops that set frame_touched, before commit reads it. */
    fc_work k;
    k.active = c->active & live;
    k.brin = c->brin & live;
    k.else_cleared = 0;
    k.loop_sp = c->loop_sp;
    k.depth = c->depth;
    k.addr_sp = c->addr_sp;
    k.frame_pushed = k.frame_touched = false;
    if (f->b_else) { /* the counters of brin's lanes are not a dead lane's */
        uint64_t wake = k.brin & lanes_zero(c->bc, m->words);
        k.else_cleared = k.active;
        k.brin = (k.brin & ~wake) | k.active;
        k.active = wake;
    }
    k.pred = fc_predicate(in);
    k.a = k.active;
    k.w = wants(in, k.a, k.pred);
    k.jump = group_decision(f->jump_any, k.a, k.w);
    uint8_t fault = loop_effect(m, in, c, live, &k);
    if (!fault)
        fault = branch_effect(m, in, &k);
    if (!fault)
        fault = addr_effect(m, in, c, &k);
    if (fault) {
        set_fault(c, fault);
        return;
    }
    commit(m, in, c, &k, live);
    d->jump = (uint8_t)k.jump;
    d->next_pc = (uint16_t)pick((unsigned)k.jump, k.target, (in->pc & 0x1FFu) + 1);
    d->want = k.w;
}

/* An output word: written to the history entry, and what differs of the DUT's
 * word there or-ed into *diff (stores of whole words, read back as such). */
static inline void put_word(void *out, const void *dut, size_t at, uint64_t w, uint64_t *diff)
{
    uint64_t theirs;
    memcpy((unsigned char *)out + at, &w, sizeof w);
    memcpy(&theirs, (const unsigned char *)dut + at, sizeof theirs);
    *diff |= w ^ theirs;
}

/* Two 32-bit ports side by side, the first at the lower address. */
static inline uint64_t pair(uint32_t lo, uint32_t hi)
{
    return lo | (uint64_t)hi << 32;
}

#define AT(f) offsetof(fc_unit_out, f)
_Static_assert(AT(depth) == AT(next_pc) + 4 && AT(addr_sp) == AT(next_pc) + 8 &&
                   AT(addr_top) == AT(addr_sp) + 4 && AT(loop_sp) == AT(next_pc) + 16 &&
                   AT(loop_top_count) == AT(loop_sp) + 4 && AT(al) == AT(next_pc) + 24 &&
                   AT(ovf) == AT(al) + 4 && AT(udf) == AT(next_pc) + 32 &&
                   AT(fault) == AT(udf) + 4 && AT(jump) == AT(next_pc) + 40 &&
                   AT(loop_top_is_loop) == AT(jump) + 1 && AT(pad_) == AT(jump) + 2 &&
                   AT(bc) % 8 == 0 && AT(next_pc) % 8 == 0 && sizeof(fc_unit_out) == AT(jump) + 8,
               "report writes the outputs as whole words");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "a word's first port is its low half");

/* Every output, as whole words, each written once (no clearing of the whole
 * struct first: a cycle's outputs go straight into the checker's history
 * entry), and compared with the DUT's at dut as written: nonzero if any
 * differs (a checker then reads back nothing; 8-byte loads of the 4-byte
 * stores of the ports would wait for them). */
static uint64_t report(const fc_ctx *c, const fc_decision *d, fc_unit_out *out,
                       const fc_unit_out *dut)
{
    static const uint8_t ovf_bits[FC_FAULT_COUNT] = {
        [FC_FAULT_BRANCH_OVERFLOW] = 1, [FC_FAULT_LOOP_OVERFLOW] = 2, [FC_FAULT_ADDR_OVERFLOW] = 4};
    static const uint8_t udf_bits[FC_FAULT_COUNT] = {[FC_FAULT_BRANCH_UNDERFLOW] = 1,
                                                     [FC_FAULT_LOOP_UNDERFLOW] = 2,
                                                     [FC_FAULT_ADDR_UNDERFLOW] = 4};
    const fc_frame *t = &c->loop[c->loop_sp]; /* loop[0], all zero, when none */
    uint64_t diff = 0;
    put_word(out, dut, AT(want), d->want, &diff);
    put_word(out, dut, AT(active), c->active, &diff);
    put_word(out, dut, AT(br_inactive), c->brin, &diff);
    put_word(out, dut, AT(loop_masked), t->masked, &diff);
    put_word(out, dut, AT(loop_top_live), t->live, &diff);
    put_word(out, dut, AT(loop_top_brk), t->brk, &diff);
    put_word(out, dut, AT(loop_top_cont), t->cont, &diff);
    for (unsigned j = 0; j < sizeof out->bc / 8; j++)
        put_word(out, dut, AT(bc) + 8 * j, lanes_word(c->bc, j), &diff);
    put_word(out, dut, AT(next_pc), pair(d->next_pc, c->depth), &diff);
    put_word(out, dut, AT(addr_sp), pair(c->addr_sp, c->addr[c->addr_sp]), &diff);
    put_word(out, dut, AT(loop_sp), pair(c->loop_sp, t->count), &diff);
    put_word(out, dut, AT(al), pair((uint16_t)t->inner_al, ovf_bits[c->fault]), &diff);
    put_word(out, dut, AT(udf), pair(udf_bits[c->fault], c->fault), &diff);
    put_word(out, dut, AT(jump), d->jump | (uint64_t)t->is_loop << 8, &diff); /* pad_ 0 */
    return diff;
}
#undef AT

/* Inputs wider than their ports (docs/fc_unit.md, "Ports") are cut to the port
 * width, as the RTL's ports cut them: a B_POP_CNT of 32 is 0. */
static fc_unit_in cut_to_ports(const fc_unit_in *in)
{
    fc_unit_in p = *in;
    p.cmd &= 3;
    p.full_mode &= 1;
    p.inst.op &= 7;
    p.inst.b_else &= 1;
    p.inst.jump_any &= 1;
    p.inst.a_op &= 3;
    p.inst.b_pop_cnt &= 31;
    p.inst.b_op0 &= 3;
    p.inst.b_op1 &= 3;
    p.inst.jump_addr &= 0x1FF;
    p.inst.pred_sel &= 7;
    p.inst.pred_inv &= 1;
    p.alu_valid &= 1;
    p.bool_const &= 1;
    p.pc &= 0x1FF;
    return p;
}

void fc_unit_step(fc_unit_model *m, const fc_unit_in *raw, fc_unit_out *out)
{
    const fc_unit_in cut = cut_to_ports(raw);
    fc_unit_step_at_ports(m, &cut, out);
}

/* A context past the unit's: no-op outputs of zero with an illegal-field fault. */
static void no_context(unsigned pc, fc_unit_out *out)
{
    memset(out, 0, sizeof *out);
    out->next_pc = pc & 0x1FF;
    out->fault = FC_FAULT_ILLEGAL_FIELD;
}

static const fc_unit_out no_dut; /* compared with when there is none */

uint64_t fc_unit_idle_check(const fc_unit_model *m, unsigned ctx, unsigned pc, fc_unit_out *out,
                            const fc_unit_out *dut)
{
    if (ctx >= m->p.contexts) {
        no_context(pc, out);
        return (uint64_t)memcmp(out, dut, sizeof *out);
    }
    const fc_decision d = {.next_pc = pc & 0x1FF};
    return report(&m->ctx[ctx], &d, out, dut);
}

void fc_unit_step_at_ports(fc_unit_model *m, const fc_unit_in *in, fc_unit_out *out)
{
    fc_unit_step_check(m, in, out, &no_dut);
}

uint64_t fc_unit_step_check(fc_unit_model *m, const fc_unit_in *in, fc_unit_out *out,
                            const fc_unit_out *dut)
{
    if (in->ctx >= m->p.contexts) {
        no_context(in->pc, out);
        return (uint64_t)memcmp(out, dut, sizeof *out);
    }
    fc_ctx *c = &m->ctx[in->ctx];
    fc_decision d = {.next_pc = in->pc & 0x1FF};
    if (in->cmd == FC_CMD_START) {
        memset(c, 0, offsetof(fc_ctx, addr)); /* addr[0] and loop[0] are never written */
        c->active = c->live_ok = in->live & m->lane_mask;
    } else if (in->cmd == FC_CMD_EXEC && !c->fault) {
        exec(m, in, c, &d);
    }
    return report(c, &d, out, dut);
}

void fc_bc_pack(const uint8_t *bc, unsigned lanes, unsigned width, uint32_t words[FC_BC_WORDS])
{
    memset(words, 0, FC_BC_WORDS * sizeof *words);
    for (unsigned lane = 0, bit = 0; lane < lanes; lane++, bit += width) {
        if (!bc[lane])
            continue;
        words[bit / 32] |= (uint32_t)bc[lane] << (bit % 32);
        if (bit % 32 + width > 32) /* a counter across two words */
            words[bit / 32 + 1] |= (uint32_t)bc[lane] >> (32 - bit % 32);
    }
}

void fc_bc_unpack(const uint32_t *words, unsigned lanes, unsigned width, uint8_t *bc)
{
    const uint32_t mask = (1u << width) - 1;
    for (unsigned lane = 0, bit = 0; lane < lanes; lane++, bit += width) {
        uint32_t v = words[bit / 32] >> (bit % 32);
        if (bit % 32 + width > 32)
            v |= words[bit / 32 + 1] << (32 - bit % 32);
        bc[lane] = (uint8_t)(v & mask);
    }
}

/* fc.h's inline decode, for callers that take the fields by value. */
fc_fields fc_fields_decode(uint32_t cmn_inst, uint32_t fc_inst, uint32_t fc_addr)
{
    fc_fields f;
    fc_fields_decode_into(&f, cmn_inst, fc_inst, fc_addr);
    return f;
}
