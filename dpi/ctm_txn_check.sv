// ctm_txn_check: checks a design's PE, MC or CO transactions against the CTM golden model
// (docs/txn.md). Instantiate it beside the design, wire its transaction ports, and hand it the
// model's run once, before the first transaction:
//
//   ctm_txn_check #(.Units(1 << CTM_UNIT_MC)) u_check (.clk_i, .rst_ni, .valid_i(txn_valid),
//                                                     .txn_i(txn), .done_i(all_done));
//   initial begin
//     chandle m = ctm_model_new("prog.elf", 64, 64, 16, 4, 4, 4);  // inputs, layouts: here
//     u_check.start(m);
//   end
//
// The checker drives its model; a testbench that takes its stimulus from the same run reads
// a second ctm_model of it with ctm_model_txn_next, or hands the checker its own with
// start_shared(m) and goes on pulling it (one run: ctm_txn_share). Each clock edge out of
// reset it keeps the valid transactions of that edge, port 0 first, and puts them Batch at a
// time (each named by its own cycle); when done_i rises it puts those kept and runs the drain
// check.
// The first mismatch prints the library's report (and writes it as JSON to
// +ctm_txn_json=PATH) and stops with $fatal; the drain check's pass prints
// "NAME: PASS, N transactions". +ctm_txn_off turns the check off ("NAME: OFF, N transactions
// not checked"). The watchdog: Watchdog cycles out of reset with no transaction and done_i low
// make a hang, reported as the drain check's report of what the model still expects (or, when
// it expects nothing, as a done_i that never rose), so a design that deadlocks ends with a
// verdict instead of running until an outer timeout. Reports name the cycle: clock edges out
// of reset, counted from 0 (ctm_txn_set_cycle). Compile after ctm_dpi_pkg.sv.
module ctm_txn_check
  import ctm_dpi_pkg::*;
#(
  parameter int Units = CTM_UNITS_ALL,  // bit u: the design makes CTM_UNIT_u's transactions
  parameter int Kinds = 0,              // bit k: the design makes CTM_TXN_k (0: all of its units')
  parameter int Ports = 1,              // transactions a clock edge can carry
  parameter string Name = "ctm_txn_check",
  parameter longint unsigned Watchdog = 10000,  // cycles without a transaction that make a hang (0: none)
  // Transactions kept before they are checked: the checker's code then runs Batch puts at a time
  // instead of between the design's cycles (the two evict each other from the instruction
  // cache: docs/txn.md "Cost"). A mismatch stops the run up to Batch - 1 transactions late, its
  // report naming its own cycle. 1: each edge's transactions are checked at that edge.
  parameter int Batch = 32
) (
  input logic clk_i,
  input logic rst_ni,
  input logic [Ports-1:0] valid_i,
  input ctm_txn_t [Ports-1:0] txn_i,
  input logic done_i
);
  chandle chk = null;  // the library's checker (start)
  // Written by the clocked process below, so no initialiser (Verilator 5.050's PROCASSINIT):
  // 2-state variables start at 0 without one (IEEE 1800-2017 6.8, table 6-7).
  longint unsigned seen;
  longint unsigned cycle;  // clock edges out of reset: the cycle a report names (ctm_txn_set_cycle)
  bit drained;
  longint unsigned idle;  // cycles since the last transaction (the watchdog)
  bit off = 1'b0;  // +ctm_txn_off: the transactions are counted, not checked
  // The transactions put but not yet checked, with their cycles (keep_edge, check_kept)
  ctm_txn_t kept[Batch];
  longint unsigned kept_cycle[Batch];
  int nkept;

  // The model's run to check against: set up (inputs, layouts, constants), not yet run. The
  // checker drives it from now on; free the model after the simulation.
  function automatic void start(chandle m);
    if (m == null) $fatal(1, "%s: start: the model is null: %s", Name, ctm_error());
    if (Batch < 1) $fatal(1, "%s: Batch = %0d: at least 1", Name, Batch);
    off = $test$plusargs("ctm_txn_off");
    if (off) return;
    chk = ctm_txn_new(m, Units);
    if (chk == null) $fatal(1, "%s: ctm_txn_new: %s", Name, ctm_error());
    if (Kinds != 0) ctm_expect_ok(ctm_txn_set_kinds(chk, Kinds), {Name, ": ctm_txn_set_kinds"});
  endfunction

  // The report paths are functions Verilator does not inline (and so take the checker as an
  // argument): inlined, their strings would be built and freed on every clock edge.

  // start_shared(m): as start, but the testbench goes on pulling m (ctm_model_txn_next) for the
  // design's stimulus, and the checker takes the transactions those pulls make: one run, not
  // two (ctm_txn_share).
  function automatic void start_shared(chandle m);
    start(m);
    if (!off) ctm_expect_ok(ctm_txn_share(chk), {Name, ": ctm_txn_share"});
  endfunction

  // Stops at a verdict that is not CTM_OK: the report, as text and (+ctm_txn_json) JSON.
  function automatic void verdict(chandle c, int status, string what);
    /* verilator no_inline_task */
    if (status == CTM_OK) return;
    if (status == CTM_E_MISMATCH)
      ctm_show_report(ctm_txn_report(c, CTM_REPORT_TEXT),
                      ctm_txn_report(c, CTM_REPORT_JSON), "ctm_txn_json");
    $fatal(1, "%s: %s: %s", Name, what, ctm_txn_diff(c));
  endfunction

  // A hang: what the model still expects, or (when it expects nothing) a done_i that never rose.
  function automatic void hang(chandle c);
    /* verilator no_inline_task */
    int status = ctm_txn_finish(c);
    if (status == CTM_OK)
      $fatal(1, "%s: watchdog: no transaction for %0d cycles and done_i never rose (all %0d transactions made)",
             Name, Watchdog, ctm_txn_count(c));
    if (status == CTM_E_MISMATCH)
      ctm_show_report(ctm_txn_report(c, CTM_REPORT_TEXT),
                      ctm_txn_report(c, CTM_REPORT_JSON), "ctm_txn_json");
    $fatal(1, "%s: watchdog: no transaction for %0d cycles: %s", Name, Watchdog, ctm_txn_diff(c));
  endfunction

  // The library refused a cycle (a freed checker): stops.
  function automatic void cycle_refused();
    /* verilator no_inline_task */
    $fatal(1, "%s: ctm_txn_set_cycle: %s", Name, ctm_error());
  endfunction

  // Names the cycle the next verdict happens in (its report's).
  function automatic void name_cycle(longint unsigned now);
    if (ctm_txn_set_cycle(chk, now) != CTM_OK) cycle_refused();
  endfunction

  // The kept transactions are written with blocking assignments, in these functions of the
  // clocked process: the drain check and a full batch check them in the edge that kept them,
  // which a nonblocking write would not show yet; only that process (and final) reads them.
  /* verilator lint_off BLKSEQ */

  // Checks the kept transactions, oldest first, each under its own cycle.
  function automatic void check_kept();
    for (int k = 0; k < nkept; k++) begin
      int status;
      if (k == 0 || kept_cycle[k] != kept_cycle[k-1]) name_cycle(kept_cycle[k]);
      status = ctm_txn_put_bits(chk, kept[k]);
      if (status != CTM_OK) verdict(chk, status, "put");
    end
    nkept = 0;
  endfunction

  // Keeps the edge's valid transactions, checking those kept first when Batch are.
  function automatic void keep_edge();
    for (int p = 0; p < Ports; p++)
      if (valid_i[p]) begin
        if (nkept == Batch) check_kept();
        kept[nkept] = txn_i[p];
        kept_cycle[nkept] = cycle;
        nkept++;
      end
  endfunction
  /* verilator lint_on BLKSEQ */

  always_ff @(posedge clk_i) begin
    if (rst_ni && off) begin
      seen <= seen + longint'($countones(valid_i));
      if (done_i && !drained) begin
        drained <= 1'b1;
        $display("%s: OFF, %0d transactions not checked", Name, seen);
      end
    end else if (rst_ni) begin
      cycle <= cycle + 1;
      if (chk == null && |valid_i) $fatal(1, "%s: a transaction before start(model)", Name);
      if (chk != null) begin
        if (|valid_i) keep_edge();
        idle <= |valid_i || done_i ? 0 : idle + 1;
        if (Watchdog != 0 && !done_i && !drained && !(|valid_i) && idle + 1 >= Watchdog) begin
          check_kept();
          name_cycle(cycle);
          hang(chk);
        end
        if (done_i && !drained) begin  // the kept transactions, then the drain check
          drained <= 1'b1;
          check_kept();
          name_cycle(cycle);
          verdict(chk, ctm_txn_finish(chk), "drain check");
          $display("%s: PASS, %0d transactions", Name, ctm_txn_count(chk));
        end
      end
    end
  end

  // A run that ends before done_i rises still has its kept transactions checked: a mismatch
  // among them prints its report (the run is already ending, so no $fatal).
  final
    if (chk != null) begin
      if (nkept != 0 && !drained)  // check_kept, with an $error in place of $fatal
        for (int k = 0; k < nkept; k++) begin
          int status;
          if (ctm_txn_set_cycle(chk, kept_cycle[k]) != CTM_OK) break;
          status = ctm_txn_put_bits(chk, kept[k]);
          if (status == CTM_OK) continue;
          if (status == CTM_E_MISMATCH)
            ctm_show_report(ctm_txn_report(chk, CTM_REPORT_TEXT),
                            ctm_txn_report(chk, CTM_REPORT_JSON), "ctm_txn_json");
          $error("%s: put (the run ended before done_i rose): %s", Name, ctm_txn_diff(chk));
          break;
        end
      ctm_txn_free(chk);
    end
endmodule
