/* libFuzzer: the transaction checker (ctm.h, docs/txn.md) fed as a buggy or careless design
 * would feed it. One input is one run: a header (lanes, the checker's units), then ops, each a
 * byte and its arguments: make the next transaction of a true stream (a second run of the same
 * program), make it with one field wrong, drop it, swap it with the one after, make a
 * transaction of bytes alone (any unit, kind, fields), run the drain check, read the diff and
 * both reports, free the model under the checker. The program reads an input, tests the
 * conditional buffer's way (the CO at the DPP, write-back on) and writes two outputs.
 * One header bit shares the run (ctm_txn_share): the true stream is then pulled from the
 * checker's own model, as a testbench that shares its run does.
 *
 * Promises held, not only "no crash": every status is one ctm.h documents; while only true
 * transactions were made, in order, each is CTM_OK, and the drain check after the whole
 * stream is CTM_OK; after a mismatch every later put and finish returns it again; the diff is
 * "" while all matched; every text is NUL-terminated and a JSON report is an object. */
#define FUZZ_NAME "fuzz_txn"
#include "fuzz_bytes.h"
#include "fuzz_promise.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { W = 12, H = 3, OPS_MAX = 600 };

static char elf_path[] = "/tmp/fuzz_txn_XXXXXX";
static float input[(W + 4) * H];

static const char program[] =
    "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"
    "    alu rgb mad r2.rg, r1.rrr, #1, r0.rrr alpha mad r2._, #0, #0, #0 wait\n"
    "    out rgb max r2._ o0.rg, r2.rgb, r2.rgb, r2.rgb alpha max r2._, #0, #0, #0\n"
    "    out rgb max r2._ o1.r, r1.rrr, r1.rrr, r1.rrr alpha max r2._, #0, #0, #0 wait\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_write_elf(program, elf_path);
    for (int k = 0; k < (W + 4) * H; k++)
        input[k] = (float)((k * 7) % 9) - 4.0f;
    return 0;
}

static ctm_model *run_of(int lanes)
{
    ctm_model *m = ctm_model_new(elf_path, W, H, lanes, 2, 4, 4);
    if (!m || ctm_model_set_input(m, 0, input, CTM_FMT_FLOAT32_1, W + 4, H))
        broken("a model of the program: %s", ctm_error());
    return m;
}

typedef struct run {
    ctm_txn_checker *c;
    ctm_model *checked, *src;
    int units, src_ended, clean, verdict, finished;
    int shared, model_freed; /* src is checked (ctm_txn_share); checked has been freed */
    ctm_txn held;
    int have_held;
    int has_cycle; /* ctm_txn_set_cycle was called: a verdict names the cycle */
} run;

/* The true stream's next transaction, or 0 at its end. */
static int next_true(run *u, ctm_txn *t)
{
    if (u->have_held) {
        *t = u->held;
        u->have_held = 0;
        return 1;
    }
    if (u->src_ended || (u->shared && u->model_freed))
        return 0;
    int got = ctm_model_txn(u->src, u->units, t);
    if (got < 0)
        broken("the true stream faulted: %s", ctm_model_error(u->src));
    u->src_ended = !got;
    return got;
}

static void put(run *u, const ctm_txn *t, int is_true)
{
    int st = ctm_txn_put(u->c, t);
    status_ok(st, "ctm_txn_put");
    if (u->verdict == CTM_E_MISMATCH && st != CTM_E_MISMATCH)
        broken("a put after the mismatch returned %d", st);
    if (u->clean && is_true && st != CTM_OK)
        broken("a true transaction in order returned %d: %s", st, ctm_txn_diff(u->c));
    if (!is_true || st != CTM_OK)
        u->clean = 0;
    if (st == CTM_E_MISMATCH && !u->verdict && u->has_cycle &&
        strncmp(ctm_txn_diff(u->c), "cycle ", 6))
        broken("a verdict after ctm_txn_set_cycle names no cycle: %s", ctm_txn_diff(u->c));
    if (st == CTM_E_MISMATCH)
        u->verdict = st;
    if (st == CTM_OK && u->verdict == 0 && ctm_txn_diff(u->c)[0])
        broken("a match left the diff \"%s\"", ctm_txn_diff(u->c));
}

static void texts(run *u)
{
    text_ok(ctm_txn_diff(u->c), "ctm_txn_diff");
    text_ok(ctm_txn_report(u->c, CTM_REPORT_TEXT), "the text report");
    const char *j = ctm_txn_report(u->c, CTM_REPORT_JSON);
    size_t n = text_ok(j, "the JSON report");
    if (n && (j[0] != '{' || j[n - 1] != '}'))
        broken("the JSON report is not an object: %.80s", j);
    if (u->verdict == CTM_E_MISMATCH && !n)
        broken("no report after a mismatch");
}

/* t with one field changed. */
static void spoil(rd *r, ctm_txn *t)
{
    uint32_t flip = 1u << (u8(r) & 31);
    switch (u8(r) % 8) {
    case 0:
        t->value[u8(r) & 3] ^= flip;
        break;
    case 1:
        t->address ^= flip;
        break;
    case 2:
        t->x ^= 1;
        break;
    case 3:
        t->index ^= 1;
        break;
    case 4:
        t->mask ^= flip & 0xF;
        break;
    case 5:
        t->keep ^= 1;
        break;
    case 6:
        t->kind = (int)(u8(r) % (CTM_TXN_KINDS + 1));
        break;
    default:
        t->unit = (int)(u8(r) % (CTM_UNITS + 1));
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rd r = {data, size, 0};
    run u = {0};
    uint8_t head = u8(&r);
    int lanes = head & 1 ? 16 : 4;
    u.shared = (head & 2) != 0;
    u.units = 1 + (int)(u8(&r) % CTM_UNITS_ALL);
    u.checked = run_of(lanes);
    u.src = u.shared ? u.checked : run_of(lanes);
    u.c = ctm_txn_new(u.checked, u.units);
    if (!u.c)
        broken("ctm_txn_new: %s", ctm_error());
    if (u.shared && ctm_txn_share(u.c) != CTM_OK)
        broken("ctm_txn_share before the first put: %s", ctm_error());
    u.clean = 1;
    for (int op = 0; op < OPS_MAX && r.at < r.n; op++) {
        ctm_txn t, t2;
        switch (u8(&r) & 15) {
        case 0:
        case 1:
        case 2:
        case 3:
        case 4:
        case 5: /* the next true transaction */
            if (next_true(&u, &t))
                put(&u, &t, 1);
            break;
        case 6: /* with one field wrong */
            if (next_true(&u, &t)) {
                spoil(&r, &t);
                put(&u, &t, 0);
            }
            break;
        case 7: /* dropped */
            if (next_true(&u, &t))
                u.clean = 0;
            break;
        case 8: /* swapped with the next */
            if (!next_true(&u, &t))
                break;
            if (!next_true(&u, &t2)) {
                put(&u, &t, 1);
                break;
            }
            put(&u, &t2, 0);
            put(&u, &t, 0);
            break;
        case 9: { /* bytes alone */
            ctm_txn x = {.unit = (int)(int8_t)u8(&r),
                         .kind = (int)(int8_t)u8(&r),
                         .index = (int)(int8_t)u8(&r),
                         .x = (int8_t)u8(&r),
                         .y = (int8_t)u8(&r),
                         .address = u32(&r),
                         .mask = u8(&r),
                         .value = {u32(&r), 0, 0, 0},
                         .keep = (int)(u8(&r) & 1)};
            put(&u, &x, 0);
            break;
        }
        case 10: { /* the drain check */
            int st = ctm_txn_finish(u.c);
            status_ok(st, "ctm_txn_finish");
            if (u.verdict == CTM_E_MISMATCH && st != CTM_E_MISMATCH)
                broken("finish after the mismatch returned %d", st);
            if (st == CTM_E_MISMATCH)
                u.verdict = st;
            u.clean = 0;
            break;
        }
        case 11:
            texts(&u);
            break;
        case 12: /* the model freed under its checker */
            if (!u.model_freed && (u8(&r) & 7) == 0) {
                ctm_model_free(u.checked);
                u.model_freed = 1;
                u.clean = 0;
            }
            break;
        case 13: /* the testbench's cycle, any 64-bit value */
            if (ctm_txn_set_cycle(u.c, (uint64_t)u32(&r) << 32 | u32(&r)) != CTM_OK)
                broken("ctm_txn_set_cycle on a live checker: %s", ctm_error());
            u.has_cycle = 1;
            break;
        default:
            put(&u, NULL, 0);
            break;
        }
    }
    if (u.clean) { /* the whole true stream, then the drain check passes */
        ctm_txn t;
        while (next_true(&u, &t))
            put(&u, &t, 1);
        int st = ctm_txn_finish(u.c);
        if (st != CTM_OK)
            broken("the drain check after the true stream returned %d: %s", st, ctm_txn_diff(u.c));
    }
    texts(&u);
    ctm_txn_free(u.c);
    if (!u.model_freed)
        ctm_model_free(u.checked);
    if (!u.shared)
        ctm_model_free(u.src);
    return 0;
}
