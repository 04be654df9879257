// The thin Verilator driver of the lock-step simulator: clocking, the trace
// window, fork snapshots and the exit code. Everything else (options, stimulus,
// the C model, comparison, reports) is C in harness/ and csim/.
#include "Vtb.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
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

// A configuration the C side refused, at elaboration or later in a DPI call: exit code 3.
int config_failed(const char *e) {
  std::fprintf(stderr, "cosim: %s\n", e);
  return 3;
}

// Elaboration runs the testbench's initial blocks, which bind the C side; then one reset.
// The reset needs a real falling edge: a signal that starts at 0 has none. False when the
// C side refused its configuration.
bool reset(Vtb *top) {
  top->clk_i = 0;
  top->rst_ni = 1;
  top->cmp_en_i = cosim_cfg.compare;
  top->eval();
  if (cosim_config_error()) return false;
  top->rst_ni = 0;
  top->eval();  // the DUTs reset asynchronously here,
  top->clk_i = 1;
  top->eval();  // the testbench's own registers on this edge
  top->clk_i = 0;
  top->eval();
  top->rst_ni = 1;
  top->eval();
  return true;
}

// True when the run ends at posedge p: a mismatch, or nothing (more) to drive (then *last
// becomes p).
bool run_ends(Vtb *top, uint64_t p, uint64_t *last) {
  if (top->mismatch_o) return true;
  if (cosim_stimulus_ended() || cosim_config_error()) {
    *last = p;
    return true;
  }
  return false;
}

// --progress: a line every 4 M cycles.
void progress(uint64_t p, uint64_t last, double t0) {
  if (!cosim_cfg.progress || (p & 0x3fffff) != 0 || !p) return;
  double dt = cosim_now() - t0;
  if (last < uint64_t(INT64_MAX))  // a run to the end of its stimulus has no total
    std::fprintf(stderr, "cosim: %llu / %llu cycles, %.1f M cycles/s\n", (unsigned long long)p,
                 (unsigned long long)last, p / dt / 1e6);
  else
    std::fprintf(stderr, "cosim: %llu cycles, %.1f M cycles/s\n", (unsigned long long)p,
                 p / dt / 1e6);
}

// A snapshot asked to replay: runs on from posedge p, tracing req.trace_from..req.stop_after
// into the waveform file, and exits. A forked child leaves by _exit: the model's final(), the
// C side's files and the pool belong to the parent.
[[noreturn]] void replay(VerilatedContext *vctx, Vtb *top, uint64_t p, uint64_t last,
                         const snapshot_request &req, double t0) {
  VerilatedFstC *fst = nullptr;
  char path[1024];
  for (; p <= last; ++p) {
    if (p == req.trace_from) {
      if (cosim_wave_path(path, sizeof path, ".fst")) _exit(1);
      fst = new VerilatedFstC;
      top->trace(fst, 99);
      fst->open(path);
    }
    clock(vctx, top, fst, p);
    if (p == req.stop_after || run_ends(top, p, &last)) break;
    progress(p, last, t0);
  }
  if (fst) fst->close();
  _exit(fst ? 0 : 1);
}

// The run: posedge 0 draws cycle 0; posedge p checks cycle p-1 and draws cycle p. Every
// `interval` posedges (0: never) a snapshot is forked, after the bench has checked the cycles
// it kept (a bench that checks in batches): a mismatch is then found before the next snapshot,
// and the snapshots kept reach as far back from it as they would without batches. Returns the
// posedge it stopped after (last + 1 when it ran to the end); *last as in run_ends.
uint64_t run(VerilatedContext *vctx, Vtb *top, snapshot_pool *pool, uint64_t interval,
             uint64_t *last, double t0) {
  uint64_t p = 0;
  for (; p <= *last; ++p) {
    snapshot_request req{};
    if (interval && p % interval == 0) {
      if (p && cosim_check_kept()) return p - 1;
      if (snapshot_take(pool, p, &req))
        replay(vctx, top, p, *last, req, t0);  // this process is the snapshot asked to trace
    }
    clock(vctx, top, nullptr, p);
    if (run_ends(top, p, last)) break;
    progress(p, *last, t0);
  }
  return p;
}

// After a mismatch: the newest snapshot before the window replays it into FILE.fst, and
// FILE.gtkw opens it at the mismatch. The paths go into res. The window is the `window`
// cycles up to the mismatch, run on to posedge p where the run stopped (a bench that checks
// in batches finds a mismatch up to a batch late), as much of it as the snapshots reach.
void write_window(snapshot_pool *pool, uint64_t p, uint64_t window, const cosim_mismatch *mm,
                  cosim_result *res) {
  static char fst_path[1024], gtkw_path[1024];
  const uint64_t end = std::min(p, mm->cycle + 1), from = end > window ? end - window : 0;
  snapshot_request r{std::max(from, std::min(snapshot_oldest(pool), end)), p};
  if (snapshot_replay(pool, &r) == 0 && !cosim_wave_path(fst_path, sizeof fst_path, ".fst") &&
      !cosim_wave_path(gtkw_path, sizeof gtkw_path, ".gtkw") &&
      !cosim_write_gtkw(gtkw_path, fst_path, r.trace_from, mm->cycle, mm->cycle)) {
    res->wave_fst = fst_path;
    res->wave_gtkw = gtkw_path;
    res->wave_from = r.trace_from;
    res->wave_to = mm->cycle;
  } else {
    std::fprintf(stderr, "cosim: warning: the waveform window could not be written\n");
  }
}

// The end of a run: a coverage build (make coverage) leaves one file per run in
// COSIM_COVERAGE_DIR; then the C side's report and exit code.
int finish(VerilatedContext *vctx, const cosim_result &res) {
#if VM_COVERAGE
  if (const char *dir = std::getenv("COSIM_COVERAGE_DIR")) {
    char cov_path[1024];
    std::snprintf(cov_path, sizeof cov_path, "%s/cov-%ld.dat", dir, (long)getpid());
    vctx->coveragep()->write(cov_path);
  }
#else
  (void)vctx;
#endif
  return cosim_finish(&res);
}

// Reset, run, the waveform window of a mismatch, the report; the exit code.
int simulate(VerilatedContext *vctx, Vtb *top) {
  if (!reset(top)) return config_failed(cosim_config_error());

  // Snapshots: enough of them that one is at least a window before any cycle.
  uint64_t window = cosim_cfg.wave_window, interval = cosim_cfg.snapshot_interval;
  if (window && interval < (window + 5) / 6) interval = (window + 5) / 6;
  snapshot_pool pool;
  snapshot_pool_init(&pool, window ? unsigned(window / interval + 2) : 1);

  uint64_t last = cosim_cfg.cycles;
  const double t0 = cosim_now(), cpu0 = cosim_cpu_now();
  uint64_t p = run(vctx, top, &pool, window ? interval : 0, &last, t0);
  cosim_check_kept();  // a bench that checks in batches checks its last one
  if (const char *e = cosim_config_error()) {  // recorded by a DPI callback during the run
    snapshot_pool_close(&pool);
    return config_failed(e);
  }
  cosim_result res{};
  res.seconds = cosim_now() - t0;
  res.cpu_seconds = cosim_cpu_now() - cpu0;
  const cosim_mismatch *mm = cosim_first_mismatch();
  res.cycles_run = mm ? mm->cycle + 1 : last;
  if (mm && window) write_window(&pool, p, window, mm, &res);
  snapshot_pool_close(&pool);
  return finish(vctx, res);
}

}  // namespace

int main(int argc, char **argv) {
  int rc = cosim_parse_args(argc, argv, COSIM_VARIANT);
  if (rc >= 0) return rc;

  // As Verilator's own examples: the context and the model owned here, final() on every
  // way out once the model exists (a forked snapshot never comes back here).
  const std::unique_ptr<VerilatedContext> vctx{new VerilatedContext};
  vctx->threads(1);         // no idle thread pool: forked snapshots stay safe
  vctx->traceEverOn(true);  // must precede the model; tracing costs nothing until opened
  const std::unique_ptr<Vtb> top{new Vtb{vctx.get(), "TOP"}};
  rc = simulate(vctx.get(), top.get());
  top->final();
  return rc;
}
