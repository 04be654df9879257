// CTM flow-control unit: per context the FC state of one wavefront of Lanes
// lanes (per-lane ACTIVE / BR_INACTIVE with branch counter / LOOP_MASKED /
// DEAD, the group nesting depth, an address stack and a loop stack).
// Port contract and model-defined corner cases: docs/fc_unit.md (written from
// ../shared/spec/ctm-isa.md section 6); structure and decisions: docs/fc_unit_rtl.md.
//
// One command per cycle for context ctx_i (IDLE, START, EXEC). The outputs are
// combinational and show context ctx_i as it will be after the edge (the result
// of this cycle's step); the edge commits that state.

`include "ctm_assert.svh"

module fc_unit #(
  parameter int unsigned Contexts  = 1,
  parameter int unsigned Lanes     = 64,
  parameter int unsigned AddrDepth = 4,
  parameter int unsigned LoopDepth = 4,
  parameter int unsigned BcWidth   = 6,
  // Branch nesting limit in partial mode: the guide's 6 [seed 000 p38]; Mesa uses 4.
  parameter int unsigned PartBranches = 6,
  localparam int unsigned CtxW     = (Contexts > 1) ? $clog2(Contexts) : 1
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  // command
  input  logic [1:0]                    cmd_i,
  input  logic [7:0]                    ctx_i,
  input  logic                          full_mode_i,
  // decoded FC instruction (US_FC_INST, RGB_PRED_SEL/INV of US_CMN_INST)
  input  logic [2:0]                    op_i,
  input  logic                          b_else_i,
  input  logic                          jump_any_i,
  input  logic [1:0]                    a_op_i,
  input  logic [7:0]                    jump_func_i,
  input  logic [4:0]                    b_pop_cnt_i,
  input  logic [1:0]                    b_op0_i,
  input  logic [1:0]                    b_op1_i,
  input  logic [8:0]                    jump_addr_i,
  input  logic [2:0]                    pred_sel_i,
  input  logic                          pred_inv_i,
  // per-lane condition inputs
  input  logic [Lanes-1:0]              pred_r_i,
  input  logic [Lanes-1:0]              pred_g_i,
  input  logic [Lanes-1:0]              pred_b_i,
  input  logic [Lanes-1:0]              pred_a_i,
  input  logic [Lanes-1:0]              alu_result_i,
  input  logic                          alu_valid_i,
  // constants selected by BOOL_ADDR / INT_ADDR
  input  logic                          bool_const_i,
  input  logic [7:0]                    loop_count_i,
  input  logic [7:0]                    loop_init_i,
  input  logic [7:0]                    loop_step_i,
  input  logic [8:0]                    pc_i,
  input  logic [Lanes-1:0]              live_i,
  // results of the step
  output logic                          jump_o,
  output logic [9:0]                    next_pc_o,
  output logic [Lanes-1:0]              want_o,
  // context ctx_i after the step
  output logic [Lanes-1:0]              active_o,
  output logic [Lanes-1:0]              br_inactive_o,
  output logic [Lanes-1:0]              loop_masked_o,
  output logic [Lanes*BcWidth-1:0]   bc_o,       // lane i at [i*BcWidth +: BcWidth]
  output logic [BcWidth-1:0]            depth_o,
  output logic [5:0]                    addr_sp_o,
  output logic [9:0]                    addr_top_o,
  output logic [5:0]                    loop_sp_o,
  output logic                          loop_top_is_loop_o,
  output logic [7:0]                    loop_top_count_o,
  output logic [Lanes-1:0]              loop_top_live_o,
  output logic [Lanes-1:0]              loop_top_brk_o,
  output logic [Lanes-1:0]              loop_top_cont_o,
  output logic [15:0]                   al_o,
  output logic [2:0]                    ovf_o,
  output logic [2:0]                    udf_o,
  output logic [3:0]                    fault_o
);
  // ---------------------------------------------------------------- encodings
  // Every code (cmd_i, op_i, a_op_i, b_op0_i/b_op1_i, pred_sel_i, fault_o) is ctm_isa_pkg's,
  // generated from the C model's lists (docs/dpi.md), named whole: yosys 0.23 reads no import.

  // Branch nesting limit min(full ? 32 : PartBranches, 2^BcWidth - 1). Partial mode
  // has no loop frames and no address stack entries (no loops, no subroutines).
  localparam int unsigned BcMax      = (2 ** BcWidth) - 1;
  localparam int unsigned BrLimFull  = (BcMax < 32) ? BcMax : 32;
  localparam int unsigned BrLimPart  = (BcMax < PartBranches) ? BcMax : PartBranches;

  // ---------------------------------------------------------------- per-context state
  // The stacks live in fc_addr_stack / fc_loop_stack. `alive` holds the lanes
  // live at START and at every committed EXEC since: frame masks are ANDed
  // with it on read, which removes dead lanes from every frame at once.
  // `lmask` is the union of the brk and cont masks of all frames (the frames'
  // masks are disjoint, so popping a frame removes exactly its lanes).
  logic [Lanes-1:0]              active_q [Contexts];
  logic [Lanes-1:0]              brin_q   [Contexts];
  logic [Lanes*BcWidth-1:0] bc_q     [Contexts];
  logic [Lanes-1:0]              alive_q  [Contexts];
  logic [Lanes-1:0]              lmask_q  [Contexts];
  logic [BcWidth-1:0]            depth_q  [Contexts];
  logic [3:0]                    fault_q  [Contexts];

  logic            ctx_valid;
  logic [CtxW-1:0] cx;
  if (Contexts >= 256) begin : g_ctx_full_range
    assign ctx_valid = 1'b1;
  end else begin : g_ctx_partial_range
    assign ctx_valid = (ctx_i < 8'(Contexts));
  end
  assign cx        = ctx_valid ? ctx_i[CtxW-1:0] : '0;

  logic [Lanes-1:0]              cur_active, cur_brin, cur_alive, cur_lmask;
  logic [Lanes*BcWidth-1:0] cur_bc;
  logic [BcWidth-1:0]            cur_depth;
  logic [3:0]                    cur_fault;
  always_comb begin
    cur_active = ctx_valid ? active_q[cx] : '0;
    cur_brin   = ctx_valid ? brin_q[cx]   : '0;
    cur_bc     = ctx_valid ? bc_q[cx]     : '0;
    cur_alive  = ctx_valid ? alive_q[cx]  : '0;
    cur_lmask  = ctx_valid ? lmask_q[cx]  : '0;
    cur_depth  = ctx_valid ? depth_q[cx]  : '0;
    cur_fault  = ctx_valid ? fault_q[cx]  : '0;
  end

  // ---------------------------------------------------------------- stacks
  logic [5:0]       as_sp, as_sp_d;
  logic [9:0]       as_top, as_top_d, as_wdata;
  logic             as_push, as_pop, stk_clr;

  logic [5:0]       ls_sp, ls_sp_d;
  logic             ls_push, ls_pop, ls_upd;
  logic             ls_top_is_loop, ls_top_d_is_loop, ls_w_is_loop;
  logic [7:0]       ls_top_count, ls_top_d_count, ls_w_count;
  logic [15:0]      ls_top_al, ls_top_d_al, ls_w_al, ls_top_inc, ls_w_inc;
  logic [Lanes-1:0] ls_top_live, ls_top_brk, ls_top_cont;
  logic [Lanes-1:0] ls_top_d_live, ls_top_d_brk, ls_top_d_cont;
  logic [Lanes-1:0] ls_w_live, ls_w_brk, ls_w_cont;

  fc_addr_stack #(
    .Contexts(Contexts),
    .Depth   (AddrDepth)
  ) u_addr_stack (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .ctx_i      (cx),
    .ctx_valid_i(ctx_valid),
    .clr_i      (stk_clr),
    .push_i     (as_push),
    .pop_i      (as_pop),
    .data_i     (as_wdata),
    .sp_o       (as_sp),
    .top_o      (as_top),
    .sp_d_o     (as_sp_d),
    .top_d_o    (as_top_d)
  );

  fc_loop_stack #(
    .Contexts(Contexts),
    .Lanes   (Lanes),
    .Depth   (LoopDepth)
  ) u_loop_stack (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .ctx_i          (cx),
    .ctx_valid_i    (ctx_valid),
    .clr_i          (stk_clr),
    .push_i         (ls_push),
    .pop_i          (ls_pop),
    .upd_i          (ls_upd),
    .w_is_loop_i    (ls_w_is_loop),
    .w_count_i      (ls_w_count),
    .w_al_i         (ls_w_al),
    .w_inc_i        (ls_w_inc),
    .w_live_i       (ls_w_live),
    .w_brk_i        (ls_w_brk),
    .w_cont_i       (ls_w_cont),
    .sp_o           (ls_sp),
    .top_is_loop_o  (ls_top_is_loop),
    .top_count_o    (ls_top_count),
    .top_al_o       (ls_top_al),
    .top_inc_o      (ls_top_inc),
    .top_live_o     (ls_top_live),
    .top_brk_o      (ls_top_brk),
    .top_cont_o     (ls_top_cont),
    .sp_d_o         (ls_sp_d),
    .top_d_is_loop_o(ls_top_d_is_loop),
    .top_d_count_o  (ls_top_d_count),
    .top_d_al_o     (ls_top_d_al),
    .top_d_live_o   (ls_top_d_live),
    .top_d_brk_o    (ls_top_d_brk),
    .top_d_cont_o   (ls_top_d_cont)
  );

  // ---------------------------------------------------------------- EXEC, steps 0-3
  logic                          is_exec, is_start;
  logic [Lanes-1:0]              alive0, act0, brin0, act1, brin1;
  logic [Lanes-1:0]              f_live, f_brk, f_cont;
  logic [Lanes*BcWidth-1:0] bc0, bc1;
  logic [Lanes-1:0]              fc_pred, want_all, eval1, want1;
  logic                          jump1, illegal, stale;

  assign is_exec  = (cmd_i == ctm_isa_pkg::CTM_FC_CMD_EXEC);
  assign is_start = (cmd_i == ctm_isa_pkg::CTM_FC_CMD_START);

  always_comb begin
    // Step 0: lanes not in live_i leave every state.
    alive0 = cur_alive & live_i;
    act0   = cur_active & live_i;
    brin0  = cur_brin & live_i;
    for (int unsigned i = 0; i < Lanes; i++) begin
      bc0[i*BcWidth +: BcWidth] = brin0[i] ? cur_bc[i*BcWidth +: BcWidth] : '0;
    end
    f_live = ls_top_live & alive0;
    f_brk  = ls_top_brk & alive0;
    f_cont = ls_top_cont & alive0;

    // Step 1: field checks. Stale: JUMP_FUNC reads the ALU result when its nibbles differ.
    // Illegal: a reserved A_OP or B_OP (past the last code), RGB_PRED_SEL RGBA or past AAAA.
    illegal = (a_op_i > ctm_isa_pkg::CTM_FC_AOP_PUSH) ||
              (b_op0_i > ctm_isa_pkg::CTM_FC_BOP_INCR) ||
              (b_op1_i > ctm_isa_pkg::CTM_FC_BOP_INCR) ||
              (pred_sel_i == ctm_isa_pkg::CTM_PRED_SEL_RGBA) ||
              (pred_sel_i >= ctm_isa_pkg::CTM_PRED_SEL_AAAA + 3'd1);
    stale   = (jump_func_i[3:0] != jump_func_i[7:4]) && !alu_valid_i;

    // Step 2: B_ELSE swap on the pre-swap state.
    act1  = act0;
    brin1 = brin0;
    bc1   = bc0;
    if (b_else_i) begin
      for (int unsigned i = 0; i < Lanes; i++) begin
        act1[i]  = brin0[i] && (bc0[i*BcWidth +: BcWidth] == '0);
        brin1[i] = act0[i] || (brin0[i] && !act1[i]);
        if (!brin1[i] || act0[i]) begin
          bc1[i*BcWidth +: BcWidth] = '0;
        end
      end
    end

    // Step 3: the group decision.
    unique case (pred_sel_i)
      ctm_isa_pkg::CTM_PRED_SEL_RRRR: fc_pred = pred_r_i;
      ctm_isa_pkg::CTM_PRED_SEL_GGGG: fc_pred = pred_g_i;
      ctm_isa_pkg::CTM_PRED_SEL_BBBB: fc_pred = pred_b_i;
      ctm_isa_pkg::CTM_PRED_SEL_AAAA: fc_pred = pred_a_i;
      default:                        fc_pred = '0;
    endcase
    fc_pred = fc_pred ^ {Lanes{pred_inv_i}};
    for (int unsigned i = 0; i < Lanes; i++) begin
      want_all[i] = jump_func_i[{alu_result_i[i], fc_pred[i], bool_const_i}];
    end
    eval1 = act1;
    want1 = act1 & want_all;
  end

  // JUMP_ANY: jump if any evaluated lane wants to; ALL: if all do, or nobody is active.
  function automatic logic decide(logic any, logic [Lanes-1:0] eval, logic [Lanes-1:0] want);
    decide = any ? (want != '0) : ((eval == '0) || (want == eval));
  endfunction

  assign jump1 = decide(jump_any_i, act1, want1);

  // ---------------------------------------------------------------- step 4: the op
  logic                          jump4;
  logic [3:0]                    loop_code;
  logic [Lanes-1:0]              act4, eval4, want4, lm_add, lm_del;
  logic                          l_push, l_pop, l_upd;
  logic [7:0]                    dec_count;
  logic [Lanes-1:0]              brk_new, cont_new;
  logic                          kind_loop;

  always_comb begin
    jump4      = jump1;
    loop_code  = ctm_isa_pkg::CTM_FC_FAULT_NONE;
    act4       = act1;
    eval4      = eval1;
    want4      = want1;
    lm_add     = '0;
    lm_del     = '0;
    l_push     = 1'b0;
    l_pop      = 1'b0;
    l_upd      = 1'b0;
    ls_w_is_loop = ls_top_is_loop;
    ls_w_count   = ls_top_count;
    ls_w_al      = ls_top_al;
    ls_w_inc     = ls_top_inc;
    ls_w_live    = f_live;
    ls_w_brk     = f_brk;
    ls_w_cont    = f_cont;
    dec_count  = ls_top_count - 8'd1;
    brk_new    = f_brk | want1;
    cont_new   = f_cont | want1;
    // ENDLOOP/BREAKLOOP need a LOOP frame on top, ENDREP/BREAKREP a REP frame.
    kind_loop  = (op_i == ctm_isa_pkg::CTM_FC_OP_ENDLOOP) ||
                 (op_i == ctm_isa_pkg::CTM_FC_OP_BREAKLOOP);

    unique case (op_i)
      ctm_isa_pkg::CTM_FC_OP_LOOP, ctm_isa_pkg::CTM_FC_OP_REP: begin
        if (loop_count_i == 8'd0) begin
          jump4 = 1'b1;
        end else if (act1 == '0) begin
          jump4 = 1'b0;
        end
        if (!jump4) begin
          // (loop_sp never exceeds LoopDepth, so == is the doc's >=)
          if (!full_mode_i || (ls_sp == 6'(LoopDepth))) begin
            loop_code = ctm_isa_pkg::CTM_FC_FAULT_LOOP_OVERFLOW;
          end else begin
            l_push       = 1'b1;
            ls_w_is_loop = (op_i == ctm_isa_pkg::CTM_FC_OP_LOOP);
            ls_w_count   = loop_count_i;
            // A REP frame carries the aL of the innermost LOOP below it.
            ls_w_al      = (op_i == ctm_isa_pkg::CTM_FC_OP_LOOP) ?
                           {8'd0, loop_init_i} : ls_top_al;
            ls_w_inc     = (op_i == ctm_isa_pkg::CTM_FC_OP_LOOP) ?
                           {{8{loop_step_i[7]}}, loop_step_i} : '0;
            ls_w_live    = act1;
            ls_w_brk     = '0;
            ls_w_cont    = '0;
          end
        end
      end
      ctm_isa_pkg::CTM_FC_OP_ENDLOOP, ctm_isa_pkg::CTM_FC_OP_ENDREP: begin
        if (loop_count_i == 8'd0) begin
          jump4 = 1'b0;  // pairs with the skip jump of a zero-count LOOP/REP
        end else if (ls_sp == '0) begin
          loop_code = ctm_isa_pkg::CTM_FC_FAULT_LOOP_UNDERFLOW;
        end else if (ls_top_is_loop != kind_loop) begin
          loop_code = ctm_isa_pkg::CTM_FC_FAULT_LOOP_KIND;
        end else begin
          act4  = act1 | f_cont;
          eval4 = act4;
          want4 = act4 & want_all;
          if ((dec_count == 8'd0) || ((f_live & ~f_brk) == '0)) begin
            jump4 = 1'b0;
          end else begin
            jump4 = decide(jump_any_i, eval4, want4);
          end
          lm_del    = f_cont;
          ls_w_count = dec_count;
          ls_w_cont  = '0;
          if (jump4) begin
            l_upd   = 1'b1;
            ls_w_al = ls_top_al + ls_top_inc;
          end else begin
            act4   = act4 | f_brk;
            lm_del = f_cont | f_brk;
            l_pop  = 1'b1;
          end
        end
      end
      ctm_isa_pkg::CTM_FC_OP_BREAKLOOP, ctm_isa_pkg::CTM_FC_OP_BREAKREP: begin
        if (ls_sp == '0) begin
          loop_code = ctm_isa_pkg::CTM_FC_FAULT_LOOP_UNDERFLOW;
        end else if (ls_top_is_loop != kind_loop) begin
          loop_code = ctm_isa_pkg::CTM_FC_FAULT_LOOP_KIND;
        end else begin
          act4  = act1 & ~want1;
          jump4 = ((f_live & ~brk_new) == '0);
          if (jump4) begin
            // Everyone has left the loop: restore the breakers and drop the frame
            // (lanes still in its cont mask have no frame left: they are dead).
            act4   = act4 | brk_new;
            lm_del = f_brk | f_cont;
            l_pop  = 1'b1;
          end else begin
            lm_add   = want1;
            ls_w_brk = brk_new;
            l_upd    = 1'b1;
          end
        end
      end
      ctm_isa_pkg::CTM_FC_OP_CONTINUE: begin
        if (ls_sp == '0) begin
          loop_code = ctm_isa_pkg::CTM_FC_FAULT_LOOP_UNDERFLOW;
        end else begin
          act4      = act1 & ~want1;
          jump4     = ((f_live & ~f_brk & ~cont_new) == '0);
          lm_add    = want1;
          ls_w_cont = cont_new;
          l_upd     = 1'b1;
        end
      end
      default: ;  // JUMP
    endcase
  end

  // ---------------------------------------------------------------- step 5: branch counters
  logic [1:0]                    b_op;
  logic                          incr, decr, br_fault;
  logic [3:0]                    br_code;
  logic [8:0]                    depth_w;
  logic [BcWidth-1:0]            depth5;
  logic [Lanes-1:0]              act5, brin5;
  logic [Lanes*BcWidth-1:0] bc5;

  always_comb begin
    b_op    = jump4 ? b_op1_i : b_op0_i;
    incr    = (b_op == ctm_isa_pkg::CTM_FC_BOP_INCR);
    decr    = (b_op == ctm_isa_pkg::CTM_FC_BOP_DECR);
    depth_w = 9'(cur_depth);
    br_code = ctm_isa_pkg::CTM_FC_FAULT_NONE;
    depth5  = cur_depth;
    if (incr) begin
      if (depth_w + 9'd1 > 9'(full_mode_i ? BrLimFull : BrLimPart)) begin
        br_code = ctm_isa_pkg::CTM_FC_FAULT_BRANCH_OVERFLOW;
      end
      depth5 = cur_depth + BcWidth'(1);
    end else if (decr) begin
      if (9'(b_pop_cnt_i) > depth_w) begin
        br_code = ctm_isa_pkg::CTM_FC_FAULT_BRANCH_UNDERFLOW;
      end
      depth5 = cur_depth - BcWidth'(b_pop_cnt_i);
    end
  end
  assign br_fault = (br_code != ctm_isa_pkg::CTM_FC_FAULT_NONE);

  fc_branch_counters #(
    .Lanes  (Lanes),
    .BcWidth(BcWidth)
  ) u_branch_counters (
    .incr_i       (incr),
    .decr_i       (decr),
    .pop_cnt_i    (b_pop_cnt_i),
    .jump_i       (jump4),
    .eval_i       (eval4),
    .want_i       (want4),
    .active_i     (act4),
    .br_inactive_i(brin1),
    .bc_i         (bc1),
    .active_o     (act5),
    .br_inactive_o(brin5),
    .bc_o         (bc5)
  );

  // ---------------------------------------------------------------- step 6: address stack
  logic [3:0] addr_code;
  logic [9:0] target, ret_addr;
  logic       addr_full;

  always_comb begin
    // Partial mode has no entries: every PUSH overflows (no subroutines).
    addr_full = full_mode_i ? (as_sp == 6'(AddrDepth)) : 1'b1;
    ret_addr  = {1'b0, pc_i} + 10'd1;
    addr_code = ctm_isa_pkg::CTM_FC_FAULT_NONE;
    target    = {1'b0, jump_addr_i};
    if (jump4 && (a_op_i == ctm_isa_pkg::CTM_FC_AOP_PUSH) && addr_full) begin
      addr_code = ctm_isa_pkg::CTM_FC_FAULT_ADDR_OVERFLOW;
    end else if (jump4 && (a_op_i == ctm_isa_pkg::CTM_FC_AOP_POP)) begin
      if (as_sp == '0) begin
        addr_code = ctm_isa_pkg::CTM_FC_FAULT_ADDR_UNDERFLOW;
      end else begin
        target = as_top;
      end
    end
  end

  // ---------------------------------------------------------------- fault and commit
  logic [3:0] exec_code;
  logic       commit;   // an EXEC that changes the context's state
  always_comb begin
    if (illegal) begin
      exec_code = ctm_isa_pkg::CTM_FC_FAULT_ILLEGAL_FIELD;
    end else if (stale) begin
      exec_code = ctm_isa_pkg::CTM_FC_FAULT_STALE_ALU;
    end else if (loop_code != ctm_isa_pkg::CTM_FC_FAULT_NONE) begin
      exec_code = loop_code;
    end else if (br_fault) begin
      exec_code = br_code;
    end else begin
      exec_code = addr_code;
    end
  end
  assign commit = ctx_valid && is_exec && (cur_fault == ctm_isa_pkg::CTM_FC_FAULT_NONE) &&
                  (exec_code == ctm_isa_pkg::CTM_FC_FAULT_NONE);

  assign stk_clr  = ctx_valid && is_start;
  assign as_push  = commit && jump4 && (a_op_i == ctm_isa_pkg::CTM_FC_AOP_PUSH);
  assign as_pop   = commit && jump4 && (a_op_i == ctm_isa_pkg::CTM_FC_AOP_POP);
  assign as_wdata = ret_addr;
  assign ls_push  = commit && l_push;
  assign ls_pop   = commit && l_pop;
  assign ls_upd   = commit && l_upd;

  // Next state of context cx.
  logic [Lanes-1:0]              active_d, brin_d, alive_d, lmask_d;
  logic [Lanes*BcWidth-1:0] bc_d;
  logic [BcWidth-1:0]            depth_d;
  logic [3:0]                    fault_d;
  always_comb begin
    active_d = cur_active;
    brin_d   = cur_brin;
    bc_d     = cur_bc;
    alive_d  = cur_alive;
    lmask_d  = cur_lmask;
    depth_d  = cur_depth;
    fault_d  = cur_fault;
    if (is_start) begin
      active_d = live_i;
      brin_d   = '0;
      bc_d     = '0;
      alive_d  = live_i;
      lmask_d  = '0;
      depth_d  = '0;
      fault_d  = ctm_isa_pkg::CTM_FC_FAULT_NONE;
    end else if (commit) begin
      active_d = act5;
      brin_d   = brin5;
      bc_d     = bc5;
      alive_d  = alive0;
      lmask_d  = ((cur_lmask & alive0) & ~lm_del) | lm_add;
      depth_d  = depth5;
    end else if (is_exec && (cur_fault == ctm_isa_pkg::CTM_FC_FAULT_NONE)) begin
      fault_d = exec_code;
    end
  end

  // One register block per context (a reset loop over 256 contexts is not unrolled by Verilator).
  for (genvar c = 0; c < Contexts; c++) begin : g_ctx
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        active_q[c] <= '0;
        brin_q[c]   <= '0;
        bc_q[c]     <= '0;
        alive_q[c]  <= '0;
        lmask_q[c]  <= '0;
        depth_q[c]  <= '0;
        fault_q[c]  <= '0;
      end else if (ctx_valid && (cx == CtxW'(c))) begin
        active_q[c] <= active_d;
        brin_q[c]   <= brin_d;
        bc_q[c]     <= bc_d;
        alive_q[c]  <= alive_d;
        lmask_q[c]  <= lmask_d;
        depth_q[c]  <= depth_d;
        fault_q[c]  <= fault_d;
      end
    end
  end

  // ---------------------------------------------------------------- outputs
  always_comb begin
    jump_o             = 1'b0;
    next_pc_o          = {1'b0, pc_i};
    want_o             = '0;
    active_o           = active_d;
    br_inactive_o      = brin_d;
    loop_masked_o      = lmask_d;
    bc_o               = bc_d;
    depth_o            = depth_d;
    addr_sp_o          = as_sp_d;
    addr_top_o         = as_top_d;
    loop_sp_o          = ls_sp_d;
    loop_top_is_loop_o = ls_top_d_is_loop;
    loop_top_count_o   = ls_top_d_count;
    loop_top_live_o    = ls_top_d_live & alive_d;
    loop_top_brk_o     = ls_top_d_brk & alive_d;
    loop_top_cont_o    = ls_top_d_cont & alive_d;
    al_o               = ls_top_d_al;
    fault_o            = fault_d;
    if (commit) begin
      jump_o    = jump4;
      next_pc_o = jump4 ? target : ret_addr;
      want_o    = want4;
    end
    if (!ctx_valid) begin
      // Bad context: nothing changes, everything reads 0 but the fault code.
      active_o           = '0;
      br_inactive_o      = '0;
      loop_masked_o      = '0;
      bc_o               = '0;
      depth_o            = '0;
      addr_sp_o          = '0;
      addr_top_o         = '0;
      loop_sp_o          = '0;
      loop_top_is_loop_o = 1'b0;
      loop_top_count_o   = '0;
      loop_top_live_o    = '0;
      loop_top_brk_o     = '0;
      loop_top_cont_o    = '0;
      al_o               = '0;
      fault_o            = ctm_isa_pkg::CTM_FC_FAULT_ILLEGAL_FIELD;
    end
    ovf_o = {fault_o == ctm_isa_pkg::CTM_FC_FAULT_ADDR_OVERFLOW,
             fault_o == ctm_isa_pkg::CTM_FC_FAULT_LOOP_OVERFLOW,
             fault_o == ctm_isa_pkg::CTM_FC_FAULT_BRANCH_OVERFLOW};
    udf_o = {fault_o == ctm_isa_pkg::CTM_FC_FAULT_ADDR_UNDERFLOW,
             fault_o == ctm_isa_pkg::CTM_FC_FAULT_LOOP_UNDERFLOW,
             fault_o == ctm_isa_pkg::CTM_FC_FAULT_BRANCH_UNDERFLOW};
  end

`ifndef SYNTHESIS
  // Lanes sit in at most one of ACTIVE, BR_INACTIVE, LOOP_MASKED.
  `CTM_ASSERT(StatesDisjoint_A,
      ctx_valid |-> (((active_d & brin_d) | (active_d & lmask_d) | (brin_d & lmask_d)) == '0))
  // Counters are 0 outside BR_INACTIVE and never exceed the nesting depth.
  for (genvar i = 0; i < Lanes; i++) begin : g_bc_check
    `CTM_ASSERT(BcInRange_A,
        ctx_valid |-> (brin_d[i] ? (bc_d[i*BcWidth +: BcWidth] <= depth_d)
                                 : (bc_d[i*BcWidth +: BcWidth] == '0)))
  end
  // The depth never passes the full-mode limit.
  `CTM_ASSERT(DepthInRange_A, ctx_valid |-> 32'(depth_d) <= BrLimFull)

  // Corners the regression must reach (make coverage): every FC op with an empty, a
  // partly filled and a full loop stack; every fault code; B_ELSE, JUMP_ANY, a CALL on a
  // full and a RET on an empty address stack, the branch depth at its limit, a bad context.
  for (genvar o = 0; o < 8; o++) begin : g_cover_op
    `CTM_COVER(OpLoopEmpty_C,
        ctx_valid && is_exec && cur_fault == ctm_isa_pkg::CTM_FC_FAULT_NONE && op_i == 3'(o) &&
        ls_sp == '0)
    `CTM_COVER(OpLoopMid_C,
        ctx_valid && is_exec && cur_fault == ctm_isa_pkg::CTM_FC_FAULT_NONE && op_i == 3'(o) &&
        ls_sp != '0 && ls_sp != 6'(LoopDepth))
    `CTM_COVER(OpLoopFull_C,
        ctx_valid && is_exec && cur_fault == ctm_isa_pkg::CTM_FC_FAULT_NONE && op_i == 3'(o) &&
        ls_sp == 6'(LoopDepth))
  end
  for (genvar f = 1; f <= int'(ctm_isa_pkg::CTM_FC_FAULT_STALE_ALU); f++) begin : g_cover_fault
    `CTM_COVER(Fault_C,
        ctx_valid && cur_fault == ctm_isa_pkg::CTM_FC_FAULT_NONE && fault_d == 4'(f))
  end
  `CTM_COVER(BElseCommit_C, commit && b_else_i)
  `CTM_COVER(JumpAnyCommit_C, commit && jump_any_i && jump4)
  `CTM_COVER(CallFull_C, addr_code == ctm_isa_pkg::CTM_FC_FAULT_ADDR_OVERFLOW)
  `CTM_COVER(RetEmpty_C, addr_code == ctm_isa_pkg::CTM_FC_FAULT_ADDR_UNDERFLOW)
  `CTM_COVER(DepthAtLimit_C, commit && 32'(depth5) == (full_mode_i ? BrLimFull : BrLimPart))
  `CTM_COVER(BadContext_C, !ctx_valid && cmd_i != ctm_isa_pkg::CTM_FC_CMD_IDLE)
`endif
endmodule
