"""The errors printkit reports to a person: one line each, never a traceback."""


class PrintkitError(Exception):
    """Input printkit cannot work with: an unknown game, a bad option, an unreadable file.

    The CLI prints the message on one line and exits with status 2.
    """


class TemplateError(PrintkitError):
    """A data file in templates/ (or a user's copy) that does not pass its checks."""
