"""What can go wrong, by who can fix it. Every error the host raises on purpose
derives from `HostError`, and each kind also from the fitting built-in, so
callers may catch either:

    HostError
    ├── UserError (ValueError)         an option, a config value or a line the user gave
    │   └── DataFileError              a deck, board, save, script or WAV file is malformed
    ├── DeviceError (OSError)          no usable microphone or speaker
    ├── ModelError (LookupError)       a speech engine or its model is not installed
    └── EngineError (RuntimeError)     a speech engine failed while working

The command line prints any HostError as one line (`cli.main`); the voice loop
and the command line put failures into words in one place (`plain_sentence`). Signals
that steer the game loop are not errors: see `host.signals`.
"""


class HostError(Exception):
    """Something the user can understand and usually fix: shown as one line, never a traceback.

    `message` is our own plain words, fit to be said aloud; `detail` is what a
    library or an engine said (PortAudio, espeak-ng, Kaldi), shown on screen
    in brackets after the message and never spoken.
    """

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message if not detail else f"{message} ({detail})")
        self.message = message
        self.detail = detail


class UserError(HostError, ValueError):
    """Bad input from the user: an option, a config value, a typed or scripted line."""


class DataFileError(UserError):
    """A data file (deck, board, saved game, scripted game, WAV) cannot be used as it is."""


class DeviceError(HostError, OSError):
    """No usable microphone or speaker (none present, unplugged, busy, no PortAudio)."""


class ModelError(HostError, LookupError):
    """A speech engine or its model is not installed, or cannot be fetched."""


class EngineError(HostError, RuntimeError):
    """A speech engine failed or did not finish in time."""


# What the host says when something that is not a HostError escapes an
# engine or a device: its text is the library's, which means nothing read
# aloud. Most specific kind first.
FOREIGN_FAILURES = (
    (MemoryError, "the computer ran out of memory for speech"),
    (OSError, "the sound system failed"),
)
UNKNOWN_FAILURE = "the speech engine failed"


def plain_sentence(error: BaseException, spoken: bool = True) -> str:
    """One plain sentence for `error`: the one place failures are put into
    words for the voice loop (`spoken`) and the command line (not spoken).
    A HostError is our own message; on screen it keeps the library's detail
    in brackets, since that helps to fix the fault. Any other exception (an
    engine's own) is named only by its kind, never by its text."""
    if isinstance(error, HostError):
        return error.message if spoken else str(error)
    for kind, sentence in FOREIGN_FAILURES:
        if isinstance(error, kind):
            return sentence
    return UNKNOWN_FAILURE
