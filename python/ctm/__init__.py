"""ctm: the CTM golden model (libctm) from Python.

The flow-control mirrors stepped cycle by cycle (:class:`Pred`, :class:`Stack`, :class:`Fc`),
a program run by the model (:class:`Model`, :func:`run`), the commit and transaction
checkers (:class:`CommitChecker`, :class:`TxnChecker`) with their reports as text and as
dicts, and the PE's command processor and the MC's memory (:class:`Pe`, :class:`Mem`).

Every call of libctm's C API (csim/api/ctm.h) is here: as a method of its handle's class
(``ctm_pred_peek(p, ctx, field)`` is ``Pred.peek(ctx, field)``), or as a function of the
module for a call without a handle (``ctm_mc_element_bytes`` is ``ctm.mc_element_bytes``).
Each is bound from the library's own table (``ctm.CALLS``), its C signature in its
docstring. A handle frees itself on ``close()``, at the end of a ``with`` block, or when
collected. A misuse (a closed handle, an argument out of range) raises :class:`CtmError`
naming the function and the argument; it never crashes. Constants are ctm.h's names less
``CTM_`` (``ctm.PRED_OP_PUSH``), and all of them in ``ctm.CONSTS``.

docs/python.md: install, a model run, the checkers.
"""
from __future__ import annotations

import inspect
import keyword
import json
import re
from typing import Any, Dict, Iterator, List, Optional, Tuple

from . import _api
from ._lib import (CALLS, CONSTS, LIB_PATH, STRUCTS, Call, CtmError, CtmFault, Handle, Port,
                   call, status_name, struct_dict)
from ._lib import _ports

__all__ = ["CtmError", "CtmFault", "Pred", "Stack", "Fc", "Model", "CommitChecker",
           "TxnChecker", "Pe", "Mem", "run", "RunResult", "ports", "version", "commit_from_bits",
           "commit_state_from_bits", "CALLS", "CONSTS",
           "LIB_PATH"]

for _k, _v in CONSTS.items():
    globals()[_k[4:]] = _v  # CTM_PRED_OP_PUSH -> ctm.PRED_OP_PUSH

OK, E_MISMATCH = CONSTS["CTM_OK"], CONSTS["CTM_E_MISMATCH"]
_PY_TYPES = {"int": int, "uint32_t": int, "int64_t": int, "uint64_t": int, "double": float,
             "char": str}


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH" (ctm_version_string)."""
    return call("ctm_version_string")


def ports(block: str, outputs: bool = False) -> List[Port]:
    """A block's ports ("pred_stack", "stack_acct", "fc_unit"): its input struct's, or
    with outputs=True its output struct's, in the order reports show them (ctm_ports)."""
    return _ports(block, 1 if outputs else 0)


def _check(status: int, name: str) -> int:
    """A status of `name` that is not CTM_OK and was not raised on already."""
    if status != OK:
        raise CtmError(f"{name}: returned {status_name(status)}", name, None, abs(status))
    return status


def _report_dict(text: str) -> Dict[str, Any]:
    return json.loads(text) if text else {}


# ------------------------------------------------------------------ packed records

def _sv_width(sv_type: str) -> Tuple[int, bool]:
    """The bits and sign of an SV type of the package: "logic signed [15:0]", "logic [63:0][7:0]"."""
    bits = 1
    for hi, lo in re.findall(r"\[(\d+):(\d+)\]", sv_type):
        bits *= int(hi) - int(lo) + 1
    return bits, " signed" in sv_type


def _unpack(fields, value: int) -> Dict[str, int]:
    out, at = {}, sum(_sv_width(t)[0] for _, t in fields)
    for name, t in fields:
        bits, signed = _sv_width(t)
        at -= bits
        v = (int(value) >> at) & ((1 << bits) - 1)
        out[name] = v - (1 << bits) if signed and v >> (bits - 1) else v
    return out


def commit_from_bits(value: int) -> Dict[str, int]:
    """A design's ctm_commit_t port value (an int, e.g. cocotb's ``int(dut.commit_o.value)``)
    as a dict of its members (signed ones sign-extended), for CommitChecker.put."""
    return _unpack(_api.COMMIT_SV, value)


def commit_state_from_bits(value: int) -> Dict[str, Any]:
    """A design's ctm_commit_state_t port value as a dict (bc as a list of its 64 bytes,
    lane 0 first)."""
    d: Dict[str, Any] = _unpack(_api.COMMIT_STATE_SV, value)
    d["bc"] = [(d["bc"] >> (8 * lane)) & 0xFF for lane in range(64)]
    return d


# ------------------------------------------------------------------ handles

class _Checked(Handle):
    """What the checkers and mirrors share: the last check's report and difference."""
    _prefix = ""

    def report(self, as_dict: bool = False):
        """The last check's mismatch in full: text, or with as_dict=True the JSON report
        parsed (docs/cosim-report.schema.json); "" (or {}) after a match."""
        fmt = CONSTS["CTM_REPORT_JSON"] if as_dict else CONSTS["CTM_REPORT_TEXT"]
        text = call(self._prefix + "report", self, fmt)
        return _report_dict(text) if as_dict else text

    def diff(self) -> str:
        """The last check's first difference in one line ("" after a match)."""
        return call(self._prefix + "diff", self)


class _Mirror(_Checked):
    """A block's mirror: one checked cycle at a time against a DUT's outputs."""
    _block = ""

    def _structs(self) -> Tuple[type, type]:
        i, _, o, _ = _api.UNITS[self._block]
        return STRUCTS[i], STRUCTS[o]

    def cycle(self, inputs: Dict[str, int], dut: Dict[str, Any]) -> bool:
        """One checked cycle: the model steps with `inputs` (a dict of the input struct's
        members, the rest 0) and compares the DUT's outputs `dut`. True on a match; False on a
        mismatch (report() tells it); CtmError on a misuse."""
        st = call(self._prefix + "cycle", self, inputs, dut)
        if st == E_MISMATCH:
            return False
        _check(st, self._prefix + "cycle")
        return True

    def expected(self) -> Dict[str, Any]:
        """The last stepped cycle's expected outputs as a dict."""
        st, out = call(self._prefix + "expected", self)
        _check(st, self._prefix + "expected")
        return struct_dict(out)

    def history(self, *where: int) -> Tuple[int, Dict[str, Any], Dict[str, Any]]:
        """A step the history keeps: (ctx, i) (Stack: i), i = 0 the last. Returns (cycle,
        inputs, expected outputs), the structs as dicts; CtmError when it is not kept."""
        _, cyc, ins, out = call(self._prefix + "history", self, *where)
        return cyc, struct_dict(ins), struct_dict(out)

    def set_history(self, steps: int) -> None:
        """Keeps the last `steps` steps (of each context) for the report."""
        _check(call(self._prefix + "set_history", self, steps), self._prefix + "set_history")

    def set_cycle(self, cycle: int) -> None:
        """Numbers the next step `cycle`."""
        _check(call(self._prefix + "set_cycle", self, cycle), self._prefix + "set_cycle")


class Pred(_Mirror):
    """pred_stack's mirror: contexts x lanes x depth (1..64 each), in reset; spu_sc > 0
    groups the lanes as the patent's SPUs (ctm_pred_new_grouped)."""
    _kind, _free, _prefix, _block = "ctm_pred", "ctm_pred_free", "ctm_pred_", "pred_stack"

    def __init__(self, contexts: int, lanes: int, depth: int, spu_sc: int = 0) -> None:
        if spu_sc:
            super().__init__(call("ctm_pred_new_grouped", contexts, lanes, depth, spu_sc))
        else:
            super().__init__(call("ctm_pred_new", contexts, lanes, depth))


class Stack(_Mirror):
    """stack_acct's mirror: width (16, 32, 48, 64), the accounting rule, the chip, depth."""
    _kind, _free, _prefix, _block = "ctm_stack", "ctm_stack_free", "ctm_stack_", "stack_acct"

    def __init__(self, width: int, rule: int, chip: int, depth: int) -> None:
        super().__init__(call("ctm_stack_new", width, rule, chip, depth))


class Fc(_Mirror):
    """fc_unit's mirror: contexts x lanes, address and loop stack depths, bc_width."""
    _kind, _free, _prefix, _block = "ctm_fc", "ctm_fc_free", "ctm_fc_", "fc_unit"

    def __init__(self, contexts: int, lanes: int, addr_depth: int, loop_depth: int,
                 bc_width: int) -> None:
        super().__init__(call("ctm_fc_new", contexts, lanes, addr_depth, loop_depth, bc_width))


# numpy dtype and channels -> CTM_FMT_*
_FORMATS = {("uint16", 1): "CTM_FMT_UINT16_1", ("uint8", 4): "CTM_FMT_UINT8_4",
            ("float32", 1): "CTM_FMT_FLOAT32_1", ("float32", 2): "CTM_FMT_FLOAT32_2",
            ("float32", 4): "CTM_FMT_FLOAT32_4"}


def input_format(array) -> int:
    """The CTM_FMT_* of a numpy array of (height, width[, channels]): uint16 of 1 channel,
    uint8 of 4, float32 of 1, 2 or 4."""
    ch = 1 if array.ndim == 2 else array.shape[2]
    key = (str(array.dtype), ch)
    if array.ndim not in (2, 3) or key not in _FORMATS:
        raise CtmError(f"input: an array of {array.dtype} {array.shape} has no surface format "
                       "(uint16 HxW, uint8 HxWx4, float32 HxW, HxWx2, HxWx4)", "", "data")
    return CONSTS[_FORMATS[key]]


class Model(Handle):
    """A run of a CTM executable over a width x height domain on `lanes` lanes per wavefront
    and `contexts` wavefronts in flight (ctm_model_new). Inputs and constants before the
    first step; then step() to each flow-control step, or commits() to each commit."""
    _kind, _free = "ctm_model", "ctm_model_free"

    def __init__(self, elf: str, width: int, height: int, lanes: int = 16, contexts: int = 4,
                 addr_depth: int = 8, loop_depth: int = 8) -> None:
        super().__init__(call("ctm_model_new", str(elf), width, height, lanes, contexts,
                              addr_depth, loop_depth))
        self._children: List[Handle] = []

    def _closed_children(self) -> None:
        for c in self._children:
            c.close()

    def set_input(self, n: int, array) -> None:
        """Binds input n to a numpy array of (height, width[, channels]) (input_format)."""
        import ctypes
        import numpy as np
        a = np.ascontiguousarray(array)
        fmt = input_format(a)
        buf = ctypes.create_string_buffer(a.tobytes(), a.nbytes)  # kept by call()
        _model_status(self, call("ctm_model_set_input", self, n, buf, fmt, a.shape[1],
                                 a.shape[0]), "ctm_model_set_input")

    def step(self) -> bool:
        """Runs to the next flow-control step: True, or False at the run's end; CtmFault when
        the program faulted."""
        r = call("ctm_model_step", self)
        if r < 0:
            _model_status(self, -r, "ctm_model_step")
        return r == 1

    def commits(self) -> Iterator[Dict[str, Any]]:
        """The run's level-0 commits in the model's order, each as a dict of ctm_commit."""
        while True:
            r, c = call("ctm_model_commit", self)
            if r == 0:
                return
            if r < 0:
                _model_status(self, -r, "ctm_model_commit")
            yield struct_dict(c)

    def cover_report(self, as_dict: bool = False):
        """The run's SIMT control coverage as text, or as a dict (its JSON parsed)."""
        fmt = CONSTS["CTM_REPORT_JSON"] if as_dict else CONSTS["CTM_REPORT_TEXT"]
        text = call("ctm_model_cover_report", self, fmt)
        return _report_dict(text) if as_dict else text


def _model_status(m: Model, status: int, name: str) -> None:
    if status == OK:
        return
    msg = call("ctm_model_error", m) or f"{name}: {status_name(status)}"
    cls = CtmFault if status == CONSTS["CTM_E_FAULT"] else CtmError
    raise cls(msg, name, None, status)


class CommitChecker(_Checked):
    """Checks a design's commits against model m's run (ctm_commit_new): contexts of the
    design, level 0, 1 or 2. put() each commit (a dict; or put_fields()/put_state(), which
    return the status), clock() each cycle, finish() at the end."""
    _kind, _free, _prefix = "ctm_commit_checker", "ctm_commit_free", "ctm_commit_"

    def __init__(self, model: Model, contexts: int, level: int = 0) -> None:
        super().__init__(call("ctm_commit_new", model, contexts, level))
        self.model = model
        model._children.append(self)

    def put(self, cycle: int, commit: Dict[str, Any]) -> bool:
        """A design's commit as a dict of ctm_commit's members (the rest 0): True on a
        match, False on a mismatch (report() tells it)."""
        return _verdict(call("ctm_commit_put", self, cycle, commit), "ctm_commit_put")

    def finish(self) -> bool:
        """The end of the design's run: True when every commit came and matched."""
        return _verdict(call("ctm_commit_finish", self), "ctm_commit_finish")


class TxnChecker(_Checked):
    """Checks a design's transactions of `units` (CTM_UNITS_ALL: PE, MC, CO) against model
    m's run (ctm_txn_new)."""
    _kind, _free, _prefix = "ctm_txn_checker", "ctm_txn_free", "ctm_txn_"

    def __init__(self, model: Model, units: int = CONSTS["CTM_UNITS_ALL"]) -> None:
        super().__init__(call("ctm_txn_new", model, units))
        self.model = model
        model._children.append(self)

    def put(self, txn: Dict[str, Any]) -> bool:
        """A design's transaction as a dict of ctm_txn's members: True on a match."""
        return _verdict(call("ctm_txn_put", self, txn), "ctm_txn_put")

    def finish(self) -> bool:
        """The end of the design's run: True when every transaction came and matched."""
        return _verdict(call("ctm_txn_finish", self), "ctm_txn_finish")


def _verdict(status: int, name: str) -> bool:
    if status == E_MISMATCH:
        return False
    _check(status, name)
    return True


class Pe(Handle):
    """The PE's command processor over `lanes` lanes and mem_bytes of memory (ctm_pe_new)."""
    _kind, _free = "ctm_pe", "ctm_pe_free"

    def __init__(self, lanes: int, mem_bytes: int) -> None:
        super().__init__(call("ctm_pe_new", lanes, mem_bytes))


class Mem(Handle):
    """The MC's memory of mem_bytes (ctm_mem_new)."""
    _kind, _free = "ctm_mem", "ctm_mem_free"

    def __init__(self, mem_bytes: int) -> None:
        super().__init__(call("ctm_mem_new", mem_bytes))


# ------------------------------------------------------------------ every call, from the table

_CLASSES = {cls._kind: cls for cls in (Pred, Stack, Fc, Model, CommitChecker, TxnChecker, Pe,
                                       Mem)}
_PREFIX = {"ctm_pred": "ctm_pred_", "ctm_stack": "ctm_stack_", "ctm_fc": "ctm_fc_",
           "ctm_model": "ctm_model_", "ctm_commit_checker": "ctm_commit_", "ctm_pe": "ctm_pe_",
           "ctm_mem": "ctm_mem_", "ctm_txn_checker": "ctm_txn_"}


def _signature(c: Call, method: bool) -> inspect.Signature:
    params = []
    ins = [a for a in c.params if a.kind not in ("out", "struct_out", "array_out")]
    for a in ins[1:] if method else ins:
        hint = (Dict[str, Any] if a.kind == "struct_in" else List[int] if a.kind == "array_in"
                else Any if a.kind in ("data", "handle") else _PY_TYPES.get(a.ctype, Any))
        name = a.name + "_" if keyword.iskeyword(a.name) else a.name  # in -> in_
        params.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                        annotation=hint))
    return inspect.Signature(params)


def _doc(c: Call) -> str:
    outs = [a.name for a in c.params if a.kind in ("out", "struct_out", "array_out")]
    d = f"{c.signature}  [{c.section}]"
    if outs:
        d += f"\n\nReturns (the C result, {', '.join(outs)})."
    return d + "\n\nRaises CtmError naming the function and the argument on a misuse."


def _make(c: Call, method: bool, name: str):
    def f(*args, **kw):
        bound = sig.bind(*args[1:] if method else args, **kw)
        return call(c.name, *((args[0],) if method else ()), *bound.args)
    sig = _signature(c, method)
    f.__name__ = name
    f.__qualname__ = f.__name__
    f.__doc__ = _doc(c)
    f.__signature__ = inspect.Signature(
        ([inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)] if method else []) +
        list(sig.parameters.values()))
    return f


for _c in CALLS.values():
    _first = _c.params[0] if _c.params else None
    if _first is not None and _first.kind == "handle" and not _c.name.endswith(("_new", "_free")) \
            and _c.name.startswith(_PREFIX[_first.ctype]):
        _cls = _CLASSES[_first.ctype]
        _m = _c.name[len(_PREFIX[_first.ctype]):]
        if not any(_m in vars(b) for b in _cls.__mro__[:-1]):
            setattr(_cls, _m, _make(_c, True, _m))
        else:  # a Pythonic method has the name: the plain call is c_NAME
            setattr(_cls, "c_" + _m, _make(_c, True, "c_" + _m))
    elif _first is None or _first.kind != "handle":
        _n = _c.name[4:] if _c.name[4:] not in globals() else "c_" + _c.name[4:]
        globals()[_n] = _make(_c, False, _n)

from ._run import RunResult, run  # noqa: E402  (ctm.run uses the classes above)
