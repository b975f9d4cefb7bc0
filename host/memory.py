"""The allocator's settings for a long evening (glibc; elsewhere nothing).

glibc maps a block of memory on its own, and gives it back when it is freed,
only above a threshold that it raises to the largest block freed so far (up
to 32 MB). Once the host has freed a long sentence's audio or a recognizer's
window, later ones come from the heap instead, whose high-water mark stays:
the resident size crept up game after game. A fixed 1 MB threshold keeps
them apart at no measured cost (the end-of-turn bench ran 31.4 s with it,
31.3 s without; 128 kB cost 15%).
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
LARGE_BLOCK = 1 << 20  # bytes: blocks this big or more are mapped on their own


def give_large_blocks_back() -> bool:
    """Fix glibc's mmap threshold; False where there is no glibc to ask."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
    except (OSError, AttributeError):
        return False
