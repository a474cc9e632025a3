"""Synthetic photos of played Fox and the Rabbit sheets, and the sets the reader is measured on.

`bench.photo.synth` draws them; `bench/bench_scan.py` measures `printkit scan` on them;
docs/scan-measurement.md explains the sets and how to make them again.
"""
