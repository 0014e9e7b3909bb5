"""The solo title: four questions from the rulebook, one word each, strung together.

"For example, you might end up as a Delightfully Enthusiastic Rambler of the Running Rivers!"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scorer.maple_valley.models import Category, Favour, Friend, SoloChoices, Travel

CATEGORY_WORDS = {
    Category.DECORATION: "Imaginatively",
    Category.ENTERTAINMENT: "Delightfully",
    Category.FOOD: "Heartily",
    Category.GIFT: "Generously",
}
SCORE_WORDS = ((25, "Sleepy"), (50, "Nonchalant"), (75, "Enthusiastic"), (100, "Exuberant"),
               (125, "Festive"))
TOP_SCORE_WORD = "Spectacular"
PATCH_WORDS = {0: "Rambler", 1: "Rambler", 2: "Scout", 3: "Tripper", 4: "Ranger"}
TRAVEL_WORDS = {
    Travel.WATER: "of the Running Rivers",
    Travel.ROCK: "of the Rolling Hills",
    Travel.FOREST: "of the Woodlands",
}
THREE_WAY_TIE = "Three-Way Tie of Maple Valley"


@dataclass(frozen=True)
class SoloTitle:
    title: str
    answers: tuple[str, ...]
    """One sentence per question: the counts, the choice made on a tie, the word."""


def _choose(counts: dict, choice, what: str) -> tuple[object, str]:
    """The most counted option; on a tie the player's choice, else the first in rulebook order."""
    most = max(counts.values())
    tied = [option for option, count in counts.items() if count == most]
    if len(tied) == 1:
        ignored = (f" (your tie choice {choice.value} is not needed)"
                   if choice is not None and choice != tied[0] else "")
        return tied[0], f"{tied[0].value} is the most{ignored}"
    names = " and ".join(option.value for option in tied)
    if choice in tied:
        return choice, f"{names} tie; you chose {choice.value}"
    unused = (f" (your choice {choice.value} is not among them)" if choice is not None else "")
    return tied[0], (f"{names} tie; {tied[0].value} taken, the first in the rulebook's order"
                     f"{unused}: set solo.{what} to choose")


def score_word(total: int) -> str:
    for highest, word in SCORE_WORDS:
        if total <= highest:
            return word
    return TOP_SCORE_WORD


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
    category, why = _choose(by_category, choices.favour_category, "favour_category")
    counted = ", ".join(f"{c.value} {n}" for c, n in by_category.items())
    answers = [f"1. Favours crafted: {counted}; {why} -> {CATEGORY_WORDS[category]}"]
    band = score_word(total)
    answers.append(f"2. Final score {total} -> {band}")
    patches = f"{patch_count} Patch{'' if patch_count == 1 else 'es'}"
    answers.append(f"3. {patches} -> {PATCH_WORDS[patch_count]}")
    by_travel = {travel: sum(travel in friend.travel for friend in friends) for travel in Travel}
    counted = ", ".join(f"{t.value} {n}" for t, n in by_travel.items())
    words = [CATEGORY_WORDS[category], band, PATCH_WORDS[patch_count]]
    if len(set(by_travel.values())) == 1:
        answers.append(f"4. Friends by travel type (the Starter in each): {counted}; all three "
                       f"tie -> {THREE_WAY_TIE}")
        title = f"{' '.join(words)}, {THREE_WAY_TIE}"
    else:
        travel, why = _choose(by_travel, choices.travel, "travel")
        answers.append(f"4. Friends by travel type (the Starter in each): {counted}; {why} -> "
                       f"{TRAVEL_WORDS[travel]}")
        title = " ".join([*words, TRAVEL_WORDS[travel]])
    return SoloTitle(title=title, answers=tuple(answers))
