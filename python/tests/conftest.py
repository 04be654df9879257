"""The package under test is the kit's python/ctm with the kit's build (BUILD, default
build/): libctm.so.1 and the example programs."""
import os
import sys
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(KIT / "python"))
BUILD = Path(os.environ.get("BUILD", KIT / "build"))
if not BUILD.is_absolute():
    BUILD = KIT / BUILD


@pytest.fixture(scope="session")
def elf() -> Path:
    p = BUILD / "examples" / "mandelbrot.elf"
    assert p.exists(), f"{p}: make build first"
    return p
