/* libFuzzer: the commit checker (ctm.h, docs/commit.md) fed as a buggy or careless design would
 * feed it. One input is one run: a header (lanes, the design's contexts, the level, the kinds,
 * the watchdog), then ops, each a byte and its arguments: make the next commit of a true
 * stream (a second run of the same program, its contexts renamed), make it with one field
 * wrong, drop it, swap it with the one after, make a commit of bytes alone (any context, kind,
 * wave, masks), tick the clock, run the drain check, read the diff and both reports, set the
 * kinds or the watchdog, free the model under the checker. The program is assembled once: a
 * loop with a break, a branch on the input, a conditional call.
 *
 * Promises held, not only "no crash": every status is one ctm.h documents; while only true
 * commits were made, in order, each is CTM_OK, and the drain check after the whole stream is
 * CTM_OK; after a mismatch every later put and finish returns it again; the diff is "" while
 * all matched; every text is NUL-terminated and a JSON report is an object. At level 1 the
 * true stream is the level-0 one, so its FC commits are wrong kinds there: a sequence that
 * makes one is a misuse (CTM_E_ARG), not a crash. */
#define FUZZ_NAME "fuzz_commit"
#include "fuzz_bytes.h"
#include "fuzz_promise.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { W = 12, H = 3, CTX_MAX = 8, OPS_MAX = 400 };

static char elf_path[] = "/tmp/fuzz_commit_XXXXXX";
static float input[W * H];

static const char program[] =
    ".float c0, -1.0\n"
    ".int i0, 3, 0, 1\n"
    "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"
    "    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt wait\n"
    "    call negate if res\n"
    "    loop i0\n"
    "    alu rgb mad r2.r, r2.rrr, #1, #1 alpha mad r2._, #0, #0, #0 setres r ge wait\n"
    "    break if res\n"
    "    endloop\n"
    "    fc jump done jump_func=0xff\n"
    "negate:\n"
    "    alu rgb mad r2.r, r2.rrr, c0.rrr, #0 alpha mad r2._, #0, #0, #0\n"
    "    ret\n"
    "done:\n"
    "    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_write_elf(program, elf_path);
    for (int k = 0; k < W * H; k++)
        input[k] = (float)((k * 7) % 9) - 4.0f; /* both signs: the branches go both ways */
    return 0;
}

/* ------------------------------------------------------------ runs */

static ctm_model *run_of(int lanes)
{
    ctm_model *m = ctm_model_new(elf_path, W, H, lanes, 2, 4, 4);
    if (!m || ctm_model_set_input(m, 0, input, CTM_FMT_FLOAT32_1, W, H))
        broken("a model of the program: %s", ctm_error());
    return m;
}

/* ------------------------------------------------------------ a run */

typedef struct run {
    ctm_commit_checker *c;
    ctm_model *checked, *src;
    int src_ended, clean, verdict, contexts, level;
    ctm_commit held; /* the true stream's next commit, pulled ahead */
    int have_held;
    uint64_t cycle;
} run;

/* The true stream's next commit (its context renamed), or 0 at its end. */
static int next_true(run *u, ctm_commit *r)
{
    if (u->have_held) {
        *r = u->held;
        u->have_held = 0;
        return 1;
    }
    if (u->src_ended)
        return 0;
    int got = ctm_model_commit(u->src, r);
    if (got < 0)
        broken("the true stream faulted: %s", ctm_model_error(u->src));
    if (!got) {
        u->src_ended = 1;
        return 0;
    }
    r->ctx = (r->ctx + 1) % u->contexts; /* renamed, within the design's contexts */
    return 1;
}

static void put(run *u, const ctm_commit *r, int is_true)
{
    int st = ctm_commit_put(u->c, u->cycle, r);
    status_ok(st, "ctm_commit_put");
    if (u->verdict == CTM_E_MISMATCH && st != CTM_E_MISMATCH)
        broken("a put after the mismatch returned %d", st);
    if (u->clean && is_true && u->level == 0 && st != CTM_OK)
        broken("a true commit in order returned %d: %s", st, ctm_commit_diff(u->c));
    if (!is_true || st != CTM_OK)
        u->clean = 0;
    if (st == CTM_E_MISMATCH)
        u->verdict = st;
    if (st == CTM_OK && u->verdict == 0 && ctm_commit_diff(u->c)[0])
        broken("a match left the diff \"%s\"", ctm_commit_diff(u->c));
}

static void texts(run *u)
{
    text_ok(ctm_commit_diff(u->c), "ctm_commit_diff");
    text_ok(ctm_commit_report(u->c, CTM_REPORT_TEXT), "the text report");
    const char *j = ctm_commit_report(u->c, CTM_REPORT_JSON);
    size_t n = text_ok(j, "the JSON report");
    if (n && (j[0] != '{' || j[n - 1] != '}'))
        broken("the JSON report is not an object: %.80s", j);
    if (u->verdict == CTM_E_MISMATCH && !n)
        broken("no report after a mismatch");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rd r = {data, size, 0};
    run u = {0};
    int lanes = u8(&r) & 1 ? 64 : 16;
    u.contexts = 2 + (int)(u8(&r) % (CTX_MAX - 1)); /* 2..8: the renaming is one to one */
    u.level = u8(&r) % 3 == 2;                      /* level 1 a third of the time */
    u.checked = run_of(lanes);
    u.src = run_of(lanes);
    u.c = ctm_commit_new(u.checked, u.contexts, u.level);
    if (!u.c)
        broken("ctm_commit_new: %s", ctm_error());
    ctm_commit_set_watchdog(u.c, 1 + u8(&r) % 64);
    u.clean = 1;
    int model_freed = 0;
    for (int op = 0; op < OPS_MAX && r.at < r.n; op++) {
        ctm_commit t;
        unsigned b = u8(&r);
        u.cycle += b >> 5;
        switch (b & 15) {
        case 0:
        case 1:
        case 2:
        case 3: /* the next true commit */
            if (next_true(&u, &t))
                put(&u, &t, 1);
            break;
        case 4: /* with one field wrong */
            if (next_true(&u, &t)) {
                uint64_t flip = 1ull << (u8(&r) & 63);
                switch (u8(&r) % 6) {
                case 0:
                    t.exec ^= flip;
                    break;
                case 1:
                    t.active ^= flip;
                    break;
                case 2:
                    t.pc ^= (uint32_t)flip & 0x1ff;
                    break;
                case 3:
                    t.jump ^= 1;
                    break;
                case 4:
                    t.kind = (int)(u8(&r) % CTM_COMMIT_KINDS);
                    break;
                default:
                    t.ctx = (int)(u8(&r) % (u.contexts + 1));
                    break;
                }
                put(&u, &t, 0);
            }
            break;
        case 5: /* dropped */
            if (next_true(&u, &t))
                u.clean = 0;
            break;
        case 6: { /* swapped with the next */
            ctm_commit t2;
            if (!next_true(&u, &t))
                break;
            if (!next_true(&u, &t2)) { /* the last one: nothing to swap it with */
                put(&u, &t, 1);
                break;
            }
            put(&u, &t2, 0);
            put(&u, &t, 0);
            break;
        }
        case 7: { /* bytes alone */
            ctm_commit x = {.ctx = (int)(int8_t)u8(&r),
                            .kind = (int)(int8_t)u8(&r),
                            .wave = (int)(int8_t)u8(&r),
                            .pc = u8(&r),
                            .exec = u64(&r),
                            .jump = (int)(u8(&r) & 1),
                            .active = u64(&r)};
            put(&u, &x, 0);
            break;
        }
        case 8: { /* the clock */
            int st = ctm_commit_clock(u.c, u.cycle);
            status_ok(st, "ctm_commit_clock");
            if (st == CTM_E_MISMATCH) {
                u.verdict = st;
                u.clean = 0;
            }
            break;
        }
        case 9: { /* the drain check */
            int st = ctm_commit_finish(u.c);
            status_ok(st, "ctm_commit_finish");
            if (u.verdict == CTM_E_MISMATCH && st != CTM_E_MISMATCH)
                broken("finish after the mismatch returned %d", st);
            if (st == CTM_E_MISMATCH)
                u.verdict = st;
            u.clean = 0; /* the stream may not be done: later commits are extra */
            break;
        }
        case 10:
            texts(&u);
            break;
        case 11:
            status_ok(ctm_commit_set_kinds(u.c, (int)(u8(&r) | u8(&r) << 8)), "set_kinds");
            u.clean = 0;
            break;
        case 12:
            status_ok(ctm_commit_set_watchdog(u.c, u8(&r)), "set_watchdog");
            u.clean = 0;
            break;
        case 13: /* the model freed under its checker */
            if (!model_freed && (u8(&r) & 7) == 0) {
                ctm_model_free(u.checked);
                model_freed = 1;
                u.clean = 0;
            }
            break;
        default:
            put(&u, NULL, 0);
            break;
        }
    }
    if (u.clean && u.level == 0) { /* the whole true stream, then the drain check passes */
        ctm_commit t;
        while (next_true(&u, &t))
            put(&u, &t, 1);
        int st = ctm_commit_finish(u.c);
        if (st != CTM_OK)
            broken("the drain check after the true stream returned %d: %s", st,
                   ctm_commit_diff(u.c));
    }
    texts(&u);
    ctm_commit_free(u.c);
    if (!model_freed)
        ctm_model_free(u.checked);
    ctm_model_free(u.src);
    return 0;
}
