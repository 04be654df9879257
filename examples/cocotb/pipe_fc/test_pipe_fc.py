"""pipe_fc (examples/designs/pipe_fc), a user's pipelined flow-control unit, checked at commit
level from Python (docs/commit.md): one run of the model hands out the program's flow-control
steps (Model.step, Model.get), fed to the design as its ready allows; the same run is the
checker's reference (CommitChecker.share), which compares the design's START and FC commits as
they leave, whatever their delay and interleaving, and drains at the end. A mismatch fails the
test with the library's report. tb_pipe_fc.sv is the same testbench in SystemVerilog.

Environment: CTM_ELF (default BUILD/examples/mandelbrot.elf), CTM_WIDTH x CTM_HEIGHT (32x16),
CTM_SEED (1), CTM_STALL and CTM_GAP (percent of cycles stalled, step held back: 25, 10);
the Makefile's LANES and CONTEXTS as CTM_LANES, CTM_CONTEXTS."""
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

import ctm

LANES = int(os.environ.get("CTM_LANES", 16))
CONTEXTS = int(os.environ.get("CTM_CONTEXTS", 4))
DEPTH = 4  # the design's and the model's address and loop stacks
# the model's step ports -> the design's inputs (tb_pipe_fc.sv's load_step)
STEP_PORTS = {"cmd": "cmd", "ctx": "ctx", "full_mode": "full_mode", "op": "op",
              "b_else": "b_else", "jump_any": "jump_any", "a_op": "a_op",
              "jump_func": "jump_func", "b_pop_cnt": "b_pop_cnt", "b_op0": "b_op0",
              "b_op1": "b_op1", "jump_addr": "jump_addr", "pred_sel": "pred_sel",
              "pred_inv": "pred_inv", "pred0": "pred_r", "pred1": "pred_g", "pred2": "pred_b",
              "pred3": "pred_a", "alu_result": "alu_result", "alu_valid": "alu_valid",
              "bool_const": "bool_const", "loop_count": "loop_count", "loop_init": "loop_init",
              "loop_step": "loop_step", "pc": "pc", "live": "live", "wave": "wave"}


def percent(seed: int):
    """tb_pipe_fc.sv's xorshift32 stream, as percent draws."""
    x = seed or 0x12345678
    while True:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        yield x % 100


def load_step(dut, model: ctm.Model) -> None:
    for port, pin in STEP_PORTS.items():
        v = model.get(port)
        sig = getattr(dut, pin + "_i")
        sig.value = v & ((1 << len(sig)) - 1)


@cocotb.test()
async def pipe_fc_commits_against_the_model(dut):
    build = os.environ.get("BUILD", os.path.join(os.path.dirname(__file__), "../../../build"))
    elf = os.environ.get("CTM_ELF", os.path.join(build, "examples/mandelbrot.elf"))
    width, height = int(os.environ.get("CTM_WIDTH", 32)), int(os.environ.get("CTM_HEIGHT", 16))
    stall_pct, gap_pct = int(os.environ.get("CTM_STALL", 25)), int(os.environ.get("CTM_GAP", 10))
    draw = percent(int(os.environ.get("CTM_SEED", 1)))
    with ctm.Model(elf, width, height, LANES, CONTEXTS, DEPTH, DEPTH) as model:
        check = ctm.CommitChecker(model, CONTEXTS, 0)
        check.set_kinds(1 << ctm.COMMIT_START | 1 << ctm.COMMIT_FC)  # what an FC unit commits
        check.share()  # the testbench steps the run; the checker takes its commits
        for name in ("step_valid", "stall"):
            getattr(dut, name + "_i").value = 0
        dut.rst_ni.value = 0
        cocotb.start_soon(Clock(dut.clk_i, 10, "ns").start())
        for _ in range(2):
            await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        have = ended = False
        cycle = steps = 0
        while True:
            await RisingEdge(dut.clk_i)
            # the edge: the step taken, and the design's commit checked (ctm_commit_check's edge)
            ctx = int(dut.ctx_i.value)
            fired = (int(dut.step_valid_i.value) and ctx < CONTEXTS and
                     (int(dut.step_ready_o.value) >> ctx) & 1)
            if int(dut.commit_valid_o.value):
                commit = ctm.commit_from_bits(int(dut.commit_o.value))
                if not check.put(cycle, commit):
                    raise AssertionError(f"pipe_fc: {check.diff()}\n{check.report()}")
            elif not check.clock(cycle) == ctm.OK:
                raise AssertionError(f"pipe_fc: watchdog: {check.diff()}")
            done = ended and not have and int(dut.idle_o.value)
            if done:
                if not check.finish():
                    raise AssertionError(f"pipe_fc: drain check: {check.diff()}\n{check.report()}")
                break
            cycle += 1
            await FallingEdge(dut.clk_i)
            if fired:
                have = False
                steps += 1
            if not have and not ended:
                if model.step():
                    load_step(dut, model)
                    have = True
                else:
                    ended = True
            dut.step_valid_i.value = int(next(draw) >= gap_pct and have)
            dut.stall_i.value = int(next(draw) < stall_pct)
        dut._log.info("pipe_fc: PASS, %d commits of %d steps of %s over %dx%d, %d cycles",
                      check.count(), steps, os.path.basename(elf), width, height, cycle)
