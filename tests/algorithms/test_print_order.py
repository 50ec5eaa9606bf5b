"""Issue 38 item 4: players listed by surname, and slips in the order a guillotine gives."""

import pytest

from tournament.logic.print_order import cutting_order, surname_key


def test_names_sort_by_surname_without_accents_or_case():
    names = ["Zoe Adams", "émile Zola", "Bob  Young", "Ann Young", "Cher"]
    assert sorted(names, key=surname_key) == [
        "Zoe Adams",
        "Cher",
        "Ann Young",
        "Bob  Young",
        "émile Zola",
    ]


def pile_order(sheets: list[list[int | None]]) -> list[int]:
    """Stack the sheets, cut every place into a pile, put pile 1 on pile 2 on ...: the order."""
    per_sheet = len(sheets[0]) if sheets else 0
    piles = [[sheet[p] for sheet in sheets] for p in range(per_sheet)]
    return [slip for pile in piles for slip in pile if slip is not None]


@pytest.mark.parametrize("count", [0, 1, 3, 4, 5, 10, 16, 17])
@pytest.mark.parametrize("per_sheet", [1, 2, 3, 4, 6])
def test_cut_piles_come_out_in_table_order(count, per_sheet):
    sheets = cutting_order(count, per_sheet)
    assert pile_order(sheets) == list(range(count))
    assert all(len(sheet) == per_sheet for sheet in sheets)
    assert len(sheets) == -(-count // per_sheet)


def test_ten_slips_four_a_sheet():
    assert cutting_order(10, 4) == [[0, 3, 6, 9], [1, 4, 7, None], [2, 5, 8, None]]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        cutting_order(3, 0)
