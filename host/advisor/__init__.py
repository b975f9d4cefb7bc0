"""The move advisor and game statistics: an exact one-player solver, simulated
players, the in-game "advise" command, and the `solve` / `simulate` commands."""
