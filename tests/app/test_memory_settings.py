"""The allocator's setting for long evenings (host/memory.py)."""

import platform

import pytest

from host.memory import tune_allocator


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's mallopt only")
def test_glibc_takes_the_fixed_threshold_and_the_arena_cap():
    assert tune_allocator() is True


def test_without_a_c_library_to_ask_nothing_breaks(monkeypatch):
    import ctypes

    def no_library(*args, **kwargs):
        raise OSError("no libc here")

    monkeypatch.setattr(ctypes, "CDLL", no_library)
    assert tune_allocator() is False
