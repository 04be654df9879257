/* Report sections of the flow-control bench beyond the comparator's (compare.h):
 * the context before the mismatching command, and the JSON members the report
 * schema names for the fc block. */
#include "fc_bench_int.h"

#include <inttypes.h>

void fc_report_text(FILE *out, const cosim_mismatch *mm)
{
    cmp_report_text(out, &fc_unit_fields, &fcb.mm_rec, &fcb.mm_expected, &fcb.mm_actual);
    int w = (int)(fcb.rtl.lanes + 3) / 4;
    if (mm->ctx < fcb.rtl.contexts) {
        const fc_unit_out *b = &fcb.mm_before;
        fprintf(out,
                "  context %u before this cycle (%s): depth %u, loop stack %u/%u, address stack "
                "%u/%u, fault %u\n    active 0x%0*" PRIx64 " br_inactive 0x%0*" PRIx64
                " loop_masked 0x%0*" PRIx64 "\n",
                mm->ctx, fcb.mm_rec.label ? fcb.mm_rec.label : "?", b->depth, b->loop_sp,
                fcb.rtl.loop_depth, b->addr_sp, fcb.rtl.addr_depth, b->fault, w, b->active, w,
                b->br_inactive, w, b->loop_masked);
    }
    if (fcb.any_reset)
        fprintf(out, "  last reset at cycle %" PRIu64 "\n", fcb.last_reset_cycle);
    fprintf(out, "  last commands on context %u (oldest first, with the C model's results):\n",
            mm->ctx);
    cmp_step steps[CMP_HISTORY];
    cmp_steps_text(out, &fc_unit_fields, steps, fc_last_steps(mm->ctx, steps));
}

static json_t *level(unsigned expected, unsigned actual)
{
    return json_pack("{s:i, s:i}", "expected", expected, "actual", actual);
}

void fc_report_json(json_t *r, const cosim_mismatch *mm)
{
    const fc_unit_in *in = &fcb.mm_rec.s.in;
    cmp_report_json(r, &fc_unit_fields, &fcb.mm_rec, &fcb.mm_expected, &fcb.mm_actual);
    json_object_set_new(r, "cmd", json_string(in->cmd == FC_CMD_START  ? "START"
                                              : in->cmd == FC_CMD_EXEC ? "EXEC"
                                                                       : "IDLE"));
    json_object_set_new(r, "what", json_string(fcb.mm_rec.label ? fcb.mm_rec.label : "?"));
    json_object_set_new(r, "op", json_string(fc_op_name(in->inst.op)));
    json_object_set_new(r, "pc", json_integer(in->pc));
    json_object_set_new(r, "live", cosim_json_hex(in->live & fcb.lanes));
    json_object_set_new(
        r, "stack_level",
        json_pack("{s:o, s:o, s:o}", "depth", level(fcb.mm_expected.depth, fcb.mm_actual.depth),
                  "loop_sp", level(fcb.mm_expected.loop_sp, fcb.mm_actual.loop_sp), "addr_sp",
                  level(fcb.mm_expected.addr_sp, fcb.mm_actual.addr_sp)));
    cmp_step steps[CMP_HISTORY];
    json_object_set_new(r, "last_ops",
                        cmp_steps_json(&fc_unit_fields, steps, fc_last_steps(mm->ctx, steps)));
}
