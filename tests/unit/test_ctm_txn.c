/* Transactions of a run (ctm_model_txn) and their checker (ctm_txn_*), issue 23:
 * the stream of each example program rebuilds, byte for byte, the outputs
 * and the conditional buffer the model's run writes; the checker passes the
 * model's own stream, allows what docs/txn.md lets hardware reorder and
 * catches a dropped, changed or reordered transaction with a report that
 * names unit, kind and field; misuse is an error, never a crash. */
#include "cmocka_all.h"

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"
#include "fileio.h"
#include "run.h"
#include "run_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PAD = 16 }; /* inputs are this much wider than the domain (reduction reads ahead) */

static dpp_exe exes[8];
static unsigned nexes;

/* The example at path assembled, written as an ELF at elf (a mkstemp template). */
static const dpp_exe *example(const char *path, char *elf)
{
    dpp_exe *exe = &exes[nexes++ % 8];
    dpp_error err;
    uint8_t *src;
    size_t len;
    if (dpp_file_read(path, 1 << 20, &src, &len, &err))
        fail_msg("%s", err.msg);
    if (dpp_asm((const char *)src, len, path, NULL, exe, &err))
        fail_msg("%s: %s", path, err.msg);
    free(src);
    int fd = mkstemp(elf);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_elf_write(exe, elf, &err), DPP_OK);
    return exe;
}

/* Input data: FLOAT32_1, (w + PAD) x h small values of both signs. */
static float *input_data(unsigned w, unsigned h, unsigned k)
{
    float *d = malloc(sizeof *d * (w + PAD) * h);
    assert_non_null(d);
    for (unsigned e = 0; e < (w + PAD) * h; e++)
        d[e] = (float)(((e + 7 * k) * 2654435761u) % 13) * 0.5f - 3.0f;
    return d;
}

/* The transactions of a stream, kept for a test. */
typedef struct stream {
    ctm_txn *t;
    size_t n, cap;
} stream;

static void add(stream *s, const ctm_txn *t)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->t = realloc(s->t, s->cap * sizeof *s->t);
        assert_non_null(s->t);
    }
    s->t[s->n++] = *t;
}

/* A surface as the PE's set_out_fmt / set_cond_out_fmt commands of the stream set it. */
typedef struct surf {
    int set;
    uint32_t base, pitch, height;
    int tiling, format;
} surf;

static surf surface_of(const uint32_t *p)
{
    return (surf){1,
                  p[0] & ~0x7FFu,
                  p[1] & 0x1FFCu,
                  p[2] & 0x1FFFu,
                  (int)(p[1] >> 16 & 3),
                  (int)(p[1] >> 24 & 7)};
}

/* Images rebuilt from a stream: outputs and the conditional buffer, host
 * layout (row-major, width x height elements of the written format). */
typedef struct rebuilt {
    uint8_t *out[4];
    uint8_t *cond;
    unsigned width, height, cond_bpe;
} rebuilt;

/* Applies the stream's output and conditional-buffer writes to the images
 * (outputs zeroed first; cond holds the buffer's initial contents) from the
 * bytes and byte enables they carry (since 1.15), and checks each write's
 * address with the surface the PE's commands set and its bytes with
 * ctm_mc_pack of its values. */
static void rebuild(const stream *s, rebuilt *r)
{
    surf out[4] = {{0}}, cond = {0};
    for (size_t k = 0; k < s->n; k++) {
        const ctm_txn *t = &s->t[k];
        if (t->unit == CTM_UNIT_PE && t->index == 0x15)
            out[t->value[0] & 3] = surface_of(t->value + 1);
        if (t->unit == CTM_UNIT_PE && t->index == 0x16)
            cond = surface_of(t->value);
        if (t->kind != CTM_TXN_MC_OUTPUT && t->kind != CTM_TXN_MC_COND_WRITE)
            continue;
        const surf *sf = t->kind == CTM_TXN_MC_OUTPUT ? &out[t->index] : &cond;
        assert_true(sf->set);
        assert_int_equal(t->format, sf->format);
        uint64_t addr;
        assert_int_equal(ctm_mc_address(sf->base, sf->pitch, sf->height, sf->tiling, sf->format,
                                        t->x, t->y, &addr),
                         CTM_OK);
        assert_int_equal(t->address, addr);
        int bpe = ctm_mc_element_bytes(t->format);
        assert_true(bpe > 0);
        uint8_t **img = t->kind == CTM_TXN_MC_OUTPUT ? &r->out[t->index] : &r->cond;
        if (!*img)
            *img = calloc((size_t)r->width * r->height, (size_t)bpe);
        uint8_t elem[16];
        uint32_t bytes;
        assert_int_equal(ctm_mc_pack(t->format, t->value, (int)t->mask, elem, &bytes), CTM_OK);
        assert_int_equal(t->byte_en, bytes);
        uint8_t *at = *img + ((size_t)t->y * r->width + (size_t)t->x) * (size_t)bpe;
        for (int b = 0; b < 16; b++) {
            uint8_t stored = (uint8_t)(t->bytes[b / 4] >> (8 * (b % 4)));
            if (t->byte_en >> b & 1) {
                assert_int_equal(stored, elem[b]);
                at[b] = stored;
            } else {
                assert_int_equal(stored, 0); /* the bytes not stored are 0 */
            }
        }
    }
}

static void free_rebuilt(rebuilt *r)
{
    for (int o = 0; o < 4; o++)
        free(r->out[o]);
    free(r->cond);
}

/* ------------------------------------------------------------ (a) the examples */

typedef struct example_case {
    const char *path;
    unsigned w, h;
} example_case;

static const example_case examples[] = {
    {"examples/mandelbrot/mandelbrot.s", 24, 16},
    {"examples/saxpy/saxpy.s", 16, 4},
    {"examples/reduction/reduction.s", 1, 8},
    {"examples/subroutine.s", 12, 3},
    {"examples/predicates.s", 12, 3},
    {"examples/partial_nest.s", 12, 3},
};

/* Equal transactions; a flush's index (the lines written back) aside: a ctm_model keeps no
 * output (docs/txn.md). */
static int same_txn(const ctm_txn *a, const ctm_txn *b)
{
    return a->unit == b->unit && a->kind == b->kind &&
           (a->index == b->index || a->kind == CTM_TXN_MC_FLUSH) && a->format == b->format &&
           a->x == b->x && a->y == b->y && a->address == b->address && a->mask == b->mask &&
           !memcmp(a->value, b->value, sizeof a->value) && a->v == b->v && a->b == b->b &&
           a->test == b->test && a->loc == b->loc && a->writemask == b->writemask &&
           a->reads == b->reads && a->keep == b->keep && a->write == b->write &&
           !memcmp(a->bytes, b->bytes, sizeof a->bytes) && a->byte_en == b->byte_en;
}

/* The sink of a plain dpp_run (txn in the options). */
static void keep_txn(void *user, const txn *t)
{
    ctm_txn c = {t->unit,    t->kind,      t->index,
                 t->format,  t->x,         t->y,
                 t->address, t->mask,      {t->value[0], t->value[1], t->value[2], t->value[3]},
                 t->v,       t->b,         t->test,
                 t->loc,     t->writemask, t->reads,
                 t->keep,    t->write,     {t->bytes[0], t->bytes[1], t->bytes[2], t->bytes[3]},
                 t->byte_en};
    add(user, &c);
}

/* The example through ctm_model_txn; the reference: dpp_run of the same run, whose
 * own stream (the sink in its options) is the same, transaction for transaction. */
static void check_example(const example_case *ex, int lanes, int contexts)
{
    char elf[] = "/tmp/test_ctm_txn_XXXXXX";
    const dpp_exe *exe = example(ex->path, elf);
    ctm_model *m = ctm_model_new(elf, (int)ex->w, (int)ex->h, lanes, contexts, 4, 4);
    if (!m)
        fail_msg("%s", ctm_error());
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = ex->w;
    o.height = ex->h;
    o.array.lanes = (unsigned)lanes;
    o.array.contexts = (unsigned)contexts;
    o.array.addr_depth = o.array.loop_depth = 4;
    float *data[16] = {0};
    for (unsigned k = 0; k < 16; k++) {
        if (!(exe->inputs >> k & 1))
            continue;
        data[k] = input_data(ex->w, ex->h, k);
        assert_int_equal(ctm_model_set_input(m, (int)k, data[k], CTM_FMT_FLOAT32_1,
                                             (int)(ex->w + PAD), (int)ex->h),
                         CTM_OK);
        o.input[k] =
            (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_LINEAR, ex->w + PAD, ex->h, (uint8_t *)data[k]};
    }
    stream s = {0};
    ctm_txn t;
    int r;
    while ((r = ctm_model_txn(m, CTM_UNITS_ALL, &t)) == 1)
        add(&s, &t);
    if (r)
        fail_msg("%s: ctm_model_txn %d: %s", ex->path, r, ctm_model_error(m));
    dpp_run_result res;
    dpp_error err;
    stream plain = {0}; /* the same run as dpp run makes it, with the sink in its options */
    o.txn = keep_txn;
    o.txn_user = &plain;
    if (dpp_run(exe, &o, ex->path, &res, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(plain.n, s.n);
    for (size_t k = 0; k < s.n; k++)
        if (!same_txn(&plain.t[k], &s.t[k]))
            fail_msg("%s: transaction %zu of dpp run (kind %d index %d address 0x%llx) differs "
                     "from ctm_model_txn's (kind %d index %d address 0x%llx)",
                     ex->path, k, plain.t[k].kind, plain.t[k].index,
                     (unsigned long long)plain.t[k].address, s.t[k].kind, s.t[k].index,
                     (unsigned long long)s.t[k].address);
    free(plain.t);
    rebuilt rb = {.width = ex->w, .height = ex->h};
    rebuild(&s, &rb);
    unsigned outs = 0;
    for (int k = 0; k < 4; k++) {
        if (!res.output[k].data)
            continue;
        outs++;
        size_t bytes = (size_t)ex->w * ex->h * (size_t)ctm_mc_element_bytes(res.output[k].format);
        assert_non_null(rb.out[k]);
        if (memcmp(rb.out[k], res.output[k].data, bytes))
            fail_msg("%s: output %d rebuilt from the stream differs from dpp run's", ex->path, k);
    }
    assert_true(outs > 0);
    /* the stream starts with the command buffer's first command and ends with its last */
    assert_true(s.n > 2);
    assert_int_equal(s.t[0].unit, CTM_UNIT_PE);
    assert_int_equal(s.t[0].address, 0);
    assert_int_equal(s.t[s.n - 1].unit, CTM_UNIT_PE);
    dpp_run_free(&res);
    free_rebuilt(&rb);
    free(s.t);
    for (int k = 0; k < 16; k++)
        free(data[k]);
    ctm_model_free(m);
    unlink(elf);
}

static void test_examples_rebuild_outputs(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        check_example(&examples[i], 16, 2);
        check_example(&examples[i], 5, 1);
    }
}

/* examples/surfaces.s with every format and layout (ctm_model_set_input, _set_tiling,
 * _set_out_format) and the CO programmed with a loaded buffer (_set_cond, _load_cond): the
 * stream of ctm_model_txn is dpp_run's with the same options, its writes rebuild the outputs
 * and the buffer dpp_run leaves, and every input read is what ctm_model_read_word finds at its
 * address, converted (ctm_mc_unpack; in the 2x2 layouts value[3] is the element at (x, y)). */
static size_t find_kind(const stream *s, int kind, size_t from);

enum { SW = 9, SH = 5 };
static const struct {
    int format, tiling;
} surf_in[5] = {{CTM_FMT_FLOAT32_4, CTM_TILE_LINEAR},  {CTM_FMT_FLOAT32_2, CTM_TILE_TILED},
                {CTM_FMT_FLOAT32_1, CTM_TILE_LINEAR_2X2}, {CTM_FMT_UINT8_4, CTM_TILE_TILED},
                {CTM_FMT_UINT16_1, CTM_TILE_TILED_2X2}},
  surf_out[4] = {{CTM_FMT_FLOAT32_4, CTM_TILE_TILED}, {CTM_FMT_UINT8_4, CTM_TILE_LINEAR},
                 {CTM_FMT_UINT16_1, CTM_TILE_TILED}, {CTM_FMT_FLOAT32_2, CTM_TILE_LINEAR}};

/* Input k's bytes: (SW + PAD) x (SH + 1) elements (a 2x2 quad reads a row below), small
 * floats of both signs, or any bytes for the UINT formats. */
static uint8_t *surface_bytes(int format, unsigned k)
{
    size_t n = (size_t)(SW + PAD) * (SH + 1), bpe = (size_t)ctm_mc_element_bytes(format);
    uint8_t *d = malloc(n * bpe);
    assert_non_null(d);
    for (size_t b = 0; b < n * bpe; b += 4) {
        uint32_t r = (uint32_t)((b / 4 + 5 * k) * 2654435761u);
        float f = (float)(r % 13) * 0.5f - 3.0f;
        if (format >= CTM_FMT_FLOAT32_1)
            memcpy(d + b, &f, 4);
        else
            memcpy(d + b, &r, b + 4 <= n * bpe ? 4 : n * bpe - b);
    }
    return d;
}

static ctm_model *surfaces_model(const char *elf, uint8_t *in[5], const char *cond_path)
{
    ctm_model *m = ctm_model_new(elf, SW, SH, 16, 2, 4, 4);
    assert_non_null(m);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(ctm_model_set_input(m, k, in[k], surf_in[k].format, SW + PAD, SH + 1),
                         CTM_OK);
        assert_int_equal(ctm_model_set_tiling(m, CTM_PE_INPUT, k, surf_in[k].tiling), CTM_OK);
    }
    for (int k = 0; k < 4; k++) {
        assert_int_equal(ctm_model_set_out_format(m, k, surf_out[k].format), CTM_OK);
        assert_int_equal(ctm_model_set_tiling(m, CTM_PE_OUTPUT, k, surf_out[k].tiling), CTM_OK);
    }
    assert_int_equal(ctm_model_load_cond(m, cond_path, CTM_FMT_FLOAT32_1, SW, SH), CTM_OK);
    assert_int_equal(ctm_model_set_tiling(m, CTM_PE_COND, 0, CTM_TILE_TILED), CTM_OK);
    assert_int_equal(ctm_model_set_cond(m, CTM_CO_LESS, CTM_CO_LOC_DPP, 1, 0), CTM_OK);
    return m;
}

/* The stream s of the surfaces run put into a checker of MC kinds with
 * transaction `at` changed by spoil: the put's status, the diff in *diff. */
static int put_spoiled(const stream *s, const char *elf, uint8_t *in[5], const char *cond_path,
                       size_t at, void (*spoil)(ctm_txn *), int legacy, char *diff, size_t size)
{
    ctm_model *m = surfaces_model(elf, in, cond_path);
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_MC));
    int st = CTM_OK;
    for (size_t k = 0; k < s->n && !st; k++) {
        ctm_txn t = s->t[k];
        if (t.unit != CTM_UNIT_MC)
            continue;
        if (k == at)
            spoil(&t);
        st = legacy ? ctm_txn_put_fields(c, t.unit, t.kind, t.index, t.format, t.x, t.y, t.address,
                                         t.mask, t.value[0], t.value[1], t.value[2], t.value[3],
                                         t.v, t.b, t.test, t.loc, t.writemask, t.reads, t.keep,
                                         t.write)
                    : ctm_txn_put(c, &t);
    }
    if (!st)
        st = ctm_txn_finish(c);
    snprintf(diff, size, "%s", ctm_txn_diff(c));
    ctm_txn_free(c);
    ctm_model_free(m);
    return st;
}

/* The first stored byte one less, as a design that truncates instead of rounding. */
static void byte_less(ctm_txn *t)
{
    int k = __builtin_ctz(t->byte_en);
    uint32_t b = (t->bytes[k / 4] >> (8 * (k % 4)) & 0xFFu) - 1u;
    t->bytes[k / 4] = (t->bytes[k / 4] & ~(0xFFu << (8 * (k % 4)))) | (b & 0xFFu) << (8 * (k % 4));
}

static void last_channel_off(ctm_txn *t)
{
    t->byte_en &= ~0x8u;
}

/* Bytes past a 4-byte element: not stored, so not compared. */
static void unstored_bytes(ctm_txn *t)
{
    t->bytes[3] = 0xDEADBEEFu;
}

/* Since 1.15 a write's stored bytes and byte enables are compared (not the
 * bytes it does not store), and the diff names the field, the channel, the
 * surface, its format and both values; the positional form, which cannot
 * carry them, compares neither. The old checker passed all of these. */
static void stored_bytes_checked(stream *s, const char *elf, uint8_t *in[5], const char *cond_path)
{
    size_t at = s->n; /* output 1 (UINT8_4) with a byte that is not 0 and all four written */
    for (size_t k = 0; k < s->n && at == s->n; k++)
        if (s->t[k].kind == CTM_TXN_MC_OUTPUT && s->t[k].index == 1 && s->t[k].byte_en == 0xF &&
            (s->t[k].bytes[0] & 0xFF))
            at = k;
    assert_true(at < s->n);
    const ctm_txn *t = &s->t[at];
    char diff[512], want[256];
    assert_int_equal(put_spoiled(s, elf, in, cond_path, at, byte_less, 0, diff, sizeof diff),
                     CTM_E_MISMATCH);
    snprintf(want, sizeof want,
             "bytes: channel 0 of output 1 (UINT8_4) at (%lld, %lld): expected 0x%02x, actual "
             "0x%02x",
             (long long)t->x, (long long)t->y, t->bytes[0] & 0xFF, (t->bytes[0] & 0xFF) - 1);
    if (!strstr(diff, want))
        fail_msg("%s\nwants: %s", diff, want);
    assert_int_equal(put_spoiled(s, elf, in, cond_path, at, last_channel_off, 0, diff, sizeof diff),
                     CTM_E_MISMATCH);
    assert_non_null(strstr(diff, "byte_en: expected 0xf, actual 0x7"));
    /* a byte not stored, and the positional form: neither is compared */
    assert_int_equal(put_spoiled(s, elf, in, cond_path, at, unstored_bytes, 0, diff, sizeof diff),
                     CTM_OK);
    assert_int_equal(put_spoiled(s, elf, in, cond_path, at, byte_less, 1, diff, sizeof diff),
                     CTM_OK);
    /* a UINT16_1 channel: both bytes shown as one number */
    for (at = 0; at < s->n; at++)
        if (s->t[at].kind == CTM_TXN_MC_OUTPUT && s->t[at].index == 2 && s->t[at].byte_en == 3 &&
            (s->t[at].bytes[0] & 0xFF))
            break;
    assert_true(at < s->n);
    t = &s->t[at];
    assert_int_equal(put_spoiled(s, elf, in, cond_path, at, byte_less, 0, diff, sizeof diff),
                     CTM_E_MISMATCH);
    snprintf(want, sizeof want, "bytes: channel 0 of output 2 (UINT16_1) at (%lld, %lld): "
                                "expected 0x%04x, actual 0x%04x",
             (long long)t->x, (long long)t->y, t->bytes[0] & 0xFFFF, (t->bytes[0] & 0xFFFF) - 1);
    if (!strstr(diff, want))
        fail_msg("%s\nwants: %s", diff, want);
}

static void test_layouts_and_cond(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_txn_surfaces_XXXXXX", cond_path[] = "/tmp/test_ctm_txn_cond_XXXXXX";
    const dpp_exe *exe = example("examples/surfaces.s", elf);
    uint8_t *in[5];
    for (int k = 0; k < 5; k++)
        in[k] = surface_bytes(surf_in[k].format, (unsigned)k);
    float cond[SW * SH];
    for (int e = 0; e < SW * SH; e++)
        cond[e] = (float)(e % 7) - 2.0f;
    int fd = mkstemp(cond_path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, cond, sizeof cond), (ssize_t)sizeof cond);
    close(fd);

    ctm_model *m = surfaces_model(elf, in, cond_path);
    stream s = {0};
    ctm_txn t;
    int r;
    while ((r = ctm_model_txn(m, CTM_UNITS_ALL, &t)) == 1)
        add(&s, &t);
    if (r)
        fail_msg("ctm_model_txn %d: %s", r, ctm_model_error(m));
    ctm_model_free(m);

    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = SW;
    o.height = SH;
    o.array.lanes = 16;
    o.array.contexts = 2;
    o.array.addr_depth = o.array.loop_depth = 4;
    for (int k = 0; k < 5; k++)
        o.input[k] = (dpp_image){(uint8_t)surf_in[k].format, (uint8_t)surf_in[k].tiling, SW + PAD,
                                 SH + 1, in[k]};
    for (int k = 0; k < 4; k++) {
        o.out_format[k] = (uint8_t)surf_out[k].format;
        o.out_tiling[k] = (uint8_t)surf_out[k].tiling;
    }
    o.cond = (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_TILED, SW, SH, (uint8_t *)cond};
    o.cond_test = CO_LESS;
    o.cond_loc = CO_LOC_DPP;
    o.cond_writemask = 1;
    stream plain = {0};
    o.txn = keep_txn;
    o.txn_user = &plain;
    dpp_run_result res;
    dpp_error err;
    if (dpp_run(exe, &o, "surfaces", &res, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(plain.n, s.n);
    unsigned kinds_seen = 0, quads = 0;
    for (size_t k = 0; k < s.n; k++) {
        if (!same_txn(&plain.t[k], &s.t[k]))
            fail_msg("transaction %zu (kind %d) differs from dpp_run's (kind %d)", k,
                     s.t[k].kind, plain.t[k].kind);
        kinds_seen |= 1u << s.t[k].kind;
    }
    /* every MC kind of a run: inputs, constants, outputs, the buffer both ways, the flush */
    for (int kind = CTM_TXN_MC_INPUT; kind <= CTM_TXN_MC_FLUSH; kind++)
        if (kind != CTM_TXN_MC_CONSTI && kind != CTM_TXN_MC_CONSTB && !(kinds_seen >> kind & 1))
            fail_msg("no transaction of kind %d", kind);
    uint8_t *cond_start = malloc(sizeof cond);
    memcpy(cond_start, cond, sizeof cond);
    rebuilt rb = {.width = SW, .height = SH, .cond = cond_start};
    rebuild(&s, &rb);
    for (int k = 0; k < 4; k++) {
        assert_non_null(res.output[k].data);
        assert_int_equal(res.output[k].format, surf_out[k].format);
        assert_memory_equal(rb.out[k], res.output[k].data,
                            (size_t)SW * SH * (size_t)ctm_mc_element_bytes(surf_out[k].format));
    }
    assert_memory_equal(rb.cond, res.cond.data, sizeof cond);
    dpp_run_free(&res);
    free_rebuilt(&rb);
    free(plain.t);

    /* the input reads against the model's memory, read a word at a time */
    m = surfaces_model(elf, in, cond_path);
    for (size_t k = 0; k < s.n; k++) {
        const ctm_txn *x = &s.t[k];
        if (x->kind != CTM_TXN_MC_INPUT)
            continue;
        int bpe = ctm_mc_element_bytes(x->format), two = surf_in[x->index].tiling >= 2;
        uint8_t elem[16] = {0};
        for (int b = 0; b < bpe; b++) {
            uint32_t w, a = (uint32_t)x->address + (uint32_t)b;
            assert_int_equal(ctm_model_read_word(m, a & ~3u, &w), CTM_OK);
            elem[b] = (uint8_t)(w >> 8 * (a & 3));
        }
        uint32_t v[4];
        assert_int_equal(ctm_mc_unpack(x->format, elem, v), CTM_OK);
        if (two) {
            quads++;
            assert_int_equal(x->value[3], v[0]);
        } else {
            assert_memory_equal(x->value, v, sizeof v);
        }
    }
    assert_int_equal(quads, 2 * SW * SH); /* inputs 2 and 4 */
    uint32_t w;
    assert_int_equal(ctm_model_read_word(m, 2, &w), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_model_read_word: addr = 0x2 is not a multiple of 4"));
    assert_int_equal(ctm_model_read_word(m, 0xFFFFFFFCu, &w), CTM_E_ARG);
    ctm_model_free(m);

    /* a checker of the kinds an MC design makes: inputs, outputs, the flush */
    int kinds = 1 << CTM_TXN_MC_INPUT | 1 << CTM_TXN_MC_OUTPUT | 1 << CTM_TXN_MC_FLUSH;
    m = surfaces_model(elf, in, cond_path);
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_MC));
    assert_int_equal(ctm_txn_set_kinds(c, kinds), CTM_OK);
    size_t put = 0;
    for (size_t k = 0; k < s.n; k++)
        if (kinds >> s.t[k].kind & 1) {
            if (ctm_txn_put(c, &s.t[k]))
                fail_msg("transaction %zu: %s", k, ctm_txn_diff(c));
            put++;
        }
    assert_int_equal(ctm_txn_finish(c), CTM_OK);
    assert_int_equal(ctm_txn_count(c), put);
    assert_int_equal(ctm_txn_set_kinds(c, kinds), CTM_E_STATE);
    ctm_txn_free(c);
    ctm_model_free(m);
    m = surfaces_model(elf, in, cond_path);
    c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_MC));
    assert_int_equal(ctm_txn_set_kinds(c, kinds), CTM_OK);
    size_t constf = find_kind(&s, CTM_TXN_MC_CONSTF, 0);
    assert_int_equal(ctm_txn_put(c, &s.t[constf]), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "kind = 2 (MC CONSTF) is not among the checker's kinds"));
    ctm_txn_free(c);
    c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_MC));
    assert_int_equal(ctm_txn_set_kinds(c, 1 << CTM_TXN_CO_DECIDE), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "holds no kind of the checker's units"));
    assert_int_equal(ctm_txn_finish(c), CTM_E_ARG); /* a misuse is never silent */
    ctm_txn_free(c);
    ctm_model_free(m);

    stored_bytes_checked(&s, elf, in, cond_path);
    free(s.t);
    for (int k = 0; k < 5; k++)
        free(in[k]);
    unlink(cond_path);
    unlink(elf);
}

/* dpp_run with the sink and a conditional buffer, each test: the stream's
 * writes rebuild the outputs and the buffer; asking for threads changes
 * nothing (a run with a sink is one thread). */
static void test_cond_buffer_rebuilt(void **state)
{
    (void)state;
    const char *src = "    alu rgb mad r1.r, r0.rrr, #1, #0 alpha mad r1._, #0, #0, #0\n"
                      "    out rgb max r1._ o0.rg, r1.rgb, r1.rgb, r1.rgb alpha max r1._, "
                      "#0, #0, #0 wait\n";
    const dpp_exe *exe = fixture_assemble(src);
    for (unsigned test = 0; test < 16; test++) { /* 8..15: the CO at the PE */
        for (unsigned threads = 1; threads <= 4; threads += 3) {
            dpp_run_opts o;
            fixture_opts(&o, 9, 5, 4, 2);
            fixture_cond(&o, test & 7);
            o.cond_loc = test >= 8 ? CO_LOC_PE : CO_LOC_DPP;
            o.cond_val = 0x3f800000u;
            o.array.threads = threads;
            stream s = {0};
            o.txn = keep_txn;
            o.txn_user = &s;
            uint8_t *initial = malloc(9 * 5 * 4);
            memcpy(initial, o.cond.data, 9 * 5 * 4);
            dpp_run_result res;
            dpp_error err;
            if (dpp_run(exe, &o, "cond", &res, &err))
                fail_msg("%s", err.msg);
            rebuilt rb = {.width = 9, .height = 5, .cond = initial};
            rebuild(&s, &rb);
            unsigned at_pe = 0, kept_at_pe = 0, at_dpp = 0, writes = 0;
            for (size_t k = 0; k < s.n; k++) {
                const ctm_txn *t = &s.t[k];
                at_pe += t->kind == CTM_TXN_CO_DECIDE && t->index == CTM_CO_LOC_PE;
                kept_at_pe += t->kind == CTM_TXN_CO_DECIDE && t->index == CTM_CO_LOC_PE && t->keep;
                at_dpp += t->kind == CTM_TXN_CO_DECIDE && t->index == CTM_CO_LOC_DPP;
                writes += t->kind == CTM_TXN_MC_COND_WRITE;
            }
            /* at the PE: each pair of the domain, and the kept ones run and end at the DPP */
            assert_int_equal(at_pe, test >= 8 ? 45 : 0);
            assert_int_equal(at_dpp, test >= 8 ? kept_at_pe : 45);
            if ((test & 7) == 0 || (test & 7) == 7) /* NEVER drops all, ALWAYS keeps, writes all */
                assert_int_equal(writes, test & 7 ? 45 : 0);
            assert_memory_equal(rb.cond, res.cond.data, 9 * 5 * 4);
            static const uint8_t zeros[9 * 5 * 16];
            assert_non_null(res.output[0].data); /* NEVER at the DPP: nothing written, zeros */
            assert_memory_equal(rb.out[0] ? rb.out[0] : zeros, res.output[0].data, 9 * 5 * 16);
            dpp_run_free(&res);
            free_rebuilt(&rb);
            free(s.t);
        }
    }
}

/* ------------------------------------------------------------ (b) the checker */

static char saxpy_elf[] = "/tmp/test_ctm_txn_saxpy_XXXXXX";
static float *saxpy_in[2];

static int setup(void **state)
{
    (void)state;
    example("examples/saxpy/saxpy.s", saxpy_elf);
    saxpy_in[0] = input_data(8, 2, 0);
    saxpy_in[1] = input_data(8, 2, 1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(saxpy_elf);
    free(saxpy_in[0]);
    free(saxpy_in[1]);
    return 0;
}

static ctm_model *saxpy(void)
{
    ctm_model *m = ctm_model_new(saxpy_elf, 8, 2, 4, 2, 4, 4);
    assert_non_null(m);
    for (int k = 0; k < 2; k++)
        assert_int_equal(ctm_model_set_input(m, k, saxpy_in[k], CTM_FMT_FLOAT32_1, 8 + PAD, 2),
                         CTM_OK);
    return m;
}

/* The model's own stream of units. */
static stream saxpy_stream(int units)
{
    ctm_model *m = saxpy();
    stream s = {0};
    ctm_txn t;
    while (ctm_model_txn(m, units, &t) == 1)
        add(&s, &t);
    ctm_model_free(m);
    return s;
}

/* Puts s (but entry `skip`) into a checker of a fresh run: the status of
 * the first put that fails (at *where), else CTM_OK. */
static int feed(ctm_txn_checker *c, const stream *s, size_t skip, size_t *where)
{
    for (size_t k = 0; k < s->n; k++) {
        if (k == skip)
            continue;
        int st = ctm_txn_put(c, &s->t[k]);
        if (st) {
            *where = k;
            return st;
        }
    }
    return CTM_OK;
}

static size_t find_kind(const stream *s, int kind, size_t from)
{
    for (size_t k = from; k < s->n; k++)
        if (s->t[k].kind == kind)
            return k;
    fail_msg("no transaction of kind %d", kind);
    return 0;
}

static void test_own_stream_passes(void **state)
{
    (void)state;
    for (int units = 1; units <= CTM_UNITS_ALL; units++) {
        stream s = saxpy_stream(units);
        ctm_model *m = saxpy();
        ctm_txn_checker *c = ctm_txn_new(m, units);
        assert_non_null(c);
        size_t where = 0;
        if (feed(c, &s, (size_t)-1, &where))
            fail_msg("units %d, transaction %zu: %s", units, where, ctm_txn_diff(c));
        assert_int_equal(ctm_txn_finish(c), CTM_OK);
        assert_int_equal(ctm_txn_count(c), s.n);
        assert_string_equal(ctm_txn_diff(c), "");
        assert_string_equal(ctm_txn_report(c, CTM_REPORT_TEXT), "");
        ctm_txn_free(c);
        ctm_model_free(m);
        free(s.t);
    }
}

/* A shared run (ctm_txn_share): the testbench pulls the checker's own model,
 * with units of its own, and a design that echoes the pulled transactions of
 * the checker's units passes with exactly the independent run's stream; one
 * changed value fails at its put; a design that stops early fails the drain
 * check, which runs the rest; a transaction the run has not made yet is extra;
 * sharing is refused after a put. */
static void test_shared_run(void **state)
{
    (void)state;
    for (int units = 1; units <= CTM_UNITS_ALL; units++) {
        stream s = saxpy_stream(units);
        ctm_model *m = saxpy();
        ctm_txn_checker *c = ctm_txn_new(m, units);
        assert_int_equal(ctm_txn_share(c), CTM_OK);
        assert_int_equal(ctm_txn_share(c), CTM_OK); /* again: still one run */
        assert_null(ctm_txn_new(m, units)); /* a second checker of a shared run */
        assert_non_null(strstr(ctm_error(), "a checker already shares this ctm_model"));
        assert_null(ctm_commit_new(m, 2, 0));
        assert_non_null(strstr(ctm_error(), "a checker already shares this ctm_model"));
        ctm_txn t;
        size_t n = 0;
        while (ctm_model_txn(m, CTM_UNITS_ALL, &t) == 1) { /* the testbench's pulls */
            if (!(units >> t.unit & 1))
                continue;
            assert_true(n < s.n);
            assert_memory_equal(&t, &s.t[n], sizeof t); /* the same run as an unshared one */
            n++;
            if (ctm_txn_put(c, &t))
                fail_msg("units %d, transaction %zu: %s", units, n - 1, ctm_txn_diff(c));
        }
        assert_int_equal(n, s.n);
        assert_int_equal(ctm_txn_finish(c), CTM_OK);
        assert_int_equal(ctm_txn_count(c), s.n);
        ctm_txn_free(c);
        ctm_model_free(m);
        free(s.t);
    }

    int mc = CTM_UNIT_BIT(CTM_UNIT_MC);
    stream s = saxpy_stream(mc);
    size_t out = find_kind(&s, CTM_TXN_MC_OUTPUT, 0);
    for (int k = 0; k < 3; k++) { /* a changed value, a design that stops early, one ahead */
        ctm_model *m = saxpy();
        ctm_txn_checker *c = ctm_txn_new(m, mc);
        assert_int_equal(ctm_txn_share(c), CTM_OK);
        ctm_txn t;
        size_t n = 0;
        int st = CTM_OK;
        if (k == 2) {
            st = ctm_txn_put(c, &s.t[1]);
            assert_int_equal(st, CTM_E_MISMATCH);
            assert_non_null(strstr(ctm_txn_diff(c), "the shared run has made no such transaction yet (0 made so far)"));
        }
        while (!st && ctm_model_txn(m, mc, &t) == 1) {
            if (k == 0 && n == out)
                t.value[0] ^= 1;
            if (k == 1 && n == 3)
                break;
            n++;
            st = ctm_txn_put(c, &t);
        }
        if (k == 0) {
            assert_int_equal(st, CTM_E_MISMATCH);
            assert_int_equal(n, out + 1);
            assert_non_null(strstr(ctm_txn_diff(c), "value[0]: expected"));
        } else if (k == 1) {
            assert_int_equal(st, CTM_OK);
            assert_int_equal(ctm_txn_finish(c), CTM_E_MISMATCH);
            char want[80];
            snprintf(want, sizeof want, "drain: %zu transactions expected, never made", s.n - 3);
            assert_non_null(strstr(ctm_txn_diff(c), want));
        }
        ctm_txn_free(c);
        ctm_model_free(m);
    }
    free(s.t);

    ctm_model *m = saxpy(); /* too late: after a put */
    ctm_txn_checker *c = ctm_txn_new(m, mc);
    s = saxpy_stream(mc);
    assert_int_equal(ctm_txn_put(c, &s.t[0]), CTM_OK);
    assert_int_equal(ctm_txn_share(c), CTM_E_STATE);
    assert_non_null(strstr(ctm_error(), "too late"));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);
}

/* A dropped transaction: the drain check finds it, or the next ordered
 * transaction after it (an output write never made before the wait_for_idle
 * that follows start_program in the model's buffers). */
static void test_dropped_fails_drain(void **state)
{
    (void)state;
    int co = CTM_UNIT_BIT(CTM_UNIT_CO);
    stream s = saxpy_stream(co);
    ctm_model *m = saxpy();
    ctm_txn_checker *c = ctm_txn_new(m, co);
    size_t drop = 5, where;
    assert_int_equal(feed(c, &s, drop, &where), CTM_OK);
    assert_int_equal(ctm_txn_count(c), s.n - 1);
    assert_int_equal(ctm_txn_finish(c), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_txn_diff(c), "drain: 1 transactions expected, never made"));
    assert_non_null(strstr(ctm_txn_diff(c), "CO DECIDE"));
    const char *json = ctm_txn_report(c, CTM_REPORT_JSON);
    assert_non_null(strstr(json, "\"what\":\"drain\""));
    assert_non_null(strstr(json, "\"missing\":1"));
    assert_int_equal(ctm_txn_put(c, &s.t[0]), CTM_E_MISMATCH); /* sticky */
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);

    s = saxpy_stream(CTM_UNITS_ALL);
    m = saxpy();
    c = ctm_txn_new(m, CTM_UNITS_ALL);
    drop = find_kind(&s, CTM_TXN_MC_OUTPUT, 0);
    assert_int_equal(feed(c, &s, drop, &where), CTM_E_MISMATCH);
    assert_int_equal(s.t[where].kind, CTM_TXN_PE_CMD);
    assert_non_null(strstr(ctm_txn_diff(c), "out of order: PE COMMAND wait_for_idle"));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);
}

static void test_changed_value_names_field(void **state)
{
    (void)state;
    stream s = saxpy_stream(CTM_UNITS_ALL);
    size_t k = find_kind(&s, CTM_TXN_MC_OUTPUT, 0);
    assert_true(s.t[k].mask & 1);
    s.t[k].value[0] ^= 0x00400000u;
    ctm_model *m = saxpy();
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNITS_ALL);
    size_t where = 0;
    assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_E_MISMATCH);
    assert_int_equal(where, k);
    const char *diff = ctm_txn_diff(c);
    assert_non_null(strstr(diff, "MC OUTPUT"));
    assert_non_null(strstr(diff, "value[0]: expected 0x"));
    const char *text = ctm_txn_report(c, CTM_REPORT_TEXT);
    assert_non_null(strstr(text, "transaction-level mismatch (field)"));
    assert_non_null(strstr(text, "  unit     MC\n"));
    assert_non_null(strstr(text, "  field    value[0]: expected"));
    const char *json = ctm_txn_report(c, CTM_REPORT_JSON);
    assert_non_null(strstr(json, "\"unit\":\"MC\",\"kind\":\"OUTPUT\",\"field\":\"value[0]\""));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);

    /* an integer or boolean constant's format: they are elements (c, 0) of a surface with a
     * format [seed 000, p8, p13, p23], compared since the constants left raw words */
    static const struct {
        int kind;
        const char *name;
    } consts[] = {{CTM_TXN_MC_CONSTI, "MC CONSTI"}, {CTM_TXN_MC_CONSTB, "MC CONSTB"}};
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) {
        s = saxpy_stream(CTM_UNITS_ALL);
        k = find_kind(&s, consts[i].kind, 0);
        k = find_kind(&s, consts[i].kind, k + 1); /* constant 1 */
        assert_int_equal(s.t[k].index, 1);
        s.t[k].format ^= 1;
        m = saxpy();
        c = ctm_txn_new(m, CTM_UNITS_ALL);
        assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_E_MISMATCH);
        assert_int_equal(where, k);
        assert_non_null(strstr(ctm_txn_diff(c), consts[i].name));
        assert_non_null(strstr(ctm_txn_diff(c), "format: expected"));
        ctm_txn_free(c);
        ctm_model_free(m);
        free(s.t);
    }

    /* a CO decision's keep */
    s = saxpy_stream(CTM_UNIT_BIT(CTM_UNIT_CO));
    assert_true(s.n > 0);
    s.t[3].keep ^= 1;
    m = saxpy();
    c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_CO));
    assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_txn_diff(c), "CO DECIDE"));
    assert_non_null(strstr(ctm_txn_diff(c), "keep: expected 1, actual 0"));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);
}

/* The packed form (SystemVerilog's ctm_txn_t): ctm_model_txn_bits hands out
 * the same stream as ctm_model_txn, each field at the word docs/txn.md and
 * ctm.h give it, and the words put back through ctm_txn_put_bits pass; a
 * spoiled value[0] word is that field's mismatch. */
static void test_packed_form(void **state)
{
    (void)state;
    stream s = saxpy_stream(CTM_UNITS_ALL);
    ctm_model *m = saxpy();
    uint32_t w[CTM_TXN_WORDS], bytes_seen = 0;
    size_t k = 0;
    int r;
    while ((r = ctm_model_txn_bits(m, CTM_UNITS_ALL, w)) == 1) {
        assert_true(k < s.n);
        const ctm_txn *t = &s.t[k++];
        /* word 27 down: unit, kind, index, format, x hi, x lo, y hi, y lo, address hi, lo,
         * mask, value[3..0], v, b, test, loc, writemask, reads, keep, write, bytes[3..0],
         * byte_en */
        assert_int_equal(w[27], (uint32_t)t->unit);
        assert_int_equal(w[26], (uint32_t)t->kind);
        assert_int_equal(w[25], (uint32_t)t->index);
        assert_int_equal(w[24], (uint32_t)t->format);
        assert_int_equal((uint64_t)w[23] << 32 | w[22], (uint64_t)t->x);
        assert_int_equal((uint64_t)w[21] << 32 | w[20], (uint64_t)t->y);
        assert_int_equal((uint64_t)w[19] << 32 | w[18], t->address);
        assert_int_equal(w[17], t->mask);
        for (int c = 0; c < 4; c++)
            assert_int_equal(w[13 + c], t->value[c]);
        assert_int_equal(w[12], t->v);
        assert_int_equal(w[11], t->b);
        assert_int_equal(w[10], (uint32_t)t->test);
        assert_int_equal(w[9], (uint32_t)t->loc);
        assert_int_equal(w[8], (uint32_t)t->writemask);
        assert_int_equal(w[7], (uint32_t)t->reads);
        assert_int_equal(w[6], (uint32_t)t->keep);
        assert_int_equal(w[5], (uint32_t)t->write);
        for (int c = 0; c < 4; c++)
            assert_int_equal(w[1 + c], t->bytes[c]);
        assert_int_equal(w[0], t->byte_en);
        bytes_seen |= t->byte_en;
    }
    assert_int_equal(r, 0);
    assert_int_equal(k, s.n);
    assert_true(bytes_seen != 0); /* saxpy's output writes carry their bytes */
    for (int i = 0; i < CTM_TXN_WORDS; i++) /* nothing came: zeros */
        assert_int_equal(w[i], 0);
    ctm_model_free(m);

    /* the round trip: the words of one run put into a checker of another, as a testbench
     * moves them; the first output write's value[0] (word 13) spoiled once */
    size_t out = find_kind(&s, CTM_TXN_MC_OUTPUT, 0);
    for (int spoil = 0; spoil < 2; spoil++) {
        ctm_model *stim = saxpy();
        m = saxpy();
        ctm_txn_checker *c = ctm_txn_new(m, CTM_UNITS_ALL);
        int st = CTM_OK;
        for (size_t i = 0; st == CTM_OK && ctm_model_txn_bits(stim, CTM_UNITS_ALL, w) == 1; i++) {
            if (spoil && i == out)
                w[13] ^= 0x00400000u;
            st = ctm_txn_put_bits(c, w);
        }
        if (!spoil) {
            assert_int_equal(st, CTM_OK);
            assert_int_equal(ctm_txn_finish(c), CTM_OK);
            assert_int_equal(ctm_txn_count(c), s.n);
        } else {
            assert_int_equal(st, CTM_E_MISMATCH);
            assert_non_null(strstr(ctm_txn_diff(c), "MC OUTPUT"));
            assert_non_null(strstr(ctm_txn_diff(c), "value[0]: expected 0x"));
        }
        ctm_txn_free(c);
        ctm_model_free(m);
        ctm_model_free(stim);
    }
    free(s.t);
}

static void test_swapped_reads_pass(void **state)
{
    (void)state;
    stream s = saxpy_stream(CTM_UNITS_ALL);
    size_t k = find_kind(&s, CTM_TXN_MC_INPUT, 0);
    assert_int_equal(s.t[k + 1].kind, CTM_TXN_MC_INPUT); /* the next lane's */
    ctm_txn t = s.t[k];
    s.t[k] = s.t[k + 1];
    s.t[k + 1] = t;
    size_t w = find_kind(&s, CTM_TXN_MC_OUTPUT, 0); /* writes of two pairs, swapped */
    size_t w2 = find_kind(&s, CTM_TXN_MC_OUTPUT, w + 1);
    t = s.t[w];
    s.t[w] = s.t[w2];
    s.t[w2] = t;
    ctm_model *m = saxpy();
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNITS_ALL);
    size_t where = 0;
    if (feed(c, &s, (size_t)-1, &where))
        fail_msg("transaction %zu: %s", where, ctm_txn_diff(c));
    assert_int_equal(ctm_txn_finish(c), CTM_OK);
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);
}

static void test_swapped_commands_fail_as_order(void **state)
{
    (void)state;
    stream s = saxpy_stream(CTM_UNITS_ALL);
    assert_int_equal(s.t[0].unit, CTM_UNIT_PE);
    assert_int_equal(s.t[1].unit, CTM_UNIT_PE);
    ctm_txn t = s.t[0];
    s.t[0] = s.t[1];
    s.t[1] = t;
    ctm_model *m = saxpy();
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNITS_ALL);
    size_t where = 9;
    assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_E_MISMATCH);
    assert_int_equal(where, 0);
    assert_non_null(strstr(ctm_txn_diff(c), "out of order: PE COMMAND"));
    const char *json = ctm_txn_report(c, CTM_REPORT_JSON);
    assert_non_null(strstr(json, "\"what\":\"order\""));
    assert_non_null(strstr(json, "\"unit\":\"PE\",\"kind\":\"COMMAND\""));
    ctm_txn_free(c);
    ctm_model_free(m);

    /* an output write moved ahead of the flush_out_cache that ends the run's writes is
     * fine; one moved after it is out of order */
    size_t flush = find_kind(&s, CTM_TXN_MC_FLUSH, 0);
    size_t last = flush;
    while (s.t[--last].kind != CTM_TXN_MC_OUTPUT)
        ;
    t = s.t[0]; /* the commands back in order */
    s.t[0] = s.t[1];
    s.t[1] = t;
    t = s.t[last];
    memmove(&s.t[last], &s.t[last + 1], (flush - last) * sizeof t);
    s.t[flush] = t;
    m = saxpy();
    c = ctm_txn_new(m, CTM_UNITS_ALL);
    assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_E_MISMATCH);
    assert_int_equal(s.t[where].kind, CTM_TXN_PE_CMD); /* wait_for_idle's command */
    if (!strstr(ctm_txn_diff(c), "out of order"))
        fail_msg("%s", ctm_txn_diff(c));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);
}

/* Issue 41 item 4, reports a user can act on: the cycle the testbench gave
 * (ctm_txn_set_cycle), formats by name, addresses in hex, and an order
 * verdict that names the ordered transaction crossed or the window. */
static const char *const fmt_names[] = {"UINT16_1", "UINT8_4", "FLOAT32_1", "FLOAT32_2",
                                        "FLOAT32_4"};

static void test_report_cycle_and_names(void **state)
{
    (void)state;
    stream s = saxpy_stream(CTM_UNITS_ALL);
    size_t k = find_kind(&s, CTM_TXN_MC_OUTPUT, 0);
    int was = s.t[k].format;
    assert_in_range(was, 0, 4);
    s.t[k].format = was == CTM_FMT_UINT8_4 ? CTM_FMT_FLOAT32_4 : CTM_FMT_UINT8_4;
    for (int with_cycle = 0; with_cycle < 2; with_cycle++) {
        ctm_model *m = saxpy();
        ctm_txn_checker *c = ctm_txn_new(m, CTM_UNITS_ALL);
        if (with_cycle)
            assert_int_equal(ctm_txn_set_cycle(c, 1234), CTM_OK);
        size_t where;
        assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_E_MISMATCH);
        const char *diff = ctm_txn_diff(c);
        char want[160];
        snprintf(want, sizeof want, "%stransaction %zu: MC OUTPUT", with_cycle ? "cycle 1234, " : "",
                 k);
        if (strncmp(diff, want, strlen(want)))
            fail_msg("%s, not starting %s", diff, want);
        snprintf(want, sizeof want, "format: expected %s, actual %s", fmt_names[was],
                 fmt_names[s.t[k].format]);
        assert_non_null(strstr(diff, want));
        const char *text = ctm_txn_report(c, CTM_REPORT_TEXT);
        assert_true(!strstr(text, "  cycle    1234\n") == !with_cycle);
        snprintf(want, sizeof want, " format %s x ", fmt_names[was]);
        assert_non_null(strstr(text, want)); /* the model's transaction, by name */
        assert_non_null(strstr(text, " address 0x"));
        const char *json = ctm_txn_report(c, CTM_REPORT_JSON);
        assert_true(!strstr(json, "\"cycle\":1234,") == !with_cycle);
        snprintf(want, sizeof want, "\"field\":\"format\",\"expected\":\"%s\",\"actual\":\"%s\"",
                 fmt_names[was], fmt_names[s.t[k].format]);
        assert_non_null(strstr(json, want));
        snprintf(want, sizeof want, "\"format\":\"%s\",", fmt_names[was]);
        assert_non_null(strstr(json, want));
        assert_non_null(strstr(json, "\"address\":\"0x"));
        ctm_txn_free(c);
        ctm_model_free(m);
    }
    free(s.t);
}

/* A model of saxpy over w x h (inputs PAD wider). */
static ctm_model *saxpy_over(unsigned w, unsigned h, float *in[2])
{
    ctm_model *m = ctm_model_new(saxpy_elf, (int)w, (int)h, 4, 2, 4, 4);
    assert_non_null(m);
    for (int k = 0; k < 2; k++)
        assert_int_equal(ctm_model_set_input(m, k, in[k], CTM_FMT_FLOAT32_1, (int)(w + PAD),
                                             (int)h),
                         CTM_OK);
    return m;
}

static void test_order_names_its_cause(void **state)
{
    (void)state;
    /* an input read made first crosses the PE's first command, which is named */
    stream s = saxpy_stream(CTM_UNITS_ALL);
    size_t k = find_kind(&s, CTM_TXN_MC_INPUT, 0);
    assert_int_equal(s.t[0].kind, CTM_TXN_PE_CMD);
    ctm_model *m = saxpy();
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNITS_ALL);
    assert_int_equal(ctm_txn_put(c, &s.t[k]), CTM_E_MISMATCH);
    const char *diff = ctm_txn_diff(c);
    assert_non_null(strstr(diff, "out of order: MC INPUT"));
    assert_non_null(strstr(diff, "; it crossed the ordered PE COMMAND "));
    assert_non_null(strstr(diff, " at address 0x0 (the model's transaction 0), which the design "
                                 "has not made"));
    assert_non_null(strstr(ctm_txn_report(c, CTM_REPORT_TEXT), "  crossed:     #0 "));
    const char *json = ctm_txn_report(c, CTM_REPORT_JSON);
    assert_non_null(strstr(json, "\"cause\":\"crossed\",\"crossed\":{\"seq\":0,\"transaction\":"
                                 "{\"unit\":\"PE\",\"kind\":\"COMMAND\""));
    ctm_txn_free(c);
    ctm_model_free(m);

    /* an ordered command made while an output write is pending */
    size_t where, drop = find_kind(&s, CTM_TXN_MC_OUTPUT, 0);
    m = saxpy();
    c = ctm_txn_new(m, CTM_UNITS_ALL);
    assert_int_equal(feed(c, &s, drop, &where), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_txn_diff(c), "; an ordered kind must be the model's next, and "
                                            "the 1 before it were never made"));
    assert_non_null(strstr(ctm_txn_report(c, CTM_REPORT_JSON), "\"cause\":\"ordered\""));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);

    /* an MC design's input read made 1100 transactions early, none ordered between: the
     * 1024-transaction window is the cause */
    float *in[2] = {input_data(64, 16, 0), input_data(64, 16, 1)};
    int mc = CTM_UNIT_BIT(CTM_UNIT_MC);
    m = saxpy_over(64, 16, in);
    s = (stream){0};
    ctm_txn t;
    while (ctm_model_txn(m, mc, &t) == 1)
        add(&s, &t);
    ctm_model_free(m);
    size_t far = 1100;
    assert_true(s.n > far);
    for (size_t i = 0; i < far; i++) { /* nothing ordered, nothing of its key before it */
        assert_true(s.t[i].kind != CTM_TXN_MC_FLUSH && s.t[i].kind != CTM_TXN_MC_WORD);
        assert_false(s.t[i].kind == s.t[far].kind && s.t[i].index == s.t[far].index &&
                     s.t[i].x == s.t[far].x && s.t[i].y == s.t[far].y);
    }
    m = saxpy_over(64, 16, in);
    c = ctm_txn_new(m, mc);
    assert_int_equal(ctm_txn_put(c, &s.t[far]), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_txn_diff(c), ", 1100 after the next one waiting"));
    assert_non_null(strstr(ctm_txn_diff(c), "; the 1024-transaction window was the cause"));
    assert_non_null(strstr(ctm_txn_report(c, CTM_REPORT_TEXT), "  window   1100 waiting"));
    assert_non_null(strstr(ctm_txn_report(c, CTM_REPORT_JSON), "\"later\":1100,\"cause\":\"window\""));
    ctm_txn_free(c);
    ctm_model_free(m);
    free(s.t);
    free(in[0]);
    free(in[1]);
}

static void test_misuse(void **state)
{
    (void)state;
    ctm_model *m = saxpy();
    ctm_txn_checker *c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_MC));
    assert_non_null(c);
    ctm_txn t = {.unit = 3, .kind = CTM_TXN_MC_INPUT};
    assert_int_equal(ctm_txn_put(c, &t), CTM_E_ARG);
    assert_string_equal(ctm_txn_diff(c), "ctm_txn_put: unit = 3 is outside 0..2");
    t.unit = CTM_UNIT_MC;
    t.kind = CTM_TXN_KINDS;
    assert_int_equal(ctm_txn_put(c, &t), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "kind = 11 is outside 0..10"));
    t.kind = CTM_TXN_CO_DECIDE;
    assert_int_equal(ctm_txn_put(c, &t), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "is not a transaction of unit 1 (MC)"));
    assert_int_equal(ctm_txn_put_fields(c, CTM_UNIT_PE, CTM_TXN_PE_CMD, 1, 0, 0, 0, 0, 4, 0, 0, 0,
                                        0, 0, 0, 0, 0, 0, 0, 0, 0),
                     CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_txn_put_fields: unit = 0 (PE) is not among"));
    assert_int_equal(ctm_txn_put(c, NULL), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "the transaction is NULL"));
    assert_int_equal(ctm_txn_put(NULL, &t), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_txn_put: the ctm_txn_checker handle is NULL"));
    assert_int_equal(ctm_txn_count(c), 0);
    /* the model is the checker's */
    ctm_txn r;
    assert_int_equal(ctm_model_txn(m, CTM_UNITS_ALL, &r), -CTM_E_STATE);
    assert_int_equal(ctm_model_step(m), -CTM_E_STATE);
    assert_null(ctm_txn_new(m, CTM_UNITS_ALL));
    assert_null(ctm_commit_new(m, 2, 0));
    /* a drain with nothing done, then a put after it */
    assert_int_equal(ctm_txn_finish(c), CTM_E_MISMATCH);
    ctm_txn_free(c);
    c = ctm_txn_new(m, CTM_UNITS_ALL); /* the model was never stepped: it can be driven again? */
    ctm_txn_free(c);
    ctm_model_free(m);

    m = saxpy();
    c = ctm_txn_new(m, CTM_UNIT_BIT(CTM_UNIT_CO));
    stream s = saxpy_stream(CTM_UNIT_BIT(CTM_UNIT_CO));
    size_t where;
    assert_int_equal(feed(c, &s, (size_t)-1, &where), CTM_OK);
    assert_int_equal(ctm_txn_finish(c), CTM_OK);
    assert_int_equal(ctm_txn_put(c, &s.t[0]), CTM_E_STATE);
    assert_non_null(strstr(ctm_txn_diff(c), "too late: ctm_txn_finish has ended the check"));
    assert_int_equal(ctm_txn_finish(c), CTM_OK);
    ctm_txn_free(c);
    ctm_txn_free(c); /* freed: nothing */
    assert_int_equal(ctm_txn_put(c, &s.t[0]), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "the ctm_txn_checker handle was freed"));
    free(s.t);
    ctm_model_free(m);

    /* ctm_model_txn: bad arguments, and a run that hands out steps */
    m = saxpy();
    assert_int_equal(ctm_model_txn(m, 0, &r), -CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_model_txn: units = 0 is outside 1..7"));
    assert_int_equal(ctm_model_txn(m, 8, &r), -CTM_E_ARG);
    assert_int_equal(ctm_model_txn(m, CTM_UNITS_ALL, NULL), -CTM_E_ARG);
    assert_int_equal(ctm_model_txn(NULL, CTM_UNITS_ALL, &r), -CTM_E_ARG);
    assert_int_equal(ctm_model_step(m), 1);
    assert_int_equal(ctm_model_txn(m, CTM_UNITS_ALL, &r), -CTM_E_STATE);
    assert_non_null(strstr(ctm_model_error(m), "this run hands out steps"));
    ctm_model_free(m);
    assert_null(ctm_txn_new(NULL, 1));
    m = saxpy();
    assert_null(ctm_txn_new(m, 0));
    assert_non_null(strstr(ctm_error(), "ctm_txn_new: units = 0 is outside 1..7"));
    c = ctm_txn_new(m, 1);
    assert_string_equal(ctm_txn_report(c, 2), ctm_error());
    assert_non_null(strstr(ctm_error(), "format = 2 is outside 0..1"));
    ctm_txn_free(c);
    ctm_model_free(m);
}

/* A program that faults: the transactions before the fault come first. */
static void test_fault(void **state)
{
    (void)state;
    const char *src = "    tex ld r1.rgba, r0.rgba, i0 unscaled\n"
                      "    out rgb max r1._ o0.r, r1.rgb, r1.rgb, r1.rgb alpha max r1._, #0, #0, "
                      "#0 wait\n";
    const dpp_exe *exe = fixture_assemble(src);
    char elf[] = "/tmp/test_ctm_txn_fault_XXXXXX";
    int fd = mkstemp(elf);
    close(fd);
    dpp_error err;
    assert_int_equal(dpp_elf_write(exe, elf, &err), DPP_OK);
    static float small[2];
    ctm_model *m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    assert_int_equal(ctm_model_set_input(m, 0, small, CTM_FMT_FLOAT32_1, 2, 1), CTM_OK);
    ctm_txn t;
    int r, reads = 0;
    while ((r = ctm_model_txn(m, CTM_UNITS_ALL, &t)) == 1)
        reads += t.kind == CTM_TXN_MC_INPUT;
    assert_int_equal(r, -CTM_E_FAULT);
    assert_int_equal(reads, 4); /* lanes 0..3 read (the pitch is 4), lane 4 is outside */
    assert_non_null(strstr(ctm_model_error(m), "outside"));
    assert_int_equal(ctm_model_txn(m, CTM_UNITS_ALL, &t), -CTM_E_FAULT);
    ctm_model_free(m);
    unlink(elf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples_rebuild_outputs),
        cmocka_unit_test(test_cond_buffer_rebuilt),
        cmocka_unit_test(test_layouts_and_cond),
        cmocka_unit_test(test_own_stream_passes),
        cmocka_unit_test(test_shared_run),
        cmocka_unit_test(test_dropped_fails_drain),
        cmocka_unit_test(test_changed_value_names_field),
        cmocka_unit_test(test_packed_form),
        cmocka_unit_test(test_swapped_reads_pass),
        cmocka_unit_test(test_swapped_commands_fail_as_order),
        cmocka_unit_test(test_report_cycle_and_names),
        cmocka_unit_test(test_order_names_its_cause),
        cmocka_unit_test(test_misuse),
        cmocka_unit_test(test_fault),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
