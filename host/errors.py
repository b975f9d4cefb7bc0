"""The one exception type that reaches the user as a clear message."""


class UserError(Exception):
    """Bad input from the user or their files: shown as one line, never a traceback."""
