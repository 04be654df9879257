// A user's testbench for mc_unit, checked at its transactions (docs/txn.md): one run of the
// golden model hands out the PE's commands and the MC's input reads and output writes
// (ctm_model_txn_next), which the testbench feeds to the design in that order as its ready
// allows; the same run is the reference of ctm_txn_check (start_shared: it takes the
// transactions those pulls make; +tb_two_runs: a second run of the program), which compares
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
// +tb_mode=cmd (cosim --design mc_unit --tb-mode cmd): no ELF: the testbench writes the device
// memory image and the command buffer itself, word by word, and both runs are made from them
// (ctm_model_new_cmd; "+tb_mode=cmd" below): two start_programs over domains not at (0, 0), output
// masks other than 0xF, a UINT8_4 and a UINT16_1 output, LINEAR and TILED, pitches not the width.
// The check is the same: every MC transaction, a write's stored bytes and byte enables included.
//
// Plusargs: +elf=PATH (default surfaces.elf) +width=W +height=H (16x8) +seed=N (1) +tb_mode=cmd
//   +stall=PERCENT of cycles the memory holds back an answer that is due (25)
//   +gap=PERCENT of cycles a ready command or access is held back (10)
//   +in0=PATH +in1=PATH: raw FLOAT32_4 elements, (W+64) x H of them
//   +ctm_txn_json=PATH: the checker's JSON report of a mismatch
//   +ctm_wave=PATH: the run as an FST waveform
//   +tb_stop=N: end the run after N cycles, done or not (the checker checks what it kept)
//   +tb_two_runs: the checker runs a second ctm_model of its own (ctm_txn_new's default)
// Parameters: Lanes, Contexts (the model's), CheckBatch (ctm_txn_check's Batch)
// ctm-inputs: edges
// ctm-tb-modes: cmd
module tb_mc_unit #(
  parameter int unsigned Lanes    = 64,
  parameter int unsigned Contexts = 4,
  parameter int CheckBatch = 32
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
    .Kinds(Kinds),
    .Batch(CheckBatch)
  ) u_check (
    .clk_i  (clk),
    .rst_ni (rst_n),
    .valid_i(txn_valid),
    .txn_i  (txn),
    .done_i (done)
  );

  // ---------------------------------------------------------------- stimulus
  chandle stim, reference;  // the run that feeds the design; the checker's own (+tb_two_runs)
  string elf = "surfaces.elf", in_path[2], tb_mode = "";
  int unsigned width = 16, height = 8, seed = 1, stall_pct = 25, gap_pct = 10;
  int unsigned cmds = 0, reads = 0, writes = 0, held = 0;
  longint unsigned cycles = 0, stop_at = 0;
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

  // ---------------------------------------------------------------- +tb_mode=cmd
  // The run from the testbench's own image and buffer, as a driver writes them (docs/run.md,
  // "A run of your own command buffer"). The image:
  //   0x0000  the program (CmdProgram), 2 instructions of 6 words, `dpp asm` of the "asm:" lines
  //           (tests/cli/designs.sh checks the words): output 0 = 2 x input 0 at each position
  //   asm: tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait
  //   asm: out rgb mad r2._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r2._ o0.a, s0.a, s1.a, s2.a src r1/r1, #1/#1, r1/r1 wait
  //   0x0800  input 0: FLOAT32_4, (W + 3 rounded up to 4) + 4 elements a row (not W), rows H + 2
  //           rounded up to 4; channel 0 in [0.5, 65536) (a UINT16 with a fraction when
  //           doubled), channels 1..3 in [2^-8, 0.5) (doubled and x 255: 2..255 with a fraction,
  //           which a UINT8 store rounds), every 7th word an edge (zeros, NaN, infinities, 1.0,
  //           65535.5)
  //   then output surfaces A and B, 2 KiB aligned, pitch (W + 3 rounded up to 4) + 8
  // The buffer: set_inst_fmt, set_inp_fmt 0, then for each start_program k = 0, 1: set_out_fmt 0
  // to surface k, set_domain W x H at (1 + (seed + k) % 3, 2 - k), set_out_mask, start_program,
  // wait_for_idle; flush_out_cache last. From the seed: start k's output is UINT8_4 or UINT16_1
  // by (seed + k) % 2 (one of each a run), TILED or LINEAR by (seed / 2 + k) % 2 (seeds 0..3: each
  // format in each layout), its mask cmd_mask(); input 0 TILED when seed / 4 is odd.
  localparam int unsigned CmdIn = 32'h800;  // input 0's base
  localparam logic [3:0] CmdWriteMask = 4'hf;  // the program's OUTPUT writes o0.rgb and o0.a

  // the program's words (its "asm:" lines above)
  localparam logic [31:0] CmdProgram[12] = '{
    32'h0000_7807, 32'h0a40_0000, 32'he401_e400, 32'h0, 32'h0, 32'h0,  // tex ld
    32'h0007_8005, 32'h0012_e001, 32'h0012_e001, 32'h0044_2220, 32'h0068_c020, 32'h1c22_2020  // out
  };
  // input 0's edge words: +-0, NaN, +-inf, 1.0, 65535.5
  localparam logic [31:0] CmdEdges[7] = '{
    32'h0000_0000, 32'h8000_0000, 32'h7fc0_0000, 32'h7f80_0000, 32'hff80_0000, 32'h3f80_0000,
    32'h477f_ff80
  };

  // start k's output mask: UINT8_4 0x5, 0xA, 0x3, 0xE by seed % 4; UINT16_1 (channel 0 only)
  // 0x3, 0xB, 0x5 and 0xE, the last writing no byte
  function automatic int unsigned cmd_mask(int format);
    case (seed % 4)
      0: return format == CTM_FMT_UINT8_4 ? 32'h5 : 32'h3;
      1: return format == CTM_FMT_UINT8_4 ? 32'ha : 32'hb;
      2: return format == CTM_FMT_UINT8_4 ? 32'h3 : 32'h5;
      default: return 32'he;
    endcase
  endfunction

  // input 0's word at addr (the values above)
  function automatic int unsigned cmd_input_word(int unsigned addr);
    int unsigned h = (addr * 32'h9e37_79b1) ^ (addr >> 3);
    h ^= h >> 15;
    if ((addr >> 2) % 7 == 3) return CmdEdges[(addr >> 2) / 7 % 7];
    if (addr[3:2] == 2'd0) return 32'h3f00_0000 + h % 32'h0800_0000;
    return 32'h3b80_0000 + h % 32'h0380_0000;
  endfunction

  function automatic int unsigned round_up(int unsigned n, int unsigned to);
    return (n + to - 1) / to * to;
  endfunction

  // a status of the run's calls: the model's own message on failure
  function automatic void run_ok(chandle m, int status, string what);
    if (status != CTM_OK) $fatal(1, "tb_mc_unit: +tb_mode=cmd: %s: %s", what, ctm_model_error(m));
  endfunction

  // one command: the PM4 type-3 header, then its n parameters
  function automatic void cmd(chandle m, logic [7:0] op, int unsigned n, int unsigned p0,
                              int unsigned p1 = 0, int unsigned p2 = 0, int unsigned p3 = 0);
    int unsigned p[4];
    p = '{p0, p1, p2, p3};
    run_ok(m, ctm_model_put_cmd(m, 32'hc000_0000 | (n - 1) << 16 | 32'(op) << 8),
           $sformatf("command 0x%02h", op));
    for (int unsigned k = 0; k < n; k++)
      run_ok(m, ctm_model_put_cmd(m, p[k]), $sformatf("command 0x%02h", op));
  endfunction

  // the format word: pitch (elements, a multiple of 4), tiling, format
  function automatic int unsigned fmt_word(int unsigned pitch, int tiling, int format);
    return pitch | int'(tiling) << 16 | int'(format) << 24;
  endfunction

  function automatic chandle open_cmd_run();
    int unsigned pitch_in = round_up(width + 3, 4) + 4, pitch_out = round_up(width + 3, 4) + 8;
    int unsigned rows = round_up(height + 2, 4), base[3], image_end;
    int format[2], tiling[2];
    chandle m;
    for (int k = 0; k < 2; k++) begin
      format[k] = (seed + k) % 2 != 0 ? CTM_FMT_UINT16_1 : CTM_FMT_UINT8_4;
      tiling[k] = (seed / 2 + k) % 2 != 0 ? CTM_TILE_TILED : CTM_TILE_LINEAR;
    end
    base[0] = CmdIn;  // then the two outputs, each at the next 2 KiB
    base[1] = round_up(CmdIn + pitch_in * rows * 16, 2048);
    base[2] = round_up(base[1] + pitch_out * rows * 32'(ctm_mc_element_bytes(format[0])), 2048);
    image_end = round_up(base[2] + pitch_out * rows * 32'(ctm_mc_element_bytes(format[1])), 2048);
    // memory: the image, then 2 KiB for the buffer (and the design's 16-byte reads stay inside)
    m = ctm_model_new_cmd(image_end + 2048, int'(Lanes), int'(Contexts), int'(Depth),
                          int'(Depth));
    if (m == null) $fatal(1, "tb_mc_unit: +tb_mode=cmd: %s", ctm_error());
    for (int k = 0; k < 12; k++)
      run_ok(m, ctm_model_put_mem(m, 4 * k, CmdProgram[k]), "the program");
    for (int unsigned a = base[0]; a < base[0] + pitch_in * rows * 16; a += 4)
      run_ok(m, ctm_model_put_mem(m, a, cmd_input_word(a)), "input 0");
    // the image ends past the outputs: the buffer goes after them, not over them
    run_ok(m, ctm_model_put_mem(m, image_end - 4, 0), "the image's end");

    cmd(m, 8'h0d, 2, 0, fmt_word(32, CTM_TILE_LINEAR, CTM_FMT_FLOAT32_1));  // set_inst_fmt
    cmd(m, 8'h14, 4, 0, base[0],                                             // set_inp_fmt 0
        fmt_word(pitch_in, (seed / 4) % 2 != 0 ? CTM_TILE_TILED : CTM_TILE_LINEAR,
                 CTM_FMT_FLOAT32_4), rows);
    for (int k = 0; k < 2; k++) begin
      int unsigned x0 = 1 + (seed + k) % 3, y0 = 2 - k;
      cmd(m, 8'h15, 4, 0, base[1 + k], fmt_word(pitch_out, tiling[k], format[k]), rows);
      cmd(m, 8'h01, 4, x0, y0, x0 + width - 1, y0 + height - 1);  // set_domain, inclusive
      cmd(m, 8'h17, 1, cmd_mask(format[k]));                       // set_out_mask
      cmd(m, 8'h02, 1, 2);                                         // start_program, 2 insts
      cmd(m, 8'h03, 1, 0);                                         // wait_for_idle
    end
    cmd(m, 8'h19, 1, 0);  // flush_out_cache
    return m;
  endfunction

  function automatic chandle open_run();
    int format, tiling;
    string what;
    chandle m;
    if (tb_mode == "cmd") return open_cmd_run();
    m = ctm_model_new(elf, int'(width), int'(height), int'(Lanes), int'(Contexts),
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
    // the channels the instruction writes: the transaction's mask is what the MC stores, after
    // set_out_mask, which the design must apply itself; in cmd mode the testbench knows its
    // program's one OUTPUT writes all four (an ELF run's mask is 0xF: the two are the same)
    req_chmask = tb_mode == "cmd" ? CmdWriteMask : 4'(next.mask);
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
    void'($value$plusargs("tb_mode=%s", tb_mode));
    void'($value$plusargs("tb_stop=%d", stop_at));
    if (tb_mode != "" && tb_mode != "cmd") $fatal(1, "tb_mc_unit: +tb_mode=%s: only cmd", tb_mode);
    if (tb_mode == "cmd" && $test$plusargs("elf="))
      $fatal(1, "tb_mc_unit: +tb_mode=cmd writes its own program: no +elf");
    if (tb_mode == "cmd") elf = "its own command buffer";
    rng = (seed == 0) ? 32'h1234_5678 : seed;
    stim = open_run();
    if ($test$plusargs("tb_two_runs")) begin
      reference = open_run();
      u_check.start(reference);
    end else begin
      u_check.start_shared(stim);
    end

    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    forever begin
      @(negedge clk);
      cycles++;
      if (stop_at != 0 && cycles > stop_at) begin
        $display("tb_mc_unit: stopped after %0d cycles (+tb_stop)", stop_at);
        $finish;
      end
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
