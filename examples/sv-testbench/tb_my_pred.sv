// A user's own testbench for the predicate stack (rtl/pred_stack.sv): its own
// random stimulus, checked every cycle against the CTM golden model through
// the DPI package alone (ctm_dpi_pkg). Runs +cycles=N cycles (default 20000) of
// the stream of +seed=N (default 1).
module tb_my_pred;
  import ctm_dpi_pkg::*;

  localparam int unsigned C = 8;
  localparam int unsigned L = 16;
  localparam int unsigned D = 8;

  logic clk = 1'b0;
  logic rst_n = 1'b1;  // the reset cycle pulls it low: an edge for the asynchronous reset
  logic [2:0] op;
  logic [2:0] ctx, obs_ctx;
  logic [L-1:0] mask;
  logic [L-1:0] exec_mask, obs_pred, obs_task, obs_exec, obs_top;
  logic [3:0] obs_sp;
  logic ovf, udf;

  pred_stack #(.Contexts(C), .Lanes(L), .Depth(D)) dut (
    .clk_i(clk), .rst_ni(rst_n), .op_i(op), .ctx_i(ctx), .mask_i(mask), .obs_ctx_i(obs_ctx),
    .exec_mask_o(exec_mask), .obs_pred_o(obs_pred), .obs_task_mask_o(obs_task),
    .obs_exec_mask_o(obs_exec), .obs_sp_o(obs_sp), .obs_top_o(obs_top),
    .obs_overflow_o(ovf), .obs_underflow_o(udf)
  );

  chandle golden;
  int unsigned cycles = 20000, seed = 1;
  int unsigned rng, obs_draw;

  // The testbench's one random stream (xorshift32): the same seed, the same run, under any
  // simulator ($urandom's stream differs between Verilator versions).
  function automatic int unsigned draw();
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
  endfunction

  // The library's whole report of a mismatch: printed, and as JSON to +report=FILE.
  function automatic void report_mismatch();
    string path;
    int fd;
    $display("%s", ctm_pred_report(golden, CTM_REPORT_TEXT));
    if ($value$plusargs("report=%s", path)) begin
      fd = $fopen(path, "w");
      if (fd == 0) $fatal(1, "tb_my_pred: cannot write %s", path);
      $fwrite(fd, "%s\n", ctm_pred_report(golden, CTM_REPORT_JSON));
      $fclose(fd);
    end
  endfunction

  // Drive inputs, let them settle, ask the model, compare, then clock.
  task automatic cycle(input bit rst);
    rst_n = !rst;
    #1;
    ctm_pred_step(golden, int'(rst), int'(op), int'(ctx), 64'(mask), int'(obs_ctx));
    if (ctm_pred_check(golden, 64'(exec_mask), 64'(obs_pred), 64'(obs_task), 64'(obs_exec),
                       int'(obs_sp), 64'(obs_top), int'(ovf), int'(udf)) != CTM_OK) begin
      report_mismatch();
      $fatal(1, "tb_my_pred: %s", ctm_pred_diff(golden));
    end
    #4 clk = 1'b1;
    #5 clk = 1'b0;
  endtask

  initial begin
    void'($value$plusargs("cycles=%d", cycles));
    void'($value$plusargs("seed=%d", seed));
    rng = (seed == 0) ? 32'h1234_5678 : seed;
    golden = ctm_pred_new(C, L, D);
    if (golden == null) $fatal(1, "tb_my_pred: %s", ctm_error());
    // reports count cycles as this testbench does: clock edges since time 0 (the reset's is 0)
    ctm_expect_ok(ctm_pred_set_cycle(golden, 0), "tb_my_pred");
    ctm_expect_ok(ctm_pred_set_history(golden, 6), "tb_my_pred");
    {op, ctx, obs_ctx, mask} = '0;
    #1 cycle(1'b1);  // after time 0, so that the reset is an edge
    for (int unsigned n = 0; n < cycles; n++) begin
      // pushes and pops weighted so the stacks fill and drain
      op = 3'(draw() % 7);
      if (op == 3'(CTM_PRED_OP_NOP) && n[0]) op = 3'(CTM_PRED_OP_WRITE);  // every op, WRITE (7) too
      ctx = 3'(draw() % C);
      // (drawn every cycle, used every other: Verilator 5.006 calls a function in a branch not
      // taken, of an if/else or a ?:, when both sides assign one variable; 5.050 does not)
      obs_draw = draw();
      obs_ctx = n[0] ? ctx : 3'(obs_draw % C);
      mask = L'(draw());
      cycle(1'b0);
    end
    $display("tb_my_pred: PASS, %0d cycles against libctm %s", cycles, ctm_version_string());
    ctm_pred_free(golden);
    $finish;
  end
endmodule
