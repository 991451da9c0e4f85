"""Text for every game's picture: the shipped fonts, legible fallbacks, measuring and fitting.

Game-agnostic: each game's renderer draws its texts through this module.

- ``font(face, size)``: DejaVu Sans (``data/fonts``), cached per thread and (face, size).
  FreeType faces must not be shared by threads drawing at the same time.
- ``drawable(text, face, fallback)``: the text with every character the font cannot draw
  replaced by something legible (accents kept where the font has them, emoji dropped,
  unknown scripts -> ``fallback``), so a picture never shows an empty box (.notdef).
- ``fit(text, face, max_width, size, min_size)``: the largest size (down to ``min_size``,
  trying the condensed face at each size) at which the text fits ``max_width``; only then
  is it shortened with "…". A fitted text's measured width never exceeds ``max_width``.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[1] / "data" / "fonts"
FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}
CONDENSED = {"regular": "condensed", "bold": "condensed-bold"}
ELLIPSIS = "…"

# Characters that only modify the one before them in an emoji sequence: zero-width joiner,
# variation selectors, skin-tone modifiers, tag characters (subdivision flags).
_JOINER = 0x200D
_MODIFIERS = (
    (0xFE00, 0xFE0F), (0xE0100, 0xE01EF), (0x1F3FB, 0x1F3FF), (0xE0020, 0xE007F),
    (0x20E3, 0x20E3),   # combining enclosing keycap
)

_LOCAL = threading.local()


def face_of(bold: bool) -> str:
    """The face a ``bold`` flag asks for."""
    return "bold" if bold else "regular"


def font_path(face: str) -> Path:
    if face not in FACES:
        raise ValueError(f"unknown face {face!r}; faces are {', '.join(FACES)}")
    return FONT_DIR / FACES[face]


def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """The shipped font ``face`` at ``size`` px, loaded once per thread."""
    cache_: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_LOCAL, "fonts", None)
    if cache_ is None:
        cache_ = _LOCAL.fonts = {}
    key = (face, size)
    loaded = cache_.get(key)
    if loaded is None:
        loaded = cache_[key] = ImageFont.truetype(str(font_path(face)), size,
                                                  layout_engine=ImageFont.Layout.BASIC)
    return loaded


@cache
def charset(face: str) -> frozenset[int]:
    """Code points the face has a glyph for (its cmap, read with fontTools)."""
    from fontTools.ttLib import TTFont

    with TTFont(str(font_path(face)), lazy=True) as tt:
        cmap = tt.getBestCmap() or {}
        return frozenset(cp for cp, glyph in cmap.items() if glyph != ".notdef")


def can_draw(ch: str, face: str = "regular") -> bool:
    return ord(ch) in charset(face)


def _is_modifier(cp: int) -> bool:
    return cp == _JOINER or any(lo <= cp <= hi for lo, hi in _MODIFIERS)


def _clusters(text: str) -> list[str]:
    """Split into user-perceived pieces: a base character with its combining marks, or a
    whole emoji sequence (joined by ZWJ, with selectors and modifiers)."""
    out: list[str] = []
    join_next = False
    for ch in text:
        cp = ord(ch)
        attach = out and (join_next or _is_modifier(cp) or unicodedata.combining(ch))
        if attach:
            out[-1] += ch
        else:
            out.append(ch)
        join_next = cp == _JOINER
    return out


def _is_word(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LN"


def _substitute(cluster: str, face: str) -> str:
    """What to draw for one cluster: itself, its drawable base letters, or nothing."""
    cores = [ch for ch in cluster if not _is_modifier(ord(ch))]
    if not cores:
        return ""
    if all(can_draw(ch, face) for ch in cores) and len(cores) == 1:
        return cores[0]
    if all(can_draw(ch, face) for ch in cores) and not any(
            unicodedata.category(ch) == "So" for ch in cores):
        return "".join(cores)    # a letter with combining marks the font has
    if any(unicodedata.category(ch) == "So" for ch in cores) and len(cores) > 1:
        return ""                # part of an emoji sequence the font cannot show whole
    kept = []
    for ch in cores:
        if can_draw(ch, face):
            kept.append(ch)
            continue
        for part in unicodedata.normalize("NFKD", ch):
            if not unicodedata.combining(part) and can_draw(part, face) and (
                    _is_word(part) or part in " -'.") and not _is_modifier(ord(part)):
                kept.append(part)
    return "".join(kept)


@lru_cache(maxsize=8192)
def drawable(text: object, face: str = "regular", fallback: str = "",
             keep: float = 0.5) -> str:
    """``text`` as the face can draw it, never with a missing-glyph box.

    Each character the font lacks is decomposed (NFKD) and its drawable base letters kept
    ("ﬁ" -> "fi"); emoji, joiners and variation selectors are dropped; control characters
    go; spaces are collapsed. If less than ``keep`` of the letters and digits survive (a
    name written in a script the font lacks, e.g. "山田太郎"), ``fallback`` is returned.
    """
    plain = str(text)
    if plain.isascii() and plain.isprintable():
        # every printable ASCII character is in the shipped faces: the common case is free
        return " ".join(plain.split()) or fallback
    source = unicodedata.normalize("NFC", plain)
    source = "".join(" " if ch in "\t\n\r" else ch for ch in source
                     if unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn")
                     or ch in "\t\n\r")
    out = []
    for cluster in _clusters(source):
        if len(cluster) == 1 and unicodedata.category(cluster) == "Cf":
            continue                 # zero-width spaces, direction marks, lone joiners
        out.append(_substitute(cluster, face))
    result = " ".join("".join(out).split())
    letters = sum(1 for ch in source if _is_word(ch))
    kept = sum(1 for ch in result if _is_word(ch))
    if not result or (letters and kept < keep * letters):
        return fallback
    return result


@lru_cache(maxsize=16384)
def width(text: str, face: str, size: int) -> float:
    """Advance width of ``text`` in px (the text as given; pass it through drawable)."""
    return font(face, size).getlength(text)


@dataclass(frozen=True)
class Fitted:
    text: str
    face: str
    size: int
    width: float


@lru_cache(maxsize=8192)
def fit(text: str, face: str, max_width: float, size: int, min_size: int | None = None,
        condense: bool = True, fallback: str = "") -> Fitted:
    """Fit ``text`` into ``max_width`` px: first the face at ``size``, then (if allowed)
    its condensed face, then each smaller size down to ``min_size`` (default 3/4 of
    ``size``, never below 12); only if it still does not fit, cut it and add "…"."""
    shown = drawable(text, face, fallback)
    if min_size is None:
        min_size = max(12, round(size * 0.75))
    min_size = min(min_size, size)
    faces = [face] + ([CONDENSED[face]] if condense and face in CONDENSED else [])
    for s in range(size, min_size - 1, -1):
        for f in faces:
            w = width(shown, f, s)
            if w <= max_width:
                return Fitted(shown, f, s, w)
    f = faces[-1]
    return _ellipsize(shown, f, min_size, max_width)


def _ellipsize(text: str, face: str, size: int, max_width: float) -> Fitted:
    lo, hi = 0, len(text)
    while lo < hi:                           # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, face, size) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS
    w = width(cut, face, size)
    if w > max_width:
        return Fitted("", face, size, 0.0)
    return Fitted(cut, face, size, w)


# What was drawn, for tests -----------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    text: str
    face: str
    size: int = 0
    width: float = 0.0
    max_width: float | None = None


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn in this thread while the block runs."""
    seen: list[Drawn] = []
    previous = getattr(_LOCAL, "record", None)
    _LOCAL.record = seen
    try:
        yield seen
    finally:
        _LOCAL.record = previous


def note_drawn(text: str, face: str, size: int = 0, width: float = 0.0,
               max_width: float | None = None) -> None:
    """Called by renderers for each text they draw (a no-op unless recording)."""
    record = getattr(_LOCAL, "record", None)
    if record is not None:
        record.append(Drawn(text, face, size, width, max_width))
