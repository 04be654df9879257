// A user's own testbench for the flow-control unit (rtl/fc_unit.sv), driven by
// a real CTM program: the golden model runs the executable given as +elf=PATH
// and hands out its flow-control steps one at a
// time through the package's model handle (+width=W +height=H, default 64x48);
// each step drives the DUT's ports,
// and the DUT's decision, next pc and active lanes are compared with the
// model's.
module tb_my_fc;
  import ctm_dpi_pkg::*;

  localparam int unsigned Ctx = 4;   // wavefronts in flight
  localparam int unsigned L = 64;    // lanes per wavefront
  localparam int unsigned Depth = 4; // address and loop stacks

  logic clk = 1'b0, rst_n = 1'b1;
  logic [1:0] cmd;
  logic [7:0] ctx, jump_func, loop_count, loop_init, loop_step;
  logic full_mode, b_else, jump_any, pred_inv, alu_valid, bool_const;
  logic [2:0] op, pred_sel;
  logic [1:0] a_op, b_op0, b_op1;
  logic [4:0] b_pop_cnt;
  logic [8:0] jump_addr, pc;
  logic [L-1:0] pred_r, pred_g, pred_b, pred_a, alu_result, live;
  logic jump;
  logic [9:0] next_pc;
  logic [L-1:0] want, active;

  fc_unit #(.Contexts(Ctx), .Lanes(L), .AddrDepth(Depth), .LoopDepth(Depth), .BcWidth(6)) dut (
    .clk_i(clk), .rst_ni(rst_n), .cmd_i(cmd), .ctx_i(ctx), .full_mode_i(full_mode), .op_i(op),
    .b_else_i(b_else), .jump_any_i(jump_any), .a_op_i(a_op), .jump_func_i(jump_func),
    .b_pop_cnt_i(b_pop_cnt), .b_op0_i(b_op0), .b_op1_i(b_op1), .jump_addr_i(jump_addr),
    .pred_sel_i(pred_sel), .pred_inv_i(pred_inv), .pred_r_i(pred_r), .pred_g_i(pred_g),
    .pred_b_i(pred_b), .pred_a_i(pred_a), .alu_result_i(alu_result), .alu_valid_i(alu_valid),
    .bool_const_i(bool_const), .loop_count_i(loop_count), .loop_init_i(loop_init),
    .loop_step_i(loop_step), .pc_i(pc), .live_i(live), .jump_o(jump), .next_pc_o(next_pc),
    .want_o(want), .active_o(active),
    // the rest of the unit's state is not checked by this testbench
    /* verilator lint_off PINCONNECTEMPTY */
    .br_inactive_o(), .loop_masked_o(), .bc_o(), .depth_o(), .addr_sp_o(), .addr_top_o(),
    .loop_sp_o(), .loop_top_is_loop_o(), .loop_top_count_o(), .loop_top_live_o(),
    .loop_top_brk_o(), .loop_top_cont_o(), .al_o(), .ovf_o(), .udf_o(), .fault_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  chandle model;
  string elf = "mandelbrot.elf";
  int unsigned width = 64, height = 48, steps = 0;

  function automatic longint unsigned get(string port);
    return ctm_model_get(model, port);
  endfunction

  // The model's step onto the DUT's ports.
  task automatic drive();
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
    pred_r = L'(get("pred0"));
    pred_g = L'(get("pred1"));
    pred_b = L'(get("pred2"));
    pred_a = L'(get("pred3"));
    alu_result = L'(get("alu_result"));
    alu_valid = 1'(get("alu_valid"));
    bool_const = 1'(get("bool_const"));
    loop_count = 8'(get("loop_count"));
    loop_init = 8'(get("loop_init"));
    loop_step = 8'(get("loop_step"));
    pc = 9'(get("pc"));
    live = L'(get("live"));
  endtask

  task automatic expect_eq(string what, longint unsigned dut_value, longint unsigned model_value);
    if (dut_value != model_value)
      $fatal(1, "tb_my_fc: step %0d (wave %0d pc %0d): %s: DUT 0x%0h, model 0x%0h", steps,
             get("wave"), get("pc"), what, dut_value, model_value);
  endtask

  initial begin
    int r;
    void'($value$plusargs("elf=%s", elf));
    void'($value$plusargs("width=%d", width));
    void'($value$plusargs("height=%d", height));
    model = ctm_model_new(elf, int'(width), int'(height), L, Ctx, Depth, Depth);
    if (model == null) $fatal(1, "tb_my_fc: %s", ctm_error());
    cmd = '0;
    #1 rst_n = 1'b0;  // an edge for the asynchronous reset
    #4 rst_n = 1'b1;
    forever begin
      r = ctm_model_step(model);
      if (r < 0) $fatal(1, "tb_my_fc: the program faulted: %s", ctm_model_error(model));
      if (r == 0) break;
      drive();
      #1;
      expect_eq("active", 64'(active), get("active"));
      if (cmd == ctm_isa_pkg::CTM_FC_CMD_EXEC) begin  // an FC instruction: its decision too
        expect_eq("jump", 64'(jump), get("jump"));
        expect_eq("next_pc", 64'(next_pc), get("next_pc"));
        expect_eq("want", 64'(want), get("want"));
      end
      #4 clk = 1'b1;
      #5 clk = 1'b0;
      steps++;
    end
    $display("tb_my_fc: PASS, %0d flow-control steps of %s over %0dx%0d", steps, elf, width,
             height);
    ctm_model_free(model);
    $finish;
  end
endmodule
