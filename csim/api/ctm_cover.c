/* SIMT control coverage (ctm.h, since 1.13; docs/commit.md, "Control
 * coverage"): what a run's flow control exercised, counted on the model's
 * own fc_unit steps as its commit stream hands them out. The model knows
 * its stack depths exactly; where a checker's model runs in step with a
 * design, a passing run's bins are the design's. */
#include "cover_int.h"

#include "ctm.h"
#include "ctm_int.h"
#include "fc.h"
#include "pa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Constructs, told from the instruction's fields (construct_of). */
/* clang-format off */
#define CV_CONSTRUCTS(X)                                                                           \
    X(IF) X(ELSE) X(ENDIF) X(LOOP) X(ENDLOOP) X(REP) X(ENDREP) X(BREAK) X(CONTINUE) X(CALL)        \
    X(RET) X(JUMP_ANY) X(JUMP_ALL)
/* clang-format on */
#define CV_ENUM(n) CV_##n,
#define CV_NAME(n) #n,
enum { CV_CONSTRUCTS(CV_ENUM) CV_NCONSTRUCT };
static const char *const construct_names[CV_NCONSTRUCT] = {CV_CONSTRUCTS(CV_NAME)};

/* Outcomes of one step, and nesting buckets 0..6 and 7+. */
enum { CV_TAKEN, CV_NOT_TAKEN, CV_DIVERGED, CV_NOUTCOME };
static const char *const outcome_names[CV_NOUTCOME] = {"taken", "not_taken", "diverged"};
#define CV_DEPTHS 8

/* The bins after the construct grid: reconvergence per depth, then one each. */
#define CV_SINGLES(X)                                                                              \
    X(LOOP_SHRINK_REGROW, "loop.shrink_regrow")                                                    \
    X(LOOP_ITER_SHRUNK, "loop.iterate_shrunk")                                                     \
    X(CALL_DIVERGED, "call.from_diverged")                                                         \
    X(RET_DIVERGED, "ret.from_diverged")                                                           \
    X(ADDR_FULL, "stack.addr_full")                                                                \
    X(LOOP_FULL, "stack.loop_full")                                                                \
    X(BRANCH_FULL, "stack.branch_limit")                                                           \
    X(KILL_ACTIVE, "kill.diverged_active")                                                         \
    X(KILL_ALL, "kill.diverged_all")
#define CV_SINGLE_ENUM(e, s) SB_##e,
#define CV_SINGLE_NAME(e, s) s,
enum { CV_SINGLES(CV_SINGLE_ENUM) CV_NSINGLE };
static const char *const single_names[CV_NSINGLE] = {CV_SINGLES(CV_SINGLE_NAME)};

enum {
    BIN_GRID = 0,
    BIN_RECONVERGE = CV_NCONSTRUCT * CV_NOUTCOME * CV_DEPTHS,
    BIN_SINGLE = BIN_RECONVERGE + CV_DEPTHS,
    BIN_COUNT = BIN_SINGLE + CV_NSINGLE
};

/* What a wavefront slot's last step left, to judge the next one. */
typedef struct cv_slot {
    uint64_t live, active;
    uint64_t parked; /* br_inactive | loop_masked */
    unsigned nest;   /* depth + loop_sp + addr_sp */
    unsigned depth, loop_sp, addr_sp;
    uint32_t shrunk;                /* bit k: loop frame k's active set shrank */
    uint64_t entered[FC_MAX_DEPTH]; /* each open loop frame: the lanes that entered it */
} cv_slot;

struct api_cover {
    unsigned nslots, addr_depth, loop_depth, part_branches;
    cv_slot *slot;
    uint64_t steps;
    uint64_t hits[BIN_COUNT];
    char *text;
};

static char names[BIN_COUNT][40]; /* filled once (names_made) */
static int names_made;

static void make_names(void)
{
    if (names_made)
        return;
    for (int c = 0; c < CV_NCONSTRUCT; c++)
        for (int o = 0; o < CV_NOUTCOME; o++)
            for (int d = 0; d < CV_DEPTHS; d++)
                snprintf(names[(c * CV_NOUTCOME + o) * CV_DEPTHS + d], sizeof names[0],
                         "%s.%s.d%d%s", construct_names[c], outcome_names[o], d,
                         d == CV_DEPTHS - 1 ? "+" : "");
    for (int d = 0; d < CV_DEPTHS; d++)
        snprintf(names[BIN_RECONVERGE + d], sizeof names[0], "reconverge.d%d%s", d,
                 d == CV_DEPTHS - 1 ? "+" : "");
    for (int k = 0; k < CV_NSINGLE; k++)
        snprintf(names[BIN_SINGLE + k], sizeof names[0], "%s", single_names[k]);
    names_made = 1;
}

const char *api_cover_name(int bin)
{
    make_names();
    return bin >= 0 && bin < BIN_COUNT ? names[bin] : "";
}

api_cover *api_cover_new(unsigned slots, unsigned addr_depth, unsigned loop_depth,
                         unsigned part_branches)
{
    api_cover *v = calloc(1, sizeof *v);
    if (!v || !(v->slot = calloc(slots, sizeof *v->slot))) {
        free(v);
        return NULL;
    }
    *v = (api_cover){.nslots = slots,
                     .addr_depth = addr_depth,
                     .loop_depth = loop_depth,
                     .part_branches = part_branches,
                     .slot = v->slot};
    return v;
}

void api_cover_free(api_cover *v)
{
    if (v) {
        free(v->slot);
        free(v->text);
        free(v);
    }
}

uint64_t api_cover_hits(const api_cover *v, int bin)
{
    return bin >= 0 && bin < BIN_COUNT ? v->hits[bin] : 0;
}

/* The construct of an FC instruction: its OP, else what its address and
 * branch-counter fields do (the assembler's canonical forms, docs/asm.md). */
static int construct_of(const fc_fields *f)
{
    static const signed char by_op[8] = {-1,        CV_LOOP,  CV_ENDLOOP, CV_REP,
                                         CV_ENDREP, CV_BREAK, CV_BREAK,   CV_CONTINUE};
    if (by_op[f->op & 7] >= 0)
        return by_op[f->op & 7];
    if (f->a_op == DPP_AOP_PUSH || f->a_op == DPP_AOP_POP)
        return f->a_op == DPP_AOP_PUSH ? CV_CALL : CV_RET;
    if (f->b_else)
        return CV_ELSE;
    if (f->b_op0 == DPP_BOP_INCR || f->b_op1 == DPP_BOP_INCR)
        return CV_IF;
    if (f->b_op0 == DPP_BOP_DECR || f->b_op1 == DPP_BOP_DECR)
        return CV_ENDIF;
    return f->jump_any ? CV_JUMP_ANY : CV_JUMP_ALL;
}

/* The constructs that open a level (branch, loop frame, return address). */
static const unsigned char opener[CV_NCONSTRUCT] = {
    [CV_IF] = 1, [CV_LOOP] = 1, [CV_REP] = 1, [CV_CALL] = 1};

static unsigned bucket(unsigned nest)
{
    return nest < CV_DEPTHS - 1 ? nest : CV_DEPTHS - 1;
}

/* A TEXKILL inside a diverged region (lanes of the wavefront parked): every
 * active lane killed, or every lane of the wavefront. */
static void take_kill(api_cover *v, cv_slot *s, const pa_issue_event *ev)
{
    uint64_t left = s->live & ~ev->kill;
    if (ev->kill && (s->parked & s->live)) {
        if (!(left & ~ev->done))
            v->hits[BIN_SINGLE + SB_KILL_ALL]++;
        else if (s->active & s->live && !(s->active & left))
            v->hits[BIN_SINGLE + SB_KILL_ACTIVE]++;
    }
    s->live = left & ~ev->done;
}

/* A stack that this step filled (below its capacity before, at it after). */
static void full(api_cover *v, int bin, unsigned before, unsigned after, unsigned cap)
{
    if (cap && before < cap && after == cap)
        v->hits[BIN_SINGLE + bin]++;
}

/* The loop frames a step pushed, popped or shrank. */
static void take_loops(api_cover *v, cv_slot *s, const pa_issue_event *ev, int construct,
                       uint64_t parked, unsigned loop_sp)
{
    uint64_t live = ev->fc_in->live;
    unsigned open = s->loop_sp < loop_sp ? s->loop_sp : loop_sp; /* open before and after */
    if ((construct == CV_ENDLOOP || construct == CV_ENDREP) && ev->jump && s->loop_sp &&
        s->entered[s->loop_sp - 1] & live & ~ev->active)
        v->hits[BIN_SINGLE + SB_LOOP_ITER_SHRUNK]++; /* lanes broke out: fewer go round */
    for (unsigned k = loop_sp; k < s->loop_sp && k < FC_MAX_DEPTH; k++)
        if (s->shrunk >> k & 1 && !(s->entered[k] & live & ~ev->active))
            v->hits[BIN_SINGLE + SB_LOOP_SHRINK_REGROW]++; /* popped whole again */
    s->shrunk &= open < 32 ? (1u << open) - 1 : ~0u;
    if (parked && open)
        s->shrunk |= open < 32 ? (1u << open) - 1 : ~0u;
    for (unsigned k = s->loop_sp; k < loop_sp && k < FC_MAX_DEPTH; k++)
        s->entered[k] = ev->active;
}

static void take_fc(api_cover *v, cv_slot *s, const pa_issue_event *ev)
{
    const fc_unit_in *in = ev->fc_in;
    const fc_unit_out *o = ev->fc_out;
    if (o->fault)
        return; /* the run ends here; the step changed nothing */
    v->steps++;
    int construct = construct_of(&in->inst);
    unsigned nest = o->depth + o->loop_sp + o->addr_sp;
    /* the construct's own level, whatever its outcome: one an opener opens (a skipped IF
     * too), else the one it stands in */
    unsigned opens = s->nest + 1 > nest ? s->nest + 1 : nest;
    unsigned d = bucket(opener[construct] ? opens : s->nest);
    uint64_t parked = ev->exec & ~ev->active, woke = ev->active & ~ev->exec;
    /* taken: the group jumps, or every lane it decided for left (all active lanes break
     * while others wait) */
    int outcome = parked && ev->active                           ? CV_DIVERGED
                  : ev->jump || (ev->exec && parked == ev->exec) ? CV_TAKEN
                                                                 : CV_NOT_TAKEN;
    v->hits[(construct * CV_NOUTCOME + outcome) * CV_DEPTHS + d]++;
    if (woke)
        v->hits[BIN_RECONVERGE + d]++;
    if ((construct == CV_CALL || construct == CV_RET) && ev->jump && ev->exec &&
        in->live & ~ev->exec)
        v->hits[BIN_SINGLE + (construct == CV_CALL ? SB_CALL_DIVERGED : SB_RET_DIVERGED)]++;
    unsigned branch_cap = in->full_mode ? 32 : v->part_branches; /* fc_unit_branch_limit */
    full(v, SB_ADDR_FULL, s->addr_sp, o->addr_sp, in->full_mode ? v->addr_depth : 0);
    full(v, SB_LOOP_FULL, s->loop_sp, o->loop_sp, in->full_mode ? v->loop_depth : 0);
    full(v, SB_BRANCH_FULL, s->depth, o->depth, branch_cap);
    take_loops(v, s, ev, construct, parked, o->loop_sp);
    s->live = in->live & ~ev->done; /* the loop frames are as take_loops left them */
    s->active = ev->active;
    s->parked = o->br_inactive | o->loop_masked;
    s->nest = nest;
    s->depth = o->depth;
    s->loop_sp = o->loop_sp;
    s->addr_sp = o->addr_sp;
}

void api_cover_take(api_cover *v, const pa_issue_event *ev)
{
    if (ev->slot >= v->nslots)
        return;
    cv_slot *s = &v->slot[ev->slot];
    switch (ev->kind) {
    case PA_ISSUE_START:
        memset(s, 0, sizeof *s);
        s->live = s->active = ev->exec;
        break;
    case PA_ISSUE_FC:
        if (ev->fc_in && ev->fc_out)
            take_fc(v, s, ev);
        break;
    case PA_ISSUE_TEX:
        take_kill(v, s, ev);
        break;
    default:
        s->live &= ~ev->done;
        break;
    }
}

/* ------------------------------------------------------------ report */

static unsigned bins_hit(const api_cover *v)
{
    unsigned n = 0;
    for (int b = 0; b < BIN_COUNT; b++)
        n += v->hits[b] != 0;
    return n;
}

static void report_text(FILE *out, const void *handle)
{
    const api_cover *v = handle;
    fprintf(out,
            "control coverage: %u of %d bins hit, %llu flow-control steps (rows of zeros left "
            "out)\n",
            bins_hit(v), BIN_COUNT, (unsigned long long)v->steps);
    fprintf(out, "  %-10s %-10s %6s %6s %6s %6s %6s %6s %6s %6s\n", "construct", "outcome", "d0",
            "d1", "d2", "d3", "d4", "d5", "d6", "d7+");
    for (int c = 0; c < CV_NCONSTRUCT; c++)
        for (int o = 0; o < CV_NOUTCOME; o++) {
            const uint64_t *h = &v->hits[(c * CV_NOUTCOME + o) * CV_DEPTHS];
            uint64_t any = 0;
            for (int d = 0; d < CV_DEPTHS; d++)
                any |= h[d];
            if (!any)
                continue; /* the JSON has every bin */
            fprintf(out, "  %-10s %-10s", construct_names[c], outcome_names[o]);
            for (int d = 0; d < CV_DEPTHS; d++)
                fprintf(out, " %6llu", (unsigned long long)h[d]);
            fputc('\n', out);
        }
    fprintf(out, "  %-21s", "reconverge");
    for (int d = 0; d < CV_DEPTHS; d++)
        fprintf(out, " %6llu", (unsigned long long)v->hits[BIN_RECONVERGE + d]);
    fputc('\n', out);
    for (int k = 0; k < CV_NSINGLE; k++)
        fprintf(out, "  %-21s %6llu\n", single_names[k],
                (unsigned long long)v->hits[BIN_SINGLE + k]);
}

static void report_json(FILE *out, const void *handle)
{
    const api_cover *v = handle;
    make_names();
    fprintf(out, "{\"bins\": %d, \"hit\": %u, \"steps\": %llu, \"hits\": {", BIN_COUNT, bins_hit(v),
            (unsigned long long)v->steps);
    for (int b = 0; b < BIN_COUNT; b++)
        fprintf(out, "%s\"%s\": %llu", b ? ", " : "", names[b], (unsigned long long)v->hits[b]);
    fputs("}}", out);
}

const char *api_cover_report(api_cover *v, int json)
{
    const char *t = api_report_text(&v->text, 1, json ? CTM_REPORT_JSON : CTM_REPORT_TEXT,
                                    report_text, report_json, v);
    return v->text ? t : NULL;
}

/* ------------------------------------------------------------ public calls */

int ctm_cover_bins(void)
{
    return BIN_COUNT;
}

const char *ctm_cover_name(int bin)
{
    if (!API_RANGE(NULL, "bin", bin, 0, BIN_COUNT - 1))
        return "";
    return api_cover_name(bin);
}

uint64_t ctm_model_cover(const ctm_model *m, int bin)
{
    if (!API_LIVE(m, API_MODEL) || !API_RANGE((api_handle *)m, "bin", bin, 0, BIN_COUNT - 1))
        return 0;
    return api_cover_hits(api_model_cover(m), bin);
}

const char *ctm_model_cover_report(ctm_model *m, int format)
{
    if (!text_of(m, API_MODEL, __func__) || !API_RANGE((api_handle *)m, "format", format, 0, 1))
        return ctm_error();
    const char *t = api_cover_report(api_model_cover(m), format == CTM_REPORT_JSON);
    return t ? t : "";
}
