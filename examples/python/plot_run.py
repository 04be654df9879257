#!/usr/bin/env python3
"""A model run from Python: runs an example program (default build/examples/mandelbrot.elf)
over a domain on the cayman timing model, then plots output 0 and the per-clause timeline of
the SIMD's slots with matplotlib, into OUT.png. Without matplotlib it writes the output image
alone as a PNG (grey levels of channel 0) with the standard library.

usage: plot_run.py [ELF] [--domain WxH] [--out OUT.png]   (docs/python.md)"""
import argparse
import struct
import sys
import zlib
from pathlib import Path

KIT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(KIT / "python"))
import ctm  # noqa: E402


def write_png(path: Path, grey) -> None:
    """An 8-bit grey PNG of a 2-D array of 0..255, with zlib only."""
    h, w = grey.shape
    raw = b"".join(b"\0" + bytes(int(v) for v in row) for row in grey)
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf", nargs="?", default=str(KIT / "build/examples/mandelbrot.elf"))
    ap.add_argument("--domain", default="160x120")
    ap.add_argument("--out", default="run.png")
    a = ap.parse_args()
    w, h = (int(x) for x in a.domain.split("x"))
    r = ctm.run(a.elf, (w, h), chip="cayman")
    img = r.outputs[0][:, :, 0]
    print(f"{a.elf}: {w}x{h}, {r.counters['issued']} instructions issued, "
          f"{r.counters.get('cycles', 0)} cayman cycles, {len(r.timeline)} clause segments")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        lo, hi = float(img.min()), float(img.max())
        write_png(Path(a.out), ((img - lo) / ((hi - lo) or 1) * 255).astype("uint8"))
        print(f"wrote {a.out} (no matplotlib: the output image only)")
        return 0
    fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(13, 4.5), gridspec_kw={"width_ratios": [1, 2]})
    ax0.imshow(img, cmap="magma")
    ax0.set_title(f"output 0, channel 0 ({w}x{h})")
    colours = {}
    for s in r.timeline:
        c = colours.setdefault(s.clause, f"C{len(colours)}")
        ax1.broken_barh([(s.start, s.end - s.start)], (s.slot - 0.4, 0.8), color=c)
    ax1.legend(handles=[plt.Rectangle((0, 0), 1, 1, color=c, label=k) for k, c in colours.items()],
               loc="upper right")
    ax1.set_xlabel("cayman cycle")
    ax1.set_ylabel("SIMD slot")
    ax1.set_title("per-clause timeline (a bar: one wavefront's clause in a slot)")
    fig.tight_layout()
    fig.savefig(a.out, dpi=90)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
