"""The rules engine: board data, movement, editions and the game state machine.

Pure and deterministic: knows nothing of audio, text or files beyond its data.
"""
