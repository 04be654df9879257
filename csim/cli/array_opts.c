/* --wave, --contexts, --step-limit, --threads, --chip, --no-hazard-check. */
#include "array_opts.h"

#include <stdio.h>

const cli_option cli_array_options[] = {
    {"wave", "N", "lanes per wavefront, 1..64 (default 64)", NULL, CLI_KEY_WAVE, 0},
    {"contexts", "N", "wavefronts in flight, 1..16 (default 1)", NULL, CLI_KEY_CONTEXTS, 0},
    {"threads", "N",
     "threads that share the wavefronts, 1..64 (default: the machine's cores); results do not "
     "depend on it",
     NULL, CLI_KEY_THREADS, 0},
    {"step-limit", "N",
     "instructions one wavefront may issue (default 1000000; 0 = none; k/M/G suffixes)", NULL,
     CLI_KEY_STEP_LIMIT, 0},
    {"chip", "ctm|cayman|rv740",
     "chip profile: ctm (default) counts one clock per instruction issued; cayman and rv740 "
     "count the modelled cycles of one SIMD of those chips (docs/timing.md) and run on one "
     "thread; results do not depend on it",
     NULL, CLI_KEY_CHIP, 0},
    {"no-hazard-check", NULL,
     "run a program that breaks the guide's synchronisation rules (ALU_WAIT, the texture "
     "semaphore: docs/model-defined.md) as written; by default the first broken "
     "rule is an error naming it",
     NULL, CLI_KEY_NO_HAZARDS, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

int cli_array_value(const cli_option *o, const char *v, pa_params *p, char *err, size_t errlen)
{
    uint64_t n;
    switch (o->key) {
    case CLI_KEY_WAVE:
        return cli_range_u(v, 1, 64, &p->lanes, err, errlen);
    case CLI_KEY_CONTEXTS:
        return cli_range_u(v, 1, 16, &p->contexts, err, errlen);
    case CLI_KEY_THREADS:
        return cli_range_u(v, 1, 64, &p->threads, err, errlen);
    case CLI_KEY_NO_HAZARDS:
        p->hazards = 0;
        return 0;
    case CLI_KEY_CHIP: {
        tm_chip chip;
        if (tm_chip_parse(v, &chip)) {
            snprintf(err, errlen, "unknown chip '%s' (%s)", v, tm_chip_names());
            return -1;
        }
        p->chip = chip;
        return 0;
    }
    default:
        if (cli_count(v, UINT32_MAX, &n, err, errlen))
            return -1;
        p->step_limit = n;
        return 0;
    }
}
