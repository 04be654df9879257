// reconv_stack: a SIMT control unit that runs the CTM's flow control with reconvergence stacks
// of PC and mask entries (the IPDOM idea of Vortex), not with per-lane branch counters. Written
// from ../shared/spec/ctm-isa.md section 6 and checked where it commits (docs/commit.md).
//
//   step_*_i --> per-context queues --(fullest first)--> X execute --> event FIFO --> commit_o
//                QueueDepth steps each                   stacks of     EvDepth       registered
//                                                        the context
//
// Per context the state is the active mask and three stacks:
// - the reconvergence stack: one entry per open conditional level, holding the lanes that wait
//   at that level (a lane's CTM branch counter is its entry's distance from the top). A
//   divergence (B_OP INCR) pushes the lanes to restore; a reconvergence (B_OP DECR by
//   B_POP_CNT: ENDIF, ELSE that jumps, BREAK/CONTINUE past their IFs, RET of a conditional call)
//   pops that many entries and wakes their lanes; B_ELSE swaps the active lanes with the top
//   entry.
// - the loop stack: LOOP/REP push the loop's top pc (LOOP pc + 1, where ENDLOOP jumps back: the
//   design does not use ENDLOOP's JUMP_ADDR), the count left, the mask at entry, the lanes that
//   broke or continued, and the aL to restore on exit; the current aL is a register.
// - the return stack: a CALL (A_OP PUSH that jumps) pushes pc + 1, a RET pops it.
//
// Commits, at the level level_i selects (a static pin): level 0 START (exec = live, active) and
// FC (pc, exec = active before, jump, next_pc, active after, al). Level 1: START, END (before the next START on the context, or at flush_i),
// and per FC step its control events, derived from the step: LOOP_ENTER/ITERATE/EXIT (al),
// BREAK, CONTINUE, CALL, RETURN, then DIVERGE (lanes parked) and RECONVERGE (lanes woken).
// At both levels, after each START and FC step's commits, its open regions (regions_valid_o,
// regions_o: kind REGIONS, the reconvergence stack's entries after the step; a step with no
// commit of its own, an eventless one at level 1, sends its count alone). Every IF pushes an
// entry, a uniform one too: the policy CTM_REGIONS_ALL (docs/commit.md, "Open regions").
//
// Timing: a step waits in its context's queue, enters X (a register), executes there in one
// cycle (stall_i holds it), its commits enter the event FIFO at that edge and leave through the
// output register: at least 3 cycles from a step's acceptance to its first commit.
//
// Limits (no fault reporting; the CTM's loader refuses programs that would fault):
// - overflow and underflow are not detected: a push on a full stack is dropped, a pop of an
//   empty one does nothing (the model faults);
// - partial mode is run as full mode: the 6-level limit of partial mode is not enforced;
// - a B_ELSE with the reconvergence stack empty (no IF open: not canonical) pushes the active
//   lanes as a new level, where the CTM parks them at counter 0 without a level;
// - ENDLOOP/ENDREP jump back to the pc their LOOP/REP stored, not to their own JUMP_ADDR (the
//   canonical encoding has JUMP_ADDR = LOOP + 1, so both agree);
// - a STALE ALU result, reserved fields and frame-kind mismatches are not checked.

module reconv_stack #(
  parameter int unsigned Contexts   = 4,
  parameter int unsigned Lanes      = 64,
  parameter int unsigned BrDepth    = 32,  // reconvergence levels per context (full mode: 32)
  parameter int unsigned LoopDepth  = 4,
  parameter int unsigned RetDepth   = 4,
  parameter int unsigned QueueDepth = 4,   // steps each context's input queue holds
  localparam int unsigned CtxW      = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned QPtrW     = (QueueDepth > 1) ? $clog2(QueueDepth) : 1,
  localparam int unsigned BrW       = $clog2(BrDepth + 1),
  localparam int unsigned LpW       = $clog2(LoopDepth + 1),
  localparam int unsigned RtW       = $clog2(RetDepth + 1),
  // entry indices (the pointers above count entries, one bit wider)
  localparam int unsigned BrIW      = (BrDepth > 1) ? $clog2(BrDepth) : 1,
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
  // no more steps will come: commit END of every running wavefront (level 1)
  input  logic                      flush_i,
  // the commit level: 0 START and FC, 1 control events; held steady while steps run
  input  logic                      level_i,
  output logic                      commit_valid_o,
  output ctm_dpi_pkg::ctm_commit_t  commit_o,
  // the open regions after a step, after its commits (a state commit of kind REGIONS)
  output logic                      regions_valid_o,
  output ctm_dpi_pkg::ctm_commit_state_t regions_o,
  // nothing queued, in flight or waiting to commit
  output logic                      idle_o
);
  import ctm_isa_pkg::*;

  localparam int unsigned EvDepth = 8;  // the event FIFO; a step needs room for 3
  localparam int unsigned EvW     = $clog2(EvDepth);

  typedef struct packed {
    logic [1:0]         cmd;
    logic [7:0]         ctx;
    logic [2:0]         op;
    logic               b_else;
    logic               jump_any;
    logic [1:0]         a_op;
    logic [7:0]         jump_func;
    logic [4:0]         b_pop_cnt;
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

  // a loop stack entry
  typedef struct packed {
    logic               is_loop;  // LOOP (aL steps) or REP
    logic [9:0]         top_pc;   // where ENDLOOP/ENDREP jumps back
    logic [7:0]         left;     // iterations left
    logic [15:0]        al_out;   // aL of the enclosing LOOP, restored at the exit
    logic [7:0]         inc;      // aL step, two's complement
    logic [Lanes-1:0]   entry;    // the active lanes at entry
    logic [Lanes-1:0]   brk;      // lanes that broke out
    logic [Lanes-1:0]   cont;     // lanes waiting for the next iteration
  } frame_t;

  // Inputs this design reads nowhere, waived by their unused_ name: alu_valid (the stale-ALU
  // check is not made) and full_mode (partial mode runs as full mode); see the header.
  logic unused_inputs;
  assign unused_inputs = ^{full_mode_i, alu_valid_i};

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
                a_op: a_op_i, jump_func: jump_func_i, b_pop_cnt: b_pop_cnt_i, b_op0: b_op0_i,
                b_op1: b_op1_i, jump_addr: jump_addr_i, pred_sel: pred_sel_i,
                pred_inv: pred_inv_i, pred_r: pred_r_i, pred_g: pred_g_i, pred_b: pred_b_i,
                pred_a: pred_a_i, alu_result: alu_result_i, bool_const: bool_const_i,
                loop_count: loop_count_i, loop_init: loop_init_i, loop_step: loop_step_i,
                pc: pc_i, live: live_i, wave: wave_i};
    in_ctx_ok = ({24'd0, ctx_i} < Contexts);
    in_cx     = in_ctx_ok ? ctx_i[CtxW-1:0] : '0;
    for (int unsigned c = 0; c < Contexts; c++) begin
      step_ready_o[c] = (q_cnt_q[c] != (QPtrW + 1)'(QueueDepth));
    end
    push = step_valid_i && in_ctx_ok && step_ready_o[in_cx];
  end

  // ---------------------------------------------------------------- scheduling into X
  // The context with the most steps queued goes next (ties: the lowest id): a context that
  // falls behind catches up, and each context's steps stay in order.
  logic [CtxW-1:0] grant;
  logic [QPtrW:0]  most;
  logic            grant_valid;

  always_comb begin
    grant = '0;
    most  = '0;
    for (int unsigned c = 0; c < Contexts; c++) begin
      if (q_cnt_q[c] > most) begin
        grant = CtxW'(c);
        most  = q_cnt_q[c];
      end
    end
    grant_valid = (most != '0);
  end

  step_t           x_q, x_d;
  logic            x_valid_q, x_valid_d;
  logic            x_fire, x_ready, pop, ev_room;
  logic [CtxW-1:0] x_cx;
  logic            end_fire;
  logic [CtxW-1:0] end_cx;

  always_comb begin
    x_fire   = x_valid_q && !stall_i && ev_room;
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
  logic [Lanes-1:0] act_q   [Contexts];
  logic [BrW-1:0]   rsp_q   [Contexts];
  logic [Lanes-1:0] rs_q    [Contexts][BrDepth];
  logic [LpW-1:0]   lsp_q   [Contexts];
  frame_t           ls_q    [Contexts][LoopDepth];
  logic [RtW-1:0]   tsp_q   [Contexts];
  logic [9:0]       ts_q    [Contexts][RetDepth];
  logic [15:0]      al_q    [Contexts];
  logic [Contexts-1:0] run_q;  // a wavefront runs on the context (END owed, level 1)

  // ---------------------------------------------------------------- X: one step
  logic [Lanes-1:0] live, exec, a, a_dec, top, pred, want, want_all, wake, parked;
  logic [Lanes-1:0] lost, woke;  // lanes the step parked, lanes it woke
  logic             jump, is_start, is_exec, br_incr, br_decr;
  logic [1:0]       bop;
  logic [BrW-1:0]   sp1, sp2, npop;
  logic             rs_w_top, rs_w_push;
  logic [Lanes-1:0] rs_top_data, rs_push_data;
  frame_t           f, f_new;
  logic             f_w, l_push, l_pop;
  logic [LpIW-1:0]  lsp_top;
  logic [15:0]      al_new;
  logic             t_push, t_pop;
  logic [9:0]       target, next_pc;

  // the lanes whose JUMP_FUNC bit is set (spec 6.3), whether active or not
  function automatic logic [Lanes-1:0] wants(input logic [7:0] jf, input logic [Lanes-1:0] alu,
                                             input logic [Lanes-1:0] p, input logic b);
    logic [Lanes-1:0] w;
    for (int unsigned i = 0; i < Lanes; i++) w[i] = jf[{alu[i], p[i], b}];
    return w;
  endfunction

  // the group decision over active lanes b that want w
  function automatic logic decide(input logic any, input logic [Lanes-1:0] b,
                                  input logic [Lanes-1:0] w);
    return any ? ((b & w) != '0) : ((b == '0) || ((b & w) == b));
  endfunction

  always_comb begin
    is_start = x_q.cmd == CTM_FC_CMD_START;
    is_exec  = x_q.cmd == CTM_FC_CMD_EXEC;
    live     = x_q.live;
    exec     = act_q[x_cx] & live;
    a        = exec;
    lsp_top  = (lsp_q[x_cx] == '0) ? '0 : LpIW'(lsp_q[x_cx] - 1'b1);
    f        = ls_q[x_cx][lsp_top];
    f_new    = f;
    f_w      = 1'b0;
    l_push   = 1'b0;
    l_pop    = 1'b0;
    al_new   = al_q[x_cx];
    target   = {1'b0, x_q.jump_addr};

    // B_ELSE: the active lanes and those of the innermost level change places
    sp1         = rsp_q[x_cx];
    top         = (sp1 == '0) ? '0 : rs_q[x_cx][BrIW'(sp1 - 1'b1)] & live;
    rs_w_top    = 1'b0;
    rs_top_data = a;
    if (x_q.b_else) begin
      rs_w_top = 1'b1;
      if (sp1 == '0) sp1 = BrW'(1);  // no level open: the parked lanes open one (header)
      a   = top;
      top = rs_top_data;
    end

    unique case (x_q.pred_sel)
      CTM_PRED_SEL_RRRR: pred = x_q.pred_r;
      CTM_PRED_SEL_GGGG: pred = x_q.pred_g;
      CTM_PRED_SEL_BBBB: pred = x_q.pred_b;
      CTM_PRED_SEL_AAAA: pred = x_q.pred_a;
      default:           pred = '0;
    endcase
    pred     = pred ^ {Lanes{x_q.pred_inv}};
    want_all = wants(x_q.jump_func, x_q.alu_result, pred, x_q.bool_const);
    want     = a & want_all;
    jump     = decide(x_q.jump_any, a, want_all);
    a_dec    = a;  // the lanes the group decides for

    unique case (x_q.op)
      CTM_FC_OP_LOOP, CTM_FC_OP_REP: begin
        if (x_q.loop_count == '0) jump = 1'b1;
        else if (a == '0) jump = 1'b0;
        if (!jump) begin
          l_push = 1'b1;
          f_new  = '{is_loop: x_q.op == CTM_FC_OP_LOOP, top_pc: 10'(x_q.pc) + 10'd1,
                     left: x_q.loop_count, al_out: al_q[x_cx], inc: x_q.loop_step,
                     entry: a, brk: '0, cont: '0};
          if (x_q.op == CTM_FC_OP_LOOP) al_new = 16'(x_q.loop_init);
        end
      end
      CTM_FC_OP_ENDLOOP, CTM_FC_OP_ENDREP: begin
        if (x_q.loop_count == '0) begin
          jump = 1'b0;  // the LOOP of count 0 jumped over the body: nothing was pushed
        end else begin
          // the lanes that continued rejoin, then the group decides again
          a          = a | (f.cont & live);
          want       = a & want_all;
          a_dec      = a;
          f_w        = 1'b1;
          f_new.cont = '0;
          f_new.left = f.left - 8'd1;
          if ((f_new.left == '0) || ((f.entry & live & ~f.brk) == '0)) jump = 1'b0;
          else jump = decide(x_q.jump_any, a, want_all);
          if (jump) begin
            target = f.top_pc;
            if (f.is_loop) al_new = al_q[x_cx] + {{8{f.inc[7]}}, f.inc};
          end else begin
            a      = a | (f.brk & live);
            l_pop  = 1'b1;
            al_new = f.al_out;
          end
        end
      end
      CTM_FC_OP_BREAKLOOP, CTM_FC_OP_BREAKREP: begin
        a         = a & ~want;
        f_w       = 1'b1;
        f_new.brk = f.brk | want;
        jump      = (f.entry & live & ~f_new.brk) == '0;
        if (jump) begin
          a      = a | (f_new.brk & live);
          l_pop  = 1'b1;
          al_new = f.al_out;
        end
      end
      CTM_FC_OP_CONTINUE: begin
        a          = a & ~want;
        f_w        = 1'b1;
        f_new.cont = f.cont | want;
        jump       = (f.entry & live & ~f.brk & ~f_new.cont) == '0;
      end
      default: ;  // JUMP
    endcase

    // the reconvergence stack: INCR parks the lanes that disagree with the group, DECR pops
    bop          = jump ? x_q.b_op1 : x_q.b_op0;
    br_incr      = bop == CTM_FC_BOP_INCR;
    br_decr      = bop == CTM_FC_BOP_DECR;
    // the lanes it decided for that are still active and disagree with the group
    parked       = a_dec & a & (jump ? ~want_all : want_all);
    rs_w_push    = 1'b0;
    rs_push_data = parked;
    sp2          = sp1;
    npop         = (BrW'(x_q.b_pop_cnt) > sp1) ? sp1 : BrW'(x_q.b_pop_cnt);
    wake         = '0;
    if (br_incr) begin
      a = a & ~parked;
      if (32'(sp1) < BrDepth) begin  // a full stack drops the level (the model faults)
        rs_w_push = 1'b1;
        sp2       = sp1 + 1'b1;
      end
    end else if (br_decr) begin
      for (int unsigned i = 0; i < BrDepth; i++) begin
        if ((BrW'(i) < sp1) && (BrW'(i) >= sp1 - npop)) begin
          wake |= (BrW'(i) + 1'b1 == sp1) ? top : rs_q[x_cx][i];
        end
      end
      a   = a | (wake & live);
      sp2 = sp1 - npop;
    end

    // the return stack, only when the group jumps
    t_push = jump && (x_q.a_op == CTM_FC_AOP_PUSH);
    t_pop  = jump && (x_q.a_op == CTM_FC_AOP_POP) && (tsp_q[x_cx] != '0);
    if (t_pop) target = ts_q[x_cx][RtIW'(tsp_q[x_cx] - 1'b1)];
    next_pc = jump ? target : 10'(x_q.pc) + 10'd1;

    if (is_start) begin
      a    = live;
      jump = 1'b0;
    end
    lost = exec & ~a;
    woke = a & ~exec;
  end

  // ---------------------------------------------------------------- commits of the step
  localparam logic [3:0] K_START = 4'd0;
  localparam logic [3:0] K_FC = 4'd4;
  localparam logic [3:0] K_END = 4'd5;
  localparam logic [3:0] K_DIVERGE = 4'd6;
  localparam logic [3:0] K_RECONV = 4'd7;
  localparam logic [3:0] K_ENTER = 4'd8;
  localparam logic [3:0] K_ITERATE = 4'd9;
  localparam logic [3:0] K_EXIT = 4'd10;
  localparam logic [3:0] K_BREAK = 4'd11;
  localparam logic [3:0] K_CONTINUE = 4'd12;
  localparam logic [3:0] K_CALL = 4'd13;
  localparam logic [3:0] K_RETURN = 4'd14;

  localparam logic [4:0] K_REGIONS = 5'd18;

  // an event FIFO entry: a commit, the step's open regions after its last commit, or both
  typedef struct packed {
    logic                     commit;   // leaves on commit_o
    logic                     regions;  // the step's count leaves on regions_o with it
    logic [BrW-1:0]           depth;    // the reconvergence stack's entries after the step
    ctm_dpi_pkg::ctm_commit_t c;
  } ent_t;

  ctm_dpi_pkg::ctm_commit_t ev [3];
  ctm_dpi_pkg::ctm_commit_t evc [3];  // the valid ones, in order, first
  ent_t                     ent [3];  // what the step puts in the FIFO
  logic [2:0]               ev_v;
  logic [1:0]               ev_n, ent_n;
  logic                     what_v;
  logic [3:0]               what;
  logic [BrW-1:0]           depth_after;

  function automatic ctm_dpi_pkg::ctm_commit_t mk(input logic [CtxW-1:0] cx,
                                                  input logic [3:0] kind,
                                                  input logic signed [31:0] wave);
    ctm_dpi_pkg::ctm_commit_t r = '0;
    r.ctx  = 16'(cx);
    r.kind = 4'(kind);
    r.wave = wave;
    return r;
  endfunction

  always_comb begin
    for (int unsigned k = 0; k < 3; k++) ev[k] = mk(x_cx, K_FC, x_q.wave);
    ev_v   = '0;
    what_v = 1'b1;
    what   = 4'(K_FC);
    if (is_start) begin
      // level 1: the wavefront that ran here before has ended
      ev_v[0]        = level_i && run_q[x_cx];
      ev[0]          = mk(x_cx, K_END, x_q.wave);
      ev_v[1]        = 1'b1;
      ev[1]          = mk(x_cx, K_START, x_q.wave);
      ev[1].exec     = 64'(live);
      ev[1].active   = 64'(a);
    end else if (is_exec && !level_i) begin
      ev_v[0]        = 1'b1;
      ev[0].pc       = 16'(x_q.pc);
      ev[0].exec     = 64'(exec);
      ev[0].jump     = jump;
      ev[0].next_pc  = 16'(next_pc);
      ev[0].active   = 64'(a);
      ev[0].al       = al_new;
    end else if (is_exec) begin
      unique case (x_q.op)
        CTM_FC_OP_LOOP, CTM_FC_OP_REP:         what = 4'(K_ENTER);
        CTM_FC_OP_ENDLOOP, CTM_FC_OP_ENDREP:   what = 4'(jump ? K_ITERATE : K_EXIT);
        CTM_FC_OP_BREAKLOOP, CTM_FC_OP_BREAKREP: what = 4'(K_BREAK);
        CTM_FC_OP_CONTINUE:                    what = 4'(K_CONTINUE);
        default: begin
          what_v = t_push || (jump && (x_q.a_op == CTM_FC_AOP_POP));
          what   = 4'(t_push ? K_CALL : K_RETURN);
        end
      endcase
      ev_v[0]      = what_v;
      ev[0].kind   = what;
      ev[0].pc     = 16'(x_q.pc);
      ev[0].exec   = 64'(a);
      ev[0].al     = ((what == 4'(K_ENTER)) || (what == 4'(K_ITERATE)) ||
                      (what == 4'(K_EXIT))) ? al_new : '0;
      ev_v[1]      = lost != '0;
      ev[1].kind   = 4'(K_DIVERGE);
      ev[1].pc     = 16'(x_q.pc);
      ev[1].exec   = 64'(lost);
      ev_v[2]      = woke != '0;
      ev[2].kind   = 4'(K_RECONV);
      ev[2].pc     = 16'(x_q.pc);
      ev[2].exec   = 64'(woke);
    end
    ev_n = 2'($countones(ev_v));
    for (int unsigned k = 0; k < 3; k++) evc[k] = ev[k];
    if (!ev_v[0]) begin
      evc[0] = ev[1];
      evc[1] = ev[2];
    end
    if (!ev_v[0] && !ev_v[1]) evc[0] = ev[2];
    if (ev_v[0] && !ev_v[1]) evc[1] = ev[2];
    // the open regions ride on the step's last commit; a step without one sends them alone
    depth_after = is_start ? '0 : sp2;
    ent_n       = ev_n;
    for (int unsigned k = 0; k < 3; k++) begin
      ent[k] = '{commit: 1'b1, regions: 1'b0, depth: depth_after, c: evc[k]};
    end
    if ((is_start || is_exec) && (ev_n == '0)) begin
      ent[0]      = '{commit: 1'b0, regions: 1'b1, depth: depth_after,
                      c: mk(x_cx, K_FC, x_q.wave)};
      ent[0].c.pc = 16'(x_q.pc);
      ent_n       = 2'd1;
    end else if (is_start || is_exec) begin
      ent[2'(ev_n - 2'd1)].regions = 1'b1;
    end
  end

  // ---------------------------------------------------------------- event FIFO and output
  ent_t                     fifo_q [EvDepth];
  logic [EvW-1:0]           f_rd_q, f_wr_q;
  logic [EvW:0]             f_cnt_q, f_cnt_d;
  logic                     out_valid_q;
  ent_t                     out_q;
  logic                     f_pop;

  // flush_i: one END a cycle for the lowest running context, once nothing else is in flight
  always_comb begin
    end_cx = '0;
    for (int c = int'(Contexts) - 1; c >= 0; c--) begin
      if (run_q[c]) end_cx = CtxW'(c);
    end
    end_fire = level_i && flush_i && (run_q != '0) && !x_valid_q && !grant_valid &&
               (f_cnt_q == '0);
  end

  assign ev_room = 32'(f_cnt_q) + 3 <= EvDepth;
  assign f_pop   = f_cnt_q != '0;
  assign f_cnt_d = f_cnt_q - (EvW + 1)'(f_pop) + (x_fire ? (EvW + 1)'(ent_n) : '0) +
                   (EvW + 1)'(end_fire);

  assign commit_valid_o  = out_valid_q && out_q.commit;
  assign commit_o        = out_q.c;
  assign regions_valid_o = out_valid_q && out_q.regions;
  always_comb begin
    regions_o         = '0;
    regions_o.ctx     = out_q.c.ctx;
    regions_o.kind    = K_REGIONS;
    regions_o.pc      = out_q.c.pc;
    regions_o.regions = 8'(out_q.depth);
  end
  always_comb begin
    idle_o = !x_valid_q && !grant_valid && (f_cnt_q == '0) && !out_valid_q;
    if (level_i) idle_o &= (run_q == '0);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_valid_q   <= 1'b0;
      x_q         <= '0;
      f_rd_q      <= '0;
      f_wr_q      <= '0;
      f_cnt_q     <= '0;
      out_valid_q <= 1'b0;
      out_q       <= '0;
    end else begin
      x_valid_q   <= x_valid_d;
      x_q         <= x_d;
      f_cnt_q     <= f_cnt_d;
      out_valid_q <= f_pop;
      if (f_pop) begin
        out_q  <= fifo_q[f_rd_q];
        f_rd_q <= f_rd_q + 1'b1;
      end
      f_wr_q <= f_wr_q + (x_fire ? EvW'(ent_n) : '0) + EvW'(end_fire);
    end
  end

  // the valid events of the step at the FIFO's tail (no reset: storage); an END never comes
  // with a step (end_fire waits for X to empty)
  always_ff @(posedge clk_i) begin
    for (int unsigned k = 0; k < 3; k++) begin
      if (x_fire && (k < 32'(ent_n))) fifo_q[f_wr_q + EvW'(k)] <= ent[k];
    end
    if (end_fire) fifo_q[f_wr_q] <= '{commit: 1'b1, regions: 1'b0, depth: '0,
                                       c: mk(end_cx, K_END, -32'sd1)};
  end

  // ---------------------------------------------------------------- per-context registers
  for (genvar c = 0; c < Contexts; c++) begin : g_ctx
    logic push_here, here;
    assign push_here = push && (in_cx == CtxW'(c));
    assign here      = x_fire && (x_cx == CtxW'(c));

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        q_rd_q[c]  <= '0;
        q_wr_q[c]  <= '0;
        q_cnt_q[c] <= '0;
        act_q[c]   <= '0;
        rsp_q[c]   <= '0;
        lsp_q[c]   <= '0;
        tsp_q[c]   <= '0;
        al_q[c]    <= '0;
        run_q[c]   <= 1'b0;
      end else begin
        if (push_here) begin
          q_wr_q[c] <= (32'(q_wr_q[c]) + 1 == QueueDepth) ? '0 : q_wr_q[c] + 1'b1;
        end
        if (pop_ctx[c]) begin
          q_rd_q[c] <= (32'(q_rd_q[c]) + 1 == QueueDepth) ? '0 : q_rd_q[c] + 1'b1;
        end
        q_cnt_q[c] <= q_cnt_q[c] + (QPtrW + 1)'(push_here) - (QPtrW + 1)'(pop_ctx[c]);
        if (end_fire && (end_cx == CtxW'(c))) run_q[c] <= 1'b0;
        if (here && is_start) begin
          // a new wavefront: every stack empties
          act_q[c] <= live;
          rsp_q[c] <= '0;
          lsp_q[c] <= '0;
          tsp_q[c] <= '0;
          al_q[c]  <= '0;
          run_q[c] <= 1'b1;
        end else if (here && is_exec) begin
          act_q[c] <= a;
          rsp_q[c] <= sp2;
          al_q[c]  <= al_new;
          if (l_push && (32'(lsp_q[c]) < LoopDepth)) lsp_q[c] <= lsp_q[c] + 1'b1;
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
        if (rs_w_top) rs_q[c][BrIW'(sp1 - 1'b1)] <= rs_top_data;
        if (rs_w_push) rs_q[c][BrIW'(sp1)] <= rs_push_data;
        if (l_push && (32'(lsp_q[c]) < LoopDepth)) ls_q[c][LpIW'(lsp_q[c])] <= f_new;
        else if (f_w && (lsp_q[c] != '0)) ls_q[c][lsp_top] <= f_new;
        if (t_push && (32'(tsp_q[c]) < RetDepth)) ts_q[c][RtIW'(tsp_q[c])] <= 10'(x_q.pc) + 10'd1;
      end
    end
  end
endmodule
