/* Internals shared by the files of the public API (csim/api/); not installed.
 * The install keeps only ctm_* symbols global, so these stay inside libctm. */
#ifndef CSIM_CTM_INT_H
#define CSIM_CTM_INT_H

#include "ctm.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { API_ERROR_MAX = 512 };

/* ------------------------------------------------------------ the guard (api_guard.c) */

typedef enum {
    API_PRED,
    API_STACK,
    API_FC,
    API_MODEL,
    API_COMMIT,
    API_PE,
    API_TXN,
    API_MEM,
    API_KINDS
} api_kind;

/* The first member of every handle's struct. */
typedef struct api_handle {
    uint32_t magic;             /* the kind while live; "dead" once freed */
    int pending;                /* a misuse not yet reported by a check */
    char error[API_ERROR_MAX];  /* its message (ctm_model: also a fault's) */
} api_handle;

/* Sets what ctm_error() returns for this thread. */
void api_set_error(const char *msg);

/* Records why a call failed (printf-style) for ctm_error(); returns NULL for
 * a ctm_*_new to return. */
void *api_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The same for a call on handle h (NULL: none): also the handle's pending
 * error, which its next ctm_*_check returns as CTM_E_ARG, so a misuse in a
 * call that returns nothing is never silent. */
void api_error(api_handle *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A zeroed struct of `size` bytes for a new handle of kind k, live; and its
 * end (the struct stays readable, marked dead, for the next new of k). */
void *api_alloc(api_kind k, size_t size);
void api_release(void *handle, api_kind k);

/* 1 if handle is a live handle of kind k, else 0 after recording why
 * ("FUNC: the ctm_pred handle is NULL", "... was freed", "... is a ctm_fc"). */
#define API_MAGIC_BASE 0xC7A1E500u /* | the kind: far from small integers and stray data */
#define API_MAGIC_DEAD 0xDEADC7A1u
static inline int api_is_live(const void *handle, api_kind k)
{
    return handle && ((const api_handle *)handle)->magic == (API_MAGIC_BASE | (uint32_t)k);
}
int api_live_slow(const void *handle, api_kind k, const char *func);
#define API_LIVE(h, kind) (api_is_live((h), (kind)) || api_live_slow((h), (kind), __func__))

/* For the calls that return a message (ctm_*_diff, ctm_*_report,
 * ctm_model_error): 1 if handle is live; else 0 after recording why, except
 * that a NULL handle keeps the thread's last message when there is one (it
 * says why there is no handle, or what the last call did wrong). */
int api_text_slow(const void *handle, api_kind k, const char *func);
static inline int text_of(const void *handle, api_kind k, const char *func)
{
    return api_is_live(handle, k) || api_text_slow(handle, k, func);
}

/* 1 if lo <= v <= hi, else 0 after "FUNC: NAME = V is outside LO..HI". */
int api_range_slow(api_handle *h, const char *func, const char *name, long long v, long long lo,
                   long long hi);
#define API_RANGE_AT(h, func, name, v, lo, hi)                                                     \
    (((long long)(v) >= (lo) && (long long)(v) <= (hi)) ||                                         \
     api_range_slow((h), (func), (name), (long long)(v), (lo), (hi)))
#define API_RANGE(h, name, v, lo, hi) API_RANGE_AT(h, __func__, name, v, lo, hi)

/* The lanes set in d as numbers joined by sep ("0 1 7"), cut to n bytes. */
void api_lane_list(char *buf, size_t n, uint64_t d, const char *sep);

/* A checker's report (ctm_commit_report, ctm_txn_report): *text, freed first,
 * becomes what text(out, handle) or json(out, handle) writes for format
 * CTM_REPORT_TEXT or _JSON; "" (and no text) without a mismatch or without
 * memory. */
typedef void (*api_report_fn)(FILE *out, const void *handle);
const char *api_report_text(char **text, int mismatch, int format, api_report_fn text_fn,
                            api_report_fn json_fn, const void *handle);

/* s as the characters of a JSON string, quotes and backslashes escaped (s
 * holds no control characters). */
void api_json_chars(FILE *out, const char *s);

/* ------------------------------------------------------------ MC surfaces (ctm_units.c) */

/* A surface's arguments as ctm_mc_address checks them (base a multiple of
 * 2048, pitch a multiple of 4 up to 8188, height up to 8191, CTM_TILE_*,
 * CTM_FMT_*) into *s, valid: CTM_OK, or CTM_E_ARG with why after "FUNC: ". */
struct mc_surface;
int api_mc_surface(const char *func, uint32_t base, uint32_t pitch, uint32_t height, int tiling,
                   int format, struct mc_surface *s);

/* ------------------------------------------------------------ the model's commits (ctm_model.c) */

/* ctm_model_commit for a live m, whoever drives it; func names the call in
 * errors. *ev (NULL: not wanted) gets the model's event behind the commit
 * (FC: the instruction's OP and A_OP, the fc_unit step), valid until the
 * next call. */
struct pa_issue_event;
int api_model_commit(ctm_model *m, ctm_commit *out, const struct pa_issue_event **ev,
                     const char *func);

/* The control coverage of live m's commits (ctm_cover.c). */
struct api_cover;
struct api_cover *api_model_cover(const ctm_model *m);

/* The array's shape of m: lanes per wavefront, wavefronts in flight. */
void api_model_shape(const ctm_model *m, int *lanes, int *contexts);

/* A shared run (ctm_commit_share): every commit of m goes to sink as the
 * testbench's ctm_model_step makes it. Before the first step; CTM_OK or
 * CTM_E_STATE. api_model_step is ctm_model_step for a live m; run_out steps
 * it to its end (1 never; 0 ended, or -CTM_E_FAULT); ended: 1 once it has.
 * api_commit_of is a commit as ctm.h spells it. */
typedef void (*api_issue_fn)(void *user, const struct pa_issue_event *ev);
int api_model_share(ctm_model *m, api_issue_fn sink, void *user, const char *func);
int api_model_step(ctm_model *m);
int api_model_run_out(ctm_model *m);
int api_model_ended(const ctm_model *m);
void api_commit_of(const struct pa_issue_event *ev, ctm_commit *out);

/* A shared run of transactions (ctm_txn_share): every transaction m makes goes to tee as it is
 * made, whichever units the testbench's ctm_model_txn asks for. Before the first; tee NULL
 * ends it (at any time). CTM_OK or CTM_E_STATE. */
typedef void (*api_txn_fn)(void *user, const ctm_txn *t);
int api_model_share_txn(ctm_model *m, api_txn_fn tee, void *user, const char *func);

/* ctm_model_txn for a live m, whoever drives it (the first call before any
 * step prepares the run again with the transaction sink); func names the
 * call in errors. 1, 0 at the end, or a negative status (-CTM_E_NOMEM too). */
int api_model_txn(ctm_model *m, int units, ctm_txn *out, const char *func);

/* The instructions one wavefront of m's run may issue (0: no limit; default 1,000,000), before
 * the run is prepared: for harnesses that bound the work of a random program (fuzz_cmdrun). */
void api_model_set_step_limit(ctm_model *m, uint64_t limit);

/* Makes driver (a ctm_commit_checker or ctm_txn_checker; NULL: none) the only one that takes m's
 * commits: CTM_OK, or CTM_E_STATE (another drives it, or m was stepped). */
int api_model_drive(ctm_model *m, const void *driver, const char *func);

/* ------------------------------------------------------------ a handle's checker */

struct api_check;

/* ctm_*_expect: the expected output `field` (0..fields-1) of the last cycle,
 * or 0 after recording the misuse (a field out of range, no cycle yet). A
 * bench reads every field every cycle: the good case is inline. */
uint64_t api_expect_slow(const struct api_check *ck, api_handle *h, int field, int fields,
                         const char *func);
#define API_EXPECT(ck, h, field, fields)                                                           \
    ((unsigned)(field) < (unsigned)(fields) && (ck)->steps                                         \
         ? api_want((ck), (unsigned)(field))                                                       \
         : api_expect_slow((ck), (h), (field), (fields), __func__))

/* ctm_*_check's verdict once the DUT's values are in ck->got: a pending
 * misuse (CTM_E_ARG), no cycle stepped yet (CTM_E_STATE: "call step_call
 * first"), or the comparison; the text in ck->diff. ctx_field as
 * api_check_compare's. */
int api_verdict(struct api_check *ck, api_handle *h, const char *func, const char *step_call,
                int ctx_field);

/* ctm_*_set_history: steps 0..API_HISTORY_MAX. */
int api_history(struct api_check *ck, api_handle *h, int steps, const char *func);

/* The calls every mirror handle (ctm_pred, ctm_stack, ctm_fc) has alike, on
 * its api_mirror, the first member of its struct; kind and func say which
 * handle and call it is. */
const char *api_mirror_diff(const void *handle, api_kind kind, const char *func);
const char *api_mirror_report(void *handle, api_kind kind, int format, const char *func);
int api_mirror_diff_port(const void *handle, api_kind kind, int *port, int *lane,
                         const char *func);
int api_mirror_set_cycle(void *handle, api_kind kind, uint64_t cycle, const char *func);
int api_mirror_set_history(void *handle, api_kind kind, int steps, const char *func);

/* ------------------------------------------------------------ ctm_txn_bits.c */

/* A transaction to and from SystemVerilog's packed ctm_txn_t (word 0 least significant). */
void api_txn_to_words(const ctm_txn *t, uint32_t words[CTM_TXN_WORDS]);
void api_txn_from_words(const uint32_t words[CTM_TXN_WORDS], ctm_txn *t);

#endif
