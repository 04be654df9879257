"""ctm.run: a program run over a domain, as `dpp run` does it, from numpy arrays to numpy
arrays, with the performance counters and, on a chip's timing model, the schedule's
per-clause timeline.

The run is `dpp run` itself (the kit's front end, found beside libctm or as $CTM_DPP): a
ctm_model checks a design's run but does not keep its output surfaces (docs/txn.md), and
the counters and the timing model are dpp's. So a notebook's run and the command line's
are one run, by construction.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ._lib import CONSTS, LIB_PATH, CtmError

_FMT_NAMES = {v: k[8:] for k, v in CONSTS.items() if k.startswith("CTM_FMT_")}
# CTM_FMT_* -> numpy dtype and channels
_LAYOUT = {"UINT16_1": ("<u2", 1), "UINT8_4": ("u1", 4), "FLOAT32_1": ("<f4", 1),
           "FLOAT32_2": ("<f4", 2), "FLOAT32_4": ("<f4", 4)}


@dataclass
class Segment:
    """A stretch of cycles one SIMD slot spent in one clause of one wavefront."""
    slot: int
    wave: int
    clause: str
    start: int
    end: int


@dataclass
class RunResult:
    """What ctm.run returns: outputs[n] a numpy array of (height, width, channels) in the
    output's device format; counters the performance counters by name (the first number
    of each `dpp run --stats` line: clocks, issued, lane-instructions, cycles, ...);
    stats the lines as dpp prints them; timeline the per-clause segments of each SIMD
    slot (a chip only); command the dpp command line that ran."""
    outputs: Dict[int, Any]
    counters: Dict[str, float]
    stats: Dict[str, str]
    timeline: List[Segment] = field(default_factory=list)
    command: List[str] = field(default_factory=list)


def dpp_path() -> str:
    """$CTM_DPP, dpp beside libctm (the kit's build folder), or dpp on PATH."""
    for p in (os.environ.get("CTM_DPP"), os.path.join(os.path.dirname(LIB_PATH), "dpp"),
              shutil.which("dpp")):
        if p and os.access(p, os.X_OK):
            return p
    raise CtmError("run: no dpp (set CTM_DPP, or build the kit: make build)", "run", "dpp")


def _write_input(tmp: Path, n: int, array) -> str:
    from . import input_format
    import numpy as np
    a = np.ascontiguousarray(array)
    fmt = _FMT_NAMES[input_format(a)]
    path = tmp / f"in{n}.raw"
    a.astype(_LAYOUT[fmt][0], copy=False).tofile(path)
    return f"{n}={path}:{fmt}:{a.shape[1]}x{a.shape[0]}"


def _parse_stats(text: str) -> Tuple[Dict[str, str], Dict[str, float]]:
    stats, counters = {}, {}
    for line in text.splitlines():
        m = re.match(r"(\S+(?: \S+)?)\s{2,}(.*)", line)
        if not m:
            continue
        stats[m.group(1)] = m.group(2)
        num = re.match(r"(\d+(?:\.\d+)?)", m.group(2))
        if num:
            key = m.group(1).lower().replace(" ", "_").replace("-", "_")
            counters[key] = float(num.group(1)) if "." in num.group(1) else int(num.group(1))
    return stats, counters


def _parse_timeline(vcd: str) -> List[Segment]:
    """Each slot's (wave, clause) runs from the timeline's VCD."""
    ids: Dict[str, Tuple[int, str]] = {}
    scope = None
    state: Dict[int, Dict[str, Any]] = {}
    segs: List[Segment] = []
    open_at: Dict[int, Tuple[int, int, str]] = {}
    t = 0

    def close(slot: int, now: int) -> None:
        if slot in open_at:
            s, w, c = open_at.pop(slot)
            if c and now > s:
                segs.append(Segment(slot, w, c, s, now))

    lines = iter(vcd.splitlines())
    for line in lines:
        if line.startswith("$scope module slot"):
            scope = int(line.split()[2][4:])
        elif line.startswith("$upscope"):
            scope = None
        elif line.startswith("$var") and scope is not None:
            parts = line.split()
            if parts[4] in ("wave", "clause", "valid"):
                ids[parts[3]] = (scope, parts[4])
        elif line.startswith("$enddefinitions"):
            break
    for line in lines:
        if not line:
            continue
        if line[0] == "#":
            t = int(line[1:])
            continue
        if line[0] in "bs":
            value, ident = line[1:].split()
        elif line[0] in "01xz":
            value, ident = line[0], line[1:]
        else:
            continue
        if ident not in ids:
            continue
        slot, what = ids[ident]
        st = state.setdefault(slot, {"wave": 0, "clause": "", "valid": "0"})
        st[what] = int(value, 2) if what == "wave" and value[0] in "01" else value
        close(slot, t)
        if st["valid"] == "1":
            open_at[slot] = (t, st["wave"], st["clause"])
    for slot in list(open_at):
        close(slot, t)
    return sorted(segs, key=lambda s: (s.start, s.slot))


def run(elf: os.PathLike | str, domain: Tuple[int, int],
        inputs: Optional[Mapping[int, Any]] = None, outputs: Sequence[int] = (0,),
        out_format: str = "FLOAT32_4", chip: Optional[str] = None,
        constf: Optional[Mapping[int, Sequence[float]]] = None,
        extra: Sequence[str] = ()) -> RunResult:
    """Runs `elf` once for every (i, j) of domain = (width, height), as `dpp run` does.

    inputs maps an input number to a numpy array of (height, width[, channels]): uint16,
    uint8 x 4, or float32 of 1, 2 or 4 channels. outputs are the output numbers to return,
    stored in out_format ("FLOAT32_4", ...). chip ("cayman" or "rv740") runs the chip's
    timing model: the counters gain its cycles and stalls, and timeline its per-clause
    schedule. constf overrides float constants {n: (a, b, c, d)}; extra are more dpp run
    options. Raises CtmError with dpp's message when the run fails."""
    import numpy as np
    width, height = domain
    if out_format not in _LAYOUT:
        raise CtmError(f"run: out_format {out_format!r} is not one of {', '.join(_LAYOUT)}",
                       "run", "out_format")
    with tempfile.TemporaryDirectory(prefix="ctm-run-") as d:
        tmp = Path(d)
        cmd = [dpp_path(), "run", os.fspath(elf), "--domain", f"{width}x{height}", "--stats"]
        for n, a in (inputs or {}).items():
            cmd += ["--in", _write_input(tmp, n, a)]
        for n in outputs:
            cmd += ["--out", f"{n}={tmp / f'out{n}.raw'}:{out_format}"]
        for n, v in (constf or {}).items():
            cmd += ["--constf", f"{n}=" + ",".join(repr(float(x)) for x in v)]
        if chip:
            cmd += ["--chip", chip, "--timeline", str(tmp / "timeline.vcd")]
        cmd += list(extra)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            msg = (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[-1]
            raise CtmError(f"run: {msg}", "run")
        stats, counters = _parse_stats(r.stdout)
        dtype, ch = _LAYOUT[out_format]
        outs = {n: np.fromfile(tmp / f"out{n}.raw", dtype=dtype).reshape(height, width, ch)
                for n in outputs}
        timeline = _parse_timeline((tmp / "timeline.vcd").read_text()) if chip else []
    return RunResult(outs, counters, stats, timeline, cmd)
