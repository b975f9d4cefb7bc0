"""The board on a screen: the board drawn from its data (layout.py, svg.py),
what a saved game shows (view.py), and the live page that follows a game
(live.py, server.py, captions.py, static/)."""
