// pipe_fc: a pipelined CTM flow-control unit, as a user would build one around a vendor's
// branch-decision block (the kit's fc_unit). Not cycle-exact with any model: it is checked
// where it commits (docs/commit.md, ctm_commit_check).
//
//   step_*_i --> per-context input queues --(round robin)--> S1 read --> S2 execute --> commit wheel
//                QueueDepth steps each                         |          fc_unit       8 slots
//                                                              +-- active lanes, forwarded from S2
//
// - Input: one flow-control step (fc_unit's inputs and the wavefront's number) a cycle, with
//   valid/ready per context: step_ready_o[c] says the queue of context c has room; a step is
//   taken when step_valid_i and step_ready_o[ctx_i].
// - S1 (read): the context picked round robin among the non-empty queues; reads the context's
//   active lanes (the lanes an FC instruction decides for) from the shadow register, or from S2
//   when S2 executes a step of the same context in this cycle.
// - S2 (execute): drives fc_unit; with stall_i high it holds its step (and S1 and the queues
//   hold behind it) and fc_unit sees IDLE.
// - Commit wheel: an executed step's commit leaves 1 to 8 cycles later, at a slot a free-running
//   LFSR picks; never before a commit of its own context still in the wheel (each context's
//   commits leave in program order, contexts pass each other). One commit a cycle.
// Latency from a step's acceptance to its commit: 3 to 10 cycles without stalls.
// - Level 2 (docs/commit.md): each commit leaves with fc_unit's state after its step
//   (state_o, FC_STATE: the branch counters, depth and stacks), for a checker of the family.

module pipe_fc #(
  parameter int unsigned Contexts   = 4,
  parameter int unsigned Lanes      = 64,
  parameter int unsigned AddrDepth  = 4,
  parameter int unsigned LoopDepth  = 4,
  parameter int unsigned BcWidth    = 6,
  parameter int unsigned QueueDepth = 4,       // steps each context's input queue holds
  parameter logic [7:0]  LfsrSeed   = 8'hA5,   // not 0
  localparam int unsigned CtxW      = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned QPtrW     = (QueueDepth > 1) ? $clog2(QueueDepth) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // one flow-control step: fc_unit's inputs and the wavefront it belongs to
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
  // commits: START (exec = live, active after) and FC (pc, exec = active before, decision)
  output logic                      commit_valid_o,
  output ctm_dpi_pkg::ctm_commit_t  commit_o,
  // with each commit: fc_unit's state after its step (level 2)
  output logic                      state_valid_o,
  output ctm_dpi_pkg::ctm_commit_state_t state_o,
  // nothing queued, in flight or waiting to commit
  output logic                      idle_o
);
  localparam int unsigned Slots = 8;  // the commit wheel: delays 1..8

  typedef struct packed {
    logic [1:0]         cmd;
    logic [7:0]         ctx;
    logic               full_mode;
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
    logic               alu_valid;
    logic               bool_const;
    logic [7:0]         loop_count;
    logic [7:0]         loop_init;
    logic [7:0]         loop_step;
    logic [8:0]         pc;
    logic [Lanes-1:0]   live;
    logic signed [31:0] wave;
  } step_t;

  typedef struct packed {
    logic                           valid;
    ctm_dpi_pkg::ctm_commit_t       commit;
    ctm_dpi_pkg::ctm_commit_state_t state;
  } slot_t;

  // ---------------------------------------------------------------- input queues
  step_t              step_in;
  logic [CtxW-1:0]    in_cx;
  logic               in_ctx_ok, push;
  step_t              q_mem_q  [Contexts][QueueDepth];
  logic [QPtrW-1:0]   q_rd_q   [Contexts];
  logic [QPtrW-1:0]   q_wr_q   [Contexts];
  logic [QPtrW:0]     q_cnt_q  [Contexts];
  logic [Contexts-1:0] q_nonempty, pop_ctx;

  always_comb begin
    step_in = '{cmd: cmd_i, ctx: ctx_i, full_mode: full_mode_i, op: op_i, b_else: b_else_i,
                jump_any: jump_any_i, a_op: a_op_i, jump_func: jump_func_i,
                b_pop_cnt: b_pop_cnt_i, b_op0: b_op0_i, b_op1: b_op1_i,
                jump_addr: jump_addr_i, pred_sel: pred_sel_i, pred_inv: pred_inv_i,
                pred_r: pred_r_i, pred_g: pred_g_i, pred_b: pred_b_i, pred_a: pred_a_i,
                alu_result: alu_result_i, alu_valid: alu_valid_i, bool_const: bool_const_i,
                loop_count: loop_count_i, loop_init: loop_init_i, loop_step: loop_step_i,
                pc: pc_i, live: live_i, wave: wave_i};
    in_ctx_ok = ({24'd0, ctx_i} < Contexts);
    in_cx     = in_ctx_ok ? ctx_i[CtxW-1:0] : '0;
    for (int unsigned c = 0; c < Contexts; c++) begin
      step_ready_o[c] = (q_cnt_q[c] != (QPtrW + 1)'(QueueDepth));
      q_nonempty[c]   = (q_cnt_q[c] != '0);
    end
    push = step_valid_i && in_ctx_ok && step_ready_o[in_cx];
  end

  // ---------------------------------------------------------------- round robin and S1
  logic [CtxW-1:0] rr_q, rr_d, grant;
  logic            grant_valid;
  step_t           s1_q, s1_d;
  logic            s1_valid_q, s1_valid_d;
  logic            s1_move, s1_ready, pop;
  logic [CtxW-1:0] s1_cx;

  // S2
  step_t            s2_q, s2_d;
  logic             s2_valid_q, s2_valid_d;
  logic [Lanes-1:0] s2_exec_q, s2_exec_d;
  logic             s2_fire, s2_ready;
  logic [CtxW-1:0]  s2_cx;

  // the shadow of each context's active lanes (fc_unit's active_o of its last step)
  logic [Lanes-1:0] act_q [Contexts];
  logic [Lanes-1:0] s1_active;

  // fc_unit's results for S2's step
  logic             fc_jump;
  logic [9:0]       fc_next_pc;
  logic [Lanes-1:0] fc_active;
  // and the state it leaves (level 2)
  logic [Lanes-1:0]         fc_br_inactive;
  logic [Lanes*BcWidth-1:0] fc_bc;
  logic [BcWidth-1:0]       fc_depth;
  logic [5:0]               fc_addr_sp, fc_loop_sp;
  logic [9:0]               fc_addr_top;
  logic [7:0]               fc_loop_count;
  logic [15:0]              fc_al;

  always_comb begin
    grant       = rr_q;
    grant_valid = 1'b0;
    for (int unsigned k = 0; k < Contexts; k++) begin
      if (!grant_valid && q_nonempty[(32'(rr_q) + k) % Contexts]) begin
        grant       = CtxW'((32'(rr_q) + k) % Contexts);
        grant_valid = 1'b1;
      end
    end
  end

  // the handshakes: S2 leaves unless stalled, S1 moves into a free or leaving S2, the queue
  // picked round robin into a free or moving S1
  always_comb begin
    s2_fire  = s2_valid_q && !stall_i;
    s2_ready = !s2_valid_q || s2_fire;
    s1_move  = s1_valid_q && s2_ready;
    s1_ready = !s1_valid_q || s1_move;
    pop      = grant_valid && s1_ready;
    pop_ctx  = '0;
    if (pop) pop_ctx[grant] = 1'b1;
    s1_cx = s1_q.ctx[CtxW-1:0];
    s2_cx = s2_q.ctx[CtxW-1:0];
  end

  // S1 reads its context's active lanes; S2 forwards them when it executes the same context in
  // this cycle (the shadow register is written only at the edge).
  always_comb begin
    if (s2_fire && (s2_q.ctx == s1_q.ctx)) begin
      s1_active = fc_active;
    end else begin
      s1_active = act_q[s1_cx];
    end
  end

  always_comb begin
    s1_valid_d = s1_valid_q && !s1_move;
    s1_d       = s1_q;
    rr_d       = rr_q;
    if (pop) begin
      s1_valid_d = 1'b1;
      s1_d       = q_mem_q[grant][q_rd_q[grant]];
      rr_d       = (32'(grant) + 1 == Contexts) ? '0 : grant + 1'b1;
    end

    s2_valid_d = s2_valid_q && !s2_fire;
    s2_d       = s2_q;
    s2_exec_d  = s2_exec_q;
    if (s1_move) begin
      s2_valid_d = 1'b1;
      s2_d       = s1_q;
      s2_exec_d  = s1_active & s1_q.live;
    end
  end

  // ---------------------------------------------------------------- S2: the decision core
  logic [1:0] fc_cmd;
  assign fc_cmd = s2_fire ? s2_q.cmd : ctm_isa_pkg::CTM_FC_CMD_IDLE;

  fc_unit #(
    .Contexts (Contexts),
    .Lanes    (Lanes),
    .AddrDepth(AddrDepth),
    .LoopDepth(LoopDepth),
    .BcWidth  (BcWidth)
  ) u_fc_unit (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .cmd_i        (fc_cmd),
    .ctx_i        (s2_q.ctx),
    .full_mode_i  (s2_q.full_mode),
    .op_i         (s2_q.op),
    .b_else_i     (s2_q.b_else),
    .jump_any_i   (s2_q.jump_any),
    .a_op_i       (s2_q.a_op),
    .jump_func_i  (s2_q.jump_func),
    .b_pop_cnt_i  (s2_q.b_pop_cnt),
    .b_op0_i      (s2_q.b_op0),
    .b_op1_i      (s2_q.b_op1),
    .jump_addr_i  (s2_q.jump_addr),
    .pred_sel_i   (s2_q.pred_sel),
    .pred_inv_i   (s2_q.pred_inv),
    .pred_r_i     (s2_q.pred_r),
    .pred_g_i     (s2_q.pred_g),
    .pred_b_i     (s2_q.pred_b),
    .pred_a_i     (s2_q.pred_a),
    .alu_result_i (s2_q.alu_result),
    .alu_valid_i  (s2_q.alu_valid),
    .bool_const_i (s2_q.bool_const),
    .loop_count_i (s2_q.loop_count),
    .loop_init_i  (s2_q.loop_init),
    .loop_step_i  (s2_q.loop_step),
    .pc_i         (s2_q.pc),
    .live_i       (s2_q.live),
    .jump_o       (fc_jump),
    .next_pc_o    (fc_next_pc),
    .active_o     (fc_active),
    .br_inactive_o     (fc_br_inactive),
    .bc_o              (fc_bc),
    .depth_o           (fc_depth),
    .addr_sp_o         (fc_addr_sp),
    .addr_top_o        (fc_addr_top),
    .loop_sp_o         (fc_loop_sp),
    .loop_top_count_o  (fc_loop_count),
    .al_o              (fc_al),
    // the decision, the active lanes and the state above are all this design commits
    /* verilator lint_off PINCONNECTEMPTY */
    .want_o            (),
    .loop_masked_o     (),
    .loop_top_is_loop_o(),
    .loop_top_live_o   (),
    .loop_top_brk_o    (),
    .loop_top_cont_o   (),
    .ovf_o             (),
    .udf_o             (),
    .fault_o           ()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  // ---------------------------------------------------------------- the commit wheel
  slot_t                    wheel_q [Slots];
  slot_t                    wheel_d [Slots];
  logic [7:0]               lfsr_q, lfsr_d;
  logic                     s2_commits;
  ctm_dpi_pkg::ctm_commit_t s2_commit;
  ctm_dpi_pkg::ctm_commit_state_t s2_state;
  logic [3:0]               first;
  logic [2:0]               slot;

  always_comb begin
    // x^8 + x^6 + x^5 + x^4 + 1, one shift a cycle
    lfsr_d = {lfsr_q[6:0], lfsr_q[7] ^ lfsr_q[5] ^ lfsr_q[4] ^ lfsr_q[3]};

    s2_commits = s2_fire && ((s2_q.cmd == ctm_isa_pkg::CTM_FC_CMD_START) ||
                             (s2_q.cmd == ctm_isa_pkg::CTM_FC_CMD_EXEC));
    s2_commit  = '0;
    s2_commit.ctx  = 16'(s2_q.ctx);
    s2_commit.wave = s2_q.wave;
    if (s2_q.cmd == ctm_isa_pkg::CTM_FC_CMD_START) begin
      s2_commit.kind   = 4'(ctm_dpi_pkg::CTM_COMMIT_START);
      s2_commit.exec   = 64'(s2_q.live);
      s2_commit.active = 64'(fc_active);
    end else begin
      s2_commit.kind    = 4'(ctm_dpi_pkg::CTM_COMMIT_FC);
      s2_commit.pc      = 16'(s2_q.pc);
      s2_commit.exec    = 64'(s2_exec_q);
      s2_commit.jump    = fc_jump;
      s2_commit.next_pc = 16'(fc_next_pc);
      s2_commit.active  = 64'(fc_active);
    end
    s2_state             = '0;
    s2_state.ctx         = 16'(s2_q.ctx);
    s2_state.kind        = 5'(ctm_dpi_pkg::CTM_COMMIT_FC_STATE);
    s2_state.pc          = (s2_q.cmd == ctm_isa_pkg::CTM_FC_CMD_START) ? '0 : 16'(s2_q.pc);
    s2_state.br_inactive = 64'(fc_br_inactive);
    s2_state.depth       = 8'(fc_depth);
    s2_state.addr_sp     = fc_addr_sp;
    s2_state.addr_top    = fc_addr_top;
    s2_state.loop_sp     = fc_loop_sp;
    s2_state.loop_count  = fc_loop_count;
    s2_state.al          = fc_al;
    for (int unsigned l = 0; l < Lanes; l++) s2_state.bc[l] = 8'(fc_bc[l*BcWidth +: BcWidth]);

    // every slot one closer to the port
    for (int unsigned i = 0; i + 1 < Slots; i++) wheel_d[i] = wheel_q[i + 1];
    wheel_d[Slots-1] = '0;

    // the new commit's slot: the LFSR's pick, after its context's commits still in the wheel,
    // the first free one from there (the last slot is always free after the shift)
    first = {1'b0, lfsr_q[2:0]};
    for (int unsigned i = 0; i < Slots; i++) begin
      if (wheel_d[i].valid && (wheel_d[i].commit.ctx == s2_commit.ctx) && (4'(i) >= first)) begin
        first = 4'(i) + 4'd1;
      end
    end
    slot = 3'(Slots - 1);
    for (int unsigned i = Slots - 1; i > 0; i--) begin
      if (!wheel_d[i-1].valid && (4'(i - 1) >= first)) slot = 3'(i - 1);
    end
    if (s2_commits) wheel_d[slot] = '{valid: 1'b1, commit: s2_commit, state: s2_state};
  end

  assign commit_valid_o = wheel_q[0].valid;
  assign commit_o       = wheel_q[0].commit;
  assign state_valid_o  = wheel_q[0].valid;
  assign state_o        = wheel_q[0].state;

  always_comb begin
    idle_o = !s1_valid_q && !s2_valid_q && (q_nonempty == '0);
    for (int unsigned i = 0; i < Slots; i++) idle_o &= !wheel_q[i].valid;
  end

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rr_q       <= '0;
      s1_valid_q <= 1'b0;
      s1_q       <= '0;
      s2_valid_q <= 1'b0;
      s2_q       <= '0;
      s2_exec_q  <= '0;
      lfsr_q     <= LfsrSeed;
      for (int unsigned i = 0; i < Slots; i++) wheel_q[i] <= '0;
    end else begin
      rr_q       <= rr_d;
      s1_valid_q <= s1_valid_d;
      s1_q       <= s1_d;
      s2_valid_q <= s2_valid_d;
      s2_q       <= s2_d;
      s2_exec_q  <= s2_exec_d;
      lfsr_q     <= lfsr_d;
      for (int unsigned i = 0; i < Slots; i++) wheel_q[i] <= wheel_d[i];
    end
  end

  for (genvar c = 0; c < Contexts; c++) begin : g_ctx
    logic push_here;
    assign push_here = push && (in_cx == CtxW'(c));

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        q_rd_q[c]  <= '0;
        q_wr_q[c]  <= '0;
        q_cnt_q[c] <= '0;
        act_q[c]   <= '0;
      end else begin
        if (push_here) begin
          q_wr_q[c] <= (32'(q_wr_q[c]) + 1 == QueueDepth) ? '0 : q_wr_q[c] + 1'b1;
        end
        if (pop_ctx[c]) begin
          q_rd_q[c] <= (32'(q_rd_q[c]) + 1 == QueueDepth) ? '0 : q_rd_q[c] + 1'b1;
        end
        q_cnt_q[c] <= q_cnt_q[c] + (QPtrW + 1)'(push_here) - (QPtrW + 1)'(pop_ctx[c]);
        if (s2_fire && (s2_cx == CtxW'(c))) act_q[c] <= fc_active;
      end
    end

    // the queue's storage: no reset
    always_ff @(posedge clk_i) begin
      if (push_here) q_mem_q[c][q_wr_q[c]] <= step_in;
    end
  end
endmodule
