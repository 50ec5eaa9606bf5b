"""Issue 38.11: the standings page neither lists nor counts a no-show (dropped before ever
being seated); a player who dropped after playing, or after a bye, still counts."""

from tournament.logic.standings import StandingRow
from tournament.logic.standings.no_shows import is_no_show, without_no_shows


def row(entrant_id: str, status: str, games: int, byes: int = 0) -> StandingRow:
    return StandingRow(
        position=int(entrant_id),
        rank=int(entrant_id),
        entrant_id=entrant_id,
        name=f"P{entrant_id}",
        status=status,
        points=0,
        tiebreaks=(),
        games_played=games,
        byes=byes,
    )


def test_only_a_drop_without_games_or_byes_is_a_no_show():
    assert is_no_show(row("1", "dropped", 0))
    assert not is_no_show(row("2", "dropped", 1))
    assert not is_no_show(row("3", "dropped", 0, byes=1))
    assert not is_no_show(row("4", "checked_in", 0))
    assert not is_no_show(row("5", "registered", 0))


def test_without_no_shows_keeps_the_order_and_counts_them():
    rows = [row("1", "checked_in", 2), row("2", "dropped", 1), row("3", "dropped", 0)]
    entered, no_shows = without_no_shows(rows)
    assert [r.entrant_id for r in entered] == ["1", "2"] and no_shows == 1
