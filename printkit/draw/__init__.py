"""The drawing layer: one canvas, its PDF, SVG and PNG backends, paper, imposition, text."""
