#include "stim_weights.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_WEIGHT = 1000000 };

static void list_names(char *err, size_t errlen, unsigned count, stim_op_namer name)
{
    size_t used = strlen(err);
    used += (size_t)snprintf(err + used, errlen > used ? errlen - used : 0, " (ops:");
    for (unsigned i = 0; i < count && used < errlen; i++) {
        char op[32];
        name(i, op, sizeof op);
        used += (size_t)snprintf(err + used, errlen - used, " %s", op);
    }
    if (used < errlen)
        snprintf(err + used, errlen - used, "; weights 0..%d)", MAX_WEIGHT);
}

void stim_lower_name(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s", name);
    for (char *c = buf; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
}

int stim_weights_parse(const char *text, unsigned *weights, unsigned count, stim_op_namer name,
                       char *err, size_t errlen)
{
    char *copy = strdup(text), *save = NULL;
    int rc = copy ? 0 : -1;
    for (char *item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '='), *end = NULL;
        unsigned op = count;
        if (eq) {
            *eq = 0;
            for (unsigned i = 0; i < count; i++) {
                char candidate[32];
                name(i, candidate, sizeof candidate);
                if (!strcasecmp(item, candidate))
                    op = i;
            }
            *eq = '='; /* the message quotes the item whole */
        }
        unsigned long w = eq ? strtoul(eq + 1, &end, 10) : 0;
        if (!eq || op == count || end == eq + 1 || *end || eq[1] == '-' || w > MAX_WEIGHT) {
            snprintf(err, errlen, "'%s' is not op=weight", item);
            list_names(err, errlen, count, name);
            rc = -1;
        } else {
            weights[op] = (unsigned)w;
        }
    }
    free(copy);
    unsigned total = 0;
    for (unsigned i = 0; i < count; i++)
        total += weights[i];
    if (!rc && total == 0) {
        snprintf(err, errlen, "all weights are zero");
        rc = -1;
    }
    return rc;
}

void stim_weights_format(char *buf, size_t n, const unsigned *weights, unsigned count,
                         stim_op_namer name)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < count && used < n; i++) {
        char op[32];
        name(i, op, sizeof op);
        used += (size_t)snprintf(buf + used, n - used, "%s%s=%u", i ? "," : "", op, weights[i]);
    }
}

void stim_weight_table(uint8_t table[256], const unsigned *weights, unsigned count)
{
    unsigned total = 0, used = 0, biggest = 0, slot = 0;
    unsigned share[256];
    for (unsigned i = 0; i < count; i++)
        total += weights[i];
    for (unsigned i = 0; i < count; i++) {
        share[i] = weights[i] ? (unsigned)(256ull * weights[i] / total) : 0;
        if (weights[i] && !share[i])
            share[i] = 1;
        used += share[i];
        if (share[i] > share[biggest])
            biggest = i;
    }
    share[biggest] = share[biggest] + 256 - used; /* unsigned wrap is intended when used > 256 */
    for (unsigned i = 0; i < count; i++)
        for (unsigned k = 0; k < share[i] && slot < 256; k++)
            table[slot++] = (uint8_t)i;
}
