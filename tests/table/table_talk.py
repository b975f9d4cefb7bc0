"""Reading a scripted sitting: what the host said after a typed line, as
text or as phrase keys (keys survive a change of wording)."""

from __future__ import annotations


def said_after(channel, typed: str) -> list[str]:
    """What the host said right after the line `typed` (until the next input)."""
    log = channel.log
    start = log.index(f"> {typed}") + 1
    out = []
    for line in log[start:]:
        if line.startswith("> "):
            break
        out.append(line)
    return out


def keys_after(channel, typed: str) -> list[str]:
    """The phrase keys of what the host said right after `typed` ('' for a line without one)."""
    return [getattr(line, "key", "") for line in said_after(channel, typed)]


def keys(lines) -> list[str]:
    return [getattr(line, "key", "") for line in lines]


def phrase_texts(entry):
    """Every text in a phrase entry (a string, a list of them, or one per verbosity)."""
    if isinstance(entry, str):
        yield entry
    elif isinstance(entry, list):
        for item in entry:
            yield from phrase_texts(item)
    elif isinstance(entry, dict):
        for item in entry.values():
            yield from phrase_texts(item)
