"""Stats and ratings per server (issue 12), computed from the stored games.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.table.model import ABANDONED, OVER, GameRow
from engines.core import Result


def is_bot(user_id: str) -> bool:
    return user_id.startswith("bot:")


@dataclass
class PlayerStats:
    user_id: str
    name: str
    title: str
    played: int = 0
    wins: int = 0
    abandoned: int = 0
    replaced: int = 0
    score_total: int = 0
    place_total: int = 0
    rated: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def avg_score(self) -> float | None:
        return self.score_total / self.played if self.played else None

    @property
    def avg_place(self) -> float | None:
        return self.place_total / self.played if self.played else None

    @property
    def rating(self) -> float:
        """The conservative estimate (openskill's ordinal, mu - 3·sigma): 0 for a newcomer."""
        return self.mu - 3 * self.sigma


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


def leaderboard(stats: Mapping[str, PlayerStats], limit: int = 10) -> list[PlayerStats]:
    """The rated players of one title, best rating first (then more wins, then name)."""
    rated = [p for p in stats.values() if p.rated]
    return sorted(rated, key=lambda p: (-p.rating, -p.wins, p.name.casefold()))[:limit]
