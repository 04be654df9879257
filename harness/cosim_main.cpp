// The thin Verilator driver of the lock-step simulator: clocking, the trace
// window, fork snapshots and the exit code. Everything else (options, stimulus,
// the C model, comparison, reports) is C in harness/ and csim/.
#include "Vtb.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

extern "C" {
#include "cosim.h"
#include "snapshot.h"
}

#ifndef COSIM_VARIANT
#define COSIM_VARIANT ""
#endif

namespace {

// One full clock: the rising edge at 10*p (where the testbench checks and
// draws), the falling edge at 10*p+5.
void clock(VerilatedContext *vctx, Vtb *top, VerilatedFstC *fst, uint64_t p) {
  vctx->time(10 * p);
  top->clk_i = 1;
  top->eval();
  if (fst) fst->dump(vctx->time());
  vctx->time(10 * p + 5);
  top->clk_i = 0;
  top->eval();
  if (fst) fst->dump(vctx->time());
}

}  // namespace

int main(int argc, char **argv) {
  int rc = cosim_parse_args(argc, argv, COSIM_VARIANT);
  if (rc >= 0) return rc;

  VerilatedContext *vctx = new VerilatedContext;
  vctx->threads(1);         // no idle thread pool: forked snapshots stay safe
  vctx->traceEverOn(true);  // must precede the model; tracing costs nothing until opened
  Vtb *top = new Vtb{vctx, "TOP"};

  // Elaboration runs the testbench's initial blocks, which bind the C side.
  // The reset needs a real falling edge: a signal that starts at 0 has none.
  top->clk_i = 0;
  top->rst_ni = 1;
  top->cmp_en_i = cosim_cfg.compare;
  top->eval();
  if (const char *e = cosim_config_error()) {
    std::fprintf(stderr, "cosim: %s\n", e);
    return 3;
  }
  top->rst_ni = 0;
  top->eval();  // the DUTs reset asynchronously here,
  top->clk_i = 1;
  top->eval();  // the testbench's own registers on this edge
  top->clk_i = 0;
  top->eval();
  top->rst_ni = 1;
  top->eval();

  // Snapshots: enough of them that one is at least a window before any cycle.
  uint64_t window = cosim_cfg.wave_window, interval = cosim_cfg.snapshot_interval;
  if (window && interval < (window + 5) / 6) interval = (window + 5) / 6;
  snapshot_pool pool;
  snapshot_pool_init(&pool, window ? unsigned(window / interval + 2) : 1);
  snapshot_request req{};
  bool replaying = false;
  VerilatedFstC *fst = nullptr;
  char fst_path[1024];

  // Posedge 0 draws cycle 0; posedge p checks cycle p-1 and draws cycle p.
  uint64_t last = cosim_cfg.cycles;
  const double t0 = cosim_now();
  uint64_t p = 0;
  for (; p <= last; ++p) {
    if (window && !replaying && p % interval == 0 && snapshot_take(&pool, p, &req)) {
      replaying = true;  // this process is now a snapshot asked to trace a window
    }
    if (replaying && p == req.trace_from) {
      if (cosim_wave_path(fst_path, sizeof fst_path, ".fst")) _exit(1);
      fst = new VerilatedFstC;
      top->trace(fst, 99);
      fst->open(fst_path);
    }
    clock(vctx, top, fst, p);
    if (replaying && p == req.stop_after) break;
    if (top->mismatch_o) break;
    if (cosim_stimulus_ended() || cosim_config_error()) {  // nothing (more) to drive
      last = p;
      break;
    }
    if (cosim_cfg.progress && (p & 0x3fffff) == 0 && p) {
      double dt = cosim_now() - t0;
      if (last < uint64_t(INT64_MAX))  // a run to the end of its stimulus has no total
        std::fprintf(stderr, "cosim: %llu / %llu cycles, %.1f M cycles/s\n",
                     (unsigned long long)p, (unsigned long long)last, p / dt / 1e6);
      else
        std::fprintf(stderr, "cosim: %llu cycles, %.1f M cycles/s\n", (unsigned long long)p,
                     p / dt / 1e6);
    }
  }
  if (replaying) {
    if (fst) fst->close();
    _exit(fst ? 0 : 1);
  }

  if (const char *e = cosim_config_error()) {  // recorded by a DPI callback during the run
    snapshot_pool_close(&pool);
    std::fprintf(stderr, "cosim: %s\n", e);
    return 3;
  }
  cosim_result res{};
  res.seconds = cosim_now() - t0;
  const cosim_mismatch *mm = cosim_first_mismatch();
  res.cycles_run = mm ? mm->cycle + 1 : last;
  static char gtkw_path[1024];
  if (mm && window) {
    snapshot_request r{p > window ? p - window : 0, p};
    if (snapshot_replay(&pool, &r) == 0 && !cosim_wave_path(fst_path, sizeof fst_path, ".fst") &&
        !cosim_wave_path(gtkw_path, sizeof gtkw_path, ".gtkw") &&
        !cosim_write_gtkw(gtkw_path, fst_path, r.trace_from, mm->cycle, mm->cycle)) {
      res.wave_fst = fst_path;
      res.wave_gtkw = gtkw_path;
      res.wave_from = r.trace_from;
      res.wave_to = mm->cycle;
    } else {
      std::fprintf(stderr, "cosim: warning: the waveform window could not be written\n");
    }
  }
  snapshot_pool_close(&pool);
#if VM_COVERAGE
  // A coverage build (make coverage) leaves one file per run in COSIM_COVERAGE_DIR.
  if (const char *dir = std::getenv("COSIM_COVERAGE_DIR")) {
    char cov_path[1024];
    std::snprintf(cov_path, sizeof cov_path, "%s/cov-%ld.dat", dir, (long)getpid());
    vctx->coveragep()->write(cov_path);
  }
#endif
  rc = cosim_finish(&res);
  top->final();
  delete top;
  delete vctx;
  return rc;
}
