// The checking layer of the RTL: the clock and reset guard of every concurrent check, written
// once. A block that includes this file names its clock clk_i and its active-low reset rst_ni
// (the lowRISC convention); a check is off while the reset is held, as the registers are then
// being cleared.
//   `CTM_ASSERT(Name_A, prop)   a property that holds at every rising clock edge out of reset
//   `CTM_COVER(Name_C, prop)    a corner the regression must reach (make coverage)
// Each is a whole statement (no ';' after it). Under SYNTHESIS they stand for nothing, so a use
// outside `ifndef SYNTHESIS costs the netlist nothing.
`ifndef CTM_ASSERT_SVH
`define CTM_ASSERT_SVH

`ifndef SYNTHESIS
`define CTM_ASSERT(__name, __prop) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) __prop);
`define CTM_COVER(__name, __prop) \
  __name: cover property (@(posedge clk_i) disable iff (!rst_ni) __prop);
`else
`define CTM_ASSERT(__name, __prop)
`define CTM_COVER(__name, __prop)
`endif

`endif
