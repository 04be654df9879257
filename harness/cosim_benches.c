/* The registry of benches: every block the simulator knows, by name. A binary
 * holds the RTL of one of them (the system block: all three); the session finds
 * its bench here, and each bench's own header says how to make one. */
#include "cosim.h"
#include "fc_bench.h"
#include "pred_bench.h"
#include "stack_bench.h"
#include "sys_bench.h"

#include <string.h>

static const cosim_bench *(*const kinds[])(void) = {pred_bench_kind, stack_bench_kind,
                                                    fc_bench_kind, sys_bench_kind};

const cosim_bench *cosim_bench_at(size_t i)
{
    return i < sizeof kinds / sizeof kinds[0] ? kinds[i]() : NULL;
}

const cosim_bench *cosim_find_bench(const char *block)
{
    const cosim_bench *b;
    for (size_t i = 0; (b = cosim_bench_at(i)); i++)
        if (!strcmp(b->block, block))
            return b;
    return NULL;
}
