"""trivia-host: an offline, voice-driven game host for Trivial Pursuit."""

__version__ = "0.1.0"
