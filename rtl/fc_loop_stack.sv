// Loop stacks of every context of fc_unit: one pointer per context and one
// shared frame RAM addressed by {context, pointer}. A frame is
// {is_loop, count, al, inc, live, brk, cont}. Per cycle the caller issues at most
// one of clr (START), push (new frame), pop, or upd (rewrite the top frame),
// already gated by "the step commits". The *_d outputs show the context after
// the edge. Frame masks are stored raw: the caller ANDs them with its lanes that
// are still alive (dead lanes leave every frame without rewriting each one).
// For a REP frame `al` holds the aL of the innermost LOOP frame below it, so the
// top frame always carries the aL the unit reports.

`include "ctm_assert.svh"

module fc_loop_stack #(
  parameter int unsigned Contexts = 1,
  parameter int unsigned Lanes    = 64,
  parameter int unsigned Depth    = 4,
  localparam int unsigned CtxW    = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned PtrW    = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [CtxW-1:0]  ctx_i,
  input  logic             ctx_valid_i,
  input  logic             clr_i,
  input  logic             push_i,     // caller checked sp_o < Depth
  input  logic             pop_i,      // caller checked sp_o > 0
  input  logic             upd_i,      // rewrite the top frame (sp_o > 0)
  input  logic             w_is_loop_i,
  input  logic [7:0]       w_count_i,
  input  logic [15:0]      w_al_i,
  input  logic [15:0]      w_inc_i,
  input  logic [Lanes-1:0] w_live_i,
  input  logic [Lanes-1:0] w_brk_i,
  input  logic [Lanes-1:0] w_cont_i,
  output logic [5:0]       sp_o,
  output logic             top_is_loop_o,
  output logic [7:0]       top_count_o,
  output logic [15:0]      top_al_o,
  output logic [15:0]      top_inc_o,
  output logic [Lanes-1:0] top_live_o,
  output logic [Lanes-1:0] top_brk_o,
  output logic [Lanes-1:0] top_cont_o,
  output logic [5:0]       sp_d_o,
  output logic             top_d_is_loop_o,
  output logic [7:0]       top_d_count_o,
  output logic [15:0]      top_d_al_o,
  output logic [Lanes-1:0] top_d_live_o,
  output logic [Lanes-1:0] top_d_brk_o,
  output logic [Lanes-1:0] top_d_cont_o
);
  localparam int unsigned RamWords = Contexts * (2 ** PtrW);
  localparam int unsigned AddrW    = (RamWords > 1) ? $clog2(RamWords) : 1;

  logic [5:0]       sp_q     [Contexts];
  logic             is_loop_m[RamWords];
  logic [7:0]       count_m  [RamWords];
  logic [15:0]      al_m     [RamWords];
  logic [15:0]      inc_m    [RamWords];
  logic [Lanes-1:0] live_m   [RamWords];
  logic [Lanes-1:0] brk_m    [RamWords];
  logic [Lanes-1:0] cont_m   [RamWords];

  function automatic logic [AddrW-1:0] ram_addr(logic [CtxW-1:0] ctx, logic [PtrW-1:0] ptr);
    logic [CtxW+PtrW-1:0] full_addr;
    full_addr = {ctx, ptr};
    ram_addr = AddrW'(full_addr);
  endfunction

  logic [5:0]       sp;
  logic             nonempty, two;
  logic [AddrW-1:0] top_a, below_a, wr_a;
  always_comb begin
    sp       = ctx_valid_i ? sp_q[ctx_i] : '0;
    nonempty = (sp != '0);
    two      = (sp > 6'd1);
    top_a    = ram_addr(ctx_i, PtrW'(sp - 6'd1));
    below_a  = ram_addr(ctx_i, PtrW'(sp - 6'd2));
  end
  assign wr_a = push_i ? ram_addr(ctx_i, PtrW'(sp)) : top_a;
  assign sp_o = sp;

  always_comb begin
    top_is_loop_o = nonempty & is_loop_m[top_a];
    top_count_o   = nonempty ? count_m[top_a] : '0;
    top_al_o      = nonempty ? al_m[top_a]    : '0;
    top_inc_o     = nonempty ? inc_m[top_a]   : '0;
    top_live_o    = nonempty ? live_m[top_a]  : '0;
    top_brk_o     = nonempty ? brk_m[top_a]   : '0;
    top_cont_o    = nonempty ? cont_m[top_a]  : '0;
  end

  // The context after the edge.
  always_comb begin
    sp_d_o          = sp;
    top_d_is_loop_o = top_is_loop_o;
    top_d_count_o   = top_count_o;
    top_d_al_o      = top_al_o;
    top_d_live_o    = top_live_o;
    top_d_brk_o     = top_brk_o;
    top_d_cont_o    = top_cont_o;
    if (clr_i) begin
      sp_d_o          = '0;
      top_d_is_loop_o = 1'b0;
      top_d_count_o   = '0;
      top_d_al_o      = '0;
      top_d_live_o    = '0;
      top_d_brk_o     = '0;
      top_d_cont_o    = '0;
    end else if (push_i || upd_i) begin
      sp_d_o          = push_i ? sp + 6'd1 : sp;
      top_d_is_loop_o = w_is_loop_i;
      top_d_count_o   = w_count_i;
      top_d_al_o      = w_al_i;
      top_d_live_o    = w_live_i;
      top_d_brk_o     = w_brk_i;
      top_d_cont_o    = w_cont_i;
    end else if (pop_i) begin
      sp_d_o          = sp - 6'd1;
      top_d_is_loop_o = two & is_loop_m[below_a];
      top_d_count_o   = two ? count_m[below_a] : '0;
      top_d_al_o      = two ? al_m[below_a]    : '0;
      top_d_live_o    = two ? live_m[below_a]  : '0;
      top_d_brk_o     = two ? brk_m[below_a]   : '0;
      top_d_cont_o    = two ? cont_m[below_a]  : '0;
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

  // Not reset: only frames below the pointer are read, each written by a push since START.
  always_ff @(posedge clk_i) begin
    if ((push_i || upd_i) && !clr_i && ctx_valid_i) begin
      is_loop_m[wr_a] <= w_is_loop_i;
      count_m[wr_a]   <= w_count_i;
      al_m[wr_a]      <= w_al_i;
      inc_m[wr_a]     <= w_inc_i;
      live_m[wr_a]    <= w_live_i;
      brk_m[wr_a]     <= w_brk_i;
      cont_m[wr_a]    <= w_cont_i;
    end
  end

`ifndef SYNTHESIS
  `CTM_ASSERT(NoOverflow_A, push_i |-> sp < 6'(Depth))
  `CTM_ASSERT(NoUnderflow_A, (pop_i || upd_i) |-> sp != '0)
  `CTM_ASSERT(OneCommand_A, $onehot0({clr_i, push_i, pop_i, upd_i}))
`endif
endmodule
