"""render/text.py: the shipped font draws the game's names and players' names in Latin with
accents, Greek and Cyrillic; anything else falls back to something legible, never a
missing-glyph box; fitted texts never overflow their box."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import text
from render.text import ELLIPSIS, FACES, FONT_DIR, charset, drawable, fit, font, width
from rules.navegador.data import load_data

PLAYER_NAMES = [
    "Ana", "João", "Zoë", "Émile", "Çağla", "Łukasz", "Nguyễn Thị Minh", "Søren",
    "Αλέξανδρος", "Святослав", "Ана-Марія", "Ana 🏴‍☠️", "Émile 🚢", "山田太郎", "Taro 山田",
    "👍🏽", "Bob\u200b\u200d", "ﬁona", "Henrique (computer)",
    "Maximiliano Alejandro de los Santos", "Αλέξανδρος Παπαδόπουλος-Κωνσταντίνου",
]


def notdef_mask(face: str, size: int) -> bytes:
    """What the face draws for a character it does not have (a private-use code point)."""
    return _mask("\ue000", face, size)


def _mask(ch: str, face: str, size: int) -> bytes:
    f = font(face, size)
    img = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(img).text((size // 2, size // 2), ch, font=f, fill=255)
    return img.tobytes()


def assert_drawable(shown: str, face: str = "regular", size: int = 20) -> None:
    missing = notdef_mask(face, size)
    for ch in set(shown):
        assert ord(ch) in charset(face), f"{ch!r} (U+{ord(ch):04X}) is not in {face}'s cmap"
        if not ch.isspace():
            assert _mask(ch, face, size) != missing, f"{ch!r} draws as the missing glyph"


def test_the_fonts_ship_with_the_project_and_their_licence():
    for name in FACES.values():
        assert (FONT_DIR / name).is_file()
    licence = (FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    for words in ("Bitstream Vera Fonts Copyright", "Arev Fonts Copyright",
                  "DejaVu changes are in public domain"):
        assert words in licence
    assert "fonts-dejavu-core" in (FONT_DIR / "README.md").read_text(encoding="utf-8")


def test_the_missing_glyph_check_itself_catches_a_missing_glyph():
    """The private-use and CJK characters really are missing: they draw the .notdef box."""
    assert ord("山") not in charset("regular")
    assert _mask("山", "regular", 20) == notdef_mask("regular", 20)
    assert _mask("a", "regular", 20) != notdef_mask("regular", 20)


@pytest.mark.parametrize("face", sorted(FACES))
def test_every_region_name_draws_with_its_accents(face):
    for region in load_data().regions:
        shown = drawable(region.name, face)
        assert shown == region.name          # Guiné, Moçambique, Ceilão, Índia unchanged
        assert_drawable(shown, face)


@pytest.mark.parametrize("face", ["regular", "bold", "condensed-bold"])
def test_player_names_never_draw_a_missing_glyph(face):
    for name in PLAYER_NAMES:
        shown = drawable(name, face, "Player 3")
        assert shown, name
        assert_drawable(shown, face)


def test_names_keep_what_the_font_has_and_drop_what_it_lacks():
    assert drawable("Αλέξανδρος") == "Αλέξανδρος"
    assert drawable("Святослав") == "Святослав"
    assert drawable("Zoë") == "Zoë"
    assert drawable("Ana 🏴‍☠️") == "Ana"               # emoji sequence, ZWJ and VS dropped
    assert drawable("Émile 🚢") == "Émile"
    assert drawable("👍🏽 ok") == "ok"
    assert drawable("a\u200bb\u200d") == "ab"
    assert drawable("  two   spaces ") == "two spaces"
    assert drawable("山田太郎", fallback="Player 3") == "Player 3"
    assert drawable("🚢🚢", fallback="Player 2") == "Player 2"
    assert drawable("Taro 山田", fallback="Player 1") == "Taro"  # most of it survives


def test_a_character_missing_from_the_font_falls_back_to_its_base_letter():
    # U+1E9E LATIN CAPITAL LETTER SHARP S is in DejaVu; pick one that is not, with a base.
    missing = next(ch for ch in ("ꞔ", "ᶏ", "ǟ", "ȁ", "ẚ") if ord(ch) not in charset("regular"))
    shown = drawable(f"x{missing}y")
    assert shown.startswith("x") and shown.endswith("y")
    assert_drawable(shown)


def test_fitting_shrinks_first_and_ellipsizes_only_as_a_last_resort():
    short = fit("Ceilão", "bold", 200, 20, 16)
    assert (short.text, short.size, short.face) == ("Ceilão", 20, "bold")
    long = "Cabo da Boa Esperança"
    natural = width(long, "bold", 20)
    shrunk = fit(long, "bold", natural - 10, 20, 14)
    assert shrunk.text == long and shrunk.width <= natural - 10
    cut = fit("Maximiliano Alejandro de los Santos", "bold", 120, 20, 16)
    assert cut.text.endswith(ELLIPSIS) and cut.size == 16
    assert cut.width <= 120
    assert fit("anything", "regular", 3, 20, 16).text == ""      # not even "…" fits


@pytest.mark.parametrize("box", [40, 80, 120, 160, 240])
def test_fitted_names_are_never_wider_than_their_box(box):
    for name in PLAYER_NAMES + [r.name for r in load_data().regions]:
        for face in ("regular", "bold"):
            fitted = fit(name, face, box, 20, 14, fallback="Player 1")
            assert fitted.width <= box
            measured = font(fitted.face, fitted.size).getbbox(fitted.text)
            assert fitted.text == "" or measured[2] <= box + 1, (name, fitted)
            assert_drawable(fitted.text, fitted.face, fitted.size)


def test_fonts_are_cached_per_face_and_size():
    assert font("bold", 20) is font("bold", 20)
    assert font("bold", 20) is not font("regular", 20)
    assert font("bold", 21) is not font("bold", 20)


def test_recording_collects_what_was_drawn():
    with text.recording() as seen:
        text.note_drawn("Guiné", "bold")
    text.note_drawn("not recorded", "bold")
    assert [(d.text, d.face) for d in seen] == [("Guiné", "bold")]


def test_glyph_masks_differ_from_the_missing_glyph_even_at_small_sizes():
    for size in (12, 18, 24):
        assert _mask("ç", "regular", size) != notdef_mask("regular", size)
