// Every DPI-C import of the lock-step testbenches, in one place.
// Names say the direction: imports are c_dpi_*, exports sv_dpi_*.
// Masks travel as 64-bit longints (lanes <= 64), so one call costs ~1.5 ns.

// pred_stack (harness/tb_pred_stack.sv -> dpi/pred_dpi.c -> harness/pred_bench.c)
import "DPI-C" function void c_dpi_pred_bind(input int contexts, input int lanes, input int depth);
import "DPI-C" function void c_dpi_pred_next(output bit rst, output int op, output int ctx,
                                             output longint mask, output int obs_ctx);
import "DPI-C" function bit c_dpi_pred_check(
    input bit rst, input int op, input int ctx, input longint mask, input int obs_ctx,
    input longint exec_mask, input longint obs_pred, input longint obs_task_mask,
    input longint obs_exec_mask, input int obs_sp, input longint obs_top,
    input bit obs_overflow, input bit obs_underflow);

// stack_acct (harness/tb_stack_acct.sv -> dpi/stack_dpi.c -> harness/stack_bench.c)
import "DPI-C" function void c_dpi_stack_bind(input int width, input int rule, input int chip,
                                              input int depth);
import "DPI-C" function void c_dpi_stack_next(output bit rst, output int op, output int pop_count,
                                              output bit wqm, output bit taken,
                                              output int stack_size);
import "DPI-C" function bit c_dpi_stack_check(
    input bit rst, input int op, input int pop_count, input bit wqm, input bit taken,
    input int stack_size, input int entries, input int subentries, input int need, input int hwm,
    input int depth, input bit overflow, input bit underflow, input bit drop);
