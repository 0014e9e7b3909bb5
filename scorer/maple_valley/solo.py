"""The solo title: four questions from the rulebook, one word each, strung together.

"For example, you might end up as a Delightfully Enthusiastic Rambler of the Running Rivers!"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scorer.maple_valley.models import (
    CATEGORY_NAMES,
    TRAVEL_NAMES,
    Category,
    Favour,
    Friend,
    SoloChoices,
    Travel,
)
from scorer.maple_valley.words import each_and, named_count
from scorer.message import Message, msg, msg_n

CATEGORY_WORDS = {
    Category.DECORATION: msg("mv.solo.imaginatively", "Imaginatively"),
    Category.ENTERTAINMENT: msg("mv.solo.delightfully", "Delightfully"),
    Category.FOOD: msg("mv.solo.heartily", "Heartily"),
    Category.GIFT: msg("mv.solo.generously", "Generously"),
}
SCORE_WORDS = ((25, msg("mv.solo.sleepy", "Sleepy")),
               (50, msg("mv.solo.nonchalant", "Nonchalant")),
               (75, msg("mv.solo.enthusiastic", "Enthusiastic")),
               (100, msg("mv.solo.exuberant", "Exuberant")),
               (125, msg("mv.solo.festive", "Festive")))
TOP_SCORE_WORD = msg("mv.solo.spectacular", "Spectacular")
_RAMBLER = msg("mv.solo.rambler", "Rambler")
PATCH_WORDS = {0: _RAMBLER, 1: _RAMBLER, 2: msg("mv.solo.scout", "Scout"),
               3: msg("mv.solo.tripper", "Tripper"), 4: msg("mv.solo.ranger", "Ranger")}
TRAVEL_WORDS = {
    Travel.WATER: msg("mv.solo.running_rivers", "of the Running Rivers"),
    Travel.ROCK: msg("mv.solo.rolling_hills", "of the Rolling Hills"),
    Travel.FOREST: msg("mv.solo.woodlands", "of the Woodlands"),
}
THREE_WAY_TIE = msg("mv.solo.three_way_tie", "Three-Way Tie of Maple Valley")


@dataclass(frozen=True)
class SoloTitle:
    title: Message
    answers: tuple[Message, ...]
    """One sentence per question: the counts, the choice made on a tie, the word."""


def _choose(counts: dict, names: dict, choice, what: str) -> tuple[object, Message]:
    """The most counted option; on a tie the player's choice, else the first in rulebook order.
    ``names``: each option in words; ``what``: the field of the table's "solo" that chooses."""
    most = max(counts.values())
    tied = [option for option, count in counts.items() if count == most]
    if len(tied) == 1:
        if choice is not None and choice != tied[0]:
            return tied[0], msg("mv.solo.most_choice_unneeded", "{option} is the most (your tie "
                                "choice {choice} is not needed)", option=names[tied[0]],
                                choice=names[choice])
        return tied[0], msg("mv.solo.most", "{option} is the most", option=names[tied[0]])
    tie = each_and([names[option] for option in tied])
    if choice in tied:
        return choice, msg("mv.solo.tie_chosen", "{tied} tie; you chose {choice}", tied=tie,
                           choice=names[choice])
    field = f"solo.{what}"
    if choice is not None:
        return tied[0], msg("mv.solo.tie_choice_outside", "{tied} tie; {option} taken, the first "
                            "in the rulebook's order (your choice {choice} is not among them): "
                            "set {field} to choose", tied=tie, option=names[tied[0]],
                            choice=names[choice], field=field)
    return tied[0], msg("mv.solo.tie_first", "{tied} tie; {option} taken, the first in the "
                        "rulebook's order: set {field} to choose", tied=tie,
                        option=names[tied[0]], field=field)


def band_word(total: int) -> Message:
    """The word of the final score's band (question 2)."""
    for highest, word in SCORE_WORDS:
        if total <= highest:
            return word
    return TOP_SCORE_WORD


def score_word(total: int) -> str:
    """The band's word in English, as the rulebook prints it."""
    return band_word(total).text


def solo_title(favours: Sequence[Favour], patch_count: int, friends: Sequence[Friend],
               total: int, choices: SoloChoices | None) -> SoloTitle:
    """Answer the four questions (ruling MV-5 for the Starter, MV-8 for ties and the wording).

    1. The Favour category crafted most (Favours brought).
    2. The final score's band.
    3. The number of Patches.
    4. The travel type of the most Friends: a Friend counts once for each type it shows, the
       Starter for all three (which cannot change the answer); three tied types make a
       "Three-Way Tie of Maple Valley".
    """
    choices = choices or SoloChoices()
    crafted = Counter(favour.category for favour in favours)
    by_category = {category: crafted[category] for category in Category}
    category, why = _choose(by_category, CATEGORY_NAMES, choices.favour_category,
                            "favour_category")
    counted = tuple(named_count(CATEGORY_NAMES[c], n) for c, n in by_category.items())
    manner = CATEGORY_WORDS[category]
    answers = [msg("mv.solo.question_1", "1. Favours crafted: {counts}; {why} -> {word}",
                   counts=counted, why=why, word=manner)]
    band = band_word(total)
    answers.append(msg("mv.solo.question_2", "2. Final score {total} -> {word}", total=total,
                       word=band))
    traveller = PATCH_WORDS[patch_count]
    answers.append(msg_n("mv.solo.question_3", "3. {count} Patch -> {word}",
                         "3. {count} Patches -> {word}", patch_count, word=traveller))
    by_travel = {travel: sum(travel in friend.travel for friend in friends) for travel in Travel}
    counted = tuple(named_count(TRAVEL_NAMES[t], n) for t, n in by_travel.items())
    if len(set(by_travel.values())) == 1:
        answers.append(msg("mv.solo.question_4_all_tie", "4. Friends by travel type (the Starter "
                           "in each): {counts}; all three tie -> {word}", counts=counted,
                           word=THREE_WAY_TIE))
        title = msg("mv.solo.title_three_way_tie", "{manner} {band} {traveller}, {tie}",
                    manner=manner, band=band, traveller=traveller, tie=THREE_WAY_TIE)
    else:
        travel, why = _choose(by_travel, TRAVEL_NAMES, choices.travel, "travel")
        answers.append(msg("mv.solo.question_4", "4. Friends by travel type (the Starter in "
                           "each): {counts}; {why} -> {word}", counts=counted, why=why,
                           word=TRAVEL_WORDS[travel]))
        title = msg("mv.solo.title", "{manner} {band} {traveller} {region}", manner=manner,
                    band=band, traveller=traveller, region=TRAVEL_WORDS[travel])
    return SoloTitle(title=title, answers=tuple(answers))
