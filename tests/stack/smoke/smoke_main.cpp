// Standalone smoke driver for tests/stack/smoke/run.sh: random ops into 36 stack_acct
// configurations and their C mirrors; the first differing output stops the run (exit 1).
#include "Vsmoke_top.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
extern "C" {
#include "stack_acct.h"
}
static uint64_t rng = 88172645463325252ull;
static unsigned rnd(unsigned n) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (unsigned)(rng % n); }
static unsigned f16(const VlWide<18> &w, int i) { return (w[i / 2] >> ((i % 2) * 16)) & 0xffff; }
int main(int argc, char **argv) {
    long cycles = argc > 1 ? atol(argv[1]) : 1000000;
    if (argc > 2) rng = strtoull(argv[2], 0, 0);
    VerilatedContext ctx; ctx.threads(1);
    Vsmoke_top t(&ctx);
    stack_acct_model *m[36];
    for (int i = 0; i < 36; i++) {
        int w = i / 9, r = i % 9;
        stack_acct_cfg cfg = {16u * (w + 1), r == 0 ? 0u : (r <= 4 ? 1u : 2u),
                              r == 0 ? 0u : (r <= 4 ? r - 1u : r - 5u), 12};
        if (stack_acct_create(&cfg, &m[i], NULL)) return 3;
    }
    t.clk_i = 0; t.rst_ni = 0; t.eval(); t.rst_ni = 1; t.eval();
    unsigned bias = 50; long hits_ovf = 0, hits_udf = 0, hits_drop = 0;
    for (long c = 0; c < cycles; c++) {
        if (c % 64 == 0) bias = 20 + rnd(60);
        stack_acct_in in = {};
        unsigned x = rnd(100);
        in.rst = rnd(5000) == 0;
        if (x < bias) in.op = 1 + rnd(6);
        else if (x < 97) in.op = 7 + rnd(5);
        else in.op = (x == 97) ? 12 : (x == 98 ? 0 : 13 + rnd(3));
        in.pop_count = rnd(8) < 5 ? 1 : rnd(8);
        in.wqm = rnd(4) == 0; in.taken = rnd(2); in.stack_size = rnd(10) ? rnd(6) : rnd(256);
        t.op_i = in.op; t.pop_count_i = in.pop_count; t.wqm_i = in.wqm; t.taken_i = in.taken;
        t.stack_size_i = in.stack_size; t.rst_ni = 1;
        t.eval();
        for (int i = 0; i < 36; i++) {
            stack_acct_out o;
            stack_acct_step(m[i], &in, &o);
            unsigned got[8] = {f16(t.entries_o, i), f16(t.subentries_o, i), f16(t.need_o, i), f16(t.hwm_o, i),
                               f16(t.depth_o, i), (unsigned)((t.overflow_o >> i) & 1), (unsigned)((t.underflow_o >> i) & 1),
                               (unsigned)((t.drop_o >> i) & 1)};
            unsigned exp[8] = {o.entries, o.subentries, o.need, o.hwm, o.depth, o.overflow, o.underflow, o.drop};
            hits_ovf += o.overflow; hits_udf += o.underflow; hits_drop += o.drop;
            for (int f = 0; f < 8; f++) if (got[f] != exp[f]) {
                static const char *const names[8] = {"entries", "subentries", "need", "hwm", "depth", "overflow", "underflow", "drop"};
                printf("MISMATCH cycle %ld width %d row %d (0 ISA, 1-4 MESA, 5-8 LLVM by chip) %s: C %u RTL %u (op %u)\n", c, 16 * (i / 9 + 1), i % 9, names[f], exp[f], got[f], in.op);
                return 1;
            }
        }
        if (in.rst) { t.rst_ni = 0; t.eval(); t.clk_i = 1; t.eval(); t.clk_i = 0; t.rst_ni = 1; t.eval(); continue; }
        t.clk_i = 1; t.eval(); t.clk_i = 0; t.eval();
    }
    printf("OK %ld cycles x 36 configs; overflow %ld underflow %ld drop %ld\n", cycles, hits_ovf, hits_udf, hits_drop);
    return 0;
}
