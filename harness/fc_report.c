/* Report sections of the flow-control bench beyond the comparator's (compare.h):
 * the context before the mismatching command, and the JSON members the report
 * schema names for the fc block. */
#include "fc_bench_int.h"

#include <inttypes.h>

void fc_report_text(const fc_bench *b, FILE *out, const cosim_mismatch *mm)
{
    cmp_report_text(out, &b->fields, &b->mm_rec, &b->mm_expected, &b->mm_actual);
    int w = (int)(b->rtl.lanes + 3) / 4;
    if (mm->ctx < b->rtl.contexts) {
        const ctm_fc_out *was = &b->mm_before;
        fprintf(out,
                "  context %u before this cycle (%s): depth %u, loop stack %u/%u, address stack "
                "%u/%u, fault %u\n    active 0x%0*" PRIx64 " br_inactive 0x%0*" PRIx64
                " loop_masked 0x%0*" PRIx64 "\n",
                mm->ctx, b->mm_rec.label ? b->mm_rec.label : "?", was->depth, was->loop_sp,
                b->rtl.loop_depth, was->addr_sp, b->rtl.addr_depth, was->fault, w, was->active, w,
                was->br_inactive, w, was->loop_masked);
    }
    if (b->any_reset)
        fprintf(out, "  last reset at cycle %" PRIu64 "\n", b->last_reset_cycle);
    fprintf(out, "  last commands on context %u (oldest first, with the C model's results):\n",
            mm->ctx);
    fc_steps l;
    cmp_steps_text(out, &b->fields, l.steps, fc_last_steps(b, mm->ctx, &l));
}

static json_t *level(unsigned expected, unsigned actual)
{
    return json_pack("{s:i, s:i}", "expected", expected, "actual", actual);
}

void fc_report_json(const fc_bench *b, json_t *r, const cosim_mismatch *mm)
{
    const fc_unit_in *in = &b->mm_rec.s.in;
    cmp_report_json(r, &b->fields, &b->mm_rec, &b->mm_expected, &b->mm_actual);
    json_object_set_new(r, "cmd", json_string(in->cmd == FC_CMD_START  ? "START"
                                              : in->cmd == FC_CMD_EXEC ? "EXEC"
                                                                       : "IDLE"));
    json_object_set_new(r, "what", json_string(b->mm_rec.label ? b->mm_rec.label : "?"));
    json_object_set_new(r, "op", json_string(fc_op_name(in->inst.op)));
    json_object_set_new(r, "pc", json_integer(in->pc));
    json_object_set_new(r, "live", cosim_json_hex(in->live & b->lanes));
    json_object_set_new(
        r, "stack_level",
        json_pack("{s:o, s:o, s:o}", "depth", level(b->mm_expected.depth, b->mm_actual.depth),
                  "loop_sp", level(b->mm_expected.loop_sp, b->mm_actual.loop_sp), "addr_sp",
                  level(b->mm_expected.addr_sp, b->mm_actual.addr_sp)));
    fc_steps l;
    json_object_set_new(r, "last_ops",
                        cmp_steps_json(&b->fields, l.steps, fc_last_steps(b, mm->ctx, &l)));
}
