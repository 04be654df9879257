// Address (return) stacks of every context of fc_unit: one stack pointer per
// context and one shared RAM addressed by {context, pointer}. The caller issues
// at most one of clr/push/pop per cycle for context ctx_i, already gated by
// "the step commits"; the *_d outputs show that context after the edge.
// Port contract of the whole unit: docs/fc_unit.md; notes: docs/fc_unit_rtl.md.

`include "ctm_assert.svh"

module fc_addr_stack #(
  parameter int unsigned Contexts = 1,
  parameter int unsigned Depth    = 4,
  localparam int unsigned CtxW    = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned PtrW    = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [CtxW-1:0] ctx_i,
  input  logic            ctx_valid_i,
  input  logic            clr_i,     // START: empty the stack
  input  logic            push_i,    // push data_i (caller checked sp_o < Depth)
  input  logic            pop_i,     // pop (caller checked sp_o > 0)
  input  logic [9:0]      data_i,
  output logic [5:0]      sp_o,      // entries in use before the edge, 0..Depth
  output logic [9:0]      top_o,     // top entry before the edge, 0 when empty
  output logic [5:0]      sp_d_o,    // entries after the edge
  output logic [9:0]      top_d_o    // top entry after the edge, 0 when empty
);
  localparam int unsigned RamWords = Contexts * (2 ** PtrW);
  localparam int unsigned AddrW    = (RamWords > 1) ? $clog2(RamWords) : 1;

  logic [5:0] sp_q [Contexts];
  logic [9:0] mem  [RamWords];

  // RAM word of entry `ptr` of context `ctx`, cut to the RAM's size.
  function automatic logic [AddrW-1:0] ram_addr(logic [CtxW-1:0] ctx, logic [PtrW-1:0] ptr);
    logic [CtxW+PtrW-1:0] full_addr;
    full_addr = {ctx, ptr};
    ram_addr = AddrW'(full_addr);
  endfunction

  logic [5:0] sp;
  logic [9:0] below;
  always_comb begin
    sp    = ctx_valid_i ? sp_q[ctx_i] : '0;
    top_o = (sp != '0) ? mem[ram_addr(ctx_i, PtrW'(sp - 6'd1))] : '0;
    below = (sp > 6'd1) ? mem[ram_addr(ctx_i, PtrW'(sp - 6'd2))] : '0;
  end
  assign sp_o = sp;

  always_comb begin
    sp_d_o  = sp;
    top_d_o = top_o;
    if (clr_i) begin
      sp_d_o  = '0;
      top_d_o = '0;
    end else if (push_i) begin
      sp_d_o  = sp + 6'd1;
      top_d_o = data_i;
    end else if (pop_i) begin
      sp_d_o  = sp - 6'd1;
      top_d_o = below;
    end
  end

  for (genvar c = 0; c < Contexts; c++) begin : g_ctx
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        sp_q[c] <= '0;
      end else if (ctx_valid_i && (ctx_i == CtxW'(c))) begin
        sp_q[c] <= sp_d_o;
      end
    end
  end

  // Not reset: only entries below the pointer are read, each written by a push since START.
  always_ff @(posedge clk_i) begin
    if (push_i && !clr_i && ctx_valid_i) begin
      mem[ram_addr(ctx_i, PtrW'(sp))] <= data_i;
    end
  end

`ifndef SYNTHESIS
  // The caller never pushes a full stack or pops an empty one.
  `CTM_ASSERT(NoOverflow_A, push_i |-> sp < 6'(Depth))
  `CTM_ASSERT(NoUnderflow_A, pop_i |-> sp != '0)
`endif
endmodule
