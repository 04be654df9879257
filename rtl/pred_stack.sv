// Predicate register and predicate stack per context: the predicate unit of the
// SIMT branch-processing patent. Port contract and corner cases: docs/pred_stack.md.
//
// SpuSc > 0 groups the lanes as the patent's SPUs (docs/pred_stack.md, "SPU grouping"):
// Lanes / (SpuSc + 1) SPUs, each SpuSc SC lanes and one SFU lane. The SFU lane's predicate
// is the OR of its SPU's SC predicates, and every lane of an SPU has the SPU's TaskMask as
// its DataMask [seed 003]. SpuSc = 0: flat lanes, each with its own TaskMask bit.
//
// One op per cycle on context ctx_i. All outputs are combinational reads of the
// state before the edge. The stacks of all contexts share one RAM addressed by
// {context, pointer} with one write port and asynchronous read ports.

`include "ctm_assert.svh"

module pred_stack #(
  parameter int unsigned Contexts = 32,
  parameter int unsigned Lanes    = 20,
  parameter int unsigned Depth    = 32,
  parameter int unsigned SpuSc    = 0,
  localparam int unsigned CtxW    = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned SpW     = $clog2(Depth + 1),
  localparam int unsigned PtrW    = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [2:0]       op_i,
  input  logic [CtxW-1:0]  ctx_i,
  input  logic [Lanes-1:0] mask_i,
  input  logic [CtxW-1:0]  obs_ctx_i,
  output logic [Lanes-1:0] exec_mask_o,
  output logic [Lanes-1:0] obs_pred_o,
  output logic [Lanes-1:0] obs_task_mask_o,
  output logic [Lanes-1:0] obs_exec_mask_o,
  output logic [SpW-1:0]   obs_sp_o,
  output logic [Lanes-1:0] obs_top_o,
  output logic             obs_overflow_o,
  output logic             obs_underflow_o
);
  // op_i: ctm_isa_pkg::CTM_PRED_OP_* (docs/pred_stack.md), generated from the C model's list;
  // named whole, as yosys 0.23 reads no import. WRITE stores the condition result (the
  // patent's write [seed 003]); SETP and PUSH_SETP are the model's AND forms.

  // SPU grouping: SC lanes first (SPU s owns SC lanes s*SpuSc ..), then one SFU lane per SPU.
  localparam int unsigned Spus  = (SpuSc > 0) ? Lanes / (SpuSc + 1) : 0;
  localparam int unsigned SfuLo = Spus * SpuSc;

  localparam int unsigned RamWords = Contexts * (2 ** PtrW);
  localparam int unsigned AddrW    = (RamWords > 1) ? $clog2(RamWords) : 1;
  localparam logic [SpW-1:0] SpFull = SpW'(Depth);

  // Per-context state and the shared stack RAM (not reset: only written entries are read).
  logic [Lanes-1:0] pred_q      [Contexts];
  logic [Lanes-1:0] task_mask_q [Contexts];
  logic [SpW-1:0]   sp_q        [Contexts];
  logic [Contexts-1:0] overflow_q, underflow_q;
  logic [Lanes-1:0] stack_mem [RamWords];

  // A context index is only valid below Contexts (matters when Contexts is not a power of two).
  logic ctx_valid, obs_valid;
  if (Contexts == 2 ** CtxW) begin : g_ctx_full_range
    assign ctx_valid = 1'b1;
    assign obs_valid = 1'b1;
  end else begin : g_ctx_partial_range
    assign ctx_valid = ctx_i < CtxW'(Contexts);
    assign obs_valid = obs_ctx_i < CtxW'(Contexts);
  end

  // ExecuteMask = predicate AND TaskMask.
  function automatic logic [Lanes-1:0] exec_mask(logic [Lanes-1:0] pred, logic [Lanes-1:0] tmask);
    exec_mask = pred & tmask;
  endfunction

  // RAM word of stack entry `ptr` of context `ctx`: {ctx, ptr}, cut to the RAM's size.
  function automatic logic [AddrW-1:0] ram_addr(logic [CtxW-1:0] ctx, logic [PtrW-1:0] ptr);
    logic [CtxW+PtrW-1:0] full_addr;
    full_addr = {ctx, ptr};
    ram_addr = AddrW'(full_addr);
  endfunction

  // ---------------------------------------------------------------- the op's context
  logic [Lanes-1:0] cur_pred, cur_task_mask, top_rd, top;
  logic [SpW-1:0]   cur_sp;
  logic             cur_overflow, cur_underflow, empty, full;
  logic [AddrW-1:0] rd_addr, wr_addr;

  always_comb begin
    cur_pred      = ctx_valid ? pred_q[ctx_i]      : '0;
    cur_task_mask = ctx_valid ? task_mask_q[ctx_i] : '0;
    cur_sp        = ctx_valid ? sp_q[ctx_i]        : '0;
    cur_overflow  = ctx_valid & overflow_q[ctx_i];
    cur_underflow = ctx_valid & underflow_q[ctx_i];
    empty         = (cur_sp == '0);
    full          = (cur_sp == SpFull);
    rd_addr       = ram_addr(ctx_i, PtrW'(cur_sp - SpW'(1)));
    wr_addr       = ram_addr(ctx_i, PtrW'(cur_sp));
    top_rd        = stack_mem[rd_addr];
    // An empty stack reads as the root mask (all lanes).
    top           = empty ? '1 : top_rd;
  end

  assign exec_mask_o = ctx_valid ? exec_mask(cur_pred, cur_task_mask) : '0;

  // ---------------------------------------------------------------- next state
  logic [Lanes-1:0] pred_n, task_n, pred_d, task_mask_d, wr_data;
  logic [SpW-1:0]   sp_d;
  logic             overflow_d, underflow_d, wr_en;

  always_comb begin
    pred_n      = cur_pred;
    task_n      = cur_task_mask;
    sp_d        = cur_sp;
    overflow_d  = cur_overflow;
    underflow_d = cur_underflow;
    wr_en       = 1'b0;
    wr_data     = cur_pred;
    unique case (op_i)
      ctm_isa_pkg::CTM_PRED_OP_SETP: pred_n = cur_pred & mask_i;
      ctm_isa_pkg::CTM_PRED_OP_PUSH, ctm_isa_pkg::CTM_PRED_OP_PUSH_SETP: begin
        if (full) begin
          overflow_d = 1'b1;
        end else begin
          wr_en = 1'b1;
          sp_d  = cur_sp + SpW'(1);
        end
        if (op_i == ctm_isa_pkg::CTM_PRED_OP_PUSH_SETP) begin
          pred_n = cur_pred & mask_i;
        end
      end
      ctm_isa_pkg::CTM_PRED_OP_POP: begin
        pred_n = top;
        if (empty) begin
          underflow_d = 1'b1;
        end else begin
          sp_d = cur_sp - SpW'(1);
        end
      end
      ctm_isa_pkg::CTM_PRED_OP_INV: begin
        pred_n = ~cur_pred & top;
        underflow_d = cur_underflow | empty;
      end
      ctm_isa_pkg::CTM_PRED_OP_SET_TASK_MASK: task_n = mask_i;
      ctm_isa_pkg::CTM_PRED_OP_WRITE:         pred_n = mask_i;
      default: ;
    endcase
  end

  // ---------------------------------------------------------------- SPU grouping
  // The predicate and DataMask as the registers hold them. Grouped, SPU s's SFU predicate
  // bit is the OR of its SC bits, and all its lanes take one DataMask bit: set when any of
  // its SC lanes is set in the TaskMask written. Both rules are idempotent, so they apply
  // to every next state (a POP brings back a value that already obeys them).
  if (SpuSc > 0) begin : g_spu
    for (genvar s = 0; s < Spus; s++) begin : g_spu_lanes
      logic any_pred, any_task;
      assign any_pred = |pred_n[s*SpuSc+:SpuSc];
      assign any_task = |task_n[s*SpuSc+:SpuSc];
      assign pred_d[s*SpuSc+:SpuSc]      = pred_n[s*SpuSc+:SpuSc];
      assign pred_d[SfuLo+s]             = any_pred;
      assign task_mask_d[s*SpuSc+:SpuSc] = {SpuSc{any_task}};
      assign task_mask_d[SfuLo+s]        = any_task;
    end
    // The SFU bits of the computed values are replaced by the rule (and any bits past
    // the last whole SPU are refused at elaboration, below).
    logic unused_sfu_bits;
    assign unused_sfu_bits = ^{pred_n[Lanes-1:SfuLo], task_n[Lanes-1:SfuLo]};
  end else begin : g_flat
    assign pred_d      = pred_n;
    assign task_mask_d = task_n;
  end

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned c = 0; c < Contexts; c++) begin
        pred_q[c]      <= '1;
        task_mask_q[c] <= '1;
        sp_q[c]        <= '0;
      end
      overflow_q  <= '0;
      underflow_q <= '0;
    end else if (ctx_valid) begin
      pred_q[ctx_i]      <= pred_d;
      task_mask_q[ctx_i] <= task_mask_d;
      sp_q[ctx_i]        <= sp_d;
      overflow_q[ctx_i]  <= overflow_d;
      underflow_q[ctx_i] <= underflow_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (wr_en && ctx_valid) begin
      stack_mem[wr_addr] <= wr_data;
    end
  end

  // ---------------------------------------------------------------- observation port
  logic [SpW-1:0] obs_sp;
  assign obs_sp          = obs_valid ? sp_q[obs_ctx_i] : '0;
  assign obs_sp_o        = obs_sp;
  assign obs_pred_o      = obs_valid ? pred_q[obs_ctx_i] : '0;
  assign obs_task_mask_o = obs_valid ? task_mask_q[obs_ctx_i] : '0;
  assign obs_exec_mask_o = obs_valid ? exec_mask(pred_q[obs_ctx_i], task_mask_q[obs_ctx_i]) : '0;
  assign obs_top_o       = (obs_sp != '0) ? stack_mem[ram_addr(obs_ctx_i, PtrW'(obs_sp - SpW'(1)))] : '0;
  assign obs_overflow_o  = obs_valid & overflow_q[obs_ctx_i];
  assign obs_underflow_o = obs_valid & underflow_q[obs_ctx_i];

  // The grouping needs whole SPUs.
  if (SpuSc > 0 && (Spus == 0 || Lanes != Spus * (SpuSc + 1))) begin : g_bad_grouping
    $error("pred_stack: Lanes = %0d is not a multiple of SpuSc + 1 = %0d", Lanes, SpuSc + 1);
  end

`ifndef SYNTHESIS
  // The pointer stays within 0..Depth in every context: no wrap on overflow or underflow.
  // (Only checkable when the pointer has spare codes above Depth.)
  if ((2 ** SpW) - 1 > Depth) begin : g_sp_range_check
    `CTM_ASSERT(SpInRange_A, ctx_valid |-> sp_d <= SpFull)
  end

  // Corners the regression must reach (make coverage): every op on an empty, a partly
  // filled and a full stack; the first overflow and underflow; a bad context index.
  for (genvar o = 0; o < 8; o++) begin : g_cover_op
    `CTM_COVER(OpEmpty_C, ctx_valid && op_i == 3'(o) && empty)
    `CTM_COVER(OpMid_C, ctx_valid && op_i == 3'(o) && !empty && !full)
    `CTM_COVER(OpFull_C, ctx_valid && op_i == 3'(o) && full)
  end
  `CTM_COVER(Overflow_C, ctx_valid && !cur_overflow && overflow_d)
  `CTM_COVER(Underflow_C, ctx_valid && !cur_underflow && underflow_d)
  `CTM_COVER(BadContext_C, !ctx_valid)
`endif
endmodule
