/* Flow-control trace lines. */
#include "trace.h"

#include "fc.h"

void cli_trace_event(void *user, const pa_fc_event *ev)
{
    cli_tracer *t = user;
    const fc_unit_in *in = ev->in;
    const fc_unit_out *o = ev->out;
    if (in->cmd == FC_CMD_START) {
        fprintf(t->f, "wave %u ctx %u start i %d j %d live 0x%016llx\n", ev->wave, in->ctx,
                ev->pairs->i[0], ev->pairs->j[0], (unsigned long long)in->live);
    } else {
        fprintf(t->f,
                "wave %u ctx %u pc %u %s jump %u next %u active 0x%016llx -> 0x%016llx depth %u "
                "loop %u addr %u aL %d%s%s\n",
                ev->wave, in->ctx, in->pc, fc_op_name(in->inst.op), o->jump, o->next_pc,
                (unsigned long long)t->last_active[in->ctx & 15], (unsigned long long)o->active,
                o->depth, o->loop_sp, o->addr_sp, (int16_t)o->al, o->fault ? " fault " : "",
                o->fault ? fc_fault_name(o->fault) : "");
    }
    t->last_active[in->ctx & 15] = o->active;
}
