"""The allocator's setting for long evenings (host/memory.py)."""

import platform

import pytest

from host.memory import _glibc, give_back, tune_allocator


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's mallopt only")
def test_glibc_takes_the_fixed_threshold_and_the_arena_cap():
    assert tune_allocator() is True


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc_trim only")
def test_pages_freed_inside_the_heap_are_given_back():
    import ctypes

    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(64 * 1024) for _ in range(64)]  # under the mmap threshold: the heap's
    for block in blocks[::2]:  # holes between blocks still held: glibc keeps their pages
        libc.free(block)
    try:
        assert give_back() is True
    finally:
        for block in blocks[1::2]:
            libc.free(block)


@pytest.fixture
def library_looked_up_again():
    _glibc.cache_clear()  # looked up once a process: asked again with CDLL patched
    yield
    _glibc.cache_clear()


def test_without_a_c_library_to_ask_nothing_breaks(monkeypatch, library_looked_up_again):
    import ctypes

    def no_library(*args, **kwargs):
        raise OSError("no libc here")

    monkeypatch.setattr(ctypes, "CDLL", no_library)
    assert tune_allocator() is False
    assert give_back() is False
