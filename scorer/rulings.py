"""The project's rulings, as data: where a rulebook is ambiguous, how scorepad reads it.

Each ruling has an id (cited by every scoring line that relies on it), a title, a one-sentence
summary (what the app and ``scorepad score`` quote) and its full text, each a message (ids
``ruling.SV-3.title``, ``.summary``, ``.text``) that any language can say
(:meth:`Ruling.in_language`). docs/RULINGS.md is generated from this data
(``scorepad rulings > docs/RULINGS.md``; ``--lang de`` says it in German) and a test checks it word
for word.

A text holds each paragraph on one line, paragraphs separated by a blank line, and each item of a
list on a line starting with "- ". A translation may wrap its lines freely: it is read back into
that shape (:func:`_paragraphs`) before it is shown.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from scorer.message import ENGLISH, Message, Wording, msg

DOCUMENT_WIDTH = 100


@dataclass(frozen=True)
class Ruling:
    """A ruling's words in one language (English as made); ``said`` keeps the messages they were
    said from, so that :meth:`in_language` can say them again."""

    id: str
    title: str
    summary: str
    """One sentence a player at the table understands."""
    text: str
    """Paragraphs separated by a blank line; the items of a list each on a line starting "- "."""
    said: Mapping[str, Message] = field(default_factory=dict, compare=False)
    """The title's, summary's and text's messages, by field name."""

    def in_language(self, words: Wording) -> Ruling:
        """This ruling in another language (a ruling made of plain words stays as it is)."""
        if not self.said:
            return self
        title, summary, text = (self.said[name].rendered(words).text
                                for name in ("title", "summary", "text"))
        return replace(self, title=title, summary=summary, text=_paragraphs(text))


@dataclass(frozen=True)
class Game:
    """A game's section of the rulings: its id prefix, name, introduction and rulings."""

    code: str
    name: str
    """The game's title, the same in every language."""
    intro: Message
    rulings: tuple[Ruling, ...]


def _paragraphs(written: str) -> str:
    """A text as a translation may write it, wrapped freely, in its shape: one line a paragraph or
    list item, paragraphs separated by a blank line."""
    paragraphs = []
    for block in textwrap.dedent(written).strip().split("\n\n"):
        lines: list[str] = []
        for line in block.splitlines():
            if lines and not line.startswith("- "):
                lines[-1] += " " + line.strip()
            else:
                lines.append(line.strip())
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def _ruling(id: str, title: Message, summary: Message, text: Message) -> Ruling:
    return Ruling(id, title.text, summary.text, _paragraphs(text.text),
                  said={"title": title, "summary": summary, "text": text})


INTRO = msg(
    "ruling.intro",
    "The rulebooks leave some questions open. Each answer below has an id; every scoring line "
    "that relies on one cites it (the `rulings` field of a line, shown in brackets in the "
    "scorepad, with the ruling's summary under the scorepad of `scorepad score`), and a test pins "
    'it (`grep -rn "SV-3" tests/` finds them). Where two readings are both defensible, the table '
    "can choose the other one as an option; the default is the ruling. This document is generated "
    "from the rulings data in `scorer/rulings.py`: `scorepad rulings > docs/RULINGS.md`.",
)

GAMES: tuple[Game, ...] = (
    Game(
        "SV",
        "Sunflower Valley",
        intro=msg(
            "ruling.SV.intro",
            "Rulebook: `sunflower_valley.txt` (card edition, the reference). The tile edition "
            'says a valley ends with "1 Starting Town and 19 Valley tiles": a misprint, a valley '
            "ends with 19 cards, the Starting Town and 18 Valley cards.\n\n"
            "Places are named as the editor's grid shows them: \"row 2, column 3\", counted from "
            "1 at the valley's top left (the top row of cards is row 1, the leftmost column of "
            "cards is column 1).",
        ),
        rulings=(
            _ruling(
                "SV-1",
                msg("ruling.SV-1.title", "Farmers are Field cards, everywhere"),
                msg(
                    "ruling.SV-1.summary",
                    "A Farmer card also counts as a Field card wherever a Field is asked for "
                    "(combinations, Mountains, Sunny Valley, Boundless Field, Suburban Trains), "
                    "and still scores its own combination.",
                ),
                msg(
                    "ruling.SV-1.text",
                    '"Farmer cards are considered Field cards." A Farmer counts as a Field for '
                    "Town and Farmer combinations that ask for a Field, for Mountains, Sunny "
                    "Valley, Boundless Field and Suburban Trains. A Farmer still scores its own "
                    "combination on the Farmers row. *Option:* `options.farmers_count_as_fields = "
                    "false` makes Farmers count only as Farmers.",
                ),
            ),
            _ruling(
                "SV-2",
                msg(
                    "ruling.SV-2.title",
                    "Two towns are joined by one group of consecutive Railroad cards",
                ),
                msg(
                    "ruling.SV-2.summary",
                    "Two towns are joined only when one group of Railroad cards, side by side, "
                    "touches both; towns side by side with no Railroad between them are not "
                    "joined.",
                ),
                msg(
                    "ruling.SV-2.text",
                    "Two towns (Town cards or the Starting Town) are joined when one group of "
                    "orthogonally consecutive Railroad cards touches both (side by side, never "
                    "diagonally). Consequences:\n"
                    "- Two towns side by side with no Railroad card between them are **not** "
                    'joined ("via at least 1 Railroad card").\n'
                    "- Every town touching one group is joined to every other town touching it; a "
                    'town beside the group is not "passed" by a route between two others, so it '
                    "does not block that step.\n"
                    "- Satellite Towns counts a town joined in this sense; Long Way never steps "
                    "from a town straight to a town.",
                ),
            ),
            _ruling(
                "SV-3",
                msg("ruling.SV-3.title", 'The Railroad cards "part of" a line'),
                msg(
                    "ruling.SV-3.summary",
                    "The Railroad cards that count for a line are those that lead from town to "
                    "town; dead-end Railroad cards that touch no town are left out.",
                ),
                msg(
                    "ruling.SV-3.text",
                    "A railroad line is a group of consecutive Railroad cards (SV-2) without its "
                    "dead-end spurs: Railroad cards that touch no town and lead nowhere (removed "
                    'one by one from the dead end). The Railroad cards "part of the Valley '
                    'Express" are the lines of the groups that join two consecutive stops of the '
                    "route. Walking Routes counts the cards of such lines.",
                ),
            ),
            _ruling(
                "SV-4",
                msg("ruling.SV-4.title", "The Starting Town is a Town"),
                msg(
                    "ruling.SV-4.summary",
                    "The Starting Town counts as a Town for everything, except that the Valley "
                    "Express scores only the towns after it.",
                ),
                msg(
                    "ruling.SV-4.text",
                    "For everything a Town does: its combination and villagers if the card "
                    "carries them (none by default), Happy Towns, Satellite Towns, The Suburbs "
                    "(as the Town beside a card with villagers, and as a card with villagers), "
                    "The More The Merrier, Long Way, and as a stop of the Valley Express. The "
                    "Express scores 3 for each town **after** the Starting Town (scorepad: "
                    "\"don't count the Starting Town\"), and the game's tie-break compares the "
                    "towns after the Starting Town too: everyone has one, so counting it or not "
                    "never changes who wins.",
                ),
            ),
            _ruling(
                "SV-5",
                msg(
                    "ruling.SV-5.title",
                    "With no stops entered, the Express takes the route best for the player",
                ),
                msg(
                    "ruling.SV-5.summary",
                    "With no Express stops entered, the scorer assumes the legal route that gives "
                    "the player the most points (on the Express and Suburban Trains together) and "
                    "says what an equally long or a longer route would score instead; entering "
                    "the stops settles it.",
                ),
                msg(
                    "ruling.SV-5.text",
                    "The route depends on the order the cards were played, which the final valley "
                    "does not show. Players may enter the stops in order; they are checked (an "
                    "error names the step that no Railroad line joins, or the town entered "
                    "twice). A legal route starts at the Starting Town, and each step goes on to "
                    "a town not yet on it that a Railroad line joins to the last one (SV-2).\n\n"
                    "With no stops entered, the scorer assumes the legal route that gives the "
                    "player the most points on the Valley Express and on the table's goals that "
                    "depend on the route. Only Suburban Trains does (the Fields beside the "
                    "route's Railroad cards); Walking Routes, Satellite Towns, Long Way and the "
                    "goals counting Railroad cards look at every railroad line or card. Among "
                    "routes that score the same, it takes the one with more towns (the "
                    "tie-break), then the first in grid order. Going one town further never "
                    "scores less, so the assumed route always goes as far as it can; it may be "
                    "shorter than the longest route when a shorter one scores more on Suburban "
                    "Trains.\n\n"
                    "The Valley Express line and the Suburban Trains line say that the route is "
                    "assumed. When an equally long route would score less on Suburban Trains, or "
                    "a longer route would score more on the Express, the line says what that "
                    "route would score there, and that entering the stops settles it.\n\n"
                    "No competitive goal depends on the route, so each player's route is chosen "
                    "on their own points and never changes another player's score; the tie-break "
                    "(towns in the Valley Express) counts the towns of the assumed route.",
                ),
            ),
            _ruling(
                "SV-6",
                msg(
                    "ruling.SV-6.title",
                    "Long Way counts cards along one path, and needs a Railroad",
                ),
                msg(
                    "ruling.SV-6.summary",
                    "Long Way counts the cards along the longest single path of Railroad and Town "
                    "cards, never visiting a card twice, and the path needs at least one Railroad "
                    "card.",
                ),
                msg(
                    "ruling.SV-6.text",
                    'The "longest consecutive railroad (a connected chain of the Railroad and '
                    'Town cards)" is measured as the number of cards along the longest path '
                    "through orthogonally adjacent Railroad and Town cards that visits no card "
                    "twice; the size of a branching network does not count, only one path through "
                    "it. Each step has a Railroad card on at least one side (SV-2), so a chain "
                    "always holds a Railroad card; a lone Railroad card is a chain of 1; towns "
                    "with no Railroad are no chain.",
                ),
            ),
            _ruling(
                "SV-7",
                msg("ruling.SV-7.title", "Walking Routes on a branching line"),
                msg(
                    "ruling.SV-7.summary",
                    "Walking Routes scores 2 for each Railroad card after the first of every "
                    "railroad line that joins two towns; dead-end Railroad cards do not count.",
                ),
                msg(
                    "ruling.SV-7.text",
                    "For each railroad line (SV-3) that touches at least two towns: 2 points for "
                    "each of its Railroad cards after the first. Dead-end spurs do not count "
                    "(they connect no towns); two towns joined by a single Railroad card give 0.",
                ),
            ),
            _ruling(
                "SV-8",
                msg("ruling.SV-8.title", "Suburban Trains counts each Field once"),
                msg(
                    "ruling.SV-8.summary",
                    "Suburban Trains counts each Field beside the Express's Railroad cards once, "
                    "however many of them it touches, and scores 3 per full pair.",
                ),
                msg(
                    "ruling.SV-8.text",
                    '"Every 2 Field cards next to the Railroad cards which are a part of the '
                    'Valley Express": the Field cards (SV-1) beside at least one Express Railroad '
                    "card (SV-3) are counted once each, however many such Railroad cards they "
                    "touch; 3 points per full pair, an odd Field left over scores nothing.",
                ),
            ),
            _ruling(
                "SV-9",
                msg("ruling.SV-9.title", "Vast Land counts consecutive cards"),
                msg(
                    "ruling.SV-9.summary",
                    "Vast Land measures the longest run of cards without a gap in one row or one "
                    "column.",
                ),
                msg(
                    "ruling.SV-9.text",
                    '"The longest row of cards" is the longest run of cards without a gap in one '
                    'row or one column. *Option:* `options.vast_land = "whole_line"` counts every '
                    "card of a row or column, gaps or not.",
                ),
            ),
            _ruling(
                "SV-10",
                msg("ruling.SV-10.title", "Competitive goals: ties, and nobody"),
                msg(
                    "ruling.SV-10.summary",
                    "A competitive goal's 6 points go to the best player; tied best players split "
                    "them, rounded up, and nobody scores a goal nobody has any of.",
                ),
                msg(
                    "ruling.SV-10.text",
                    "The best measure scores 6. Tied best players split 6 evenly, rounded up: 2 "
                    "players 3 each, 3 players 2 each, 4 or 5 players 2 each, 6 players 1 each. A "
                    "player with none of the thing (measure 0) wins nothing, so when nobody has "
                    "any, nobody scores.",
                ),
            ),
            _ruling(
                "SV-11",
                msg(
                    "ruling.SV-11.title",
                    "A combination is complete when every asked card is adjacent",
                ),
                msg(
                    "ruling.SV-11.summary",
                    "A Town or Farmer scores its combination once when every card it asks for "
                    "lies beside it, whatever else lies there too.",
                ),
                msg(
                    "ruling.SV-11.text",
                    "A Town or Farmer combination lists kinds, possibly repeated (a multiset of 1 "
                    "to 4). It is complete when the orthogonally adjacent cards include each kind "
                    "as many times as asked; other adjacent cards do not matter, and the "
                    "combination scores once however many extra matching cards there are.",
                ),
            ),
            _ruling(
                "SV-12",
                msg("ruling.SV-12.title", "Half-entered valleys score, with a warning"),
                msg(
                    "ruling.SV-12.summary",
                    "A valley with more or fewer than 18 Valley cards is still scored as entered, "
                    "with a warning.",
                ),
                msg(
                    "ruling.SV-12.text",
                    "A valley with other than 18 Valley cards is scored as entered (players check "
                    "a valley as they enter it); the result carries a warning naming the player "
                    "and the count.",
                ),
            ),
        ),
    ),
    Game(
        "GI",
        "Girasoles",
        intro=msg(
            "ruling.GI.intro",
            'Rulebook: `girasoles.txt`. Places are named "row 3, column 5", counted from 1 at the '
            "board's top left.",
        ),
        rulings=(
            _ruling(
                "GI-1",
                msg("ruling.GI-1.title", "An area is one colour's spaces joined side by side"),
                msg(
                    "ruling.GI-1.summary",
                    "An area is a group of covered spaces of one colour joined by their sides, "
                    "never only at a corner.",
                ),
                msg(
                    "ruling.GI-1.text",
                    "An area is a largest group of covered spaces of one colour, each joined to "
                    "another by a side (never only at a corner). Symbols do not matter: a red bee "
                    "is a red space of a red area. Empty spaces belong to no area, and a lone "
                    "space is an area of 1. Used by I. Leaves (a leaf scores the area of its own "
                    "space), objectives 5 and 6 (areas of the card's colour) and 15.",
                ),
            ),
            _ruling(
                "GI-2",
                msg(
                    "ruling.GI-2.title",
                    "Objective 4: sunflower areas are sunflowers joined side by side, any colours",
                ),
                msg(
                    "ruling.GI-2.summary",
                    "For objective 4, sunflowers joined by their sides form one area whatever the "
                    "colours of their spaces.",
                ),
                msg(
                    "ruling.GI-2.text",
                    '"Sunflowers form areas regardless of their color" and "diagonally connected '
                    'areas are independent": a sunflower area is a largest group of spaces '
                    "holding sunflowers, each joined to another by a side, whatever the colours "
                    "of the spaces. Sunflowers touching only at a corner are two areas; a lone "
                    "sunflower is an area.",
                ),
            ),
            _ruling(
                "GI-3",
                msg("ruling.GI-3.title", "Objective 13 counts each kind and colour once"),
                msg(
                    "ruling.GI-3.summary",
                    "Objective 13 scores 1 for each different kind and colour of bee, leaf or "
                    "ladybug on the board.",
                ),
                msg(
                    "ruling.GI-3.text",
                    '"1 point for each bee, leaf or ladybug of different colors": each different '
                    "pair of kind (bee, leaf, ladybug) and colour scores 1, wherever it is; a "
                    "second red bee adds nothing, a red leaf does. At most 12 (3 kinds, 4 "
                    'colours). *Option:* `options.objective_13 = "colour"` scores each colour '
                    "holding at least one bee, leaf or ladybug instead (at most 4), the reading "
                    '"of different colours from one another".',
                ),
            ),
            _ruling(
                "GI-4",
                msg(
                    "ruling.GI-4.title",
                    "Pairs are a maximum matching; a card with one object twice pairs it with "
                    "itself",
                ),
                msg(
                    "ruling.GI-4.summary",
                    "Objectives 7 to 9 count the most side-by-side pairs of the card's two "
                    "objects that can be made, each object in one pair only.",
                ),
                msg(
                    "ruling.GI-4.text",
                    "Objectives 7 to 9 score 2 for each pair of side-by-side spaces holding the "
                    "card's two objects, each object in one pair only: the scorer takes the most "
                    "such pairs there can be (a maximum matching), not the first found, since a "
                    "greedy choice can strand objects. Colours do not matter. Should a card show "
                    "the same object twice, a pair is two side-by-side spaces holding it.",
                ),
            ),
            _ruling(
                "GI-5",
                msg(
                    "ruling.GI-5.title",
                    "The rulebook announces 16 additional objectives and describes 15",
                ),
                msg(
                    "ruling.GI-5.summary",
                    "Only the 15 additional objectives the rulebook describes can be scored; a "
                    "16th is refused.",
                ),
                msg(
                    "ruling.GI-5.text",
                    'The components list "16 additional objectives"; the list describes 1 to 15. '
                    "Only those 15 can be scored; an objective numbered 16 or more is refused "
                    "with a message, and nothing is invented for a 16th card.",
                ),
            ),
            _ruling(
                "GI-6",
                msg(
                    "ruling.GI-6.title",
                    "Cards that share a rule show their colour or objects, which the table enters",
                ),
                msg(
                    "ruling.GI-6.summary",
                    "For cards that share a rule, the table enters the colour or the two objects "
                    "the card shows.",
                ),
                msg(
                    "ruling.GI-6.text",
                    "Cards 1 and 2 (spaces on the edges), 5 and 6 (areas) and 7, 8 and 9 (pairs) "
                    "share a rule and differ by what the card shows; the rulebook does not say "
                    'what each shows, so the table enters the colour (`"colour"`) or the two '
                    'objects (`"objects"`). One card number is entered once. Two cards of one '
                    "rule entered with the same colour or objects are scored as entered, with a "
                    "warning to check the cards.",
                ),
            ),
            _ruling(
                "GI-7",
                msg("ruling.GI-7.title", "The edges are the outer ring; a corner is one space"),
                msg(
                    "ruling.GI-7.summary",
                    "The edges are the first and last rows and columns, and a corner space counts "
                    "once.",
                ),
                msg(
                    "ruling.GI-7.text",
                    '"On the edges of the board" means the spaces of the first and last row and '
                    "the first and last column. A corner space lies on two edges and counts once "
                    "(objectives 1, 2 and 3). Empty spaces score nothing.",
                ),
            ),
            _ruling(
                "GI-8",
                msg(
                    "ruling.GI-8.title",
                    "Rows and columns with all 4 colours look at covered spaces",
                ),
                msg(
                    "ruling.GI-8.summary",
                    "Objective 12 scores each row and each column whose covered spaces show all 4 "
                    "colours.",
                ),
                msg(
                    "ruling.GI-8.text",
                    "Objective 12: a row or column scores when its covered spaces show all 4 "
                    "colours; each row and each column is checked, so one space may help its row "
                    "and its column. Symbols do not matter.",
                ),
            ),
            _ruling(
                "GI-9",
                msg("ruling.GI-9.title", "Sets do not share objects"),
                msg(
                    "ruling.GI-9.summary",
                    "Objectives 14 and 15 never use one sunflower, bee, leaf or ladybug in two "
                    "sets.",
                ),
                msg(
                    "ruling.GI-9.text",
                    "Objective 14: each sunflower belongs to one set at most, so the sets of 4 "
                    "colours are as many as the sunflowers of the scarcest colour. Objective 15: "
                    "a set is a bee, a leaf and a ladybug in one area (so of one colour, GI-1), "
                    "each in one set at most: an area holds as many sets as its scarcest of the "
                    "three.",
                ),
            ),
            _ruling(
                "GI-10",
                msg("ruling.GI-10.title", "The board's size is part of the board"),
                msg(
                    "ruling.GI-10.summary",
                    "A board is 6 rows by 6 columns unless the table sets another size from 4 to "
                    "10.",
                ),
                msg(
                    "ruling.GI-10.text",
                    "The rulebook does not give the size of a personal board. A board is 6 rows "
                    "by 6 columns unless the table says otherwise, 4 to 10 each way. A symbol "
                    "takes the colour of its space.",
                ),
            ),
            _ruling(
                "GI-11",
                msg("ruling.GI-11.title", "One to four players"),
                msg("ruling.GI-11.summary", "A table of Girasoles has 1 to 4 players."),
                msg(
                    "ruling.GI-11.text",
                    "The game has 4 personal boards and the rulebook gives no player count: a "
                    "table has 1 to 4 players. One player is allowed so that a lone board (like "
                    "the rulebook's scoring example) can be checked.",
                ),
            ),
            _ruling(
                "GI-12",
                msg(
                    "ruling.GI-12.title",
                    "Fewer additional objectives than the mode: scored as entered, with a warning",
                ),
                msg(
                    "ruling.GI-12.summary",
                    "A table with fewer additional objectives than its mode is scored as entered, "
                    "with a warning; more is refused.",
                ),
                msg(
                    "ruling.GI-12.text",
                    "A finished game has 3 active additional objectives (4 in advanced mode). A "
                    "table with fewer is scored as entered (the rulebook's scoring example has "
                    "none) and the result warns; more than the mode allows is refused.",
                ),
            ),
        ),
    ),
    Game(
        "MV",
        "Maple Valley",
        intro=msg(
            "ruling.MV.intro",
            'Rulebook: `maple_valley.txt`, "Final Scoring", "The Winner!" and "Solo Play". Not '
            "rulings, since the rulebook says so: Favours still being prepared are discarded and "
            'not entered; one Favour satisfies every card that asks to "also have" it; the winner '
            "has the highest total, and tied players all win (there is no tie-break).",
        ),
        rulings=(
            _ruling(
                "MV-1",
                msg("ruling.MV-1.title", "Honey scores alone, never in a batch"),
                msg(
                    "ruling.MV-1.summary",
                    "Each Honey scores 1 on its own and is never part of a batch of three "
                    "resources.",
                ),
                msg(
                    "ruling.MV-1.text",
                    "Leftovers: 1 point per Honey, 1 per Map, 1 per batch of 3 of the other nine "
                    "resources (any blend of Goods and Curiosities), remainders score nothing. "
                    '"Honey, Maps, and batches of three resources" lists Honey beside the '
                    "batches, so a Honey is counted once, on its own, and is never also part of a "
                    "batch. (Putting a Honey into a batch could never help: it is worth 1 alone, "
                    "a third of a point in a batch.) Maps are not resources: they are never "
                    "batched or stored.",
                ),
            ),
            _ruling(
                "MV-2",
                msg(
                    "ruling.MV-2.title",
                    "Stored resources are placed at the end, for the best score",
                ),
                msg(
                    "ruling.MV-2.summary",
                    'The scorer places the resources on "stored here" Favours at the end of the '
                    "game in the way that scores the most.",
                ),
                msg(
                    "ruling.MV-2.text",
                    '"You can reorganize your resources on such Favours to make sure you have the '
                    'best score now, but each resource may only be used to score one card." '
                    "Players enter every Good and Curiosity they hold (in the Pack or on "
                    'Favours); the scorer chooses how many sets each "stored here" Favour holds '
                    "so that stored bonuses + Leftovers are highest (exact search; Honey counts "
                    "in the comparison), and says so in each such Favour's line and in a note. "
                    "Stored resources are not leftovers. Among equally good choices it stores as "
                    "many sets as possible on the earliest Favours listed.",
                ),
            ),
            _ruling(
                "MV-3",
                msg("ruling.MV-3.title", '"Also have" asks for another card'),
                msg(
                    "ruling.MV-3.summary",
                    "A Favour's \"if you also have X\" bonus needs another of the player's "
                    "Favours named X; a card never satisfies its own condition.",
                ),
                msg(
                    "ruling.MV-3.text",
                    "A Favour's \"if you also have X\" bonus needs another brought Favour named X "
                    "(names compared ignoring case): a card never satisfies its own condition, a "
                    "second copy of it does. Only the player's own brought Favours count. A bonus "
                    "naming a Favour no card of the table is called gives a warning (likely a "
                    "misspelling); it still scores without the bonus.",
                ),
            ),
            _ruling(
                "MV-4",
                msg(
                    "ruling.MV-4.title",
                    "The Starter is a Friend of every travel type for Patch bonuses",
                ),
                msg(
                    "ruling.MV-4.summary",
                    "The Starter counts as a Friend of every travel type for Patches that pay per "
                    "Friend of a type.",
                ),
                msg(
                    "ruling.MV-4.text",
                    '"Your Starter counts as a Friend card for all purposes" and shows all three '
                    "travel types, so a Patch paying per Water (Rock, Forest) Friend counts the "
                    "Starter. Every player has a Starter: it is never entered, scores 0 on the "
                    "Friends line, and is listed there. *Option:* "
                    "`options.starter_counts_for_travel_bonuses = false` leaves it out of such "
                    "bonuses (reading: it travels one type per turn, chosen when played). A "
                    "Friend showing two types counts for each.",
                ),
            ),
            _ruling(
                "MV-5",
                msg(
                    "ruling.MV-5.title",
                    "The solo travel question counts the Starter for all three types",
                ),
                msg(
                    "ruling.MV-5.summary",
                    "The solo title's travel question counts the Starter once for each of the "
                    "three types, so it never changes the answer.",
                ),
                msg(
                    "ruling.MV-5.text",
                    "It adds one to each type, so it never changes which type is most; with no "
                    "other Friend the three types tie (a Three-Way Tie). The MV-4 option does not "
                    "apply to the title.",
                ),
            ),
            _ruling(
                "MV-6",
                msg("ruling.MV-6.title", "Festivity places by distinct cube counts"),
                msg(
                    "ruling.MV-6.summary",
                    "On a Festivity the players with the most cubes score cubes + 4, the next "
                    "distinct count cubes + 2, and anyone else 1 per cube.",
                ),
                msg(
                    "ruling.MV-6.text",
                    "The players with the most cubes (however many tie) score cubes + 4; the "
                    "players with the next distinct count score cubes + 2; any other player with "
                    "cubes scores 1 per cube. So 3, 3, 2 -> 7, 7, 4 (the rulebook's Square "
                    "Dance), 2, 2, 2, 1 -> 6, 6, 6, 3, and 5, 2, 2, 1 -> 9, 4, 4, 1. A player "
                    "without cubes scores 0 and takes no place.",
                ),
            ),
            _ruling(
                "MV-7",
                msg("ruling.MV-7.title", "Only players' cubes are entered"),
                msg(
                    "ruling.MV-7.summary",
                    "Only the players' own cubes on each Festivity are entered, at most 10 per "
                    "player.",
                ),
                msg(
                    "ruling.MV-7.text",
                    'Cubes of unused colours that block rows "do not count", so the table asks '
                    "only for each player's cubes on each Festivity, by the Festivity's name (3 "
                    "Festivities; none in a solo game). A player owns 10 cubes: more than 10 on "
                    "Festivities is an error.",
                ),
            ),
            _ruling(
                "MV-8",
                msg("ruling.MV-8.title", "The solo title"),
                msg(
                    "ruling.MV-8.summary",
                    "The solo title's answers come from the Favours, the total and the Patches, "
                    "and a tie takes the table's choice or else the rulebook's first answer.",
                ),
                msg(
                    "ruling.MV-8.text",
                    "Question 1 counts the Favours brought by category; question 2 uses the final "
                    "total; question 3 the Patches held. Where the rulebook lets the player "
                    "choose between tied answers (question 1; question 4 with two types tied), "
                    "the table's `solo.favour_category` / `solo.travel` is used if it is one of "
                    "the tied answers; otherwise the first tied answer in the rulebook's order "
                    "(Decoration, Entertainment, Food, Gift; Water, Rock, Forest), and the note "
                    "says so. Three tied travel types: the title keeps the first three words and "
                    'ends ", Three-Way Tie of Maple Valley" (e.g. "Heartily Sleepy Rambler, '
                    'Three-Way Tie of Maple Valley"), every answer being shown in the notes.',
                ),
            ),
        ),
    ),
)

RULINGS: dict[str, Ruling] = {ruling.id: ruling for game in GAMES for ruling in game.rulings}


def ruling(ruling_id: str) -> Ruling | None:
    """The ruling with this id, or None."""
    return RULINGS.get(ruling_id)


def _wrapped(text: str) -> str:
    """A text for the document: each line wrapped, a list item's continuation indented."""
    return "\n".join(
        textwrap.fill(
            line,
            DOCUMENT_WIDTH,
            subsequent_indent="  " if line.startswith("- ") else "",
            break_long_words=False,
            break_on_hyphens=False,
        )
        if line
        else ""
        for line in text.split("\n")
    )


def rulings_markdown(words: Wording = ENGLISH) -> str:
    """docs/RULINGS.md: every game's introduction and rulings, each with its summary, in
    ``words``' language."""

    def said(message: Message) -> str:
        return message.rendered(words).text

    out = ["# " + said(msg("ruling.document.title", "Rulings")), "",
           _wrapped(_paragraphs(said(INTRO)))]
    for game in GAMES:
        out += ["", f"## {game.name} ({game.code})", "", _wrapped(_paragraphs(said(game.intro)))]
        for each in (ruling.in_language(words) for ruling in game.rulings):
            in_short = msg("ruling.document.in_short", "*In short:* {summary}",
                           summary=each.summary)
            out += ["", f"### {each.id} {each.title}", "", _wrapped(said(in_short)), "",
                    _wrapped(each.text)]
    return "\n".join(out) + "\n"
