// co_unit: a CTM conditional output unit (CO, ctm-isa.md 1.4 and 4), as a user would build one.
// Not cycle-exact with any model: it is checked at its decisions (docs/txn.md, ctm_txn_check),
// each leaving as a CO_DECIDE transaction.
//
//   req_*_i --> slot table --(b needed)--> rd_*_o ... rsp_*_i --> b in the slot
//   valid/ready  Slots entries                        any order, tagged
//                    |                                                |
//                    +--(no b needed, or b back)--> decide: v OP b --> dec_o, wb_*_o
//                                                   lowest ready slot, stall_i holds it
//
// - Configuration (static while requests flow): test_i (set_cond_test, CTM_CO_*), loc_i
//   (set_cond_loc: CTM_CO_LOC_DPP 0, CTM_CO_LOC_PE 1), writemask_i (set_cond_out_mask),
//   cond_val_i (set_cond_val: the PE's v, fp32 bits).
// - Request: a client (req_client_i, CTM_CO_LOC_*) asks for the pair (req_x_i, req_y_i) = (i, j)
//   with v (req_v_i; a PE request's v is cond_val_i). It is taken when req_valid_i and
//   req_ready_o: a slot is free and no slot holds the same pair (a later request of a pair never
//   passes an earlier one, whose write-back it must read).
// - Buffer read: only the client that loc_i names, and only for the tests that compare
//   (not NEVER, not ALWAYS), reads b(i, j): rd_valid_o for one cycle with the slot as tag; the
//   answer comes back on rsp_*_i with that tag, any number of cycles later, in any order.
// - Decide: each cycle (unless stall_i) the lowest slot whose b is known (or not needed)
//   decides: the client loc_i does not name always keeps its pair and reads and writes nothing;
//   the tested one keeps it when v OP b holds under IEEE single-precision compares (a NaN fails
//   every test but NOTEQUAL and ALWAYS; -0 equals +0), and then, with writemask_i, writes v back
//   to b(i, j) (wb_*_o, in the cycle of its decision). So decisions of different pairs leave
//   out of order: a request that reads nothing passes the ones waiting for their b.
// Latency: a request that reads nothing decides 1 cycle after it was taken (plus stalls); one
// that reads, 1 cycle after its b came back.

module co_unit #(
  parameter int unsigned Slots  = 4,   // requests in flight
  parameter int unsigned CoordW = 16,  // bits of i and j
  localparam int unsigned TagW  = (Slots > 1) ? $clog2(Slots) : 1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // the CO's state: set_cond_test, set_cond_loc, set_cond_out_mask, set_cond_val
  input  logic [2:0]              test_i,
  input  logic                    loc_i,
  input  logic                    writemask_i,
  input  logic [31:0]             cond_val_i,
  // requests: the client, the pair (i, j) and v
  input  logic                    req_valid_i,
  output logic                    req_ready_o,
  input  logic                    req_client_i,
  input  logic [CoordW-1:0]       req_x_i,
  input  logic [CoordW-1:0]       req_y_i,
  input  logic [31:0]             req_v_i,
  // conditional-buffer reads: b(rd_x_o, rd_y_o) is asked for, and comes back with its tag
  output logic                    rd_valid_o,
  output logic [TagW-1:0]         rd_tag_o,
  output logic [CoordW-1:0]       rd_x_o,
  output logic [CoordW-1:0]       rd_y_o,
  input  logic                    rsp_valid_i,
  input  logic [TagW-1:0]         rsp_tag_i,
  input  logic [31:0]             rsp_b_i,
  // holds the decide stage
  input  logic                    stall_i,
  // decisions, one a cycle, as CO_DECIDE transactions
  output logic                    dec_valid_o,
  output ctm_dpi_pkg::ctm_txn_t   dec_o,
  // write-back of v to b(i, j), with its decision
  output logic                    wb_valid_o,
  output logic [CoordW-1:0]       wb_x_o,
  output logic [CoordW-1:0]       wb_y_o,
  output logic [31:0]             wb_v_o,
  // nothing in flight
  output logic                    idle_o
);
  import ctm_dpi_pkg::*;

  localparam logic [2:0] Never    = 3'(CTM_CO_NEVER);
  localparam logic [2:0] Less     = 3'(CTM_CO_LESS);
  localparam logic [2:0] LEqual   = 3'(CTM_CO_LEQUAL);
  localparam logic [2:0] Equal    = 3'(CTM_CO_EQUAL);
  localparam logic [2:0] GEqual   = 3'(CTM_CO_GEQUAL);
  localparam logic [2:0] Greater  = 3'(CTM_CO_GREATER);
  localparam logic [2:0] NotEqual = 3'(CTM_CO_NOTEQUAL);
  localparam logic [2:0] Always   = 3'(CTM_CO_ALWAYS);

  typedef struct packed {
    logic              busy;    // the slot holds a request
    logic              have_b;  // b is known (or not needed): the slot may decide
    logic              reads;   // the request reads the buffer
    logic              client;
    logic [CoordW-1:0] x;
    logic [CoordW-1:0] y;
    logic [31:0]       v;
    logic [31:0]       b;
  } slot_t;

  slot_t [Slots-1:0] slot_q, slot_d;

  // ---------------------------------------------------------------- IEEE compare
  function automatic logic is_nan(logic [30:0] f);  // the sign does not matter
    return (f[30:23] == 8'hff) && (f[22:0] != '0);
  endfunction

  // v < b, ordered operands, not both zero: on sign and magnitude
  function automatic logic less_than(logic [31:0] a, logic [31:0] b);
    if (a[31] != b[31]) return a[31];  // the negative one is less
    if (a[31]) return a[30:0] > b[30:0];  // both negative: the larger magnitude is less
    return a[30:0] < b[30:0];
  endfunction

  function automatic logic test_passes(logic [2:0] test, logic [31:0] v, logic [31:0] b);
    logic unordered, eq, lt, gt;
    unordered = is_nan(v[30:0]) || is_nan(b[30:0]);
    eq = !unordered && ((v == b) || ((v[30:0] == '0) && (b[30:0] == '0)));  // -0 == +0
    lt = !unordered && !eq && less_than(v, b);
    gt = !unordered && !eq && !lt;
    unique case (test)
      Never:    return 1'b0;
      Less:     return lt;
      LEqual:   return lt || eq;
      Equal:    return eq;
      GEqual:   return gt || eq;
      Greater:  return gt;
      NotEqual: return !eq;  // NaN: not equal
      Always:   return 1'b1;
      default:  return 1'b1;
    endcase
  endfunction

  // ---------------------------------------------------------------- accept
  logic [Slots-1:0] free, ready, same_pair;
  logic [TagW-1:0] free_idx, dec_idx;
  logic have_free, have_ready, hazard, take, take_reads, decide;

  always_comb begin
    free_idx = '0;
    have_free = 1'b0;
    dec_idx = '0;
    have_ready = 1'b0;
    for (int unsigned s = 0; s < Slots; s++) begin
      free[s] = !slot_q[s].busy;
      ready[s] = slot_q[s].busy && slot_q[s].have_b;
      same_pair[s] = slot_q[s].busy && (slot_q[s].x == req_x_i) && (slot_q[s].y == req_y_i);
    end
    for (int s = int'(Slots) - 1; s >= 0; s--) begin  // the lowest free and ready slots
      if (free[s]) begin
        free_idx = TagW'(s);
        have_free = 1'b1;
      end
      if (ready[s]) begin
        dec_idx = TagW'(s);
        have_ready = 1'b1;
      end
    end
  end

  assign hazard = |same_pair;
  assign req_ready_o = have_free && !hazard;
  assign take = req_valid_i && req_ready_o;
  // the tested client reads b, unless the test needs none
  assign take_reads = (req_client_i == loc_i) && (test_i != Never) && (test_i != Always);
  assign decide = have_ready && !stall_i;

  // ---------------------------------------------------------------- the slots
  always_comb begin
    slot_d = slot_q;
    if (decide) slot_d[dec_idx].busy = 1'b0;
    if (rsp_valid_i && slot_q[rsp_tag_i].busy && !slot_q[rsp_tag_i].have_b) begin
      slot_d[rsp_tag_i].have_b = 1'b1;
      slot_d[rsp_tag_i].b = rsp_b_i;
    end
    if (take) begin
      slot_d[free_idx].busy = 1'b1;
      slot_d[free_idx].have_b = !take_reads;
      slot_d[free_idx].reads = take_reads;
      slot_d[free_idx].client = req_client_i;
      slot_d[free_idx].x = req_x_i;
      slot_d[free_idx].y = req_y_i;
      slot_d[free_idx].v = (req_client_i == 1'b1) ? cond_val_i : req_v_i;  // PE: set_cond_val
      slot_d[free_idx].b = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slot_q <= '0;
    end else begin
      slot_q <= slot_d;
    end
  end

  // the buffer read of a request taken at this edge
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_valid_o <= 1'b0;
      rd_tag_o <= '0;
      rd_x_o <= '0;
      rd_y_o <= '0;
    end else begin
      rd_valid_o <= take && take_reads;
      if (take && take_reads) begin
        rd_tag_o <= free_idx;
        rd_x_o <= req_x_i;
        rd_y_o <= req_y_i;
      end
    end
  end

  // ---------------------------------------------------------------- decide
  logic dec_reads, dec_client, tested, pass, keep, write;
  logic [CoordW-1:0] dec_x, dec_y;
  logic [31:0] dec_v, dec_b;
  ctm_txn_t dec_d;

  assign dec_reads = slot_q[dec_idx].reads;
  assign dec_client = slot_q[dec_idx].client;
  assign dec_x = slot_q[dec_idx].x;
  assign dec_y = slot_q[dec_idx].y;
  assign dec_v = slot_q[dec_idx].v;
  assign dec_b = slot_q[dec_idx].b;
  assign tested = dec_client == loc_i;
  assign pass = test_passes(test_i, dec_v, dec_b);
  assign keep = !tested || pass;  // the client loc_i does not name always keeps its pair
  assign write = tested && pass && writemask_i;  // Z-buffer rule: passed and the mask on

  always_comb begin
    dec_d = '0;
    dec_d.unit = CTM_UNIT_CO;
    dec_d.kind = CTM_TXN_CO_DECIDE;
    dec_d.index = dec_client ? CTM_CO_LOC_PE : CTM_CO_LOC_DPP;
    dec_d.x = longint'({{(64 - CoordW) {1'b0}}, dec_x});
    dec_d.y = longint'({{(64 - CoordW) {1'b0}}, dec_y});
    dec_d.v = dec_v;
    dec_d.b = dec_reads ? dec_b : '0;
    dec_d.test = int'({29'd0, test_i});
    dec_d.loc = int'({31'd0, loc_i});
    dec_d.writemask = int'({31'd0, writemask_i});
    dec_d.reads = int'({31'd0, dec_reads});
    dec_d.keep = int'({31'd0, keep});
    dec_d.write = int'({31'd0, write});
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dec_valid_o <= 1'b0;
      dec_o <= '0;
      wb_valid_o <= 1'b0;
      wb_x_o <= '0;
      wb_y_o <= '0;
      wb_v_o <= '0;
    end else begin
      dec_valid_o <= decide;
      wb_valid_o <= decide && write;
      if (decide) begin
        dec_o <= dec_d;
        wb_x_o <= dec_x;
        wb_y_o <= dec_y;
        wb_v_o <= dec_v;
      end
    end
  end

  logic any_busy;
  always_comb begin
    any_busy = 1'b0;
    for (int unsigned s = 0; s < Slots; s++) any_busy = any_busy || slot_q[s].busy;
  end
  assign idle_o = !any_busy && !rd_valid_o && !dec_valid_o;

endmodule
