"""Quoting what a player typed inside a refusal.

A refusal repeats a short excerpt of the input, never all of it (a chat message has room
for a sentence, not for a pasted novel), and never as Python escapes (``'\\u200d'`` means
nothing to a player): the text itself, cut between graphemes so an emoji or a flag is
never split, with … when cut. Invisible control and direction characters are dropped so
the excerpt cannot reorder or hide the rest of the sentence.
"""

from __future__ import annotations

import unicodedata

ECHO_MAX = 60          # characters of the player's input a message may repeat
ZWJ = "\u200d"         # joins emoji into one picture: kept, never cut after


def _clean(text: str) -> str:
    """Drop control, format (bidi overrides, zero-width spaces) and unassigned characters,
    except the zero-width joiner inside emoji sequences."""
    return "".join(ch for ch in text
                   if ch == ZWJ or unicodedata.category(ch) not in ("Cc", "Cf", "Cn", "Co", "Cs"))


def _extends(ch: str) -> bool:
    """Does ``ch`` belong to the grapheme before it (marks, variation selectors, emoji
    skin tones, tag characters of subdivision flags, the joiner itself)?"""
    code = ord(ch)
    return (ch == ZWJ or unicodedata.category(ch) in ("Mn", "Mc", "Me")
            or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
            or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F)


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """User-perceived characters, close enough for cutting safely (the standard library has
    no grapheme segmentation): a base and what extends it, ZWJ sequences, flag pairs."""
    out: list[str] = []
    for ch in text:
        if out and (_extends(ch) or out[-1].endswith(ZWJ)
                    or (_regional(ch) and len(out[-1]) == 1 and _regional(out[-1]))):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def excerpt(text: str, limit: int = ECHO_MAX) -> str:
    """At most ``limit`` characters of ``text`` (plus … when cut), cut between graphemes."""
    text = " ".join(_clean(text).split())
    if len(text) <= limit:
        return text
    kept = ""
    for cluster in graphemes(text):
        if len(kept) + len(cluster) > limit - 1:
            break
        kept += cluster
    return kept.rstrip() + "…"


def quoted(text: str) -> str:
    """An excerpt ready for a sentence: in backticks, which Discord shows as typed text
    (no markdown, no mentions); a backtick inside is shown as a plain quote."""
    return "`" + (excerpt(text).replace("`", "'") or " ") + "`"
