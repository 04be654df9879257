// A user's testbench for mc_unit, checked at its transactions (docs/txn.md): one run of the
// golden model hands out the PE's commands and the MC's input reads and output writes
// (ctm_model_txn_next), which the testbench feeds to the design in that order as its ready
// allows; a second run of the same program is the reference of ctm_txn_check, which compares
// each MC INPUT, OUTPUT and FLUSH the design reports with the model's (reads and writes in any
// order between two flushes) and drains at the end. The design's memory reads are answered from
// the first run's device memory (ctm_model_read_word), in order, 1 to 4 cycles later.
//
// The surfaces: inputs 0..4 are all bound to +in0 (even) and +in1 (odd), the same bytes in the
// format (seed + n) % 5, as wide and high as the file makes them (one-channel formats two rows
// per domain row, so that a 2x2 quad's row below exists), in layout (seed / 5 + n) % 4 for a
// one-channel format, else % 2; output k is stored in format (seed + k + 2) % 5, layout
// (seed / 5 + k + 1) % 2. Seeds 0..19 give input 0 every format in every layout it takes.
//
// Plusargs: +elf=PATH (default surfaces.elf) +width=W +height=H (16x8) +seed=N (1)
//   +stall=PERCENT of cycles the memory holds back an answer that is due (25)
//   +gap=PERCENT of cycles a ready command or access is held back (10)
//   +in0=PATH +in1=PATH: raw FLOAT32_4 elements, (W+64) x H of them
//   +ctm_txn_json=PATH: the checker's JSON report of a mismatch
//   +ctm_wave=PATH: the run as an FST waveform
// ctm-inputs: edges
module tb_mc_unit #(
  parameter int unsigned Lanes    = 64,
  parameter int unsigned Contexts = 4
);
  import ctm_dpi_pkg::*;

  localparam int unsigned Depth = 4;  // the model's address and loop stacks
  localparam int Units = 1 << CTM_UNIT_MC;
  localparam int Kinds = (1 << CTM_TXN_MC_INPUT) | (1 << CTM_TXN_MC_OUTPUT) |
                         (1 << CTM_TXN_MC_FLUSH);
  localparam int unsigned MemLatencyMax = 4;

  // (the design resets asynchronously, the checker synchronously)
  /* verilator lint_off SYNCASYNCNET */
  logic clk = 1'b0, rst_n = 1'b0;
  /* verilator lint_on SYNCASYNCNET */
  initial forever #5 clk = ~clk;

  // ---------------------------------------------------------------- the design
  logic cmd_valid = 1'b0, req_valid = 1'b0, req_write = 1'b0;
  logic cmd_ready, req_ready;
  logic [7:0] cmd_opcode = '0;
  logic [3:0][31:0] cmd_param = '0, req_value = '0;
  logic [3:0] req_index = '0, req_chmask = '0;
  logic [15:0] req_x = '0, req_y = '0;
  logic mem_rd, mem_rvalid = 1'b0;
  logic [31:0] mem_addr;
  logic [127:0] mem_rdata = '0;
  logic txn_valid, idle, done;
  ctm_txn_t txn;

  mc_unit dut (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .cmd_valid_i (cmd_valid),
    .cmd_ready_o (cmd_ready),
    .cmd_opcode_i(cmd_opcode),
    .cmd_param_i (cmd_param),
    .req_valid_i (req_valid),
    .req_ready_o (req_ready),
    .req_write_i (req_write),
    .req_index_i (req_index),
    .req_x_i     (req_x),
    .req_y_i     (req_y),
    .req_chmask_i(req_chmask),
    .req_value_i (req_value),
    .mem_rd_o    (mem_rd),
    .mem_addr_o  (mem_addr),
    .mem_rvalid_i(mem_rvalid),
    .mem_rdata_i (mem_rdata),
    .txn_valid_o (txn_valid),
    .txn_o       (txn),
    .idle_o      (idle)
  );

  ctm_txn_check #(
    .Units(Units),
    .Kinds(Kinds)
  ) u_check (
    .clk_i  (clk),
    .rst_ni (rst_n),
    .valid_i(txn_valid),
    .txn_i  (txn),
    .done_i (done)
  );

  // ---------------------------------------------------------------- stimulus
  chandle stim, reference;  // the run that feeds the design; the checker's own
  string elf = "surfaces.elf", in_path[2];
  int unsigned width = 16, height = 8, seed = 1, stall_pct = 25, gap_pct = 10;
  int unsigned cmds = 0, reads = 0, writes = 0, held = 0;
  longint unsigned cycles = 0;
  bit have = 1'b0, ended = 1'b0;
  bit fired;  // written by the clocked process below: no initialiser (2-state, 0 at time 0)
  /* verilator lint_off UNUSEDSIGNAL */
  ctm_txn_t next;  // the model's command or access (the CO's fields are not the design's)
  /* verilator lint_on UNUSEDSIGNAL */
  int unsigned rng;

  // the testbench's one random stream (xorshift32): the same seed, the same run
  function automatic int unsigned draw();
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng % 100;
  endfunction

  // the file's FLOAT32_4 bytes seen as `format`: elements a row and rows
  function automatic int shape_width(int format);
    case (format)
      CTM_FMT_FLOAT32_4: return int'(width) + 64;
      CTM_FMT_FLOAT32_2, CTM_FMT_FLOAT32_1: return 2 * (int'(width) + 64);
      default: return 4 * (int'(width) + 64);
    endcase
  endfunction
  function automatic bit one_channel(int format);
    return format == CTM_FMT_FLOAT32_1 || format == CTM_FMT_UINT16_1;
  endfunction

  function automatic chandle open_run();
    int format, tiling;
    string what;
    chandle m = ctm_model_new(elf, int'(width), int'(height), int'(Lanes), int'(Contexts),
                              int'(Depth), int'(Depth));
    if (m == null) $fatal(1, "tb_mc_unit: +elf=%s: %s", elf, ctm_error());
    for (int n = 0; n < 5; n++) begin
      if (in_path[n % 2] == "") continue;
      format = int'((seed + n) % 5);
      tiling = int'((seed / 5 + n) % (one_channel(format) ? 4 : 2));
      what = $sformatf("tb_mc_unit: input %0d from +in%0d=%s", n, n % 2, in_path[n % 2]);
      ctm_expect_ok(ctm_model_load_input(m, n, in_path[n % 2], format, shape_width(format),
                                         int'(height) * (one_channel(format) ? 2 : 1)), what);
      ctm_expect_ok(ctm_model_set_tiling(m, CTM_PE_INPUT, n, tiling), what);
    end
    for (int k = 0; k < 4; k++) begin
      ctm_expect_ok(ctm_model_set_out_format(m, k, int'((seed + k + 2) % 5)), "tb_mc_unit");
      ctm_expect_ok(ctm_model_set_tiling(m, CTM_PE_OUTPUT, k, int'((seed / 5 + k + 1) % 2)),
                    "tb_mc_unit");
    end
    return m;
  endfunction

  // the stimulus run's next command or access for the design (the kinds it does not take
  // are skipped); 0 at the end
  function automatic int next_item();
    int r;
    forever begin
      r = ctm_model_txn_next(stim, (1 << CTM_UNIT_PE) | (1 << CTM_UNIT_MC), next);
      if (r < 0) $fatal(1, "tb_mc_unit: the program faulted: %s", ctm_model_error(stim));
      if (r == 0) return 0;
      if (next.unit == CTM_UNIT_PE || next.kind == CTM_TXN_MC_INPUT ||
          next.kind == CTM_TXN_MC_OUTPUT)
        return 1;
    end
  endfunction

  function automatic void drive(bit on);
    cmd_valid = on && next.unit == CTM_UNIT_PE;
    req_valid = on && next.unit == CTM_UNIT_MC;
    cmd_opcode = 8'(next.index);
    cmd_param = next.value;
    req_write = next.kind == CTM_TXN_MC_OUTPUT;
    req_index = 4'(next.index);
    req_x = 16'(next.x);
    req_y = 16'(next.y);
    req_chmask = 4'(next.mask);
    req_value = next.value;
  endfunction

  // ---------------------------------------------------------------- memory
  // reads in order: the address and the cycle its answer is due
  logic [31:0] mem_q_addr[$];
  longint unsigned mem_q_due[$];
  longint unsigned last_due = 0;

  function automatic logic [127:0] memory_at(logic [31:0] addr);
    logic [159:0] words;
    int unsigned w;
    for (int k = 0; k < 5; k++) begin
      ctm_expect_ok(ctm_model_read_word(stim, (addr & ~32'd3) + 32'(4 * k), w),
                    $sformatf("tb_mc_unit: a memory read at 0x%0h", addr));
      words[32*k +: 32] = w;
    end
    return words[8*addr[1:0] +: 128];
  endfunction

  // what the design did at the edge, for the stimulus loop at the next falling edge (no
  // initialisers, as the process writes them: the flags are 2-state, 0 at time 0; the address
  // is read only after rd_taken, which the same edge sets)
  bit rd_taken, answered;
  logic [31:0] rd_addr;
  always_ff @(posedge clk) begin
    fired <= (cmd_valid && cmd_ready) || (req_valid && req_ready);
    rd_taken <= mem_rd;
    rd_addr <= mem_addr;
    answered <= mem_rvalid;
  end

  assign done = ended && !have && idle && mem_q_addr.size() == 0 && !rd_taken;

  // +ctm_wave=PATH: every signal of the run into an FST file (cosim --design keeps it on a
  // mismatch: the cycles that led to it)
  initial begin
    string wave_path;
    if ($value$plusargs("ctm_wave=%s", wave_path)) begin
      $dumpfile(wave_path);
      $dumpvars(0, tb_mc_unit);
    end
  end

  initial begin
    int unsigned latency;
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
    rng = (seed == 0) ? 32'h1234_5678 : seed;
    stim = open_run();
    reference = open_run();
    u_check.start(reference);

    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    forever begin
      @(negedge clk);
      cycles++;
      if (fired) begin
        have = 1'b0;
        if (next.unit == CTM_UNIT_PE) cmds++;
        else if (next.kind == CTM_TXN_MC_OUTPUT) writes++;
        else reads++;
      end
      if (!have && !ended) begin
        if (next_item() == 0) ended = 1'b1;
        else have = 1'b1;
      end
      // (the draw first, so every cycle draws: Verilator 5.006 calls it even after a false `have &&`)
      drive(draw() >= gap_pct && have);
      // the memory: a read taken is due 1 to MemLatencyMax cycles on, never before the one
      // ahead of it; an answer taken leaves the queue
      if (answered) begin
        void'(mem_q_addr.pop_front());
        void'(mem_q_due.pop_front());
      end
      if (rd_taken) begin
        latency = 1 + draw() % MemLatencyMax;
        if (cycles + longint'(latency) > last_due) last_due = cycles + longint'(latency);
        mem_q_addr.push_back(rd_addr);
        mem_q_due.push_back(last_due);
      end
      // the memory's answer, once due and not held back
      mem_rvalid = 1'b0;
      if (mem_q_addr.size() != 0 && mem_q_due[0] <= cycles) begin
        if (draw() < stall_pct) held++;
        else begin
          mem_rvalid = 1'b1;
          mem_rdata = memory_at(mem_q_addr[0]);
        end
      end
      if (done) begin
        @(negedge clk);  // the checker's drain check at the edge between
        $display("tb_mc_unit: %0d commands, %0d input reads, %0d output writes of %s over %0dx%0d (seed %0d), %0d cycles (%0d memory answers held)",
                 cmds, reads, writes, elf, width, height, seed, cycles, held);
        ctm_model_free(stim);
        $finish;
      end
    end
  end

endmodule
