"""Simulated play: random and policy-driven playouts of the rules engine."""
