/* Helpers shared by the stimulus generators: op weights given on the command
 * line (`--weights push=3,pop=5`) and the 256-entry table that turns one random
 * byte into a weighted op. */
#ifndef HARNESS_STIM_WEIGHTS_H
#define HARNESS_STIM_WEIGHTS_H

#include <stddef.h>
#include <stdint.h>

/* Lower-case name of op `op` as the --weights option spells it. */
typedef void (*stim_op_namer)(unsigned op, char *buf, size_t n);

/* Copies name into buf in lower case (op names as --weights spells them). */
void stim_lower_name(char *buf, size_t n, const char *name);

/* Parses "name=weight,..." into weights[0..count) (ops not named keep their
 * weight). Weights are 0..1000000 and not all zero. Returns 0, or -1 with a
 * message listing the valid names. */
int stim_weights_parse(const char *text, unsigned *weights, unsigned count, stim_op_namer name,
                       char *err, size_t errlen);

/* Formats every weight as the option value that reproduces it. */
void stim_weights_format(char *buf, size_t n, const unsigned *weights, unsigned count,
                         stim_op_namer name);

/* Spreads the 256 values of a byte over the ops in proportion to their
 * weights (each op with a non-zero weight gets at least one value; rounding is
 * settled on the most likely op). The weights must not all be zero. */
void stim_weight_table(uint8_t table[256], const unsigned *weights, unsigned count);

#endif
