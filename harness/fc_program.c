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

int fc_program_open(const char *path, unsigned width, unsigned height, const fc_unit_params *rtl,
                    fc_program_stream *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    t->model = ctm_model_new(path, (int)width, (int)height, (int)rtl->lanes,
                             rtl->contexts < 16 ? (int)rtl->contexts : 16, (int)rtl->addr_depth,
                             (int)rtl->loop_depth);
    if (!t->model) {
        snprintf(err, errlen, "%s", ctm_error());
        return -1;
    }
    t->pulled = pull(t);
    if (!t->pulled && !t->faulted) {
        snprintf(err, errlen, "%s: the program issued no flow-control step", path);
        fc_program_free(t);
        return -1;
    }
    return 0;
}

void fc_program_read(const ctm_model *m, fc_unit_in *in, fc_unit_out *out, unsigned *wave)
{
    memset(in, 0, sizeof *in);
    in->cmd = (uint8_t)ctm_model_get(m, "cmd");
    in->ctx = (uint8_t)ctm_model_get(m, "ctx");
    in->full_mode = (uint8_t)ctm_model_get(m, "full_mode");
    fc_fields *f = &in->inst;
    f->op = (uint8_t)ctm_model_get(m, "op");
    f->b_else = (uint8_t)ctm_model_get(m, "b_else");
    f->jump_any = (uint8_t)ctm_model_get(m, "jump_any");
    f->a_op = (uint8_t)ctm_model_get(m, "a_op");
    f->jump_func = (uint8_t)ctm_model_get(m, "jump_func");
    f->b_pop_cnt = (uint8_t)ctm_model_get(m, "b_pop_cnt");
    f->b_op0 = (uint8_t)ctm_model_get(m, "b_op0");
    f->b_op1 = (uint8_t)ctm_model_get(m, "b_op1");
    f->jump_addr = (uint16_t)ctm_model_get(m, "jump_addr");
    f->pred_sel = (uint8_t)ctm_model_get(m, "pred_sel");
    f->pred_inv = (uint8_t)ctm_model_get(m, "pred_inv");
    static const char *const preds[4] = {"pred0", "pred1", "pred2", "pred3"};
    for (int k = 0; k < 4; k++)
        in->pred[k] = ctm_model_get(m, preds[k]);
    in->alu_result = ctm_model_get(m, "alu_result");
    in->alu_valid = (uint8_t)ctm_model_get(m, "alu_valid");
    in->bool_const = (uint8_t)ctm_model_get(m, "bool_const");
    in->loop_count = (uint8_t)ctm_model_get(m, "loop_count");
    in->loop_init = (uint8_t)ctm_model_get(m, "loop_init");
    in->loop_step = (int8_t)(uint8_t)ctm_model_get(m, "loop_step");
    in->pc = (uint16_t)ctm_model_get(m, "pc");
    in->live = ctm_model_get(m, "live");
    if (out) {
        memset(out, 0, sizeof *out);
        out->active = ctm_model_get(m, "active");
        out->want = ctm_model_get(m, "want");
        out->jump = (uint8_t)ctm_model_get(m, "jump");
        out->next_pc = (uint16_t)ctm_model_get(m, "next_pc");
        out->fault = (uint8_t)ctm_model_get(m, "fault");
    }
    if (wave)
        *wave = (unsigned)ctm_model_get(m, "wave");
}

int fc_program_next(fc_program_stream *t, fc_unit_in *in)
{
    if (!t->pulled && (t->ended || !pull(t)))
        return 0;
    t->pulled = 0;
    fc_program_read(t->model, in, NULL, NULL);
    t->steps++;
    return 1;
}

void fc_program_free(fc_program_stream *t)
{
    ctm_model_free(t->model);
    memset(t, 0, sizeof *t);
}
