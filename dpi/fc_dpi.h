/* What the flow-control DPI glue shares with the system run's (dpi/sys_dpi.c). */
#ifndef DPI_FC_DPI_H
#define DPI_FC_DPI_H

#include "fc_bench.h"

#include <svdpi.h>

/* Unpacks s onto the testbench's fc_unit input ports (the instruction as
 * US_CMN_INST, US_FC_INST, US_FC_ADDR and US_FC_INT_CONST dwords). */
void fc_dpi_pack(const fc_stim *s, svBit *rst, int *cmd, int *ctx, svBit *full_mode, int *cmn_inst,
                 int *fc_inst, int *fc_addr, int *int_const, svBit *bool_const, long long *pred_r,
                 long long *pred_g, long long *pred_b, long long *pred_a, long long *alu_result,
                 svBit *alu_valid, int *pc, long long *live);

#endif
