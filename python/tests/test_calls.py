"""Every call reachable from Python with its C signature as its doc; the mirrors stepped,
the checkers' reports as text and dicts; a model run against `dpp run` (same ELF, same
outputs)."""
import re
import subprocess

import numpy as np
import pytest

import ctm
from ctm import _lib


def test_every_call_is_bound():
    """Each row of the library's table is a method of its handle's class, a constructor or
    close(), or a function of the module, documented with its C signature."""
    classes = [ctm.Pred, ctm.Stack, ctm.Fc, ctm.Model, ctm.CommitChecker, ctm.TxnChecker,
               ctm.Pe, ctm.Mem]
    frees = {cls._free for cls in classes}
    docs = {}
    for v in [v for cls in classes for v in vars(cls).values()] + [getattr(ctm, k) for k in dir(ctm)]:
        m = re.match(r"[^(]*\b(ctm_\w+)\(", getattr(v, "__doc__", None) or "")
        if callable(v) and m:
            docs[m.group(1)] = v
    missing = [n for n in _lib.CALLS if n not in docs and n not in frees and
               not n.endswith(("_new", "_new_grouped"))]
    assert not missing, missing
    assert len(_lib.CALLS) > 120
    assert docs["ctm_pred_peek"].__doc__.startswith(
        "uint64_t ctm_pred_peek(const ctm_pred *p, int ctx, int field)")


def test_exports_are_the_table():
    """libctm.so exports exactly the table's calls (nm -D)."""
    out = subprocess.run(["nm", "-D", "--defined-only", ctm.LIB_PATH], capture_output=True,
                         text=True, check=True).stdout
    exported = {line.split()[-1] for line in out.splitlines() if " T " in line}
    assert exported == set(_lib.CALLS)


def test_pred_stepped_and_reported():
    with ctm.Pred(4, 16, 8) as p:
        p.set_history(4)
        assert p.cycle({"rst": 1}, {"exec_mask": 0xFFFF, "obs_pred": 0xFFFF,
                                    "obs_task_mask": 0xFFFF, "obs_exec_mask": 0xFFFF})
        assert p.diff() == "" and p.report() == "" and p.report(as_dict=True) == {}
        want = p.expected()
        dut = dict(want, exec_mask=want["exec_mask"] ^ 1)
        assert not p.cycle({"op": ctm.PRED_OP_NOP}, dut)
        assert "exec_mask: expected 0xffff, actual 0xfffe (lanes 0 differ)" in p.diff()
        assert p.report().startswith("MISMATCH pred_stack 4x16x8 at cycle 1")
        r = p.report(as_dict=True)
        assert r["source"] == "libctm" and r["field"] == "exec_mask" and r["cycle"] == 1
        assert p.diff_port() == (0, 0, 0)
        cyc, ins, exp = p.history(0, 0)
        assert cyc == 1 and ins["op"] == ctm.PRED_OP_NOP and exp["exec_mask"] == 0xFFFF
        p.eval(0, ctm.PRED_OP_PUSH, 0, 0x00FF, 0)
        p.edge()
        assert p.peek(0, ctm.PRED_OBS_SP) == 1
    assert p.closed


def test_stack_and_fc_step():
    with ctm.Stack(64, 0, 0, 8) as s, ctm.Fc(4, 16, 8, 8, 4) as f:
        s.step(1, 0, 0, 0, 0, 0)
        assert s.check(*[s.expect(k) for k in range(ctm.STACK_FIELDS)]) == ctm.OK
        assert f.cycle({"rst": 1}, {}) in (True, False)
        assert set(f.expected()) >= {"jump", "next_pc", "bc"} and len(f.expected()["bc"]) == 64


def test_commit_checker_against_its_own_model(elf):
    """The model's own commits, put back into a checker of the same run, all match; one
    changed commit is a mismatch with the report as text and dict."""
    with ctm.Model(elf, 16, 8) as src, ctm.Model(elf, 16, 8) as m:
        ck = ctm.CommitChecker(m, 4)
        commits = list(src.commits())
        assert len(commits) > 100
        for i, c in enumerate(commits):
            assert ck.put(i, c), ck.report()
        assert ck.finish() and ck.count() == len(commits)
    with ctm.Model(elf, 16, 8) as src, ctm.Model(elf, 16, 8) as m:
        ck = ctm.CommitChecker(m, 4)
        first = next(src.commits())
        assert not ck.put(0, dict(first, exec=first["exec"] ^ 1))
        assert "exec" in ck.diff() and ck.report().startswith("commit-level mismatch")
        assert ck.report(as_dict=True)["source"] == "libctm"
    assert ck.closed  # closed with its model


def test_model_steps_and_ports(elf):
    with ctm.Model(elf, 16, 8) as m:
        m.set_constf(0, 1.0, 2.0, 3.0, 4.0)
        steps = 0
        while m.step():
            steps += 1
            assert m.get("pc") == m.get_port(ctm.model_port("pc"))
        assert steps > 10
        assert m.cover(0) >= 0 and "start" in m.cover_report().lower() or m.cover_report()
        assert isinstance(m.cover_report(as_dict=True), dict)


def test_pure_functions_and_memory():
    assert ctm.mc_element_bytes(ctm.FMT_FLOAT32_4) == 16
    r, value = ctm.mc_unpack(ctm.FMT_UINT8_4, [1, 2, 3, 4] + [0] * 12)
    assert r == ctm.OK and len(value) == 4
    with ctm.Mem(1 << 16) as mem:
        assert mem.write_word(16, 0xDEADBEEF) == ctm.OK
        assert mem.read_word(16) == (ctm.OK, 0xDEADBEEF)
    assert ctm.ports("pred_stack")[0].name == "rst"
    assert ctm.version() == _lib._api.VERSION_STRING


def test_run_round_trip_against_dpp(elf, tmp_path):
    """ctm.run from numpy equals `dpp run` from files: the same ELF and input, the same
    output bytes; and the counters and a chip's timeline come back."""
    w, h = 32, 24
    img = (np.arange(w * h, dtype=np.float32).reshape(h, w) / (w * h))
    img.tofile(tmp_path / "in.raw")
    r = ctm.run(elf, (w, h), inputs={0: img}, chip="cayman")
    subprocess.run([ctm._run.dpp_path(), "run", str(elf), "--domain", f"{w}x{h}", "--in",
                    f"0={tmp_path / 'in.raw'}:FLOAT32_1:{w}x{h}", "--out",
                    f"0={tmp_path / 'out.raw'}"], check=True, capture_output=True)
    want = np.fromfile(tmp_path / "out.raw", dtype="<f4").reshape(h, w, 4)
    assert r.outputs[0].shape == (h, w, 4)
    assert r.outputs[0].tobytes() == want.tobytes()
    assert r.counters["issued"] > 0 and r.counters["cycles"] > 0
    assert r.timeline and {s.clause for s in r.timeline} >= {"ALU"}
    assert all(s.end > s.start for s in r.timeline)
    with pytest.raises(ctm.CtmError, match="^run: "):
        ctm.run(elf, (0, 0))


def test_commit_from_bits():
    """A ctm_commit_t port value taken apart: ctx in the top 16 of its 357 bits (the DPI
    package's layout, first member most significant), wave and al sign-extended."""
    v = 3 << 341 | 4 << 337 | (2**32 - 2) << 305 | 0x1F << 289 | 1 << 96 | 1 << 16 | 0xFFFE
    c = ctm.commit_from_bits(v)
    assert (c["ctx"], c["kind"], c["wave"], c["pc"], c["al"]) == (3, 4, -2, 0x1F, -2)
    assert c["active"] == 1 and c["jump"] == 1 and c["exec"] == c["done"] == c["kill"] == 0
    s = ctm.commit_state_from_bits(5 << 8)  # bc[63:0][7:0] above regions[7:0]
    assert s["bc"][0] == 5 and s["regions"] == 0


def test_clear_error_before_each_call():
    """libctm 1.17's ctm_clear_error (the binding wrote through ctm_error()'s pointer before):
    it empties the last message, and the binding calls it before each call, so a void call
    after a failed one is not taken for a failure."""
    with pytest.raises(ctm.CtmError):
        ctm.Pred(0, 16, 8)
    assert _lib._error_text().startswith("ctm_pred_new: contexts = 0")
    assert "memset" not in _lib._clear_error.__code__.co_names  # the library's call, not a write
    ctm.clear_error()
    assert _lib._error_text() == ""
    with ctm.Pred(1, 4, 1) as p:
        p.set_cycle(3)  # a call after a failed one raises nothing: no stale message
