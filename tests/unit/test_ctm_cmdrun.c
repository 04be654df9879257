/* A run of the user's own command buffer and memory image (ctm_model_new_cmd, since 1.16)
 * against `dpp exec` on the same bytes: the device memory after the run byte for byte, and the
 * first error word for word, for every surface format and layout, the input and the output in
 * it; each case against the runtime calls dpp exec makes (cmd_exec.c: dpp_am_open with the
 * image at 0 and the buffer at the next 2 KiB, dpp_am_submit, dpp_am_consumed), and all of
 * them in one buffer against the dpp program itself (build/san/dpp exec --mem-out). The buffers are written here word by word from the
 * command table of docs/pe.md (headers and format words spelled out, not by cmdbuf.c), with
 * an output mask other than 0xF, domains not at (0, 0) and two start_programs. Then the run's
 * streams (commits to a commit checker, transactions to a transaction checker), the file
 * entries and their size errors, and the errors that name a command's byte. */
#include "cmocka_all.h"
#include "run_fixture.h"

#include "ctm.h"
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N(a) (sizeof(a) / sizeof *(a))

enum { API_MSG = 600 };

/* The program: input 0 at the pair, written to output 0 as 2 x value (UINT formats clamp). */
static const char prog[] =
    "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"
    "    out rgb mad r2._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r2._ o0.a, s0.a, s1.a, s2.a "
    "src r1/r1, #1/#1, r1/r1 wait\n";

enum { IN_BASE = 8192, OUT_BASE = 16384, IMG = 20480, PITCH = 8, ROWS = 8, LANES = 5 };

/* Words of the image's input surface: every UINT8 boundary byte, UINT16 and float edges
 * (NaNs, infinities, zeros, denormals, the largest finite). */
static const uint32_t edge[] = {0x80FE7F01u, 0xFF00FE01u, 0x7FC00000u, 0x7F800000u, 0xFF800000u,
                                0x00000000u, 0x80000000u, 0x00000001u, 0x7F7FFFFFu, 0x3F800000u,
                                0xBF800000u, 0x477FFF00u, 0x3F000000u, 0xFFFFFFFFu, 0x0001FFFFu,
                                0x3E800000u, 0x3F7F0000u};

static uint32_t header(unsigned op, unsigned nparams)
{
    return 0xC0000000u | (nparams - 1) << 16 | op << 8;
}

/* bits 12:2 pitch (elements, a multiple of 4), 17:16 tiling, 26:24 format (docs/pe.md) */
static uint32_t fmt_word(uint32_t pitch, int tiling, int format)
{
    return pitch | (uint32_t)tiling << 16 | (uint32_t)format << 24;
}

typedef struct bytes {
    uint8_t *b;
    size_t n;
} bytes;

static void put(bytes *v, uint32_t w)
{
    v->b = realloc(v->b, v->n + 4);
    assert_non_null(v->b);
    for (int k = 0; k < 4; k++)
        v->b[v->n++] = (uint8_t)(w >> 8 * k);
}

static void cmd(bytes *v, unsigned op, unsigned n, const uint32_t *p)
{
    put(v, header(op, n));
    for (unsigned k = 0; k < n; k++)
        put(v, p[k]);
}

/* The image: the program at 0, the input's edge words, a background on the output. */
static bytes image(const dpp_exe *exe)
{
    bytes v = {calloc(IMG, 1), IMG};
    assert_non_null(v.b);
    for (size_t k = 0; k < (size_t)exe->ninsts * 6; k++)
        for (int b = 0; b < 4; b++)
            v.b[4 * k + b] = (uint8_t)(exe->words[k] >> 8 * b);
    for (uint32_t a = IN_BASE; a < OUT_BASE; a += 4)
        for (int b = 0; b < 4; b++)
            v.b[a + b] = (uint8_t)(edge[(a / 4 * 7) % N(edge)] >> 8 * b);
    for (uint32_t a = OUT_BASE; a < IMG; a++)
        v.b[a] = (uint8_t)(a * 37 + 11);
    return v;
}

/* Input 0 at in and output 0 at out in format and tiling; a 4x4 domain at (1, 2) with the
 * output mask 0x5, then a 7x1 one at (0, 6) with 0xA: two start_programs (a 2x2 layout reads
 * the quad up to (x+1, y+1): inside the 8x8 surface). */
static void one_case(bytes *v, const dpp_exe *exe, int format, int tiling, uint32_t in,
                     uint32_t out)
{
    uint32_t start = exe->ninsts | (exe->info.fc_mode ? 1u << 16 : 0);
    cmd(v, 0x14, 4, (const uint32_t[]){0, in, fmt_word(PITCH, tiling, format), ROWS});
    cmd(v, 0x15, 4, (const uint32_t[]){0, out, fmt_word(PITCH, tiling, format), ROWS});
    cmd(v, 0x01, 4, (const uint32_t[]){1, 2, 4, 5});
    cmd(v, 0x17, 1, (const uint32_t[]){0x5});
    cmd(v, 0x02, 1, &start);
    cmd(v, 0x03, 1, (const uint32_t[]){0});
    cmd(v, 0x01, 4, (const uint32_t[]){0, 6, 6, 6});
    cmd(v, 0x17, 1, (const uint32_t[]){0xA});
    cmd(v, 0x02, 1, &start);
    cmd(v, 0x03, 1, (const uint32_t[]){0});
}

/* The program at 0, one case at IN_BASE and OUT_BASE, the flush. */
static bytes buffer(const dpp_exe *exe, int format, int tiling)
{
    bytes v = {0};
    cmd(&v, 0x0D, 2, (const uint32_t[]){0, fmt_word(32, 0, CTM_FMT_FLOAT32_1)});
    one_case(&v, exe, format, tiling, IN_BASE, OUT_BASE);
    cmd(&v, 0x19, 1, (const uint32_t[]){0});
    return v;
}

/* What dpp exec does with img and cb (cmd_exec.c's run): the memory after, and the error. */
static uint8_t *dpp_exec(const bytes *img, const bytes *cb, const char *name, size_t *size,
                         char *msg)
{
    dpp_device_params p = dpp_device_default_params();
    p.array.lanes = LANES;
    size_t at = (img->n + 2047) / 2048 * 2048;
    p.mem_bytes = (at + cb->n + 2047) / 2048 * 2048;
    dpp_connection *dev;
    dpp_error err = {0};
    assert_int_equal(dpp_am_open(&p, &dev, &err), DPP_OK);
    uint8_t *mem = dpp_am_memory(dev, size);
    memcpy(mem, img->b, img->n);
    memcpy(mem + at, cb->b, cb->n);
    uint32_t ticket;
    int done = 0;
    msg[0] = 0;
    if (dpp_am_submit(dev, (uint32_t)at, (uint32_t)cb->n, name, &ticket, &err) ||
        dpp_am_consumed(dev, ticket, &done, &err))
        snprintf(msg, API_MSG, "%s", err.msg);
    uint8_t *copy = malloc(*size);
    assert_non_null(copy);
    memcpy(copy, mem, *size);
    dpp_am_close(dev);
    return copy;
}

static ctm_model *by_words(const bytes *img, const bytes *cb)
{
    ctm_model *m = ctm_model_new_cmd(0, LANES, 1, 4, 4);
    assert_non_null(m);
    for (size_t a = 0; a < img->n; a += 4) {
        uint32_t w = 0;
        for (int b = 0; b < 4; b++)
            w |= (uint32_t)img->b[a + b] << 8 * b;
        assert_int_equal(ctm_model_put_mem(m, (uint32_t)a, w), CTM_OK);
    }
    for (size_t a = 0; a < cb->n; a += 4)
        assert_int_equal(ctm_model_put_cmd(m, (uint32_t)cb->b[a] | (uint32_t)cb->b[a + 1] << 8 |
                                                  (uint32_t)cb->b[a + 2] << 16 |
                                                  (uint32_t)cb->b[a + 3] << 24),
                         CTM_OK);
    return m;
}

static void write_file(const char *path, const bytes *v)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(v->b, 1, v->n, f), v->n);
    assert_int_equal(fclose(f), 0);
}

static char tmpdir[64], mem_path[96], cmd_path[96];

static ctm_model *by_files(const bytes *img, const bytes *cb)
{
    write_file(mem_path, img);
    write_file(cmd_path, cb);
    ctm_model *m = ctm_model_new_cmd(0, LANES, 1, 4, 4);
    assert_non_null(m);
    assert_int_equal(ctm_model_load_mem(m, mem_path), CTM_OK);
    assert_int_equal(ctm_model_load_cmd(m, cmd_path), CTM_OK);
    return m;
}

/* Runs m to its end (transactions, or steps) and compares its memory and error with ref. */
static void same_as_exec(ctm_model *m, int by_txn, const uint8_t *ref, size_t size,
                         const char *msg, const char *what)
{
    int r;
    ctm_txn t;
    while ((r = by_txn ? ctm_model_txn(m, CTM_UNITS_ALL, &t) : ctm_model_step(m)) == 1)
        ;
    if (*msg) {
        if (r != -CTM_E_FAULT || strcmp(ctm_model_error(m), msg))
            fail_msg("%s: %d \"%s\", dpp exec: \"%s\"", what, r, ctm_model_error(m), msg);
    } else if (r != 0) {
        fail_msg("%s: %d %s", what, r, ctm_model_error(m));
    }
    for (uint32_t a = 0; a < size; a += 4) {
        uint32_t w;
        assert_int_equal(ctm_model_read_word(m, a, &w), CTM_OK);
        uint32_t want = (uint32_t)ref[a] | (uint32_t)ref[a + 1] << 8 |
                        (uint32_t)ref[a + 2] << 16 | (uint32_t)ref[a + 3] << 24;
        if (w != want)
            fail_msg("%s: word 0x%x is 0x%08x, dpp exec's 0x%08x", what, a, w, want);
    }
    uint32_t w;
    assert_int_equal(ctm_model_read_word(m, (uint32_t)size, &w), CTM_E_ARG); /* the same size */
}

static void test_every_format_and_layout_as_dpp_exec(void **state)
{
    (void)state;
    const dpp_exe *exe = fixture_assemble(prog);
    bytes img = image(exe);
    int outputs_written = 0, faults = 0;
    for (int format = 0; format < 5; format++)
        for (int tiling = 0; tiling < 4; tiling++) {
            bytes cb = buffer(exe, format, tiling);
            size_t size;
            char msg[API_MSG], what[64];
            uint8_t *ref = dpp_exec(&img, &cb, "command buffer", &size, msg);
            outputs_written += memcmp(ref + OUT_BASE, img.b + OUT_BASE, IMG - OUT_BASE) != 0;
            faults += *msg != 0;
            snprintf(what, sizeof what, "format %d tiling %d (words, steps)", format, tiling);
            ctm_model *m = by_words(&img, &cb);
            same_as_exec(m, 0, ref, size, msg, what);
            ctm_model_free(m);
            free(ref);
            ref = dpp_exec(&img, &cb, cmd_path, &size, msg); /* errors name the file */
            snprintf(what, sizeof what, "format %d tiling %d (files, transactions)", format,
                     tiling);
            m = by_files(&img, &cb);
            same_as_exec(m, 1, ref, size, msg, what);
            ctm_model_free(m);
            free(ref);
            free(cb.b);
        }
    /* the runs did something: every case wrote, but the 2x2 layouts of the three formats of
     * more than one channel, which fault at the first read (ctm.h), the same in both */
    assert_int_equal(faults, 6);
    assert_int_equal(outputs_written, 20 - faults);
    free(img.b);
}

/* build/san/dpp beside this test (build/san/tests/): the dpp exec a user runs. */
static void dpp_path(char *out, size_t n)
{
    char self[512];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    assert_true(k > 0);
    self[k] = 0;
    *strrchr(self, '/') = 0;
    *strrchr(self, '/') = 0;
    snprintf(out, n, "%s/dpp", self);
    assert_int_equal(access(out, X_OK), 0);
}

/* The dpp exec program itself on the files: every format and layout whose run ends, one after
 * another in one buffer (each case its own input and output surfaces, 2 start_programs each),
 * compared over the image with --mem-out; and a case that faults, its message with stderr's. */
static void test_dpp_exec_itself_agrees(void **state)
{
    (void)state;
    const dpp_exe *exe = fixture_assemble(prog);
    char dpp[600], line[1200], out_path[96], err_path[96];
    dpp_path(dpp, sizeof dpp);
    snprintf(out_path, sizeof out_path, "%s/after.bin", tmpdir);
    snprintf(err_path, sizeof err_path, "%s/err.txt", tmpdir);
    enum { CASE = 4096, CASES = 20 };
    bytes img = {calloc(IN_BASE + CASES * CASE, 1), IN_BASE + CASES * CASE};
    bytes one = image(exe);
    memcpy(img.b, one.b, IN_BASE); /* the program */
    for (int k = 0; k < CASES; k++) { /* the input's edge words, the output's background */
        memcpy(img.b + IN_BASE + k * CASE, one.b + IN_BASE, 2048);
        memcpy(img.b + IN_BASE + k * CASE + 2048, one.b + OUT_BASE, 2048);
    }
    bytes cb = {0};
    cmd(&cb, 0x0D, 2, (const uint32_t[]){0, fmt_word(32, 0, CTM_FMT_FLOAT32_1)});
    int cases = 0;
    for (int format = 0; format < 5; format++)
        for (int tiling = 0; tiling < 4; tiling++, cases++) {
            int faults = tiling >= CTM_TILE_LINEAR_2X2 && format != CTM_FMT_UINT16_1 &&
                         format != CTM_FMT_FLOAT32_1; /* ctm.h: 2x2 layouts of more channels */
            if (!faults)
                one_case(&cb, exe, format, tiling, IN_BASE + (uint32_t)cases * CASE,
                         IN_BASE + (uint32_t)cases * CASE + 2048);
        }
    cmd(&cb, 0x19, 1, (const uint32_t[]){0});
    ctm_model *m = by_files(&img, &cb);
    ctm_txn t;
    int r;
    while ((r = ctm_model_txn(m, CTM_UNITS_ALL, &t)) == 1)
        ;
    if (r != 0)
        fail_msg("%d %s", r, ctm_model_error(m));
    snprintf(line, sizeof line, "%s exec %s --mem %s --mem-out %s --wave %d 2>%s", dpp, cmd_path,
             mem_path, out_path, LANES, err_path);
    assert_int_equal(system(line), 0);
    FILE *f = fopen(out_path, "rb");
    assert_non_null(f);
    uint8_t *after = malloc(img.n);
    assert_int_equal(fread(after, 1, img.n, f), img.n);
    fclose(f);
    int written = 0;
    for (uint32_t a = 0; a < img.n; a += 4) {
        uint32_t w, want = (uint32_t)after[a] | (uint32_t)after[a + 1] << 8 |
                           (uint32_t)after[a + 2] << 16 | (uint32_t)after[a + 3] << 24;
        assert_int_equal(ctm_model_read_word(m, a, &w), CTM_OK);
        if (w != want)
            fail_msg("word 0x%x: 0x%08x, dpp exec's 0x%08x", a, w, want);
        written += memcmp(after + a, img.b + a, 4) != 0;
    }
    assert_true(written > 14 * 16); /* every case wrote */
    ctm_model_free(m);
    free(cb.b);
    /* a case that faults: the same message, naming the file, the byte and the rule */
    cb = buffer(exe, CTM_FMT_UINT8_4, CTM_TILE_TILED_2X2);
    m = by_files(&one, &cb);
    while ((r = ctm_model_step(m)) == 1)
        ;
    assert_int_equal(r, -CTM_E_FAULT);
    snprintf(line, sizeof line, "%s exec %s --mem %s --wave %d 2>%s", dpp, cmd_path, mem_path,
             LANES, err_path);
    assert_int_not_equal(system(line), 0);
    f = fopen(err_path, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    line[strcspn(line, "\n")] = 0;
    assert_string_equal(ctm_model_error(m), line);
    assert_non_null(strstr(line, ": byte "));
    ctm_model_free(m);
    free(after);
    free(cb.b);
    free(one.b);
    free(img.b);
}

/* The output mask reaches memory: channels 0 and 2 in the first domain, 1 and 3 in the
 * second, for a UINT8_4 output (bytes 0 and 2 of an element, then 1 and 3). */
static void test_out_mask_and_domains_reach_memory(void **state)
{
    (void)state;
    const dpp_exe *exe = fixture_assemble(prog);
    bytes img = image(exe), cb = buffer(exe, CTM_FMT_UINT8_4, CTM_TILE_LINEAR);
    ctm_model *m = by_words(&img, &cb);
    assert_int_equal(ctm_model_txn(m, CTM_UNITS_ALL, &(ctm_txn){0}), 1);
    ctm_txn t;
    while (ctm_model_txn(m, CTM_UNITS_ALL, &t) == 1)
        ;
    unsigned changed = 0; /* the channels written somewhere */
    for (uint32_t y = 0; y < ROWS; y++)
        for (uint32_t x = 0; x < PITCH; x++) {
            uint32_t a = OUT_BASE + 4 * (y * PITCH + x), w;
            assert_int_equal(ctm_model_read_word(m, a, &w), CTM_OK);
            int first = x >= 1 && x <= 4 && y >= 2 && y <= 5, second = y == 6 && x <= 6;
            unsigned mask = first ? 0x5 : second ? 0xA : 0;
            for (unsigned c = 0; c < 4; c++) {
                uint8_t got = (uint8_t)(w >> 8 * c), before = img.b[a + c];
                if (!(mask >> c & 1) && got != before)
                    fail_msg("(%u, %u) channel %u written (mask 0x%x)", x, y, c, mask);
                changed |= (unsigned)(got != before) << c;
            }
        }
    assert_int_equal(changed, 0xF); /* each channel in one domain or the other */
    ctm_model_free(m);
    free(cb.b);
    free(img.b);
}

/* The streams come out as for an executable's run: a commit checker fed the run's own
 * commits passes, and its START count is the wavefronts of both start_programs; so does a
 * transaction checker fed its transactions. */
static void test_checkers_take_it(void **state)
{
    (void)state;
    const dpp_exe *exe = fixture_assemble(prog);
    bytes img = image(exe), cb = buffer(exe, CTM_FMT_FLOAT32_4, CTM_TILE_TILED);
    ctm_model *m = by_words(&img, &cb), *ref = by_words(&img, &cb);
    ctm_commit_checker *c = ctm_commit_new(m, 1, 0);
    assert_non_null(c);
    ctm_commit k;
    int starts = 0, r;
    while ((r = ctm_model_commit(ref, &k)) == 1) {
        starts += k.kind == CTM_COMMIT_START;
        if (ctm_commit_put(c, (uint64_t)starts, &k) != CTM_OK)
            fail_msg("%s", ctm_commit_report(c, CTM_REPORT_TEXT));
    }
    assert_int_equal(r, 0);
    assert_int_equal(ctm_commit_finish(c), CTM_OK);
    /* 16 pairs of 5 lanes: 4 wavefronts; 7 pairs: 2 */
    assert_int_equal(starts, 6);
    ctm_commit_free(c);
    ctm_model_free(ref);
    ctm_model_free(m);
    /* and a transaction checker over the same two runs: every PE, MC and CO transaction */
    m = by_words(&img, &cb);
    ref = by_words(&img, &cb);
    ctm_txn_checker *x = ctm_txn_new(m, CTM_UNITS_ALL);
    assert_non_null(x);
    ctm_txn t;
    uint64_t n = 0;
    while ((r = ctm_model_txn(ref, CTM_UNITS_ALL, &t)) == 1) {
        n++;
        if (ctm_txn_put(x, &t) != CTM_OK)
            fail_msg("%s", ctm_txn_report(x, CTM_REPORT_TEXT));
    }
    assert_int_equal(r, 0);
    assert_int_equal(ctm_txn_finish(x), CTM_OK);
    assert_int_equal(ctm_txn_count(x), n);
    assert_true(n > 23); /* 12 commands and an output for each of 23 pairs at least */
    ctm_txn_free(x);
    ctm_model_free(ref);
    ctm_model_free(m);
    free(cb.b);
    free(img.b);
}

/* Errors: the command, its byte and the rule; a file of the wrong size says the size
 * expected; the calls of the other kind of model refused. */
static void test_errors_name_the_byte(void **state)
{
    (void)state;
    const dpp_exe *exe = fixture_assemble(prog);
    bytes img = image(exe), cb = {0};
    cmd(&cb, 0x0D, 2, (const uint32_t[]){0, fmt_word(32, 0, CTM_FMT_FLOAT32_1)});
    cmd(&cb, 0x02, 1, (const uint32_t[]){exe->ninsts});
    ctm_model *m = by_words(&img, &cb);
    assert_int_equal(ctm_model_step(m), -CTM_E_FAULT);
    assert_string_equal(ctm_model_error(m), "command buffer: byte 12: error: start_program: no "
                                            "domain: set_domain has not been issued");
    ctm_model_free(m);
    /* an unknown opcode after a good command: nothing runs (the framing is checked first) */
    free(cb.b);
    cb = (bytes){0};
    cmd(&cb, 0x01, 4, (const uint32_t[]){0, 0, 0, 0});
    put(&cb, header(0x42, 1));
    put(&cb, 0);
    write_file(cmd_path, &cb);
    m = ctm_model_new_cmd(0, 4, 1, 4, 4);
    assert_int_equal(ctm_model_load_cmd(m, cmd_path), CTM_OK);
    ctm_txn t;
    assert_int_equal(ctm_model_txn(m, CTM_UNITS_ALL, &t), -CTM_E_FAULT);
    char want[300];
    snprintf(want, sizeof want, "%s: byte 20: error: unknown opcode 0x42", cmd_path);
    assert_string_equal(ctm_model_error(m), want);
    /* too late for the image and the buffer now */
    assert_int_equal(ctm_model_put_cmd(m, 0), CTM_E_STATE);
    assert_int_equal(ctm_model_put_mem(m, 0, 0), CTM_E_STATE);
    ctm_model_free(m);
    /* a buffer file of a size that is not whole words */
    bytes odd = {0};
    put(&odd, header(0x03, 1));
    put(&odd, 0);
    odd.n = 6;
    write_file(cmd_path, &odd);
    m = ctm_model_new_cmd(0, 4, 1, 4, 4);
    assert_int_equal(ctm_model_load_cmd(m, cmd_path), CTM_E_FORMAT);
    assert_non_null(strstr(ctm_model_error(m), "6 bytes, but a command buffer is whole 32-bit "
                                                "words: expected a multiple of 4 (4 or 8)"));
    /* an image larger than the memory less the buffer's 2 KiB */
    ctm_model_free(m);
    m = ctm_model_new_cmd(4096, 4, 1, 4, 4);
    assert_int_equal(ctm_model_load_mem(m, mem_path), CTM_E_FORMAT); /* by_files wrote more */
    assert_non_null(strstr(ctm_model_error(m), " bytes, but the image holds mem_bytes less 2 KiB for the buffer: expected at most 2048"));
    assert_int_equal(ctm_model_put_mem(m, 2048, 1), CTM_E_ARG);
    assert_int_equal(ctm_model_put_mem(m, 2044, 1), CTM_OK);
    assert_int_equal(ctm_model_put_mem(m, 2, 1), CTM_E_ARG);
    /* the executable's setters refuse a command-buffer run, and the other way round */
    assert_int_equal(ctm_model_set_constb(m, 0, 1), CTM_E_STATE);
    assert_non_null(strstr(ctm_model_error(m), "runs a command buffer"));
    ctm_model_free(m);
    assert_null(ctm_model_new_cmd(1000, 4, 1, 4, 4));
    assert_non_null(strstr(ctm_error(), "not a multiple of 2048"));
    assert_null(ctm_model_new_cmd(0, 65, 1, 4, 4));
    free(odd.b);
    free(cb.b);
    free(img.b);
}

/* A run that cannot be laid out (a 4 KiB memory for an image and a 2400-byte buffer):
 * ctm_model_read_word says so as CTM_E_STATE naming itself, every time, and the first step
 * then faults with the reason. Before, the first read returned the undocumented
 * CTM_E_FORMAT without its name and left the run without a stepper, and the step crashed
 * (fuzz_api found it: tests/fuzz/api/read-word-then-step-unprepared). */
static void test_unprepared_run_is_a_fault_not_a_crash(void **state)
{
    (void)state;
    ctm_model *m = ctm_model_new_cmd(4096, 4, 1, 4, 4);
    assert_int_equal(ctm_model_put_mem(m, 0, 1), CTM_OK);
    for (int i = 0; i < 600; i++)
        assert_int_equal(ctm_model_put_cmd(m, 0), CTM_OK);
    const char *why = "device memory of 4096 bytes is smaller than the image (4 bytes) and the "
                      "buffer (2400 bytes)";
    for (int i = 0; i < 2; i++) {
        uint32_t w = 7;
        assert_int_equal(ctm_model_read_word(m, 0, &w), CTM_E_STATE);
        assert_int_equal(w, 0);
        assert_non_null(strstr(ctm_model_error(m), "ctm_model_read_word: the run could not be "
                                                   "prepared: command buffer: "));
        assert_non_null(strstr(ctm_model_error(m), why));
    }
    assert_int_equal(ctm_model_step(m), -CTM_E_FAULT);
    assert_non_null(strstr(ctm_model_error(m), why));
    assert_int_equal(ctm_model_step(m), -CTM_E_FAULT);
    ctm_model_free(m);
}

static int make_dir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_cmdrun.XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    snprintf(mem_path, sizeof mem_path, "%s/mem.bin", tmpdir);
    snprintf(cmd_path, sizeof cmd_path, "%s/cmd.bin", tmpdir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    remove(mem_path);
    remove(cmd_path);
    char p[96];
    snprintf(p, sizeof p, "%s/after.bin", tmpdir);
    remove(p);
    snprintf(p, sizeof p, "%s/err.txt", tmpdir);
    remove(p);
    rmdir(tmpdir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_format_and_layout_as_dpp_exec),
        cmocka_unit_test(test_dpp_exec_itself_agrees),
        cmocka_unit_test(test_out_mask_and_domains_reach_memory),
        cmocka_unit_test(test_checkers_take_it),
        cmocka_unit_test(test_errors_name_the_byte),
        cmocka_unit_test(test_unprepared_run_is_a_fault_not_a_crash),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
