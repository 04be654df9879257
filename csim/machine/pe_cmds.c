/* The PE command table: name, opcode, parameter count, reserved bits of each
 * parameter. 0x0F and 0x1B are the manual's; the rest are model-defined
 * (spec ctm-isa.md 2.3, docs/model-defined.md "PE"). */
#include "pe.h"

#include <string.h>

#define BASE   0x00000000u /* bits 10:0 are ignored, not checked */
#define FMT    0xF8FCE003u /* reserved bits of the format word */
#define HEIGHT 0xFFFFE000u /* height is 13 bits */
#define RSV    0xFFFFFFFFu /* a wholly reserved parameter */
#define COORD  0xFFFFF000u /* 12-bit domain coordinate */

static const pe_cmd_desc cmds[] = {
    {"set_domain", PE_SET_DOMAIN, 4, {COORD, COORD, COORD, COORD}},
    {"start_program", PE_START_PROGRAM, 1, {~(PE_START_NINSTS_MASK | PE_START_FULL_FC)}},
    {"wait_for_idle", PE_WAIT_FOR_IDLE, 1, {RSV}},
    {"set_cond_val", PE_SET_COND_VAL, 1, {0}},
    {"init_perf_counters", PE_INIT_PERF_COUNTERS, 1, {~1u}},
    {"start_perf_counters", PE_START_PERF_COUNTERS, 1, {RSV}},
    {"stop_perf_counters", PE_STOP_PERF_COUNTERS, 1, {RSV}},
    {"read_perf_counters", PE_READ_PERF_COUNTERS, 1, {BASE}},
    {"set_inst_fmt", PE_SET_INST_FMT, 2, {BASE, FMT}},
    {"set_constf_fmt", PE_SET_CONSTF_FMT, 2, {BASE, FMT}},
    {"set_consti_fmt", PE_SET_CONSTI_FMT, 2, {BASE, FMT}},
    {"set_constb_fmt", PE_SET_CONSTB_FMT, 2, {BASE, FMT}},
    {"set_inp_fmt", PE_SET_INP_FMT, 4, {~0xFu, BASE, FMT, HEIGHT}},
    {"set_out_fmt", PE_SET_OUT_FMT, 4, {~0x3u, BASE, FMT, HEIGHT}},
    {"set_cond_out_fmt", PE_SET_COND_OUT_FMT, 3, {BASE, FMT, HEIGHT}},
    {"set_out_mask", PE_SET_OUT_MASK, 1, {~0xFu}},
    {"invalidate_inp_cache", PE_INVALIDATE_INP_CACHE, 1, {RSV}},
    {"flush_out_cache", PE_FLUSH_OUT_CACHE, 1, {RSV}},
    {"set_cond_test", PE_SET_COND_TEST, 1, {~0x7u}},
    {"set_cond_loc", PE_SET_COND_LOC, 1, {~0x1u}},
    {"set_cond_out_mask", PE_SET_COND_OUT_MASK, 1, {~0x1u}},
};

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
