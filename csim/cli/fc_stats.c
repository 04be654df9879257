/* --fc-stats (fc_stats.h). A step is "diverged" when the wavefront's live
 * lanes are not all at the same place around it: before or after the step
 * some live lanes are active and others are not. That is where a design's
 * reconvergence logic works (an ELSE or ENDIF inside a split wavefront counts,
 * a loop's exit with lanes parked at BREAK counts). "split" is the narrower
 * count of steps whose own condition divided the lanes it evaluated. */
#include "fc_stats.h"

#include "fc.h"

static int is_split(uint64_t set, uint64_t live)
{
    return set != 0 && set != live;
}

void cli_fc_stats_event(void *user, const pa_fc_event *ev)
{
    cli_fc_stats *s = user;
    const fc_unit_in *in = ev->in;
    const fc_unit_out *o = ev->out;
    uint64_t *last = &s->last_active[in->ctx & 15];
    if (in->cmd == FC_CMD_EXEC) {
        uint64_t live = in->live;
        uint64_t before = *last & live, evaluated = before;
        s->steps++;
        s->diverged += is_split(before, live) || is_split(o->active & live, live);
        /* an ELSE or ENDIF evaluates the lanes it wakes, not the active ones: not counted */
        s->split += !in->inst.b_else && !o->fault && evaluated && o->want && o->want != evaluated;
    }
    *last = o->active;
}

static double share(uint64_t part, uint64_t whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

void cli_fc_stats_print(FILE *f, const cli_fc_stats *s)
{
    fprintf(f, "fc steps           %llu flow-control instructions executed by a wavefront\n",
            (unsigned long long)s->steps);
    fprintf(f,
            "fc diverged        %llu (%.4f of the steps): the live lanes split before or after\n",
            (unsigned long long)s->diverged, share(s->diverged, s->steps));
    fprintf(f,
            "fc split           %llu (%.4f of the steps): the step's condition split its lanes\n",
            (unsigned long long)s->split, share(s->split, s->steps));
}
