"""The simulated table: players who speak, a microphone they speak into, and
a speaker that is a WAV file, so the whole host can be seen and tested by
sound on a machine with no sound card."""
