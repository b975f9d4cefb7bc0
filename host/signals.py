"""Signals that unwind the game loop to the place that handles them. They are
not errors: like `GeneratorExit` they derive from `BaseException`, so no
`except Exception` on the way (an engine guard, a device guard) can swallow
one and leave the game stuck on a stale prompt."""


class Signal(BaseException):
    """Base of the game loop's control-flow signals."""
