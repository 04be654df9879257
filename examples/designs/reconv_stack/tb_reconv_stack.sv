// A user's testbench for reconv_stack, checked at commit level (docs/commit.md), as
// ../pipe_fc/tb_pipe_fc.sv checks pipe_fc: one run of the golden model hands out the program's
// flow-control steps (ctm_model_step, ctm_model_get), fed into the design's per-context queues
// as its ready allows; the same run is the reference of ctm_commit_check_state (start_shared),
// which compares the design's commits at level +level (0: START and FC; 1: START, END and the
// control events) and, after each step's commits, its open regions (the reconvergence stack's
// entries, REGIONS on the state port; every IF pushes one, so the policy is CTM_REGIONS_ALL), and
// drains at the end. One checker per level, with and without the regions check, is instantiated
// (both are parameters); only the one of +level and +regions is started and sees commits.
// flush_i tells the design that no step is left, so that it commits the END of the wavefronts
// still running.
//
// ctm-levels: 0 1
//
// Plusargs: +elf=PATH (default mandelbrot.elf) +width=W +height=H (64x48) +seed=N (1)
//   +stall=PERCENT of cycles with stall_i high (25) +gap=PERCENT of cycles the step is held back (10)
//   +in0=PATH +in1=PATH: inputs 0 and 1, raw FLOAT32_4 elements, (W+64) x H of them
//   +ctm_commit_json=PATH: the checker's JSON report of a mismatch
//   +ctm_wave=PATH: the run as an FST waveform
//   +level=0|1: the commit level of the design (its level_i) and of the check (0)
//   +regions=0|1: check the open regions too (1), or the commits alone (0: what the masks show)
module tb_reconv_stack #(
  parameter int unsigned Lanes    = 64,
  parameter int unsigned Contexts = 4
);
  import ctm_dpi_pkg::*;

  localparam int unsigned Depth = 4;  // address and loop stacks, the model's and the design's
  // the kinds the design commits: START and FC (level 0); level 1: START, END, DIVERGE..RETURN
  localparam int Kinds0 = 'h11, Kinds1 = 'h7fe1;
  localparam int unsigned CtxW = (Contexts > 1) ? $clog2(Contexts) : 1;

  logic clk = 1'b0, rst_n = 1'b0;
  initial forever #5 clk = ~clk;

  // ---------------------------------------------------------------- the design
  logic step_valid = 1'b0, stall = 1'b0, flush, level = 1'b0;
  logic [Contexts-1:0] step_ready;
  logic [1:0] cmd = '0;
  logic [7:0] ctx = '0, jump_func = '0, loop_count = '0, loop_init = '0, loop_step = '0;
  logic full_mode = 1'b0, b_else = 1'b0, jump_any = 1'b0, pred_inv = 1'b0, alu_valid = 1'b0;
  logic bool_const = 1'b0;
  logic [2:0] op = '0, pred_sel = '0;
  logic [1:0] a_op = '0, b_op0 = '0, b_op1 = '0;
  logic [4:0] b_pop_cnt = '0;
  logic [8:0] jump_addr = '0, pc = '0;
  logic [Lanes-1:0] pred_r = '0, pred_g = '0, pred_b = '0, pred_a = '0, alu_result = '0;
  logic [Lanes-1:0] live = '0;
  logic signed [31:0] wave = '0;
  logic commit_valid, regions_valid, idle;
  ctm_commit_t commit;
  ctm_commit_state_t regions;

  reconv_stack #(
    .Contexts (Contexts),
    .Lanes    (Lanes),
    .LoopDepth(Depth),
    .RetDepth (Depth)
  ) dut (
    .clk_i         (clk),
    .rst_ni        (rst_n),
    .step_valid_i  (step_valid),
    .step_ready_o  (step_ready),
    .cmd_i         (cmd),
    .ctx_i         (ctx),
    .full_mode_i   (full_mode),
    .op_i          (op),
    .b_else_i      (b_else),
    .jump_any_i    (jump_any),
    .a_op_i        (a_op),
    .jump_func_i   (jump_func),
    .b_pop_cnt_i   (b_pop_cnt),
    .b_op0_i       (b_op0),
    .b_op1_i       (b_op1),
    .jump_addr_i   (jump_addr),
    .pred_sel_i    (pred_sel),
    .pred_inv_i    (pred_inv),
    .pred_r_i      (pred_r),
    .pred_g_i      (pred_g),
    .pred_b_i      (pred_b),
    .pred_a_i      (pred_a),
    .alu_result_i  (alu_result),
    .alu_valid_i   (alu_valid),
    .bool_const_i  (bool_const),
    .loop_count_i  (loop_count),
    .loop_init_i   (loop_init),
    .loop_step_i   (loop_step),
    .pc_i          (pc),
    .live_i        (live),
    .wave_i        (wave),
    .stall_i       (stall),
    .flush_i       (flush),
    .level_i       (level),
    .commit_valid_o(commit_valid),
    .commit_o      (commit),
    .regions_valid_o(regions_valid),
    .regions_o     (regions),
    .idle_o        (idle)
  );

  // ---------------------------------------------------------------- the commit checks
  // g_level[L].g_regions[R]: level L, the open regions checked (R = 1) or not
  logic done, regions_on = 1'b1;
  for (genvar lv = 0; lv < 2; lv++) begin : g_level
    for (genvar rg = 0; rg < 2; rg++) begin : g_regions
      logic on;
      assign on = (level == 1'(lv)) && (regions_on == 1'(rg));
      ctm_commit_check_state #(
        .Contexts(Contexts),
        .Level   (lv),
        .Kinds   (lv ? Kinds1 : Kinds0),
        .Regions (rg ? CTM_REGIONS_ALL : -1)
      ) u_check (
        .clk_i        (clk),
        .rst_ni       (rst_n),
        .valid_i      (commit_valid && on),
        .commit_i     (commit),
        .state_valid_i(regions_valid && on && (rg != 0)),
        .state_i      (regions),
        .done_i       (done && on)
      );
    end
  end

  // ---------------------------------------------------------------- stimulus
  chandle model;  // the run whose steps feed the design and whose commits the checker expects
  string elf = "mandelbrot.elf", in_path[2];
  int unsigned width = 64, height = 48, seed = 1, stall_pct = 25, gap_pct = 10, level_arg = 0;
  int unsigned regions_arg = 1;
  int unsigned steps = 0, stalls = 0;
  longint unsigned cycles = 0;
  bit have = 1'b0, ended = 1'b0;
  bit fired;  // written by the clocked process below: no initialiser (2-state, 0 at time 0)
  int unsigned rng;

  // the testbench's one random stream (xorshift32): the same seed, the same run
  function automatic int unsigned draw();
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng % 100;
  endfunction

  function automatic chandle open_run();
    chandle m = ctm_model_new(elf, int'(width), int'(height), int'(Lanes), int'(Contexts),
                              int'(Depth), int'(Depth));
    if (m == null) $fatal(1, "tb_reconv_stack: +elf=%s: %s", elf, ctm_error());
    for (int n = 0; n < 2; n++) begin
      if (in_path[n] != "") begin
        ctm_expect_ok(ctm_model_load_input(m, n, in_path[n], CTM_FMT_FLOAT32_4,
                                           int'(width) + 64, int'(height)),
                      $sformatf("tb_reconv_stack: +in%0d=%s", n, in_path[n]));
      end
    end
    return m;
  endfunction

  function automatic longint unsigned get(string port);
    return ctm_model_get(model, port);
  endfunction

  // the model's next step onto the design's step inputs
  function automatic void load_step();
    cmd = 2'(get("cmd"));
    ctx = 8'(get("ctx"));
    full_mode = 1'(get("full_mode"));
    op = 3'(get("op"));
    b_else = 1'(get("b_else"));
    jump_any = 1'(get("jump_any"));
    a_op = 2'(get("a_op"));
    jump_func = 8'(get("jump_func"));
    b_pop_cnt = 5'(get("b_pop_cnt"));
    b_op0 = 2'(get("b_op0"));
    b_op1 = 2'(get("b_op1"));
    jump_addr = 9'(get("jump_addr"));
    pred_sel = 3'(get("pred_sel"));
    pred_inv = 1'(get("pred_inv"));
    pred_r = Lanes'(get("pred0"));
    pred_g = Lanes'(get("pred1"));
    pred_b = Lanes'(get("pred2"));
    pred_a = Lanes'(get("pred3"));
    alu_result = Lanes'(get("alu_result"));
    alu_valid = 1'(get("alu_valid"));
    bool_const = 1'(get("bool_const"));
    loop_count = 8'(get("loop_count"));
    loop_init = 8'(get("loop_init"));
    loop_step = 8'(get("loop_step"));
    pc = 9'(get("pc"));
    live = Lanes'(get("live"));
    wave = 32'(get("wave"));
  endfunction

  // the step was taken at this edge
  always_ff @(posedge clk) begin
    fired <= step_valid && ({24'd0, ctx} < Contexts) && step_ready[ctx[CtxW-1:0]];
  end

  assign flush = ended && !have;
  assign done  = flush && idle;

  // +ctm_wave=PATH: every signal of the run into an FST file (cosim --design keeps it on a
  // mismatch: the cycles that led to it)
  initial begin
    string wave_path;
    if ($value$plusargs("ctm_wave=%s", wave_path)) begin
      $dumpfile(wave_path);
      $dumpvars(0, tb_reconv_stack);
    end
  end

  initial begin
    int r;
    in_path[0] = "";
    in_path[1] = "";
    void'($value$plusargs("elf=%s", elf));
    void'($value$plusargs("width=%d", width));
    void'($value$plusargs("height=%d", height));
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("stall=%d", stall_pct));
    void'($value$plusargs("gap=%d", gap_pct));
    void'($value$plusargs("in0=%s", in_path[0]));
    void'($value$plusargs("in1=%s", in_path[1]));
    void'($value$plusargs("level=%d", level_arg));
    void'($value$plusargs("regions=%d", regions_arg));
    if (level_arg > 1) $fatal(1, "tb_reconv_stack: +level=%0d: 0 or 1", level_arg);
    if (regions_arg > 1) $fatal(1, "tb_reconv_stack: +regions=%0d: 0 or 1", regions_arg);
    level = 1'(level_arg);
    regions_on = 1'(regions_arg);
    rng = (seed == 0) ? 32'h1234_5678 : seed;
    model = open_run();
    // one run: the design's steps, and the reference of the checker of the level
    unique case ({level, regions_on})
      2'b00: g_level[0].g_regions[0].u_check.start_shared(model);
      2'b01: g_level[0].g_regions[1].u_check.start_shared(model);
      2'b10: g_level[1].g_regions[0].u_check.start_shared(model);
      default: g_level[1].g_regions[1].u_check.start_shared(model);
    endcase

    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    forever begin
      @(negedge clk);
      cycles++;
      if (fired) begin
        have = 1'b0;
        steps++;
      end
      if (!have && !ended) begin
        r = ctm_model_step(model);
        if (r < 0) $fatal(1, "tb_reconv_stack: the program faulted: %s", ctm_model_error(model));
        if (r == 0) ended = 1'b1;
        else begin
          load_step();
          have = 1'b1;
        end
      end
      // (the draw first, so every cycle draws: Verilator 5.006 calls it even after a false `have &&`)
      step_valid = (draw() >= gap_pct) && have;
      stall = draw() < stall_pct;
      if (stall) stalls++;
      if (done) begin
        @(negedge clk);  // the checker's drain check at the edge between
        $display("tb_reconv_stack: %0d steps of %s over %0dx%0d, %0d lanes, %0d contexts, level %0d%s, %0d cycles (%0d stalled)",
                 steps, elf, width, height, Lanes, Contexts, level_arg,
                 regions_on ? " with open regions" : "", cycles, stalls);
        ctm_model_free(model);
        $finish;
      end
    end
  end

endmodule
