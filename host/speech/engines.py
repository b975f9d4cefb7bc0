"""Choosing the recognizer: Vosk when a model is installed, else PocketSphinx."""

from __future__ import annotations

import sys

from host.errors import UserError
from host.speech.model_paths import find_vosk_model, search_folders
from host.speech.settings import SpeechSettings

ENGINES = ("vosk", "pocketsphinx")


def make_recognizer(
    settings: SpeechSettings | None = None,
    engine: str | None = None,
    notice=None,
    live: bool = True,
):
    """The recognizer to use; `engine` (from the command line) overrides the config.

    With `auto` and no Vosk model, PocketSphinx is used and `notice` says so
    and how to get the better engine. `live`: the recognizer listens to one
    microphone (it may adapt to it); False for independent files.
    """
    settings = settings or SpeechSettings()
    notice = notice or (lambda message: print(message, file=sys.stderr))
    wanted = engine or settings.recognizer
    if wanted not in ("auto", *ENGINES):
        raise UserError(f"unknown recognizer '{wanted}': use vosk or pocketsphinx")
    if wanted in ("auto", "vosk"):
        model = find_vosk_model(settings.vosk_model or None, settings.language)
        if model is not None:
            from host.speech.vosk_engine import VoskRecognizer

            return VoskRecognizer(model, settings.alternatives)
        looked = ", ".join(str(p) for p in search_folders(settings.vosk_model or None))
        if wanted == "vosk":
            raise UserError(
                f"no Vosk model found (looked in {looked}); run "
                "`trivia-host models download vosk-model-small-en-us-0.15`"
            )
        notice(
            "Speech: no Vosk model installed, using PocketSphinx (less accurate). "
            "For better recognition: trivia-host models download vosk-model-small-en-us-0.15"
        )
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    return PocketSphinxRecognizer(settings.alternatives, adapt=live)
