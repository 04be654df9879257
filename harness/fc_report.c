/* Report sections of the flow-control bench: the mismatch's command, the
 * context before it, the last commands (text and JSON), and the waveform
 * signals. */
#include "fc_bench_int.h"

#include <inttypes.h>

static const char *cmd_name(unsigned cmd)
{
    return cmd == FC_CMD_START ? "START" : cmd == FC_CMD_EXEC ? "EXEC" : "IDLE";
}

static void fields_text(FILE *out, const fc_fields *f)
{
    fprintf(out,
            "%-8s jf=0x%02x any=%u a_op=%u b_op0=%u b_op1=%u pop=%u else=%u addr=%u psel=%u "
            "pinv=%u",
            fc_op_name(f->op), f->jump_func, f->jump_any, f->a_op, f->b_op0, f->b_op1, f->b_pop_cnt,
            f->b_else, f->jump_addr, f->pred_sel, f->pred_inv);
}

static void history_each(unsigned ctx, void (*fn)(FILE *, const ev_record *, int), FILE *out)
{
    uint32_t n = fcb.history_count[ctx], first = n > HISTORY ? n - HISTORY : 0;
    for (uint32_t i = first; i < n; i++)
        fn(out, &fcb.history[ctx][i % HISTORY], i == first);
}

static void history_text(FILE *out, const ev_record *e, int first)
{
    (void)first;
    int w = (int)(fcb.rtl.lanes + 3) / 4;
    fprintf(out, "    cycle %-9" PRIu64 " %-5s %-20s", e->cycle, cmd_name(e->cmd), e->label);
    if (e->cmd == FC_CMD_EXEC) {
        fprintf(out, " pc %3u ", e->pc);
        fields_text(out, &e->f);
        fprintf(out, " kr=%u", e->loop_count);
    }
    fprintf(
        out,
        "\n      -> jump %u next_pc %u depth %u loop_sp %u addr_sp %u fault %u live 0x%0*" PRIx64
        " active 0x%0*" PRIx64 "\n",
        e->jump, e->next_pc, e->depth, e->loop_sp, e->addr_sp, e->fault, w, e->live, w, e->active);
}

static json_t *history_json(const ev_record *e)
{
    const fc_fields *f = &e->f;
    json_t *j = json_pack("{s:I, s:s, s:s, s:s}", "cycle", (json_int_t)e->cycle, "cmd",
                          cmd_name(e->cmd), "what", e->label ? e->label : "?", "op", fc_op_name(f->op));
    json_t *more = json_pack(
        "{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:o, s:i, s:i, s:i, s:i, s:i, s:i, s:o}",
        "jump_func", f->jump_func, "jump_any", f->jump_any, "a_op", f->a_op, "b_op0", f->b_op0,
        "b_op1", f->b_op1, "b_pop_cnt", f->b_pop_cnt, "b_else", f->b_else, "loop_count",
        e->loop_count, "pc", e->pc, "live", cosim_json_hex(e->live), "jump", e->jump, "next_pc",
        e->next_pc, "depth", e->depth, "loop_sp", e->loop_sp, "addr_sp", e->addr_sp, "fault",
        e->fault, "active", cosim_json_hex(e->active));
    json_object_update(j, more);
    json_decref(more);
    return j;
}

void fc_report_text(FILE *out, const cosim_mismatch *mm)
{
    const fc_unit_in *in = &fcb.mm_stim.in;
    int w = (int)(fcb.rtl.lanes + 3) / 4;
    fprintf(out, "  this cycle: %s on context %u (%s)%s\n", cmd_name(in->cmd), in->ctx,
            fcb.mm_label ? fcb.mm_label : "?", fcb.mm_stim.rst ? ", reset asserted" : "");
    if (in->cmd == FC_CMD_EXEC) {
        fprintf(out, "    pc %u  ", in->pc);
        fields_text(out, &in->inst);
        fprintf(out, "\n    full_mode %u alu_valid %u bool %u loop const kr=%u kg=%u kb=%d\n",
                in->full_mode, in->alu_valid, in->bool_const, in->loop_count, in->loop_init,
                in->loop_step);
        fprintf(out,
                "    alu 0x%0*" PRIx64 " pred r 0x%0*" PRIx64 " g 0x%0*" PRIx64 " b 0x%0*" PRIx64
                " a 0x%0*" PRIx64 "\n",
                w, in->alu_result & fcb.lanes, w, in->pred[0] & fcb.lanes, w,
                in->pred[1] & fcb.lanes, w, in->pred[2] & fcb.lanes, w, in->pred[3] & fcb.lanes);
    }
    fprintf(out, "    live 0x%0*" PRIx64 "\n", w, in->live & fcb.lanes);
    if (mm->ctx < fcb.rtl.contexts) {
        const fc_unit_out *b = &fcb.mm_before;
        fprintf(out,
                "  context %u before this cycle: depth %u, loop stack %u/%u, address stack %u/%u, "
                "fault %u\n    active 0x%0*" PRIx64 " br_inactive 0x%0*" PRIx64
                " loop_masked 0x%0*" PRIx64 "\n",
                mm->ctx, b->depth, b->loop_sp, fcb.rtl.loop_depth, b->addr_sp, fcb.rtl.addr_depth,
                b->fault, w, b->active, w, b->br_inactive, w, b->loop_masked);
        fprintf(out,
                "  after: C model depth %u loop_sp %u addr_sp %u fault %u; RTL depth %u "
                "loop_sp %u addr_sp %u fault %u\n",
                fcb.mm_expected.depth, fcb.mm_expected.loop_sp, fcb.mm_expected.addr_sp,
                fcb.mm_expected.fault, fcb.mm_actual.depth, fcb.mm_actual.loop_sp,
                fcb.mm_actual.addr_sp, fcb.mm_actual.fault);
    }
    if (fcb.any_reset)
        fprintf(out, "  last reset at cycle %" PRIu64 "\n", fcb.last_reset_cycle);
    fprintf(out, "  last commands on context %u (oldest first, with the C model's results):\n",
            mm->ctx);
    if (mm->ctx < fcb.rtl.contexts)
        history_each(mm->ctx, history_text, out);
}

static json_t *level(unsigned expected, unsigned actual)
{
    return json_pack("{s:i, s:i}", "expected", expected, "actual", actual);
}

void fc_report_json(json_t *r, const cosim_mismatch *mm)
{
    const fc_unit_in *in = &fcb.mm_stim.in;
    json_object_set_new(r, "cmd", json_string(cmd_name(in->cmd)));
    json_object_set_new(r, "what", json_string(fcb.mm_label ? fcb.mm_label : "?"));
    json_object_set_new(r, "op", json_string(fc_op_name(in->inst.op)));
    json_object_set_new(r, "pc", json_integer(in->pc));
    json_object_set_new(r, "live", cosim_json_hex(in->live & fcb.lanes));
    json_object_set_new(
        r, "stack_level",
        json_pack("{s:o, s:o, s:o}", "depth", level(fcb.mm_expected.depth, fcb.mm_actual.depth),
                  "loop_sp", level(fcb.mm_expected.loop_sp, fcb.mm_actual.loop_sp), "addr_sp",
                  level(fcb.mm_expected.addr_sp, fcb.mm_actual.addr_sp)));
    json_t *ops = json_array();
    uint32_t n = mm->ctx < fcb.rtl.contexts ? fcb.history_count[mm->ctx] : 0;
    for (uint32_t i = n > HISTORY ? n - HISTORY : 0; i < n; i++)
        json_array_append_new(ops, history_json(&fcb.history[mm->ctx][i % HISTORY]));
    json_object_set_new(r, "last_ops", ops);
}

void fc_wave_signals(void (*emit)(void *, const char *), void *ctx)
{
    unsigned l = fcb.rtl.lanes, bw = fcb.rtl.bc_width;
    const cosim_signal sigs[] = {
        {"clk_i", 1},
        {"rst_ni", 1},
        {"cmd_i", 2},
        {"ctx_i", 8},
        {"pc_i", 9},
        {"op_i", 3},
        {"b_else_i", 1},
        {"jump_any_i", 1},
        {"a_op_i", 2},
        {"jump_func_i", 8},
        {"b_pop_cnt_i", 5},
        {"b_op0_i", 2},
        {"b_op1_i", 2},
        {"pred_sel_i", 3},
        {"alu_result_i", l},
        {"live_i", l},
        {"loop_count_i", 8},
        {"jump_o", 1},
        {"next_pc_o", 10},
        {"want_o", l},
        {"active_o", l},
        {"br_inactive_o", l},
        {"loop_masked_o", l},
        {"bc_o", l * bw},
        {"depth_o", bw},
        {"addr_sp_o", 6},
        {"addr_top_o", 10},
        {"loop_sp_o", 6},
        {"loop_top_count_o", 8},
        {"loop_top_live_o", l},
        {"loop_top_brk_o", l},
        {"loop_top_cont_o", l},
        {"al_o", 16},
        {"fault_o", 4},
    };
    cosim_emit_signals(emit, ctx, "TOP.tb_fc_unit.dut_fc_unit.", sigs,
                       sizeof sigs / sizeof sigs[0]);
    emit(ctx, "TOP.tb_fc_unit.mismatch_o");
}
