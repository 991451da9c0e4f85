"""The menu tree of a panel, on made-up choices: flat when few, a row per group, a chain of
groups when many, runs when nothing groups them; every choice reachable in few presses."""

from __future__ import annotations

from bot.table.menus import BUTTONS, CHOICE_ROWS, Leaf, Node, clicks, tree, walk


def leaves(node: Node) -> list[int]:
    out: list[int] = []
    for item in node.items:
        out += [item.index] if isinstance(item, Leaf) else leaves(item)
    return out


def fits(node: Node) -> None:
    assert len(node.rows) <= CHOICE_ROWS
    assert len(node.rows) == len(node.kinds) == len(node.placeholders)
    for row, kind in zip(node.rows, node.kinds, strict=True):
        assert 1 <= len(row) <= (5 if kind == "buttons" else 25)
    assert sorted(i for row in node.rows for i in row) == list(range(len(node.items)))
    for item in node.items:
        if isinstance(item, Node):
            fits(item)


def test_few_choices_are_buttons_in_order_a_row_per_group() -> None:
    paths = [("take", str(n)) for n in (1, 2, 3)] + [("pass",)]
    root = tree(paths)
    assert [i.label for i in root.items] == ["take 1", "take 2", "take 3", "pass"]
    assert root.rows == [[0, 1, 2], [3]] and set(root.kinds) == {"buttons"}


def test_many_choices_in_groups_open_by_group() -> None:
    spaces = ["workers", "ships", "market", "sail", "colony", "build", "church", "king"]
    paths = [(s, str(n)) for s in spaces for n in range(1, 9)]
    root = tree(paths)
    fits(root)
    assert [i.label for i in root.items] == spaces              # in order of appearance
    workers = root.items[0]
    assert isinstance(workers, Node) and [i.label for i in workers.items][:2] == ["1", "2"]
    assert all(clicks(root, i) == 2 for i in range(len(paths)))


def test_a_few_big_groups_are_menus_with_one_press() -> None:
    paths = [("build", f"row {n}") for n in range(40)] + [("skip",)]
    root = tree(paths)
    fits(root)
    assert root.kinds == ["menu", "menu", "buttons"]
    assert root.placeholders[:2] == ["build (1/2)", "build (2/2)"]
    assert root.items[0].label == "row 0"                       # the menu names the group
    assert all(clicks(root, i) == 1 for i in range(len(paths)))


def test_a_small_group_beside_menus_keeps_its_name_on_its_buttons() -> None:
    """A row of buttons has no placeholder: 'launch I-12 using grey', not 'using grey'."""
    paths = [("build", f"row {n}") for n in range(40)] + [
        ("launch I-12", f"using {c}") for c in ("grey", "orange")]
    root = tree(paths)
    fits(root)
    assert root.kinds == ["menu", "menu", "buttons"]
    assert [i.label for i in root.items][-2:] == ["launch I-12 using grey",
                                                  "launch I-12 using orange"]
    assert root.items[0].label == "row 0"


def test_small_groups_beside_a_menu_keep_their_names_too() -> None:
    """A row of buttons shows no placeholder: "+1 for 2 CP" or "A02b" alone does not say
    it is influence or a card to plan (a Maracaibo fight showed both that way)."""
    paths = ([("influence", "+1 for 2 CP"), ("influence", "+2 for 5 CP")]
             + [("annex", f"{n} place") for n in range(19)] + [("end the fight",)]
             + [("plan", c) for c in ("A02b", "B03b", "B09a", "B05b")])
    root = tree(paths)
    fits(root)
    assert root.kinds == ["buttons", "menu", "buttons", "buttons"]
    labels = [i.label for i in root.items]
    assert labels[:2] == ["influence +1 for 2 CP", "influence +2 for 5 CP"]
    assert labels[-4:] == ["plan A02b", "plan B03b", "plan B09a", "plan B05b"]
    assert labels[2] == "0 place" and root.placeholders[1] == "annex"   # a menu: named
    assert all(clicks(root, i) == 1 for i in range(len(paths)))


def test_a_long_list_with_nothing_to_group_it_is_cut_into_runs() -> None:
    paths = [(f"card {n:04d}",) for n in range(3000)]
    root = tree(paths)
    fits(root)
    assert sorted(leaves(root)) == list(range(3000))
    assert max(clicks(root, i) for i in range(0, 3000, 97)) <= 3
    assert len(root.items) <= BUTTONS


def test_a_common_first_label_costs_no_press() -> None:
    paths = [("play", f"card {n}") for n in range(30)]
    root = tree(paths)
    assert root.trail == ["play"] and all(clicks(root, i) == 1 for i in range(30))


def test_walk_finds_items_by_position_and_refuses_others() -> None:
    root = tree([(s, str(n)) for s in "abcdefghij" for n in range(3)])
    found = walk(root, (2, 1))
    assert found is not None and isinstance(found[1], Leaf) and found[1].label == "1"
    assert walk(root, (99,)) is None and walk(root, (2, 1, 0)) is None


def test_a_path_both_a_choice_and_a_group() -> None:
    paths = [("sail",), *[("sail", f"pay {r}") for r in "ABC"],
             *[(f"x{n}", y) for n in range(10) for y in "yz"]]
    root = tree(paths)
    sail = root.items[0]
    assert isinstance(sail, Node) and [i.label for i in sail.items][0] == "sail"


def test_a_long_description_keeps_its_effect_and_cuts_the_notation():
    from bot.table.menus import clip_detail

    text = "market1 sell gold, process sugar+spice+orange pay ANG, CEI, MAC, MOC — " \
           "to Market, pay 4 ships; +150 Cr"
    short = clip_detail(text, 100)
    assert len(short) == 100 and short.endswith(" — to Market, pay 4 ships; +150 Cr"), short
    assert short.startswith("market1 sell gold, process") and "… — " in short
    assert clip_detail("workers 2 — 100 Cr", 100) == "workers 2 — 100 Cr"
    assert clip_detail("x" * 120, 100) == "x" * 99 + "…"          # no effect to keep


def test_a_small_group_beside_a_menu_keeps_its_name_on_its_buttons() -> None:
    """A row of buttons has no placeholder: 'Malaca → Ceilão', not '→ Ceilão' from who
    knows where (a menu of another group above it)."""
    paths = ([("Cabo", f"→ R{n}") for n in range(24)]
             + [("Malaca", "→ Ceilão"), ("Malaca", "→ Índia")] + [("done",)])
    root = tree(paths)
    fits(root)
    assert root.kinds == ["menu", "buttons", "buttons"] and root.placeholders[0] == "Cabo"
    assert root.items[0].label == "→ R0"                        # the menu names the group
    assert [root.items[i].label for i in root.rows[1]] == ["Malaca → Ceilão", "Malaca → Índia"]
