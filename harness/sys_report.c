/* The system bench's report (sys_bench_int.h): which unit failed and its own
 * report, or both sides of a cross-check; the last flow-control steps; the
 * waveform's signals of the three units; what the run covered. */
#include "sys_bench_int.h"

#include <inttypes.h>
#include <string.h>
#include <sys/resource.h>

/* ------------------------------------------------------------------ report */

/* The unit whose own check failed (NULL: a cross-check), and its handle in *unit. */
static const cosim_bench *unit_bench(const sys_bench *y, const void **unit)
{
    *unit = NULL;
    if (!y->unit)
        return NULL;
    if (!strcmp(y->unit, "fc_unit")) {
        *unit = y->fc;
        return fc_bench_kind();
    }
    if (!strcmp(y->unit, "pred_stack")) {
        *unit = y->pred;
        return pred_bench_kind();
    }
    *unit = y->stack;
    return stack_bench_kind();
}

static void step_text(FILE *out, const step_record *r)
{
    fprintf(out, "    cycle %-8" PRIu64 " wave %-5u slot %u pc %-3u %-5s %-10s jump %u active 0x%016" PRIx64
                 "  %u pred ops, %u stack ops%s%s\n",
            r->cycle, r->wave, r->slot, r->pc, r->cmd == FC_CMD_START ? "START" : "EXEC",
            r->cmd == FC_CMD_START ? "" : fc_op_name(r->op), r->jump, r->active, r->pred_ops,
            r->stack_ops, r->fault ? " fault " : "", r->fault ? fc_fault_name(r->fault) : "");
}

static void cross_text(const sys_bench *y, FILE *out, const cosim_mismatch *mm)
{
    if (!strcmp(mm->field, "cross.pred_exec_mask") || !strcmp(mm->field, "cross.fc_active")) {
        unsigned q = y->mm_ctx % y->quarters;
        fprintf(out,
                "  cross-check: the ExecuteMask of wavefront slot %u (predicate contexts %u..%u, "
                "16 lanes each) against the model's active lanes\n",
                y->mm_slot, y->mm_slot * y->quarters, y->mm_slot * y->quarters + y->quarters - 1);
        fprintf(out, "    model (csim/pa, after the step)   active      0x%016" PRIx64 "\n",
                y->mm_model);
        fprintf(out, "    fc_unit RTL                        active_o    0x%016" PRIx64 "\n",
                y->mm_fc);
        fprintf(out,
                "    pred_stack RTL context %-2u (quarter %u, lanes %u..%u) obs_exec_mask_o 0x%" PRIx64
                "\n",
                y->mm_ctx, q, 16 * q, 16 * q + 15, y->mm_pred);
        fprintf(out, "    the mapping (csim/mirrors/pred_map.c, docs/system.md) turned the steps "
                     "below into the predicate ops\n");
    } else {
        fprintf(out,
                "  cross-check: stack_acct against the program's static STACK_SIZE %u "
                "(dpp stack) and the dynamic path's frames (csim/mirrors/stack_map.c)\n",
                y->stack_size);
    }
}

void sys_report_text(const void *self, FILE *out, const cosim_mismatch *mm)
{
    const sys_bench *y = self;
    const void *unit;
    const cosim_bench *b = unit_bench(y, &unit);
    if (y->pcommit_bad) {
        fprintf(out, "  unit     pred_stack, at commit level (its ExecuteMasks as control events)\n");
        fputs(pred_commit_report(y->pcommit, CTM_REPORT_TEXT), out);
    } else if (b) {
        fprintf(out, "  unit     %s\n", y->unit);
        b->report_text(unit, out, mm);
    } else {
        fprintf(out, "  unit     cross-check between the blocks and the model\n");
        cross_text(y, out, mm);
    }
    fprintf(out, "  program  %s over %ux%u; last flow-control steps (oldest first):\n", y->name,
            y->set.domain_w, y->set.domain_h);
    for (uint64_t i = y->steps > HISTORY ? y->steps - HISTORY : 0; i < y->steps; i++)
        step_text(out, &y->history[i % HISTORY]);
}

void sys_report_json(const void *self, json_t *r, const cosim_mismatch *mm)
{
    const sys_bench *y = self;
    const void *unit;
    const cosim_bench *b = unit_bench(y, &unit);
    json_object_set_new(r, "unit", json_string(y->pcommit_bad ? "pred_stack" : b ? y->unit : "cross"));
    if (y->pcommit_bad) {
        pred_commit_report_json(y->pcommit, r);
    } else if (b) {
        b->report_json(unit, r, mm);
    } else {
        json_object_set_new(r, "cross",
                            json_pack("{s:o, s:o, s:o, s:i, s:i}", "model_active",
                                      cosim_json_hex(y->mm_model), "fc_active",
                                      cosim_json_hex(y->mm_fc), "pred_exec_mask",
                                      cosim_json_hex(y->mm_pred), "pred_context", y->mm_ctx,
                                      "stack_size", y->stack_size));
    }
    json_t *steps = json_array();
    for (uint64_t i = y->steps > HISTORY ? y->steps - HISTORY : 0; i < y->steps; i++) {
        const step_record *s = &y->history[i % HISTORY];
        json_array_append_new(
            steps, json_pack("{s:I, s:s, s:i, s:i, s:i, s:o}", "cycle", (json_int_t)s->cycle, "op",
                             s->cmd == FC_CMD_START ? "START" : fc_op_name(s->op), "wave", s->wave,
                             "slot", s->slot, "pc", s->pc, "active", cosim_json_hex(s->active)));
    }
    json_object_set_new(r, "program", json_string(y->name));
    if (!json_object_get(r, "last_ops"))
        json_object_set_new(r, "last_ops", steps);
    else
        json_object_set_new(r, "last_steps", steps);
}

/* The three units' ports under the system top, and its own mismatch_o. */
void sys_wave_signals(const void *self, void (*emit)(void *, const char *), void *ctx)
{
    const sys_bench *y = self;
    const cmp_unit *units[] = {fc_bench_unit(y->fc), pred_bench_unit(y->pred),
                               stack_bench_unit(y->stack)};
    for (int k = 0; k < 3; k++)
        cmp_wave_signals(units[k], "TOP.tb_system.", emit, ctx);
    emit(ctx, "TOP.tb_system.mismatch_o");
}

/* ------------------------------------------------------------------ summary */

/* Peak resident memory of this process so far, KiB (forked snapshots not counted). */
static long peak_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) ? -1 : ru.ru_maxrss;
}

void sys_summary_text(const void *self, FILE *out)
{
    const sys_bench *y = self;
    const pred_map_stats *p = pred_map_get_stats(y->pm);
    const stack_map_stats *m = stack_map_get_stats(y->sm);
    fprintf(out,
            "  system: %" PRIu64 " flow-control steps of %s; pred_stack %" PRIu64 " ops, %" PRIu64
            " ExecuteMask cross-checks, %" PRIu64 " steps not expressible in the four ops (%" PRIu64
            " steps unchecked after them); stack_acct %" PRIu64 " ops, high-water mark %" PRIu64
            " of STACK_SIZE %u%s, %" PRIu64 " FC words without a stack op; peak RSS %.1f MiB\n",
            y->steps, y->name, p->ops, y->cross_masks, p->unmapped, p->unchecked, m->ops, y->max_hwm,
            y->stack_size, y->size_known ? "" : " (unknown)", m->unmapped, peak_rss_kib() / 1024.0);
    fc_bench_commit_text(y->fc, out);
    if (y->pcommit)
        fprintf(out, "  pred_stack: checked at commit level: %" PRIu64 " %s, each 1..8 cycles late, "
                     "contexts renamed and interleaved\n",
                pred_commit_count(y->pcommit),
                y->set.commit_level
                    ? "commits (level 2: START, and each op pred_stack took with the ExecuteMask "
                      "it left, PRED_OP)"
                    : "control events (level 1: START, and each step's events with pred_stack's "
                      "ExecuteMasks as the lanes)");
}

ctm_model *sys_commit_model(const void *self)
{
    return fc_bench_commit_model(((const sys_bench *)self)->fc);
}

json_t *sys_summary_json(const void *self)
{
    const sys_bench *y = self;
    const pred_map_stats *p = pred_map_get_stats(y->pm);
    const stack_map_stats *m = stack_map_get_stats(y->sm);
    return json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:i, s:b, s:I}", "program", y->name,
                     "steps", (json_int_t)y->steps, "pred_ops", (json_int_t)p->ops,
                     "mask_cross_checks", (json_int_t)y->cross_masks, "pred_unmapped",
                     (json_int_t)p->unmapped, "pred_unchecked", (json_int_t)p->unchecked,
                     "stack_ops", (json_int_t)m->ops, "stack_hwm", (json_int_t)y->max_hwm,
                     "stack_size", y->stack_size, "stack_size_known", y->size_known, "peak_rss_kib",
                     (json_int_t)peak_rss_kib());
}

