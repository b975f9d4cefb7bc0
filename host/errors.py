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
turns engine failures into plain sentences (`host.speech.refusals`). Signals
that steer the game loop are not errors: see `host.signals`.
"""


class HostError(Exception):
    """Something the user can understand and usually fix: shown as one line, never a traceback."""


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


# What the host says when a device or a speech engine fails. Their messages
# carry library text (PortAudio, espeak-ng, Kaldi) that means nothing read
# aloud; most specific kind first.
SPOKEN = (
    (DeviceError, "the microphone or the speaker is not working"),
    (ModelError, "a speech engine is not installed; `trivia-host models list` says how to fix it"),
    (EngineError, "the speech engine stopped working"),
)
UNKNOWN_FAILURE = "the speech part failed"


def plain_sentence(error: BaseException, spoken: bool = True) -> str:
    """One plain sentence for `error`: the one place engine and device failures
    are put into words. A UserError is our own message about the user's input
    and is used as it is. On screen (`spoken=False`) every HostError's message
    is shown whole, library detail included, since it helps to fix the fault;
    spoken, a device or engine failure is named only by its kind. Any other
    exception (an engine's own) is never shown by its text."""
    if isinstance(error, UserError) or (isinstance(error, HostError) and not spoken):
        return str(error)
    for kind, sentence in SPOKEN:
        if isinstance(error, kind):
            return sentence
    return UNKNOWN_FAILURE
