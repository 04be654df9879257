/* The processor-array handle of the public API (ctm.h): a stepped run of an
 * executable (run_step.h), and the fc_unit inputs of each step by port name
 * (one table). */
#include "ctm.h"
#include "cover_int.h"
#include "ctm_int.h"

#include "elf_exe.h"
#include "fc.h"
#include "pe.h"
#include "fileio.h"
#include "grow.h"
#include "le32.h"
#include "mc_format.h"
#include "run_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

_Static_assert((int)CTM_FMT_UINT16_1 == (int)MC_FMT_UINT16_1 &&
                   (int)CTM_FMT_UINT8_4 == (int)MC_FMT_UINT8_4 &&
                   (int)CTM_FMT_FLOAT32_1 == (int)MC_FMT_FLOAT32_1 &&
                   (int)CTM_FMT_FLOAT32_2 == (int)MC_FMT_FLOAT32_2 &&
                   (int)CTM_FMT_FLOAT32_4 == (int)MC_FMT_FLOAT32_4,
               "the public format codes are the memory controller's");

_Static_assert((int)CTM_COMMIT_START == PA_ISSUE_START && (int)CTM_COMMIT_ALU == PA_ISSUE_ALU &&
                   (int)CTM_COMMIT_TEX == PA_ISSUE_TEX &&
                   (int)CTM_COMMIT_OUTPUT == PA_ISSUE_OUTPUT &&
                   (int)CTM_COMMIT_FC == PA_ISSUE_FC && (int)CTM_COMMIT_END == PA_ISSUE_END,
               "the public commit kinds are the array's");

enum { MODE_UNSET, MODE_STEPS, MODE_COMMITS, MODE_TXNS };

/* Wavefronts in flight the processor array holds (pa.h). */
#define MODEL_CONTEXTS_MAX 16

struct ctm_model {
    api_handle h; /* h.error: a fault's message, or the last misuse */
    dpp_exe exe;
    char path[512];
    dpp_run_opts opts;
    dpp_stepper *st;
    const pa_fc_event *ev;
    int stepped; /* inputs and constants can be set only before the first step */
    int stale;   /* set since the run was prepared: the first step prepares it again */
    int fault;
    int ended;   /* the last step returned 0 */
    int mode;    /* what the run hands out: MODE_* (the first ctm_model_step or _commit chooses) */
    const void *driver; /* the ctm_commit_checker that drives the run, or NULL */
    pa_issue_fn sink;   /* a shared run: where its commits go as ctm_model_step makes them */
    void *sink_user;
    api_txn_fn txn_tee; /* a shared run (ctm_txn_share): where its transactions go as made */
    void *txn_tee_user;
    api_cover *cover;   /* the control coverage of the commits the run made (ctm_cover.c) */
    uint8_t *owned[17]; /* input data read by ctm_model_load_input; [16] ctm_model_load_cond's */
    int cond_on;        /* ctm_model_set_cond or _load_cond: the CO is programmed */
    /* transactions (ctm_model_txn): those the last actions made, not yet handed out */
    txn *tq;
    size_t tq_head, tq_n, tq_cap;
    int tq_nomem;
    /* a run of the user's memory image and command buffer (ctm_model_new_cmd; cmd = 1):
     * both grow as words are put; path names the buffer in errors */
    int cmd;
    uint32_t mem_bytes; /* 0: the image plus the buffer, as dpp exec */
    uint8_t *img, *cb;
    size_t img_len, img_cap, cb_len, cb_cap;
};

/* Opens m's run with options o. An input the program reads that the testbench left unbound
 * reads zeros (ctm.h): a zero UINT8_4 image of the domain's size (all four channels 0), which
 * the preparation copies into device memory and no longer needs; unless the executable names
 * a pattern for it (INPUTPATTERN), which the preparation generates (run.c). */
static dpp_status open_run(ctm_model *m, const dpp_run_opts *o, const char *name, dpp_error *err)
{
    if (m->cmd)
        return dpp_stepper_open_cmds(m->img, m->img_len, m->cb, m->cb_len, m->mem_bytes, o, name,
                                     &m->st, err);
    dpp_run_opts with = *o;
    uint8_t *zeros = NULL;
    for (int k = 0; k < 16; k++) {
        if (!(m->exe.inputs >> k & 1) || with.input[k].data || m->exe.in_pattern[k])
            continue;
        if (!zeros && !(zeros = calloc((size_t)o->width * o->height, 4)))
            return dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory for a zero input", name);
        with.input[k] = (dpp_image){MC_FMT_UINT8_4, o->input[k].tiling, o->width, o->height, zeros};
    }
    if (m->cond_on && !with.cond.data) { /* the CO programmed, no buffer loaded: zeros */
        if (!zeros && !(zeros = calloc((size_t)o->width * o->height, 4)))
            return dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory for a zero buffer", name);
        with.cond = (dpp_image){MC_FMT_FLOAT32_1, o->cond.tiling, o->width, o->height, zeros};
    }
    dpp_status st = dpp_stepper_open(&m->exe, &with, name, &m->st, err);
    free(zeros);
    return st;
}

ctm_model *ctm_model_new(const char *elf_path, int width, int height, int lanes, int contexts,
                         int addr_depth, int loop_depth)
{
    if (!elf_path || !*elf_path) /* "": SystemVerilog's nearest to NULL */
        return api_fail("ctm_model_new: elf_path is %s", elf_path ? "empty" : "NULL");
    if (!API_RANGE(NULL, "width", width, 1, PE_MAX_DOMAIN) ||
        !API_RANGE(NULL, "height", height, 1, PE_MAX_DOMAIN) ||
        !API_RANGE(NULL, "lanes", lanes, 1, 64) ||
        !API_RANGE(NULL, "contexts", contexts, 1, MODEL_CONTEXTS_MAX) ||
        !API_RANGE(NULL, "addr_depth", addr_depth, 0, FC_MAX_DEPTH) ||
        !API_RANGE(NULL, "loop_depth", loop_depth, 0, FC_MAX_DEPTH))
        return NULL;
    ctm_model *m = api_alloc(API_MODEL, sizeof *m);
    if (!m)
        return api_fail("ctm_model_new: out of memory");
    dpp_error err;
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = (uint32_t)width;
    o.height = (uint32_t)height;
    o.array.lanes = (unsigned)lanes;
    o.array.contexts = (unsigned)contexts;
    o.array.addr_depth = (unsigned)addr_depth;
    o.array.loop_depth = (unsigned)loop_depth;
    o.discard_outputs = 1; /* a testbench wants the steps; the image is never read */
    if (dpp_elf_read(elf_path, &m->exe, &err) || open_run(m, &o, elf_path, &err)) {
        api_fail("ctm_model_new: %s", err.msg);
        api_release(m, API_MODEL);
        return NULL;
    }
    m->opts = o;
    m->cover = api_cover_new(o.array.contexts, o.array.addr_depth, o.array.loop_depth,
                             o.array.part_branches);
    if (!m->cover) {
        ctm_model_free(m);
        return api_fail("ctm_model_new: out of memory");
    }
    snprintf(m->path, sizeof m->path, "%s", elf_path);
    api_set_error("");
    return m;
}

void ctm_model_free(ctm_model *m)
{
    if (!m || !API_LIVE(m, API_MODEL))
        return;
    dpp_stepper_close(m->st);
    for (int k = 0; k < 17; k++)
        free(m->owned[k]);
    free(m->img);
    free(m->cb);
    free(m->tq);
    api_cover_free(m->cover);
    api_release(m, API_MODEL);
}

/* ------------------------------------------------------------ a run of a command buffer */

/* The most memory a command-buffer run holds (as ctm_mem's). */
#define CMD_MEM_MAX (1u << 30)

ctm_model *ctm_model_new_cmd(uint32_t mem_bytes, int lanes, int contexts, int addr_depth,
                             int loop_depth)
{
    if (!(mem_bytes <= CMD_MEM_MAX ||
          api_range_slow(NULL, __func__, "mem_bytes", mem_bytes, 0, CMD_MEM_MAX)) ||
        !API_RANGE(NULL, "lanes", lanes, 1, 64) ||
        !API_RANGE(NULL, "contexts", contexts, 1, MODEL_CONTEXTS_MAX) ||
        !API_RANGE(NULL, "addr_depth", addr_depth, 0, FC_MAX_DEPTH) ||
        !API_RANGE(NULL, "loop_depth", loop_depth, 0, FC_MAX_DEPTH))
        return NULL;
    if (mem_bytes % 2048)
        return api_fail("ctm_model_new_cmd: mem_bytes = %u is not a multiple of 2048 (0: the "
                        "image plus the buffer)", (unsigned)mem_bytes);
    ctm_model *m = api_alloc(API_MODEL, sizeof *m);
    if (!m)
        return api_fail("ctm_model_new_cmd: out of memory");
    dpp_run_default_opts(&m->opts);
    m->opts.array.lanes = (unsigned)lanes;
    m->opts.array.contexts = (unsigned)contexts;
    m->opts.array.addr_depth = (unsigned)addr_depth;
    m->opts.array.loop_depth = (unsigned)loop_depth;
    m->cmd = 1;
    m->mem_bytes = mem_bytes;
    m->stale = 1; /* prepared at the first step, commit, transaction or read */
    snprintf(m->path, sizeof m->path, "command buffer");
    m->cover = api_cover_new(m->opts.array.contexts, m->opts.array.addr_depth,
                             m->opts.array.loop_depth, m->opts.array.part_branches);
    if (!m->cover) {
        ctm_model_free(m);
        return api_fail("ctm_model_new_cmd: out of memory");
    }
    api_set_error("");
    return m;
}

/* A live command-buffer model nothing has run on yet; names the call. */
static int cmd_refuse(ctm_model *m, const char *call)
{
    if (!api_is_live(m, API_MODEL) && !api_live_slow(m, API_MODEL, call))
        return CTM_E_ARG;
    if (!m->cmd) {
        api_error(&m->h, "%s: this ctm_model runs an executable (ctm_model_new); "
                         "ctm_model_new_cmd makes one that runs a command buffer", call);
        return CTM_E_STATE;
    }
    if (m->stepped || m->mode) {
        api_error(&m->h, "%s: too late: the memory image and the command buffer are set "
                         "before the run's first step, commit or transaction", call);
        return CTM_E_STATE;
    }
    return CTM_OK;
}

/* The image's most bytes: the memory's, less the smallest buffer's 2 KiB. */
static size_t img_max(const ctm_model *m)
{
    return m->mem_bytes ? m->mem_bytes - 2048u : CMD_MEM_MAX;
}

int ctm_model_put_mem(ctm_model *m, uint32_t addr, uint32_t word)
{
    int st = cmd_refuse(m, __func__);
    if (st)
        return st;
    if (addr % 4 || (size_t)addr + 4 > img_max(m)) {
        api_error(&m->h, "%s: addr = 0x%x is not a multiple of 4 below %zu (the image's most "
                  "bytes%s)", __func__, (unsigned)addr, img_max(m),
                  m->mem_bytes ? ": mem_bytes less 2 KiB for the buffer" : "");
        return CTM_E_ARG;
    }
    if (dpp_grow((void **)&m->img, &m->img_cap, (size_t)addr + 4, 1)) {
        api_error(&m->h, "%s: out of memory", __func__);
        return CTM_E_NOMEM;
    }
    dpp_put_le32(m->img + addr, word);
    if ((size_t)addr + 4 > m->img_len)
        m->img_len = (size_t)addr + 4;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_put_cmd(ctm_model *m, uint32_t word)
{
    int st = cmd_refuse(m, __func__);
    if (st)
        return st;
    if (m->cb_len + 4 > CMD_MEM_MAX / 2) {
        api_error(&m->h, "%s: the buffer holds %zu bytes already, the most it may", __func__,
                  m->cb_len);
        return CTM_E_ARG;
    }
    if (dpp_grow((void **)&m->cb, &m->cb_cap, m->cb_len + 4, 1)) {
        api_error(&m->h, "%s: out of memory", __func__);
        return CTM_E_NOMEM;
    }
    dpp_put_le32(m->cb + m->cb_len, word);
    m->cb_len += 4;
    m->stale = 1;
    return CTM_OK;
}

/* A whole file for ctm_model_load_mem/_cmd, of at most max bytes (what: what it holds, for
 * the message that names the size): NULL after saying why (*st). */
static uint8_t *read_whole(ctm_model *m, const char *call, const char *path, size_t max,
                           const char *what, size_t *len, int *st)
{
    if (!path || !*path) {
        api_error(&m->h, "%s: path is %s", call, path ? "empty" : "NULL");
        *st = CTM_E_ARG;
        return NULL;
    }
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && (uint64_t)sb.st_size > max) {
        api_error(&m->h, "%s: %s: %llu bytes, but %s: expected at most %zu", call, path,
                  (unsigned long long)sb.st_size, what, max);
        *st = CTM_E_FORMAT;
        return NULL;
    }
    uint8_t *buf;
    dpp_error err;
    if (dpp_file_read(path, max, &buf, len, &err)) {
        api_error(&m->h, "%s: %s", call, err.msg);
        *st = CTM_E_IO;
        return NULL;
    }
    return buf;
}

/* ctm_model_load_mem and _load_cmd on a model cmd_refuse let through: the file at path (at
 * most max bytes; words: a multiple of 4) replaces *to (*len bytes of *cap) for call. */
static int load_file(ctm_model *m, const char *call, const char *path, size_t max,
                     const char *what, int words, uint8_t **to, size_t *len, size_t *cap)
{
    int st;
    size_t n;
    uint8_t *buf = read_whole(m, call, path, max, what, &n, &st);
    if (!buf)
        return st;
    if (words && n % 4) {
        api_error(&m->h, "%s: %s: %zu bytes, but a command buffer is whole 32-bit words: "
                  "expected a multiple of 4 (%zu or %zu)", call, path, n, n - n % 4,
                  n - n % 4 + 4);
        free(buf);
        return CTM_E_FORMAT;
    }
    free(*to);
    *to = buf;
    *len = *cap = n;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_load_mem(ctm_model *m, const char *path)
{
    int st = cmd_refuse(m, __func__);
    return st ? st
              : load_file(m, __func__, path, img_max(m),
                          m->mem_bytes ? "the image holds mem_bytes less 2 KiB for the buffer"
                                       : "the image holds 1 GiB",
                          0, &m->img, &m->img_len, &m->img_cap);
}

int ctm_model_load_cmd(ctm_model *m, const char *path)
{
    int st = cmd_refuse(m, __func__);
    if (!st)
        st = load_file(m, __func__, path, CMD_MEM_MAX / 2, "a buffer holds 512 MiB", 1, &m->cb,
                       &m->cb_len, &m->cb_cap);
    if (st == CTM_OK) /* errors name the file, as dpp exec's */
        snprintf(m->path, sizeof m->path, "%s", path);
    return st;
}

/* Prepares the run again with the inputs and constants set since
 * ctm_model_new (nothing has run yet): once, however many were set. A run that
 * cannot be prepared stays stale (no stepper): the next step, commit or
 * transaction tries again and faults with the reason. */
static int reprepare(ctm_model *m)
{
    dpp_stepper_close(m->st);
    m->st = NULL;
    dpp_error err;
    if (open_run(m, &m->opts, m->path, &err)) {
        snprintf(m->h.error, sizeof m->h.error, "%s", err.msg);
        return CTM_E_FORMAT;
    }
    m->stale = 0;
    return CTM_OK;
}

/* A setter's handle, timing and constant number; names the call. */
static int refuse(ctm_model *m, const char *call, int n, int n_max)
{
    if (!api_is_live(m, API_MODEL) && !api_live_slow(m, API_MODEL, call))
        return CTM_E_ARG;
    if (m->cmd) {
        api_error(&m->h, "%s: this ctm_model runs a command buffer (ctm_model_new_cmd): its "
                         "inputs, constants and surfaces are what its memory image and "
                         "commands say", call);
        return CTM_E_STATE;
    }
    if (m->stepped) {
        api_error(&m->h, "%s: too late: inputs and constants are set before the first "
                         "ctm_model_step", call);
        return CTM_E_STATE;
    }
    return API_RANGE_AT(&m->h, call, "n", n, 0, n_max) ? CTM_OK : CTM_E_ARG;
}

int ctm_model_set_constf(ctm_model *m, int n, double x, double y, double z, double w)
{
    int st = refuse(m, __func__, n, 255);
    if (st)
        return st;
    const float v[4] = {(float)x, (float)y, (float)z, (float)w};
    m->opts.float_set[n] = 1;
    memcpy(m->opts.float_val[n], v, sizeof v);
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_set_consti(ctm_model *m, int n, int count, int init, int step)
{
    int st = refuse(m, __func__, n, 31);
    if (st)
        return st;
    if (!API_RANGE(&m->h, "count", count, 0, 255) || !API_RANGE(&m->h, "init", init, 0, 255) ||
        !API_RANGE(&m->h, "step", step, -128, 127))
        return CTM_E_ARG;
    m->opts.int_set |= 1u << n;
    m->opts.int_val[n] = (uint32_t)count | (uint32_t)init << 8 | ((uint32_t)step & 0xFF) << 16;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_set_constb(ctm_model *m, int n, int value)
{
    int st = refuse(m, __func__, n, 31);
    if (st)
        return st;
    if (!API_RANGE(&m->h, "value", value, 0, 1))
        return CTM_E_ARG;
    m->opts.bool_set |= 1u << n;
    m->opts.bool_val = (m->opts.bool_val & ~(1u << n)) | (uint32_t)value << n;
    m->stale = 1;
    return CTM_OK;
}

/* An input's number, format and shape (data checked by the caller). */
static int input_ok(ctm_model *m, const char *call, int n, int format, int width, int height)
{
    int st = refuse(m, call, n, 15);
    if (st)
        return st;
    return API_RANGE_AT(&m->h, call, "format", format, 0, MC_FMT_COUNT - 1) &&
                   API_RANGE_AT(&m->h, call, "width", width, 1, 8192) &&
                   API_RANGE_AT(&m->h, call, "height", height, 1, 8192)
               ? CTM_OK
               : CTM_E_ARG;
}

static void bind_input(ctm_model *m, int n, const void *data, int format, int width, int height)
{
    /* the run is prepared again with the input bound: nothing has run yet */
    m->opts.input[n] = (dpp_image){(uint8_t)format, m->opts.input[n].tiling, (uint32_t)width,
                                   (uint32_t)height, (uint8_t *)(uintptr_t)data};
    m->stale = 1;
}

int ctm_model_set_input(ctm_model *m, int n, const void *data, int format, int width, int height)
{
    int st = input_ok(m, __func__, n, format, width, height);
    if (st)
        return st;
    if (!data) {
        api_error(&m->h, "%s: data is NULL", __func__);
        return CTM_E_ARG;
    }
    bind_input(m, n, data, format, width, height);
    return CTM_OK;
}

/* The raw bytes of a file of exactly width x height elements of format, for
 * slot (an input, or 16: the conditional buffer); NULL after saying why (*st). */
static uint8_t *read_surface(ctm_model *m, const char *call, const char *path, int format,
                             int width, int height, int *st)
{
    if (!path || !*path) {
        api_error(&m->h, "%s: path is %s", call, path ? "empty" : "NULL");
        *st = CTM_E_ARG;
        return NULL;
    }
    size_t want = (size_t)width * (size_t)height * mc_format_bpe((unsigned)format), len;
    struct stat sb; /* a file too long is told by its size, not only as "too large" */
    int known = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
    uint8_t *buf = NULL;
    dpp_error err;
    if (!known || (uint64_t)sb.st_size == want) {
        if (dpp_file_read(path, want + 1, &buf, &len, &err)) {
            api_error(&m->h, "%s: %s", call, err.msg);
            *st = CTM_E_IO;
            return NULL;
        }
    } else {
        len = (size_t)sb.st_size;
    }
    if (len != want) {
        api_error(&m->h, "%s: %s: %zu bytes, but a %dx%d surface of format %s holds %zu: "
                  "expected %zu", call, path, len, width, height,
                  mc_format_name((unsigned)format), want, want);
        free(buf);
        *st = CTM_E_FORMAT;
        return NULL;
    }
    return buf;
}

int ctm_model_load_input(ctm_model *m, int n, const char *path, int format, int width,
                         int height)
{
    int st = input_ok(m, __func__, n, format, width, height);
    if (st)
        return st;
    uint8_t *buf = read_surface(m, __func__, path, format, width, height, &st);
    if (!buf)
        return st;
    bind_input(m, n, buf, format, width, height);
    free(m->owned[n]);
    m->owned[n] = buf;
    return CTM_OK;
}

int ctm_model_set_tiling(ctm_model *m, int client, int n, int tiling)
{
    int st = refuse(m, __func__, 0, 0);
    if (st)
        return st;
    if (client != CTM_PE_INPUT && client != CTM_PE_OUTPUT && client != CTM_PE_COND) {
        api_error(&m->h, "%s: client = %d is not CTM_PE_INPUT (4), CTM_PE_OUTPUT (5) or "
                         "CTM_PE_COND (6)", __func__, client);
        return CTM_E_ARG;
    }
    int n_max = client == CTM_PE_INPUT ? 15 : client == CTM_PE_OUTPUT ? 3 : 0;
    if (!API_RANGE(&m->h, "n", n, 0, n_max) || !API_RANGE(&m->h, "tiling", tiling, 0, 3))
        return CTM_E_ARG;
    uint8_t *to = client == CTM_PE_INPUT    ? &m->opts.input[n].tiling
                  : client == CTM_PE_OUTPUT ? &m->opts.out_tiling[n]
                                            : &m->opts.cond.tiling;
    *to = (uint8_t)tiling;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_set_out_format(ctm_model *m, int n, int format)
{
    int st = refuse(m, __func__, n, 3);
    if (st)
        return st;
    if (!API_RANGE(&m->h, "format", format, 0, MC_FMT_COUNT - 1))
        return CTM_E_ARG;
    m->opts.out_format[n] = (uint8_t)format;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_set_cond(ctm_model *m, int test, int loc, int writemask, uint32_t value)
{
    int st = refuse(m, __func__, 0, 0);
    if (st)
        return st;
    if (!API_RANGE(&m->h, "test", test, 0, 7) || !API_RANGE(&m->h, "loc", loc, 0, 1) ||
        !API_RANGE(&m->h, "writemask", writemask, 0, 1))
        return CTM_E_ARG;
    m->opts.cond_test = (uint8_t)test;
    m->opts.cond_loc = (uint8_t)loc;
    m->opts.cond_writemask = (uint8_t)writemask;
    m->opts.cond_val = value;
    m->cond_on = 1;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_load_cond(ctm_model *m, const char *path, int format, int width, int height)
{
    int st = refuse(m, __func__, 0, 0);
    if (st)
        return st;
    if (!API_RANGE(&m->h, "format", format, 0, MC_FMT_COUNT - 1) ||
        !API_RANGE(&m->h, "width", width, 1, 8192) || !API_RANGE(&m->h, "height", height, 1, 8192))
        return CTM_E_ARG;
    uint8_t *buf = read_surface(m, __func__, path, format, width, height, &st);
    if (!buf)
        return st;
    m->opts.cond = (dpp_image){(uint8_t)format, m->opts.cond.tiling, (uint32_t)width,
                               (uint32_t)height, buf};
    free(m->owned[16]);
    m->owned[16] = buf;
    m->cond_on = 1;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_read_word(ctm_model *m, uint32_t addr, uint32_t *word)
{
    if (!api_is_live(m, API_MODEL) && !api_live_slow(m, API_MODEL, __func__))
        return CTM_E_ARG;
    if (!word) {
        api_error(&m->h, "%s: word is NULL", __func__);
        return CTM_E_ARG;
    }
    *word = 0;
    if (m->stale && !m->stepped && !m->mode) /* laid out as the run will be */
        reprepare(m);
    if (!m->st) { /* its reason in h.error (api_error formats before it writes) */
        api_error(&m->h, "%s: the run could not be prepared: %s", __func__, m->h.error);
        return CTM_E_STATE;
    }
    size_t bytes;
    const uint8_t *mem = dpp_stepper_memory(m->st, &bytes);
    if (addr % 4 || (size_t)addr + 4 > bytes) {
        api_error(&m->h, "%s: addr = 0x%x is not a multiple of 4 inside the run's %zu bytes",
                  __func__, (unsigned)addr, bytes);
        return CTM_E_ARG;
    }
    *word = dpp_get_le32(mem + addr);
    return CTM_OK;
}

/* A stepped run's commits: counted, then to the shared run's checker if any. */
static void cover_sink(void *user, const pa_issue_event *ev)
{
    ctm_model *m = user;
    api_cover_take(m->cover, ev);
    if (m->sink)
        m->sink(m->sink_user, ev);
}

/* Whether m's run can hand out `mode` (the first call chooses); the run
 * prepared again if inputs or constants changed. 0 or a negative status. */
static int begin_mode(ctm_model *m, int mode, const char *func)
{
    static const char *const what[] = {"", "steps (ctm_model_step)", "commits",
                                       "transactions (ctm_model_txn)"};
    if (m->mode && m->mode != mode) {
        api_error(&m->h, "%s: this run hands out %s; a ctm_model hands out one or the other",
                  func, what[m->mode]);
        return -CTM_E_STATE;
    }
    if (m->fault)
        return -CTM_E_FAULT;
    int first = !m->stepped;
    m->mode = mode;
    m->stepped = 1;
    if (m->stale && reprepare(m)) {
        m->fault = 1;
        return -CTM_E_FAULT;
    }
    dpp_error err;
    /* steps: their commits reach the coverage (and a shared run's checker) through cover_sink */
    if (first && mode == MODE_STEPS && dpp_stepper_set_issue_sink(m->st, cover_sink, m, &err)) {
        snprintf(m->h.error, sizeof m->h.error, "%s", err.msg);
        m->fault = 1;
        return -CTM_E_FAULT;
    }
    return 0;
}

void api_commit_of(const pa_issue_event *ev, ctm_commit *out)
{
    *out = (ctm_commit){.ctx = (int)ev->slot,
                        .kind = (int)ev->kind,
                        .wave = (int)ev->wave,
                        .pc = ev->pc,
                        .exec = ev->exec,
                        .done = ev->done,
                        .kill = ev->kill,
                        .jump = ev->jump,
                        .next_pc = ev->next_pc,
                        .active = ev->active,
                        .al = ev->kind == PA_ISSUE_FC ? ev->al : 0};
}

int api_model_share(ctm_model *m, pa_issue_fn sink, void *user, const char *func)
{
    if (m->stepped || m->mode) {
        api_fail("%s: the ctm_model has been stepped: a shared run is seen from its start", func);
        return CTM_E_STATE;
    }
    m->sink = sink;
    m->sink_user = user;
    return CTM_OK;
}

int api_model_run_out(ctm_model *m)
{
    int r;
    while ((r = api_model_step(m)) == 1)
        ;
    return r;
}

int api_model_ended(const ctm_model *m)
{
    return m->ended || m->fault;
}

struct api_cover *api_model_cover(const ctm_model *m)
{
    return m->cover;
}

void api_model_shape(const ctm_model *m, int *lanes, int *contexts)
{
    *lanes = (int)m->opts.array.lanes;
    *contexts = (int)m->opts.array.contexts;
}

int api_model_commit(ctm_model *m, ctm_commit *out, const pa_issue_event **evp, const char *func)
{
    int st = begin_mode(m, MODE_COMMITS, func);
    if (st)
        return st;
    const pa_issue_event *ev;
    dpp_error err;
    if (dpp_stepper_next_issue(m->st, &ev, &err)) {
        m->fault = 1;
        snprintf(m->h.error, sizeof m->h.error, "%s", err.msg);
        return -CTM_E_FAULT;
    }
    if (!ev) {
        m->ended = 1;
        return 0;
    }
    api_cover_take(m->cover, ev);
    api_commit_of(ev, out);
    if (evp)
        *evp = ev;
    return 1;
}

void api_model_set_step_limit(ctm_model *m, uint64_t limit)
{
    m->opts.array.step_limit = limit;
    m->stale = 1;
}

int api_model_drive(ctm_model *m, const void *driver, const char *func)
{
    if ((m->driver || m->txn_tee) && driver) {
        api_fail("%s: a checker already %s this ctm_model", func, m->driver ? "drives" : "shares");
        return CTM_E_STATE;
    }
    if (driver && (m->stepped || m->mode)) {
        api_fail("%s: the ctm_model has been stepped: a checker needs a run from its start",
                 func);
        return CTM_E_STATE;
    }
    m->driver = driver;
    return CTM_OK;
}

/* ------------------------------------------------------------ transactions */

_Static_assert((int)CTM_UNIT_PE == (int)TXN_UNIT_PE && (int)CTM_UNIT_MC == (int)TXN_UNIT_MC &&
                   (int)CTM_UNIT_CO == (int)TXN_UNIT_CO && (int)CTM_UNITS == (int)TXN_UNITS,
               "the public units are the model's");
_Static_assert((int)CTM_TXN_PE_CMD == (int)TXN_PE_CMD && (int)CTM_TXN_MC_INPUT == (int)TXN_MC_INPUT &&
                   (int)CTM_TXN_MC_CONSTF == (int)TXN_MC_CONSTF && (int)CTM_TXN_MC_CONSTI == (int)TXN_MC_CONSTI &&
                   (int)CTM_TXN_MC_CONSTB == (int)TXN_MC_CONSTB && (int)CTM_TXN_MC_OUTPUT == (int)TXN_MC_OUTPUT &&
                   (int)CTM_TXN_MC_COND_READ == (int)TXN_MC_COND_READ &&
                   (int)CTM_TXN_MC_COND_WRITE == (int)TXN_MC_COND_WRITE &&
                   (int)CTM_TXN_MC_FLUSH == (int)TXN_MC_FLUSH && (int)CTM_TXN_MC_WORD == (int)TXN_MC_WORD &&
                   (int)CTM_TXN_CO_DECIDE == (int)TXN_CO_DECIDE && (int)CTM_TXN_KINDS == (int)TXN_KINDS,
               "the public transaction kinds are the model's");

static void txn_public(const txn *t, ctm_txn *out)
{
    *out = (ctm_txn){.unit = t->unit,
                     .kind = t->kind,
                     .index = t->index,
                     .format = t->format,
                     .x = t->x,
                     .y = t->y,
                     .address = t->address,
                     .mask = t->mask,
                     .value = {t->value[0], t->value[1], t->value[2], t->value[3]},
                     .v = t->v,
                     .b = t->b,
                     .test = t->test,
                     .loc = t->loc,
                     .writemask = t->writemask,
                     .reads = t->reads,
                     .keep = t->keep,
                     .write = t->write,
                     .bytes = {t->bytes[0], t->bytes[1], t->bytes[2], t->bytes[3]},
                     .byte_en = t->byte_en};
}

/* The run's sink: every transaction joins the queue until handed out. One
 * action (an instruction of a wavefront, a wavefront's end, the commands
 * after start_program) makes a bounded number, so the queue stays small. */
static void catch_txn(void *user, const txn *t)
{
    ctm_model *m = user;
    if (m->tq_head + m->tq_n == m->tq_cap) {
        if (m->tq_head) { /* room at the front: slide down */
            memmove(m->tq, m->tq + m->tq_head, m->tq_n * sizeof *m->tq);
            m->tq_head = 0;
        } else {
            size_t cap = m->tq_cap ? 2 * m->tq_cap : 256;
            txn *grown = realloc(m->tq, cap * sizeof *grown);
            if (!grown) {
                m->tq_nomem = 1;
                return;
            }
            m->tq = grown;
            m->tq_cap = cap;
        }
    }
    m->tq[m->tq_head + m->tq_n++] = *t;
    if (m->txn_tee) { /* a shared run's checker sees it as it is made */
        ctm_txn pub;
        txn_public(t, &pub);
        m->txn_tee(m->txn_tee_user, &pub);
    }
}

int api_model_share_txn(ctm_model *m, api_txn_fn tee, void *user, const char *func)
{
    if (tee && (m->stepped || m->mode)) {
        api_fail("%s: the ctm_model has been stepped: a shared run is seen from its start", func);
        return CTM_E_STATE;
    }
    m->txn_tee = tee;
    m->txn_tee_user = user;
    return CTM_OK;
}

int api_model_txn(ctm_model *m, int units, ctm_txn *out, const char *func)
{
    if (m->mode != MODE_TXNS) {
        if (!m->stepped && !m->mode) { /* the run again, with the sink from its first command */
            m->opts.txn = catch_txn;
            m->opts.txn_user = m;
            m->stale = 1;
        }
        int st = begin_mode(m, MODE_TXNS, func);
        if (st)
            return st;
        /* a checker asks for the same units at every call: the model need not make the
         * others' transactions, which the loop below would drop */
        if (api_is_live(m->driver, API_TXN))
            dpp_stepper_set_txn_units(m->st, (unsigned)units);
    }
    for (;;) {
        while (m->tq_n) {
            const txn *t = &m->tq[m->tq_head++];
            if (--m->tq_n == 0)
                m->tq_head = 0;
            if (units >> t->unit & 1) {
                txn_public(t, out);
                return 1;
            }
        }
        if (m->tq_nomem) {
            snprintf(m->h.error, sizeof m->h.error, "%s: out of memory for transactions", func);
            m->fault = 1;
            m->tq_nomem = 0;
            return -CTM_E_NOMEM;
        }
        if (m->fault)
            return -CTM_E_FAULT;
        if (m->ended)
            return 0;
        const pa_issue_event *ev;
        dpp_error err;
        if (dpp_stepper_next_issue(m->st, &ev, &err)) {
            m->fault = 1; /* after the transactions before the fault */
            snprintf(m->h.error, sizeof m->h.error, "%s", err.msg);
        } else if (!ev) {
            m->ended = 1;
        } else {
            api_cover_take(m->cover, ev);
        }
    }
}

/* Who drives m, and what it takes, for the messages of the calls it refuses. */
static const char *driver_name(const ctm_model *m)
{
    return api_is_live(m->driver, API_TXN) ? "ctm_txn_checker" : "ctm_commit_checker";
}

static const char *driver_takes(const ctm_model *m)
{
    return api_is_live(m->driver, API_TXN) ? "transactions" : "commits";
}

/* ctm_model_txn and its packed form, named func in the messages; out NULL:
 * the caller's argument out_name is. */
static int model_txn(ctm_model *m, int units, ctm_txn *out, const char *out_name,
                     const char *func)
{
    if (!api_is_live(m, API_MODEL) && !api_live_slow(m, API_MODEL, func))
        return -CTM_E_ARG;
    if (!out) {
        api_error(&m->h, "%s: %s is NULL", func, out_name);
        return -CTM_E_ARG;
    }
    if (!API_RANGE_AT(&m->h, func, "units", units, 1, CTM_UNITS_ALL))
        return -CTM_E_ARG;
    if (m->driver) {
        api_error(&m->h, "%s: a %s drives this run: it takes the %s", func, driver_name(m),
                  driver_takes(m));
        return -CTM_E_STATE;
    }
    return api_model_txn(m, units, out, func);
}

int ctm_model_txn(ctm_model *m, int units, ctm_txn *out)
{
    return model_txn(m, units, out, "out", __func__);
}

int ctm_model_txn_bits(ctm_model *m, int units, uint32_t bits[CTM_TXN_WORDS])
{
    ctm_txn t = {0};
    int r = model_txn(m, units, bits ? &t : NULL, "bits", __func__);
    if (bits)
        api_txn_to_words(&t, bits); /* zeros when no transaction came */
    return r;
}

int ctm_model_commit(ctm_model *m, ctm_commit *out)
{
    if (!API_LIVE(m, API_MODEL))
        return -CTM_E_ARG;
    if (!out) {
        api_error(&m->h, "%s: out is NULL", __func__);
        return -CTM_E_ARG;
    }
    if (m->driver) {
        api_error(&m->h, "%s: a %s drives this run: it takes the %s", __func__,
                  driver_name(m), driver_takes(m));
        return -CTM_E_STATE;
    }
    return api_model_commit(m, out, NULL, __func__);
}

int ctm_model_step(ctm_model *m)
{
    if (!API_LIVE(m, API_MODEL))
        return -CTM_E_ARG;
    if (m->driver && !m->sink) {
        api_error(&m->h, "%s: a %s drives this run: it takes the %s", __func__,
                  driver_name(m), driver_takes(m));
        return -CTM_E_STATE;
    }
    return api_model_step(m);
}

int api_model_step(ctm_model *m)
{
    int st = begin_mode(m, MODE_STEPS, "ctm_model_step");
    if (st)
        return st;
    dpp_error err;
    if (dpp_stepper_next(m->st, &m->ev, &err)) {
        m->ev = NULL;
        m->fault = 1;
        snprintf(m->h.error, sizeof m->h.error, "%s", err.msg);
        return -CTM_E_FAULT;
    }
    m->ended = m->ev == NULL;
    return m->ev != NULL;
}

/* The ports ctm_model_get knows, sorted by name for the binary search; a
 * testbench reads some twenty of them each step. */
enum {
    P_A_OP, P_ACTIVE, P_ALU_RESULT, P_ALU_VALID, P_B_ELSE, P_B_OP0, P_B_OP1, P_B_POP_CNT,
    P_BOOL_CONST, P_CMD, P_CTX, P_FAULT, P_FULL_MODE, P_JUMP, P_JUMP_ADDR, P_JUMP_ANY, P_JUMP_FUNC,
    P_LIVE, P_LOOP_COUNT, P_LOOP_INIT, P_LOOP_STEP, P_NEXT_PC, P_OP, P_PC, P_PRED0, P_PRED1,
    P_PRED2, P_PRED3, P_PRED_INV, P_PRED_SEL, P_WANT, P_WAVE, P_COUNT
};

static const char *const port_names[P_COUNT] = {
    "a_op", "active", "alu_result", "alu_valid", "b_else", "b_op0", "b_op1", "b_pop_cnt",
    "bool_const", "cmd", "ctx", "fault", "full_mode", "jump", "jump_addr", "jump_any", "jump_func",
    "live", "loop_count", "loop_init", "loop_step", "next_pc", "op", "pc", "pred0", "pred1",
    "pred2", "pred3", "pred_inv", "pred_sel", "want", "wave",
};

static int by_name(const void *key, const void *entry)
{
    return strcmp(key, *(const char *const *)entry);
}

int ctm_model_port(const char *name)
{
    const char *const *hit =
        name ? bsearch(name, port_names, P_COUNT, sizeof *port_names, by_name) : NULL;
    return hit ? (int)(hit - port_names) : -1;
}

/* The value of port (0..P_COUNT-1) of live m's current step; func: the caller, in errors. */
static uint64_t port_value(const ctm_model *m, int port, const char *func)
{
    const pa_fc_event *e = m->ev;
    if (!e) {
        api_error((api_handle *)&m->h, "%s: no current step (%s)", func,
                  m->fault ? "the program faulted"
                  : m->ended ? "the run has ended"
                             : "ctm_model_step has not been called");
        return 0;
    }
    const fc_unit_in *in = e->in;
    const fc_unit_out *out = e->out;
    switch (port) {
    case P_CMD: return in->cmd;
    case P_CTX: return in->ctx;
    case P_FULL_MODE: return in->full_mode;
    case P_OP: return in->inst.op;
    case P_B_ELSE: return in->inst.b_else;
    case P_JUMP_ANY: return in->inst.jump_any;
    case P_A_OP: return in->inst.a_op;
    case P_JUMP_FUNC: return in->inst.jump_func;
    case P_B_POP_CNT: return in->inst.b_pop_cnt;
    case P_B_OP0: return in->inst.b_op0;
    case P_B_OP1: return in->inst.b_op1;
    case P_JUMP_ADDR: return in->inst.jump_addr;
    case P_PRED_SEL: return in->inst.pred_sel;
    case P_PRED_INV: return in->inst.pred_inv;
    case P_PRED0: return in->pred[0];
    case P_PRED1: return in->pred[1];
    case P_PRED2: return in->pred[2];
    case P_PRED3: return in->pred[3];
    case P_ALU_RESULT: return in->alu_result;
    case P_ALU_VALID: return in->alu_valid;
    case P_BOOL_CONST: return in->bool_const;
    case P_LOOP_COUNT: return in->loop_count;
    case P_LOOP_INIT: return in->loop_init;
    case P_LOOP_STEP: return (uint8_t)in->loop_step;
    case P_PC: return in->pc;
    case P_LIVE: return in->live;
    case P_ACTIVE: return out->active;
    case P_WANT: return out->want;
    case P_JUMP: return out->jump;
    case P_NEXT_PC: return out->next_pc;
    case P_FAULT: return out->fault;
    case P_WAVE: return e->wave;
    default: return 0;
    }
}

uint64_t ctm_model_get(const ctm_model *m, const char *name)
{
    if (!API_LIVE(m, API_MODEL))
        return 0;
    int port = ctm_model_port(name);
    if (port < 0) {
        api_error((api_handle *)&m->h, "%s: no port named \"%s\" (docs/dpi.md lists them)",
                  __func__, name ? name : "(NULL)");
        return 0;
    }
    return port_value(m, port, __func__);
}

uint64_t ctm_model_get_port(const ctm_model *m, int port)
{
    if (!API_LIVE(m, API_MODEL) ||
        !API_RANGE((api_handle *)&m->h, "port", port, 0, P_COUNT - 1))
        return 0;
    return port_value(m, port, __func__);
}

const char *ctm_model_error(const ctm_model *m)
{
    return text_of(m, API_MODEL, __func__) ? m->h.error : ctm_error();
}
