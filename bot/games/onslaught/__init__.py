"""Onslaught behind the game seam: the picture, the console match, the demo and the benchmark."""
