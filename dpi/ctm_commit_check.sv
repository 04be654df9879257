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
// the drain check's pass prints "NAME: PASS, N commits" and then the run's SIMT control
// coverage ("NAME: control coverage: H of B bins hit, ...", docs/commit.md, "Control
// coverage"; +ctm_cover_json=PATH writes it as JSON there, at the pass or at the mismatch).
// +ctm_commit_off turns the check off
// (the design alone, for a speed baseline: "NAME: OFF, N commits not checked"). Compile after
// ctm_dpi_pkg.sv.
//
// Level 2 (a design of the fc_unit's or the predicate stack's family, docs/commit.md) uses
// ctm_commit_check_state (ctm_commit_check_state.sv): the same ports and parameters, plus Family
// (CTM_COMMIT_FAMILY_*), and state_valid_i / state_i (ctm_commit_state_t: FC_STATE or PRED_OP),
// put after the edge's commits. ctm_commit_check, the checker of levels 0 and 1, is it without
// the state ports: compile ctm_commit_check_state.sv before this file. A design that commits its
// open regions (REGIONS, any level) uses ctm_commit_check_state too, with Regions.
module ctm_commit_check
  import ctm_dpi_pkg::*;
#(
  parameter int Contexts = 4,
  parameter int Ports = 1,
  parameter int Level = 0,
  parameter int Kinds = 0,
  parameter longint unsigned Watchdog = 10000,
  parameter string Name = "ctm_commit_check"
) (
  input logic clk_i,
  input logic rst_ni,
  input logic [Ports-1:0] valid_i,
  input ctm_commit_t [Ports-1:0] commit_i,
  input logic done_i
);
  ctm_commit_check_state #(
    .Contexts(Contexts), .Ports(Ports), .Level(Level), .Kinds(Kinds), .Watchdog(Watchdog),
    .Name(Name)
  ) u_check (
    .clk_i, .rst_ni, .valid_i, .commit_i, .state_valid_i(1'b0), .state_i('0), .done_i
  );

  function automatic void start(chandle m);
    u_check.start(m);
  endfunction

  function automatic void start_shared(chandle m);
    u_check.start_shared(m);
  endfunction
endmodule
