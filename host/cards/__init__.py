"""Deck files, validation, import and the no-repeat history."""
