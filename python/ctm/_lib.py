"""Loading libctm and binding every call of its public surface (ctm/_api.py, written by
`dpp svpkg --py` from csim/api/api_list.h) through ctypes.

ctypes, not cffi: it is in the standard library, so the package needs no compile step and
no dependency at install; the calls' signatures come from the library's own table, which
is what cffi's cdef would otherwise need a copy of.

Every call goes through :func:`call`, which checks each argument against its C type
(a Python int too wide for the C type is refused, not truncated), refuses a closed
handle before the library sees it, and raises :class:`CtmError` with the library's
message (ctm_error()) when the call fails.
"""
from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from . import _api

CONSTS: Dict[str, int] = dict(_api.CONSTS)
_E_NAMES = {v: k for k, v in CONSTS.items() if k.startswith("CTM_E_") or k == "CTM_OK"}


class CtmError(Exception):
    """A libctm call failed or was refused.

    ``function`` is the C function, ``argument`` the argument at fault when known,
    ``status`` the CTM_E_* code (None when the call was refused before it ran);
    ``str(e)`` is the library's message, which starts with the function's name."""

    def __init__(self, message: str, function: str = "", argument: Optional[str] = None,
                 status: Optional[int] = None) -> None:
        super().__init__(message)
        self.function, self.argument, self.status = function, argument, status


class CtmFault(CtmError):
    """A model run faulted (the program, not the caller): ctm_model_error's message."""


# ------------------------------------------------------------------ the library

def _candidates() -> List[str]:
    """Where libctm.so.MAJOR may be, in order: $CTM_LIB, an installed kit (the package
    under PREFIX/share/ctm/python), the kit's build folder ($BUILD or build), pkg-config's
    libdir, then the loader's own search path."""
    soname = "libctm.so.%d" % (_api.API_VERSION >> 16)
    here = Path(__file__).resolve().parent
    out = []
    if os.environ.get("CTM_LIB"):
        out.append(os.environ["CTM_LIB"])
    if len(here.parents) > 3:
        out.append(str(here.parents[3] / "lib" / soname))  # PREFIX/share/ctm/python/ctm
    kit = here.parents[1]
    build = Path(os.environ.get("BUILD", "build"))
    out.append(str((build if build.is_absolute() else kit / build) / soname))
    if shutil.which("pkg-config"):
        r = subprocess.run(["pkg-config", "--variable=libdir", "ctm"], capture_output=True,
                           text=True)
        if r.returncode == 0 and r.stdout.strip():
            out.append(os.path.join(r.stdout.strip(), soname))
    out.append(soname)
    return out


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path} ({e})")
    raise ImportError("ctm: libctm not found; set CTM_LIB to libctm.so.N (`make lib` builds "
                      "it in build/, `make install` into PREFIX/lib). Tried: " + "; ".join(tried))


LIB = _load()
LIB_PATH: str = LIB._name

# ------------------------------------------------------------------ C types

# C scalar -> ctypes type and its range (None: a float)
_SCALARS: Dict[str, Tuple[Any, Optional[Tuple[int, int]]]] = {
    "int": (ctypes.c_int, (-2**31, 2**31 - 1)),
    "uint32_t": (ctypes.c_uint32, (0, 2**32 - 1)),
    "int64_t": (ctypes.c_int64, (-2**63, 2**63 - 1)),
    "uint64_t": (ctypes.c_uint64, (0, 2**64 - 1)),
    "uint8_t": (ctypes.c_uint8, (0, 255)),
    "double": (ctypes.c_double, None),
}
HANDLE_KINDS = ("ctm_pred", "ctm_stack", "ctm_fc", "ctm_model", "ctm_commit_checker", "ctm_pe",
                "ctm_mem", "ctm_txn_checker")


def _record(name: str, fields, size: int) -> type:
    """A ctypes Structure of `size` bytes with members at the table's offsets."""
    types = {(1, 0): ctypes.c_uint8, (4, 0): ctypes.c_uint32, (4, 1): ctypes.c_int32,
             (8, 0): ctypes.c_uint64, (8, 1): ctypes.c_int64}
    members, at = [], 0
    for i, (member, offset, nbytes, signed) in enumerate(sorted(fields, key=lambda f: f[1])):
        if offset > at:
            members.append((f"_gap{i}", ctypes.c_uint8 * (offset - at)))
        if nbytes == 16:  # ctm_txn's value[4]
            t = ctypes.c_uint32 * 4
        else:  # a scalar, or bytes (bc[64]: a byte per lane)
            t = types.get((nbytes, signed), ctypes.c_uint8 * nbytes)
        members.append((member, t))
        at = offset + nbytes
    if size > at:
        members.append(("_tail", ctypes.c_uint8 * (size - at)))
    cls = type(name, (ctypes.Structure,), {"_pack_": 1, "_fields_": members})
    assert ctypes.sizeof(cls) == size, (name, ctypes.sizeof(cls), size)
    return cls


class Port(NamedTuple):
    """A port of a block's struct, as ctm_ports() describes it."""
    name: str
    offset: int
    size: int
    width: int
    flags: int


class _CPort(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("offset", ctypes.c_uint16), ("size", ctypes.c_uint8),
                ("width", ctypes.c_uint8), ("flags", ctypes.c_uint8), ("name_of", ctypes.c_void_p)]


def _ports(block: str, outputs: int) -> List[Port]:
    n = ctypes.c_int()
    fn = LIB.ctm_ports
    fn.restype, fn.argtypes = ctypes.POINTER(_CPort), [ctypes.c_char_p, ctypes.c_int,
                                                       ctypes.POINTER(ctypes.c_int)]
    p = fn(block.encode(), outputs, ctypes.byref(n))
    if not p:
        raise CtmError(_error_text() or f"ctm_ports: no block {block!r}", "ctm_ports", "block")
    return [Port(p[i].name.decode(), p[i].offset, p[i].size, p[i].width, p[i].flags)
            for i in range(n.value)]


def _port_struct(name: str, block: str, outputs: int, size: int) -> type:
    fields = [(q.name, q.offset, q.size, 0) for q in _ports(block, outputs)]
    return _record(name, fields, size)


# C struct name -> ctypes Structure: the blocks' port structs (laid out from ctm_ports()),
# ctm_txn and ctm_commit (from the generated tables)
STRUCTS: Dict[str, type] = {}
for _block, (_in, _in_size, _out, _out_size) in _api.UNITS.items():
    STRUCTS[_in] = _port_struct(_in, _block, 0, _in_size)
    STRUCTS[_out] = _port_struct(_out, _block, 1, _out_size)
STRUCTS["ctm_txn"] = _record("ctm_txn", _api.TXN_FIELDS, _api.TXN_BYTES)
STRUCTS["ctm_commit"] = _record("ctm_commit", _api.COMMIT_FIELDS, _api.COMMIT_BYTES)


class Arg(NamedTuple):
    """An argument of a call: its C type (less const and *), name, how it passes
    ("in", "str", "handle", "struct_in", "struct_out", "out", "array_in", "array_out",
    "data"), the array length, and the ctypes type."""
    ctype: str
    name: str
    kind: str
    length: int
    ct: Any


# Array lengths that are names in ctm.h (#defines, so not in CONSTS)
_LENGTHS = {"CTM_TXN_WORDS": _api.TXN_BYTES // 4}


def _length(text: str) -> int:
    return int(text) if text.isdigit() else _LENGTHS[text]


def _parse_arg(text: str) -> Arg:
    m = re.fullmatch(r"\s*(const\s+)?(\w+)\s*(\*?)\s*(\w+)\s*(?:\[(\w+)\])?\s*", text)
    if not m:
        raise ValueError(f"ctm: cannot bind the argument {text!r}")
    const, t, star, name, length = m.groups()
    if length:
        ct = _SCALARS[t][0] * _length(length)
        return Arg(t, name, "array_in" if const else "array_out", _length(length), ct)
    if not star:
        return Arg(t, name, "in", 0, _SCALARS[t][0])
    if t == "char":
        return Arg(t, name, "str", 0, ctypes.c_char_p)
    if t == "void":
        return Arg(t, name, "data", 0, ctypes.c_void_p)
    if t in HANDLE_KINDS:
        return Arg(t, name, "handle", 0, ctypes.c_void_p)
    if t in STRUCTS:
        return Arg(t, name, "struct_in" if const else "struct_out", 0,
                   ctypes.POINTER(STRUCTS[t]))
    return Arg(t, name, "out", 0, ctypes.POINTER(_SCALARS[t][0]))


class Call(NamedTuple):
    """A call of the table: section, name, C return type, C arguments (as ctm.h spells
    them), flags ("dpi", "c", "legacy"), the parsed arguments and the C function."""
    section: str
    name: str
    ret: str
    args: str
    flags: str
    params: Tuple[Arg, ...]
    fn: Any

    @property
    def signature(self) -> str:
        return f"{self.ret} {self.name}{self.args}"


def _restype(ret: str):
    if ret == "void":
        return None
    if ret == "const char *":
        return ctypes.c_char_p
    if ret.endswith("*"):
        return ctypes.c_void_p
    return _SCALARS[ret][0]


def _bind() -> Dict[str, Call]:
    calls = {}
    for section, name, ret, args, flags in _api.CALLS:
        inner = args.strip()[1:-1].strip()
        params = () if inner == "void" else tuple(_parse_arg(a) for a in inner.split(","))
        fn = getattr(LIB, name)
        fn.restype = _restype(ret)
        fn.argtypes = [a.ct for a in params]
        calls[name] = Call(section, name, ret, args, flags, params, fn)
    return calls


_error_fn = LIB.ctm_error
_error_fn.restype, _error_fn.argtypes = ctypes.c_void_p, []
_clear_fn = LIB.ctm_clear_error
_clear_fn.restype, _clear_fn.argtypes = None, []
_tls = threading.local()


def _error_text() -> str:
    return (ctypes.string_at(_error_fn()) or b"").decode(errors="replace")


def _clear_error() -> None:
    """Empties this thread's ctm_error() text (the library's buffer, "" until a call fails),
    so that a message after a call is that call's: a void call's misuse says so no other
    way."""
    _clear_fn()


CALLS: Dict[str, Call] = _bind()

# ------------------------------------------------------------------ calling


class Handle:
    """A libctm handle: freed by close() (or at the end of a ``with`` block, or when
    collected); every call on a closed handle raises CtmError."""
    _kind = ""  # ctm.h's type: "ctm_pred"
    _free = ""  # its ctm_*_free

    def __init__(self, ptr: Optional[int]) -> None:
        if not ptr:  # a failed ctm_*_new that left no message (call() raised on one)
            raise CtmError(f"{self._kind}_new: failed: {_error_text()}", self._kind + "_new")
        self._ptr = ptr
        self._keep: list = []  # data the library reads until the handle is freed

    @property
    def closed(self) -> bool:
        return self._ptr is None

    def close(self) -> None:
        """Frees the handle (ctm_*_free); a second close does nothing."""
        if self._ptr is not None:
            ptr, self._ptr = self._ptr, None
            CALLS[self._free].fn(ptr)
            self._closed_children()

    def _closed_children(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # at interpreter exit the library may be gone
            pass

    def __repr__(self) -> str:
        state = "closed" if self._ptr is None else hex(self._ptr)
        return f"<{type(self).__module__}.{type(self).__name__} {state}>"


def _refuse(c: Call, a: Arg, why: str) -> CtmError:
    return CtmError(f"{c.name}: {a.name} {why}", c.name, a.name, CONSTS["CTM_E_ARG"])


def _int_arg(c: Call, a: Arg, v: Any, ctype: str) -> int:
    rng = _SCALARS[ctype][1]
    if isinstance(v, bool) or not isinstance(v, int):
        try:
            v = int(v.__index__())  # numpy integers
        except AttributeError:
            raise _refuse(c, a, f"= {v!r} is not an integer (C {ctype})") from None
    if not rng[0] <= v <= rng[1]:
        raise _refuse(c, a, f"= {v} is outside {rng[0]}..{rng[1]} (C {ctype})")
    return v


def _convert(c: Call, a: Arg, v: Any, keep: list) -> Any:
    if a.kind == "in":
        if a.ctype == "double":
            try:
                return float(v)
            except (TypeError, ValueError):
                raise _refuse(c, a, f"= {v!r} is not a number") from None
        return _int_arg(c, a, v, a.ctype)
    if a.kind == "str":
        if v is None:
            return None
        if isinstance(v, os.PathLike):
            v = os.fspath(v)
        if isinstance(v, str):
            v = v.encode()
        if not isinstance(v, bytes) or b"\0" in v:
            raise _refuse(c, a, f"= {v!r} is not a string")
        return v
    if a.kind == "handle":
        if v is None:
            return None  # the library says a NULL handle is one
        if not isinstance(v, Handle):
            raise _refuse(c, a, f"= {v!r} is not a {a.ctype} handle")
        if v._ptr is None:
            raise _refuse(c, a, f"is closed: the {a.ctype} handle was freed by close()")
        return v._ptr
    if a.kind == "struct_in":
        t = STRUCTS[a.ctype]
        if isinstance(v, t):
            return ctypes.byref(v)
        if isinstance(v, dict):
            s = t()
            for k, x in v.items():
                set_member(s, k, x, c, a)
            keep.append(s)
            return ctypes.byref(s)
        raise _refuse(c, a, f"= {v!r} is not a {a.ctype} (a dict of its members)")
    if a.kind == "array_in":
        try:
            items = list(v)
        except TypeError:
            raise _refuse(c, a, f"= {v!r} is not a sequence of {a.length}") from None
        if len(items) != a.length:
            raise _refuse(c, a, f"has {len(items)} elements, not {a.length}")
        arr = a.ct(*[_int_arg(c, a, x, a.ctype) for x in items])
        keep.append(arr)
        return arr
    if a.kind == "data":
        if isinstance(v, ctypes.Array):  # the caller's buffer, kept by the caller
            return v
        if isinstance(v, (bytes, bytearray)):
            buf = ctypes.create_string_buffer(bytes(v), len(v))
        else:
            try:
                mv = memoryview(v)
            except TypeError:
                raise _refuse(c, a, f"= {type(v).__name__} is not a buffer") from None
            if not mv.c_contiguous:
                raise _refuse(c, a, "is not C-contiguous")
            buf = ctypes.create_string_buffer(mv.tobytes(), mv.nbytes)
        keep.append(buf)
        return buf
    raise AssertionError(a.kind)


def set_member(s: ctypes.Structure, k: str, x: Any, c: Call, a: Arg) -> None:
    """Sets member k of struct s (a port struct, ctm_txn or ctm_commit) from x, refusing an
    unknown member or a value its C type cannot hold."""
    names = {f[0] for f in type(s)._fields_ if not f[0].startswith("_")}
    if k not in names:
        raise _refuse(c, a, f"has no member {k!r} (members: {', '.join(sorted(names))})")
    cur = getattr(s, k)
    try:
        if isinstance(cur, ctypes.Array):
            items = list(x)
            if len(items) > len(cur):
                raise ValueError(f"{len(items)} elements, at most {len(cur)}")
            width = ctypes.sizeof(cur._type_) * 8
            for i, e in enumerate(items):
                if not 0 <= int(e) < 2**width:
                    raise ValueError(f"[{i}] = {e} does not fit {width} bits")
                cur[i] = int(e)
        else:
            t = dict(type(s)._fields_)[k]
            width, signed = ctypes.sizeof(t) * 8, t in (ctypes.c_int32, ctypes.c_int64)
            lo, hi = (-2**(width - 1), 2**(width - 1) - 1) if signed else (0, 2**width - 1)
            if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
                raise ValueError(f"= {x!r} is outside {lo}..{hi}")
            setattr(s, k, x)
    except (TypeError, ValueError) as e:
        raise _refuse(c, a, f"member {k} {e}") from None


def struct_dict(s: ctypes.Structure) -> Dict[str, Any]:
    """A struct's members as a dict (arrays as lists), less padding."""
    out = {}
    for name, _ in type(s)._fields_:
        if not name.startswith("_"):
            v = getattr(s, name)
            out[name] = list(v) if isinstance(v, ctypes.Array) else v
    return out


def call(name: str, *args: Any) -> Any:
    """Calls libctm's `name` with the arguments it takes in (not those it writes):
    returns its result, and after it what it wrote through its output arguments
    (a tuple when there are any). Raises CtmError for a refused argument or a failed call."""
    c = CALLS[name]
    ins = [a for a in c.params if a.kind not in ("out", "struct_out", "array_out")]
    if len(args) != len(ins):
        raise CtmError(f"{name}: takes {len(ins)} arguments ({', '.join(a.name for a in ins)}),"
                       f" {len(args)} given", name)
    keep: list = []
    cargs, outs = [], []
    it = iter(args)
    for a in c.params:
        if a.kind == "out":
            o = a.ct._type_()
            outs.append(o)
            cargs.append(ctypes.byref(o))
        elif a.kind == "struct_out":
            o = STRUCTS[a.ctype]()
            outs.append(o)
            cargs.append(ctypes.byref(o))
        elif a.kind == "array_out":
            o = a.ct()
            outs.append(o)
            cargs.append(o)
        else:
            cargs.append(_convert(c, a, next(it), keep))
    rule = _DATA_BYTES.get(name)
    if rule:
        _data_rule(c, args, rule, keep)
    _clear_error()
    r = c.fn(*cargs)
    msg = _error_text()
    if msg:
        raise CtmError(msg, name, _named_argument(c, msg), _status_of(c, r))
    if isinstance(r, bytes):
        r = r.decode(errors="replace")
    if not outs:
        return r
    vals = [o.value if isinstance(o, ctypes._SimpleCData) else
            list(o) if isinstance(o, ctypes.Array) else o for o in outs]
    return (r, *vals)


# A call that reads `const void *data` through a pointer: its bytes from the other arguments
# (by position among the arguments it takes in), and the handle that keeps reading it after
# the call (ctm_model_set_input: until the handle is freed). Past the end would be a crash.
_ELEMENT_BYTES = {"CTM_FMT_UINT16_1": 2, "CTM_FMT_UINT8_4": 4, "CTM_FMT_FLOAT32_1": 4,
                  "CTM_FMT_FLOAT32_2": 8, "CTM_FMT_FLOAT32_4": 16}
_DATA_BYTES = {
    "ctm_model_set_input": lambda a: a[4] * a[5] * {CONSTS[k]: v for k, v in
                                                    _ELEMENT_BYTES.items()}.get(a[3], 0),
}


def _data_rule(c: Call, args: tuple, rule, keep: list) -> None:
    ins = [a for a in c.params if a.kind not in ("out", "struct_out", "array_out")]
    at = next(i for i, a in enumerate(ins) if a.kind == "data")
    buf = keep[-1] if not isinstance(args[at], ctypes.Array) else args[at]
    try:
        need = rule(args)
    except TypeError:
        return  # an argument of the wrong type: the library refuses it
    if isinstance(need, int) and need > 0 and ctypes.sizeof(buf) < need:
        raise _refuse(c, ins[at], f"holds {ctypes.sizeof(buf)} bytes, the call reads {need}")
    if isinstance(args[0], Handle):
        args[0]._keep.append(buf)


def _status_of(c: Call, r: Any) -> Optional[int]:
    if c.ret == "int" and isinstance(r, int) and abs(r) in _E_NAMES and r != 0:
        return abs(r)
    return None


def _named_argument(c: Call, msg: str) -> Optional[str]:
    """The argument the library's message names ("ctm_x: ctx = 9 is outside ..."), if any."""
    for a in c.params:
        if re.search(r"\b%s\b" % re.escape(a.name), msg):
            return a.name
    return None


def status_name(status: int) -> str:
    """CTM_E_* name of a status code."""
    return _E_NAMES.get(abs(status), str(status))
