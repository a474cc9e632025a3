"""A finished product: its pages, its title and the file name it is saved under."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw import pdf
from printkit.draw.page import Page
from printkit.draw.pdf_form import Form


@dataclass(frozen=True)
class Document:
    """A printable PDF product."""

    title: str
    filename: str
    pages: tuple[Page, ...]
    form: Form | None = None  # a fillable document's form: the fields' values and identity

    def pdf_bytes(self) -> bytes:
        return pdf.render(self.pages, self.title, form=self.form)
