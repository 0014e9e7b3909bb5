"""The Final Scoring lines of one player: Favours, Friends, Patches and Leftovers.

Each function teaches one line of the rulebook's "Final Scoring" and returns the Line(s) it gives,
with the numbers in the detail sentence. Festivities compare players: see ``festivities.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scorer.core.breakdown import Line
from scorer.maple_valley.models import (
    AlsoHave,
    Favour,
    Friend,
    Options,
    Patch,
    PerFriend,
    STARTER,
    Resource,
    StoredSets,
    Travel,
    TypedBonus,
    same_name,
)
from scorer.maple_valley.storage import Leftovers, sets_possible

ROWS = {
    "favours": "Favours",
    "friends": "Friends",
    "patches": "Patches",
    "leftovers": "Leftovers",
}
"""The player's own rows, in the rulebook's order; a row per Festivity follows."""


def plural(count: int, word: str, many: str | None = None) -> str:
    """E.g. "1 set", "2 sets", "1 batch", "2 batches" (``many`` when the plural is irregular)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def listing(counts: Counter, empty: str = "none") -> str:
    """E.g. "Acorns 2, Clay 1", in the game's order of resources."""
    parts = [f"{r.value} {counts[r]}" for r in Resource if counts.get(r)]
    return ", ".join(parts) if parts else empty


def _line(category: str, points: int, detail: str, cards: Sequence[str] = (),
          rulings: Sequence[str] = ()) -> Line:
    return Line(category=category, label=ROWS[category], points=points, detail=detail,
                cards=tuple(cards), rulings=tuple(rulings))


def favour_line(favour: Favour, brought: Sequence[Favour], position: int, sets: int,
                pack: Counter[Resource]) -> Line:
    """A Favour scores its printed score plus its bonus.

    - "Also have <Favour>": the bonus when another brought Favour has that name; one such Favour
      satisfies every card asking for it, and a card never satisfies itself (ruling MV-3).
    - "Per set stored here": the bonus times the sets stored on it, as chosen at the end for the
      best total (``sets``, ruling MV-2).
    - A typed bonus is added as typed.
    """
    head = f"{favour.name} ({favour.category.value}): printed {favour.score}"
    bonus = favour.bonus
    if bonus is None:
        return _line("favours", favour.score, f"{head}, no bonus -> {favour.score}",
                     [favour.name])
    if isinstance(bonus, AlsoHave):
        return _also_have_line(favour, bonus, brought, position, head)
    if isinstance(bonus, StoredSets):
        return _stored_sets_line(favour, bonus, sets, pack, head)
    assert isinstance(bonus, TypedBonus)
    return _typed_line("favours", favour.name, favour.score, bonus, head)


def _typed_line(category: str, name: str, score: int, bonus: TypedBonus, head: str) -> Line:
    """A typed bonus is added as the player typed it."""
    reason = f" ({bonus.reason})" if bonus.reason else ""
    points = score + bonus.points
    return _line(category, points, f"{head} + typed bonus {bonus.points}{reason} -> {points}",
                 [name])


def _also_have_line(favour: Favour, bonus: AlsoHave, brought: Sequence[Favour], position: int,
                    head: str) -> Line:
    others = [other for index, other in enumerate(brought)
              if index != position and same_name(other.name, bonus.favour)]
    asks = f"+{bonus.points} if you also have {bonus.favour}"
    head += ","
    if others:
        points = favour.score + bonus.points
        detail = f"{head} {asks}: you have {others[0].name} -> {favour.score} + {bonus.points}"
        return _line("favours", points, f"{detail} = {points}",
                     [favour.name, others[0].name], ["MV-3"])
    if same_name(favour.name, bonus.favour):
        why = f"no other {bonus.favour} brought (a card does not satisfy its own condition)"
    else:
        why = f"no {bonus.favour} brought"
    return _line("favours", favour.score, f"{head} {asks}: {why} -> {favour.score}",
                 [favour.name], ["MV-3"])


def _stored_sets_line(favour: Favour, bonus: StoredSets, sets: int, pack: Counter[Resource],
                      head: str) -> Line:
    per_set = f", +{bonus.points} per set of {bonus.set_name} stored here"
    if sets:
        stored = listing(Counter({r: n * sets for r, n in bonus.needs.items()}))
        points = favour.score + bonus.points * sets
        detail = (f"{head}{per_set}: {plural(sets, 'set')} stored ({stored}) -> "
                  f"{favour.score} + {bonus.points} x {sets} = {points}")
        return _line("favours", points, detail, [favour.name], ["MV-2"])
    possible = sets_possible(pack, bonus)
    if possible == 0:
        missing = [r.value for r, n in bonus.needs.items() if pack[r] < n]
        why = f"no complete set held (short of {', '.join(missing)})"
    else:
        why = (f"none stored here: the resources for up to {plural(possible, 'set')} score at "
               "least as much elsewhere (see the storage note)")
    return _line("favours", favour.score, f"{head}{per_set}; {why} -> {favour.score}",
                 [favour.name], ["MV-2"])


def friend_counts_for(friend: Friend, travel: Travel, options: Options) -> bool:
    """Whether a Friend is a Friend of this travel type for a Patch bonus (ruling MV-4)."""
    if friend is STARTER:
        return options.starter_counts_for_travel_bonuses
    return travel in friend.travel


def friends_line(friends: Sequence[Friend]) -> Line:
    """Each Friend scores its printed score; the Starter shows none, so it scores 0."""
    named = ", ".join(f"{friend.name} {friend.score}" for friend in friends)
    points = sum(friend.score for friend in friends)
    count = len(friends) - 1
    detail = f"{plural(count, 'Friend')} besides the Starter: {named} -> {points}"
    return _line("friends", points, detail, [friend.name for friend in friends])


def patch_line(patch: Patch, friends: Sequence[Friend], options: Options) -> Line:
    """A Patch scores its printed score plus its bonus: per Friend of a travel type, or typed.

    "Friend of a travel type" counts every Friend showing that type, the Starter included unless
    the table's option says otherwise (ruling MV-4).
    """
    head = f"{patch.name}: printed {patch.score}"
    bonus = patch.bonus
    if bonus is None:
        return _line("patches", patch.score, f"{head}, no bonus -> {patch.score}", [patch.name])
    if isinstance(bonus, TypedBonus):
        return _typed_line("patches", patch.name, patch.score, bonus, head)
    assert isinstance(bonus, PerFriend)
    counted = [friend for friend in friends if friend_counts_for(friend, bonus.travel, options)]
    travel = bonus.travel.value
    points = patch.score + bonus.points * len(counted)
    who = ", ".join(friend.name for friend in counted) or "none"
    starter = ("Starter counted, it travels all three types" if
               options.starter_counts_for_travel_bonuses else
               "Starter not counted (table option)")
    detail = (f"{head}, +{bonus.points} per {travel} Friend: {plural(len(counted), 'Friend')} "
              f"({who}; {starter}) -> {patch.score} + {bonus.points} x {len(counted)} = {points}")
    return _line("patches", points, detail, [patch.name, *(f.name for f in counted)], ["MV-4"])


def no_cards_line(category: str, what: str) -> Line:
    return _line(category, 0, f"No {what} -> 0")


def leftovers_line(left: Leftovers, remaining: Counter[Resource], stored_any: bool) -> Line:
    """1 point per Honey, 1 per Map, 1 per batch of 3 other resources of any blend; the remainder
    scores nothing. Honey always scores alone, never in a batch (ruling MV-1); resources stored on
    Favours are not leftovers (ruling MV-2)."""
    others = Counter({r: n for r, n in remaining.items() if r is not Resource.HONEY})
    parts = [
        f"{plural(left.honey, 'Honey', 'Honey')} -> {left.honey}",
        f"{plural(left.maps, 'Map')} -> {left.maps}",
        f"{plural(left.batchable, 'other resource')} ({listing(others)}) -> "
        f"{plural(left.batches, 'batch', 'batches')} of 3 -> {left.batches}",
    ]
    if left.remainder:
        parts[-1] += f", {left.remainder} left over scores nothing"
    stored = "; stored resources are not leftovers" if stored_any else ""
    detail = f"{'; '.join(parts)}{stored} -> {left.points}"
    rulings = ["MV-1", "MV-2"] if stored_any else ["MV-1"]
    return _line("leftovers", left.points, detail, (), rulings)
