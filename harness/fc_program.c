#include "fc_program.h"

#include <stdio.h>
#include <string.h>

/* Runs the model to its next step: 1, or 0 at the end or a fault. */
static int pull(fc_program_stream *t)
{
    int r = ctm_model_step(t->model);
    if (r == -CTM_E_FAULT) {
        t->faulted = 1;
        snprintf(t->fault_msg, sizeof t->fault_msg, "%s", ctm_model_error(t->model));
    }
    t->ended = r != 1;
    return r == 1;
}

ctm_model *fc_program_model(const char *path, unsigned width, unsigned height,
                            const fc_unit_params *rtl)
{
    return ctm_model_new(path, (int)width, (int)height, (int)rtl->lanes,
                         rtl->contexts < 16 ? (int)rtl->contexts : 16, (int)rtl->addr_depth,
                         (int)rtl->loop_depth);
}

int fc_program_open(const char *path, unsigned width, unsigned height, const fc_unit_params *rtl,
                    fc_program_stream *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    t->model = fc_program_model(path, width, height, rtl);
    if (!t->model) {
        snprintf(err, errlen, "%s", ctm_error());
        return -1;
    }
    return 0;
}

int fc_program_start(fc_program_stream *t, char *err, size_t errlen)
{
    t->pulled = pull(t);
    if (!t->pulled && !t->faulted) {
        snprintf(err, errlen, "%s: the program issued no flow-control step", t->path);
        fc_program_free(t);
        return -1;
    }
    return 0;
}

/* The ports a step is read from, in the order fc_program_read uses them. */
enum {
    R_CMD, R_CTX, R_FULL_MODE, R_OP, R_B_ELSE, R_JUMP_ANY, R_A_OP, R_JUMP_FUNC, R_B_POP_CNT,
    R_B_OP0, R_B_OP1, R_JUMP_ADDR, R_PRED_SEL, R_PRED_INV, R_PRED0, R_PRED1, R_PRED2, R_PRED3,
    R_ALU_RESULT, R_ALU_VALID, R_BOOL_CONST, R_LOOP_COUNT, R_LOOP_INIT, R_LOOP_STEP, R_PC,
    R_LIVE, R_ACTIVE, R_WANT, R_JUMP, R_NEXT_PC, R_FAULT, R_WAVE, R_COUNT
};

static const char *const read_names[R_COUNT] = {
    "cmd",        "ctx",       "full_mode",  "op",         "b_else",    "jump_any",
    "a_op",       "jump_func", "b_pop_cnt",  "b_op0",      "b_op1",     "jump_addr",
    "pred_sel",   "pred_inv",  "pred0",      "pred1",      "pred2",     "pred3",
    "alu_result", "alu_valid", "bool_const", "loop_count", "loop_init", "loop_step",
    "pc",         "live",      "active",     "want",       "jump",      "next_pc",
    "fault",      "wave",
};

void fc_program_read(const ctm_model *m, fc_unit_in *in, fc_unit_out *out, unsigned *wave)
{
    static int port[R_COUNT] = {-2}; /* looked up by name once */
    if (port[0] == -2)
        for (int k = 0; k < R_COUNT; k++)
            port[k] = ctm_model_port(read_names[k]);
    uint64_t v[R_COUNT];
    for (int k = 0; k < R_COUNT; k++)
        v[k] = ctm_model_get_port(m, port[k]);
    memset(in, 0, sizeof *in);
    in->cmd = (uint8_t)v[R_CMD];
    in->ctx = (uint8_t)v[R_CTX];
    in->full_mode = (uint8_t)v[R_FULL_MODE];
    fc_fields *f = &in->inst;
    f->op = (uint8_t)v[R_OP];
    f->b_else = (uint8_t)v[R_B_ELSE];
    f->jump_any = (uint8_t)v[R_JUMP_ANY];
    f->a_op = (uint8_t)v[R_A_OP];
    f->jump_func = (uint8_t)v[R_JUMP_FUNC];
    f->b_pop_cnt = (uint8_t)v[R_B_POP_CNT];
    f->b_op0 = (uint8_t)v[R_B_OP0];
    f->b_op1 = (uint8_t)v[R_B_OP1];
    f->jump_addr = (uint16_t)v[R_JUMP_ADDR];
    f->pred_sel = (uint8_t)v[R_PRED_SEL];
    f->pred_inv = (uint8_t)v[R_PRED_INV];
    for (int k = 0; k < 4; k++)
        in->pred[k] = v[R_PRED0 + k];
    in->alu_result = v[R_ALU_RESULT];
    in->alu_valid = (uint8_t)v[R_ALU_VALID];
    in->bool_const = (uint8_t)v[R_BOOL_CONST];
    in->loop_count = (uint8_t)v[R_LOOP_COUNT];
    in->loop_init = (uint8_t)v[R_LOOP_INIT];
    in->loop_step = (int8_t)(uint8_t)v[R_LOOP_STEP];
    in->pc = (uint16_t)v[R_PC];
    in->live = v[R_LIVE];
    if (out) {
        memset(out, 0, sizeof *out);
        out->active = v[R_ACTIVE];
        out->want = v[R_WANT];
        out->jump = (uint8_t)v[R_JUMP];
        out->next_pc = (uint16_t)v[R_NEXT_PC];
        out->fault = (uint8_t)v[R_FAULT];
    }
    if (wave)
        *wave = (unsigned)v[R_WAVE];
}

int fc_program_next(fc_program_stream *t, fc_unit_in *in)
{
    if (!t->pulled && (t->ended || !pull(t)))
        return 0;
    t->pulled = 0;
    fc_program_read(t->model, in, NULL, &t->wave);
    t->steps++;
    return 1;
}

void fc_program_free(fc_program_stream *t)
{
    ctm_model_free(t->model);
    memset(t, 0, sizeof *t);
}
