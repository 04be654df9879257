/* --wave, --contexts, --step-limit, --threads. */
#include "array_opts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_number(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *end || errno || v > max || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

int cli_array_opt(const char *opt, const char *val, pa_params *p, int *bad)
{
    unsigned long long n = 0;
    if (!strcmp(opt, "--wave")) {
        *bad = cli_number(val, 64, &n) || n < 1;
        p->lanes = (unsigned)n;
    } else if (!strcmp(opt, "--contexts")) {
        *bad = cli_number(val, 16, &n) || n < 1;
        p->contexts = (unsigned)n;
    } else if (!strcmp(opt, "--threads")) {
        *bad = cli_number(val, 64, &n) || n < 1;
        p->threads = (unsigned)n;
    } else if (!strcmp(opt, "--step-limit")) {
        *bad = cli_number(val, 0xFFFFFFFFull, &n);
        p->step_limit = n;
    } else {
        return 0;
    }
    return 1;
}
