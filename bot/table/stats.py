"""Stats and ratings per server (issue 12), kept as games end (issue 18).

The game that ends writes its results and its players' new ratings in its own transaction
(:func:`game_results`, computed by the service, written by the store); ``/stats`` reads only those tables.
:func:`compute` is the same computation over all stored games at once: ``referee db rebuild-stats``
(:func:`rebuild`) recomputes the tables from the stored games, and the tests check both agree with it.

For every title and player: games played (finished ones), wins, average score and place, games abandoned,
games in which the player was replaced, and a multiplayer rating (openskill's Plackett-Luce model, shown as
its conservative ``ordinal`` = mu - 3·sigma), updated game by game in the order the games ended.

How the awkward cases count:

* **abandoned** games (ended by the host without a result) count as *abandoned* for everyone seated, never
  as a loss, and are not rated;
* a **replaced** player (somebody else made moves for the same seat, e.g. after a timeout hand-over) — the
  result belongs to whoever holds the seat at the end; everybody else who played moves for that seat gets
  the game counted as *replaced*: not played, not a loss, not rated;
* **bots** (user ids starting ``bot:``) are excluded: they have no stats line, and a game is rated among
  its human players only (a game with fewer than two humans is not rated);
* places are competition ranks: the winners (ties and tie-breaks as the game decides) share place 1, the
  others rank by score, equal scores sharing a place.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.table.model import (
    ABANDONED,
    LEFT_ABANDONED,
    OVER,
    PLAYED,
    REPLACED,
    GameResults,
    GameRow,
    PlayerStats,
    RatingUpdate,
    ResultLine,
)
from engines import get_game
from engines.core import Result

__all__ = ["PlayerStats", "StatsTable", "apply", "compute", "game_results", "is_bot", "leaderboard", "places",
           "rebuild", "result_of"]


def is_bot(user_id: str) -> bool:
    return user_id.startswith("bot:")


def result_of(row: GameRow) -> Result | None:
    """The result of a game that is over (``None`` for any other game)."""
    return get_game(row.title).result(row.state) if row.status == OVER and row.state else None


def places(result: Result) -> list[int]:
    """Competition places per seat: winners 1, then by score (equal scores share a place)."""
    key = [(seat in result.winners, score) for seat, score in enumerate(result.scores)]
    return [1 + sum(1 for other in key if other > mine) for mine in key]


def compute(rows: Sequence[GameRow], results: Mapping[int, Result | None],
            movers: Mapping[int, Mapping[int, set[str]]]) -> dict[str, dict[str, PlayerStats]]:
    """``{title: {user_id: stats}}`` from ended games (oldest first), their results and who moved for each seat."""
    model = PlackettLuce()
    out: dict[str, dict[str, PlayerStats]] = {}
    ratings: dict[tuple[str, str], PlackettLuceRating] = {}

    def line(title: str, user_id: str, name: str) -> PlayerStats:
        entry = out.setdefault(title, {}).get(user_id)
        if entry is None:
            entry = out[title][user_id] = PlayerStats(user_id, name, title)
        entry.name = name  # the latest name
        return entry

    for row in rows:
        holders = {s.seat: s for s in row.seats}
        for seat, users in movers.get(row.id, {}).items():
            holder = holders.get(seat)
            for uid in users:
                if holder is not None and uid != holder.user_id and not is_bot(uid):
                    line(row.title, uid, uid).replaced += 1
        humans = [s for s in row.seats if not is_bot(s.user_id)]
        if row.status == ABANDONED:
            for s in humans:
                line(row.title, s.user_id, s.name).abandoned += 1
            continue
        result = results.get(row.id)
        if row.status != OVER or result is None:
            continue
        place = places(result)
        for s in humans:
            entry = line(row.title, s.user_id, s.name)
            entry.played += 1
            entry.wins += s.seat in result.winners
            entry.score_total += result.scores[s.seat]
            entry.place_total += place[s.seat]
        if len(humans) < 2:
            continue
        teams = [[ratings.get((row.title, s.user_id)) or model.rating(name=s.user_id)] for s in humans]
        rated = model.rate(teams, ranks=[place[s.seat] for s in humans])
        for s, team in zip(humans, rated, strict=True):
            ratings[(row.title, s.user_id)] = team[0]
            entry = out[row.title][s.user_id]
            entry.mu, entry.sigma, entry.rated = team[0].mu, team[0].sigma, entry.rated + 1
    return out


def game_results(row: GameRow, result: Result | None, movers: Mapping[int, set[str]],
                 known: Mapping[str, PlayerStats], ended_at: float) -> GameResults | None:
    """What one ended game adds to the stats, by the rules of :func:`compute`: its lines (replaced players
    first, then the seated humans) and, for a finished game with two humans or more, their new ratings computed
    from ``known`` (their stats lines so far on this server and title; a player missing there is new).
    ``None`` for a game that never started. Applying the results of every ended game in the order they ended
    (:func:`apply`) gives exactly :func:`compute`."""
    if row.seed is None or row.status not in (OVER, ABANDONED):
        return None
    holders = {s.seat: s for s in row.seats}
    lines: list[ResultLine] = []
    for seat, users in sorted(movers.items()):
        holder = holders.get(seat)
        for uid in sorted(users):
            if holder is not None and uid != holder.user_id and not is_bot(uid):
                lines.append(ResultLine(seat, uid, uid, REPLACED))
    humans = [s for s in row.seats if not is_bot(s.user_id)]
    ratings: list[RatingUpdate] = []
    if row.status == ABANDONED:
        lines += [ResultLine(s.seat, s.user_id, s.name, LEFT_ABANDONED) for s in humans]
    elif result is not None:
        place = places(result)
        lines += [ResultLine(s.seat, s.user_id, s.name, PLAYED, result.scores[s.seat], place[s.seat],
                             s.seat in result.winners) for s in humans]
        if len(humans) >= 2:
            model = PlackettLuce()
            before = [known.get(s.user_id) for s in humans]
            teams = [[model.rating(mu=b.mu, sigma=b.sigma, name=s.user_id) if b is not None and b.rated
                      else model.rating(name=s.user_id)] for s, b in zip(humans, before, strict=True)]
            rated = model.rate(teams, ranks=[place[s.seat] for s in humans])
            ratings = [RatingUpdate(s.user_id, team[0].mu, team[0].sigma, b.rated if b is not None else 0)
                       for s, b, team in zip(humans, before, rated, strict=True)]
    return GameResults(row.id, row.guild_id, row.title, ended_at, tuple(lines), tuple(ratings))


def apply(stats: dict[str, PlayerStats], results: GameResults) -> None:
    """Add one game's results to ``{user_id: stats}`` of its server and title (what the store does with its
    ratings table, in the transaction that ends the game)."""
    for ln in results.lines:
        entry = stats.get(ln.user_id)
        if entry is None:
            entry = stats[ln.user_id] = PlayerStats(ln.user_id, ln.name, results.title)
        entry.name = ln.name  # the latest name
        if ln.status == REPLACED:
            entry.replaced += 1
        elif ln.status == LEFT_ABANDONED:
            entry.abandoned += 1
        else:
            entry.played += 1
            entry.wins += ln.win
            entry.score_total += ln.score
            entry.place_total += ln.place
    for r in results.ratings:
        entry = stats[r.user_id]
        entry.mu, entry.sigma, entry.rated = r.mu, r.sigma, entry.rated + 1


#: stats lines by server and title: ``{(guild_id, title): {user_id: stats}}``
StatsTable = dict[tuple[str | None, str], dict[str, PlayerStats]]


def rebuild(games: Iterable[tuple[GameRow, Result | None, Mapping[int, set[str]]]],
            table: StatsTable) -> Iterator[GameResults]:
    """Every ended game's results, game by game (``games``: oldest ended first, each with its result and who
    moved for each seat), adding each to ``table``: what ``referee db rebuild-stats`` (and the migration that
    made the tables) writes."""
    for row, result, movers in games:
        stats = table.setdefault((row.guild_id, row.title), {})
        results = game_results(row, result, movers, stats, row.updated_at)
        if results is None:
            continue
        apply(stats, results)
        yield results


def leaderboard(stats: Mapping[str, PlayerStats], limit: int = 10) -> list[PlayerStats]:
    """The rated players of one title, best rating first (then more wins, then name)."""
    rated = [p for p in stats.values() if p.rated]
    return sorted(rated, key=lambda p: (-p.rating, -p.wins, p.name.casefold()))[:limit]
