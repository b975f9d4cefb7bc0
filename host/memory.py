"""The allocator's settings for a long evening (glibc; elsewhere nothing).

glibc maps a block of memory on its own, and gives it back when it is freed,
only above a threshold that it raises to the largest block freed so far (up
to 32 MB). Once the host has freed a long sentence's audio or a recognizer's
window, later ones come from the heap instead, whose high-water mark stays:
the resident size crept up game after game. A fixed 1 MB threshold keeps
them apart at no measured cost (the end-of-turn bench ran 31.4 s with it,
31.3 s without; 128 kB cost 15%).

glibc also gives every thread that allocates an arena of its own, up to
eight per core: Whisper's worker, the synthesis of the next sentence, the
audio callbacks. Memory freed in one arena serves only that arena, and each
keeps its own high-water mark. Two arenas: ten whole games by audio in one
process (bench/soak.py) held the host's share to +7.9 MB (212 -> 220 MB),
against +12.9 and +11.7 MB (217 -> 230) with glibc's default. A user's
MALLOC_ARENA_MAX wins.

Memory freed inside a heap stays the process's until malloc_trim hands its
pages back: after each of four games by audio it held 20-34 MB of the
resident size (222-239 MB before the trim, 201-208 after), and the trim
took 4-6 ms. The host gives them back as each turn's listening begins
(`give_back`), after the host has spoken and before the player does.
"""

from __future__ import annotations

import ctypes
import functools
import os

M_MMAP_THRESHOLD, M_ARENA_MAX = -3, -8  # glibc's mallopt parameters
LARGE_BLOCK = 1 << 20  # bytes: blocks this big or more are mapped on their own
ARENAS = 2


def tune_allocator() -> bool:
    """Fix glibc's mmap threshold and cap its arenas (call before threads
    start); False where there is no glibc to ask."""
    libc = _glibc()
    if libc is None:
        return False
    threshold = bool(libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
    if "MALLOC_ARENA_MAX" in os.environ:
        return threshold
    return threshold and bool(libc.mallopt(M_ARENA_MAX, ARENAS))


def give_back() -> bool:
    """Hand the pages of memory freed inside glibc's heaps back to the system:
    True if there were some (False too where there is no glibc to ask)."""
    libc = _glibc()
    return libc is not None and bool(libc.malloc_trim(0))


@functools.cache
def _glibc():
    """The C library, when it is glibc (it has mallopt and malloc_trim); else
    None. Looked up once, each turn asks. Among the process's own symbols
    (`CDLL(None)`), where the C library's are: `ctypes.util.find_library`
    took 20 ms to import and ran ldconfig (4 ms) before the host's first word."""
    try:
        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None
