// The user's own Verilator main for the --cc --exe flow: run the testbench's
// timed initial blocks to $finish; exit non-zero if it stopped on an error.
#include "Vtb_my_pred.h"
#include "verilated.h"

int main(int argc, char **argv) {
  VerilatedContext ctx;
  ctx.commandArgs(argc, argv);
  Vtb_my_pred top{&ctx};
  while (!ctx.gotFinish()) {
    top.eval();
    if (!top.eventsPending()) break;
    ctx.time(top.nextTimeSlot());
  }
  top.final();
  return ctx.gotError() ? 1 : 0;
}
