// ctm_commit_check: checks a design's commits against the CTM golden model (docs/commit.md).
// Instantiate it beside the design (or bind it into it), wire its commit ports, and hand it
// the model's run once, before the first commit:
//
//   ctm_commit_check #(.Contexts(4)) u_check (.clk_i, .rst_ni, .valid_i(commit_valid),
//                                             .commit_i(commit), .done_i(all_done));
//   initial begin
//     chandle m = ctm_model_new("prog.elf", 64, 64, 16, 4, 4, 4);  // inputs, constants: here
//     u_check.start(m);  // or start_shared(m) when the testbench steps m for the stimulus
//   end
//
// Each clock edge out of reset it puts the valid commits of that edge, port 0 first, then
// runs the watchdog; when done_i rises it runs the drain check. The first mismatch prints the
// library's report (and writes it as JSON to +ctm_commit_json=PATH) and stops with $fatal;
// the drain check's pass prints "NAME: PASS, N commits". +ctm_commit_off turns the check off
// (the design alone, for a speed baseline: "NAME: OFF, N commits not checked"). Compile after
// ctm_dpi_pkg.sv.
module ctm_commit_check
  import ctm_dpi_pkg::*;
#(
  parameter int Contexts = 4,            // the design's context ids: 0..Contexts-1
  parameter int Ports = 1,               // commits a clock edge can carry
  parameter int Level = 0,               // 0: every instruction; 1: control events (docs/commit.md)
  parameter int Kinds = 0,               // bit k: the design commits CTM_COMMIT_k (0: all of the level's)
  parameter longint unsigned Watchdog = 10000,  // cycles without a commit that make a hang (0: none)
  parameter string Name = "ctm_commit_check"
) (
  input logic clk_i,
  input logic rst_ni,
  input logic [Ports-1:0] valid_i,
  input ctm_commit_t [Ports-1:0] commit_i,
  input logic done_i
);
  chandle chk = null;  // the library's checker (start)
  longint unsigned cycle = 0, seen = 0;
  bit drained = 1'b0;
  bit off = 1'b0;  // +ctm_commit_off: the commits are counted, not checked

  // start_shared(m): as start, but the testbench goes on stepping m (ctm_model_step) for the
  // design's stimulus, and the checker takes the commits those steps make: one run, not two
  // (ctm_commit_share).
  function automatic void start_shared(chandle m);
    start(m);
    if (!off) ctm_expect_ok(ctm_commit_share(chk), {Name, ": ctm_commit_share"});
  endfunction

  // The model's run to check against: set up (inputs, constants), not yet stepped. The
  // checker drives it from now on; free the model after the simulation.
  function automatic void start(chandle m);
    if (m == null) $fatal(1, "%s: start: the model is null: %s", Name, ctm_error());
    off = $test$plusargs("ctm_commit_off");
    if (off) return;
    chk = ctm_commit_new(m, Contexts, Level);
    if (chk == null) $fatal(1, "%s: ctm_commit_new: %s", Name, ctm_error());
    if (Kinds != 0)
      ctm_expect_ok(ctm_commit_set_kinds(chk, Kinds), {Name, ": ctm_commit_set_kinds"});
    ctm_expect_ok(ctm_commit_set_watchdog(chk, Watchdog),
                  {Name, ": ctm_commit_set_watchdog"});
  endfunction

  // Stops at a verdict that is not CTM_OK: the report, as text and (+ctm_commit_json) JSON.
  function automatic void verdict(int status, string what);
    string path;
    int fd;
    if (status == CTM_OK) return;
    if (status == CTM_E_MISMATCH) begin
      $display("%s", ctm_commit_report(chk, CTM_REPORT_TEXT));
      if ($value$plusargs("ctm_commit_json=%s", path)) begin
        fd = $fopen(path, "w");
        if (fd != 0) begin
          $fwrite(fd, "%s\n", ctm_commit_report(chk, CTM_REPORT_JSON));
          $fclose(fd);
        end
      end
    end
    $fatal(1, "%s: %s: %s", Name, what, ctm_commit_diff(chk));
  endfunction

  always_ff @(posedge clk_i) begin
    if (rst_ni && off) begin
      seen <= seen + longint'($countones(valid_i));
      if (done_i && !drained) begin
        drained <= 1'b1;
        $display("%s: OFF, %0d commits not checked", Name, seen);
      end
    end else if (rst_ni) begin
      cycle <= cycle + 1;
      if (chk == null && |valid_i) $fatal(1, "%s: a commit before start(model)", Name);
      if (chk != null) begin
        for (int p = 0; p < Ports; p++) begin
          if (valid_i[p]) begin
            verdict(ctm_commit_put_fields(chk, cycle, int'(commit_i[p].ctx),
                                          int'(commit_i[p].kind), commit_i[p].wave,
                                          32'(commit_i[p].pc), commit_i[p].exec,
                                          commit_i[p].done, commit_i[p].kill,
                                          int'(commit_i[p].jump), 32'(commit_i[p].next_pc),
                                          commit_i[p].active, int'(commit_i[p].al)), "commit");
          end
        end
        if (!(|valid_i)) verdict(ctm_commit_clock(chk, cycle), "watchdog");  // a put is a tick
        if (done_i && !drained) begin
          drained <= 1'b1;
          verdict(ctm_commit_finish(chk), "drain check");
          $display("%s: PASS, %0d commits", Name, ctm_commit_count(chk));
        end
      end
    end
  end

  final if (chk != null) ctm_commit_free(chk);
endmodule
