// ctm_commit_check_state: the commit checker of docs/commit.md with the state port of level 2
// (a design of the fc_unit's or the predicate stack's family): ctm_commit_check's ports and
// parameters, plus Family (CTM_COMMIT_FAMILY_*), and state_valid_i / state_i
// (ctm_commit_state_t: FC_STATE or PRED_OP), put after the edge's commits. ctm_commit_check
// (ctm_commit_check.sv) is it without the state ports; its head comment tells how to wire and
// start either. Compile after ctm_dpi_pkg.sv.
//
// Open regions (since 1.14, any level; docs/commit.md, "Open regions"): with Regions set to a
// CTM_REGIONS_* policy, the design puts a state commit of kind CTM_COMMIT_REGIONS (ctx, pc,
// regions: the branch levels it holds open) on the state port after each START and FC step,
// after that step's commits; the library holds each to the model's count.
module ctm_commit_check_state
  import ctm_dpi_pkg::*;
#(
  parameter int Contexts = 4,            // the design's context ids: 0..Contexts-1
  parameter int Ports = 1,               // commits a clock edge can carry
  parameter int Level = 0,               // 0: every instruction; 1: control events; 2: level 0
                                         // and the family's state (docs/commit.md)
  parameter int Family = 0,              // level 2: CTM_COMMIT_FAMILY_FC or _PRED
  parameter int StatePorts = 1,          // level-2 state commits a clock edge can carry
  parameter int Kinds = 0,               // bit k: the design commits CTM_COMMIT_k (0: all of the level's)
  parameter int Regions = -1,            // -1: no REGIONS; else CTM_REGIONS_* (what a uniform
                                         // branch is to the count)
  parameter longint unsigned Watchdog = 10000,  // cycles without a commit that make a hang (0: none)
  parameter string Name = "ctm_commit_check"
) (
  input logic clk_i,
  input logic rst_ni,
  input logic [Ports-1:0] valid_i,
  input ctm_commit_t [Ports-1:0] commit_i,
  input logic [StatePorts-1:0] state_valid_i,       // level 2: after the edge's commits
  input ctm_commit_state_t [StatePorts-1:0] state_i,
  input logic done_i
);
  chandle chk = null;  // the library's checker (start)
  chandle run = null;  // the model's run it checks against (its control coverage)
  // Written by the clocked process below, so no initialiser (Verilator 5.050's PROCASSINIT):
  // 2-state variables start at 0 without one (IEEE 1800-2017 6.8, table 6-7).
  longint unsigned cycle, seen;
  bit drained;
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
    run = m;
    chk = ctm_commit_new(m, Contexts, Level);
    if (chk == null) $fatal(1, "%s: ctm_commit_new: %s", Name, ctm_error());
    if (Level == 2)
      ctm_expect_ok(ctm_commit_set_family(chk, Family), {Name, ": ctm_commit_set_family"});
    if (Kinds != 0)
      ctm_expect_ok(ctm_commit_set_kinds(chk, Kinds), {Name, ": ctm_commit_set_kinds"});
    if (Regions >= 0)
      ctm_expect_ok(ctm_commit_set_regions(chk, Regions), {Name, ": ctm_commit_set_regions"});
    ctm_expect_ok(ctm_commit_set_watchdog(chk, Watchdog),
                  {Name, ": ctm_commit_set_watchdog"});
  endfunction

  // +ctm_cover_json=PATH: the run's control coverage so far as JSON (at the pass, or at the
  // mismatch: what the run had exercised up to it).
  function automatic void save_coverage(chandle m);
    /* verilator no_inline_task */
    string path;
    int fd;
    if (!$value$plusargs("ctm_cover_json=%s", path)) return;
    fd = $fopen(path, "w");
    if (fd == 0) return;
    $fwrite(fd, "%s\n", ctm_model_cover_report(m, CTM_REPORT_JSON));
    $fclose(fd);
  endfunction

  // Stops at a verdict that is not CTM_OK: the report, as text and (+ctm_commit_json) JSON.
  // Not inlined (so it takes the checker and the run as arguments): inlined at each call, its
  // strings would be built and freed on every clock edge. Called only when status is not OK.
  function automatic void stop(chandle c, chandle m, int status, string what);
    /* verilator no_inline_task */
    if (status == CTM_E_MISMATCH) begin
      ctm_show_report(ctm_commit_report(c, CTM_REPORT_TEXT),
                      ctm_commit_report(c, CTM_REPORT_JSON), "ctm_commit_json");
      save_coverage(m);
    end
    $fatal(1, "%s: %s: %s", Name, what, ctm_commit_diff(c));
  endfunction

  // The verdicts of a clock edge: no string is built unless one is not CTM_OK.
  function automatic void commit_verdict(int status);
    if (status != CTM_OK) stop(chk, run, status, "commit");
  endfunction

  function automatic void watchdog_verdict(int status);
    if (status != CTM_OK) stop(chk, run, status, "watchdog");
  endfunction

  // done_i has risen: the drain check, the pass and what the run exercised (counted on the
  // model's steps, which a pass matched).
  function automatic void pass(chandle c, chandle m);
    /* verilator no_inline_task */
    int status = ctm_commit_finish(c);
    if (status != CTM_OK) stop(c, m, status, "drain check");
    $display("%s: PASS, %0d commits", Name, ctm_commit_count(c));
    $write("%s: %s", Name, ctm_model_cover_report(m, CTM_REPORT_TEXT));
    save_coverage(m);
  endfunction

  always_ff @(posedge clk_i) begin
    if (rst_ni && off) begin
      seen <= seen + longint'($countones(valid_i)) + longint'($countones(state_valid_i));
      if (done_i && !drained) begin
        drained <= 1'b1;
        $display("%s: OFF, %0d commits not checked", Name, seen);
      end
    end else if (rst_ni) begin
      cycle <= cycle + 1;
      if (chk == null && (|valid_i || |state_valid_i))
        $fatal(1, "%s: a commit before start(model)", Name);
      if (chk != null) begin
        for (int p = 0; p < Ports; p++) begin
          if (valid_i[p]) begin
            commit_verdict(ctm_commit_put_fields(chk, cycle, int'(commit_i[p].ctx),
                                          int'(commit_i[p].kind), commit_i[p].wave,
                                          32'(commit_i[p].pc), commit_i[p].exec,
                                          commit_i[p].done, commit_i[p].kill,
                                          int'(commit_i[p].jump), 32'(commit_i[p].next_pc),
                                          commit_i[p].active, int'(commit_i[p].al)));
          end
        end
        for (int p = 0; p < StatePorts; p++) begin
          if (state_valid_i[p] && int'(state_i[p].kind) == CTM_COMMIT_REGIONS) begin
            commit_verdict(ctm_commit_put_regions(chk, cycle, int'(state_i[p].ctx), 32'(state_i[p].pc),
                                                  32'(state_i[p].regions)));
          end else if (state_valid_i[p]) begin
            commit_verdict(ctm_commit_put_state(chk, cycle, int'(state_i[p].ctx), int'(state_i[p].kind),
                                         32'(state_i[p].pc), int'(state_i[p].op),
                                         int'(state_i[p].quarter), state_i[p].mask,
                                         state_i[p].exec, state_i[p].br_inactive,
                                         32'(state_i[p].depth), 32'(state_i[p].addr_sp),
                                         32'(state_i[p].addr_top), 32'(state_i[p].loop_sp),
                                         32'(state_i[p].loop_count), int'(state_i[p].al),
                                         state_i[p].bc));
          end
        end
        if (!(|valid_i) && !(|state_valid_i))
          watchdog_verdict(ctm_commit_clock(chk, cycle));  // a put is a tick
        if (done_i && !drained) begin
          drained <= 1'b1;
          pass(chk, run);
        end
      end
    end
  end

  final if (chk != null) ctm_commit_free(chk);
endmodule
