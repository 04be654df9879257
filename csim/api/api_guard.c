/* The public API's guard: live handles, argument ranges and the error text.
 *
 * A handle's struct starts with an api_handle whose magic names its kind.
 * ctm_*_free does not give the struct back to malloc: it kills the magic and
 * keeps the husk on its kind's free list for the next ctm_*_new of that kind.
 * So a freed handle still points at readable memory that says "dead", a
 * handle of another kind (SystemVerilog's chandle has no type) says so, and
 * the check on every call is one load and one compare. */
#include "ctm.h"
#include "ctm_int.h"
#include "api_check.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char last_error[API_ERROR_MAX];

const char *ctm_error(void)
{
    return last_error;
}

void ctm_clear_error(void)
{
    last_error[0] = 0;
}

void api_set_error(const char *msg)
{
    snprintf(last_error, sizeof last_error, "%s", msg);
}

void *api_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return NULL;
}

/* ------------------------------------------------------------ kinds */

static const char *const kind_names[API_KINDS] = {
    [API_PRED] = "ctm_pred",
    [API_STACK] = "ctm_stack",
    [API_FC] = "ctm_fc",
    [API_MODEL] = "ctm_model",
    [API_COMMIT] = "ctm_commit_checker",
    [API_PE] = "ctm_pe",
    [API_TXN] = "ctm_txn_checker",
    [API_MEM] = "ctm_mem",
};


/* Husks of freed handles, per kind (their size is the kind's), oldest first.
 * A husk is reused only once API_QUARANTINE younger ones wait behind it, so
 * a stale handle keeps saying "freed" through that many frees of its kind
 * before a new handle may take its address. */
enum { API_QUARANTINE = 64 };
typedef struct husk {
    api_handle h;
    struct husk *next;
} husk;
static struct {
    husk *oldest, *newest;
    unsigned n;
} husks[API_KINDS];
static pthread_mutex_t husk_lock = PTHREAD_MUTEX_INITIALIZER;

void *api_alloc(api_kind k, size_t size)
{
    husk *h = NULL;
    pthread_mutex_lock(&husk_lock);
    if (husks[k].n > API_QUARANTINE) {
        h = husks[k].oldest;
        husks[k].oldest = h->next;
        husks[k].n--;
    }
    pthread_mutex_unlock(&husk_lock);
    if (h)
        memset(h, 0, size);
    else if (!(h = calloc(1, size < sizeof *h ? sizeof *h : size)))
        return NULL;
    h->h.magic = (API_MAGIC_BASE | (uint32_t)k);
    return h;
}

void api_release(void *handle, api_kind k)
{
    husk *h = handle;
    h->h.magic = API_MAGIC_DEAD;
    h->next = NULL;
    pthread_mutex_lock(&husk_lock);
    if (husks[k].n++)
        husks[k].newest->next = h;
    else
        husks[k].oldest = h;
    husks[k].newest = h;
    pthread_mutex_unlock(&husk_lock);
}

/* The error of a call on a live handle: the thread's text, and the handle's
 * pending error, which its next check reports: the first misuse since the
 * last check (the rest often follow from it). A ctm_model has no check: its
 * text is always the latest. */
static void handle_error(api_handle *h, const char *msg)
{
    api_set_error(msg);
    if (h && (!h->pending || h->magic == (API_MAGIC_BASE | API_MODEL))) {
        snprintf(h->error, sizeof h->error, "%s", msg);
        h->pending = 1;
    }
}

void api_error(api_handle *h, const char *fmt, ...)
{
    char msg[API_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    handle_error(h, msg);
}

int api_live_slow(const void *handle, api_kind k, const char *func)
{
    if (!handle) {
        api_fail("%s: the %s handle is NULL (a failed %s_new returns NULL: ctm_error() says why)",
                 func, kind_names[k], kind_names[k]);
        return 0;
    }
    uint32_t magic = ((const api_handle *)handle)->magic;
    if (magic == API_MAGIC_DEAD) {
        api_fail("%s: the %s handle was freed", func, kind_names[k]);
        return 0;
    }
    if ((magic & ~0xFFu) == API_MAGIC_BASE && (magic & 0xFFu) < API_KINDS) {
        api_fail("%s: the handle is a %s, not a %s", func, kind_names[magic & 0xFFu],
                 kind_names[k]);
        return 0;
    }
    api_fail("%s: the handle is not a %s (never made by %s_new)", func, kind_names[k],
             kind_names[k]);
    return 0;
}

int api_text_slow(const void *handle, api_kind k, const char *func)
{
    if (!handle && last_error[0])
        return 0;
    return api_live_slow(handle, k, func);
}

int api_range_slow(api_handle *h, const char *func, const char *name, long long v, long long lo,
                   long long hi)
{
    api_error(h, "%s: %s = %lld is outside %lld..%lld", func, name, v, lo, hi);
    return 0;
}

/* ------------------------------------------------------------ a handle's checker */

uint64_t api_expect_slow(const api_check *ck, api_handle *h, int field, int fields,
                         const char *func)
{
    if (!API_RANGE_AT(h, func, "field", field, 0, fields - 1))
        return 0;
    if (!ck->steps) {
        api_error(h, "%s: no cycle stepped yet", func);
        return 0;
    }
    return api_want(ck, (unsigned)field);
}

int api_verdict(api_check *ck, api_handle *h, const char *func, const char *step_call,
                int ctx_field)
{
    ck->ndiff = 0; /* a refused check has no report: only a mismatch has */
    if (h->pending) { /* the first misuse since the last check is its verdict */
        h->pending = 0;
        snprintf(ck->diff, sizeof ck->diff, "%s", h->error);
        api_set_error(h->error);
        return CTM_E_ARG;
    }
    if (!ck->steps) {
        snprintf(ck->diff, sizeof ck->diff, "%s: no cycle to check: call %s first", func,
                 step_call);
        api_set_error(ck->diff);
        return CTM_E_STATE;
    }
    return ck->u->out_size ? api_check_compare_wire(ck, ck->got_w, ctx_field)
                           : api_check_compare(ck, ctx_field);
}

int api_history(api_check *ck, api_handle *h, int steps, const char *func)
{
    if (!API_RANGE_AT(h, func, "steps", steps, 0, API_HISTORY_MAX))
        return CTM_E_ARG;
    if (api_check_set_history(ck, (unsigned)steps)) {
        api_error(h, "%s: out of memory for %d steps of history", func, steps);
        return CTM_E_NOMEM;
    }
    return CTM_OK;
}

/* ------------------------------------------------------------ the mirrors' common calls */

const char *api_mirror_diff(const void *handle, api_kind kind, const char *func)
{
    return text_of(handle, kind, func) ? ((const api_mirror *)handle)->ck.diff : ctm_error();
}

int api_mirror_diff_port(const void *handle, api_kind kind, int *port, int *lane,
                         const char *func)
{
    if (!api_is_live(handle, kind) && !api_live_slow(handle, kind, func))
        return CTM_E_ARG;
    const api_mirror *m = handle;
    if (!port || !lane) {
        api_error((api_handle *)&m->h, "%s: %s is NULL", func, port ? "lane" : "port");
        return CTM_E_ARG;
    }
    api_check_diff_port(&m->ck, port, lane);
    return CTM_OK;
}

const char *api_mirror_report(void *handle, api_kind kind, int format, const char *func)
{
    api_mirror *m = handle;
    if (!text_of(handle, kind, func) || !API_RANGE_AT(&m->h, func, "format", format, 0, 1))
        return ctm_error();
    return api_check_report(&m->ck, format);
}

int api_mirror_set_cycle(void *handle, api_kind kind, uint64_t cycle, const char *func)
{
    if (!api_is_live(handle, kind) && !api_live_slow(handle, kind, func))
        return CTM_E_ARG;
    ((api_mirror *)handle)->ck.next_cycle = cycle;
    return CTM_OK;
}

int api_mirror_set_history(void *handle, api_kind kind, int steps, const char *func)
{
    if (!api_is_live(handle, kind) && !api_live_slow(handle, kind, func))
        return CTM_E_ARG;
    api_mirror *m = handle;
    return api_history(&m->ck, &m->h, steps, func);
}
