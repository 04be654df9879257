// mc_unit: a user's memory-controller front end for the CTM, checked at the transactions it
// makes (docs/txn.md) against the golden model's MC. It takes the PE's commands that set up
// surfaces (set_inp_fmt, set_out_fmt, set_out_mask) and flush_out_cache, and the processor
// array's input reads and output writes at (x, y). For each it computes the element's byte
// address (linear, or the model's 4 x 4-element tiles; docs/mc.md), reads an
// input's element(s) through its memory port and converts them to four fp32 channels (UINT8_4
// to c/255, UINT16_1 to its integer value, FLOAT32_n raw, missing channels 0, 0, 1; in the 2x2
// layouts a one-channel input's quad), and reports what it did as a ctm_txn_t: MC INPUT (index,
// x, y, address, format, value), MC OUTPUT (index, x, y, address, format, the channels written,
// value, and the bytes it would store with their byte enables: UINT8_4 and UINT16_1 by the
// store rule of docs/mc.md, floats raw) and MC FLUSH, once every read and write before the
// flush has left.
//
//   cmd / req --> A: surface lookup, address --> memory reads (2x2: four) --> read tracker
//                    |  (writes leave from A)                 in order, any latency   | unpack
//                    +-----------------------------------------------------> txn_o <--+
//
// Reads may be outstanding up to TrackDepth elements; a completed read takes the transaction
// port before a write (its data cannot wait), so writes and reads leave out of order, as the
// model's rule for unordered kinds allows. The write path packs the element but has no memory
// write port: the transaction carries the bytes it would store.
// Limits: no faults (an access outside a surface is not detected), no constant, instruction or
// conditional-buffer client.
module mc_unit
  import ctm_dpi_pkg::*;
#(
  parameter int unsigned TrackDepth = 8  // element reads in flight
) (
  input  logic clk_i,
  input  logic rst_ni,
  // PE commands as they run: opcode and the first four parameter words
  input  logic             cmd_valid_i,
  output logic             cmd_ready_o,
  input  logic [7:0]       cmd_opcode_i,
  input  logic [3:0][31:0] cmd_param_i,
  // the processor array's accesses: read input req_index_i, or write output req_index_i
  input  logic             req_valid_i,
  output logic             req_ready_o,
  input  logic             req_write_i,
  input  logic [3:0]       req_index_i,
  input  logic [15:0]      req_x_i,
  input  logic [15:0]      req_y_i,
  input  logic [3:0]       req_chmask_i,  // write: the instruction's channels
  input  logic [3:0][31:0] req_value_i,   // write: the four fp32 values
  // memory reads: 16 bytes from mem_addr_o, answered in order, byte k in [8k +: 8]
  output logic             mem_rd_o,
  output logic [31:0]      mem_addr_o,
  input  logic             mem_rvalid_i,
  input  logic [127:0]     mem_rdata_i,
  // what it did
  output logic             txn_valid_o,
  output ctm_txn_t         txn_o,
  output logic             idle_o
);
  localparam logic [7:0] OpSetInpFmt = 8'h14;
  localparam logic [7:0] OpSetOutFmt = 8'h15;
  localparam logic [7:0] OpSetOutMask = 8'h17;
  localparam logic [7:0] OpFlushOutCache = 8'h19;
  localparam int unsigned TrackW = $clog2(TrackDepth);

  typedef struct packed {
    logic [31:0] base;    // bits 10:0 zero
    logic [12:0] pitch;   // elements a row, a multiple of 4
    logic [1:0]  tiling;  // CTM_TILE_*
    logic [2:0]  format;  // CTM_FMT_*
  } surface_t;

  // ---------------------------------------------------------------- conversions
  function automatic logic [4:0] element_bytes(logic [2:0] format);
    case (format)
      3'd0: return 5'd2;   // UINT16_1
      3'd3: return 5'd8;   // FLOAT32_2
      3'd4: return 5'd16;  // FLOAT32_4
      default: return 5'd4;
    endcase
  endfunction

  function automatic logic [31:0] element_address(surface_t s, logic [15:0] x, logic [15:0] y);
    logic [31:0] element;
    if (s.tiling[0])  // TILED, TILED_2X2: 4 x 4 tiles, pitch/4 of them a row, row-major inside
      element = ((32'(y) >> 2) * (32'(s.pitch) >> 2) + (32'(x) >> 2)) * 16 +
                32'({y[1:0], x[1:0]});
    else element = 32'(y) * 32'(s.pitch) + 32'(x);
    return s.base + element * 32'(element_bytes(s.format));
  endfunction

  // n as fp32 (exact: 16 bits fit the mantissa)
  function automatic logic [31:0] u16_to_f32(logic [15:0] n);
    int p = 0;
    if (n == 16'd0) return 32'd0;
    for (int b = 0; b < 16; b++) if (n[b]) p = b;
    return {1'b0, 8'(127 + p), 23'((32'(n) << (23 - p)) & 32'h007f_ffff)};
  endfunction

  // c / 255 as fp32, rounded to nearest even: c * 2^s / 255 in [1, 2) for the least such s
  function automatic logic [31:0] u8_to_f32(logic [7:0] c);
    int s = 0;
    logic [39:0] num, q, r;
    if (c == 8'd0) return 32'd0;
    while ((32'(c) << s) < 32'd255) s++;
    num = 40'(c) << (s + 23);
    q = num / 40'd255;
    r = num % 40'd255;
    if (2 * r > 40'd255) q = q + 1;  // 2r == 255 cannot be: 255 is odd
    return {1'b0, 8'(127 - s), q[22:0]};
  endfunction

  // x / 2^sh rounded to the nearest integer, a tie to the even one (sh 1..40)
  function automatic logic [40:0] round_shift(logic [40:0] x, int sh);
    logic [40:0] q, r, half;
    q = x >> sh;
    r = x & ((41'd1 << sh) - 41'd1);
    half = 41'd1 << (sh - 1);
    if (r > half || (r == half && q[0])) q = q + 41'd1;
    return q;
  endfunction

  // docs/mc.md "Conversions", UINT8_4: p = v * 255 rounded to fp32 (nearest even), then 0 for a
  // NaN or p <= 0, 255 for p >= 255, else p rounded to the nearest integer, a tie to even.
  // Integer form: v = M * 2^(e - 150); M * 255 is exact in 32 bits; rounding it to 24
  // significant bits is the fp32 product.
  function automatic logic [7:0] f32_to_u8(logic [31:0] v);
    logic [40:0] p;
    int n, sh;
    if (v[31] || v[30:23] == 8'd0 || (v[30:23] == 8'hff && v[22:0] != 0)) return 8'd0;
    if (v[30:23] >= 8'd127) return 8'hff;  // v >= 1 (and +inf): p >= 255
    if (v[30:23] < 8'd110) return 8'd0;    // v < 2^-17: p < 0.5
    p = 41'({1'b1, v[22:0]}) * 41'd255;    // 2^31 <= p < 2^32: 8 bits too many
    n = p[31] ? 8 : 7;
    p = round_shift(p, n) << n;            // the fp32 product, still scaled by 2^(150 - e)
    sh = 150 - int'(v[30:23]);
    p = round_shift(p, sh);
    return p > 41'd255 ? 8'hff : p[7:0];
  endfunction

  // UINT16_1: v itself, 0 for a NaN or v <= 0, 65535 for v >= 65535, else the nearest integer.
  function automatic logic [15:0] f32_to_u16(logic [31:0] v);
    logic [40:0] q;
    if (v[31] || v[30:23] < 8'd126 || (v[30:23] == 8'hff && v[22:0] != 0)) return 16'd0;
    if (v[30:23] >= 8'd143) return 16'hffff;  // v >= 65536 (and +inf)
    q = round_shift(41'({1'b1, v[22:0]}), 150 - int'(v[30:23]));
    return q > 41'd65535 ? 16'hffff : q[15:0];
  endfunction

  // the element an output write stores, byte k in [8k +: 8], and the bytes the channels in
  // chmask store
  function automatic logic [143:0] pack(logic [2:0] format, logic [3:0][31:0] v,
                                        logic [3:0] chmask);
    logic [127:0] bytes;
    logic [15:0] en;
    bytes = '0;
    en = '0;
    case (format)
      3'd0: begin
        bytes[15:0] = f32_to_u16(v[0]);
        en[1:0] = {2{chmask[0]}};
      end
      3'd1:
        for (int c = 0; c < 4; c++) begin
          bytes[8*c +: 8] = f32_to_u8(v[c]);
          en[c] = chmask[c];
        end
      default:
        for (int c = 0; c < 4; c++)
          if (c < (format == 3'd2 ? 1 : format == 3'd3 ? 2 : 4)) begin
            bytes[32*c +: 32] = v[c];
            en[4*c +: 4] = {4{chmask[c]}};
          end
    endcase
    return {en, bytes};
  endfunction

  function automatic logic [3:0][31:0] unpack(logic [2:0] format, logic [127:0] bytes);
    logic [3:0][31:0] v;
    v[1] = 32'd0;
    v[2] = 32'd0;
    v[3] = 32'h3f80_0000;
    case (format)
      3'd0: v[0] = u16_to_f32(bytes[15:0]);
      3'd1: for (int c = 0; c < 4; c++) v[c] = u8_to_f32(bytes[8*c +: 8]);
      3'd2: v[0] = bytes[31:0];
      3'd3: begin
        v[0] = bytes[31:0];
        v[1] = bytes[63:32];
      end
      default: v = bytes;
    endcase
    return v;
  endfunction

  // ---------------------------------------------------------------- surfaces
  surface_t inputs_q[16];
  surface_t outputs_q[4];
  logic [3:0] out_mask_q;

  // ---------------------------------------------------------------- stage A
  typedef enum logic [1:0] {
    ItemCmd,
    ItemRead,
    ItemWrite
  } item_e;
  logic a_valid_q;
  item_e a_item_q;
  logic [7:0] a_opcode_q;
  logic [3:0][31:0] a_param_q;
  logic [3:0] a_index_q;
  logic [15:0] a_x_q, a_y_q;
  logic [3:0] a_chmask_q;
  logic [3:0][31:0] a_value_q;
  logic [1:0] a_sub_q;  // the quad element a 2x2 read issues next

  // ---------------------------------------------------------------- read tracker
  typedef struct packed {
    logic [3:0]  index;
    logic [15:0] x, y;
    logic [31:0] address;  // of (x, y)
    logic [2:0]  format;
    logic        quad;
    logic [1:0]  channel;  // quad: the channel this element fills
    logic        last;     // the transaction's last element
  } track_t;
  track_t track_q[TrackDepth];
  logic [TrackW-1:0] track_head_q, track_tail_q;
  logic [TrackW:0] track_count_q;
  logic [2:0][31:0] quad_q;  // quad channels 0..2 read so far

  // ---------------------------------------------------------------- decisions
  surface_t a_surf;
  logic a_quad, track_full, read_done, flush_waits;
  logic issue_read, a_done, emit_write, emit_flush;
  logic [15:0] rd_x, rd_y;
  track_t head;
  logic [3:0][31:0] head_elem, head_value;  // the element read; the transaction's value

  assign a_surf = (a_item_q == ItemRead) ? inputs_q[a_index_q] : outputs_q[a_index_q[1:0]];
  assign a_quad = (a_item_q == ItemRead) && a_surf.tiling[1];
  assign track_full = track_count_q == (TrackW + 1)'(TrackDepth);
  assign read_done = mem_rvalid_i && head.last;  // takes the transaction port this cycle
  assign head = track_q[track_head_q];
  // a flush waits for every read and write before it to have left
  assign flush_waits = track_count_q != '0 || mem_rvalid_i;

  // the quad's element a_sub_q: (x+1, y), (x, y+1), (x+1, y+1), (x, y) fill channels 0..3
  always_comb begin
    rd_x = a_x_q;
    rd_y = a_y_q;
    if (a_quad) begin
      rd_x = a_x_q + 16'(a_sub_q == 2'd0 || a_sub_q == 2'd2);
      rd_y = a_y_q + 16'(a_sub_q == 2'd1 || a_sub_q == 2'd2);
    end
  end

  assign issue_read = a_valid_q && a_item_q == ItemRead && !track_full;
  assign emit_write = a_valid_q && a_item_q == ItemWrite && !read_done;
  assign emit_flush = a_valid_q && a_item_q == ItemCmd && a_opcode_q == OpFlushOutCache &&
                      !flush_waits;
  always_comb begin
    a_done = 1'b0;
    if (a_valid_q) begin
      case (a_item_q)
        ItemCmd: a_done = a_opcode_q != OpFlushOutCache || emit_flush;
        ItemRead: a_done = issue_read && (!a_quad || a_sub_q == 2'd3);
        default: a_done = emit_write;
      endcase
    end
  end

  // one item enters A when A is free or empties this cycle
  assign cmd_ready_o = !a_valid_q || a_done;
  assign req_ready_o = (!a_valid_q || a_done) && !cmd_valid_i;

  assign mem_rd_o = issue_read;
  assign mem_addr_o = element_address(a_surf, rd_x, rd_y);

  assign head_elem = unpack(head.format, mem_rdata_i);
  // a quad's last element, (x, y), is channel 3
  assign head_value = head.quad ? {head_elem[0], quad_q} : head_elem;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      a_item_q <= ItemCmd;
      a_opcode_q <= '0;
      a_param_q <= '0;
      a_index_q <= '0;
      a_x_q <= '0;
      a_y_q <= '0;
      a_chmask_q <= '0;
      a_value_q <= '0;
      a_sub_q <= '0;
      out_mask_q <= 4'hf;
      for (int k = 0; k < 16; k++) inputs_q[k] <= '0;
      for (int k = 0; k < 4; k++) outputs_q[k] <= '0;
      track_head_q <= '0;
      track_tail_q <= '0;
      track_count_q <= '0;
      quad_q <= '0;
      txn_valid_o <= 1'b0;
      txn_o <= '0;
    end else begin
      // ------------------------------------------------ commands take effect in A
      if (a_valid_q && a_item_q == ItemCmd) begin
        case (a_opcode_q)
          OpSetInpFmt:
            inputs_q[a_param_q[0][3:0]] <= '{base: a_param_q[1] & ~32'h7ff,
                                             pitch: a_param_q[2][12:0] & 13'h1ffc,
                                             tiling: a_param_q[2][17:16],
                                             format: a_param_q[2][26:24]};
          OpSetOutFmt:
            outputs_q[a_param_q[0][1:0]] <= '{base: a_param_q[1] & ~32'h7ff,
                                              pitch: a_param_q[2][12:0] & 13'h1ffc,
                                              tiling: a_param_q[2][17:16],
                                              format: a_param_q[2][26:24]};
          OpSetOutMask: out_mask_q <= a_param_q[0][3:0];
          default: ;
        endcase
      end

      // ------------------------------------------------ stage A
      if (issue_read && a_quad) a_sub_q <= a_sub_q + 2'd1;
      if (a_done) begin
        a_valid_q <= 1'b0;
        a_sub_q <= '0;
      end
      if (cmd_valid_i && cmd_ready_o) begin
        a_valid_q <= 1'b1;
        a_item_q <= ItemCmd;
        a_opcode_q <= cmd_opcode_i;
        a_param_q <= cmd_param_i;
      end else if (req_valid_i && req_ready_o) begin
        a_valid_q <= 1'b1;
        a_item_q <= req_write_i ? ItemWrite : ItemRead;
        a_index_q <= req_index_i;
        a_x_q <= req_x_i;
        a_y_q <= req_y_i;
        a_chmask_q <= req_chmask_i;
        a_value_q <= req_value_i;
      end

      // ------------------------------------------------ the tracker
      if (issue_read) begin
        track_q[track_tail_q] <= '{index: a_index_q, x: a_x_q, y: a_y_q,
                                   address: element_address(a_surf, a_x_q, a_y_q),
                                   format: a_surf.format, quad: a_quad, channel: a_sub_q,
                                   last: !a_quad || a_sub_q == 2'd3};
        track_tail_q <= track_tail_q + 1'b1;
      end
      if (mem_rvalid_i) begin
        track_head_q <= track_head_q + 1'b1;
        if (head.quad && !head.last) quad_q[head.channel] <= head_elem[0];
      end
      track_count_q <= track_count_q + (TrackW + 1)'(issue_read) - (TrackW + 1)'(mem_rvalid_i);

      // ------------------------------------------------ the transaction port
      txn_valid_o <= read_done || emit_write || emit_flush;
      txn_o <= '0;
      txn_o.unit <= CTM_UNIT_MC;
      if (read_done) begin
        txn_o.kind <= CTM_TXN_MC_INPUT;
        txn_o.index <= int'(head.index);
        txn_o.x <= longint'(head.x);
        txn_o.y <= longint'(head.y);
        txn_o.address <= 64'(head.address);
        txn_o.format <= int'(head.format);
        txn_o.value <= head_value;
      end else if (emit_write) begin
        txn_o.kind <= CTM_TXN_MC_OUTPUT;
        txn_o.index <= int'(a_index_q);
        txn_o.x <= longint'(a_x_q);
        txn_o.y <= longint'(a_y_q);
        txn_o.address <= 64'(element_address(a_surf, a_x_q, a_y_q));
        txn_o.format <= int'(a_surf.format);
        txn_o.mask <= {28'd0, a_chmask_q & out_mask_q};
        txn_o.value <= a_value_q;
        {txn_o.byte_en[15:0], txn_o.bytes} <= pack(a_surf.format, a_value_q,
                                                   a_chmask_q & out_mask_q);
      end else if (emit_flush) begin
        txn_o.kind <= CTM_TXN_MC_FLUSH;
      end
    end
  end

  // the height word: no fault detection here (a user's design would bound the accesses)
  logic unused_height;
  assign unused_height = ^a_param_q[3];

  assign idle_o = !a_valid_q && track_count_q == '0 && !txn_valid_o;

endmodule
