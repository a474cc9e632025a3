"""A second photo generator, independent of bench/photo/synth.py, for measuring `printkit scan`.

It takes the sheet and its fields from printkit's command line only (`printkit sheet`,
`--fillable`, `--from`, `printkit simulate --dump`), renders them with pdftoppm, and draws
with models of its own: a paper's tooth and graphite (`ink.py`), handwriting from its own
stroke glyphs (`glyphs.py`), home printers (`printer.py`), and a phone's pinhole camera,
lens, light and sensor (`camera.py`). `python -m bench.photo2.make --set NAME --out DIR`
makes a set; docs/scan-measurement.md ("A second generator") names the sets and seeds.
"""
