/* Options that configure the processor array, shared by dpp run and dpp exec. */
#ifndef CSIM_CLI_ARRAY_OPTS_H
#define CSIM_CLI_ARRAY_OPTS_H

#include "pa.h"

/* Parses an unsigned number (decimal or 0x hex) up to max; 0 on success, -1 otherwise. */
int cli_number(const char *s, unsigned long long max, unsigned long long *out);

/* If opt is --wave, --contexts, --step-limit or --threads, parses val into p, sets *bad
 * when val is out of range, and returns 1; returns 0 for any other option. */
int cli_array_opt(const char *opt, const char *val, pa_params *p, int *bad);

#endif
