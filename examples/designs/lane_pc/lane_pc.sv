// lane_pc: a SIMT flow-control unit whose lanes each hold their own resume pc: no branch
// counters, no mask stack. Written from ../shared/spec/ctm-isa.md section 6 and checked where it
// commits (docs/commit.md, level 0).
//
//   step_*_i --> per-context queues --(round robin)--> X execute --> commit FIFO --> write-back --> commit_o
//                QueueDepth steps each                 lanes of the   CmDepth        port busy 0..3
//                                                      context        entries        cycles (LFSR)
//
// Per context and lane: a state, a resume pc and a loop level (the loop frames it is inside):
//   RUN  running (active);
//   WAIT waiting at its resume pc: parked by a divergence (an IF, a conditional CALL, a
//        conditional RET, an ELSE's swap); it wakes when the wavefront's next pc equals its
//        resume pc;
//   BRK  broke out of the loop of its level; it wakes when that loop exits;
//   CONT continued in the loop of its level; it rejoins at that loop's ENDLOOP/ENDREP;
//   done a lane not in live_i (TEXKILL, end of program) takes part in nothing.
// Per context besides: the loop stack (count left, the aL to restore, aL step; no masks), the
// address stack, aL.
//
// One FC step, in order:
// 1. B_ELSE: the running lanes wait at JUMP_ADDR (past the ENDIF); the lanes waiting at pc + 1
//    (those the innermost IF parked at its ELSE + 1) run.
// 2. The group decision over the running lanes, as the CTM makes it (spec 6.3: JUMP_FUNC,
//    ALL mode jumps when no lane runs, ANY mode stays), then the op: LOOP/REP push a frame and
//    raise the running lanes' level; BREAK/CONTINUE mark the lanes that want to (BRK/CONT) and
//    jump only when no lane of the loop is left; ENDLOOP/ENDREP take back the CONT lanes, count
//    the iteration and either jump back (JUMP_ADDR) or exit: pop, BRK lanes of the loop run, aL
//    restored. A zero-count LOOP/REP jumps, a zero-count END falls through; a LOOP/REP with no
//    lane running and a non-zero count pushes an empty frame (docs/fc_unit.md corner case 6).
// 3. The wavefront's next pc: the target (JUMP_ADDR, or the address stack's top on a POP) if
//    the group jumps, else pc + 1. The rule this design states: the group's decision picks the
//    next pc even when no lane runs (the CTM walks on through the instructions; a "lowest
//    resume pc" rule would leave the CTM's path after a BREAK of every running lane).
// 4. Wake: every WAIT lane whose resume pc equals the next pc runs.
// 5. Divergence (B_OP of the decision is INCR): the running lanes that disagree wait where they
//    wanted to go: pc + 1 when the group jumps (a conditional CALL's non-callers), the target
//    when it stays (an IF's lanes that jump: ELSE + 1 or ENDIF + 1; a conditional RET's lanes:
//    the return address). B_OP DECR and B_POP_CNT are not read: a lane wakes by its pc.
//
// Commits (level 0): START (exec = live, active) and FC (pc, exec = the running lanes before
// the step, jump, next_pc, active after, al).
//
// Limits (the CTM's loader refuses programs that would fault; the random programs and the
// examples use the canonical encodings of spec 6.6):
// - no fault reporting: a push on a full loop or address stack is dropped, a pop of an empty
//   one does nothing; partial mode runs as full mode;
// - the wake is by pc, not by the CTM's counters: it equals the CTM only for structured code
//   whose reconvergence points are the encodings' targets (an IF's JUMP_ADDR is its ELSE + 1 or
//   ENDIF + 1, an ELSE's its ENDIF + 1, a CALL returns to pc + 1). A B_POP_CNT that closes fewer
//   or more levels than the pcs say (hand-merged ENDIFs that do not jump past the last ENDIF), a
//   B_ELSE with no IF open, or a return to a pc where lanes of another construct wait, run
//   otherwise than on the CTM;
// - a lane parked by a divergence whose target is pc + 1 (a jump to the next instruction) stays
//   parked, as on the CTM, but wakes the next time the wavefront goes to pc + 1;
// - ENDLOOP/ENDREP jump to their own JUMP_ADDR; the stale-ALU, reserved-field and frame-kind
//   checks are not made; dead lanes are left out of every mask through live_i.
module lane_pc #(
  parameter int unsigned Contexts   = 4,
  parameter int unsigned Lanes      = 64,
  parameter int unsigned LoopDepth  = 4,
  parameter int unsigned RetDepth   = 4,
  parameter int unsigned QueueDepth = 4,   // steps each context's input queue holds
  localparam int unsigned CtxW      = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned QPtrW     = (QueueDepth > 1) ? $clog2(QueueDepth) : 1,
  localparam int unsigned LpW       = $clog2(LoopDepth + 1),
  localparam int unsigned RtW       = $clog2(RetDepth + 1),
  localparam int unsigned LpIW      = (LoopDepth > 1) ? $clog2(LoopDepth) : 1,
  localparam int unsigned RtIW      = (RetDepth > 1) ? $clog2(RetDepth) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // one flow-control step (fc_unit's inputs and the wavefront it belongs to)
  input  logic                      step_valid_i,
  output logic [Contexts-1:0]       step_ready_o,
  input  logic [1:0]                cmd_i,
  input  logic [7:0]                ctx_i,
  input  logic                      full_mode_i,
  input  logic [2:0]                op_i,
  input  logic                      b_else_i,
  input  logic                      jump_any_i,
  input  logic [1:0]                a_op_i,
  input  logic [7:0]                jump_func_i,
  input  logic [4:0]                b_pop_cnt_i,
  input  logic [1:0]                b_op0_i,
  input  logic [1:0]                b_op1_i,
  input  logic [8:0]                jump_addr_i,
  input  logic [2:0]                pred_sel_i,
  input  logic                      pred_inv_i,
  input  logic [Lanes-1:0]          pred_r_i,
  input  logic [Lanes-1:0]          pred_g_i,
  input  logic [Lanes-1:0]          pred_b_i,
  input  logic [Lanes-1:0]          pred_a_i,
  input  logic [Lanes-1:0]          alu_result_i,
  input  logic                      alu_valid_i,
  input  logic                      bool_const_i,
  input  logic [7:0]                loop_count_i,
  input  logic [7:0]                loop_init_i,
  input  logic [7:0]                loop_step_i,
  input  logic [8:0]                pc_i,
  input  logic [Lanes-1:0]          live_i,
  input  logic signed [31:0]        wave_i,
  // holds the execute stage (and what is behind it)
  input  logic                      stall_i,
  output logic                      commit_valid_o,
  output ctm_dpi_pkg::ctm_commit_t  commit_o,
  // nothing queued, in flight or waiting to commit
  output logic                      idle_o
);
  import ctm_isa_pkg::*;

  localparam int unsigned CmDepth = 8;  // the commit FIFO
  localparam int unsigned CmW     = $clog2(CmDepth);

  typedef enum logic [1:0] {
    L_RUN  = 2'd0,
    L_WAIT = 2'd1,
    L_BRK  = 2'd2,
    L_CONT = 2'd3
  } lstate_e;

  // what each lane holds
  typedef struct packed {
    lstate_e          st;
    logic [LpW-1:0]   lvl;  // loop frames the lane is inside
    logic [9:0]       rpc;  // where a WAIT or BRK lane resumes
  } lane_t;

  typedef struct packed {
    logic [1:0]         cmd;
    logic [7:0]         ctx;
    logic [2:0]         op;
    logic               b_else;
    logic               jump_any;
    logic [1:0]         a_op;
    logic [7:0]         jump_func;
    logic [1:0]         b_op0;
    logic [1:0]         b_op1;
    logic [8:0]         jump_addr;
    logic [2:0]         pred_sel;
    logic               pred_inv;
    logic [Lanes-1:0]   pred_r;
    logic [Lanes-1:0]   pred_g;
    logic [Lanes-1:0]   pred_b;
    logic [Lanes-1:0]   pred_a;
    logic [Lanes-1:0]   alu_result;
    logic               bool_const;
    logic [7:0]         loop_count;
    logic [7:0]         loop_init;
    logic [7:0]         loop_step;
    logic [8:0]         pc;
    logic [Lanes-1:0]   live;
    logic signed [31:0] wave;
  } step_t;

  // a loop frame: no masks, the lanes know their level
  typedef struct packed {
    logic         is_loop;  // LOOP (aL steps) or REP
    logic [7:0]   left;     // iterations left
    logic [15:0]  al_out;   // aL of the enclosing LOOP, restored at the exit
    logic [7:0]   inc;      // aL step, two's complement
  } frame_t;

  // Inputs this design reads nowhere, waived by their unused_ name: alu_valid (no stale-ALU
  // check), full_mode (partial mode runs as full mode), b_pop_cnt (lanes wake by their pc).
  logic unused_inputs;
  assign unused_inputs = ^{full_mode_i, alu_valid_i, b_pop_cnt_i};

  // ---------------------------------------------------------------- input queues
  step_t               step_in;
  logic [CtxW-1:0]     in_cx;
  logic                in_ctx_ok, push;
  step_t               q_mem_q [Contexts][QueueDepth];
  logic [QPtrW-1:0]    q_rd_q  [Contexts];
  logic [QPtrW-1:0]    q_wr_q  [Contexts];
  logic [QPtrW:0]      q_cnt_q [Contexts];
  logic [Contexts-1:0] pop_ctx;

  always_comb begin
    step_in = '{cmd: cmd_i, ctx: ctx_i, op: op_i, b_else: b_else_i, jump_any: jump_any_i,
                a_op: a_op_i, jump_func: jump_func_i, b_op0: b_op0_i, b_op1: b_op1_i,
                jump_addr: jump_addr_i, pred_sel: pred_sel_i, pred_inv: pred_inv_i,
                pred_r: pred_r_i, pred_g: pred_g_i, pred_b: pred_b_i, pred_a: pred_a_i,
                alu_result: alu_result_i, bool_const: bool_const_i, loop_count: loop_count_i,
                loop_init: loop_init_i, loop_step: loop_step_i, pc: pc_i, live: live_i,
                wave: wave_i};
    in_ctx_ok = ({24'd0, ctx_i} < Contexts);
    in_cx     = in_ctx_ok ? ctx_i[CtxW-1:0] : '0;
    for (int unsigned c = 0; c < Contexts; c++) begin
      step_ready_o[c] = (q_cnt_q[c] != (QPtrW + 1)'(QueueDepth));
    end
    push = step_valid_i && in_ctx_ok && step_ready_o[in_cx];
  end

  // ---------------------------------------------------------------- round robin into X
  // The first non-empty queue after the context served last: each context gets its turn.
  logic [CtxW-1:0] rr_q, grant;
  logic            grant_valid;

  always_comb begin
    logic [CtxW-1:0] c;
    grant       = '0;
    grant_valid = 1'b0;
    for (int unsigned k = Contexts; k >= 1; k--) begin
      c = CtxW'((32'(rr_q) + k) % Contexts);
      if (q_cnt_q[c] != '0) begin
        grant       = c;
        grant_valid = 1'b1;
      end
    end
  end

  step_t           x_q, x_d;
  logic            x_valid_q, x_valid_d;
  logic            x_fire, x_ready, pop, cm_room;
  logic [CtxW-1:0] x_cx;

  always_comb begin
    x_fire   = x_valid_q && !stall_i && cm_room;
    x_ready  = !x_valid_q || x_fire;
    pop      = grant_valid && x_ready;
    pop_ctx  = '0;
    if (pop) pop_ctx[grant] = 1'b1;
    x_valid_d = x_valid_q && !x_fire;
    x_d       = x_q;
    if (pop) begin
      x_valid_d = 1'b1;
      x_d       = q_mem_q[grant][q_rd_q[grant]];
    end
    x_cx = x_q.ctx[CtxW-1:0];
  end

  // ---------------------------------------------------------------- per-context state
  lane_t            ln_q  [Contexts][Lanes];
  logic [LpW-1:0]   lsp_q [Contexts];
  frame_t           ls_q  [Contexts][LoopDepth];
  logic [RtW-1:0]   tsp_q [Contexts];
  logic [9:0]       ts_q  [Contexts][RetDepth];
  logic [15:0]      al_q  [Contexts];

  // ---------------------------------------------------------------- X: one step
  lane_t            ln [Lanes];     // the lanes of the context after the step
  logic [Lanes-1:0] live, exec, run, run_dec, pred, want, wake, parked, active;
  logic             jump, is_start, is_exec, exit_loop, incr;
  logic [LpW-1:0]   lvl;            // loop frames open
  logic [LpIW-1:0]  lsp_top;
  frame_t           f, f_new;
  logic             f_w, l_push, l_pop, t_push, t_pop;
  logic [15:0]      al_new;
  logic [9:0]       pc1, target, stay_target, next_pc;

  // the lanes in state s
  function automatic logic [Lanes-1:0] in_state(input lane_t l [Lanes], input lstate_e s);
    logic [Lanes-1:0] m;
    for (int unsigned i = 0; i < Lanes; i++) m[i] = l[i].st == s;
    return m;
  endfunction

  // the lanes of the loop of level d not yet out of it (BRK at d) nor, with cont, waiting at
  // its end (CONT at d)
  function automatic logic [Lanes-1:0] in_loop(input lane_t l [Lanes], input logic [LpW-1:0] d,
                                               input logic cont);
    logic [Lanes-1:0] m;
    for (int unsigned i = 0; i < Lanes; i++) begin
      m[i] = (l[i].lvl >= d) &&
             !((l[i].lvl == d) && ((l[i].st == L_BRK) || (cont && (l[i].st == L_CONT))));
    end
    return m;
  endfunction

  // the group decision (spec 6.3) over the running lanes r that want w
  function automatic logic decide(input logic any, input logic [Lanes-1:0] r,
                                  input logic [Lanes-1:0] w);
    return any ? ((r & w) != '0) : ((r == '0) || ((r & w) == r));
  endfunction

  always_comb begin
    is_start = x_q.cmd == CTM_FC_CMD_START;
    is_exec  = x_q.cmd == CTM_FC_CMD_EXEC;
    live     = x_q.live;
    pc1      = 10'(x_q.pc) + 10'd1;
    lvl      = lsp_q[x_cx];
    lsp_top  = (lvl == '0) ? '0 : LpIW'(lvl - 1'b1);
    f        = ls_q[x_cx][lsp_top];
    f_new    = f;
    f_w      = 1'b0;
    l_push   = 1'b0;
    l_pop    = 1'b0;
    al_new   = al_q[x_cx];
    for (int unsigned i = 0; i < Lanes; i++) ln[i] = ln_q[x_cx][i];
    exec = in_state(ln, L_RUN) & live;

    // 1. B_ELSE, on the state before it
    if (x_q.b_else) begin
      for (int unsigned i = 0; i < Lanes; i++) begin
        if (ln[i].st == L_RUN) begin
          ln[i].st  = L_WAIT;
          ln[i].rpc = 10'(x_q.jump_addr);
        end else if ((ln[i].st == L_WAIT) && (ln[i].rpc == pc1)) begin
          ln[i].st = L_RUN;
        end
      end
    end

    // 2. the decision and the op
    unique case (x_q.pred_sel)
      CTM_PRED_SEL_RRRR: pred = x_q.pred_r;
      CTM_PRED_SEL_GGGG: pred = x_q.pred_g;
      CTM_PRED_SEL_BBBB: pred = x_q.pred_b;
      CTM_PRED_SEL_AAAA: pred = x_q.pred_a;
      default:           pred = '0;
    endcase
    pred = pred ^ {Lanes{x_q.pred_inv}};
    for (int unsigned i = 0; i < Lanes; i++) begin
      want[i] = x_q.jump_func[{x_q.alu_result[i], pred[i], x_q.bool_const}];
    end
    run       = in_state(ln, L_RUN) & live;
    jump      = decide(x_q.jump_any, run, want);
    exit_loop = 1'b0;

    unique case (x_q.op)
      CTM_FC_OP_LOOP, CTM_FC_OP_REP: begin
        if (x_q.loop_count == '0) jump = 1'b1;
        else if (run == '0) jump = 1'b0;  // an empty frame (docs/fc_unit.md corner case 6)
        if (!jump && (32'(lvl) < LoopDepth)) begin
          l_push = 1'b1;
          f_new  = '{is_loop: x_q.op == CTM_FC_OP_LOOP, left: x_q.loop_count,
                     al_out: al_q[x_cx], inc: x_q.loop_step};
          if (x_q.op == CTM_FC_OP_LOOP) al_new = 16'(x_q.loop_init);
          for (int unsigned i = 0; i < Lanes; i++) begin
            if (run[i]) ln[i].lvl = lvl + 1'b1;
          end
        end
      end
      CTM_FC_OP_ENDLOOP, CTM_FC_OP_ENDREP: begin
        if (x_q.loop_count == '0) begin
          jump = 1'b0;  // its LOOP of count 0 jumped: no frame
        end else begin
          // the lanes that continued rejoin; then the iteration is counted
          for (int unsigned i = 0; i < Lanes; i++) begin
            if ((ln[i].st == L_CONT) && (ln[i].lvl == lvl)) ln[i].st = L_RUN;
          end
          run        = in_state(ln, L_RUN) & live;
          f_w        = 1'b1;
          f_new.left = f.left - 8'd1;
          if ((f_new.left == '0) || ((in_loop(ln, lvl, 1'b0) & live) == '0)) jump = 1'b0;
          else jump = decide(x_q.jump_any, run, want);
          if (jump) begin
            if (f.is_loop) al_new = al_q[x_cx] + {{8{f.inc[7]}}, f.inc};
          end else begin
            exit_loop = 1'b1;
          end
        end
      end
      CTM_FC_OP_BREAKLOOP, CTM_FC_OP_BREAKREP: begin
        for (int unsigned i = 0; i < Lanes; i++) begin
          if (run[i] && want[i]) ln[i].st = L_BRK;
        end
        jump      = (in_loop(ln, lvl, 1'b0) & live) == '0;  // every lane of the loop left
        exit_loop = jump;
      end
      CTM_FC_OP_CONTINUE: begin
        for (int unsigned i = 0; i < Lanes; i++) begin
          if (run[i] && want[i]) ln[i].st = L_CONT;
        end
        jump = (in_loop(ln, lvl, 1'b1) & live) == '0;
      end
      default: ;  // JUMP
    endcase
    run_dec = run;  // the lanes the group decided for

    // the loop's exit: its BRK lanes run, every lane of it is one level out
    if (exit_loop) begin
      l_pop  = 1'b1;
      al_new = f.al_out;
      for (int unsigned i = 0; i < Lanes; i++) begin
        if ((ln[i].lvl == lvl) && (ln[i].st == L_BRK)) ln[i].st = L_RUN;
        if ((ln[i].lvl >= lvl) && (lvl != '0)) ln[i].lvl = lvl - 1'b1;
      end
    end

    // 3. the next pc
    t_push      = jump && (x_q.a_op == CTM_FC_AOP_PUSH);
    t_pop       = jump && (x_q.a_op == CTM_FC_AOP_POP) && (tsp_q[x_cx] != '0);
    stay_target = 10'(x_q.jump_addr);
    if ((x_q.a_op == CTM_FC_AOP_POP) && (tsp_q[x_cx] != '0)) begin
      stay_target = ts_q[x_cx][RtIW'(tsp_q[x_cx] - 1'b1)];
    end
    target  = stay_target;  // a POP that jumps goes to the address it pops
    next_pc = jump ? target : pc1;

    // 4. wake: the lanes waiting at the next pc
    wake = '0;
    for (int unsigned i = 0; i < Lanes; i++) begin
      if ((ln[i].st == L_WAIT) && (ln[i].rpc == next_pc)) begin
        wake[i]  = 1'b1;
        ln[i].st = L_RUN;
      end
    end

    // 5. divergence: the lanes that disagree wait where they wanted to go
    incr   = (jump ? x_q.b_op1 : x_q.b_op0) == CTM_FC_BOP_INCR;
    parked = '0;
    if (incr) begin
      parked = run_dec & in_state(ln, L_RUN) & live & ~wake & (jump ? ~want : want);
      for (int unsigned i = 0; i < Lanes; i++) begin
        if (parked[i]) begin
          ln[i].st  = L_WAIT;
          ln[i].rpc = jump ? pc1 : stay_target;
        end
      end
    end

    if (is_start) begin
      for (int unsigned i = 0; i < Lanes; i++) ln[i] = '{st: L_RUN, lvl: '0, rpc: '0};
      jump = 1'b0;
    end
    active = in_state(ln, L_RUN) & live;
  end

  // ---------------------------------------------------------------- the step's commit
  localparam logic [3:0] K_START = 4'd0;
  localparam logic [3:0] K_FC    = 4'd4;

  ctm_dpi_pkg::ctm_commit_t cm;
  always_comb begin
    cm        = '0;
    cm.ctx    = 16'(x_cx);
    cm.wave   = x_q.wave;
    cm.exec   = is_start ? 64'(live) : 64'(exec);
    cm.active = 64'(active);
    if (is_start) begin
      cm.kind = 4'(K_START);
    end else begin
      cm.kind    = 4'(K_FC);
      cm.pc      = 16'(x_q.pc);
      cm.jump    = jump;
      cm.next_pc = 16'(next_pc);
      cm.al      = al_new;
    end
  end

  // ---------------------------------------------------------------- commit FIFO, write-back
  // The write-back port takes a commit, then is busy for 0 to 3 cycles (an LFSR draws them):
  // a commit leaves 2 to about 30 cycles after X executed it, each context's in order.
  ctm_dpi_pkg::ctm_commit_t fifo_q [CmDepth];
  logic [CmW-1:0]           f_rd_q, f_wr_q;
  logic [CmW:0]             f_cnt_q;
  logic                     out_valid_q, f_pop;
  ctm_dpi_pkg::ctm_commit_t out_q;
  logic [1:0]               busy_q;
  logic [15:0]              lfsr_q;

  assign cm_room = 32'(f_cnt_q) < CmDepth;
  assign f_pop   = (f_cnt_q != '0) && (busy_q == '0);

  assign commit_valid_o = out_valid_q;
  assign commit_o       = out_q;
  assign idle_o         = !x_valid_q && !grant_valid && (f_cnt_q == '0) && !out_valid_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_valid_q   <= 1'b0;
      x_q         <= '0;
      rr_q        <= '0;
      f_rd_q      <= '0;
      f_wr_q      <= '0;
      f_cnt_q     <= '0;
      out_valid_q <= 1'b0;
      out_q       <= '0;
      busy_q      <= '0;
      lfsr_q      <= 16'hace1;
    end else begin
      x_valid_q   <= x_valid_d;
      x_q         <= x_d;
      if (pop) rr_q <= grant;
      f_cnt_q     <= f_cnt_q - (CmW + 1)'(f_pop) + (CmW + 1)'(x_fire);
      out_valid_q <= f_pop;
      lfsr_q      <= {lfsr_q[14:0], lfsr_q[15] ^ lfsr_q[13] ^ lfsr_q[12] ^ lfsr_q[10]};
      if (f_pop) begin
        out_q  <= fifo_q[f_rd_q];
        f_rd_q <= f_rd_q + 1'b1;
        busy_q <= lfsr_q[1:0];
      end else if (busy_q != '0) begin
        busy_q <= busy_q - 1'b1;
      end
      if (x_fire) f_wr_q <= f_wr_q + 1'b1;
    end
  end

  // storage (no reset: the pointers say what is valid)
  always_ff @(posedge clk_i) begin
    if (x_fire) fifo_q[f_wr_q] <= cm;
  end

  // ---------------------------------------------------------------- per-context registers
  for (genvar c = 0; c < Contexts; c++) begin : g_ctx
    logic push_here, here;
    assign push_here = push && (in_cx == CtxW'(c));
    assign here      = x_fire && (x_cx == CtxW'(c)) && (is_start || is_exec);

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        q_rd_q[c]  <= '0;
        q_wr_q[c]  <= '0;
        q_cnt_q[c] <= '0;
        lsp_q[c]   <= '0;
        tsp_q[c]   <= '0;
        al_q[c]    <= '0;
        for (int unsigned i = 0; i < Lanes; i++) ln_q[c][i] <= '{st: L_RUN, lvl: '0, rpc: '0};
      end else begin
        if (push_here) begin
          q_wr_q[c] <= (32'(q_wr_q[c]) + 1 == QueueDepth) ? '0 : q_wr_q[c] + 1'b1;
        end
        if (pop_ctx[c]) begin
          q_rd_q[c] <= (32'(q_rd_q[c]) + 1 == QueueDepth) ? '0 : q_rd_q[c] + 1'b1;
        end
        q_cnt_q[c] <= q_cnt_q[c] + (QPtrW + 1)'(push_here) - (QPtrW + 1)'(pop_ctx[c]);
        if (here) begin
          for (int unsigned i = 0; i < Lanes; i++) ln_q[c][i] <= ln[i];
          al_q[c] <= al_new;
        end
        if (here && is_start) begin
          lsp_q[c] <= '0;
          tsp_q[c] <= '0;
          al_q[c]  <= '0;
        end else if (here) begin
          if (l_push) lsp_q[c] <= lsp_q[c] + 1'b1;
          if (l_pop && (lsp_q[c] != '0)) lsp_q[c] <= lsp_q[c] - 1'b1;
          if (t_push && (32'(tsp_q[c]) < RetDepth)) tsp_q[c] <= tsp_q[c] + 1'b1;
          if (t_pop) tsp_q[c] <= tsp_q[c] - 1'b1;
        end
      end
    end

    // the stacks' storage: no reset (a pointer says what is valid)
    always_ff @(posedge clk_i) begin
      if (push_here) q_mem_q[c][q_wr_q[c]] <= step_in;
      if (here && is_exec) begin
        if (l_push) ls_q[c][LpIW'(lsp_q[c])] <= f_new;
        else if (f_w && (lsp_q[c] != '0)) ls_q[c][lsp_top] <= f_new;
        if (t_push && (32'(tsp_q[c]) < RetDepth)) ts_q[c][RtIW'(tsp_q[c])] <= pc1;
      end
    end
  end
endmodule
