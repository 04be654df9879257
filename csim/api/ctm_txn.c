/* The transaction checker of the public API (ctm.h, docs/txn.md): a design's
 * PE commands, MC accesses and CO decisions against the model's stream.
 *
 * The model runs on demand (api_model_txn) and its transactions of the
 * checker's units wait in one queue, oldest first. Ordered kinds (PE
 * commands, MC flushes, perf-counter words) are barriers: a design's one must
 * be the head of the queue. The others may come in any order between two
 * barriers: a design's transaction takes the earliest waiting one with the
 * same key (unit, kind and the index, x, y its kind carries) among the next
 * TXN_WINDOW before the first barrier, so transactions of one key stay in
 * order. Only the model's lead over the design is held. */
#include "check_queue.h"
#include "ctm.h"
#include "ctm_int.h"
#include "mc_format.h"
#include "pe.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    TXN_WINDOW = 1024,           /* how far an unordered transaction is matched */
    TXN_FAR = 4096,              /* how far one is looked for to tell "order" from "extra" */
    TXN_HISTORY = CHECK_HISTORY, /* matched transactions kept for the report */
    TXN_SHOWN = 4,               /* the model's next transactions a report shows */
};

/* A transaction's fields after unit and kind, in the order they are compared. */
enum {
    TF_INDEX,
    TF_FORMAT,
    TF_X,
    TF_Y,
    TF_ADDRESS,
    TF_MASK,
    TF_VALUE0,
    TF_VALUE1,
    TF_VALUE2,
    TF_VALUE3,
    TF_V,
    TF_B,
    TF_TEST,
    TF_LOC,
    TF_WRITEMASK,
    TF_READS,
    TF_KEEP,
    TF_WRITE,
    TF_BYTE_EN, /* a write's byte enables */
    TF_BYTES,   /* a write's bytes, compared where the model's byte_en is set */
    TF_COUNT,
    TF_KIND = -2, /* a mismatch of the kind itself (ordered kinds) */
    TF_NONE = -1
};
#define TB(f)   (1u << (f))
#define TVALUES (TB(TF_VALUE0) | TB(TF_VALUE1) | TB(TF_VALUE2) | TB(TF_VALUE3))
#define TSTORED (TB(TF_BYTE_EN) | TB(TF_BYTES)) /* what a write stores (since 1.15) */

static const char *const field_names[TF_COUNT] = {
    "index",     "format",   "x",        "y",     "address", "mask", "value[0]",
    "value[1]",  "value[2]", "value[3]", "v",     "b",       "test", "loc",
    "writemask", "reads",    "keep",     "write", "byte_en", "bytes"};

static const struct {
    const char *name;
    int unit;
    int ordered;
    uint32_t fields; /* compared */
} kinds[CTM_TXN_KINDS] = {
    [CTM_TXN_PE_CMD] = {"COMMAND", CTM_UNIT_PE, 1,
                        TB(TF_INDEX) | TB(TF_ADDRESS) | TB(TF_MASK) | TVALUES},
    [CTM_TXN_MC_INPUT] = {"INPUT", CTM_UNIT_MC, 0,
                          TB(TF_INDEX) | TB(TF_X) | TB(TF_Y) | TB(TF_ADDRESS) | TB(TF_FORMAT) |
                              TVALUES},
    [CTM_TXN_MC_CONSTF] = {"CONSTF", CTM_UNIT_MC, 0,
                           TB(TF_INDEX) | TB(TF_ADDRESS) | TB(TF_FORMAT) | TVALUES},
    [CTM_TXN_MC_CONSTI] = {"CONSTI", CTM_UNIT_MC, 0,
                           TB(TF_INDEX) | TB(TF_ADDRESS) | TB(TF_FORMAT) | TB(TF_VALUE0)},
    [CTM_TXN_MC_CONSTB] = {"CONSTB", CTM_UNIT_MC, 0,
                           TB(TF_INDEX) | TB(TF_ADDRESS) | TB(TF_FORMAT) | TB(TF_VALUE0)},
    [CTM_TXN_MC_OUTPUT] = {"OUTPUT", CTM_UNIT_MC, 0,
                           TB(TF_INDEX) | TB(TF_X) | TB(TF_Y) | TB(TF_ADDRESS) | TB(TF_FORMAT) |
                               TB(TF_MASK) | TVALUES | TSTORED},
    [CTM_TXN_MC_COND_READ] = {"COND_READ", CTM_UNIT_MC, 0,
                              TB(TF_X) | TB(TF_Y) | TB(TF_ADDRESS) | TB(TF_FORMAT) | TB(TF_VALUE0)},
    [CTM_TXN_MC_COND_WRITE] = {"COND_WRITE", CTM_UNIT_MC, 0,
                               TB(TF_X) | TB(TF_Y) | TB(TF_ADDRESS) | TB(TF_FORMAT) | TB(TF_MASK) |
                                   TB(TF_VALUE0) | TSTORED},
    [CTM_TXN_MC_FLUSH] = {"FLUSH", CTM_UNIT_MC, 1, 0},
    [CTM_TXN_MC_WORD] = {"WORD", CTM_UNIT_MC, 1, TB(TF_ADDRESS) | TB(TF_VALUE0)},
    [CTM_TXN_CO_DECIDE] = {"DECIDE", CTM_UNIT_CO, 0,
                           TB(TF_INDEX) | TB(TF_X) | TB(TF_Y) | TB(TF_V) | TB(TF_B) | TB(TF_TEST) |
                               TB(TF_LOC) | TB(TF_WRITEMASK) | TB(TF_READS) | TB(TF_KEEP) |
                               TB(TF_WRITE)},
};
static const char *const unit_names[CTM_UNITS] = {"PE", "MC", "CO"};
#define TKEY (TB(TF_INDEX) | TB(TF_X) | TB(TF_Y))

/* What ended the check. */
enum { TW_FIELD, TW_ORDER, TW_EXTRA, TW_DRAIN, TW_WHATS };
static const char *const what_names[TW_WHATS] = {"field", "order", "extra", "drain"};

/* Why an order verdict: the match lies past a pending ordered transaction
 * (crossed), past the window with none between, or the design's own
 * transaction is ordered with unmatched ones before it. */
enum { TO_NONE, TO_CROSSED, TO_WINDOW, TO_ORDERED };
static const char *const cause_names[] = {"", "crossed", "window", "ordered"};

typedef struct tx_item {
    ctm_txn t;
    uint64_t seq; /* its number in the model's stream of the checker's units, from 0 */
} tx_item;

typedef struct tx_mismatch {
    int what, field;
    int has_got, has_want;
    uint64_t got_seq; /* the design's transaction's number (its puts from 0) */
    ctm_txn got;
    tx_item want;
    uint64_t later;  /* TW_ORDER: how many waiting transactions come before the one it is */
    int cause;       /* TW_ORDER: TO_* */
    tx_item crossed; /* TO_CROSSED: the first ordered transaction pending before it */
    int has_cycle;   /* the testbench's cycle of the verdict (ctm_txn_set_cycle) */
    uint64_t cycle;
    tx_item next[TXN_SHOWN];
    unsigned nnext;
    tx_item hist[TXN_HISTORY]; /* oldest first */
    unsigned nhist;
    uint64_t missing; /* TW_DRAIN */
} tx_mismatch;

struct ctm_txn_checker {
    api_handle h;
    ctm_model *m;
    int units;
    uint32_t kinds;  /* bit k: CTM_TXN_k is checked (ctm_txn_set_kinds); the others skipped */
    check_queue q;   /* of tx_item, waiting; draining: the first TXN_SHOWN kept */
    uint64_t pulled; /* model transactions taken */
    int model_ended;
    int finished;
    int shared;      /* ctm_txn_share: the testbench pulls the run; its transactions come by take_shared */
    int sink_status; /* a shared run's failure to keep one (CTM_E_NOMEM) */
    uint64_t puts, matched;
    check_hist hist; /* of tx_item */
    check_verdict v;
    int has_cycle; /* ctm_txn_set_cycle was called: the cycle of the puts from then on */
    uint64_t cycle;
    tx_mismatch x;
};

/* ------------------------------------------------------------ fields */

/* Where each field lies in the record (TF_BYTES: compared byte by byte, by
 * bytes_differ); a signed one is widened with its sign, as it prints. */
#define TXN_AT(m) offsetof(ctm_txn, m), sizeof(((ctm_txn *)0)->m)
static const struct {
    uint8_t offset, size, is_signed;
} field_at[TF_COUNT] = {
    [TF_INDEX] = {TXN_AT(index), 1},
    [TF_FORMAT] = {TXN_AT(format), 1},
    [TF_X] = {TXN_AT(x), 1},
    [TF_Y] = {TXN_AT(y), 1},
    [TF_ADDRESS] = {TXN_AT(address), 0},
    [TF_MASK] = {TXN_AT(mask), 0},
    [TF_VALUE0] = {TXN_AT(value[0]), 0},
    [TF_VALUE1] = {TXN_AT(value[1]), 0},
    [TF_VALUE2] = {TXN_AT(value[2]), 0},
    [TF_VALUE3] = {TXN_AT(value[3]), 0},
    [TF_V] = {TXN_AT(v), 0},
    [TF_B] = {TXN_AT(b), 0},
    [TF_TEST] = {TXN_AT(test), 1},
    [TF_LOC] = {TXN_AT(loc), 1},
    [TF_WRITEMASK] = {TXN_AT(writemask), 1},
    [TF_READS] = {TXN_AT(reads), 1},
    [TF_KEEP] = {TXN_AT(keep), 1},
    [TF_WRITE] = {TXN_AT(write), 1},
    [TF_BYTE_EN] = {TXN_AT(byte_en), 0},
};
#undef TXN_AT

static uint64_t field_value(const ctm_txn *t, int f)
{
    const unsigned char *at = (const unsigned char *)t + field_at[f].offset;
    if (field_at[f].size == 8) {
        uint64_t v;
        memcpy(&v, at, sizeof v);
        return v;
    }
    if (field_at[f].size != 4) /* TF_BYTES */
        return 0;
    uint32_t v;
    memcpy(&v, at, sizeof v);
    return field_at[f].is_signed ? (uint64_t)(int64_t)(int32_t)v : v;
}

/* The fields of want's kind that are compared: an output write's values only
 * in the channels it writes, the CO's b only when it was read. */
static uint32_t compared(const ctm_txn *want)
{
    uint32_t f = kinds[want->kind].fields;
    if (want->kind == CTM_TXN_MC_OUTPUT)
        f &= ~(TVALUES & ~((want->mask & 0xFu) << TF_VALUE0));
    if (want->kind == CTM_TXN_CO_DECIDE && !want->reads)
        f &= ~TB(TF_B);
    return f;
}

static int same_key(const ctm_txn *a, const ctm_txn *b)
{
    if (a->unit != b->unit || a->kind != b->kind)
        return 0;
    uint32_t key = kinds[a->kind].fields; /* of TKEY: no walk, this is the matcher's loop */
    return (!(key & TB(TF_INDEX)) || a->index == b->index) && (!(key & TB(TF_X)) || a->x == b->x) &&
           (!(key & TB(TF_Y)) || a->y == b->y);
}

static unsigned byte_of(const ctm_txn *t, unsigned k)
{
    return t->bytes[k / 4] >> (8 * (k % 4)) & 0xFFu;
}

/* Bytes of the element of t's format (16 for a format the model has not). */
static unsigned element_bytes(const ctm_txn *t)
{
    unsigned n = t->format >= 0 ? mc_format_bpe((unsigned)t->format) : 0;
    return n ? n : 16;
}

/* The first channel whose stored bytes (want's byte_en) differ, its bytes as
 * little-endian integers into *w and *a; -1 when none differs. */
static int bytes_differ(const ctm_txn *want, const ctm_txn *got, uint64_t *w, uint64_t *a)
{
    unsigned n = element_bytes(want), channels = mc_format_channels((unsigned)want->format);
    unsigned width = channels ? n / channels : 4; /* bytes a channel */
    for (unsigned k = 0; k < 16; k++)
        if ((want->byte_en >> k & 1) && byte_of(want, k) != byte_of(got, k)) {
            unsigned c = k / width;
            *w = *a = 0;
            for (unsigned b = width; b-- > 0;) {
                *w = *w << 8 | byte_of(want, c * width + b);
                *a = *a << 8 | byte_of(got, c * width + b);
            }
            return (int)c;
        }
    return -1;
}

/* The first compared field where got differs from want (TF_NONE: none);
 * the fields in skip are not compared. */
static int first_difference(const ctm_txn *want, const ctm_txn *got, uint32_t skip)
{
    if (want->unit != got->unit || want->kind != got->kind)
        return TF_KIND;
    if (!memcmp(want, got, sizeof *want)) /* the common case: the record whole */
        return TF_NONE;
    uint64_t w, a;
    for (uint32_t m = compared(want) & ~skip; m; m &= m - 1) {
        int f = __builtin_ctz(m);
        if (f == TF_BYTES ? bytes_differ(want, got, &w, &a) >= 0
                          : field_value(want, f) != field_value(got, f))
            return f;
    }
    return TF_NONE;
}

/* A format by its name (UINT8_4), a code the model has not as its number. */
static const char *format_text(char *buf, size_t size, int64_t format)
{
    if (format >= 0 && format < MC_FMT_COUNT)
        return mc_format_name((unsigned)format);
    snprintf(buf, size, "%" PRId64, format);
    return buf;
}

static int print_value(char *buf, size_t size, int f, uint64_t v)
{
    if (f == TF_FORMAT) {
        char n[24];
        return snprintf(buf, size, "%s", format_text(n, sizeof n, (int64_t)v));
    }
    if (f == TF_X || f == TF_Y)
        return snprintf(buf, size, "%" PRId64, (int64_t)v);
    if (f == TF_ADDRESS || f == TF_MASK || (f >= TF_VALUE0 && f <= TF_B) || f == TF_BYTE_EN)
        return snprintf(buf, size, "0x%" PRIx64, v);
    return snprintf(buf, size, "%" PRId64, (int64_t)v);
}

/* "MC OUTPUT" or "PE COMMAND set_domain". */
static void kind_text(char *buf, size_t size, const ctm_txn *t)
{
    const pe_cmd_desc *d = t->kind == CTM_TXN_PE_CMD ? pe_cmd_by_opcode((unsigned)t->index) : NULL;
    snprintf(buf, size, "%s %s%s%s", unit_names[t->unit], kinds[t->kind].name, d ? " " : "",
             d ? d->name : "");
}

/* A write's element in memory order, a byte not stored as "--": "80ff--7f". */
static void bytes_text(char *buf, size_t size, const ctm_txn *t)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned k = 0; k < element_bytes(t) && used < size; k++)
        used +=
            (size_t)(t->byte_en >> k & 1 ? snprintf(buf + used, size - used, "%02x", byte_of(t, k))
                                         : snprintf(buf + used, size - used, "--"));
}

/* "MC OUTPUT index 0 x 3 y 1 address 0x... mask 0xf value[0] 0x..." */
static void describe(char *buf, size_t size, const ctm_txn *t)
{
    kind_text(buf, size, t);
    size_t used = strlen(buf);
    for (uint32_t m = compared(t); m && used < size; m &= m - 1) {
        int f = __builtin_ctz(m);
        used += (size_t)snprintf(buf + used, size - used, " %s ", field_names[f]);
        if (used < size && f == TF_BYTES)
            bytes_text(buf + used, size - used, t);
        else if (used < size)
            print_value(buf + used, size - used, f, field_value(t, f));
        used += strlen(buf + used);
    }
}

/* Field f of want and got as a diff prints them into w and a (size bytes
 * each); for the bytes, the first channel that differs, as the element holds
 * it, and where: "channel 2 of output 0 (UINT8_4) at (3, 1)" into where. */
static void field_pair(const ctm_txn *want, const ctm_txn *got, int f, char *w, char *a,
                       size_t size, char *where, size_t where_size)
{
    if (where_size)
        where[0] = 0;
    uint64_t wv, av;
    int c = f == TF_BYTES ? bytes_differ(want, got, &wv, &av) : -1;
    if (c < 0) {
        print_value(w, size, f, field_value(want, f));
        print_value(a, size, f, field_value(got, f));
        return;
    }
    unsigned channels = mc_format_channels((unsigned)want->format);
    int digits = 2 * (int)(element_bytes(want) / (channels ? channels : 4));
    snprintf(w, size, "0x%0*" PRIx64, digits, wv);
    snprintf(a, size, "0x%0*" PRIx64, digits, av);
    char surface[32];
    if (want->kind == CTM_TXN_MC_OUTPUT)
        snprintf(surface, sizeof surface, "output %d", (int)want->index);
    else
        snprintf(surface, sizeof surface, "the conditional buffer");
    snprintf(where, where_size, "channel %d of %s (%s) at (%" PRId64 ", %" PRId64 ")", c, surface,
             mc_format_name((unsigned)want->format), want->x, want->y);
}

/* ------------------------------------------------------------ the queue */

static tx_item *at(const ctm_txn_checker *c, size_t i)
{
    return cq_at(&c->q, i);
}

/* The model's transaction just read into the queue's tail: numbered and kept
 * (draining: counted only once the queue shows enough). */
static void take_tail(ctm_txn_checker *c, tx_item *it)
{
    it->seq = c->pulled++;
    cq_offer_tail(&c->q, c->finished, TXN_SHOWN);
}

/* A shared run's transaction, as the testbench's ctm_model_txn made it: into
 * the queue when it is of the checker's units and kinds. */
static void take_shared(void *user, const ctm_txn *t)
{
    ctm_txn_checker *c = user;
    if (!(c->units >> t->unit & 1) || !(c->kinds >> t->kind & 1))
        return;
    tx_item *it = cq_tail(&c->q);
    if (!it) {
        c->sink_status = CTM_E_NOMEM;
        return;
    }
    it->t = *t;
    take_tail(c, it);
}

/* A shared run: nothing comes but what the testbench's pulls made, until the
 * drain check, which runs the rest of the run itself. 0, or a negative status. */
static int pull_shared(ctm_txn_checker *c)
{
    if (c->sink_status)
        return -c->sink_status;
    if (!c->finished)
        return 0;
    ctm_txn rest;
    int r;
    while ((r = api_model_txn(c->m, CTM_UNITS_ALL, &rest, "ctm_txn_checker")) > 0)
        ; /* take_shared has each as it is made */
    c->model_ended = 1;
    if (r < 0) {
        snprintf(c->v.diff, sizeof c->v.diff, "the model faulted: %s", ctm_model_error(c->m));
        return r;
    }
    return c->sink_status ? -c->sink_status : 0;
}

/* The model's next transaction into the queue (take_tail). 1, 0 at the run's
 * end (a shared run: nothing more yet), or a negative status. */
static int pull(ctm_txn_checker *c)
{
    if (c->model_ended)
        return 0;
    if (!api_is_live(c->m, API_MODEL)) {
        snprintf(c->v.diff, sizeof c->v.diff, "the checker's ctm_model was freed");
        return -CTM_E_STATE;
    }
    if (c->shared)
        return pull_shared(c);
    tx_item *it = cq_tail(&c->q); /* read in place: the queue's copy is the only one */
    if (!it)
        return -CTM_E_NOMEM;
    int got;
    do /* the kinds the design does not make are not its to make */
        got = api_model_txn(c->m, c->units, &it->t, "ctm_txn_checker");
    while (got > 0 && !(c->kinds >> it->t.kind & 1));
    if (got < 0) {
        snprintf(c->v.diff, sizeof c->v.diff, "the model faulted: %s", ctm_model_error(c->m));
        return got;
    }
    if (!got) {
        c->model_ended = 1;
        return 0;
    }
    take_tail(c, it);
    return 1;
}

/* Runs the model until the queue holds want transactions or the run ends:
 * 0, or a negative status. */
static int fill(ctm_txn_checker *c, size_t want)
{
    while (c->q.n < want) {
        int st = pull(c);
        if (st <= 0)
            return st;
    }
    return 0;
}

/* Takes queue entry i out, into the history. 0 or CTM_E_NOMEM. */
static int accept(ctm_txn_checker *c, size_t i)
{
    if (ch_add(&c->hist, at(c, i), sizeof(tx_item)))
        return CTM_E_NOMEM;
    cq_take(&c->q, i);
    c->matched++;
    return CTM_OK;
}

/* ------------------------------------------------------------ the handle */

ctm_txn_checker *ctm_txn_new(ctm_model *m, int units)
{
    if (!api_is_live(m, API_MODEL) && !api_live_slow(m, API_MODEL, __func__))
        return NULL;
    if (!API_RANGE(NULL, "units", units, 1, CTM_UNITS_ALL))
        return NULL;
    ctm_txn_checker *c = api_alloc(API_TXN, sizeof *c);
    if (!c)
        return api_fail("%s: out of memory", __func__);
    if (api_model_drive(m, c, __func__)) {
        char why[API_ERROR_MAX];
        snprintf(why, sizeof why, "%s", ctm_error());
        api_release(c, API_TXN);
        return api_fail("%s", why);
    }
    c->m = m;
    c->q = cq_new(sizeof(tx_item));
    c->units = units;
    c->kinds = (1u << CTM_TXN_KINDS) - 1;
    api_set_error("");
    return c;
}

int ctm_txn_set_kinds(ctm_txn_checker *c, int want)
{
    if (!API_LIVE(c, API_TXN))
        return CTM_E_ARG;
    if (c->puts || c->pulled || c->finished) {
        api_error(&c->h, "%s: too late: the kinds are set before the first ctm_txn_put", __func__);
        return CTM_E_STATE;
    }
    if (!API_RANGE(&c->h, "kinds", want, 1, (1 << CTM_TXN_KINDS) - 1))
        return CTM_E_ARG;
    uint32_t of_units = 0;
    for (int k = 0; k < CTM_TXN_KINDS; k++)
        if (c->units >> kinds[k].unit & 1)
            of_units |= 1u << k;
    if (!((uint32_t)want & of_units)) {
        api_error(&c->h, "%s: kinds = 0x%x holds no kind of the checker's units (0x%x)", __func__,
                  (unsigned)want, (unsigned)c->units);
        return CTM_E_ARG;
    }
    c->kinds = (uint32_t)want;
    return CTM_OK;
}

int ctm_txn_share(ctm_txn_checker *c)
{
    if (!API_LIVE(c, API_TXN))
        return CTM_E_ARG;
    if (c->shared)
        return CTM_OK;
    if (c->puts || c->pulled || c->finished || c->v.verdict) {
        api_error(&c->h, "%s: too late: a run is shared before the first ctm_txn_put", __func__);
        return CTM_E_STATE;
    }
    if (!api_is_live(c->m, API_MODEL)) {
        api_error(&c->h, "%s: the checker's ctm_model was freed", __func__);
        return CTM_E_STATE;
    }
    if (api_model_share_txn(c->m, take_shared, c, __func__)) {
        api_error(&c->h, "%s", ctm_error());
        return CTM_E_STATE;
    }
    api_model_drive(c->m, NULL, __func__); /* the testbench pulls it: ctm_model_txn */
    c->shared = 1;
    return CTM_OK;
}

void ctm_txn_free(ctm_txn_checker *c)
{
    if (!c || !API_LIVE(c, API_TXN))
        return;
    if (api_is_live(c->m, API_MODEL) && c->shared)
        api_model_share_txn(c->m, NULL, NULL, __func__);
    if (api_is_live(c->m, API_MODEL))
        api_model_drive(c->m, NULL, __func__);
    cq_free(&c->q);
    ch_free(&c->hist);
    free(c->v.report);
    api_release(c, API_TXN);
}

/* ------------------------------------------------------------ verdicts */

/* The one-line diff (cut to its size). */
static void say(ctm_txn_checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(ctm_txn_checker *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->v.diff, sizeof c->v.diff, fmt, ap);
    va_end(ap);
}

static int stop(ctm_txn_checker *c, int what, int field, const ctm_txn *got, const tx_item *want)
{
    tx_mismatch *x = &c->x;
    x->what = what;
    x->field = field;
    x->has_got = got != NULL;
    if (got)
        x->got = *got;
    x->got_seq = c->puts;
    x->has_want = want != NULL;
    if (want)
        x->want = *want;
    x->has_cycle = c->has_cycle;
    x->cycle = c->cycle;
    if (c->has_cycle) { /* the diff leads with the cycle, as a mirror's does */
        char lead[32];
        size_t n = (size_t)snprintf(lead, sizeof lead, "cycle %" PRIu64 ", ", c->cycle);
        size_t keep = strlen(c->v.diff); /* cut at the end if the whole does not fit */
        if (keep > sizeof c->v.diff - 1 - n)
            keep = sizeof c->v.diff - 1 - n;
        memmove(c->v.diff + n, c->v.diff, keep);
        memcpy(c->v.diff, lead, n);
        c->v.diff[n + keep] = 0;
    }
    fill(c, TXN_SHOWN);
    x->nnext = cq_copy(&c->q, x->next, TXN_SHOWN);
    x->nhist = ch_copy(&c->hist, x->hist, sizeof *x->hist);
    c->v.verdict = CTM_E_MISMATCH;
    return CTM_E_MISMATCH;
}

static int misuse(ctm_txn_checker *c, const char *func, const char *text)
{
    return cv_misuse(&c->v, &c->h, func, text);
}

static int field_mismatch(ctm_txn_checker *c, const ctm_txn *t, const tx_item *want, int f)
{
    char kt[64], w[32], a[32];
    kind_text(kt, sizeof kt, &want->t);
    if (f == TF_KIND) {
        char gt[64];
        kind_text(gt, sizeof gt, t);
        say(c, "transaction %" PRIu64 ": %s: kind: expected %s, actual %s", c->puts,
            unit_names[want->t.unit], kt, gt);
    } else {
        char where[96];
        field_pair(&want->t, t, f, w, a, sizeof w, where, sizeof where);
        char key[96] = ""; /* the key fields the kind carries */
        size_t used = 0;
        for (uint32_t m = kinds[want->t.kind].fields & TKEY; m; m &= m - 1) {
            int k = __builtin_ctz(m);
            used += (size_t)snprintf(key + used, sizeof key - used, ", %s %" PRId64, field_names[k],
                                     (int64_t)field_value(&want->t, k));
        }
        say(c,
            "transaction %" PRIu64 ": %s (model's transaction %" PRIu64 "%s): %s: %s%sexpected %s, "
            "actual %s",
            c->puts, kt, want->seq, key, field_names[f], where, where[0] ? ": " : "", w, a);
    }
    return stop(c, TW_FIELD, f, t, want);
}

/* A transaction of the same key further on (past the window or a barrier):
 * its position, or -1. */
static long later_key(ctm_txn_checker *c, const ctm_txn *t, size_t from)
{
    fill(c, TXN_FAR);
    for (size_t i = from; i < c->q.n && i < TXN_FAR; i++)
        if (same_key(&at(c, i)->t, t))
            return (long)i;
    return -1;
}

/* An order verdict: t is the model's transaction `later` places on; says why
 * it may not be matched there, naming the ordered transaction it crossed. */
static int out_of_order(ctm_txn_checker *c, const ctm_txn *t, size_t later, const char *gt)
{
    tx_item want = *at(c, later), head = *at(c, 0);
    size_t b = 0;
    while (b < later && !kinds[at(c, b)->t.kind].ordered)
        b++;
    char ht[200], why[320];
    describe(ht, sizeof ht, &head.t);
    tx_mismatch *x = &c->x;
    if (b < later) { /* a barrier pending before it */
        x->cause = TO_CROSSED;
        x->crossed = *at(c, b);
        char bt[64];
        kind_text(bt, sizeof bt, &x->crossed.t);
        snprintf(why, sizeof why,
                 "; it crossed the ordered %s at address 0x%" PRIx64
                 " (the model's transaction %" PRIu64 "), which the design has not made",
                 bt, x->crossed.t.address, x->crossed.seq);
    } else if (kinds[t->kind].ordered) {
        x->cause = TO_ORDERED;
        snprintf(why, sizeof why,
                 "; an ordered kind must be the model's next, and the %zu before it were "
                 "never made",
                 later);
    } else {
        x->cause = TO_WINDOW;
        snprintf(why, sizeof why,
                 "; the %d-transaction window was the cause: an unordered one is matched "
                 "only among the next %d waiting",
                 TXN_WINDOW, TXN_WINDOW);
    }
    say(c,
        "transaction %" PRIu64 ": out of order: %s is the model's transaction %" PRIu64
        ", %zu after the next one waiting (%s)%s",
        c->puts, gt, want.seq, later, ht, why);
    x->later = (uint64_t)later;
    return stop(c, TW_ORDER, TF_NONE, t, &want);
}

static int compare(ctm_txn_checker *c, const ctm_txn *t, uint32_t skip)
{
    int ordered = kinds[t->kind].ordered;
    int st = fill(c, 1);
    if (st < 0)
        return -st;
    size_t i = 0, limit = 1;
    if (!ordered) { /* the window: up to TXN_WINDOW, not past a barrier */
        if ((st = fill(c, TXN_WINDOW)) < 0)
            return -st;
        limit = c->q.n < TXN_WINDOW ? c->q.n : TXN_WINDOW;
        for (i = 0; i < limit && !kinds[at(c, i)->t.kind].ordered; i++)
            if (same_key(&at(c, i)->t, t))
                break;
        if (i < limit && kinds[at(c, i)->t.kind].ordered)
            i = limit; /* stopped at a barrier */
    } else if (!c->q.n || !same_key(&at(c, 0)->t, t)) {
        i = 1;
    }
    if (i < limit && i < c->q.n) {
        int f = first_difference(&at(c, i)->t, t, skip);
        if (f == TF_NONE)
            return accept(c, i);
        tx_item want = *at(c, i);
        return field_mismatch(c, t, &want, f);
    }
    /* no transaction of its key where it may be */
    char gt[200];
    describe(gt, sizeof gt, t);
    long later = later_key(c, t, 0);
    if (later >= 0)
        return out_of_order(c, t, (size_t)later, gt);
    if (ordered && c->q.n && at(c, 0)->t.unit == t->unit && at(c, 0)->t.kind == t->kind) {
        tx_item want = *at(c, 0);
        return field_mismatch(c, t, &want, first_difference(&want.t, t, skip));
    }
    if (c->q.n) {
        char ht[200];
        describe(ht, sizeof ht, &at(c, 0)->t);
        say(c,
            "transaction %" PRIu64 ": extra: %s: the model has no such transaction waiting; "
            "its next is %s",
            c->puts, gt, ht);
    } else if (c->shared && !c->model_ended) {
        say(c,
            "transaction %" PRIu64 ": extra: %s: the shared run has made no such transaction "
            "yet (%" PRIu64 " made so far)",
            c->puts, gt, c->pulled);
    } else {
        say(c,
            "transaction %" PRIu64 ": extra: %s: the model's run has ended after %" PRIu64
            " transactions",
            c->puts, gt, c->pulled);
    }
    return stop(c, TW_EXTRA, TF_NONE, t, c->q.n ? at(c, 0) : NULL);
}

static int can_check(ctm_txn_checker *c)
{
    return cv_can_check(&c->v, &c->h);
}

/* skip: fields the form put cannot carry (the positional form: no bytes). */
static int put(ctm_txn_checker *c, const ctm_txn *t, const char *func, uint32_t skip)
{
    if (!api_is_live(c, API_TXN) && !api_live_slow(c, API_TXN, func))
        return CTM_E_ARG;
    int st = can_check(c);
    if (st)
        return st;
    char text[160];
    if (c->finished) {
        api_error(&c->h, "%s: too late: ctm_txn_finish has ended the check", func);
        say(c, "%s", c->h.error);
        c->h.pending = 0;
        return CTM_E_STATE;
    }
    if (!t)
        return misuse(c, func, "the transaction is NULL");
    if (t->unit < 0 || t->unit >= CTM_UNITS) {
        snprintf(text, sizeof text, "unit = %d is outside 0..%d", t->unit, CTM_UNITS - 1);
        return misuse(c, func, text);
    }
    if (t->kind < 0 || t->kind >= CTM_TXN_KINDS) {
        snprintf(text, sizeof text, "kind = %d is outside 0..%d", t->kind, CTM_TXN_KINDS - 1);
        return misuse(c, func, text);
    }
    if (kinds[t->kind].unit != t->unit) {
        snprintf(text, sizeof text, "kind = %d (%s %s) is not a transaction of unit %d (%s)",
                 t->kind, unit_names[kinds[t->kind].unit], kinds[t->kind].name, t->unit,
                 unit_names[t->unit]);
        return misuse(c, func, text);
    }
    if (!(c->units >> t->unit & 1)) {
        snprintf(text, sizeof text, "unit = %d (%s) is not among the checker's units (0x%x)",
                 t->unit, unit_names[t->unit], (unsigned)c->units);
        return misuse(c, func, text);
    }
    if (!(c->kinds >> t->kind & 1)) {
        snprintf(text, sizeof text, "kind = %d (%s %s) is not among the checker's kinds (0x%x)",
                 t->kind, unit_names[t->unit], kinds[t->kind].name, (unsigned)c->kinds);
        return misuse(c, func, text);
    }
    c->v.diff[0] = 0;
    st = cv_latch(&c->v, compare(c, t, skip));
    c->puts++;
    return st;
}

int ctm_txn_put(ctm_txn_checker *c, const ctm_txn *t)
{
    return put(c, t, __func__, 0);
}

int ctm_txn_put_fields(ctm_txn_checker *c, int unit, int kind, int index, int format, int64_t x,
                       int64_t y, uint64_t address, uint32_t mask, uint32_t value0, uint32_t value1,
                       uint32_t value2, uint32_t value3, uint32_t v, uint32_t b, int test, int loc,
                       int writemask, int reads, int keep, int write)
{
    ctm_txn t = {unit,    kind,      index,
                 format,  x,         y,
                 address, mask,      {value0, value1, value2, value3},
                 v,       b,         test,
                 loc,     writemask, reads,
                 keep,    write,     {0, 0, 0, 0},
                 0};
    return put(c, &t, __func__, TSTORED);
}

int ctm_txn_put_bits(ctm_txn_checker *c, const uint32_t bits[CTM_TXN_WORDS])
{
    if (!API_LIVE(c, API_TXN))
        return CTM_E_ARG;
    if (!bits)
        return misuse(c, __func__, "bits is NULL");
    ctm_txn t;
    api_txn_from_words(bits, &t);
    return put(c, &t, __func__, 0);
}

int ctm_txn_set_cycle(ctm_txn_checker *c, uint64_t cycle)
{
    if (!api_is_live(c, API_TXN) && !api_live_slow(c, API_TXN, __func__))
        return CTM_E_ARG;
    c->has_cycle = 1;
    c->cycle = cycle;
    return CTM_OK;
}

int ctm_txn_finish(ctm_txn_checker *c)
{
    if (!API_LIVE(c, API_TXN))
        return CTM_E_ARG;
    int st = can_check(c);
    if (st)
        return st;
    if (c->finished) /* a second drain check: the first one's verdict was OK */
        return CTM_OK;
    c->finished = 1;
    while ((st = pull(c)) > 0)
        ;
    if (st < 0)
        return c->v.verdict = -st;
    uint64_t missing = cq_owed(&c->q);
    if (!missing)
        return CTM_OK;
    c->x.missing = missing;
    char first[200];
    describe(first, sizeof first, &at(c, 0)->t);
    snprintf(c->v.diff, sizeof c->v.diff,
             "drain: %" PRIu64 " transactions expected, never made; the first: the model's "
             "transaction %" PRIu64 ", %s",
             missing, at(c, 0)->seq, first);
    tx_item want = *at(c, 0);
    return stop(c, TW_DRAIN, TF_NONE, NULL, &want);
}

uint64_t ctm_txn_count(const ctm_txn_checker *c)
{
    return API_LIVE(c, API_TXN) ? c->matched : 0;
}

const char *ctm_txn_diff(const ctm_txn_checker *c)
{
    if (!text_of(c, API_TXN, __func__))
        return ctm_error();
    return cv_diff(&c->v);
}

/* ------------------------------------------------------------ reports */

static void text_item(FILE *out, const char *label, const tx_item *it)
{
    char d[256];
    describe(d, sizeof d, &it->t);
    fprintf(out, "  %-12s #%-8" PRIu64 " %s\n", label, it->seq, d);
}

static void report_text(FILE *out, const void *handle)
{
    const ctm_txn_checker *c = handle;
    const tx_mismatch *x = &c->x;
    fprintf(out, "transaction-level mismatch (%s)\n  %s\n", what_names[x->what], c->v.diff);
    if (x->has_cycle)
        fprintf(out, "  cycle    %" PRIu64 "\n", x->cycle);
    const ctm_txn *subject = x->has_want ? &x->want.t : x->has_got ? &x->got : NULL;
    if (subject) {
        char kt[64];
        kind_text(kt, sizeof kt, subject);
        fprintf(out, "  unit     %s\n  kind     %s\n", unit_names[subject->unit], kt);
    }
    if (x->field >= 0 && x->has_got && x->has_want) {
        char w[32], a[32], where[96];
        field_pair(&x->want.t, &x->got, x->field, w, a, sizeof w, where, sizeof where);
        fprintf(out, "  field    %s: %s%sexpected %s, actual %s\n", field_names[x->field], where,
                where[0] ? ": " : "", w, a);
    }
    if (x->has_got) {
        char d[256];
        describe(d, sizeof d, &x->got);
        fprintf(out, "  design:      #%-8" PRIu64 " %s\n", x->got_seq, d);
    }
    if (x->has_want)
        text_item(out, "model:", &x->want);
    for (unsigned i = 0; i < x->nnext; i++)
        text_item(out, i ? "" : "model next:", &x->next[i]);
    if (x->what == TW_ORDER && x->cause == TO_CROSSED)
        text_item(out, "crossed:", &x->crossed);
    if (x->what == TW_ORDER && x->cause == TO_WINDOW)
        fprintf(out,
                "  window   %" PRIu64 " waiting before it, past the %d an unordered "
                "transaction is matched among\n",
                x->later, TXN_WINDOW);
    if (x->what == TW_DRAIN)
        fprintf(out, "  %" PRIu64 " transactions never made\n", x->missing);
    if (x->nhist) {
        fprintf(out, "  last transactions matched:\n");
        for (unsigned i = 0; i < x->nhist; i++)
            text_item(out, "", &x->hist[i]);
    }
}

static void json_txn(FILE *out, const ctm_txn *t)
{
    fprintf(out, "{\"unit\":\"%s\",\"kind\":\"%s\"", unit_names[t->unit], kinds[t->kind].name);
    for (uint32_t m = compared(t); m; m &= m - 1) {
        int f = __builtin_ctz(m);
        if (f == TF_BYTES) { /* hex, first byte first; -- a byte not enabled */
            char b[40];
            bytes_text(b, sizeof b, t);
            fprintf(out, ",\"%s\":\"%s\"", field_names[f], b);
        } else if (f == TF_ADDRESS) { /* hex, as every report's addresses */
            fprintf(out, ",\"address\":\"0x%" PRIx64 "\"", t->address);
        } else if (f == TF_FORMAT && t->format >= 0 && t->format < MC_FMT_COUNT) {
            fprintf(out, ",\"format\":\"%s\"", mc_format_name((unsigned)t->format));
        } else {
            fprintf(out, ",\"%s\":%" PRId64, field_names[f], (int64_t)field_value(t, f));
        }
    }
    fputc('}', out);
}

static void json_item(FILE *out, const tx_item *it)
{
    fprintf(out, "{\"seq\":%" PRIu64 ",\"transaction\":", it->seq);
    json_txn(out, &it->t);
    fputc('}', out);
}

static void report_json(FILE *out, const void *handle)
{
    const ctm_txn_checker *c = handle;
    const tx_mismatch *x = &c->x;
    const ctm_txn *subject = x->has_want ? &x->want.t : x->has_got ? &x->got : NULL;
    fprintf(out, "{\"result\":\"mismatch\",\"source\":\"libctm\",\"check\":\"txn\",\"what\":\"%s\"",
            what_names[x->what]);
    if (subject)
        fprintf(out, ",\"unit\":\"%s\",\"kind\":\"%s\"", unit_names[subject->unit],
                kinds[subject->kind].name);
    else
        fputs(",\"unit\":null,\"kind\":null", out);
    if (x->field >= 0 && x->has_got && x->has_want) {
        char w[32], a[32], where[96];
        field_pair(&x->want.t, &x->got, x->field, w, a, sizeof w, where, sizeof where);
        if (!where[0] && x->field != TF_FORMAT) { /* a field as one number, in hex */
            snprintf(w, sizeof w, "0x%" PRIx64, field_value(&x->want.t, x->field));
            snprintf(a, sizeof a, "0x%" PRIx64, field_value(&x->got, x->field));
        }
        fprintf(out, ",\"field\":\"%s\",\"expected\":\"%s\",\"actual\":\"%s\"",
                field_names[x->field], w, a);
        if (where[0])
            fprintf(out, ",\"where\":\"%s\"", where);
    } else
        fputs(",\"field\":null", out);
    if (x->has_cycle)
        fprintf(out, ",\"cycle\":%" PRIu64, x->cycle);
    if (x->what == TW_ORDER) {
        fprintf(out, ",\"later\":%" PRIu64 ",\"cause\":\"%s\"", x->later, cause_names[x->cause]);
        if (x->cause == TO_CROSSED) {
            fputs(",\"crossed\":", out);
            json_item(out, &x->crossed);
        }
    }
    if (x->what == TW_DRAIN)
        fprintf(out, ",\"missing\":%" PRIu64, x->missing);
    fputs(",\"diff\":\"", out);
    api_json_chars(out, c->v.diff);
    fputs("\",\"design\":", out);
    if (x->has_got) {
        fprintf(out, "{\"seq\":%" PRIu64 ",\"transaction\":", x->got_seq);
        json_txn(out, &x->got);
        fputc('}', out);
    } else {
        fputs("null", out);
    }
    fputs(",\"model\":", out);
    if (x->has_want)
        json_item(out, &x->want);
    else
        fputs("null", out);
    fputs(",\"model_next\":[", out);
    for (unsigned i = 0; i < x->nnext; i++) {
        fputs(i ? "," : "", out);
        json_item(out, &x->next[i]);
    }
    fputs("],\"last_matched\":[", out);
    for (unsigned i = 0; i < x->nhist; i++) {
        fputs(i ? "," : "", out);
        json_item(out, &x->hist[i]);
    }
    fputs("]}", out);
}

const char *ctm_txn_report(ctm_txn_checker *c, int format)
{
    if (!text_of(c, API_TXN, __func__))
        return ctm_error();
    if (!API_RANGE(&c->h, "format", format, CTM_REPORT_TEXT, CTM_REPORT_JSON))
        return ctm_error();
    return api_report_text(&c->v.report, c->v.verdict == CTM_E_MISMATCH, format, report_text,
                           report_json, c);
}
