/* The processor-array handle of the public API (ctm.h): a stepped run of an
 * executable (run_step.h), and the fc_unit inputs of each step by port name
 * (one table). */
#include "ctm.h"
#include "ctm_int.h"

#include "elf_exe.h"
#include "fileio.h"
#include "mc_format.h"
#include "run_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)CTM_FMT_UINT16_1 == (int)MC_FMT_UINT16_1 &&
                   (int)CTM_FMT_UINT8_4 == (int)MC_FMT_UINT8_4 &&
                   (int)CTM_FMT_FLOAT32_1 == (int)MC_FMT_FLOAT32_1 &&
                   (int)CTM_FMT_FLOAT32_2 == (int)MC_FMT_FLOAT32_2 &&
                   (int)CTM_FMT_FLOAT32_4 == (int)MC_FMT_FLOAT32_4,
               "the public format codes are the memory controller's");

struct ctm_model {
    dpp_exe exe;
    char path[512];
    dpp_run_opts opts;
    dpp_stepper *st;
    const pa_fc_event *ev;
    int stepped; /* inputs and constants can be set only before the first step */
    int stale;   /* set since the run was prepared: the first step prepares it again */
    int fault;
    uint8_t *owned[16]; /* input data read by ctm_model_load_input */
    char error[sizeof(((dpp_error *)0)->msg)];
};

ctm_model *ctm_model_new(const char *elf_path, int width, int height, int lanes, int contexts,
                         int addr_depth, int loop_depth)
{
    ctm_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    dpp_error err;
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = (uint32_t)(width > 0 ? width : 0);
    o.height = (uint32_t)(height > 0 ? height : 0);
    o.array.lanes = (unsigned)(lanes > 0 ? lanes : 0);
    o.array.contexts = (unsigned)(contexts > 0 ? contexts : 0);
    o.array.addr_depth = (unsigned)(addr_depth > 0 ? addr_depth : 0);
    o.array.loop_depth = (unsigned)(loop_depth > 0 ? loop_depth : 0);
    o.discard_outputs = 1; /* a testbench wants the steps; the image is never read */
    if (lanes < 1 || lanes > 64 || contexts < 1 || contexts > 16) {
        snprintf(m->error, sizeof m->error, "ctm_model_new: %d lanes (1-64), %d contexts (1-16)",
                 lanes, contexts);
    } else if (dpp_elf_read(elf_path, &m->exe, &err) ||
               dpp_stepper_open(&m->exe, &o, elf_path, &m->st, &err)) {
        snprintf(m->error, sizeof m->error, "%s", err.msg);
    }
    m->opts = o;
    snprintf(m->path, sizeof m->path, "%s", elf_path);
    if (!m->st) {
        api_set_error(m->error); /* for ctm_error(): the caller gets NULL */
        free(m);
        return NULL;
    }
    return m;
}

void ctm_model_free(ctm_model *m)
{
    if (!m)
        return;
    dpp_stepper_close(m->st);
    for (int k = 0; k < 16; k++)
        free(m->owned[k]);
    free(m);
}

/* Prepares the run again with the inputs and constants set since
 * ctm_model_new (nothing has run yet): once, however many were set. */
static int reprepare(ctm_model *m)
{
    dpp_stepper_close(m->st);
    m->st = NULL;
    m->stale = 0;
    dpp_error err;
    if (dpp_stepper_open(&m->exe, &m->opts, m->path, &m->st, &err)) {
        snprintf(m->error, sizeof m->error, "%s", err.msg);
        return CTM_E_FORMAT;
    }
    return CTM_OK;
}

/* A setter's arguments out of range, or too late; names the call. */
static int refuse(ctm_model *m, const char *call, int n, int n_max, int values_ok)
{
    if (!m->stepped && n >= 0 && n <= n_max && values_ok)
        return CTM_OK;
    snprintf(m->error, sizeof m->error, "%s: constant %d%s%s (constants 0..%d)", call, n,
             values_ok ? "" : ", a value out of range",
             m->stepped ? ", after the first step" : "", n_max);
    return CTM_E_ARG;
}

int ctm_model_set_constf(ctm_model *m, int n, double x, double y, double z, double w)
{
    int st = refuse(m, "ctm_model_set_constf", n, 255, 1);
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
    int st = refuse(m, "ctm_model_set_consti", n, 31,
                    count >= 0 && count <= 255 && init >= 0 && init <= 255 && step >= -128 &&
                        step <= 127);
    if (st)
        return st;
    m->opts.int_set |= 1u << n;
    m->opts.int_val[n] = (uint32_t)count | (uint32_t)init << 8 | ((uint32_t)step & 0xFF) << 16;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_set_constb(ctm_model *m, int n, int value)
{
    int st = refuse(m, "ctm_model_set_constb", n, 31, value == 0 || value == 1);
    if (st)
        return st;
    m->opts.bool_set |= 1u << n;
    m->opts.bool_val = (m->opts.bool_val & ~(1u << n)) | (uint32_t)value << n;
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_set_input(ctm_model *m, int n, const void *data, int format, int width, int height)
{
    if (m->stepped || n < 0 || n > 15 || !data || format < 0 || format >= MC_FMT_COUNT ||
        width < 1 || height < 1 || width > 8192 || height > 8192) {
        snprintf(m->error, sizeof m->error,
                 "ctm_model_set_input: input %d, format %d, %dx%d%s (inputs 0..15, formats "
                 "0..%d, 1..8192 each way)",
                 n, format, width, height, m->stepped ? " after the first step" : "",
                 MC_FMT_COUNT - 1);
        return CTM_E_ARG;
    }
    /* the run is prepared again with the input bound: nothing has run yet */
    m->opts.input[n] = (dpp_image){(uint8_t)format, MC_TILE_LINEAR, (uint32_t)width,
                                   (uint32_t)height, (uint8_t *)(uintptr_t)data};
    m->stale = 1;
    return CTM_OK;
}

int ctm_model_load_input(ctm_model *m, int n, const char *path, int format, int width,
                         int height)
{
    if (format < 0 || format >= MC_FMT_COUNT || width < 1 || height < 1 || width > 8192 ||
        height > 8192 || n < 0 || n > 15)
        return ctm_model_set_input(m, n, path, format, width, height); /* names the range */
    size_t want = (size_t)width * (size_t)height * mc_format_bpe((unsigned)format), len;
    uint8_t *buf;
    dpp_error err;
    if (dpp_file_read(path, want + 1, &buf, &len, &err)) {
        snprintf(m->error, sizeof m->error, "%s", err.msg);
        return CTM_E_IO;
    }
    if (len != want) {
        snprintf(m->error, sizeof m->error,
                 "%s: %zu bytes, but a %dx%d surface of format %d holds %zu", path, len, width,
                 height, format, want);
        free(buf);
        return CTM_E_FORMAT;
    }
    int st = ctm_model_set_input(m, n, buf, format, width, height);
    if (st) {
        free(buf);
        return st;
    }
    free(m->owned[n]);
    m->owned[n] = buf;
    return CTM_OK;
}

int ctm_model_step(ctm_model *m)
{
    if (m->fault)
        return -CTM_E_FAULT;
    m->stepped = 1;
    if (m->stale && reprepare(m)) {
        m->fault = 1;
        return -CTM_E_FAULT;
    }
    dpp_error err;
    dpp_status st = dpp_stepper_next(m->st, &m->ev, &err);
    if (st) {
        m->ev = NULL;
        m->fault = 1;
        snprintf(m->error, sizeof m->error, "%s", err.msg);
        return -CTM_E_FAULT;
    }
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

uint64_t ctm_model_get(const ctm_model *m, const char *name)
{
    return ctm_model_get_port(m, ctm_model_port(name));
}

uint64_t ctm_model_get_port(const ctm_model *m, int port)
{
    const pa_fc_event *e = m->ev;
    if (!e)
        return 0;
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

const char *ctm_model_error(const ctm_model *m)
{
    return m->error;
}
