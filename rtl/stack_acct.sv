// stack_acct: R700 stack-allocation accounting.
// Port contract, rule table and model-defined behaviour: docs/stack_acct.md.
// One op per cycle; every output is a register (Moore): the outputs show the
// state after the previous edge.

`include "ctm_assert.svh"

module stack_acct #(
  parameter int unsigned Width = 64,  // physical thread-group width: 16, 32, 48, 64
  parameter int unsigned Rule  = ctm_isa_pkg::CTM_STACK_RULE_ISA,  // or _MESA, _LLVM
  parameter int unsigned Chip  = ctm_isa_pkg::CTM_STACK_CHIP_R7XX, // or _EVERGREEN, _NI, _CAYMAN
  parameter int unsigned Depth = 64   // frames the tracker holds, 1..1024
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [3:0]  op_i,
  input  logic [2:0]  pop_count_i,
  input  logic        wqm_i,
  input  logic        taken_i,
  input  logic [7:0]  stack_size_i,
  output logic [15:0] entries_o,
  output logic [15:0] subentries_o,
  output logic [15:0] need_o,
  output logic [15:0] hwm_o,
  output logic [15:0] depth_o,
  output logic        overflow_o,
  output logic        underflow_o,
  output logic        drop_o
);

  // ------------------------------------------------------------------ op codes
  // op_i: ctm_isa_pkg::CTM_STACK_OP_* (docs/stack_acct.md), generated from the C model's list;
  // named whole, as yosys 0.23 reads no import. 0 (NOP) and 13..15 (reserved) fall into the
  // default: no effect.

  // Frame kinds: a non-WQM push, the LLVM NI "full-entry" non-WQM push, a WQM
  // push, a loop, a call.
  localparam logic [2:0] FrVpm     = 3'd0;
  localparam logic [2:0] FrVpmFull = 3'd1;
  localparam logic [2:0] FrWqm     = 3'd2;
  localparam logic [2:0] FrLoop    = 3'd3;
  localparam logic [2:0] FrCall    = 3'd4;

  // ------------------------------------------------------------------ the rule row
  // Table 3.5: subentries per entry.
  localparam int unsigned S = (Width == 16 || Width == 32) ? 8 : 4;
  localparam bit RuleIsa  = (Rule == ctm_isa_pkg::CTM_STACK_RULE_ISA);
  localparam bit RuleMesa = (Rule == ctm_isa_pkg::CTM_STACK_RULE_MESA);
  localparam bit RuleLlvm = (Rule == ctm_isa_pkg::CTM_STACK_RULE_LLVM);
  localparam bit Cayman   = (Chip == ctm_isa_pkg::CTM_STACK_CHIP_CAYMAN);
  // M: subentries a full entry weighs; D: the divisor of the total.
  localparam int unsigned M = RuleLlvm ? 4 : S;
  localparam int unsigned D = RuleIsa ? S : 4;
  localparam int unsigned DShift = (D == 8) ? 3 : 2;
  // Extra subentries held while a non-WQM push is live.
  localparam int unsigned FirstExtra =
      RuleIsa ? 2 : Cayman ? 0 : (Chip == ctm_isa_pkg::CTM_STACK_CHIP_R7XX) ? 2 : 1;
  // Extra subentries held while any push or loop is live (Mesa Cayman).
  localparam int unsigned AnyExtra = (RuleMesa && Cayman) ? 2 : 0;
  // Extra subentry of the LLVM NI full-entry frame.
  localparam int unsigned FullExtra = (RuleLlvm && Chip == ctm_isa_pkg::CTM_STACK_CHIP_NI) ? 1 : 0;
  // Subentries of a call frame (ISA Table 3.6).
  localparam int unsigned CallCost = !RuleIsa ? 0 : (Width == 16) ? 2 : 1;

  localparam int unsigned SpW  = $clog2(Depth + 1);
  localparam int unsigned IdxW = (Depth > 1) ? $clog2(Depth) : 1;

  // ------------------------------------------------------------------ state
  // Frame storage: written by pushes, read below sp only; not reset, like a RAM.
  logic [2:0]     frame_q [Depth];
  logic           frame_we;
  logic [IdxW-1:0] frame_widx;
  logic [SpW-1:0] sp_q, sp_d;
  logic [SpW-1:0] vpm_q, vpm_d, full_q, full_d, wqm_q, wqm_d, loop_q, loop_d, call_q, call_d;
  logic [15:0]    a_q, a_d, b_q, b_d, need_q, need_d, hwm_q, hwm_d;
  logic           ovf_q, ovf_d, udf_q, udf_d, drop_q, drop_d;

  // ------------------------------------------------------------------ decode
  logic       is_push;
  logic [2:0] push_kind;
  logic [2:0] pop_n;
  logic       taken_pops;

  assign taken_pops = taken_i;

  always_comb begin
    is_push   = 1'b0;
    push_kind = FrVpm;
    pop_n     = 3'd0;
    unique case (op_i)
      ctm_isa_pkg::CTM_STACK_OP_PUSH, ctm_isa_pkg::CTM_STACK_OP_PUSH_ELSE: begin
        is_push   = 1'b1;
        push_kind = wqm_i ? FrWqm : FrVpm;
      end
      ctm_isa_pkg::CTM_STACK_OP_ALU_PUSH_BEFORE: begin
        is_push   = 1'b1;
        push_kind = FrVpm;
      end
      ctm_isa_pkg::CTM_STACK_OP_PUSH_WQM: begin
        is_push   = 1'b1;
        push_kind = FrWqm;
      end
      ctm_isa_pkg::CTM_STACK_OP_LOOP_START: begin
        is_push   = 1'b1;
        push_kind = FrLoop;
      end
      ctm_isa_pkg::CTM_STACK_OP_CALL: begin
        is_push   = 1'b1;
        push_kind = FrCall;
      end
      ctm_isa_pkg::CTM_STACK_OP_POP: pop_n = pop_count_i;
      ctm_isa_pkg::CTM_STACK_OP_LOOP_END, ctm_isa_pkg::CTM_STACK_OP_RETURN: pop_n = 3'd1;
      ctm_isa_pkg::CTM_STACK_OP_ELSE, ctm_isa_pkg::CTM_STACK_OP_JUMP: begin
        pop_n = taken_pops ? pop_count_i : 3'd0;
      end
      default: ;
    endcase
    // LLVM NI: the first non-WQM push made while a full entry is in use.
    if (FullExtra != 0 && push_kind == FrVpm && (vpm_q != '0 || full_q != '0) &&
        (wqm_q != '0 || loop_q != '0) && full_q == '0) begin
      push_kind = FrVpmFull;
    end
  end

  // ------------------------------------------------------------------ next state
  logic [15:0] nonwqm, t_d;

  always_comb begin
    frame_we   = 1'b0;
    frame_widx = sp_q[IdxW-1:0];
    sp_d    = sp_q;
    vpm_d   = vpm_q;
    full_d  = full_q;
    wqm_d   = wqm_q;
    loop_d  = loop_q;
    call_d  = call_q;
    udf_d   = 1'b0;
    drop_d  = 1'b0;

    if (is_push) begin
      if (sp_q == SpW'(Depth)) begin
        drop_d = 1'b1;
      end else begin
        frame_we = 1'b1;
        sp_d = sp_q + SpW'(1);
        unique case (push_kind)
          FrVpm:     vpm_d  = vpm_q + SpW'(1);
          FrVpmFull: full_d = full_q + SpW'(1);
          FrWqm:     wqm_d  = wqm_q + SpW'(1);
          FrLoop:    loop_d = loop_q + SpW'(1);
          default:   call_d = call_q + SpW'(1);
        endcase
      end
    end

    // Up to 7 pops, top first; an empty stack flags underflow and stops.
    for (int unsigned i = 0; i < 7; i++) begin
      if (3'(i) < pop_n) begin
        if (sp_d == '0) begin
          udf_d = 1'b1;
        end else begin
          sp_d = sp_d - SpW'(1);
          unique case (frame_q[sp_d[IdxW-1:0]])
            FrVpm:     vpm_d  = vpm_d - SpW'(1);
            FrVpmFull: full_d = full_d - SpW'(1);
            FrWqm:     wqm_d  = wqm_d - SpW'(1);
            FrLoop:    loop_d = loop_d - SpW'(1);
            default:   call_d = call_d - SpW'(1);
          endcase
        end
      end
    end

    // The accounting of the new state (docs/stack_acct.md, "The rules").
    nonwqm = 16'(vpm_d) + 16'(full_d);
    a_d = 16'(wqm_d) + 16'(loop_d);
    b_d = nonwqm;
    b_d = b_d + 16'(call_d) * 16'(CallCost) + 16'(full_d) * 16'(FullExtra);
    if (nonwqm != '0) b_d = b_d + 16'(FirstExtra);
    if (nonwqm != '0 || a_d != '0) b_d = b_d + 16'(AnyExtra);
    t_d = a_d * 16'(M) + b_d;
    need_d = (t_d + 16'(D - 1)) >> DShift;
    hwm_d = (need_d > hwm_q) ? need_d : hwm_q;
    ovf_d = t_d > (16'(stack_size_i) << DShift);

    if (op_i == ctm_isa_pkg::CTM_STACK_OP_CLEAR) begin
      sp_d   = '0;
      vpm_d  = '0;
      full_d = '0;
      wqm_d  = '0;
      loop_d = '0;
      call_d = '0;
      a_d    = '0;
      b_d    = '0;
      need_d = '0;
      hwm_d  = '0;
      ovf_d  = 1'b0;
      udf_d  = 1'b0;
      drop_d = 1'b0;
    end
  end

  // ------------------------------------------------------------------ registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sp_q   <= '0;
      vpm_q  <= '0;
      full_q <= '0;
      wqm_q  <= '0;
      loop_q <= '0;
      call_q <= '0;
      a_q    <= '0;
      b_q    <= '0;
      need_q <= '0;
      hwm_q  <= '0;
      ovf_q  <= 1'b0;
      udf_q  <= 1'b0;
      drop_q <= 1'b0;
    end else begin
      sp_q    <= sp_d;
      vpm_q   <= vpm_d;
      full_q  <= full_d;
      wqm_q   <= wqm_d;
      loop_q  <= loop_d;
      call_q  <= call_d;
      a_q     <= a_d;
      b_q     <= b_d;
      need_q  <= need_d;
      hwm_q   <= hwm_d;
      ovf_q   <= ovf_d;
      udf_q   <= udf_d;
      drop_q  <= drop_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (frame_we) frame_q[frame_widx] <= push_kind;
  end

  assign entries_o    = a_q;
  assign subentries_o = b_q;
  assign need_o       = need_q;
  assign hwm_o        = hwm_q;
  assign depth_o      = 16'(sp_q);
  assign overflow_o   = ovf_q;
  assign underflow_o  = udf_q;
  assign drop_o       = drop_q;

  // ------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  initial begin
    ParamWidth_A: assert (Width == 16 || Width == 32 || Width == 48 || Width == 64)
      else $error("stack_acct: Width %0d is not 16, 32, 48 or 64", Width);
    ParamRule_A: assert (Rule <= ctm_isa_pkg::CTM_STACK_RULE_LLVM &&
                         Chip <= ctm_isa_pkg::CTM_STACK_CHIP_CAYMAN)
      else $error("stack_acct: Rule %0d / Chip %0d out of range", Rule, Chip);
    ParamDepth_A: assert (Depth >= 1 && Depth <= 1024)
      else $error("stack_acct: Depth %0d is not in 1..1024", Depth);
  end

  `CTM_ASSERT(SpRange_A, sp_q <= SpW'(Depth))
  // The kind counters partition the frames.
  `CTM_ASSERT(CountSum_A,
      16'(vpm_q) + 16'(full_q) + 16'(wqm_q) + 16'(loop_q) + 16'(call_q) == 16'(sp_q))
  `CTM_ASSERT(FullOnce_A, 16'(full_q) <= 16'd1)
  `CTM_ASSERT(HwmCoversNeed_A, hwm_q >= need_q)
  `CTM_ASSERT(EmptyNeedsNothing_A, (sp_q == '0) |-> (need_q == '0))

  // Corners the regression must reach (make coverage): every op on an empty, a partly
  // filled and a full tracker; drop, underflow, overflow of STACK_SIZE; seven pops at once.
  for (genvar o = 0; o < 16; o++) begin : g_cover_op
    `CTM_COVER(OpEmpty_C, op_i == 4'(o) && sp_q == '0)
    `CTM_COVER(OpMid_C, op_i == 4'(o) && sp_q != '0 && sp_q != SpW'(Depth))
    `CTM_COVER(OpFull_C, op_i == 4'(o) && sp_q == SpW'(Depth))
  end
  `CTM_COVER(Drop_C, drop_d)
  `CTM_COVER(Underflow_C, udf_d)
  `CTM_COVER(Overflow_C, !ovf_q && ovf_d)
  `CTM_COVER(SevenPops_C, pop_n == 3'd7 && !udf_d)
  `CTM_COVER(HwmRises_C, hwm_d > hwm_q)
`endif

endmodule
