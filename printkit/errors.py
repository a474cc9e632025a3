"""The errors printkit reports to a person: one line each, never a traceback."""


class PrintkitError(Exception):
    """Input printkit cannot work with: an unknown game, a bad option, an unreadable file.

    The CLI prints the message on one line and exits with status 2. The message is a str, or
    a `message.Message` kept as `said` so that a command can say it in the player's language
    (`str(err)` is English either way).
    """

    def __init__(self, message: object = "", *args: object) -> None:
        super().__init__(str(message), *args)
        self.said = message

    def say(self, lang: object = None) -> str:
        """Return the message in `lang` (a `language.Lang`; English when it was a str)."""
        said = getattr(self.said, "say", None)
        return str(said(lang)) if said is not None and lang is not None else str(self)


class TemplateError(PrintkitError):
    """A data file in templates/ (or a user's copy) that does not pass its checks."""
