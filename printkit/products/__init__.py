"""Printed products: each draws a game's data on the one canvas."""
