/* The processor-array handle of the public API (ctm.h): a stepped run of an
 * executable (run_step.h), and the fc_unit inputs of each step by port name
 * (one table). */
#include "ctm.h"
#include "ctm_int.h"

#include "elf_exe.h"
#include "run_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ctm_model {
    dpp_exe exe;
    dpp_stepper *st;
    const pa_fc_event *ev;
    int fault;
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
    if (!m->st) {
        api_set_error(m->error); /* for ctm_error(): the caller gets NULL */
        free(m);
        return NULL;
    }
    return m;
}

void ctm_model_free(ctm_model *m)
{
    if (m)
        dpp_stepper_close(m->st);
    free(m);
}

int ctm_model_step(ctm_model *m)
{
    if (m->fault)
        return -CTM_E_FAULT;
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

#define IN(f)  (uint64_t)(e->in->f)
#define OUT(f) (uint64_t)(e->out->f)

uint64_t ctm_model_get(const ctm_model *m, const char *name)
{
    const pa_fc_event *e = m->ev;
    if (!e || !name)
        return 0;
    const struct {
        const char *name;
        uint64_t value;
    } ports[] = {
        {"cmd", IN(cmd)},
        {"ctx", IN(ctx)},
        {"full_mode", IN(full_mode)},
        {"op", IN(inst.op)},
        {"b_else", IN(inst.b_else)},
        {"jump_any", IN(inst.jump_any)},
        {"a_op", IN(inst.a_op)},
        {"jump_func", IN(inst.jump_func)},
        {"b_pop_cnt", IN(inst.b_pop_cnt)},
        {"b_op0", IN(inst.b_op0)},
        {"b_op1", IN(inst.b_op1)},
        {"jump_addr", IN(inst.jump_addr)},
        {"pred_sel", IN(inst.pred_sel)},
        {"pred_inv", IN(inst.pred_inv)},
        {"pred0", IN(pred[0])},
        {"pred1", IN(pred[1])},
        {"pred2", IN(pred[2])},
        {"pred3", IN(pred[3])},
        {"alu_result", IN(alu_result)},
        {"alu_valid", IN(alu_valid)},
        {"bool_const", IN(bool_const)},
        {"loop_count", IN(loop_count)},
        {"loop_init", IN(loop_init)},
        {"loop_step", (uint64_t)(uint8_t)e->in->loop_step},
        {"pc", IN(pc)},
        {"live", IN(live)},
        {"active", OUT(active)},
        {"want", OUT(want)},
        {"jump", OUT(jump)},
        {"next_pc", OUT(next_pc)},
        {"wave", (uint64_t)e->wave},
    };
    for (size_t k = 0; k < sizeof ports / sizeof ports[0]; k++)
        if (!strcmp(ports[k].name, name))
            return ports[k].value;
    return 0;
}

const char *ctm_model_error(const ctm_model *m)
{
    return m->error;
}
