/* What the commit checker says: commits and fields in words, and the
 * mismatch report as text or JSON (ctm_commit_report; docs/commit.md). */
#include "commit_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const kind_names[CTM_COMMIT_KINDS] = {
    "START",     "ALU",     "TEX",        "OUTPUT",     "FC",
    "END",       "DIVERGE", "RECONVERGE", "LOOP_ENTER", "LOOP_ITERATE",
    "LOOP_EXIT", "BREAK",   "CONTINUE",   "CALL",       "RETURN",     "KILL",
    "FC_STATE",  "PRED_OP", "REGIONS"};

/* Each field's name, and whether it is a lane mask (hex, lanes named). */
static const struct {
    const char *name;
    uint8_t lanes;
} field_info[CF_COUNT] = {
    [CF_KIND] = {"kind", 0},         [CF_PC] = {"pc", 0},
    [CF_OP] = {"op", 0},             [CF_QUARTER] = {"quarter", 0},
    [CF_MASK] = {"mask", 1},         [CF_EXEC] = {"exec", 1},
    [CF_DONE] = {"done", 1},         [CF_KILL] = {"kill", 1},
    [CF_JUMP] = {"jump", 0},         [CF_NEXT_PC] = {"next_pc", 0},
    [CF_ACTIVE] = {"active", 1},     [CF_BR_INACTIVE] = {"br_inactive", 1},
    [CF_DEPTH] = {"depth", 0},
    [CF_ADDR_SP] = {"addr_sp", 0},   [CF_ADDR_TOP] = {"addr_top", 0},
    [CF_LOOP_SP] = {"loop_sp", 0},   [CF_LOOP_COUNT] = {"loop_count", 0},
    [CF_AL] = {"al", 0},             [CF_BC] = {"bc", 1},
    [CF_REGIONS] = {"regions", 0},
};

static const char *const what_names[CC_WHATS] = {
    [CC_FIELD] = "field",     [CC_ORDER] = "order", [CC_EXTRA] = "extra",
    [CC_CONTEXT] = "context", [CC_HANG] = "hang",   [CC_DRAIN] = "drain",
};

const char *commit_kind_name(int kind)
{
    return (unsigned)kind < CTM_COMMIT_KINDS ? kind_names[kind] : "?";
}

const char *commit_field_name(int f)
{
    return (unsigned)f < CF_COUNT ? field_info[f].name : "?";
}

/* A field's value as text: masks in hex, aL signed, the rest unsigned. */
static int print_field(char *buf, size_t size, int f, uint64_t v)
{
    if (f == CF_AL)
        return snprintf(buf, size, "%" PRId64, (int64_t)v);
    return field_info[f].lanes ? snprintf(buf, size, "0x%" PRIx64, v)
                               : snprintf(buf, size, "%" PRIu64, v);
}

/* (done and kill only when a lane ended) */
void commit_describe(char *buf, size_t size, const ctm_commit *r)
{
    size_t used = (size_t)snprintf(buf, size, "%s", commit_kind_name(r->kind));
    if (r->kind == CTM_COMMIT_START && r->wave >= 0 && used < size)
        used += (size_t)snprintf(buf + used, size - used, " wave %d", r->wave);
    for (uint32_t m = commit_fields(r->kind); m && used < size; m &= m - 1) {
        int f = __builtin_ctz(m);
        if ((f == CF_DONE || f == CF_KILL) && !commit_field(r, f))
            continue; /* no lane ended: said by saying nothing */
        used += (size_t)snprintf(buf + used, size - used, " %s ", field_info[f].name);
        if (used < size)
            used += (size_t)print_field(buf + used, size - used, f, commit_field(r, f));
    }
}

void commit_field_diff(char *buf, size_t size, int f, const ctm_commit *want, const ctm_commit *got)
{
    if (f == CF_KIND) {
        snprintf(buf, size, "kind: expected %s, actual %s", commit_kind_name(want->kind),
                 commit_kind_name(got->kind));
        return;
    }
    if (f == CF_BC) { /* the counters of the first lanes that differ */
        uint64_t d = commit_bc_differ(want, got);
        char lanes[200] = "";
        size_t used = 0;
        for (uint64_t m = d; m && used < sizeof lanes; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            used += (size_t)snprintf(lanes + used, sizeof lanes - used, "%s%u (%u, %u)",
                                     used ? " " : "", l, want->bc[l], got->bc[l]);
        }
        snprintf(buf, size, "bc: lanes %s differ (lane (expected, actual))", lanes);
        return;
    }
    char w[24], a[24], lanes[200] = "";
    uint64_t wv = commit_field(want, f), av = commit_field(got, f);
    print_field(w, sizeof w, f, wv);
    print_field(a, sizeof a, f, av);
    if (field_info[f].lanes)
        api_lane_list(lanes, sizeof lanes, wv ^ av, " ");
    snprintf(buf, size, "%s: expected %s, actual %s%s%s%s", field_info[f].name, w, a,
             lanes[0] ? " (lanes " : "", lanes, lanes[0] ? " differ)" : "");
}

/* ------------------------------------------------------------ text */

static void text_commit(FILE *out, const char *label, const ctm_commit *r)
{
    char d[200];
    commit_describe(d, sizeof d, r);
    fprintf(out, "  %-12s %s\n", label, d);
}

/* What each context waits for, and the wavefronts no START has claimed. */
static void text_waiting(FILE *out, const ctm_commit_checker *c)
{
    for (int k = 0; k < c->contexts; k++) {
        int w = c->ctx_wave[k];
        if (w < 0)
            continue;
        const cc_wave *q = &c->wave[w];
        char d[200] = "a commit the model has not reached";
        if (q->queue.n)
            commit_describe(d, sizeof d, cq_at(&q->queue, 0));
        fprintf(out, "  context %d (wave %d, %" PRIu64 " commits made) waits for: %s\n", k, w,
                q->made, d);
    }
    if (c->next_start < c->nwaves || !c->model_ended)
        fprintf(out, "  wavefronts not started: from wave %u%s\n", c->next_start,
                c->model_ended ? "" : " (the model has not run to its end)");
}

static void text_missing(FILE *out, const ctm_commit_checker *c)
{
    unsigned shown = 0;
    for (unsigned w = 0; w < c->nwaves && shown < 8; w++) {
        const cc_wave *q = &c->wave[w];
        ctm_commit first;
        uint64_t owed = commit_owed(q, &first);
        if (!owed)
            continue;
        char d[200];
        commit_describe(d, sizeof d, &first);
        if (q->ctx >= 0)
            fprintf(out, "  wave %u (context %d): %" PRIu64 " never made, from: %s\n", w, q->ctx,
                    owed, d);
        else
            fprintf(out, "  wave %u (never started): %" PRIu64 " never made, from: %s\n", w,
                    owed, d);
        shown++;
    }
    if (shown < c->x.missing_waves)
        fprintf(out, "  ... and %u more wavefronts\n", c->x.missing_waves - shown);
}

static void report_text(FILE *out, const void *handle)
{
    const ctm_commit_checker *c = handle;
    const cc_mismatch *x = &c->x;
    fprintf(out, "commit-level mismatch (level %d, %s)\n  %s\n", c->level, what_names[x->what],
            c->v.diff);
    if (x->has_got)
        text_commit(out, "design:", &x->got);
    for (unsigned i = 0; i < x->nnext; i++)
        text_commit(out, i ? "" : "model next:", &x->next[i]);
    if (x->what == CC_HANG)
        text_waiting(out, c);
    if (x->what == CC_DRAIN)
        text_missing(out, c);
    if (x->nhist) {
        fprintf(out, "  last commits of wave %d (design and model agreed):\n", x->wave);
        for (unsigned i = 0; i < x->nhist; i++) {
            char d[200];
            commit_describe(d, sizeof d, &x->hist[i].r);
            fprintf(out, "    cycle %-8" PRIu64 " context %d  %s\n", x->hist[i].cycle,
                    x->hist[i].r.ctx, d);
        }
    }
}

/* ------------------------------------------------------------ JSON */

static void json_commit(FILE *out, const ctm_commit *r)
{
    fprintf(out, "{\"kind\":\"%s\"", commit_kind_name(r->kind));
    if (r->kind == CTM_COMMIT_START)
        fprintf(out, ",\"wave\":%d", r->wave);
    for (uint32_t m = commit_fields(r->kind); m; m &= m - 1) {
        int f = __builtin_ctz(m);
        if (f == CF_BC) { /* every lane's counter */
            fputs(",\"bc\":[", out);
            for (unsigned l = 0; l < 64; l++)
                fprintf(out, "%s%u", l ? "," : "", r->bc[l]);
            fputc(']', out);
            continue;
        }
        uint64_t v = commit_field(r, f);
        char text[24];
        print_field(text, sizeof text, f, v);
        fprintf(out, field_info[f].lanes ? ",\"%s\":\"%s\"" : ",\"%s\":%s", field_info[f].name,
                text);
    }
    fputc('}', out);
}

static void json_int_or_null(FILE *out, const char *key, int have, long long v)
{
    if (have)
        fprintf(out, ",\"%s\":%lld", key, v);
    else
        fprintf(out, ",\"%s\":null", key);
}

static void json_mismatch(FILE *out, const ctm_commit_checker *c)
{
    const cc_mismatch *x = &c->x;
    const ctm_commit *want = x->nnext ? &x->next[0] : NULL;
    fprintf(out, ",\"context\":");
    if (x->has_got)
        fprintf(out, "%d", x->got.ctx);
    else
        fputs("null", out);
    json_int_or_null(out, "wave", x->wave >= 0, x->wave);
    json_int_or_null(out, "pc", want != NULL, want ? want->pc : 0);
    fprintf(out, ",\"field\":");
    if (x->field >= 0 && want && x->has_got) {
        uint64_t wv = commit_field(want, x->field), av = commit_field(&x->got, x->field);
        uint64_t d = x->field == CF_BC ? commit_bc_differ(want, &x->got) : wv ^ av;
        char lanes[256] = "";
        if (field_info[x->field].lanes)
            api_lane_list(lanes, sizeof lanes, d, ",");
        fprintf(out,
                "\"%s\",\"expected\":\"0x%" PRIx64 "\",\"actual\":\"0x%" PRIx64 "\",\"lanes\":[%s]",
                commit_field_name(x->field), wv, av, lanes);
    } else {
        fputs("null", out);
    }
    if (x->what == CC_ORDER)
        fprintf(out, ",\"later\":%u", x->later);
}

static void report_json(FILE *out, const void *handle)
{
    const ctm_commit_checker *c = handle;
    const cc_mismatch *x = &c->x;
    fprintf(out,
            "{\"result\":\"mismatch\",\"source\":\"libctm\",\"check\":\"commit\",\"level\":%d,"
            "\"what\":\"%s\",\"cycle\":%" PRIu64,
            c->level, what_names[x->what], x->cycle);
    json_mismatch(out, c);
    fputs(",\"diff\":\"", out);
    api_json_chars(out, c->v.diff);
    fputs("\",\"design\":", out);
    if (x->has_got)
        json_commit(out, &x->got);
    else
        fputs("null", out);
    fputs(",\"model_next\":[", out);
    for (unsigned i = 0; i < x->nnext; i++) {
        fputs(i ? "," : "", out);
        json_commit(out, &x->next[i]);
    }
    fputs("],\"last_commits\":[", out);
    for (unsigned i = 0; i < x->nhist; i++) {
        fprintf(out, "%s{\"cycle\":%" PRIu64 ",\"context\":%d,\"commit\":", i ? "," : "",
                x->hist[i].cycle, x->hist[i].r.ctx);
        json_commit(out, &x->hist[i].r);
        fputc('}', out);
    }
    fputs("],\"waiting\":[", out);
    for (int k = 0, n = 0; x->what == CC_HANG && k < c->contexts; k++) {
        int w = c->ctx_wave[k];
        if (w < 0)
            continue;
        const cc_wave *q = &c->wave[w];
        fprintf(out, "%s{\"context\":%d,\"wave\":%d,\"next\":", n++ ? "," : "", k, w);
        if (q->queue.n)
            json_commit(out, cq_at(&q->queue, 0));
        else
            fputs("null", out);
        fputc('}', out);
    }
    fputs("],\"missing\":[", out);
    for (unsigned w = 0, n = 0; x->what == CC_DRAIN && w < c->nwaves; w++) {
        const cc_wave *q = &c->wave[w];
        ctm_commit first;
        uint64_t owed = commit_owed(q, &first);
        if (!owed)
            continue;
        fprintf(out, "%s{\"wave\":%u,\"count\":%" PRIu64 ",\"first\":", n++ ? "," : "", w,
                owed);
        json_commit(out, &first);
        fputc('}', out);
    }
    fputs("]}", out);
}

const char *ctm_commit_report(ctm_commit_checker *c, int format)
{
    if (!text_of(c, API_COMMIT, __func__))
        return ctm_error();
    if (!API_RANGE(&c->h, "format", format, CTM_REPORT_TEXT, CTM_REPORT_JSON))
        return ctm_error();
    return api_report_text(&c->v.report, c->v.verdict == CTM_E_MISMATCH, format, report_text,
                           report_json, c);
}
