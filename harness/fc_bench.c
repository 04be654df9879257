#include "fc_bench.h"

#include "cosim.h"
#include "fc_canon.h"
#include "rng.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ settings */

/* What the generator does with a context's next cycle. Weights are relative;
 * an action that makes no sense in the context's current nesting (ELSE with no
 * open IF...) is skipped, and the context's grow/shrink phase favours opening
 * or closing constructs so that nesting random-walks to both limits. */
typedef enum gen_act {
    A_IDLE,  /* IDLE command: the outputs show the context */
    A_START, /* a new wavefront (random live mask, full or partial mode) */
    A_IF,    /* IF on ALU result / predicate / boolean, with or without ELSE, merged */
    A_ELSE,
    A_ENDIF,   /* closes one IF, or a merged chain at once */
    A_LOOP,    /* LOOP or REP, count 0 now and then (skip to the END) */
    A_ENDLOOP, /* ENDLOOP/ENDREP of the innermost loop */
    A_BREAK,   /* BREAKLOOP/BREAKREP, unconditional or conditional, at any IF depth */
    A_CONTINUE,
    A_CALL,       /* CALL or conditional CALLNZ */
    A_RET,        /* RET, RET of a CALLNZ, conditional RET at the function's top level */
    A_RANDOM,     /* every field random (illegal ones fault) */
    A_UNBALANCED, /* a close with nothing to close: underflow or kind mismatch */
    A_STRAY,      /* legal but not canonical: random legal fields, pops within the depth
                     (lanes woken in the middle of a loop, ELSE without IF, ...) */
    A_SCRIPT,     /* a scripted sequence for a corner random programs hardly reach */
    A_COUNT
} gen_act;

static const char *const act_names[A_COUNT] = {
    "idle",     "start", "if",  "else",   "endif",      "loop",  "endloop", "break",
    "continue", "call",  "ret", "random", "unbalanced", "stray", "script",
};

static unsigned weights[A_COUNT] = {
    [A_IDLE] = 4, [A_START] = 1,   [A_IF] = 12,        [A_ELSE] = 8,     [A_ENDIF] = 10,
    [A_LOOP] = 6, [A_ENDLOOP] = 8, [A_BREAK] = 4,      [A_CONTINUE] = 3, [A_CALL] = 4,
    [A_RET] = 5,  [A_RANDOM] = 2,  [A_UNBALANCED] = 1, [A_STRAY] = 2,    [A_SCRIPT] = 1,
};

static fc_unit_params want = {1, 64, 4, 4, 6};
static uint64_t reset_rate = 250000; /* a whole-unit reset once in this many cycles (0: never) */
static bool weights_given, reset_given;

static int parse_uint(const char *v, unsigned lo, unsigned hi, unsigned *dst, char *err,
                      size_t errlen)
{
    char *end;
    unsigned long x = strtoul(v, &end, 10);
    if (end == v || *end || v[0] == '-' || x < lo || x > hi) {
        snprintf(err, errlen, "'%s' is not in %u..%u", v, lo, hi);
        return -1;
    }
    *dst = (unsigned)x;
    return 0;
}

static int opt_contexts(const char *v, char *err, size_t n)
{
    return parse_uint(v, 1, 256, &want.contexts, err, n);
}

static int opt_lanes(const char *v, char *err, size_t n)
{
    return parse_uint(v, 1, FC_MAX_LANES, &want.lanes, err, n);
}

static int opt_addr_depth(const char *v, char *err, size_t n)
{
    return parse_uint(v, 0, FC_MAX_DEPTH, &want.addr_depth, err, n);
}

static int opt_loop_depth(const char *v, char *err, size_t n)
{
    return parse_uint(v, 0, FC_MAX_DEPTH, &want.loop_depth, err, n);
}

static int opt_bc_width(const char *v, char *err, size_t n)
{
    return parse_uint(v, 3, 8, &want.bc_width, err, n);
}

static int opt_reset_rate(const char *v, char *err, size_t errlen)
{
    char *end;
    unsigned long long x = strtoull(v, &end, 10);
    if (end == v || *end || v[0] == '-') {
        snprintf(err, errlen, "'%s' is not a count", v);
        return -1;
    }
    reset_rate = x;
    reset_given = true;
    return 0;
}

/* --weights if=20,random=0,...: names are act_names. */
static int opt_weights(const char *v, char *err, size_t errlen)
{
    char *copy = strdup(v), *save = NULL;
    int rc = 0;
    for (char *item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '='), *end = NULL;
        unsigned a = A_COUNT;
        if (eq) {
            *eq = 0;
            for (unsigned i = 0; i < A_COUNT; i++)
                if (!strcmp(item, act_names[i]))
                    a = i;
        }
        unsigned long w = eq ? strtoul(eq + 1, &end, 10) : 0;
        if (!eq || a == A_COUNT || end == eq + 1 || *end || w > 1000000) {
            snprintf(err, errlen,
                     "'%s' is not action=weight (actions: idle start if else endif loop endloop "
                     "break continue call ret random unbalanced stray script; weight "
                     "0..1000000)",
                     item);
            rc = -1;
        } else {
            weights[a] = (unsigned)w;
        }
    }
    free(copy);
    unsigned exec = 0;
    for (unsigned i = A_IF; i < A_COUNT; i++)
        exec += weights[i];
    if (!rc && exec == 0) {
        snprintf(err, errlen, "every instruction weight is zero");
        rc = -1;
    }
    weights_given = true;
    return rc;
}

static const cosim_option fc_options[] = {
    {"contexts", "N", "contexts (wavefronts), 1..256 (default 1)", opt_contexts},
    {"lanes", "N", "lanes per wavefront, 1..64 (default 64)", opt_lanes},
    {"addr-depth", "N", "address stack entries, 0..32 (default 4)", opt_addr_depth},
    {"loop-depth", "N", "loop stack frames in full mode, 0..32 (default 4)", opt_loop_depth},
    {"bc-width", "N", "branch counter width, 3..8 (default 6)", opt_bc_width},
    {"weights", "LIST",
     "generator action weights, e.g. if=20,random=0 (actions: idle start if else endif loop "
     "endloop break continue call ret random unbalanced stray script; defaults "
     "4,1,12,8,10,6,8,4,3,4,5,2,1,2,1)",
     opt_weights},
    {"reset-rate", "N",
     "reset the whole unit for one cycle once in N cycles (default 250000; "
     "0: never)",
     opt_reset_rate},
    {NULL, NULL, NULL, NULL},
};

/* ------------------------------------------------------------------ state */

/* The generator's picture of a context's program: the constructs open at the
 * current instruction, innermost last. */
enum { K_IF, K_IFELSE, K_ELSEPART, K_LOOP, K_REP, K_CALL, K_CALLNZ };

typedef struct sframe {
    uint8_t kind;
    uint8_t merge; /* K_IF: levels of its merged-ENDIF chain below it */
    uint8_t cret;  /* K_CALL*: conditional returns that stayed (each INCR'd) */
    uint8_t kr;    /* K_LOOP/K_REP: the iteration count constant its END carries */
} sframe;

enum { SHADOW_MAX = 3 * FC_MAX_DEPTH + 8, HISTORY = 16 };

typedef struct gen_ctx {
    sframe s[SHADOW_MAX];
    unsigned n;
    uint64_t live;   /* lanes alive in this wavefront */
    uint64_t active; /* reported after the context's last step */
    uint16_t pc;     /* next PC reported by the unit */
    uint8_t depth, loop_sp, addr_sp, top_is_loop, fault;
    uint8_t full_mode, started, grow, dirty, faulted;
    uint8_t end_kind, end_kr, end_due; /* the next instruction must be this END */
    uint8_t script;                    /* next step of a scripted sequence (0: none) */
    uint64_t script_mask;              /* lanes the script remembers */
} gen_ctx;

/* The instruction drawn last, waiting for the unit's decision. */
typedef struct pending {
    bool valid;
    unsigned ctx;
    gen_act act;
    fc_construct c;
    uint8_t merge, kind, kr, zero_end;
    const char *label;
} pending;

typedef struct ev_record {
    uint64_t cycle;
    const char *label;
    fc_fields f;
    uint16_t pc, next_pc;
    uint8_t cmd, loop_count, jump, depth, loop_sp, addr_sp, fault;
    uint64_t live, active;
} ev_record;

static struct {
    fc_unit_model *model;
    fc_unit_params rtl;
    uint64_t lanes; /* lane mask */
    rng rng;
    uint64_t checked;
    uint32_t reset_threshold;
    unsigned focus;
    gen_ctx *g;         /* per context */
    fc_unit_out *state; /* model outputs after each context's last step */
    ev_record (*history)[HISTORY];
    uint32_t *history_count;
    fc_stim cur;
    pending pend;
    fc_bench_coverage cov;
    uint64_t last_reset_cycle;
    bool any_reset;
    /* the first mismatch */
    fc_stim mm_stim;
    fc_unit_out mm_before, mm_expected, mm_actual;
    const char *mm_label;
    char mm_field[32];
} B;

/* ------------------------------------------------------------------ config strings */

static void config_name(char *buf, size_t n)
{
    snprintf(buf, n, "%ux%ua%ul%ub%u", want.contexts, want.lanes, want.addr_depth, want.loop_depth,
             want.bc_width);
}

static void config_args(char *buf, size_t n)
{
    snprintf(buf, n, "--contexts %u --lanes %u --addr-depth %u --loop-depth %u --bc-width %u",
             want.contexts, want.lanes, want.addr_depth, want.loop_depth, want.bc_width);
}

static void stimulus_args(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    if (weights_given) {
        used += (size_t)snprintf(buf + used, n - used, "--weights ");
        for (unsigned i = 0; i < A_COUNT && used < n; i++)
            used += (size_t)snprintf(buf + used, n - used, "%s%s=%u", i ? "," : "", act_names[i],
                                     weights[i]);
    }
    if (reset_given && used < n)
        snprintf(buf + used, n - used, "%s--reset-rate %" PRIu64, used ? " " : "", reset_rate);
}

/* ------------------------------------------------------------------ binding */

void fc_bench_close(void)
{
    fc_unit_destroy(B.model);
    free(B.g);
    free(B.state);
    free(B.history);
    free(B.history_count);
    memset(&B, 0, sizeof B);
}

void fc_bench_bind(const fc_unit_params *rtl)
{
    char name[64];
    snprintf(name, sizeof name, "%ux%ua%ul%ub%u", rtl->contexts, rtl->lanes, rtl->addr_depth,
             rtl->loop_depth, rtl->bc_width);
    cosim_bind("fc", name);
    if (cosim_config_error())
        return;
    fc_bench_close(); /* a new run starts from a clean bench */
    B.rtl = *rtl;
    dpp_error err;
    if (fc_unit_create(&B.rtl, &B.model, &err) != DPP_OK) {
        fprintf(stderr, "cosim: %s\n", err.msg);
        exit(3);
    }
    unsigned c = rtl->contexts;
    B.g = calloc(c, sizeof *B.g);
    B.state = calloc(c, sizeof *B.state);
    B.history = calloc(c, sizeof *B.history);
    B.history_count = calloc(c, sizeof *B.history_count);
    if (!B.g || !B.state || !B.history || !B.history_count) {
        fprintf(stderr, "cosim: out of memory\n");
        exit(3);
    }
    B.lanes = rtl->lanes == 64 ? ~0ull : (1ull << rtl->lanes) - 1;
    rng_seed(&B.rng, cosim_cfg.seed);
    B.reset_threshold = reset_rate ? (uint32_t)((1u << 24) / reset_rate) : 0;
    if (reset_rate && !B.reset_threshold)
        B.reset_threshold = 1;
}

uint64_t fc_bench_cycles_checked(void)
{
    return B.checked;
}

const fc_bench_coverage *fc_bench_cov(void)
{
    return &B.cov;
}

const fc_stim *fc_bench_pending(void)
{
    return &B.cur;
}

/* ------------------------------------------------------------------ following the unit */

static bool is_loop_kind(uint8_t k)
{
    return k == K_LOOP || k == K_REP;
}

static bool is_call_kind(uint8_t k)
{
    return k == K_CALL || k == K_CALLNZ;
}

/* Index of the innermost loop frame with no call frame above it, or -1. */
static int innermost_loop(const gen_ctx *g)
{
    for (unsigned i = g->n; i-- > 0;) {
        if (is_loop_kind(g->s[i].kind))
            return (int)i;
        if (is_call_kind(g->s[i].kind))
            return -1;
    }
    return -1;
}

static void push_frame(gen_ctx *g, sframe f)
{
    if (g->n < SHADOW_MAX)
        g->s[g->n++] = f;
    else
        g->dirty = 1;
}

static void pop_frames(gen_ctx *g, unsigned k)
{
    if (k > g->n) {
        g->dirty = 1;
        k = g->n;
    }
    g->n -= k;
}

/* The unit's decision on the pending instruction, applied to the program picture. */
static void follow(const fc_unit_out *o)
{
    const pending *p = &B.pend;
    if (!p->valid || p->ctx >= B.rtl.contexts)
        return;
    gen_ctx *g = &B.g[p->ctx];
    g->active = o->active;
    g->depth = o->depth;
    g->loop_sp = o->loop_sp;
    g->addr_sp = o->addr_sp;
    g->top_is_loop = o->loop_top_is_loop;
    g->fault = o->fault;
    g->pc = o->next_pc;
    if (p->act == A_START) {
        g->n = 0;
        g->started = 1;
        g->dirty = g->faulted = g->end_due = g->script = 0;
        g->pc = 0;
        return;
    }
    if (o->fault) {
        g->faulted++;
        return;
    }
    int jump = o->jump, li = innermost_loop(g);
    switch (p->act) {
    case A_IF:
        if (p->c == FC_C_IF_ELSE || p->c == FC_C_IF_PRED_ELSE || p->c == FC_C_IF_BOOL_ELSE)
            push_frame(g, (sframe){.kind = jump ? K_ELSEPART : K_IFELSE});
        else if (!jump)
            push_frame(g, (sframe){.kind = K_IF, .merge = p->merge});
        else
            pop_frames(g, p->merge); /* a merged IF jumps past the chain's one ENDIF */
        break;
    case A_ELSE:
        if (jump)
            pop_frames(g, 1);
        else if (g->n)
            g->s[g->n - 1].kind = K_ELSEPART;
        break;
    case A_ENDIF:
        pop_frames(g, g->n ? g->s[g->n - 1].merge + 1u : 1u);
        break;
    case A_LOOP:
        if (p->kr == 0) {
            g->end_due = 1; /* skipped to its END, which runs with count 0 */
            g->end_kind = p->kind;
            g->end_kr = 0;
        } else {
            push_frame(g, (sframe){.kind = p->kind, .kr = p->kr});
        }
        break;
    case A_ENDLOOP:
        if (!p->zero_end && !jump)
            pop_frames(g, 1);
        break;
    case A_BREAK:
        if (jump && li >= 0)
            g->n = (unsigned)li; /* jumped past the END: the loop and its IFs are gone */
        break;
    case A_CONTINUE:
        if (jump && li >= 0) { /* jumped to the END instruction itself */
            g->n = (unsigned)li + 1;
            g->end_due = 1;
            g->end_kind = g->s[li].kind;
            g->end_kr = g->s[li].kr;
        }
        break;
    case A_CALL:
        if (jump)
            push_frame(g, (sframe){.kind = p->kind});
        break;
    case A_RET:
        if (jump)
            pop_frames(g, 1);
        else if (g->n)
            g->s[g->n - 1].cret++;
        break;
    case A_RANDOM:
    case A_UNBALANCED:
    case A_STRAY:
    case A_SCRIPT:
        g->dirty = 1; /* whatever it did, the picture is no longer the unit's */
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------ drawing */

/* A per-lane condition, drawn from the patterns that find lane bugs. */
static uint64_t draw_cond(uint64_t active)
{
    uint64_t r = rng_next(&B.rng);
    switch (r & 15) {
    case 0:
    case 1:
        return ~0ull;
    case 2:
    case 3:
        return 0;
    case 4: { /* one lane of the active ones (or any) */
        uint64_t pick = active ? active : B.lanes;
        unsigned k = rng_below(&B.rng, (unsigned)__builtin_popcountll(pick));
        while (k--)
            pick &= pick - 1;
        return pick & -pick;
    }
    case 5:
    case 6:
        return 0x5555555555555555ull << (r >> 63); /* every lane disagrees with its neighbour */
    case 7:
        return active;
    case 8:
        return ~active;
    default:
        return rng_next(&B.rng);
    }
}

static uint8_t draw_kr(void)
{
    unsigned r = rng_below(&B.rng, 32);
    return r < 4 ? 0 : r < 6 ? 255 : r < 8 ? (uint8_t)rng_next(&B.rng) : (uint8_t)(1 + r % 4);
}

/* A condition for the rows whose JUMP_FUNC is the caller's choice. */
static uint8_t draw_cond_func(void)
{
    static const uint8_t funcs[] = {0x0F, 0xF0, 0x33, 0xCC, 0x55, 0xAA, 0x80, 0xFE, 0x3C};
    unsigned i = rng_below(&B.rng, sizeof funcs + 1);
    return i < sizeof funcs ? funcs[i] : (uint8_t)rng_next(&B.rng);
}

static bool reads_alu(uint8_t jf)
{
    return (jf >> 4) != (jf & 15);
}

static bool reads_pred(uint8_t jf)
{
    return ((jf >> 2) & 0x33) != (jf & 0x33);
}

static uint64_t draw_live_start(void)
{
    unsigned r = rng_below(&B.rng, 16);
    if (r < 8)
        return B.lanes;
    if (r < 12) {
        unsigned k = 1 + rng_below(&B.rng, B.rtl.lanes); /* a partial wavefront */
        return k >= 64 ? ~0ull : (1ull << k) - 1;
    }
    if (r < 14)
        return rng_next(&B.rng) & B.lanes;
    if (r < 15)
        return 1ull << rng_below(&B.rng, B.rtl.lanes);
    return 0;
}

/* Action weights for this context now: only what its program picture allows. */
static gen_act choose(const gen_ctx *g)
{
    unsigned w[A_COUNT] = {0};
    const sframe *top = g->n ? &g->s[g->n - 1] : NULL;
    bool room = g->n < SHADOW_MAX - 1;
    w[A_IDLE] = weights[A_IDLE];
    w[A_START] = weights[A_START];
    w[A_IF] = room ? weights[A_IF] : 0;
    w[A_ELSE] = top && top->kind == K_IFELSE ? weights[A_ELSE] : 0;
    w[A_ENDIF] = top && (top->kind == K_IF || top->kind == K_ELSEPART) ? weights[A_ENDIF] : 0;
    w[A_LOOP] = room ? weights[A_LOOP] : 0;
    w[A_ENDLOOP] = top && is_loop_kind(top->kind) ? weights[A_ENDLOOP] : 0;
    w[A_BREAK] = innermost_loop(g) >= 0 ? weights[A_BREAK] : 0;
    w[A_CONTINUE] = innermost_loop(g) >= 0 ? weights[A_CONTINUE] : 0;
    w[A_CALL] = room ? weights[A_CALL] : 0;
    w[A_RET] = top && is_call_kind(top->kind) ? weights[A_RET] : 0;
    w[A_RANDOM] = weights[A_RANDOM];
    w[A_UNBALANCED] = weights[A_UNBALANCED];
    w[A_STRAY] = weights[A_STRAY];
    w[A_SCRIPT] =
        g->full_mode && g->loop_sp < B.rtl.loop_depth && g->depth < 4 ? weights[A_SCRIPT] : 0;
    /* Grow phase: opens x4 (IF x8) and no deliberate faults, so nests reach
     * the limits; shrink phase: closes x4. */
    static const gen_act opens[] = {A_IF, A_IF, A_LOOP, A_CALL};
    static const gen_act closes[] = {A_ELSE, A_ENDIF, A_ENDLOOP, A_BREAK, A_RET};
    if (g->grow) {
        for (size_t i = 0; i < sizeof opens / sizeof opens[0]; i++)
            w[opens[i]] *= 4;
        w[A_RANDOM] = w[A_UNBALANCED] = w[A_STRAY] = w[A_SCRIPT] = 0;
    } else {
        for (size_t i = 0; i < sizeof closes / sizeof closes[0]; i++)
            w[closes[i]] *= 4;
    }
    /* At a limit, opening more is rare: the overflow is reached now and then
     * instead of ending every deep nest. */
    unsigned cap = (1u << B.rtl.bc_width) - 1, lim = g->full_mode ? 32 : 4;
    if (g->depth >= (lim < cap ? lim : cap))
        w[A_IF] = (w[A_IF] + 7) / 8;
    if (!g->full_mode || g->loop_sp >= B.rtl.loop_depth)
        w[A_LOOP] = (w[A_LOOP] + 7) / 8;
    if (g->addr_sp >= B.rtl.addr_depth)
        w[A_CALL] = (w[A_CALL] + 7) / 8;
    unsigned total = 0;
    for (unsigned i = 0; i < A_COUNT; i++)
        total += w[i];
    if (!total)
        return A_IDLE;
    unsigned x = rng_below(&B.rng, total);
    for (unsigned i = 0; i < A_COUNT; i++) {
        if (x < w[i])
            return (gen_act)i;
        x -= w[i];
    }
    return A_IDLE;
}

static uint8_t ifs_inside(const gen_ctx *g, int li)
{
    return (uint8_t)(g->n - (unsigned)li - 1);
}

/* The instruction of a generator action, into s->in.inst (and the pending record). */
static void build_exec(gen_ctx *g, gen_act a, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    pending *p = &B.pend;
    uint16_t addr = (uint16_t)rng_below(&B.rng, 512);
    const sframe *top = g->n ? &g->s[g->n - 1] : NULL;
    int li = innermost_loop(g);
    fc_construct c = FC_C_COUNT;
    uint8_t pop = 0, jf = 0xFF;
    switch (a) {
    case A_IF: {
        unsigned r = rng_below(&B.rng, 8);
        bool merge = top && top->kind == K_IF && r == 7 && top->merge < 30;
        static const fc_construct plain[] = {FC_C_IF, FC_C_IF_PRED, FC_C_IF_BOOL};
        static const fc_construct with_else[] = {FC_C_IF_ELSE, FC_C_IF_PRED_ELSE,
                                                 FC_C_IF_BOOL_ELSE};
        if (merge) {
            c = FC_C_IF_MERGED;
            p->merge = pop = (uint8_t)(top->merge + 1);
        } else {
            c = (r & 1 ? with_else : plain)[r % 3];
        }
        break;
    }
    case A_ELSE:
        c = FC_C_ELSE;
        break;
    case A_ENDIF:
        c = FC_C_ENDIF;
        pop = (uint8_t)(top->merge + 1);
        break;
    case A_LOOP:
        p->kind = rng_below(&B.rng, 2) ? K_LOOP : K_REP;
        c = p->kind == K_LOOP ? FC_C_LOOP : FC_C_REP;
        p->kr = draw_kr();
        break;
    case A_ENDLOOP: /* the innermost loop's END, or the END a skip/continue jumped to */
        p->kind = g->end_due ? g->end_kind : top->kind;
        p->kr = g->end_due ? g->end_kr : top->kr;
        p->zero_end = g->end_due && g->end_kr == 0;
        c = p->kind == K_LOOP ? FC_C_ENDLOOP : FC_C_ENDREP;
        break;
    case A_BREAK: {
        bool cond = rng_below(&B.rng, 3) == 0, loop = g->s[li].kind == K_LOOP;
        c = cond ? (loop ? FC_C_BREAKC_LOOP : FC_C_BREAKC_REP)
                 : (loop ? FC_C_BREAKLOOP : FC_C_BREAKREP);
        pop = ifs_inside(g, li);
        if (cond)
            jf = draw_cond_func();
        break;
    }
    case A_CONTINUE:
        c = FC_C_CONTINUE;
        pop = ifs_inside(g, li);
        break;
    case A_CALL:
        p->kind = rng_below(&B.rng, 2) ? K_CALLNZ : K_CALL;
        c = p->kind == K_CALLNZ ? FC_C_CALLNZ : FC_C_CALL;
        jf = draw_cond_func();
        break;
    case A_RET: {
        /* The lanes every earlier conditional return switched off, plus the
         * CALLNZ level, come back when the group returns. */
        uint8_t n = (uint8_t)(top->cret + (top->kind == K_CALLNZ));
        if (rng_below(&B.rng, 3) == 0) {
            c = FC_C_RET_COND;
            jf = draw_cond_func();
            pop = n;
        } else if (top->cret) {
            c = FC_C_RET_COND; /* unconditional, but with the counters to restore */
            pop = n;
        } else {
            c = top->kind == K_CALLNZ ? FC_C_RET_CALLNZ : FC_C_RET;
        }
        break;
    }
    default:
        break;
    }
    p->c = c;
    p->label = fc_construct_name(c);
    in->inst = fc_canon(c, addr, pop, jf);
    if (c == FC_C_IF_PRED || c == FC_C_IF_PRED_ELSE || reads_pred(in->inst.jump_func)) {
        in->inst.pred_sel = (uint8_t)(FC_PSEL_R + rng_below(&B.rng, 4));
        in->inst.pred_inv = (uint8_t)rng_below(&B.rng, 2);
    } else if (rng_below(&B.rng, 8) == 0) {
        in->inst.pred_sel = (uint8_t)(FC_PSEL_R + rng_below(&B.rng, 4)); /* read, then ignored */
    }
    if (a == A_LOOP || a == A_ENDLOOP)
        in->loop_count = p->kr;
}

/* A close with nothing to close, chosen from what the unit last reported. */
static void build_unbalanced(const gen_ctx *g, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    uint16_t addr = (uint16_t)rng_below(&B.rng, 512);
    in->loop_count = (uint8_t)(1 + rng_below(&B.rng, 255));
    switch (rng_below(&B.rng, 4)) {
    case 0: /* ENDIF popping one level more than is open */
        in->inst = fc_canon(FC_C_ENDIF, addr, (uint8_t)(g->depth < 31 ? g->depth + 1 : 31), 0);
        B.pend.label = "ENDIF (unbalanced)";
        break;
    case 1: /* END on an empty stack, or of the other kind */
        in->inst = fc_canon(g->loop_sp && g->top_is_loop ? FC_C_ENDREP : FC_C_ENDLOOP, addr, 0, 0);
        B.pend.label = "END (unbalanced)";
        break;
    case 2:
        in->inst =
            fc_canon(g->loop_sp && !g->top_is_loop ? FC_C_BREAKLOOP : FC_C_BREAKREP, addr, 0, 0);
        B.pend.label = "BREAK (unbalanced)";
        break;
    default:
        in->inst = fc_canon(FC_C_RET, addr, 0, 0);
        B.pend.label = "RET (unbalanced)";
        break;
    }
}

static void build_random(fc_stim *s)
{
    uint64_t r = rng_next(&B.rng);
    fc_fields *f = &s->in.inst;
    f->op = r & 7;
    f->b_else = r >> 3 & 1;
    f->jump_any = r >> 4 & 1;
    f->a_op = r >> 5 & 3;
    f->jump_func = (uint8_t)(r >> 7);
    f->b_pop_cnt = r >> 15 & 31;
    f->b_op0 = r >> 20 & 3;
    f->b_op1 = r >> 22 & 3;
    f->jump_addr = r >> 24 & 511;
    f->pred_sel = r >> 33 & 7;
    f->pred_inv = r >> 36 & 1;
    s->in.loop_count = (uint8_t)(r >> 37);
    s->in.alu_valid = r >> 45 & 1;
    B.pend.label = "random fields";
}

/* Random fields made legal against what the unit last reported: no illegal
 * codes, no stale ALU result, pops within the depth, loop ops only on a frame
 * of the right kind. Such programs are not canonical, but must not fault. */
static void build_stray(const gen_ctx *g, fc_stim *s)
{
    build_random(s);
    fc_fields *f = &s->in.inst;
    f->a_op %= 3;
    f->b_op0 %= 3;
    f->b_op1 %= 3;
    if (f->pred_sel == FC_PSEL_RGBA || f->pred_sel > FC_PSEL_A)
        f->pred_sel = FC_PSEL_NONE;
    f->b_pop_cnt = (uint8_t)rng_below(&B.rng, (g->depth < 31 ? g->depth : 31) + 1u);
    s->in.alu_valid = 1;
    bool closes = f->op == FC_OP_ENDLOOP || f->op == FC_OP_ENDREP || f->op >= FC_OP_BREAKLOOP;
    if (closes && !g->loop_sp)
        f->op = FC_OP_JUMP;
    else if (f->op == FC_OP_ENDLOOP || f->op == FC_OP_ENDREP)
        f->op = g->top_is_loop ? FC_OP_ENDLOOP : FC_OP_ENDREP;
    else if (f->op == FC_OP_BREAKLOOP || f->op == FC_OP_BREAKREP)
        f->op = g->top_is_loop ? FC_OP_BREAKLOOP : FC_OP_BREAKREP;
    B.pend.label = "stray (legal fields)";
}

/* Lanes kept in a CONTINUE mask when a BREAK ends their loop, although they
 * never entered it (they were woken inside): the frame is dropped with them
 * and they become DEAD (docs/fc_unit_rtl.md, decision 3). Steps:
 *   1 IF_ELSE splitting the active lanes   2 LOOP/REP (live = the then-lanes)
 *   3 a stray ENDIF: the else-lanes wake inside the loop
 *   4 CONTINUE of exactly the woken lanes  5 BREAK of everyone else: the loop ends */
static void build_script(gen_ctx *g, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    uint16_t addr = (uint16_t)rng_below(&B.rng, 512);
    unsigned step = g->script ? g->script : 1;
    switch (step) {
    case 1:
        in->inst = fc_canon(FC_C_IF_ELSE, addr, 0, 0);
        in->alu_result = g->active & rng_next(&B.rng);
        break;
    case 2:
        in->inst = fc_canon(rng_below(&B.rng, 2) ? FC_C_LOOP : FC_C_REP, addr, 0, 0);
        in->loop_count = (uint8_t)(2 + rng_below(&B.rng, 4));
        g->script_mask = g->active;
        break;
    case 3:
        in->inst = fc_canon(FC_C_ENDIF, addr, 1, 0);
        break;
    case 4:
        in->inst = fc_canon(FC_C_CONTINUE, addr, 0, 0);
        in->inst.jump_func = 0xF0; /* the lanes whose ALU result is set: the woken ones */
        in->alu_result = g->active & ~g->script_mask;
        break;
    default:
        in->inst = fc_canon(g->top_is_loop ? FC_C_BREAKLOOP : FC_C_BREAKREP, addr, 0, 0);
        break;
    }
    g->script = step < 5 ? (uint8_t)(step + 1) : 0;
    B.pend.label = "script: cont lanes dropped";
}

/* Every field cut to its port width: the model then sees what the RTL's ports
 * carry (the model does not cut them itself: B_POP_CNT 32 would pop 32 there
 * and 0 in the RTL). */
static void cut_to_width(fc_unit_in *in)
{
    fc_fields *f = &in->inst;
    f->op &= 7;
    f->b_else &= 1;
    f->jump_any &= 1;
    f->a_op &= 3;
    f->b_pop_cnt &= 31;
    f->b_op0 &= 3;
    f->b_op1 &= 3;
    f->jump_addr &= 511;
    f->pred_sel &= 7;
    f->pred_inv &= 1;
    in->cmd &= 3;
    in->full_mode &= 1;
    in->alu_valid &= 1;
    in->bool_const &= 1;
    in->pc &= 511;
}

void fc_bench_next(const fc_unit_out *prev, fc_stim *s)
{
    if (prev)
        follow(prev);
    memset(s, 0, sizeof *s);
    pending *p = &B.pend;
    memset(p, 0, sizeof *p);
    fc_unit_in *in = &s->in;
    uint64_t r = rng_next(&B.rng);

    if ((r & 0xffffff) < B.reset_threshold) {
        s->rst = 1;
        for (unsigned c = 0; c < B.rtl.contexts; c++)
            B.g[c].started = 0;
        B.cur = *s;
        return;
    }
    /* Mostly the focus context (long programs, deep nesting), interleaved with
     * the others; now and then a context that does not exist. */
    unsigned sel = (unsigned)(r >> 24 & 63);
    if (sel == 0 && B.rtl.contexts < 256) {
        in->ctx = (uint8_t)(B.rtl.contexts + rng_below(&B.rng, 256 - B.rtl.contexts));
    } else if (sel < 48) {
        in->ctx = (uint8_t)B.focus;
    } else {
        in->ctx = (uint8_t)rng_below(&B.rng, B.rtl.contexts);
    }
    if ((r >> 30 & 255) == 0)
        B.focus = rng_below(&B.rng, B.rtl.contexts);

    /* Lane conditions and constants (ignored where the instruction does not read them). */
    uint64_t act = in->ctx < B.rtl.contexts ? B.g[in->ctx].active : B.lanes;
    in->alu_result = draw_cond(act);
    for (int i = 0; i < 4; i++)
        in->pred[i] = draw_cond(act);
    in->bool_const = r >> 38 & 1;
    in->loop_count = (uint8_t)(r >> 39);
    in->loop_init = (uint8_t)(r >> 47);
    in->loop_step = (int8_t)(uint8_t)(r >> 55);
    in->alu_valid = 1;

    p->ctx = in->ctx;
    p->valid = true;
    if (in->ctx >= B.rtl.contexts) {
        in->cmd = (uint8_t)(r >> 63 ? FC_CMD_EXEC : FC_CMD_START);
        in->live = rng_next(&B.rng);
        build_random(s);
        p->act = A_RANDOM;
        p->label = "bad context";
        B.cur = *s;
        return;
    }
    gen_ctx *g = &B.g[in->ctx];
    in->pc = g->pc & 0x1FF;
    in->full_mode = g->full_mode;
    in->live = g->live;

    gen_act a;
    if (!g->started || g->pc > 511 || g->faulted > (r >> 61) ||
        (g->dirty && !g->script && rng_below(&B.rng, 16) == 0) ||
        (!g->live && rng_below(&B.rng, 8) == 0))
        a = A_START; /* a new wavefront: first use, program end, after a fault, lost track */
    else if (g->end_due)
        a = A_ENDLOOP;
    else if (g->script)
        a = A_SCRIPT;
    else
        a = choose(g);
    p->act = a;

    switch (a) {
    case A_START:
        in->cmd = FC_CMD_START;
        g->live = draw_live_start();
        in->live = g->live;
        g->full_mode = rng_below(&B.rng, 8) != 0;
        g->grow = (uint8_t)rng_below(&B.rng, 2);
        p->label = "START";
        break;
    case A_IDLE:
        in->cmd = rng_below(&B.rng, 4) ? FC_CMD_IDLE : 3; /* 3 also means IDLE */
        build_random(s);                                  /* fields are ignored */
        p->label = "IDLE";
        break;
    case A_RANDOM:
        in->cmd = FC_CMD_EXEC;
        build_random(s);
        break;
    case A_UNBALANCED:
        in->cmd = FC_CMD_EXEC;
        build_unbalanced(g, s);
        break;
    case A_STRAY:
        in->cmd = FC_CMD_EXEC;
        build_stray(g, s);
        break;
    case A_SCRIPT:
        in->cmd = FC_CMD_EXEC;
        build_script(g, s);
        break;
    default:
        in->cmd = FC_CMD_EXEC;
        build_exec(g, a, s);
        g->end_due = a == A_ENDLOOP ? 0 : g->end_due;
        break;
    }
    if (in->cmd == FC_CMD_EXEC) {
        /* ALU result written by the ALU instruction before this one, mostly. */
        if (a != A_RANDOM && a != A_STRAY && a != A_SCRIPT)
            in->alu_valid = reads_alu(in->inst.jump_func)
                                ? g->grow || rng_below(&B.rng, 32) != 0 /* stale now and then */
                                : (uint8_t)rng_below(&B.rng, 2);
        /* Lanes die now and then (TEXKILL, end of their work); a dead lane raised
         * again in live must stay dead. */
        unsigned d = rng_below(&B.rng, 64);
        if (d == 0 && g->live)
            g->live &= ~(1ull << rng_below(&B.rng, B.rtl.lanes));
        else if (d == 1)
            g->live &= rng_next(&B.rng);
        in->live = g->live;
        if (d == 2)
            in->live |= rng_next(&B.rng);
        if (rng_below(&B.rng, 1024) == 0)
            g->full_mode ^= 1;
        in->full_mode = g->full_mode;
        if (rng_below(&B.rng, 96) == 0)
            g->grow ^= 1;
    }
    cut_to_width(in);
    B.cur = *s;
}

/* ------------------------------------------------------------------ checking */

typedef struct field_desc {
    const char *name;
    size_t offset; /* in fc_unit_out */
    enum { F_U8, F_U16, F_LANES } kind;
    unsigned width; /* bits; 0 = lanes */
} field_desc;

/* clang-format off */
#define FIELD(n, k, w) {#n, offsetof(fc_unit_out, n), k, w}
/* clang-format on */
static const field_desc fields[] = {
    FIELD(jump, F_U8, 1),
    FIELD(next_pc, F_U16, 10),
    FIELD(fault, F_U8, 4),
    FIELD(want, F_LANES, 0),
    FIELD(active, F_LANES, 0),
    FIELD(br_inactive, F_LANES, 0),
    FIELD(loop_masked, F_LANES, 0),
    FIELD(depth, F_U8, 8),
    FIELD(addr_sp, F_U8, 6),
    FIELD(addr_top, F_U16, 10),
    FIELD(loop_sp, F_U8, 6),
    FIELD(loop_top_is_loop, F_U8, 1),
    FIELD(loop_top_count, F_U8, 8),
    FIELD(loop_top_live, F_LANES, 0),
    FIELD(loop_top_brk, F_LANES, 0),
    FIELD(loop_top_cont, F_LANES, 0),
    FIELD(al, F_U16, 16),
    FIELD(ovf, F_U8, 3),
    FIELD(udf, F_U8, 3),
};

static uint64_t field_value(const fc_unit_out *o, const field_desc *f)
{
    const char *p = (const char *)o + f->offset;
    switch (f->kind) {
    case F_U8:
        return *(const uint8_t *)p;
    case F_U16:
        return *(const uint16_t *)p;
    case F_LANES:
        return *(const uint64_t *)p;
    }
    return 0;
}

static void record(const fc_stim *s, const fc_unit_out *o, uint64_t cycle)
{
    unsigned ctx = s->in.ctx;
    if (ctx >= B.rtl.contexts)
        return;
    ev_record *e = &B.history[ctx][B.history_count[ctx]++ % HISTORY];
    *e = (ev_record){cycle,
                     B.pend.label,
                     s->in.inst,
                     s->in.pc,
                     o->next_pc,
                     s->in.cmd,
                     s->in.loop_count,
                     o->jump,
                     o->depth,
                     o->loop_sp,
                     o->addr_sp,
                     o->fault,
                     s->in.live & B.lanes,
                     o->active};
}

/* What the stimulus reached (before = the context before this step). */
static void cover(const fc_stim *s, const fc_unit_out *before, const fc_unit_out *o)
{
    fc_bench_coverage *c = &B.cov;
    const fc_unit_in *in = &s->in;
    if (in->ctx >= B.rtl.contexts) {
        c->bad_ctx++;
        return;
    }
    if (in->cmd == FC_CMD_START && (in->live & B.lanes) != B.lanes)
        c->partial_start++;
    if (o->fault && !before->fault)
        c->faults[o->fault]++;
    c->max_depth = o->depth > c->max_depth ? o->depth : c->max_depth;
    c->max_loop_sp = o->loop_sp > c->max_loop_sp ? o->loop_sp : c->max_loop_sp;
    c->max_addr_sp = o->addr_sp > c->max_addr_sp ? o->addr_sp : c->max_addr_sp;
    if (in->cmd != FC_CMD_EXEC || before->fault || o->fault)
        return;
    const fc_fields *f = &in->inst;
    uint64_t live = in->live & B.lanes;
    c->ops[f->op]++;
    if ((before->active | before->br_inactive | before->loop_masked) & ~live)
        c->lanes_died++;
    if (!f->b_else && f->op != FC_OP_ENDLOOP && f->op != FC_OP_ENDREP) {
        uint64_t a = before->active & live;
        c->none_active += a == 0;
        c->single_active += a && !(a & (a - 1));
        if (o->want && o->want != a) {
            c->divergent++;
            uint64_t alt = 0x5555555555555555ull & a, alt2 = 0xAAAAAAAAAAAAAAAAull & a;
            c->all_diverge += alt && alt2 && (o->want == alt || o->want == alt2);
        }
    }
    if ((f->op == FC_OP_LOOP || f->op == FC_OP_REP) && in->loop_count == 0)
        c->zero_count++;
    if (f->op == FC_OP_BREAKLOOP || f->op == FC_OP_BREAKREP) {
        c->brk_level[before->loop_sp]++;
        c->brk_pop += o->loop_sp < before->loop_sp;
    }
    if (f->op == FC_OP_CONTINUE)
        c->cont_level[before->loop_sp]++;
    if ((f->op == FC_OP_ENDLOOP || f->op == FC_OP_ENDREP) && in->loop_count &&
        (before->loop_top_cont & live))
        c->cont_restored++;
    if ((f->op == FC_OP_BREAKLOOP || f->op == FC_OP_BREAKREP) && o->loop_sp < before->loop_sp &&
        (before->loop_top_cont & ~before->loop_top_live & live))
        c->brk_drops_cont++;
    if (before->loop_masked & ~live)
        c->masked_died++;
    if (f->b_else) {
        uint64_t zero = 0, deeper = 0;
        for (unsigned l = 0; l < B.rtl.lanes; l++)
            if ((before->br_inactive & live) >> l & 1)
                *(before->bc[l] ? &deeper : &zero) |= 1ull << l;
        c->else_mixed += zero && deeper;
    }
    if ((f->op == FC_OP_LOOP || f->op == FC_OP_REP) && in->loop_count && !(before->active & live) &&
        !f->b_else)
        c->empty_frame++;
    if (o->loop_sp >= 2 && !o->loop_top_is_loop && o->al)
        c->al_under_rep++;
    if (o->jump && f->a_op == FC_AOP_PUSH && f->b_op1 == FC_BOP_INCR)
        c->call_cond++;
    if (o->jump && f->a_op == FC_AOP_POP && f->b_op0 == FC_BOP_INCR)
        c->ret_cond++;
}

static void reset_model(void)
{
    fc_unit_in in = {0};
    fc_unit_out o;
    in.cmd = FC_CMD_START;
    for (unsigned c = 0; c < B.rtl.contexts; c++) {
        in.ctx = (uint8_t)c;
        fc_unit_step(B.model, &in, &o);
        B.state[c] = o;
    }
}

static void report_mismatch(const fc_stim *s, const fc_unit_out *exp, const fc_unit_out *dut,
                            uint64_t cycle)
{
    B.mm_stim = *s;
    B.mm_expected = *exp;
    B.mm_actual = *dut;
    B.mm_label = B.pend.label;
    unsigned ctx = s->in.ctx;
    if (ctx < B.rtl.contexts)
        B.mm_before = B.state[ctx];
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        uint64_t e = field_value(exp, &fields[i]), a = field_value(dut, &fields[i]);
        if (e == a)
            continue;
        bool lanes = fields[i].kind == F_LANES;
        cosim_mismatch mm = {
            cycle, ctx, fields[i].name, e, a, lanes ? B.rtl.lanes : fields[i].width, lanes};
        cosim_record_mismatch(&mm);
        return;
    }
    for (unsigned l = 0; l < B.rtl.lanes; l++)
        if (exp->bc[l] != dut->bc[l]) {
            snprintf(B.mm_field, sizeof B.mm_field, "bc[%u]", l);
            cosim_mismatch mm = {cycle,          ctx,  B.mm_field, exp->bc[l], dut->bc[l],
                                 B.rtl.bc_width, false};
            cosim_record_mismatch(&mm);
            return;
        }
}

int fc_bench_check(const fc_stim *s, const fc_unit_out *dut)
{
    uint64_t cycle = B.checked++;
    if (s->rst) { /* the RTL spends this cycle in reset; the model resets too */
        reset_model();
        B.cov.resets++;
        B.last_reset_cycle = cycle;
        B.any_reset = true;
        return 0;
    }
    fc_unit_out exp;
    fc_unit_step(B.model, &s->in, &exp);
    unsigned ctx = s->in.ctx;
    const fc_unit_out *before = ctx < B.rtl.contexts ? &B.state[ctx] : &exp;
    cover(s, before, &exp);
    record(s, &exp, cycle);
    /* Fast path: one OR of differences; the field walk only runs on a mismatch. */
    uint64_t diff =
        (uint64_t)(exp.jump ^ dut->jump) | (uint64_t)(exp.next_pc ^ dut->next_pc) |
        (exp.want ^ dut->want) | (exp.active ^ dut->active) | (exp.br_inactive ^ dut->br_inactive) |
        (exp.loop_masked ^ dut->loop_masked) | (uint64_t)(exp.depth ^ dut->depth) |
        (uint64_t)(exp.addr_sp ^ dut->addr_sp) | (uint64_t)(exp.addr_top ^ dut->addr_top) |
        (uint64_t)(exp.loop_sp ^ dut->loop_sp) |
        (uint64_t)(exp.loop_top_is_loop ^ dut->loop_top_is_loop) |
        (uint64_t)(exp.loop_top_count ^ dut->loop_top_count) |
        (exp.loop_top_live ^ dut->loop_top_live) | (exp.loop_top_brk ^ dut->loop_top_brk) |
        (exp.loop_top_cont ^ dut->loop_top_cont) | (uint64_t)(uint16_t)(exp.al ^ dut->al) |
        (uint64_t)(exp.ovf ^ dut->ovf) | (uint64_t)(exp.udf ^ dut->udf) |
        (uint64_t)(exp.fault ^ dut->fault);
    if (diff || memcmp(exp.bc, dut->bc, B.rtl.lanes)) {
        report_mismatch(s, &exp, dut, cycle);
        return 1;
    }
    if (ctx < B.rtl.contexts)
        B.state[ctx] = exp;
    return 0;
}

/* ------------------------------------------------------------------ report sections */

static const char *cmd_name(unsigned cmd)
{
    return cmd == FC_CMD_START ? "START" : cmd == FC_CMD_EXEC ? "EXEC" : "IDLE";
}

static void fields_text(FILE *out, const fc_fields *f)
{
    fprintf(out,
            "%-8s jf=0x%02x any=%u a_op=%u b_op0=%u b_op1=%u pop=%u else=%u addr=%u psel=%u "
            "pinv=%u",
            fc_op_name(f->op), f->jump_func, f->jump_any, f->a_op, f->b_op0, f->b_op1, f->b_pop_cnt,
            f->b_else, f->jump_addr, f->pred_sel, f->pred_inv);
}

static void history_each(unsigned ctx, void (*fn)(FILE *, const ev_record *, int), FILE *out)
{
    uint32_t n = B.history_count[ctx], first = n > HISTORY ? n - HISTORY : 0;
    for (uint32_t i = first; i < n; i++)
        fn(out, &B.history[ctx][i % HISTORY], i == first);
}

static void history_text(FILE *out, const ev_record *e, int first)
{
    (void)first;
    int w = (int)(B.rtl.lanes + 3) / 4;
    fprintf(out, "    cycle %-9" PRIu64 " %-5s %-20s", e->cycle, cmd_name(e->cmd), e->label);
    if (e->cmd == FC_CMD_EXEC) {
        fprintf(out, " pc %3u ", e->pc);
        fields_text(out, &e->f);
        fprintf(out, " kr=%u", e->loop_count);
    }
    fprintf(
        out,
        "\n      -> jump %u next_pc %u depth %u loop_sp %u addr_sp %u fault %u live 0x%0*" PRIx64
        " active 0x%0*" PRIx64 "\n",
        e->jump, e->next_pc, e->depth, e->loop_sp, e->addr_sp, e->fault, w, e->live, w, e->active);
}

static void history_json(FILE *out, const ev_record *e, int first)
{
    const fc_fields *f = &e->f;
    fprintf(out, "%s{\"cycle\":%" PRIu64 ",\"cmd\":\"%s\",\"what\":", first ? "" : ",", e->cycle,
            cmd_name(e->cmd));
    cosim_json_string(out, e->label);
    fprintf(out,
            ",\"op\":\"%s\",\"jump_func\":%u,\"jump_any\":%u,\"a_op\":%u,\"b_op0\":%u,"
            "\"b_op1\":%u,\"b_pop_cnt\":%u,\"b_else\":%u,\"loop_count\":%u,\"pc\":%u,"
            "\"live\":\"0x%" PRIx64 "\",\"jump\":%u,\"next_pc\":%u,\"depth\":%u,\"loop_sp\":%u,"
            "\"addr_sp\":%u,\"fault\":%u,\"active\":\"0x%" PRIx64 "\"}",
            fc_op_name(f->op), f->jump_func, f->jump_any, f->a_op, f->b_op0, f->b_op1, f->b_pop_cnt,
            f->b_else, e->loop_count, e->pc, e->live, e->jump, e->next_pc, e->depth, e->loop_sp,
            e->addr_sp, e->fault, e->active);
}

static void report_text(FILE *out, const cosim_mismatch *mm)
{
    const fc_unit_in *in = &B.mm_stim.in;
    int w = (int)(B.rtl.lanes + 3) / 4;
    fprintf(out, "  this cycle: %s on context %u (%s)%s\n", cmd_name(in->cmd), in->ctx,
            B.mm_label ? B.mm_label : "?", B.mm_stim.rst ? ", reset asserted" : "");
    if (in->cmd == FC_CMD_EXEC) {
        fprintf(out, "    pc %u  ", in->pc);
        fields_text(out, &in->inst);
        fprintf(out, "\n    full_mode %u alu_valid %u bool %u loop const kr=%u kg=%u kb=%d\n",
                in->full_mode, in->alu_valid, in->bool_const, in->loop_count, in->loop_init,
                in->loop_step);
        fprintf(out,
                "    alu 0x%0*" PRIx64 " pred r 0x%0*" PRIx64 " g 0x%0*" PRIx64 " b 0x%0*" PRIx64
                " a 0x%0*" PRIx64 "\n",
                w, in->alu_result & B.lanes, w, in->pred[0] & B.lanes, w, in->pred[1] & B.lanes, w,
                in->pred[2] & B.lanes, w, in->pred[3] & B.lanes);
    }
    fprintf(out, "    live 0x%0*" PRIx64 "\n", w, in->live & B.lanes);
    if (mm->ctx < B.rtl.contexts) {
        const fc_unit_out *b = &B.mm_before;
        fprintf(out,
                "  context %u before this cycle: depth %u, loop stack %u/%u, address stack %u/%u, "
                "fault %u\n    active 0x%0*" PRIx64 " br_inactive 0x%0*" PRIx64
                " loop_masked 0x%0*" PRIx64 "\n",
                mm->ctx, b->depth, b->loop_sp, B.rtl.loop_depth, b->addr_sp, B.rtl.addr_depth,
                b->fault, w, b->active, w, b->br_inactive, w, b->loop_masked);
        fprintf(out,
                "  after: C model depth %u loop_sp %u addr_sp %u fault %u; RTL depth %u "
                "loop_sp %u addr_sp %u fault %u\n",
                B.mm_expected.depth, B.mm_expected.loop_sp, B.mm_expected.addr_sp,
                B.mm_expected.fault, B.mm_actual.depth, B.mm_actual.loop_sp, B.mm_actual.addr_sp,
                B.mm_actual.fault);
    }
    if (B.any_reset)
        fprintf(out, "  last reset at cycle %" PRIu64 "\n", B.last_reset_cycle);
    fprintf(out, "  last commands on context %u (oldest first, with the C model's results):\n",
            mm->ctx);
    if (mm->ctx < B.rtl.contexts)
        history_each(mm->ctx, history_text, out);
}

static void report_json(FILE *out, const cosim_mismatch *mm)
{
    const fc_unit_in *in = &B.mm_stim.in;
    fprintf(out, ",\"cmd\":\"%s\",\"what\":", cmd_name(in->cmd));
    cosim_json_string(out, B.mm_label ? B.mm_label : "?");
    fprintf(out, ",\"op\":\"%s\",\"pc\":%u,\"live\":\"0x%" PRIx64 "\"", fc_op_name(in->inst.op),
            in->pc, in->live & B.lanes);
    fprintf(out,
            ",\"stack_level\":{\"depth\":{\"expected\":%u,\"actual\":%u},\"loop_sp\":{\"expected\":"
            "%u,\"actual\":%u},\"addr_sp\":{\"expected\":%u,\"actual\":%u}}",
            B.mm_expected.depth, B.mm_actual.depth, B.mm_expected.loop_sp, B.mm_actual.loop_sp,
            B.mm_expected.addr_sp, B.mm_actual.addr_sp);
    fprintf(out, ",\"last_ops\":[");
    if (mm->ctx < B.rtl.contexts)
        history_each(mm->ctx, history_json, out);
    fprintf(out, "]");
}

static void wave_signals(void (*emit)(void *, const char *), void *ctx)
{
    unsigned l = B.rtl.lanes, bw = B.rtl.bc_width;
    const cosim_signal sigs[] = {
        {"clk_i", 1},
        {"rst_ni", 1},
        {"cmd_i", 2},
        {"ctx_i", 8},
        {"pc_i", 9},
        {"op_i", 3},
        {"b_else_i", 1},
        {"jump_any_i", 1},
        {"a_op_i", 2},
        {"jump_func_i", 8},
        {"b_pop_cnt_i", 5},
        {"b_op0_i", 2},
        {"b_op1_i", 2},
        {"pred_sel_i", 3},
        {"alu_result_i", l},
        {"live_i", l},
        {"loop_count_i", 8},
        {"jump_o", 1},
        {"next_pc_o", 10},
        {"want_o", l},
        {"active_o", l},
        {"br_inactive_o", l},
        {"loop_masked_o", l},
        {"bc_o", l * bw},
        {"depth_o", bw},
        {"addr_sp_o", 6},
        {"addr_top_o", 10},
        {"loop_sp_o", 6},
        {"loop_top_count_o", 8},
        {"loop_top_live_o", l},
        {"loop_top_brk_o", l},
        {"loop_top_cont_o", l},
        {"al_o", 16},
        {"fault_o", 4},
    };
    cosim_emit_signals(emit, ctx, "TOP.tb_fc_unit.dut_fc_unit.", sigs,
                       sizeof sigs / sizeof sigs[0]);
    emit(ctx, "TOP.tb_fc_unit.mismatch_o");
}

const cosim_bench fc_bench = {
    .block = "fc",
    .summary = "CTM flow-control unit (rtl/fc_unit.sv, docs/fc_unit.md)",
    .options = fc_options,
    .has_contexts = true,
    .config_name = config_name,
    .config_args = config_args,
    .wave_signals = wave_signals,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
};
