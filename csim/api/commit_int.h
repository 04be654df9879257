/* Internals of the commit checker (ctm_commit.c, commit_report.c): its
 * handle, one wavefront's queue, and the mismatch a report tells. */
#ifndef CSIM_COMMIT_INT_H
#define CSIM_COMMIT_INT_H

#include "check_queue.h"
#include "ctm.h"
#include "ctm_int.h"

#include <stddef.h>
#include <stdint.h>

/* A commit's fields, in the order they are compared and shown. */
enum {
    CF_KIND,
    CF_PC,
    CF_OP, /* level 2 (PRED_OP) */
    CF_QUARTER,
    CF_MASK,
    CF_EXEC,
    CF_DONE,
    CF_KILL,
    CF_JUMP,
    CF_NEXT_PC,
    CF_ACTIVE,
    CF_BR_INACTIVE, /* level 2 (FC_STATE) */
    CF_DEPTH,
    CF_ADDR_SP,
    CF_ADDR_TOP,
    CF_LOOP_SP,
    CF_LOOP_COUNT,
    CF_AL,
    CF_BC,      /* compared lane by lane; as a value, the lanes whose counter is not 0 */
    CF_REGIONS, /* REGIONS */
    CF_COUNT
};
#define CF_NONE   (-1)
#define CF_BIT(f) (1u << (f))

enum {
    CC_HISTORY = CHECK_HISTORY, /* commits of a wavefront kept for the report */
    CC_NEXT_SHOWN = 4, /* the model's next commits a report shows */
    CC_LOOKAHEAD = 16, /* how far an out-of-order commit is looked for */
};

/* What ended the check. */
enum { CC_FIELD, CC_ORDER, CC_EXTRA, CC_CONTEXT, CC_HANG, CC_DRAIN, CC_WHATS };

typedef struct cc_made {
    ctm_commit r;
    uint64_t cycle;
} cc_made;

/* A TEXKILL the model made that the design has not reported (KILL). */
typedef struct cc_kill {
    uint32_t pc;
    uint64_t lanes;
} cc_kill;

/* One wavefront: the model's commits the design has yet to make, and the
 * last ones it made. Freed at its END. */
typedef struct cc_wave {
    check_queue queue; /* of ctm_commit; draining: only the first one never made kept */
    uint64_t made;
    check_hist hist; /* of cc_made */
    cc_kill *kills; /* asynchronous kills (KILL among the kinds) not yet reported */
    unsigned nkills, kills_cap;
    uint64_t pending; /* their lanes: other commits are compared outside them */
    int ctx;       /* the design's context that runs it, or -1 */
    int start_ctx; /* the one that started it */
    uint8_t started, ended;
    uint8_t model_done; /* the model's END of it came */
    /* the model's open branch levels (REGIONS): how many, and bit i set when level
     * i + 1 was opened by a branch that parked lanes */
    uint8_t levels;
    uint64_t divergent;
} cc_wave;

typedef struct cc_mismatch {
    int what;       /* CC_* */
    int field;      /* CF_*, or CF_NONE */
    int wave;       /* -1: none */
    unsigned later; /* CC_ORDER: the design's commit is the wave's next but `later` */
    uint64_t cycle;
    int has_got;
    ctm_commit got;
    ctm_commit next[CC_NEXT_SHOWN]; /* the model's next commits of the wave */
    unsigned nnext;
    cc_made hist[CC_HISTORY]; /* the wave's last matched commits, oldest first */
    unsigned nhist;
    unsigned missing_waves; /* CC_DRAIN: wavefronts with commits never made */
} cc_mismatch;

struct ctm_commit_checker {
    api_handle h;
    ctm_model *m;
    int contexts, level;
    int family;             /* level 2: CTM_COMMIT_FAMILY_* */
    int regions;            /* -1, or the CTM_REGIONS_* policy of the REGIONS commits */
    struct cc_pred *pred;   /* level 2, the predicate-stack family: the mapping and the stack */
    int *ctx_wave; /* per design context: the wave it runs, or -1 */
    cc_wave *wave;
    unsigned nwaves, wave_cap;
    unsigned next_start; /* the lowest wave no START has claimed */
    unsigned first_open; /* waves below it have ended on the design's side */
    uint32_t kinds;      /* bit k: the design commits CTM_COMMIT_k */
    int model_ended, draining;
    int shared;      /* the testbench steps the model; its commits come through take_shared */
    int sink_status; /* what taking a shared commit ran into (CTM_E_NOMEM), else 0 */
    uint64_t matched;
    uint64_t watchdog, last_cycle;
    int seen_cycle;
    check_verdict v;
    cc_mismatch x;
};

/* The kinds of each level (bit k: CTM_COMMIT_k); KILL is in all, opt-in;
 * level 2 is level 0's and its family's. */
#define CC_KILL_KIND    (1u << CTM_COMMIT_KILL)
#define CC_LEVEL0_KINDS (((1u << (CTM_COMMIT_END + 1)) - 1) | CC_KILL_KIND)
#define CC_LEVEL1_KINDS                                                                            \
    ((1u << CTM_COMMIT_START) | (1u << CTM_COMMIT_END) |                                           \
     (((1u << (CTM_COMMIT_KILL + 1)) - 1) & ~((1u << CTM_COMMIT_DIVERGE) - 1)))
#define CC_FAMILY_KIND(family)                                                                     \
    (1u << ((family) == CTM_COMMIT_FAMILY_PRED ? CTM_COMMIT_PRED_OP : CTM_COMMIT_FC_STATE))
#define CC_REGIONS_KIND (1u << CTM_COMMIT_REGIONS) /* any level, with ctm_commit_set_regions */

/* What wave q still owes the design's side: its queue, the commits counted
 * past it while draining, its unreported kills; *first (if any) the first. */
uint64_t commit_owed(const cc_wave *q, ctm_commit *first);

/* The fields a commit of `kind` carries (CF_BIT of each), and one's value. */
uint32_t commit_fields(int kind);
uint64_t commit_field(const ctm_commit *r, int f);

/* The lanes whose branch counters (bc) differ. */
uint64_t commit_bc_differ(const ctm_commit *want, const ctm_commit *got);

const char *commit_kind_name(int kind);
const char *commit_field_name(int f);

/* "FC pc 14 exec 0xff jump 1 next_pc 20 active 0xf0": the fields of r's kind (done and
 * kill only when a lane ended). */
void commit_describe(char *buf, size_t size, const ctm_commit *r);

/* "active: expected 0xff00, actual 0xff80 (lanes 7 differ)". */
void commit_field_diff(char *buf, size_t size, int f, const ctm_commit *want,
                       const ctm_commit *got);

#endif
