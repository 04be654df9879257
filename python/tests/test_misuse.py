"""Every public call misused from Python raises CtmError naming the function and the
argument, and never crashes: with a closed handle, and with an argument out of range (one
its C type cannot hold, and ones the library refuses)."""
import pytest

import ctm
from ctm import _lib

ELF_HANDLES = ("ctm_model", "ctm_commit_checker", "ctm_txn_checker")


def make(kind, elf):
    """An open handle of each kind."""
    if kind == "ctm_pred":
        return ctm.Pred(4, 16, 8)
    if kind == "ctm_stack":
        return ctm.Stack(64, 0, 0, 8)
    if kind == "ctm_fc":
        return ctm.Fc(4, 16, 8, 8, 4)
    if kind == "ctm_pe":
        return ctm.Pe(16, 1 << 16)
    if kind == "ctm_mem":
        return ctm.Mem(1 << 16)
    m = ctm.Model(elf, 32, 24)
    if kind == "ctm_model":
        return m
    return ctm.CommitChecker(m, 4) if kind == "ctm_commit_checker" else ctm.TxnChecker(m)


def dummy(a):
    """An argument of the right type and in range, for the argument not under test."""
    return {"in": 0, "str": "pc", "struct_in": {}, "array_in": [0] * a.length, "data": b"",
            "handle": None}[a.kind]


def ins(c):
    return [a for a in c.params if a.kind not in ("out", "struct_out", "array_out")]


HANDLE_CALLS = [c for c in _lib.CALLS.values() if any(a.kind == "handle" for a in c.params)]
INT_CALLS = [c for c in _lib.CALLS.values() if any(a.kind == "in" and a.ctype != "double"
                                                    for a in c.params)]


@pytest.mark.parametrize("c", HANDLE_CALLS, ids=lambda c: c.name)
def test_closed_handle(c, elf):
    args = []
    for a in ins(c):
        if a.kind == "handle":
            h = make(a.ctype, elf)
            h.close()
            assert h.closed
            args.append(h)
        else:
            args.append(dummy(a))
    with pytest.raises(ctm.CtmError) as e:
        _lib.call(c.name, *args)
    handle = next(a.name for a in c.params if a.kind == "handle")
    assert str(e.value).startswith(c.name + ": " + handle + " is closed"), str(e.value)
    assert e.value.function == c.name and e.value.argument == handle


@pytest.mark.parametrize("c", INT_CALLS, ids=lambda c: c.name)
def test_int_out_of_c_range(c, elf):
    """Each integer argument in turn one past what its C type holds: refused, named, not
    truncated into a valid value."""
    handles = {}
    for i, a in enumerate(ins(c)):
        if a.kind != "in" or a.ctype == "double":
            continue
        args = []
        for b in ins(c):
            if b.kind == "handle":
                handles.setdefault(b.ctype, make(b.ctype, elf))
                args.append(handles[b.ctype])
            else:
                args.append(dummy(b))
        args[i] = _lib._SCALARS[a.ctype][1][1] + 1
        with pytest.raises(ctm.CtmError) as e:
            _lib.call(c.name, *args)
        assert str(e.value).startswith(f"{c.name}: {a.name} = "), str(e.value)
        assert e.value.argument == a.name
    for h in handles.values():
        h.close()


# The library's own ranges: (call, arguments, the argument it names)
LIBRARY_RANGES = [
    ("ctm_pred_new", (0, 16, 8), "contexts"),
    ("ctm_pred_new", (4, 65, 8), "lanes"),
    ("ctm_stack_new", (17, 0, 0, 8), "width"),
    ("ctm_pred_peek", ("pred", 9, 0), "ctx"),
    ("ctm_pred_eval", ("pred", 0, 0, 9, 0, 0), "ctx"),
    ("ctm_pred_set_history", ("pred", 5000), "steps"),
    ("ctm_pred_report", ("pred", 7), "format"),
    ("ctm_fc_history", ("fc", 0, 0), None),
    ("ctm_model_set_constb", ("model", 99, 1), "n"),
    ("ctm_model_set_input", ("model", 16, b"\0" * 16, 0, 2, 2), "n"),
    ("ctm_mc_element_bytes", (99,), "format"),
    ("ctm_cover_name", (-1,), "bin"),
    ("ctm_mem_read_word", ("mem", 3), "addr"),
    ("ctm_model_new", ("/nonexistent.elf", 32, 24, 16, 4, 8, 8), "/nonexistent.elf"),  # the file
]


@pytest.mark.parametrize("name,args,arg", LIBRARY_RANGES, ids=lambda x: str(x)[:30])
def test_library_range(name, args, arg, elf):
    made = {"pred": lambda: ctm.Pred(4, 16, 8), "fc": lambda: ctm.Fc(4, 16, 8, 8, 4),
            "model": lambda: ctm.Model(elf, 32, 24), "mem": lambda: ctm.Mem(1 << 16)}
    args = [made[a]() if isinstance(a, str) and a in made else a for a in args]
    with pytest.raises(ctm.CtmError) as e:
        _lib.call(name, *args)
    assert str(e.value).startswith(name + ":"), str(e.value)
    if arg:
        assert arg in str(e.value) or e.value.argument == arg, str(e.value)


def test_wrong_types_and_members(elf):
    p = ctm.Pred(4, 16, 8)
    with pytest.raises(ctm.CtmError, match=r"^ctm_pred_peek: ctx = 'x' is not an integer"):
        p.peek("x", 0)
    with pytest.raises(ctm.CtmError, match=r"^ctm_pred_cycle: in has no member 'bogus'"):
        p.cycle({"bogus": 1}, {})
    with pytest.raises(ctm.CtmError, match=r"^ctm_pred_cycle: in member op = 4294967296"):
        p.cycle({"op": 2**32}, {})
    with pytest.raises(ctm.CtmError, match=r"^ctm_pred_cycle: op = 256 is outside 0\.\.7"):
        p.cycle({"op": 256}, {})  # the library's range of op_i
    with pytest.raises(ctm.CtmError, match=r"^ctm_mc_unpack: element has 3 elements, not 16"):
        ctm.mc_unpack(0, [0, 0, 0])
    with pytest.raises(ctm.CtmError, match=r"^ctm_pred_peek: p = 3 is not a ctm_pred handle"):
        _lib.call("ctm_pred_peek", 3, 0, 0)
    with pytest.raises(ctm.CtmError, match="ctm_pred_peek: the handle is a ctm_fc"):
        _lib.call("ctm_pred_peek", ctm.Fc(4, 16, 8, 8, 4), 0, 0)


def test_data_too_short_and_kept(elf):
    """ctm_model_set_input's data: too few bytes for width x height elements is refused
    (the library would read past it); bytes given to the plain call stay alive with the
    handle (the library reads them at the first step)."""
    with ctm.Model(elf, 8, 8) as m:
        with pytest.raises(ctm.CtmError, match=r"^ctm_model_set_input: data holds 16 bytes, "
                                               r"the call reads 256"):
            m.c_set_input(0, b"\0" * 16, ctm.FMT_FLOAT32_1, 8, 8)
        assert m.c_set_input(0, bytes(256), ctm.FMT_FLOAT32_1, 8, 8) == ctm.OK
        import gc
        gc.collect()
        assert m.step()
