"""pred_stack (rtl/pred_stack.sv) checked against the golden model every cycle from Python:
cocotb drives a random op stream, and each cycle the model steps with the same inputs and
compares every output (ctm.Pred.cycle, libctm's ctm_pred_cycle). A mismatch fails the test
with the library's report of it (cycle, context, every differing field with its lanes, the
inputs and the context's last steps).

Environment: CTM_CYCLES (default 3000), CTM_SEED (default 1); the RTL's parameters are the
Makefile's (CONTEXTS, LANES, DEPTH), passed on as CTM_CONTEXTS, CTM_LANES, CTM_DEPTH."""
import os

import cocotb
from cocotb.triggers import Timer

import ctm

C = int(os.environ.get("CTM_CONTEXTS", 8))
L = int(os.environ.get("CTM_LANES", 16))
D = int(os.environ.get("CTM_DEPTH", 8))
OUTPUTS = ("exec_mask", "obs_pred", "obs_task_mask", "obs_exec_mask", "obs_sp", "obs_top",
           "obs_overflow", "obs_underflow")


def xorshift(seed: int):
    """The SystemVerilog testbench's stream (tb_my_pred.sv): the same seed, the same ops."""
    x = seed or 0x12345678
    while True:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        yield x


async def cycle(dut, golden: ctm.Pred, rst: int, op: int, ctx: int, mask: int, obs_ctx: int):
    """Drive the inputs, let them settle, check the outputs against the model, then clock."""
    dut.rst_ni.value = 0 if rst else 1
    dut.op_i.value, dut.ctx_i.value, dut.mask_i.value, dut.obs_ctx_i.value = op, ctx, mask, obs_ctx
    await Timer(1, "ns")
    got = {name: int(getattr(dut, name + "_o").value) for name in OUTPUTS}
    inputs = {"rst": rst, "op": op, "ctx": ctx, "mask": mask, "obs_ctx": obs_ctx}
    if not golden.cycle(inputs, got):
        raise AssertionError(f"pred_stack: {golden.diff()}\n{golden.report()}")
    await Timer(4, "ns")
    dut.clk_i.value = 1
    await Timer(5, "ns")
    dut.clk_i.value = 0


@cocotb.test()
async def pred_stack_against_the_model(dut):
    cycles = int(os.environ.get("CTM_CYCLES", 3000))
    draw = xorshift(int(os.environ.get("CTM_SEED", 1)))
    with ctm.Pred(C, L, D) as golden:
        golden.set_cycle(0)  # cycles count clock edges from time 0, as tb_my_pred does
        golden.set_history(6)
        dut.clk_i.value, dut.rst_ni.value = 0, 1
        await Timer(1, "ns")
        await cycle(dut, golden, 1, 0, 0, 0, 0)  # after time 0: the reset is an edge
        for n in range(cycles):
            op = next(draw) % 7
            if op == ctm.PRED_OP_NOP and n & 1:
                op = ctm.PRED_OP_WRITE
            ctx = next(draw) % C
            obs = next(draw) % C
            mask = next(draw) & ((1 << L) - 1)
            await cycle(dut, golden, 0, op, ctx, mask, ctx if n & 1 else obs)
        dut._log.info("pred_stack: PASS, %d cycles against libctm %s", cycles, ctm.version())
