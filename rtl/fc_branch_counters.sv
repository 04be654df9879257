// Branch-counter op of fc_unit (docs/fc_unit.md, EXEC step 5) on one context's
// lanes, combinational. INCR: every BR_INACTIVE lane counts one more level;
// every lane of the evaluated active set that is still ACTIVE and disagrees with
// the group decision is switched off with counter 0. DECR by n: BR_INACTIVE
// lanes whose counter would go negative wake up, the others count down.
// Lanes in neither mask (LOOP_MASKED, DEAD) pass through untouched.
module fc_branch_counters #(
  parameter int unsigned Lanes   = 64,
  parameter int unsigned BcWidth = 6
) (
  input  logic                            incr_i,
  input  logic                            decr_i,
  input  logic [4:0]                      pop_cnt_i,
  input  logic                            jump_i,
  input  logic [Lanes-1:0]                eval_i,     // evaluated active set A
  input  logic [Lanes-1:0]                want_i,     // lanes of A whose JUMP_FUNC bit is 1
  input  logic [Lanes-1:0]                active_i,
  input  logic [Lanes-1:0]                br_inactive_i,
  input  logic [Lanes*BcWidth-1:0]        bc_i,
  output logic [Lanes-1:0]                active_o,
  output logic [Lanes-1:0]                br_inactive_o,
  output logic [Lanes*BcWidth-1:0]        bc_o
);
  for (genvar i = 0; i < Lanes; i++) begin : g_lane
    logic wakes;
    // Counters stay below 2^BcWidth (docs/fc_unit.md corner case 1), so 9 bits hold both sides.
    assign wakes = 9'(bc_i[i*BcWidth +: BcWidth]) < 9'(pop_cnt_i);

    always_comb begin
      active_o[i]      = active_i[i];
      br_inactive_o[i] = br_inactive_i[i];
      bc_o[i*BcWidth +: BcWidth]          = bc_i[i*BcWidth +: BcWidth];
      if (incr_i) begin
        if (br_inactive_i[i]) begin
          bc_o[i*BcWidth +: BcWidth] = bc_i[i*BcWidth +: BcWidth] + BcWidth'(1);
        end else if (eval_i[i] && active_i[i] && (want_i[i] != jump_i)) begin
          active_o[i]      = 1'b0;
          br_inactive_o[i] = 1'b1;
          bc_o[i*BcWidth +: BcWidth]          = '0;
        end
      end else if (decr_i && br_inactive_i[i]) begin
        if (wakes) begin
          active_o[i]      = 1'b1;
          br_inactive_o[i] = 1'b0;
          bc_o[i*BcWidth +: BcWidth]          = '0;
        end else begin
          bc_o[i*BcWidth +: BcWidth] = bc_i[i*BcWidth +: BcWidth] - BcWidth'(pop_cnt_i);
        end
      end
    end
  end
endmodule
