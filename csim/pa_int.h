/* Internals shared by the processor array's files (pa.c, pa_tex.c). */
#ifndef CSIM_PA_INT_H
#define CSIM_PA_INT_H

#include "isa.h"
#include "mc.h"
#include "status.h"

#include <stdint.h>

/* The architectural state of one lane. */
typedef struct pa_lane {
    uint32_t temp[DPP_NUM_TEMPS][4];
    uint32_t out[DPP_NUM_OUTPUTS][4];
    uint8_t out_written[DPP_NUM_OUTPUTS]; /* channel masks written since the start */
    uint32_t w;                           /* conditional value written by the program */
    uint8_t w_written;
    uint8_t pred;       /* bit k = predicate k */
    uint8_t alu_result; /* 0/1 */
} pa_lane;

/* Bit c: channel c of inst passes the lane's predication (RGB_/ALPHA_PRED_SEL/INV). */
unsigned pa_channel_pred(const dpp_cmn *m, uint8_t pred);

/* Executes TEX instruction inst on one lane. *kill is set by TEXKILL. */
dpp_status pa_tex_exec(const dpp_inst *inst, pa_lane *lane, int32_t al, const mc_model *mc,
                       int *kill, dpp_error *err);

#endif
