/* The commit checker (ctm.h, docs/commit.md) against a design that is
 * correct but not cycle-exact: a second run of the same program, with other
 * wavefronts in flight (so another interleaving and other slots), whose
 * commits pass through a shell that renames the contexts and delays each
 * context's commits 1..8 cycles at random, with stalls. That design passes;
 * the same shell with one fault of each kind (a commit dropped, a design
 * that stops, two commits swapped, a mask wrong) fails with the report that
 * names it. And the model's commit stream agrees with its flow-control
 * steps (ctm_model_step). */
#include "cmocka_all.h"

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"
#include "fileio.h"
#include "isa.h"
#include "progen.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define W 40
#define H 30

/* ------------------------------------------------------------ programs */

static const dpp_exe *last_exe; /* the executable written last (its words decode FC ops) */

static void write_elf(const dpp_exe *exe, char *path)
{
    last_exe = exe;
    dpp_error err;
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_elf_write(exe, path, &err), DPP_OK);
}

/* The Mandelbrot example, as an executable at path (a mkstemp template). */
static void mandelbrot_elf(char *path)
{
    static dpp_exe exe;
    dpp_error err;
    uint8_t *src;
    size_t len;
    assert_int_equal(dpp_file_read("examples/mandelbrot/mandelbrot.s", 1 << 20, &src, &len, &err),
                     DPP_OK);
    assert_int_equal(dpp_asm((const char *)src, len, "mandelbrot.s", NULL, &exe, &err), DPP_OK);
    free(src);
    write_elf(&exe, path);
}

/* A random structured program (progen) with seed, as an executable at path. */
static void random_elf(uint64_t seed, char *path)
{
    static dpp_exe exe;
    pg_program *p;
    dpp_error err;
    assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
    assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
    pg_free(p);
    write_elf(&exe, path);
}

/* A run of elf over W x H; input 0 (random programs read it) holds small
 * integers of both signs, so that branches go both ways. */
static ctm_model *model(const char *elf, int lanes, int contexts)
{
    static float input[W * H * 4];
    for (size_t k = 0; k < sizeof input / sizeof *input; k++)
        input[k] = (float)((k * 2654435761u) % 17) - 8.0f;
    ctm_model *m = ctm_model_new(elf, W, H, lanes, contexts, 4, 4);
    if (!m)
        fail_msg("%s", ctm_error());
    assert_int_equal(ctm_model_set_input(m, 0, input, CTM_FMT_FLOAT32_4, W, H), CTM_OK);
    return m;
}

/* ------------------------------------------------------------ the design */

enum { MAX_CTX = 16, FIFO = 4096 };

/* Faults the shell can put in. */
typedef enum {
    OK,
    DROP_LAST_END,
    DROP_MIDDLE,
    STOP,
    SWAP,
    WRONG_ACTIVE,
    KILL_WRONG_LANE, /* async kills: a KILL with one lane more */
    KILL_DROPPED,    /* async kills: a KILL never reported */
    HOLD_AFTER_KILL, /* async kills: a lane still held after its KILL went out */
} fault_kind;

typedef struct pending {
    uint64_t ready;
    ctm_commit r;
} pending;

/* The design: the commits of its own run (`src`, other contexts than the
 * checker's model), each context's delayed 1..8 cycles, contexts renamed. */
typedef struct shell {
    ctm_model *src;
    int src_ended;
    int rename[MAX_CTX];
    pending fifo[MAX_CTX][FIFO];
    unsigned head[MAX_CTX], n[MAX_CTX];
    uint64_t last_ready[MAX_CTX];
    uint64_t rng;
    uint64_t made; /* commits the source made */
    fault_kind fault;
    uint64_t fault_at;  /* the source's commit the fault hits */
    int explicit_wave;  /* STARTs name their wave (else -1: in order) */
    int delays;         /* 0: every commit at once, in the source's order */
    int kinds;          /* bit k: the design commits CTM_COMMIT_k */
    int level;          /* 1: it commits control events, derived here from its run */
    const dpp_exe *exe; /* the program, for the FC ops of level 1 */
    int stuck;          /* STOP: the design never commits again, nor says it is done */
    int holding;        /* SWAP: held waits for the next commit of its context */
    ctm_commit held;
    int held_end; /* DROP_LAST_END: end is dropped if no commit follows it */
    ctm_commit end;
    /* Async kills (KILL among the kinds): a TEX commit goes out without its kill;
     * the KILL follows some commits later (before the END), and the commits in
     * between still hold the killed lanes in exec, as a design that has not
     * heard yet would. Per source context: the KILL held, commits to go. */
    int async_kill;
    int has_kill[MAX_CTX], kill_left[MAX_CTX];
    ctm_commit kill[MAX_CTX];
    uint64_t stale[MAX_CTX]; /* HOLD_AFTER_KILL: lanes the next commit still holds */
    uint64_t kills_made, held_lanes; /* KILLs sent; commits that held killed lanes */
} shell;

static unsigned draw(shell *s, unsigned n)
{
    s->rng ^= s->rng << 13, s->rng ^= s->rng >> 7, s->rng ^= s->rng << 17;
    return (unsigned)(s->rng % n);
}

static void shell_init(shell *s, const char *elf, int lanes, int contexts, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->src = model(elf, lanes, contexts);
    s->rng = seed * 0x9E3779B97F4A7C15ull + 1;
    s->explicit_wave = 1;
    s->delays = 1;
    s->kinds = (1 << CTM_COMMIT_KINDS) - 1;
    s->exe = last_exe;
    for (int k = 0; k < MAX_CTX; k++) /* design context k of source slot k: reversed */
        s->rename[k] = MAX_CTX - 1 - k;
}

static void enqueue(shell *s, uint64_t cycle, ctm_commit r)
{
    int k = s->rename[r.ctx];
    r.ctx = k;
    if (!s->explicit_wave)
        r.wave = -1;
    uint64_t ready = cycle + (s->delays ? 1 + draw(s, 8) : 0);
    if (ready < s->last_ready[k])
        ready = s->last_ready[k]; /* a context commits in program order */
    s->last_ready[k] = ready;
    assert_true(s->n[k] < FIFO);
    s->fifo[k][(s->head[k] + s->n[k]++) % FIFO] = (pending){ready, r};
}

/* Level 1, as docs/commit.md's table says, from the FC instruction at r's pc
 * (decoded here from the program, not taken from the model): the events of FC
 * commit r into ev, how many. */
static int events_of(const shell *s, const ctm_commit *r, ctm_commit ev[3])
{
    dpp_inst in;
    dpp_inst_decode(&s->exe->words[(size_t)r->pc * DPP_INST_DWORDS], &in);
    unsigned op = in.fc.op, a = in.fc.a_op;
    int n = 0, kind = -1;
    if (op == DPP_FC_LOOP || op == DPP_FC_REP)
        kind = CTM_COMMIT_LOOP_ENTER;
    else if (op == DPP_FC_ENDLOOP || op == DPP_FC_ENDREP)
        kind = r->jump ? CTM_COMMIT_LOOP_ITERATE : CTM_COMMIT_LOOP_EXIT;
    else if (op == DPP_FC_BREAKLOOP || op == DPP_FC_BREAKREP)
        kind = CTM_COMMIT_BREAK;
    else if (op == DPP_FC_CONTINUE)
        kind = CTM_COMMIT_CONTINUE;
    else if (r->jump && a == DPP_AOP_PUSH)
        kind = CTM_COMMIT_CALL;
    else if (r->jump && a == DPP_AOP_POP)
        kind = CTM_COMMIT_RETURN;
    ctm_commit base = {.ctx = r->ctx, .wave = -1, .pc = r->pc};
    if (kind >= 0) {
        ev[n] = base, ev[n].kind = kind, ev[n].exec = r->active;
        ev[n++].al = kind <= CTM_COMMIT_LOOP_EXIT && kind >= CTM_COMMIT_LOOP_ENTER ? r->al : 0;
    }
    if (r->exec & ~r->active)
        ev[n] = base, ev[n].kind = CTM_COMMIT_DIVERGE, ev[n++].exec = r->exec & ~r->active;
    if (r->active & ~r->exec)
        ev[n] = base, ev[n].kind = CTM_COMMIT_RECONVERGE, ev[n++].exec = r->active & ~r->exec;
    return n;
}

/* The KILL held for source context k goes out (through its fault). */
static void send_kill(shell *s, uint64_t cycle, int k)
{
    s->has_kill[k] = 0;
    ctm_commit r = s->kill[k];
    if (s->fault == KILL_DROPPED) {
        s->fault = OK;
        return;
    }
    if (s->fault == HOLD_AFTER_KILL) {
        s->stale[k] = r.kill;
        s->fault = OK;
    }
    if (s->fault == KILL_WRONG_LANE) {
        r.kill |= r.kill << 1 | r.kill >> 1; /* a neighbour lane too */
        s->fault = OK;
    }
    s->kills_made++;
    enqueue(s, cycle, r);
}

/* Async kills: r (of source context k) before the shell sends it. A TEX
 * loses its kill to a KILL held for 0..5 more commits; the commits between
 * hold the killed lanes. */
static void async_kill(shell *s, uint64_t cycle, ctm_commit *r)
{
    int k = r->ctx;
    int next_kill = r->kind == CTM_COMMIT_TEX && r->kill; /* one held at a time */
    if (s->has_kill[k] && (r->kind == CTM_COMMIT_END || next_kill || s->kill_left[k]-- == 0))
        send_kill(s, cycle, k);
    if (s->stale[k] && r->exec) {
        r->exec |= s->stale[k];
        s->stale[k] = 0;
    }
    if (s->has_kill[k] && r->kind != CTM_COMMIT_START && r->exec) {
        r->exec |= s->kill[k].kill; /* not heard of yet */
        s->held_lanes++;
    }
    if (!next_kill)
        return;
    s->kill[k] = (ctm_commit){.ctx = k, .kind = CTM_COMMIT_KILL, .wave = -1, .pc = r->pc,
                              .kill = r->kill};
    s->has_kill[k] = 1;
    s->kill_left[k] = (int)draw(s, 6);
    r->kill = 0;
}

/* The source's commit i, through the fault the shell puts in. */
static void take(shell *s, uint64_t cycle, uint64_t i, ctm_commit r)
{
    if (s->async_kill)
        async_kill(s, cycle, &r);
    if (s->level == 1 && r.kind == CTM_COMMIT_FC) { /* its control events instead */
        ctm_commit ev[3];
        int n = events_of(s, &r, ev);
        for (int k = 0; k < n; k++)
            take(s, cycle, i, ev[k]);
        return;
    }
    if (s->level == 1 && r.kind >= CTM_COMMIT_ALU && r.kind <= CTM_COMMIT_OUTPUT)
        return; /* level 1 has no ALU, TEX or OUTPUT commits */
    if (!(s->kinds >> r.kind & 1))
        return;        /* a unit that does not see this kind */
    if (s->held_end) { /* an END is the last commit only if nothing follows it */
        s->held_end = 0;
        enqueue(s, cycle, s->end);
    }
    if (s->holding && r.ctx == s->held.ctx) { /* the swap: this one first */
        s->holding = 0;
        enqueue(s, cycle, r);
        enqueue(s, cycle, s->held);
        return;
    }
    int hit = s->fault != OK && i >= s->fault_at;
    if (s->fault == DROP_LAST_END && r.kind == CTM_COMMIT_END) {
        s->held_end = 1;
        s->end = r;
    } else if (hit && s->fault == DROP_MIDDLE && r.kind == CTM_COMMIT_ALU) {
        s->fault = OK; /* dropped */
    } else if (hit && s->fault == STOP) {
        s->src_ended = s->stuck = 1;
    } else if (hit && s->fault == SWAP && r.kind == CTM_COMMIT_ALU) {
        s->fault = OK;
        s->holding = 1;
        s->held = r;
    } else if (hit && s->fault == WRONG_ACTIVE && r.kind == CTM_COMMIT_DIVERGE) {
        r.exec ^= 1ull << __builtin_ctzll(r.exec); /* one parked lane goes on */
        s->fault = OK;
        enqueue(s, cycle, r);
    } else if (hit && s->fault == WRONG_ACTIVE && r.kind == CTM_COMMIT_FC && r.exec) {
        r.active ^= 1ull << __builtin_ctzll(r.exec); /* the first lane it acts on */
        s->fault = OK;
        enqueue(s, cycle, r);
    } else {
        enqueue(s, cycle, r);
    }
}

/* One cycle of the design: maybe one commit of its run, into its context's
 * queue (a fault applied); then every commit that is ready, contexts in a
 * random order, to the checker. The checker's status, or CTM_OK. */
static int shell_cycle(shell *s, ctm_commit_checker *c, uint64_t cycle)
{
    if (!s->src_ended && (!s->delays || draw(s, 4))) { /* a stall one cycle in four */
        ctm_commit r;
        int got = ctm_model_commit(s->src, &r);
        assert_true(got >= 0);
        s->src_ended = !got;
        if (got)
            take(s, cycle, s->made++, r);
    }
    int order[MAX_CTX];
    for (int k = 0; k < MAX_CTX; k++)
        order[k] = k;
    for (int k = MAX_CTX - 1; s->delays && k > 0; k--) {
        int j = (int)draw(s, (unsigned)k + 1), t = order[k];
        order[k] = order[j], order[j] = t;
    }
    for (int i = 0; i < MAX_CTX; i++) {
        int k = order[i];
        while (s->n[k] && s->fifo[k][s->head[k]].ready <= cycle) {
            int st = ctm_commit_put(c, cycle, &s->fifo[k][s->head[k]].r);
            s->head[k] = (s->head[k] + 1) % FIFO;
            s->n[k]--;
            if (st)
                return st;
        }
    }
    return CTM_OK;
}

static int shell_idle(const shell *s)
{
    if (s->stuck)
        return 0;
    for (int k = 0; k < MAX_CTX; k++)
        if (s->n[k])
            return 0;
    return s->src_ended;
}

/* Runs the design against a checker of `contexts` design contexts until the
 * design is idle (then the drain check) or a check fails: that status. */
static int run(shell *s, ctm_commit_checker *c, uint64_t *cycle)
{
    for (*cycle = 0; *cycle < 10000000; ++*cycle) {
        int st = shell_cycle(s, c, *cycle);
        if (!st)
            st = ctm_commit_clock(c, *cycle);
        if (st)
            return st;
        if (shell_idle(s))
            return ctm_commit_finish(c);
    }
    fail_msg("the design ran 10M cycles");
    return CTM_E_STATE;
}

/* The report in JSON, parsed (a test failure if it is not JSON). */
static json_t *report_json(ctm_commit_checker *c)
{
    json_error_t e;
    json_t *j = json_loads(ctm_commit_report(c, CTM_REPORT_JSON), 0, &e);
    if (!j)
        fail_msg("report is not JSON: %s: %s", e.text, ctm_commit_report(c, CTM_REPORT_JSON));
    return j;
}

static const char *json_str(json_t *j, const char *key)
{
    const char *s = json_string_value(json_object_get(j, key));
    return s ? s : "";
}

/* ------------------------------------------------------------ tests */

/* A correct design with random latency and interleaved, renamed contexts
 * passes over Mandelbrot and random structured programs, at 16 and 64 lanes;
 * every commit the model made is checked. */
static void test_correct_design_passes(void **state)
{
    (void)state;
    static shell s;
    uint64_t checked = 0;
    for (int prog = 0; prog < 9; prog++) {
        char elf[] = "/tmp/test_ctm_commit_XXXXXX";
        if (prog == 0)
            mandelbrot_elf(elf);
        else
            random_elf((uint64_t)prog, elf);
        int lanes = prog % 2 ? 64 : 16;
        shell_init(&s, elf, lanes, 5, (uint64_t)prog);
        s.explicit_wave = prog % 3 != 0; /* and STARTs in order, unnamed */
        if (!s.explicit_wave)
            s.delays = 0; /* unnamed STARTs need their wave order kept */
        ctm_model *m = model(elf, lanes, 3);
        unlink(elf);
        ctm_commit_checker *c = ctm_commit_new(m, MAX_CTX, 0);
        assert_non_null(c);
        uint64_t cycle;
        int st = run(&s, c, &cycle);
        if (st)
            fail_msg("program %d: %s\n%s", prog, ctm_commit_diff(c),
                     ctm_commit_report(c, CTM_REPORT_TEXT));
        assert_int_equal(ctm_commit_count(c), s.made);
        assert_string_equal(ctm_commit_diff(c), "");
        assert_string_equal(ctm_commit_report(c, CTM_REPORT_TEXT), "");
        checked += s.made;
        ctm_commit_free(c);
        ctm_model_free(m);
        ctm_model_free(s.src);
    }
    assert_true(checked > 20000);
}

/* A faulty design's run: the shell, the checker and its model, where it stopped. */
typedef struct faulty {
    shell s;
    ctm_commit_checker *c;
    ctm_model *m;
    uint64_t cycle;
} faulty;

/* Runs Mandelbrot through the shell with one fault, the watchdog at 200
 * cycles; the checker's status. */
static int faulty_run(faulty *f, fault_kind fault, uint64_t at)
{
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    mandelbrot_elf(elf);
    shell_init(&f->s, elf, 16, 4, 7);
    f->s.fault = fault;
    f->s.fault_at = at;
    f->m = model(elf, 16, 3);
    unlink(elf);
    f->c = ctm_commit_new(f->m, MAX_CTX, 0);
    assert_non_null(f->c);
    ctm_commit_set_watchdog(f->c, 200);
    return run(&f->s, f->c, &f->cycle);
}

static void done_with(faulty *f)
{
    ctm_commit_free(f->c);
    ctm_model_free(f->m);
    ctm_model_free(f->s.src);
}

/* The run's last END never made: the drain check at the end fails and names
 * the wave and the END. */
static void test_dropped_commit_fails_the_drain(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(faulty_run(&f, DROP_LAST_END, 0), CTM_E_MISMATCH);
    ctm_commit_checker *c = f.c;
    const char *d = ctm_commit_diff(c);
    assert_non_null(strstr(d, "drain: 1 commits of 1 wavefronts expected, never made"));
    assert_non_null(strstr(d, " END"));
    json_t *j = report_json(c);
    assert_string_equal(json_str(j, "what"), "drain");
    assert_int_equal(json_array_size(json_object_get(j, "missing")), 1);
    json_decref(j);
    assert_non_null(strstr(ctm_commit_report(c, CTM_REPORT_TEXT), "never made, from: END"));
    /* the verdict stays */
    assert_int_equal(ctm_commit_finish(c), CTM_E_MISMATCH);
    done_with(&f);
}

/* A design that stops committing: the watchdog fires and says what each
 * context waits for. */
static void test_stuck_design_fires_the_watchdog(void **state)
{
    (void)state;
    static faulty f;
    /* the shell's run goes on past the stop: a stuck design never says it
     * is done, so the clock keeps ticking until the watchdog */
    assert_int_equal(faulty_run(&f, STOP, 2000), CTM_E_MISMATCH);
    ctm_commit_checker *c = f.c;
    json_t *j = report_json(c);
    assert_string_equal(json_str(j, "what"), "hang");
    assert_true(json_array_size(json_object_get(j, "waiting")) >= 1);
    json_decref(j);
    assert_non_null(strstr(ctm_commit_diff(c), "hang: no commit for 200 cycles"));
    assert_non_null(strstr(ctm_commit_report(c, CTM_REPORT_TEXT), "waits for: "));
    done_with(&f);
}

/* Two commits of one context swapped: the first of them, out of order, is
 * named with its pc. */
static void test_swapped_commits_name_the_first(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(faulty_run(&f, SWAP, 1500), CTM_E_MISMATCH);
    ctm_commit_checker *c = f.c;
    json_t *j = report_json(c);
    assert_string_equal(json_str(j, "what"), "order");
    assert_int_equal(json_integer_value(json_object_get(j, "later")), 1);
    json_t *design = json_object_get(j, "design");
    json_t *next = json_object_get(j, "model_next");
    /* the design's commit is the model's second next; the first is the held ALU */
    assert_int_equal(json_integer_value(json_object_get(design, "pc")),
                     json_integer_value(json_object_get(json_array_get(next, 1), "pc")));
    assert_string_equal(json_str(json_array_get(next, 0), "kind"), "ALU");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(next, 0), "pc")),
                     f.s.held.pc);
    char want[64];
    snprintf(want, sizeof want, "out of order: %s", json_str(design, "kind"));
    assert_non_null(strstr(ctm_commit_diff(c), want));
    /* the field against the model's next commit is named first, in the text and the JSON */
    const char *field = json_str(j, "field");
    assert_non_null(field);
    snprintf(want, sizeof want, "pc %d: ALU: %s: expected", (int)json_integer_value(json_object_get(design, "pc")), field);
    assert_non_null(strstr(ctm_commit_diff(c), want));
    json_decref(j);
    done_with(&f);
}

/* A commit dropped in the middle is caught at once, at the commit after it. */
static void test_dropped_middle_commit_is_caught(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(faulty_run(&f, DROP_MIDDLE, 500), CTM_E_MISMATCH);
    ctm_commit_checker *c = f.c;
    assert_non_null(strstr(ctm_commit_diff(c), "out of order"));
    done_with(&f);
}

/* A wrong active mask after a flow-control commit: the field, both values and
 * the lane, the last commits of the wave. */
static void test_wrong_mask_names_field_and_lane(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(faulty_run(&f, WRONG_ACTIVE, 800), CTM_E_MISMATCH);
    ctm_commit_checker *c = f.c;
    json_t *j = report_json(c);
    assert_string_equal(json_str(j, "what"), "field");
    assert_string_equal(json_str(j, "field"), "active");
    assert_int_equal(json_array_size(json_object_get(j, "lanes")), 1);
    assert_true(json_array_size(json_object_get(j, "last_commits")) > 0);
    json_decref(j);
    const char *d = ctm_commit_diff(c);
    assert_non_null(strstr(d, ": FC: active: expected 0x"));
    assert_non_null(strstr(d, " differ)"));
    const char *t = ctm_commit_report(c, CTM_REPORT_TEXT);
    assert_non_null(strstr(t, "commit-level mismatch (level 0, field)"));
    assert_non_null(strstr(t, "design and model agreed"));
    /* sticky: the next commit gets the same verdict */
    ctm_commit r = {.ctx = 0, .kind = CTM_COMMIT_END};
    assert_int_equal(ctm_commit_put(c, f.cycle + 1, &r), CTM_E_MISMATCH);
    done_with(&f);
}

/* A design that commits as soon as the model does (each wave's queue short)
 * with a wrong exec on its first FC: the check looks ahead for an
 * out-of-order match, which runs the model on and grows the queues; the diff
 * still names the expected commit's pc and kind (it read them from a queue
 * that had moved: a use after free, a garbage pc). */
static void test_field_diff_after_the_queues_grew(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    mandelbrot_elf(elf);
    ctm_model *src = model(elf, 16, 4), *m = model(elf, 16, 4);
    unlink(elf);
    ctm_commit_checker *c = ctm_commit_new(m, 4, 0);
    assert_non_null(c);
    ctm_commit r;
    uint64_t cycle = 0;
    int st = CTM_OK;
    while (st == CTM_OK && ctm_model_commit(src, &r) == 1) {
        cycle++;
        if (r.kind == CTM_COMMIT_FC) {
            r.exec ^= 1; /* lane 0 */
            st = ctm_commit_put(c, cycle, &r);
            break;
        }
        st = ctm_commit_put(c, cycle, &r);
    }
    assert_int_equal(st, CTM_E_MISMATCH);
    char want[160];
    snprintf(
        want, sizeof want,
        "context %d (wave %d), pc %u: FC: exec: expected 0x%llx, actual 0x%llx (lanes 0 differ)",
        r.ctx, r.wave, r.pc, (unsigned long long)(r.exec ^ 1), (unsigned long long)r.exec);
    if (!strstr(ctm_commit_diff(c), want))
        fail_msg("diff: %s\nwanted: %s", ctm_commit_diff(c), want);
    ctm_commit_free(c);
    ctm_model_free(m);
    ctm_model_free(src);
}

/* A flow-control unit commits only START and FC: with the kinds set, that
 * design passes (a wavefront ends with its last FC, the next START on its
 * context frees it), and one wrong FC is still caught. */
static void test_a_unit_of_some_kinds(void **state)
{
    (void)state;
    static shell s;
    for (int broken = 0; broken < 2; broken++) {
        char elf[] = "/tmp/test_ctm_commit_XXXXXX";
        random_elf(4, elf);
        shell_init(&s, elf, 16, 2, 11);
        s.kinds = 1 << CTM_COMMIT_START | 1 << CTM_COMMIT_FC;
        if (broken) {
            s.fault = WRONG_ACTIVE;
            s.fault_at = 20;
        }
        ctm_model *m = model(elf, 16, 3);
        unlink(elf);
        ctm_commit_checker *c = ctm_commit_new(m, MAX_CTX, 0);
        assert_int_equal(ctm_commit_set_kinds(c, s.kinds), CTM_OK);
        ctm_commit_set_watchdog(c, 100);
        uint64_t cycle;
        int st = run(&s, c, &cycle);
        if (!broken && st)
            fail_msg("%s", ctm_commit_report(c, CTM_REPORT_TEXT));
        if (broken) {
            assert_int_equal(st, CTM_E_MISMATCH);
            assert_non_null(strstr(ctm_commit_diff(c), "FC: active: expected"));
        } else {
            assert_true(ctm_commit_count(c) > 200);
            /* idle after the run: no hang, however long */
            assert_int_equal(ctm_commit_clock(c, cycle + 1000), CTM_OK);
        }
        assert_int_equal(ctm_commit_set_kinds(c, 0x3f), CTM_E_STATE); /* too late */
        assert_int_equal(ctm_commit_set_regions(c, CTM_REGIONS_ALL), CTM_E_STATE);
        assert_non_null(strstr(ctm_error(), "too late: REGIONS is turned on before"));
        ctm_commit_free(c);
        ctm_model_free(m);
        ctm_model_free(s.src);
    }
}

/* src assembled into *exe (name: the file its messages name). */
static const dpp_exe *assemble(dpp_exe *exe, const char *src, const char *name)
{
    dpp_error err;
    if (dpp_asm(src, strlen(src), name, NULL, exe, &err))
        fail_msg("%s", err.msg);
    return exe;
}

/* A conditional call (test_level1_events_of_a_call), assembled. */
static const dpp_exe *call_exe(void)
{
    static dpp_exe exe;
    static const char src[] =
        ".float c0, -1.0\n"
        "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"
        "    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt wait\n"
        "    call negate if res\n"
        "    fc jump done jump_func=0xff\n"
        "negate:\n"
        "    alu rgb mad r2.r, r2.rrr, c0.rrr, #0 alpha mad r2._, #0, #0, #0\n"
        "    ret\n"
        "done:\n"
        "    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0\n";
    return assemble(&exe, src, "call.s");
}

/* A checker of level (at level 2, of family) over exe on 8 lanes whose input
 * 0 is -1 2 -3 4 5 6 -7 8 (lanes 0, 2 and 6 negative). */
static ctm_commit_checker *checker_over(const dpp_exe *exe, ctm_model **m, int level, int family)
{
    static const float in[8] = {-1, 2, -3, 4, 5, 6, -7, 8};
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    write_elf(exe, elf);
    *m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    unlink(elf);
    assert_non_null(*m);
    assert_int_equal(ctm_model_set_input(*m, 0, in, CTM_FMT_FLOAT32_1, 8, 1), CTM_OK);
    ctm_commit_checker *c = ctm_commit_new(*m, 1, level);
    assert_non_null(c);
    if (level == 2)
        assert_int_equal(ctm_commit_set_family(c, family), CTM_OK);
    return c;
}

/* An oracle's checker: its program, level, family (level 2), kinds (0: the
 * default) and open-regions policy (-1: none). */
typedef struct oracle {
    const dpp_exe *exe;
    int level, family, kinds, regions;
} oracle;

/* Puts the n commits of want into the checker of o: they pass and drain;
 * then again with commit bad_at replaced by *bad, which must be the first
 * mismatch, its diff containing diff and its JSON report naming field. */
static void check_oracle(const oracle *o, const ctm_commit *want, size_t n, size_t bad_at,
                         const ctm_commit *bad, const char *diff, const char *field)
{
    char json_field[64];
    snprintf(json_field, sizeof json_field, "\"field\":\"%s\"", field);
    for (int wrong = 0; wrong < 2; wrong++) {
        ctm_model *m;
        ctm_commit_checker *c = checker_over(o->exe, &m, o->level, o->family);
        if (o->regions >= 0)
            assert_int_equal(ctm_commit_set_regions(c, o->regions), CTM_OK);
        if (o->kinds)
            assert_int_equal(ctm_commit_set_kinds(c, o->kinds), CTM_OK);
        for (size_t k = 0; k < n; k++) {
            int st = ctm_commit_put(c, k, wrong && k == bad_at ? bad : &want[k]);
            if (wrong && k == bad_at) {
                assert_int_equal(st, CTM_E_MISMATCH);
                if (!strstr(ctm_commit_diff(c), diff))
                    fail_msg("diff \"%s\", want \"%s\"", ctm_commit_diff(c), diff);
                assert_non_null(strstr(ctm_commit_report(c, CTM_REPORT_JSON), json_field));
                break;
            }
            if (st)
                fail_msg("commit %zu: %s\n%s", k, ctm_commit_diff(c),
                         ctm_commit_report(c, CTM_REPORT_TEXT));
        }
        if (!wrong)
            assert_int_equal(ctm_commit_finish(c), CTM_OK);
        ctm_commit_free(c);
        ctm_model_free(m);
    }
}

/* Level 1 against a hand-derived oracle: subroutine.s over 8 lanes whose
 * inputs -1 2 -3 4 5 6 -7 8 make lanes 0, 2 and 6 call `negate`: START; at
 * the conditional call (pc 2) a CALL of those lanes and the DIVERGE of the
 * others, which wait; at the RET (pc 5) the RETURN of every lane and the
 * RECONVERGE of the five that waited; the unconditional jump (pc 3) changes
 * no lane and is no event; END. And one lane wrong is caught. */
static void test_level1_events_of_a_call(void **state)
{
    (void)state;
    const ctm_commit want[] = {
        {.kind = CTM_COMMIT_START, .wave = -1, .exec = 0xff, .active = 0xff},
        {.kind = CTM_COMMIT_CALL, .pc = 2, .exec = 0x45},
        {.kind = CTM_COMMIT_DIVERGE, .pc = 2, .exec = 0xba},
        {.kind = CTM_COMMIT_RETURN, .pc = 5, .exec = 0xff},
        {.kind = CTM_COMMIT_RECONVERGE, .pc = 5, .exec = 0xba},
        {.kind = CTM_COMMIT_END},
    };
    ctm_commit bad = want[4];
    bad.exec = 0xbb; /* lane 0 did not wait */
    const oracle o = {call_exe(), 1, 0, 0, -1};
    check_oracle(&o, want, sizeof want / sizeof *want, 4, &bad,
                 "pc 5: RECONVERGE: exec: expected 0xba, actual 0xbb (lanes 0 differ)", "exec");
}

/* Level 2, the fc_unit family, derived by hand (docs/fc_unit.md, EXEC steps
 * 5 and 6): the call at pc 2 (B_OP1 INCR) parks the five lanes that do not
 * call (BR_INACTIVE with counter 0 at depth 1) and pushes the return
 * address 3; the RET at pc 5 (DECR 1) pops it and wakes them; the jump at
 * pc 3 leaves nothing open. A design with one lane's counter 1 is caught,
 * naming bc and the lane. */
static void test_level2_fc_state_of_a_call(void **state)
{
    (void)state;
    const ctm_commit parked = {.kind = CTM_COMMIT_FC_STATE, .pc = 2, .br_inactive = 0xba,
                               .depth = 1, .addr_sp = 1, .addr_top = 3};
    const ctm_commit want[] = {
        {.kind = CTM_COMMIT_START, .wave = -1, .exec = 0xff, .active = 0xff},
        {.kind = CTM_COMMIT_FC_STATE},
        {.kind = CTM_COMMIT_TEX, .pc = 0, .exec = 0xff},
        {.kind = CTM_COMMIT_ALU, .pc = 1, .exec = 0xff},
        {.kind = CTM_COMMIT_FC, .pc = 2, .exec = 0xff, .jump = 1, .next_pc = 4, .active = 0x45},
        parked,
        {.kind = CTM_COMMIT_ALU, .pc = 4, .exec = 0x45},
        {.kind = CTM_COMMIT_FC, .pc = 5, .exec = 0x45, .jump = 1, .next_pc = 3, .active = 0xff},
        {.kind = CTM_COMMIT_FC_STATE, .pc = 5},
        {.kind = CTM_COMMIT_FC, .pc = 3, .exec = 0xff, .jump = 1, .next_pc = 6, .active = 0xff},
        {.kind = CTM_COMMIT_FC_STATE, .pc = 3},
        {.kind = CTM_COMMIT_OUTPUT, .pc = 6, .exec = 0xff, .done = 0xff},
        {.kind = CTM_COMMIT_END},
    };
    ctm_commit bad = parked;
    bad.bc[3] = 1;
    const oracle o = {call_exe(), 2, CTM_COMMIT_FAMILY_FC, 0, -1};
    check_oracle(&o, want, sizeof want / sizeof *want, 5, &bad,
                 "pc 2: FC_STATE: bc: lanes 3 (0, 1) differ", "bc");
}

/* Level 2, the predicate-stack family (docs/system.md's mapping), by hand,
 * for a unit that commits only START and the ops (8 lanes: one quarter):
 * START sets the task mask to the live lanes and stores them as the
 * predicate; the call (INCR, the group jumps) pushes and stores the
 * callers' condition, so the ExecuteMask is theirs; the RET (DECR 1) pops
 * back to every lane; the jump at pc 3 drives nothing. A unit whose WRITE
 * left the ExecuteMask alone is caught, naming exec and the lanes. */
static void test_level2_pred_ops_of_a_call(void **state)
{
    (void)state;
    enum { SET = CTM_PRED_OP_SET_TASK_MASK, WRITE = CTM_PRED_OP_WRITE };
    const ctm_commit want[] = {
        {.kind = CTM_COMMIT_START, .wave = -1, .exec = 0xff, .active = 0xff},
        {.kind = CTM_COMMIT_PRED_OP, .pc = 0, .op = SET, .mask = 0xff, .exec = 0xff},
        {.kind = CTM_COMMIT_PRED_OP, .pc = 0, .op = WRITE, .mask = 0xff, .exec = 0xff},
        {.kind = CTM_COMMIT_PRED_OP, .pc = 2, .op = CTM_PRED_OP_PUSH, .exec = 0xff},
        {.kind = CTM_COMMIT_PRED_OP, .pc = 2, .op = WRITE, .mask = 0x45, .exec = 0x45},
        {.kind = CTM_COMMIT_PRED_OP, .pc = 5, .op = CTM_PRED_OP_POP, .exec = 0xff},
    };
    ctm_commit bad = want[4];
    bad.exec = 0xff;
    const oracle o = {call_exe(), 2, CTM_COMMIT_FAMILY_PRED,
                      1 << CTM_COMMIT_START | 1 << CTM_COMMIT_PRED_OP, -1};
    check_oracle(&o, want, sizeof want / sizeof *want, 4, &bad,
                 "pc 2: PRED_OP: exec: expected 0x45, actual 0xff (lanes 1 3 4 5 7 differ)",
                 "exec");
}

/* ------------------------------------------------------------ open regions */

/* An IF/ELSE whose IF splits the lanes, holding an IF every lane it decides
 * for takes (uniform), assembled: pc 2 IF, 4 inner IF, 6 inner ENDIF, 7 ELSE,
 * 9 ENDIF. */
static const dpp_exe *regions_exe(void)
{
    static dpp_exe exe;
    static const char src[] =
        "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"
        "    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt wait\n"
        "    if res\n"
        "    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt\n"
        "    if res\n"
        "    alu rgb mad r2.r, r2.rrr, #2, #0 alpha mad r2._, #0, #0, #0\n"
        "    endif\n"
        "    else\n"
        "    alu rgb mad r2.r, r2.rrr, #3, #0 alpha mad r2._, #0, #0, #0\n"
        "    endif\n"
        "    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0\n";
    return assemble(&exe, src, "regions.s");
}

enum { REGIONS_STEPS = 12, START_FC = 1 << CTM_COMMIT_START | 1 << CTM_COMMIT_FC };

/* regions_exe's START and FC commits, each followed by its REGIONS (after: the
 * count by policy CTM_REGIONS_DIVERGENT, then CTM_REGIONS_ALL), derived by
 * hand: lanes 0, 2 and 6 (0x45) are negative. The IF at pc 2 (JUMP_FUNC 0x0F:
 * a lane asks to jump when its result is false) parks the other five (0xba):
 * a divergent level, 1 either way. The inner IF at pc 4 decides for 0x45
 * only, all true: nothing jumps and nothing is parked, a uniform level, which
 * counts under ALL only (1, 2). Its ENDIF pops it (1, 1). The ELSE at pc 7
 * swaps the active lanes with the waiting ones and stays at the outer level,
 * still divergent (1, 1); the ENDIF at pc 9 pops it (0, 0). */
static void regions_oracle(int policy, ctm_commit want[REGIONS_STEPS])
{
    static const unsigned after[6][2] = {{0, 0}, {1, 1}, {1, 2}, {1, 1}, {1, 1}, {0, 0}};
    static const ctm_commit steps[6] = {
        {.kind = CTM_COMMIT_START, .wave = -1, .exec = 0xff, .active = 0xff},
        {.kind = CTM_COMMIT_FC, .pc = 2, .exec = 0xff, .next_pc = 3, .active = 0x45},
        {.kind = CTM_COMMIT_FC, .pc = 4, .exec = 0x45, .next_pc = 5, .active = 0x45},
        {.kind = CTM_COMMIT_FC, .pc = 6, .exec = 0x45, .next_pc = 7, .active = 0x45},
        {.kind = CTM_COMMIT_FC, .pc = 7, .exec = 0x45, .next_pc = 8, .active = 0xba},
        {.kind = CTM_COMMIT_FC, .pc = 9, .exec = 0xba, .next_pc = 10, .active = 0xff},
    };
    for (int k = 0; k < 6; k++) {
        want[2 * k] = steps[k];
        want[2 * k + 1] = (ctm_commit){
            .kind = CTM_COMMIT_REGIONS, .pc = steps[k].pc, .regions = after[k][policy]};
    }
}

/* The count by each policy against the oracle, and the stack that leaks: a
 * design that keeps the uniform IF's level after its ENDIF (pc 6) has every
 * mask right but commits 2 where 1 is open (ALL), caught there. */
static void test_regions_of_a_uniform_if(void **state)
{
    (void)state;
    ctm_commit want[REGIONS_STEPS];
    regions_oracle(CTM_REGIONS_DIVERGENT, want);
    ctm_commit bad = want[5]; /* the inner IF's level counted under DIVERGENT */
    bad.regions = 2;
    const oracle div = {regions_exe(), 0, 0, START_FC, CTM_REGIONS_DIVERGENT};
    check_oracle(&div, want, REGIONS_STEPS, 5, &bad, "pc 4: REGIONS: regions: expected 1, actual 2",
                 "regions");
    regions_oracle(CTM_REGIONS_ALL, want);
    bad = want[7]; /* the leak: the uniform level still held after its ENDIF */
    bad.regions = 2;
    const oracle all = {regions_exe(), 0, 0, START_FC, CTM_REGIONS_ALL};
    check_oracle(&all, want, REGIONS_STEPS, 7, &bad, "pc 6: REGIONS: regions: expected 1, actual 2",
                 "regions");
}

/* A wavefront whose design ends it with a level open (its last count 1, the
 * model's 0) is named with the count, and at level 1 (the events, START and
 * END) the REGIONS follow each step's events, an eventless one's too: the
 * inner IF makes no event. */
static void test_regions_at_the_end(void **state)
{
    (void)state;
    ctm_commit want[REGIONS_STEPS];
    regions_oracle(CTM_REGIONS_ALL, want);
    ctm_commit bad = want[REGIONS_STEPS - 1];
    bad.regions = 1;
    const oracle end = {regions_exe(), 0, 0, START_FC, CTM_REGIONS_ALL};
    check_oracle(&end, want, REGIONS_STEPS, REGIONS_STEPS - 1, &bad,
                 "pc 9: REGIONS: regions: expected 0, actual 1; the wave ends with 1 open, "
                 "the model's with 0",
                 "regions");
    const ctm_commit events[] = {
        {.kind = CTM_COMMIT_START, .wave = -1, .exec = 0xff, .active = 0xff},
        {.kind = CTM_COMMIT_REGIONS},
        {.kind = CTM_COMMIT_DIVERGE, .pc = 2, .exec = 0xba},
        {.kind = CTM_COMMIT_REGIONS, .pc = 2, .regions = 1},
        {.kind = CTM_COMMIT_REGIONS, .pc = 4, .regions = 2},
        {.kind = CTM_COMMIT_REGIONS, .pc = 6, .regions = 1},
        {.kind = CTM_COMMIT_DIVERGE, .pc = 7, .exec = 0x45},
        {.kind = CTM_COMMIT_RECONVERGE, .pc = 7, .exec = 0xba},
        {.kind = CTM_COMMIT_REGIONS, .pc = 7, .regions = 1},
        {.kind = CTM_COMMIT_RECONVERGE, .pc = 9, .exec = 0x45},
        {.kind = CTM_COMMIT_REGIONS, .pc = 9},
        {.kind = CTM_COMMIT_END},
    };
    bad = events[10];
    bad.regions = 1;
    const oracle level1 = {regions_exe(), 1, 0, 0, CTM_REGIONS_ALL};
    check_oracle(&level1, events, sizeof events / sizeof *events, 10, &bad,
                 "pc 9: REGIONS: regions: expected 0, actual 1; the wave ends with 1 open",
                 "regions");
}

/* Level 1 through the shell: a design that commits control events (derived
 * here from the FC instructions it runs) passes with latency and renamed
 * contexts over Mandelbrot and random programs, and one lane wrong in a
 * DIVERGE is caught. */
static void test_level1_design_passes(void **state)
{
    (void)state;
    static shell s;
    uint64_t checked = 0;
    for (int prog = 0; prog < 7; prog++) {
        char elf[] = "/tmp/test_ctm_commit_XXXXXX";
        if (prog == 0 || prog == 6)
            mandelbrot_elf(elf);
        else
            random_elf((uint64_t)prog + 20, elf);
        int lanes = prog % 2 ? 64 : 16;
        shell_init(&s, elf, lanes, 4, (uint64_t)prog);
        s.level = 1;
        if (prog == 6) {
            s.fault = WRONG_ACTIVE;
            s.fault_at = 10;
        }
        ctm_model *m = model(elf, lanes, 3);
        unlink(elf);
        ctm_commit_checker *c = ctm_commit_new(m, MAX_CTX, 1);
        assert_non_null(c);
        uint64_t cycle;
        int st = run(&s, c, &cycle);
        if (prog == 6) {
            assert_int_equal(st, CTM_E_MISMATCH);
            assert_non_null(strstr(ctm_commit_diff(c), ": DIVERGE: exec: expected 0x"));
        } else if (st) {
            fail_msg("program %d: %s\n%s", prog, ctm_commit_diff(c),
                     ctm_commit_report(c, CTM_REPORT_TEXT));
        } else {
            checked += ctm_commit_count(c);
        }
        ctm_commit_free(c);
        ctm_model_free(m);
        ctm_model_free(s.src);
    }
    assert_true(checked > 1000);
}

/* One run for stimulus and reference (ctm_commit_share): a flow-control
 * design fed by the checker's own model through ctm_model_step commits each
 * step's START or FC from the step's results, five steps late; it passes and
 * the drain runs the rest. A commit before the step that makes it is "ahead
 * of the run"; sharing after a commit is refused. */
static void test_shared_run(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    mandelbrot_elf(elf);
    ctm_model *m = model(elf, 16, 3);
    ctm_commit_checker *c = ctm_commit_new(m, 3, 0);
    assert_int_equal(ctm_commit_set_kinds(c, 1 << CTM_COMMIT_START | 1 << CTM_COMMIT_FC), CTM_OK);
    assert_int_equal(ctm_commit_share(c), CTM_OK);
    enum { LATE = 5 };
    ctm_commit late[LATE];
    uint64_t active[3] = {0}, cycle = 0, made = 0;
    while (ctm_model_step(m) == 1) {
        ctm_commit x = {.ctx = (int)ctm_model_get(m, "ctx"), .active = ctm_model_get(m, "active")};
        if (ctm_model_get(m, "cmd") == 1) { /* START */
            x.kind = CTM_COMMIT_START;
            x.wave = (int)ctm_model_get(m, "wave");
            x.exec = ctm_model_get(m, "live");
        } else {
            x.kind = CTM_COMMIT_FC;
            x.pc = (uint32_t)ctm_model_get(m, "pc");
            x.exec = active[x.ctx] & ctm_model_get(m, "live");
            x.jump = (int)ctm_model_get(m, "jump");
            x.next_pc = (uint32_t)ctm_model_get(m, "next_pc");
        }
        active[x.ctx] = x.active;
        if (made >= LATE && ctm_commit_put(c, cycle++, &late[made % LATE]))
            fail_msg("%s", ctm_commit_report(c, CTM_REPORT_TEXT));
        late[made++ % LATE] = x;
    }
    for (uint64_t k = made - LATE; k < made; k++)
        if (ctm_commit_put(c, cycle++, &late[k % LATE]))
            fail_msg("%s", ctm_commit_diff(c));
    assert_int_equal(ctm_commit_finish(c), CTM_OK);
    assert_int_equal(ctm_commit_count(c), made);
    assert_true(made > 1000);
    ctm_commit_free(c);
    ctm_model_free(m);

    /* a commit no step has made yet */
    m = model(elf, 16, 3);
    unlink(elf);
    c = ctm_commit_new(m, 3, 0);
    assert_int_equal(ctm_commit_share(c), CTM_OK);
    ctm_commit x = {.kind = CTM_COMMIT_START, .wave = 0, .exec = 0xffff, .active = 0xffff};
    assert_int_equal(ctm_commit_put(c, 0, &x), CTM_E_MISMATCH);
    /* what the design did comes first; the testbench is only the second guess */
    assert_non_null(strstr(ctm_commit_diff(c), "the design started wave 0, which the model has "
                                               "not started yet: an extra START"));
    assert_int_equal(ctm_commit_share(c), CTM_E_STATE); /* too late */
    assert_non_null(strstr(ctm_error(), "too late"));
    ctm_commit_free(c);
    ctm_model_free(m);
}

/* A design that commits on a context outside those it declared has a bug: the
 * checker's mismatch (what = context), not a misuse that leaves the run without
 * a verdict. */
static void test_context_out_of_range_is_a_mismatch(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    mandelbrot_elf(elf);
    ctm_model *m = model(elf, 16, 4);
    unlink(elf);
    ctm_commit_checker *c = ctm_commit_new(m, 4, 0);
    ctm_commit x = {.ctx = 4, .kind = CTM_COMMIT_START, .wave = 0, .exec = 0xffff, .active = 0xffff};
    assert_int_equal(ctm_commit_put(c, 7, &x), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_commit_diff(c), "cycle 7, context 4: the design committed START"));
    assert_non_null(strstr(ctm_commit_diff(c), "on context 4, outside its contexts 0..3"));
    json_t *j = report_json(c);
    assert_string_equal(json_str(j, "what"), "context");
    assert_int_equal(json_integer_value(json_object_get(j, "context")), 4);
    json_decref(j);
    assert_int_equal(ctm_commit_finish(c), CTM_E_MISMATCH); /* sticky */
    ctm_commit_free(c);
    ctm_model_free(m);
}

/* The FC commits of a run are its flow-control steps: pc, active before,
 * jump, next pc and active after agree with ctm_model_step's. */
static void test_fc_commits_are_the_fc_steps(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    random_elf(3, elf);
    ctm_model *a = model(elf, 16, 3), *b = model(elf, 16, 3);
    unlink(elf);
    ctm_commit r;
    uint64_t fcs = 0, commits = 0;
    int got;
    while ((got = ctm_model_commit(a, &r)) == 1) {
        commits++;
        if (r.kind != CTM_COMMIT_FC && r.kind != CTM_COMMIT_START)
            continue;
        assert_int_equal(ctm_model_step(b), 1);
        fcs++;
        assert_int_equal(ctm_model_get(b, "wave"), r.wave);
        assert_int_equal(ctm_model_get(b, "ctx"), r.ctx);
        assert_int_equal(ctm_model_get(b, "active"), r.active);
        if (r.kind == CTM_COMMIT_START) {
            assert_int_equal(ctm_model_get(b, "live"), r.exec);
            continue;
        }
        assert_int_equal(ctm_model_get(b, "pc"), r.pc);
        assert_int_equal(ctm_model_get(b, "jump"), r.jump);
        assert_int_equal(ctm_model_get(b, "next_pc"), r.next_pc);
    }
    assert_int_equal(got, 0);
    assert_int_equal(ctm_model_step(b), 0);
    assert_true(fcs > 100 && commits > fcs);
    /* one run hands out steps or commits */
    assert_int_equal(ctm_model_step(a), -CTM_E_STATE);
    assert_int_equal(ctm_model_commit(b, &r), -CTM_E_STATE);
    assert_non_null(strstr(ctm_model_error(b), "hands out steps"));
    ctm_model_free(a);
    ctm_model_free(b);
}

/* Bad use is an error with a message, never a crash. */
/* ------------------------------------------------------------ asynchronous kills */

/* A program whose TEXKILLs end lanes (the random structured ones' rarely
 * fire on these inputs): lanes with i < 2 + n, then i < 4 + n, then ALU work
 * the killed lanes must not do, as an executable at path. */
static void killing_elf(int n, char *path)
{
    static dpp_exe exe;
    char src[1024];
    dpp_error err;
    snprintf(src, sizeof src,
             "    alu rgb mad r2.rgb, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0\n"
             "    tex texkill r0._, r2.rrrr, i0 aluwait\n"
             "    alu rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c1/c1\n"
             "    tex texkill r0._, r3.rrrr, i0 aluwait\n"
             "    alu rgb mad r4.rgb, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0\n"
             "    alu rgb mad r5.rgb, s0.rgb, s1.rgb, s2.rgb src r4/r4, #1/#1, c1/c1\n"
             "    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ o0.a, s0.r, "
             "s1.r, s2.r src r5/r5, #1/#1, #1/#1\n"
             ".float c0, %d.5\n.float c1, %d.5\n",
             -2 - n, -4 - n);
    assert_int_equal(dpp_asm(src, strlen(src), "killing.s", NULL, &exe, &err), DPP_OK);
    write_elf(&exe, path);
}

/* A design that reports kills on its own (KILL), late, over killing program
 * n with one fault; the checker's status. */
static int async_run(faulty *f, int n, int lanes, fault_kind fault)
{
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    killing_elf(n, elf);
    shell_init(&f->s, elf, lanes, 4, (uint64_t)n + 3);
    f->s.async_kill = 1;
    f->s.fault = fault;
    f->m = model(elf, lanes, 3);
    unlink(elf);
    f->c = ctm_commit_new(f->m, MAX_CTX, 0);
    assert_non_null(f->c);
    assert_int_equal(ctm_commit_set_kinds(f->c, 0x3f | 1 << CTM_COMMIT_KILL), CTM_OK);
    return run(&f->s, f->c, &f->cycle);
}

/* Kills reported apart from their TEX, up to five commits late, with the
 * commits between still holding the killed lanes: the check passes, and
 * every KILL is counted as a commit. */
static void test_async_kills_pass(void **state)
{
    (void)state;
    static faulty f;
    uint64_t kills = 0, held = 0;
    for (int n = 0; n < 4; n++) {
        int st = async_run(&f, n, n % 2 ? 64 : 16, OK);
        if (st)
            fail_msg("killing program %d: %s", n, ctm_commit_report(f.c, CTM_REPORT_TEXT));
        assert_int_equal(ctm_commit_count(f.c), f.s.made + f.s.kills_made);
        kills += f.s.kills_made;
        held += f.s.held_lanes;
        done_with(&f);
    }
    assert_true(kills > 10);
    assert_true(held > 10); /* the pending lanes were really held */
}

/* A KILL with a lane the TEX did not kill: the field kill, both values. */
static void test_async_kill_wrong_lanes(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(async_run(&f, 0, 16, KILL_WRONG_LANE), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_commit_diff(f.c), ": KILL: kill: expected 0x"));
    json_t *j = report_json(f.c);
    assert_string_equal(json_str(j, "what"), "field");
    assert_string_equal(json_str(j, "field"), "kill");
    json_decref(j);
    done_with(&f);
}

/* A kill never reported: the wave's END says which TEX it was. */
static void test_async_kill_never_reported(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(async_run(&f, 1, 16, KILL_DROPPED), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_commit_diff(f.c), "were never reported (KILL)"));
    done_with(&f);
}

/* Once the KILL went out the lanes are held to it: a commit that still holds
 * one is a mismatch of exec (the pending lanes are no blanket). */
static void test_async_kill_then_lane_held(void **state)
{
    (void)state;
    static faulty f;
    assert_int_equal(async_run(&f, 2, 16, HOLD_AFTER_KILL), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_commit_diff(f.c), ": exec: expected 0x"));
    done_with(&f);
}

/* A KILL from a design that did not say it reports kills: a misuse. */
static void test_kill_needs_the_kind(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    killing_elf(0, elf);
    ctm_model *m = model(elf, 16, 3);
    unlink(elf);
    ctm_commit_checker *c = ctm_commit_new(m, 4, 0);
    ctm_commit r = {.ctx = 0, .kind = CTM_COMMIT_KILL, .pc = 3, .kill = 1};
    assert_int_equal(ctm_commit_put(c, 0, &r), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "(KILL) is not among the kinds"));
    ctm_commit_free(c);
    ctm_model_free(m);
}

static void test_misuse(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_commit_XXXXXX";
    random_elf(5, elf);
    ctm_model *m = model(elf, 16, 2);
    ctm_commit r = {0};
    /* NULL handles */
    assert_null(ctm_commit_new(NULL, 4, 0));
    assert_non_null(strstr(ctm_error(), "ctm_model handle is NULL"));
    assert_int_equal(ctm_commit_put(NULL, 0, &r), CTM_E_ARG);
    assert_int_equal(ctm_commit_clock(NULL, 0), CTM_E_ARG);
    assert_int_equal(ctm_commit_finish(NULL), CTM_E_ARG);
    assert_int_equal(ctm_commit_set_watchdog(NULL, 5), CTM_E_ARG);
    assert_int_equal(ctm_commit_count(NULL), 0);
    assert_non_null(strstr(ctm_commit_diff(NULL), "NULL"));
    assert_non_null(ctm_commit_report(NULL, 0));
    ctm_commit_free(NULL);
    assert_int_equal(ctm_model_commit(NULL, &r), -CTM_E_ARG);
    assert_int_equal(ctm_model_commit(m, NULL), -CTM_E_ARG);
    /* arguments */
    assert_null(ctm_commit_new(m, 0, 0));
    assert_non_null(strstr(ctm_error(), "contexts = 0 is outside 1..1024"));
    assert_null(ctm_commit_new(m, 4, 3));
    assert_non_null(strstr(ctm_error(), "level = 3 is outside 0..2"));
    ctm_commit_checker *c = ctm_commit_new(m, 4, 0);
    assert_non_null(c);
    assert_null(ctm_commit_new(m, 4, 0)); /* one checker drives a model */
    assert_non_null(strstr(ctm_error(), "already drives"));
    assert_int_equal(ctm_model_commit(m, &r), -CTM_E_STATE);
    assert_int_equal(ctm_model_step(m), -CTM_E_STATE);
    assert_int_equal(ctm_commit_set_kinds(c, 0x10), CTM_E_ARG); /* no START */
    assert_non_null(strstr(ctm_error(), "leaves out START"));
    assert_int_equal(ctm_commit_finish(c), CTM_E_ARG); /* the misuse, at the next check */
    assert_non_null(strstr(ctm_commit_diff(c), "leaves out START"));
    assert_int_equal(ctm_commit_set_kinds(c, 0x80000), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "kinds = 524288 is outside 1..524287"));
    assert_int_equal(ctm_commit_finish(c), CTM_E_ARG); /* that misuse, reported */
    assert_int_equal(ctm_commit_set_kinds(c, 0x10011), CTM_E_ARG); /* FC_STATE: level 2's */
    assert_non_null(strstr(ctm_error(), "names kinds outside level 0's"));
    assert_int_equal(ctm_commit_finish(c), CTM_E_ARG); /* that misuse, reported */
    assert_int_equal(ctm_commit_set_kinds(c, 0x41), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "names kinds outside level 0's (0x803f)"));
    assert_int_equal(ctm_commit_set_kinds(c, 0x40011), CTM_E_ARG); /* REGIONS: not turned on */
    assert_non_null(strstr(ctm_error(), "names kinds outside level 0's (0x803f)"));
    assert_int_equal(ctm_commit_set_regions(c, 2), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "policy = 2 is outside 0..1"));
    assert_int_equal(ctm_commit_finish(c), CTM_E_ARG); /* that misuse, reported */
    assert_int_equal(ctm_commit_put_regions(c, 0, 0, 0, 0), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "kind = 18 (REGIONS) is not among the kinds the design "
                                        "commits (ctm_commit_set_regions)"));
    assert_int_equal(ctm_commit_put(c, 0, NULL), CTM_E_ARG);
    r.ctx = 0, r.kind = 9;
    assert_int_equal(ctm_commit_put(c, 0, &r), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "kind = 9 (LOOP_ITERATE) is not a kind of level 0"));
    r.kind = CTM_COMMIT_KINDS;
    assert_int_equal(ctm_commit_put(c, 0, &r), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "kind = 19 is outside 0..18"));
    assert_non_null(strstr(ctm_commit_report(c, 7), "format = 7 is outside 0..1"));
    r.kind = CTM_COMMIT_ALU;
    assert_int_equal(ctm_commit_put(c, 3, &r), CTM_E_ARG); /* the misuse, at the next put */
    /* a commit on a context that runs no wavefront is a mismatch, not a crash */
    r.kind = CTM_COMMIT_ALU;
    assert_int_equal(ctm_commit_put(c, 3, &r), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_commit_diff(c), "context 0: ALU pc 0"));
    assert_non_null(strstr(ctm_commit_diff(c), "runs no wavefront"));
    json_t *j = report_json(c);
    assert_string_equal(json_str(j, "what"), "context");
    json_decref(j);
    ctm_commit_free(c);
    assert_int_equal(ctm_commit_put(c, 0, &r), CTM_E_ARG); /* freed */
    assert_non_null(strstr(ctm_error(), "was freed"));
    /* a stepped model cannot be checked from its start */
    ctm_model *stepped = model(elf, 16, 2);
    unlink(elf);
    assert_int_equal(ctm_model_commit(stepped, &r), 1);
    assert_null(ctm_commit_new(stepped, 4, 0));
    assert_non_null(strstr(ctm_error(), "has been stepped"));
    /* a model freed under its checker */
    c = ctm_commit_new(m, 4, 0); /* m is free again: its checker was freed */
    assert_non_null(c);
    ctm_model_free(m);
    r = (ctm_commit){.ctx = 1, .kind = CTM_COMMIT_START, .wave = -1};
    assert_int_equal(ctm_commit_put(c, 0, &r), CTM_E_STATE);
    assert_non_null(strstr(ctm_commit_diff(c), "ctm_model was freed"));
    ctm_commit_free(c);
    ctm_model_free(stepped);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_correct_design_passes),
        cmocka_unit_test(test_dropped_commit_fails_the_drain),
        cmocka_unit_test(test_stuck_design_fires_the_watchdog),
        cmocka_unit_test(test_swapped_commits_name_the_first),
        cmocka_unit_test(test_dropped_middle_commit_is_caught),
        cmocka_unit_test(test_wrong_mask_names_field_and_lane),
        cmocka_unit_test(test_field_diff_after_the_queues_grew),
        cmocka_unit_test(test_a_unit_of_some_kinds),
        cmocka_unit_test(test_level1_events_of_a_call),
        cmocka_unit_test(test_level1_design_passes),
        cmocka_unit_test(test_level2_fc_state_of_a_call),
        cmocka_unit_test(test_level2_pred_ops_of_a_call),
        cmocka_unit_test(test_regions_of_a_uniform_if),
        cmocka_unit_test(test_regions_at_the_end),
        cmocka_unit_test(test_shared_run),
        cmocka_unit_test(test_context_out_of_range_is_a_mismatch),
        cmocka_unit_test(test_fc_commits_are_the_fc_steps),
        cmocka_unit_test(test_async_kills_pass),
        cmocka_unit_test(test_async_kill_wrong_lanes),
        cmocka_unit_test(test_async_kill_never_reported),
        cmocka_unit_test(test_async_kill_then_lane_held),
        cmocka_unit_test(test_kill_needs_the_kind),
        cmocka_unit_test(test_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
