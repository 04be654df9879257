/* The PE command table: name, opcode, parameter count, reserved bits of each
 * parameter, its fields, and whether a change by it reaches a program still
 * running (RACES: counted as a race after an unwaited start_program,
 * docs/pe.md). 0x0F and 0x1B are the manual's; the rest are model-defined
 * (spec ctm-isa.md 2.3, docs/pe.md). */
#include "pe.h"

#include <string.h>

#define BASE   0x00000000u /* bits 10:0 are ignored, not checked */
#define FMT    0xF8FCE003u /* reserved bits of the format word */
#define HEIGHT 0xFFFFE000u /* height is 13 bits */
#define RSV    0xFFFFFFFFu /* a wholly reserved parameter */
#define COORD  0xFFFFF000u /* 12-bit domain coordinate */

/* Fields: F(name, parameter, lsb, mask). A surface's words (spec 3.1) start
 * at parameter b; the height word, where a command has one, follows them. */
#define F(n, k, lsb, mask) &(const pe_field){n, k, lsb, mask}
#define SURFACE(b)                                                                                 \
    F("base", b, 0, 0xFFFFF800u), F("pitch", (b) + 1, 0, 0x1FFCu), F("tiling", (b) + 1, 16, 3),    \
        F("format", (b) + 1, 24, 7)
#define HEIGHT_AT(k) F("height", k, 0, 0x1FFFu)
#define ONE(n, mask) {F(n, 0, 0, mask)}
#define RACES   1 /* the change reaches a program still running */
#define PE_ONLY 0 /* the PE's own state (read when start_program hands out the pairs), or none */

/* clang-format off */
static const pe_cmd_desc cmds[] = {
    {"set_domain", PE_SET_DOMAIN, 4, {COORD, COORD, COORD, COORD},
     {F("i0", 0, 0, 0xFFF), F("j0", 1, 0, 0xFFF), F("i1", 2, 0, 0xFFF), F("j1", 3, 0, 0xFFF)},
     PE_ONLY},
    {"start_program", PE_START_PROGRAM, 1,
     {~(PE_START_NINSTS_MASK | PE_START_FULL_FC | PE_START_FG_DEPTH_SRC)},
     {F("ninsts", 0, 0, PE_START_NINSTS_MASK), F("full_fc", 0, 16, 1),
      F("fg_depth_src", 0, 17, 1)}, PE_ONLY},
    {"wait_for_idle", PE_WAIT_FOR_IDLE, 1, {RSV}, {NULL}, PE_ONLY},
    {"set_cond_val", PE_SET_COND_VAL, 1, {0}, ONE("value", 0xFFFFFFFFu), PE_ONLY},
    {"init_perf_counters", PE_INIT_PERF_COUNTERS, 1, {~1u}, ONE("enable", 1), RACES},
    {"start_perf_counters", PE_START_PERF_COUNTERS, 1, {RSV}, {NULL}, RACES},
    {"stop_perf_counters", PE_STOP_PERF_COUNTERS, 1, {RSV}, {NULL}, RACES},
    {"read_perf_counters", PE_READ_PERF_COUNTERS, 1, {BASE}, ONE("base", 0xFFFFF800u), RACES},
    {"set_inst_fmt", PE_SET_INST_FMT, 2, {BASE, FMT}, {SURFACE(0)}, RACES},
    {"set_constf_fmt", PE_SET_CONSTF_FMT, 2, {BASE, FMT}, {SURFACE(0)}, RACES},
    {"set_consti_fmt", PE_SET_CONSTI_FMT, 2, {BASE, FMT}, {SURFACE(0)}, RACES},
    {"set_constb_fmt", PE_SET_CONSTB_FMT, 2, {BASE, FMT}, {SURFACE(0)}, RACES},
    {"set_inp_fmt", PE_SET_INP_FMT, 4, {~0xFu, BASE, FMT, HEIGHT},
     {F("index", 0, 0, 0xF), SURFACE(1), HEIGHT_AT(3)}, RACES},
    {"set_out_fmt", PE_SET_OUT_FMT, 4, {~0x3u, BASE, FMT, HEIGHT},
     {F("index", 0, 0, 0x3), SURFACE(1), HEIGHT_AT(3)}, RACES},
    {"set_cond_out_fmt", PE_SET_COND_OUT_FMT, 3, {BASE, FMT, HEIGHT},
     {SURFACE(0), HEIGHT_AT(2)}, RACES},
    {"set_out_mask", PE_SET_OUT_MASK, 1, {~0xFu}, ONE("mask", 0xF), RACES},
    {"invalidate_inp_cache", PE_INVALIDATE_INP_CACHE, 1, {RSV}, {NULL}, PE_ONLY},
    {"flush_out_cache", PE_FLUSH_OUT_CACHE, 1, {RSV}, {NULL}, RACES},
    {"set_cond_test", PE_SET_COND_TEST, 1, {~0x7u}, ONE("test", 7), RACES},
    {"set_cond_loc", PE_SET_COND_LOC, 1, {~0x1u}, ONE("loc", 1), RACES},
    {"set_cond_out_mask", PE_SET_COND_OUT_MASK, 1, {~0x1u}, ONE("writemask", 1), RACES},
};
/* clang-format on */

const pe_cmd_desc *pe_cmd_at(unsigned k)
{
    return k < sizeof cmds / sizeof cmds[0] ? &cmds[k] : NULL;
}

const pe_cmd_desc *pe_cmd_by_opcode(unsigned opcode)
{
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (cmds[i].opcode == opcode)
            return &cmds[i];
    return NULL;
}

const pe_cmd_desc *pe_cmd_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(cmds[i].name, name))
            return &cmds[i];
    return NULL;
}

uint32_t pe_header(const pe_cmd_desc *c)
{
    return 0xC0000000u | (uint32_t)(c->nparams - 1) << 16 | (uint32_t)c->opcode << 8;
}

const pe_field *pe_cmd_field(const pe_cmd_desc *d, const char *name)
{
    for (unsigned k = 0; k < PE_MAX_FIELDS && d->fields[k]; k++)
        if (!strcmp(d->fields[k]->name, name))
            return d->fields[k];
    return NULL;
}

uint32_t pe_field_value(const pe_field *f, const uint32_t p[4])
{
    return p[f->param] >> f->lsb & f->mask;
}
