// A user's testbench for co_unit, checked at its transactions (docs/txn.md): one run of the
// golden model (the stimulus) hands out its MC and CO transactions (ctm_model_txn_next); each
// CO_DECIDE becomes a request to the design (client, pair, v) as its ready allows, and each
// buffer read the design makes is answered, a few cycles later and in any order, with the b the
// model read for that pair (its MC_COND_READ). The same run is the reference of
// ctm_txn_check #(.Units(1 << CTM_UNIT_CO)) (start_shared: it takes the decisions the
// testbench's pulls make; +tb_two_runs: a second run of the same program and CO setup), which
// takes the design's decisions as they leave, in any order between pairs, and drains at the end. The design's
// write-backs are held to the model's MC_COND_WRITEs (pair and value) when the run ends.
//
// The CO is programmed on both runs from the seed: test = seed % 8 (CTM_CO_*), loc = seed / 8
// % 2 (CTM_CO_LOC_*), writemask = seed / 16 % 2, and the PE's value (set_cond_val, also the
// DPP's v when the program's FG_DEPTH_SRC is 0, as for saxpy, which writes no W) one of 1.0,
// -0.0, NaN, -3.0 (seed / 32 even) or +Inf, -Inf, the smallest denormal, a negative NaN (odd):
// (seed + seed / 8) % 4 picks, so that seeds 0..31 meet every test with each value of the
// first four. The conditional buffer is +in0's file read as FLOAT32_1, 4 (W+64) x H elements:
// b(i, j) is its element j 4 (W+64) + i (the small integers -8..8 cosim --design binds, +0
// among them).
//
// Plusargs: +elf=PATH (default saxpy.elf) +width=W +height=H (16x4) +seed=N (1)
//   +stall=PERCENT of cycles with stall_i high (25) +gap=PERCENT of cycles the request is held
//   back (10); buffer reads are answered 1 to 8 cycles later
//   +in0=PATH +in1=PATH: inputs 0 and 1, raw FLOAT32_4 elements, (W+64) x H of them
//   (+in0 is the conditional buffer too; without it the buffer is zeros)
//   +ctm_txn_json=PATH: the checker's JSON report of a mismatch
//   +ctm_wave=PATH: the run as an FST waveform
//   +tb_two_runs: the checker runs a second ctm_model of its own (ctm_txn_new's default)
module tb_co_unit #(
  parameter int unsigned Lanes    = 64,
  parameter int unsigned Contexts = 4
);
  import ctm_dpi_pkg::*;

  localparam int unsigned Depth = 4;  // the model's address and loop stacks
  localparam int unsigned Slots = 4;
  localparam int unsigned CoordW = 16;
  localparam int unsigned TagW = $clog2(Slots);
  localparam int StimUnits = (1 << CTM_UNIT_MC) | (1 << CTM_UNIT_CO);

  logic clk = 1'b0, rst_n = 1'b0;
  initial forever #5 clk = ~clk;

  // ---------------------------------------------------------------- the design
  logic [2:0] test = '0;
  logic loc = 1'b0, writemask = 1'b0;
  logic [31:0] cond_val = '0;
  logic req_valid = 1'b0, req_ready, req_client = 1'b0;
  logic [CoordW-1:0] req_x = '0, req_y = '0;
  logic [31:0] req_v = '0;
  logic rd_valid;
  logic [TagW-1:0] rd_tag;
  logic [CoordW-1:0] rd_x, rd_y;
  logic rsp_valid = 1'b0;
  logic [TagW-1:0] rsp_tag = '0;
  logic [31:0] rsp_b = '0;
  logic stall = 1'b0;
  logic dec_valid, wb_valid, idle;
  ctm_txn_t dec;
  logic [CoordW-1:0] wb_x, wb_y;
  logic [31:0] wb_v;

  co_unit #(
    .Slots (Slots),
    .CoordW(CoordW)
  ) dut (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .test_i      (test),
    .loc_i       (loc),
    .writemask_i (writemask),
    .cond_val_i  (cond_val),
    .req_valid_i (req_valid),
    .req_ready_o (req_ready),
    .req_client_i(req_client),
    .req_x_i     (req_x),
    .req_y_i     (req_y),
    .req_v_i     (req_v),
    .rd_valid_o  (rd_valid),
    .rd_tag_o    (rd_tag),
    .rd_x_o      (rd_x),
    .rd_y_o      (rd_y),
    .rsp_valid_i (rsp_valid),
    .rsp_tag_i   (rsp_tag),
    .rsp_b_i     (rsp_b),
    .stall_i     (stall),
    .dec_valid_o (dec_valid),
    .dec_o       (dec),
    .wb_valid_o  (wb_valid),
    .wb_x_o      (wb_x),
    .wb_y_o      (wb_y),
    .wb_v_o      (wb_v),
    .idle_o      (idle)
  );

  // ---------------------------------------------------------------- the transaction check
  logic done;
  ctm_txn_check #(
    .Units(1 << CTM_UNIT_CO)  // the CO's decisions: what an output unit makes
  ) u_check (
    .clk_i  (clk),
    .rst_ni (rst_n),
    .valid_i(dec_valid),
    .txn_i  (dec),
    .done_i (done)
  );

  // ---------------------------------------------------------------- stimulus
  chandle stim, ref_run;  // the run whose stream feeds the design; the checker's (+tb_two_runs)
  string elf = "saxpy.elf", in_path[2];
  int unsigned width = 16, height = 4, seed = 1, stall_pct = 25, gap_pct = 10;
  int unsigned c_test, c_loc, c_writemask, c_val;
  int unsigned fed = 0, reads = 0, stalls = 0, kept = 0, written = 0, passed = 0;
  longint unsigned order[$];  // the requests taken and not yet decided, oldest first
  longint unsigned cycles = 0;
  bit have = 1'b0, ended = 1'b0;
  bit fired;  // written by the clocked process below: no initialiser (2-state, 0 at time 0)
  int unsigned rng;
  // the request held for the design: the model's next decision
  bit cur_client;
  logic [CoordW-1:0] cur_x, cur_y;
  int unsigned cur_v;
  // b of each pair as the model read it, in the order it read them (a pair may be read again
  // by a later program)
  int unsigned b_of[longint unsigned][$];
  // write-backs: +1 each the model makes, -1 each the design makes ("i j v")
  int writes[string];
  // buffer reads in flight: the tag, b and the cycle the answer is due
  int unsigned pend_tag[$], pend_b[$];
  longint unsigned pend_due[$];

  localparam logic [31:0] Values[8] = '{
    32'h3f80_0000,  // 1.0
    32'h8000_0000,  // -0.0
    32'h7fc0_0000,  // NaN
    32'hc040_0000,  // -3.0
    32'h7f80_0000,  // +Inf
    32'hff80_0000,  // -Inf
    32'h0000_0001,  // the smallest denormal
    32'hffc0_0001   // a negative NaN with a payload
  };

  // the testbench's one random stream (xorshift32): the same seed, the same run
  function automatic int unsigned draw();
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng % 100;
  endfunction

  function automatic longint unsigned pair(longint x, longint y);
    return (longint'(x) << 32) | (longint'(y) & 64'hffff_ffff);
  endfunction

  function automatic chandle open_run();
    chandle m = ctm_model_new(elf, int'(width), int'(height), int'(Lanes), int'(Contexts),
                              int'(Depth), int'(Depth));
    if (m == null) $fatal(1, "tb_co_unit: +elf=%s: %s", elf, ctm_error());
    for (int n = 0; n < 2; n++) begin
      if (in_path[n] != "") begin
        ctm_expect_ok(ctm_model_load_input(m, n, in_path[n], CTM_FMT_FLOAT32_4,
                                           int'(width) + 64, int'(height)),
                      $sformatf("tb_co_unit: +in%0d=%s", n, in_path[n]));
      end
    end
    if (in_path[0] != "") begin  // the same bytes as the buffer: 4 floats an element of input 0
      ctm_expect_ok(ctm_model_load_cond(m, in_path[0], CTM_FMT_FLOAT32_1,
                                        4 * (int'(width) + 64), int'(height)),
                    $sformatf("tb_co_unit: the conditional buffer from +in0=%s", in_path[0]));
    end
    ctm_expect_ok(ctm_model_set_cond(m, int'(c_test), int'(c_loc), int'(c_writemask), c_val),
                  "tb_co_unit: ctm_model_set_cond");
    return m;
  endfunction

  // the stimulus stream up to its next CO decision (the buffer's reads and writes on the way)
  function automatic void fetch();
    /* verilator lint_off UNUSEDSIGNAL */
    ctm_txn_t t;  // the fields of the three kinds it reads
    /* verilator lint_on UNUSEDSIGNAL */
    int r;
    forever begin
      r = ctm_model_txn_next(stim, StimUnits, t);
      if (r < 0) $fatal(1, "tb_co_unit: the program faulted: %s", ctm_model_error(stim));
      if (r == 0) begin
        ended = 1'b1;
        return;
      end
      if (t.kind == CTM_TXN_MC_COND_READ) begin
        b_of[pair(t.x, t.y)].push_back(t.value[0]);
      end else if (t.kind == CTM_TXN_MC_COND_WRITE) begin
        writes[$sformatf("%0d %0d %08x", t.x, t.y, t.value[0])] += 1;
      end else if (t.kind == CTM_TXN_CO_DECIDE) begin
        cur_client = t.index == CTM_CO_LOC_PE;
        cur_x = CoordW'(t.x);
        cur_y = CoordW'(t.y);
        cur_v = t.v;
        have = 1'b1;
        return;
      end
    end
  endfunction

  // the request was taken at this edge
  always_ff @(posedge clk) begin
    fired <= req_valid && req_ready;
  end

  assign done = ended && !have && idle && (pend_tag.size() == 0);

  // +ctm_wave=PATH: every signal of the run into an FST file (cosim --design keeps it on a
  // mismatch: the cycles that led to it)
  initial begin
    string wave_path;
    if ($value$plusargs("ctm_wave=%s", wave_path)) begin
      $dumpfile(wave_path);
      $dumpvars(0, tb_co_unit);
    end
  end

  initial begin
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
    c_test = seed % 8;
    c_loc = (seed / 8) % 2;
    c_writemask = (seed / 16) % 2;
    c_val = Values[(seed + seed / 8) % 4 + 4 * ((seed / 32) % 2)];
    test = 3'(c_test);
    loc = 1'(c_loc);
    writemask = 1'(c_writemask);
    cond_val = c_val;
    rng = (seed == 0) ? 32'h1234_5678 : seed;
    stim = open_run();
    if ($test$plusargs("tb_two_runs")) begin
      ref_run = open_run();
      u_check.start(ref_run);
    end else begin
      u_check.start_shared(stim);
    end

    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    forever begin
      @(negedge clk);
      cycles++;
      if (fired) begin
        have = 1'b0;
        fed++;
        order.push_back(pair(longint'(cur_x), longint'(cur_y)));
      end
      if (!have && !ended) fetch();
      // (the draw first, so every cycle draws: Verilator 5.006 calls it even after a false `have &&`)
      req_valid = (draw() >= gap_pct) && have;
      req_client = cur_client;
      req_x = cur_x;
      req_y = cur_y;
      req_v = cur_v;
      stall = draw() < stall_pct;
      if (stall) stalls++;
      // a read the design made at the last edge: the model's b for the pair, 1..8 cycles on
      // (a read the model never made gets 0: the decision's `reads` tells the checker)
      if (rd_valid) begin
        int unsigned lat;
        longint unsigned k;
        k = pair(longint'(rd_x), longint'(rd_y));
        pend_tag.push_back(int'(rd_tag));
        if (b_of.exists(k) != 0 && b_of[k].size() > 0) pend_b.push_back(b_of[k].pop_front());
        else pend_b.push_back(0);
        lat = draw() % 8;
        pend_due.push_back(cycles + longint'(lat));
        reads++;
      end
      // one answer a cycle: the first one due (so they pass each other)
      rsp_valid = 1'b0;
      for (int p = 0; p < pend_tag.size(); p++) begin
        if (pend_due[p] <= cycles) begin
          rsp_valid = 1'b1;
          rsp_tag = TagW'(pend_tag[p]);
          rsp_b = pend_b[p];
          pend_tag.delete(p);
          pend_b.delete(p);
          pend_due.delete(p);
          break;
        end
      end
      if (dec_valid) begin  // counted: kept, and decided before an older request
        if (dec.keep != 0) kept++;
        for (int p = 0; p < order.size(); p++) begin
          if (order[p] == pair(dec.x, dec.y)) begin
            if (p > 0) passed++;
            order.delete(p);
            break;
          end
        end
      end
      if (wb_valid) written++;
      if (wb_valid) writes[$sformatf("%0d %0d %08x", wb_x, wb_y, wb_v)] -= 1;
      if (done) begin
        @(negedge clk);  // the checker's drain check at the edge between
        foreach (writes[k]) begin
          if (writes[k] > 0)
            $fatal(1, "tb_co_unit: write-back (i j v) %s: the model made it %0d more time(s) than the design",
                   k, writes[k]);
          if (writes[k] < 0)
            $fatal(1, "tb_co_unit: write-back (i j v) %s: the design made it %0d more time(s) than the model",
                   k, -writes[k]);
        end
        $display("tb_co_unit: %0d requests of %s over %0dx%0d (test %0d, loc %0d, writemask %0d, v 0x%08x), %0d lanes: %0d kept, %0d buffer reads, %0d written back, %0d decided before an older request; %0d cycles (%0d stalled)",
                 fed, elf, width, height, c_test, c_loc, c_writemask, c_val, Lanes, kept, reads,
                 written, passed, cycles, stalls);
        ctm_model_free(stim);
        $finish;
      end
    end
  end

  // ref_run stays: the checker holds it to the end (its final block frees the checker first)

endmodule
