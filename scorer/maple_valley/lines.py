"""The Final Scoring lines of one player: Favours, Friends, Patches and Leftovers.

Each function teaches one line of the rulebook's "Final Scoring" and returns the Line(s) it gives,
with the numbers in the detail sentence. Festivities compare players: see ``festivities.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scorer.core.breakdown import Line
from scorer.maple_valley.models import (
    CATEGORY_NAMES,
    RESOURCE_NAMES,
    TRAVEL_NAMES,
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
    friend_name,
    same_name,
)
from scorer.maple_valley.storage import Leftovers, sets_possible
from scorer.maple_valley.words import named_count, semicolons
from scorer.message import Message, Param, msg, msg_n

ROWS = {
    "favours": msg("mv.row.favours", "Favours"),
    "friends": msg("mv.row.friends", "Friends"),
    "patches": msg("mv.row.patches", "Patches"),
    "leftovers": msg("mv.row.leftovers", "Leftovers"),
}
"""The player's own rows, in the rulebook's order; a row per Festivity follows."""


RESOURCES = tuple(Resource)
"""The resources in the game's order (a tuple: iterating the enum itself is slower)."""


def listing(counts: Counter) -> Param:
    """E.g. "Acorns 2, Clay 1", in the game's order of resources ("none" when empty)."""
    parts = tuple(named_count(RESOURCE_NAMES[r], counts[r]) for r in RESOURCES if counts.get(r))
    return parts or msg("mv.none", "none")


def _line(category: str, points: int, detail: Message, cards: Sequence[str] = (),
          rulings: Sequence[str] = ()) -> Line:
    return Line(category=category, label=ROWS[category], points=points, detail=detail,
                cards=tuple(cards), rulings=tuple(rulings))


def _no_bonus(category: str, name: str, score: int, head: Message) -> Line:
    return _line(category, score, msg("mv.card.no_bonus", "{card}, no bonus -> {points}",
                                      card=head, points=score), [name])


def favour_line(favour: Favour, brought: Sequence[Favour], position: int, sets: int,
                pack: Counter[Resource]) -> Line:
    """A Favour scores its printed score plus its bonus.

    - "Also have <Favour>": the bonus when another brought Favour has that name; one such Favour
      satisfies every card asking for it, and a card never satisfies itself (ruling MV-3).
    - "Per set stored here": the bonus times the sets stored on it, as chosen at the end for the
      best total (``sets``, ruling MV-2).
    - A typed bonus is added as typed.
    """
    head = msg("mv.favour.head", "{name} ({category}): printed {score}", name=favour.name,
               category=CATEGORY_NAMES[favour.category], score=favour.score)
    bonus = favour.bonus
    if bonus is None:
        return _no_bonus("favours", favour.name, favour.score, head)
    if isinstance(bonus, AlsoHave):
        return _also_have_line(favour, bonus, brought, position, head)
    if isinstance(bonus, StoredSets):
        return _stored_sets_line(favour, bonus, sets, pack, head)
    assert isinstance(bonus, TypedBonus)
    return _typed_line("favours", favour.name, favour.score, bonus, head)


def _typed_line(category: str, name: str, score: int, bonus: TypedBonus, head: Message) -> Line:
    """A typed bonus is added as the player typed it (its reason too)."""
    points = score + bonus.points
    if bonus.reason:
        detail = msg("mv.card.typed_bonus_reason",
                     "{card} + typed bonus {bonus} ({reason}) -> {points}",
                     card=head, bonus=bonus.points, reason=bonus.reason, points=points)
    else:
        detail = msg("mv.card.typed_bonus", "{card} + typed bonus {bonus} -> {points}",
                     card=head, bonus=bonus.points, points=points)
    return _line(category, points, detail, [name])


def _also_have_line(favour: Favour, bonus: AlsoHave, brought: Sequence[Favour], position: int,
                    head: Message) -> Line:
    others = [other for index, other in enumerate(brought)
              if index != position and same_name(other.name, bonus.favour)]
    asks = msg("mv.favour.also_have", "{card}, +{bonus} if you also have {wanted}", card=head,
               bonus=bonus.points, wanted=bonus.favour)
    if others:
        points = favour.score + bonus.points
        detail = msg("mv.favour.also_have.met",
                     "{asks}: you have {other} -> {score} + {bonus} = {points}", asks=asks,
                     other=others[0].name, score=favour.score, bonus=bonus.points, points=points)
        return _line("favours", points, detail, [favour.name, others[0].name], ["MV-3"])
    if same_name(favour.name, bonus.favour):
        detail = msg("mv.favour.also_have.itself", "{asks}: no other {wanted} brought (a card "
                     "does not satisfy its own condition) -> {points}", asks=asks,
                     wanted=bonus.favour, points=favour.score)
    else:
        detail = msg("mv.favour.also_have.unmet", "{asks}: no {wanted} brought -> {points}",
                     asks=asks, wanted=bonus.favour, points=favour.score)
    return _line("favours", favour.score, detail, [favour.name], ["MV-3"])


def _stored_sets_line(favour: Favour, bonus: StoredSets, sets: int, pack: Counter[Resource],
                      head: Message) -> Line:
    per_set = msg("mv.favour.per_set", "{card}, +{bonus} per set of {set} stored here", card=head,
                  bonus=bonus.points, set=bonus.set_words)
    if sets:
        stored = listing(Counter({r: n * sets for r, n in bonus.needs.items()}))
        points = favour.score + bonus.points * sets
        detail = msg_n("mv.favour.sets_stored",
                       "{per_set}: {count} set stored ({stored}) -> {score} + {bonus} x {count} "
                       "= {points}",
                       "{per_set}: {count} sets stored ({stored}) -> {score} + {bonus} x {count} "
                       "= {points}", sets, per_set=per_set, stored=stored, score=favour.score,
                       bonus=bonus.points, points=points)
        return _line("favours", points, detail, [favour.name], ["MV-2"])
    possible = sets_possible(pack, bonus)
    if possible == 0:
        missing = tuple(RESOURCE_NAMES[r] for r, n in bonus.needs.items() if pack[r] < n)
        detail = msg("mv.favour.no_set", "{per_set}; no complete set held (short of {missing}) "
                     "-> {points}", per_set=per_set, missing=missing, points=favour.score)
    else:
        detail = msg_n("mv.favour.sets_elsewhere",
                       "{per_set}; none stored here: the resources for up to {count} set score "
                       "at least as much elsewhere (see the storage note) -> {points}",
                       "{per_set}; none stored here: the resources for up to {count} sets score "
                       "at least as much elsewhere (see the storage note) -> {points}",
                       possible, per_set=per_set, points=favour.score)
    return _line("favours", favour.score, detail, [favour.name], ["MV-2"])


def friend_counts_for(friend: Friend, travel: Travel, options: Options) -> bool:
    """Whether a Friend is a Friend of this travel type for a Patch bonus (ruling MV-4)."""
    if friend is STARTER:
        return options.starter_counts_for_travel_bonuses
    return travel in friend.travel


def friends_line(friends: Sequence[Friend]) -> Line:
    """Each Friend scores its printed score; the Starter shows none, so it scores 0."""
    named = tuple(named_count(friend_name(friend), friend.score) for friend in friends)
    points = sum(friend.score for friend in friends)
    detail = msg_n("mv.friends", "{count} Friend besides the Starter: {friends} -> {points}",
                   "{count} Friends besides the Starter: {friends} -> {points}",
                   len(friends) - 1, friends=named, points=points)
    return _line("friends", points, detail, [friend.name for friend in friends])


def patch_line(patch: Patch, friends: Sequence[Friend], options: Options) -> Line:
    """A Patch scores its printed score plus its bonus: per Friend of a travel type, or typed.

    "Friend of a travel type" counts every Friend showing that type, the Starter included unless
    the table's option says otherwise (ruling MV-4).
    """
    head = msg("mv.patch.head", "{name}: printed {score}", name=patch.name, score=patch.score)
    bonus = patch.bonus
    if bonus is None:
        return _no_bonus("patches", patch.name, patch.score, head)
    if isinstance(bonus, TypedBonus):
        return _typed_line("patches", patch.name, patch.score, bonus, head)
    assert isinstance(bonus, PerFriend)
    counted = [friend for friend in friends if friend_counts_for(friend, bonus.travel, options)]
    points = patch.score + bonus.points * len(counted)
    who = tuple(friend_name(friend) for friend in counted) or msg("mv.none", "none")
    starter = (msg("mv.patch.starter_counted", "Starter counted, it travels all three types")
               if options.starter_counts_for_travel_bonuses else
               msg("mv.patch.starter_not_counted", "Starter not counted (table option)"))
    detail = msg_n(
        "mv.patch.per_friend",
        "{card}, +{bonus} per {travel} Friend: {count} Friend ({friends}; {starter}) -> "
        "{score} + {bonus} x {count} = {points}",
        "{card}, +{bonus} per {travel} Friend: {count} Friends ({friends}; {starter}) -> "
        "{score} + {bonus} x {count} = {points}",
        len(counted), card=head, bonus=bonus.points, travel=TRAVEL_NAMES[bonus.travel],
        friends=who, starter=starter, score=patch.score, points=points)
    return _line("patches", points, detail, [patch.name, *(f.name for f in counted)], ["MV-4"])


def no_cards_line(category: str, detail: Message) -> Line:
    return _line(category, 0, detail)


def leftovers_line(left: Leftovers, remaining: Counter[Resource], stored_any: bool) -> Line:
    """1 point per Honey, 1 per Map, 1 per batch of 3 other resources of any blend; the remainder
    scores nothing. Honey always scores alone, never in a batch (ruling MV-1); resources stored on
    Favours are not leftovers (ruling MV-2)."""
    others = Counter({r: n for r, n in remaining.items() if r is not Resource.HONEY})
    batches: Message = msg_n("mv.leftovers.batches", "{count} batch of 3 -> {count}",
                             "{count} batches of 3 -> {count}", left.batches)
    if left.remainder:
        batches = msg_n("mv.leftovers.remainder", "{batches}, {count} left over scores nothing",
                        "{batches}, {count} left over scores nothing", left.remainder,
                        batches=batches)
    parts = (
        msg_n("mv.leftovers.honey", "{count} Honey -> {count}", "{count} Honey -> {count}",
              left.honey),
        msg_n("mv.leftovers.maps", "{count} Map -> {count}", "{count} Maps -> {count}",
              left.maps),
        msg_n("mv.leftovers.others", "{count} other resource ({resources}) -> {batches}",
              "{count} other resources ({resources}) -> {batches}", left.batchable,
              resources=listing(others), batches=batches),
    )
    if stored_any:
        parts += (msg("mv.leftovers.stored", "stored resources are not leftovers"),)
    detail = msg("mv.leftovers", "{parts} -> {points}", parts=semicolons(parts),
                 points=left.points)
    rulings = ["MV-1", "MV-2"] if stored_any else ["MV-1"]
    return _line("leftovers", left.points, detail, (), rulings)
