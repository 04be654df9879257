/* Options that configure the processor array, shared by dpp run and dpp exec. */
#ifndef CSIM_CLI_ARRAY_OPTS_H
#define CSIM_CLI_ARRAY_OPTS_H

#include "cliopt.h"
#include "pa.h"

/* Keys of the array options; a command's own keys stay below this. */
enum {
    CLI_KEY_WAVE = 1000,
    CLI_KEY_CONTEXTS,
    CLI_KEY_THREADS,
    CLI_KEY_STEP_LIMIT,
    CLI_KEY_CHIP,
    CLI_KEY_NO_HAZARDS
};

/* --wave, --contexts, --threads, --step-limit, --chip, --no-hazard-check (a table for
 * cli_init). */
extern const cli_option cli_array_options[];

/* Parses the value of one of cli_array_options into p: 0, or -1 with a message in err. */
int cli_array_value(const cli_option *o, const char *v, pa_params *p, char *err, size_t errlen);

#endif
