"""The project's rulings, as data: where a rulebook is ambiguous, how scorepad reads it.

Each ruling has an id (cited by every scoring line that relies on it), a title, a one-sentence
summary (what the app and ``scorepad score`` quote) and its full text (docs/RULINGS.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ruling:
    id: str
    title: str
    summary: str
    text: str


RULINGS: dict[str, Ruling] = {ruling.id: ruling for ruling in (
    Ruling('SV-1', 'Farmers are Field cards, everywhere',
           '"Farmer cards are considered Field cards." A Farmer counts as a Field for Town and Farmer combinations that ask for a Field, for Mountains, Sunny Valley, Boundless Field and Suburban Trains.',
           '"Farmer cards are considered Field cards." A Farmer counts as a Field for Town and Farmer\ncombinations that ask for a Field, for Mountains, Sunny Valley, Boundless Field and Suburban Trains.\nA Farmer still scores its own combination on the Farmers row. *Option:*\n`options.farmers_count_as_fields = false` makes Farmers count only as Farmers.'),
    Ruling('SV-2', 'Two towns are joined by one group of consecutive Railroad cards',
           'Two towns (Town cards or the Starting Town) are joined when one group of orthogonally consecutive Railroad cards touches both (side by side, never diagonally).',
           'Two towns (Town cards or the Starting Town) are joined when one group of orthogonally consecutive\nRailroad cards touches both (side by side, never diagonally). Consequences:\n- Two towns side by side with no Railroad card between them are **not** joined ("via at least 1\n  Railroad card").\n- Every town touching one group is joined to every other town touching it; a town beside the group\n  is not "passed" by a route between two others, so it does not block that step.\n- Satellite Towns counts a town joined in this sense; Long Way never steps from a town straight to a\n  town.'),
    Ruling('SV-3', 'The Railroad cards "part of" a line',
           'A railroad line is a group of consecutive Railroad cards (SV-2) without its dead-end spurs: Railroad cards that touch no town and lead nowhere (removed one by one from the dead end).',
           'A railroad line is a group of consecutive Railroad cards (SV-2) without its dead-end spurs: Railroad\ncards that touch no town and lead nowhere (removed one by one from the dead end). The Railroad cards\n"part of the Valley Express" are the lines of the groups that join two consecutive stops of the\nroute. Walking Routes counts the cards of such lines.'),
    Ruling('SV-4', 'The Starting Town is a Town',
           'For everything a Town does: its combination and villagers if the card carries them (none by default), Happy Towns, Satellite Towns, The Suburbs (as the Town beside a card with villagers, and as a card with villagers), The More The Merrier, Long Way, and as a stop of the Valley Express.',
           'For everything a Town does: its combination and villagers if the card carries them (none by default),\nHappy Towns, Satellite Towns, The Suburbs (as the Town beside a card with villagers, and as a card\nwith villagers), The More The Merrier, Long Way, and as a stop of the Valley Express. The Express\nscores 3 for each town **after** the Starting Town (scorepad: "don\'t count the Starting Town"), and\nthe game\'s tie-break compares the towns after the Starting Town too: everyone has one, so counting it\nor not never changes who wins.'),
    Ruling('SV-5', 'The Valley Express route is assumed when not entered',
           'The route depends on the order the cards were played, which the final valley does not show.',
           'The route depends on the order the cards were played, which the final valley does not show. Players\nmay enter the stops in order; they are checked (an error names the step that no Railroad line joins,\nor the town entered twice). With no stops entered the scorer assumes the longest legal route from the\nStarting Town, shows it and says so in the line.'),
    Ruling('SV-6', 'Long Way counts cards along one path, and needs a Railroad',
           'The "longest consecutive railroad (a connected chain of the Railroad and Town cards)" is measured as the number of cards along the longest path through orthogonally adjacent Railroad and Town cards that visits no card twice; the size of a branching network does not count, only one path through',
           'The "longest consecutive railroad (a connected chain of the Railroad and Town cards)" is measured\nas the number of cards along the longest path through orthogonally adjacent Railroad and Town cards\nthat visits no card twice; the size of a branching network does not count, only one path through\nit. Each step has a Railroad card on at least one side (SV-2), so a chain always holds a Railroad\ncard; a lone Railroad card is a chain of 1; towns with no Railroad are no chain.'),
    Ruling('SV-7', 'Walking Routes on a branching line',
           'For each railroad line (SV-3) that touches at least two towns: 2 points for each of its Railroad cards after the first.',
           'For each railroad line (SV-3) that touches at least two towns: 2 points for each of its Railroad\ncards after the first. Dead-end spurs do not count (they connect no towns); two towns joined by a\nsingle Railroad card give 0.'),
    Ruling('SV-8', 'Suburban Trains counts each Field once',
           '"Every 2 Field cards next to the Railroad cards which are a part of the Valley Express": the Field cards (SV-1) beside at least one Express Railroad card (SV-3) are counted once each, however many such Railroad cards they touch; 3 points per full pair, an odd Field left over scores nothing.',
           '"Every 2 Field cards next to the Railroad cards which are a part of the Valley Express": the Field\ncards (SV-1) beside at least one Express Railroad card (SV-3) are counted once each, however many\nsuch Railroad cards they touch; 3 points per full pair, an odd Field left over scores nothing.'),
    Ruling('SV-9', 'Vast Land counts consecutive cards',
           '"The longest row of cards" is the longest run of cards without a gap in one row or one column.',
           '"The longest row of cards" is the longest run of cards without a gap in one row or one column.\n*Option:* `options.vast_land = "whole_line"` counts every card of a row or column, gaps or not.'),
    Ruling('SV-10', 'Competitive goals: ties, and nobody',
           'The best measure scores 6.',
           'The best measure scores 6. Tied best players split 6 evenly, rounded up: 2 players 3 each, 3\nplayers 2 each, 4 or 5 players 2 each, 6 players 1 each. A player with none of the thing (measure\n0) wins nothing, so when nobody has any, nobody scores.'),
    Ruling('SV-11', 'A combination is complete when every asked card is adjacent',
           'A Town or Farmer combination lists kinds, possibly repeated (a multiset of 1 to 4).',
           'A Town or Farmer combination lists kinds, possibly repeated (a multiset of 1 to 4). It is complete\nwhen the orthogonally adjacent cards include each kind as many times as asked; other adjacent cards\ndo not matter, and the combination scores once however many extra matching cards there are.'),
    Ruling('SV-12', 'Half-entered valleys score, with a warning',
           'A valley with other than 18 Valley cards is scored as entered (players check a valley as they enter it); the result carries a warning naming the player and the count.',
           'A valley with other than 18 Valley cards is scored as entered (players check a valley as they enter\nit); the result carries a warning naming the player and the count.'),
    Ruling('GI-1', "An area is one colour's spaces joined side by side",
           'An area is a largest group of covered spaces of one colour, each joined to another by a side (never only at a corner).',
           "An area is a largest group of covered spaces of one colour, each joined to another by a side\n(never only at a corner). Symbols do not matter: a red bee is a red space of a red area. Empty\nspaces belong to no area, and a lone space is an area of 1. Used by I. Leaves (a leaf scores\nthe area of its own space), objectives 5 and 6 (areas of the card's colour) and 15."),
    Ruling('GI-2', 'Objective 4: sunflower areas are sunflowers joined side by side, any colours',
           '"Sunflowers form areas regardless of their color" and "diagonally connected areas are independent": a sunflower area is a largest group of spaces holding sunflowers, each joined to another by a side, whatever the colours of the spaces.',
           '"Sunflowers form areas regardless of their color" and "diagonally connected areas are\nindependent": a sunflower area is a largest group of spaces holding sunflowers, each joined to\nanother by a side, whatever the colours of the spaces. Sunflowers touching only at a corner are\ntwo areas; a lone sunflower is an area.'),
    Ruling('GI-3', 'Objective 13 counts each kind and colour once',
           '"1 point for each bee, leaf or ladybug of different colors": each different pair of kind (bee, leaf, ladybug) and colour scores 1, wherever it is; a second red bee adds nothing, a red leaf does.',
           '"1 point for each bee, leaf or ladybug of different colors": each different pair of kind (bee,\nleaf, ladybug) and colour scores 1, wherever it is; a second red bee adds nothing, a red leaf\ndoes. At most 12 (3 kinds, 4 colours). *Option:* `options.objective_13 = "colour"` scores each\ncolour holding at least one bee, leaf or ladybug instead (at most 4), the reading "of different\ncolours from one another".'),
    Ruling('GI-4', 'Pairs are a maximum matching; a card with one object twice pairs it with itself',
           "Objectives 7 to 9 score 2 for each pair of side-by-side spaces holding the card's two objects, each object in one pair only: the scorer takes the most such pairs there can be (a maximum matching), not the first found, since a greedy choice can strand objects.",
           "Objectives 7 to 9 score 2 for each pair of side-by-side spaces holding the card's two objects,\neach object in one pair only: the scorer takes the most such pairs there can be (a maximum\nmatching), not the first found, since a greedy choice can strand objects. Colours do not matter.\nShould a card show the same object twice, a pair is two side-by-side spaces holding it."),
    Ruling('GI-5', 'The rulebook announces 16 additional objectives and describes 15',
           'The components list "16 additional objectives"; the list describes 1 to 15.',
           'The components list "16 additional objectives"; the list describes 1 to 15. Only those 15 can be\nscored; an objective numbered 16 or more is refused with a message, and nothing is invented for\na 16th card.'),
    Ruling('GI-6', 'Cards that share a rule show their colour or objects, which the table enters',
           'Cards 1 and 2 (spaces on the edges), 5 and 6 (areas) and 7, 8 and 9 (pairs) share a rule and differ by what the card shows; the rulebook does not say what each shows, so the table enters the colour (`"colour"`) or the two objects (`"objects"`).',
           'Cards 1 and 2 (spaces on the edges), 5 and 6 (areas) and 7, 8 and 9 (pairs) share a rule and\ndiffer by what the card shows; the rulebook does not say what each shows, so the table enters the\ncolour (`"colour"`) or the two objects (`"objects"`). One card number is entered once. Two cards\nof one rule entered with the same colour or objects are scored as entered, with a warning to\ncheck the cards.'),
    Ruling('GI-7', 'The edges are the outer ring; a corner is one space',
           '"On the edges of the board" means the spaces of the first and last row and the first and last column.',
           '"On the edges of the board" means the spaces of the first and last row and the first and last\ncolumn. A corner space lies on two edges and counts once (objectives 1, 2 and 3). Empty spaces\nscore nothing.'),
    Ruling('GI-8', 'Rows and columns with all 4 colours look at covered spaces',
           'Objective 12: a row or column scores when its covered spaces show all 4 colours; each row and each column is checked, so one space may help its row and its column.',
           'Objective 12: a row or column scores when its covered spaces show all 4 colours; each row and\neach column is checked, so one space may help its row and its column. Symbols do not matter.'),
    Ruling('GI-9', 'Sets do not share objects',
           'Objective 14: each sunflower belongs to one set at most, so the sets of 4 colours are as many as the sunflowers of the scarcest colour.',
           'Objective 14: each sunflower belongs to one set at most, so the sets of 4 colours are as many as\nthe sunflowers of the scarcest colour. Objective 15: a set is a bee, a leaf and a ladybug in one\narea (so of one colour, GI-1), each in one set at most: an area holds as many sets as its scarcest\nof the three.'),
    Ruling('GI-10', "The board's size is part of the board",
           'The rulebook does not give the size of a personal board.',
           'The rulebook does not give the size of a personal board. A board is 6 rows by 6 columns unless\nthe table says otherwise, 4 to 10 each way. A symbol takes the colour of its space.'),
    Ruling('GI-11', 'One to four players',
           'The game has 4 personal boards and the rulebook gives no player count: a table has 1 to 4 players.',
           "The game has 4 personal boards and the rulebook gives no player count: a table has 1 to 4\nplayers. One player is allowed so that a lone board (like the rulebook's scoring example) can be\nchecked."),
    Ruling('GI-12', 'Fewer additional objectives than the mode: scored as entered, with a warning',
           'A finished game has 3 active additional objectives (4 in advanced mode).',
           "A finished game has 3 active additional objectives (4 in advanced mode). A table with fewer is\nscored as entered (the rulebook's scoring example has none) and the result warns; more than the\nmode allows is refused."),
    Ruling('MV-1', 'Honey scores alone, never in a batch',
           'Leftovers: 1 point per Honey, 1 per Map, 1 per batch of 3 of the other nine resources (any blend of Goods and Curiosities), remainders score nothing.',
           'Leftovers: 1 point per Honey, 1 per Map, 1 per batch of 3 of the other nine resources (any blend of\nGoods and Curiosities), remainders score nothing. "Honey, Maps, and batches of three resources"\nlists Honey beside the batches, so a Honey is counted once, on its own, and is never also part of a\nbatch. (Putting a Honey into a batch could never help: it is worth 1 alone, a third of a point in a\nbatch.) Maps are not resources: they are never batched or stored.'),
    Ruling('MV-2', 'Stored resources are placed at the end, for the best score',
           '"You can reorganize your resources on such Favours to make sure you have the best score now, but each resource may only be used to score one card." Players enter every Good and Curiosity they hold (in the Pack or on Favours); the scorer chooses how many sets each "stored here" Favour holds so that',
           '"You can reorganize your resources on such Favours to make sure you have the best score now, but\neach resource may only be used to score one card." Players enter every Good and Curiosity they hold\n(in the Pack or on Favours); the scorer chooses how many sets each "stored here" Favour holds so that\nstored bonuses + Leftovers are highest (exact search; Honey counts in the comparison), and says so in\neach such Favour\'s line and in a note. Stored resources are not leftovers. Among equally good\nchoices it stores as many sets as possible on the earliest Favours listed.'),
    Ruling('MV-3', '"Also have" asks for another card',
           'A Favour\'s "if you also have X" bonus needs another brought Favour named X (names compared ignoring case): a card never satisfies its own condition, a second copy of it does.',
           'A Favour\'s "if you also have X" bonus needs another brought Favour named X (names compared ignoring\ncase): a card never satisfies its own condition, a second copy of it does. Only the player\'s own\nbrought Favours count. A bonus naming a Favour no card of the table is called gives a warning\n(likely a misspelling); it still scores without the bonus.'),
    Ruling('MV-4', 'The Starter is a Friend of every travel type for Patch bonuses',
           '"Your Starter counts as a Friend card for all purposes" and shows all three travel types, so a Patch paying per Water (Rock, Forest) Friend counts the Starter.',
           '"Your Starter counts as a Friend card for all purposes" and shows all three travel types, so a Patch\npaying per Water (Rock, Forest) Friend counts the Starter. Every player has a Starter: it is never\nentered, scores 0 on the Friends line, and is listed there. *Option:*\n`options.starter_counts_for_travel_bonuses = false` leaves it out of such bonuses (reading: it\ntravels one type per turn, chosen when played). A Friend showing two types counts for each.'),
    Ruling('MV-5', 'The solo travel question counts the Starter for all three types',
           'It adds one to each type, so it never changes which type is most; with no other Friend the three types tie (a Three-Way Tie).',
           'It adds one to each type, so it never changes which type is most; with no other Friend the three\ntypes tie (a Three-Way Tie). The MV-4 option does not apply to the title.'),
    Ruling('MV-6', 'Festivity places by distinct cube counts',
           'The players with the most cubes (however many tie) score cubes + 4; the players with the next distinct count score cubes + 2; any other player with cubes scores 1 per cube.',
           "The players with the most cubes (however many tie) score cubes + 4; the players with the next\ndistinct count score cubes + 2; any other player with cubes scores 1 per cube. So 3, 3, 2 -> 7, 7,\n4 (the rulebook's Square Dance), 2, 2, 2, 1 -> 6, 6, 6, 3, and 5, 2, 2, 1 -> 9, 4, 4, 1. A player\nwithout cubes scores 0 and takes no place."),
    Ruling('MV-7', "Only players' cubes are entered",
           'Cubes of unused colours that block rows "do not count", so the table asks only for each player\'s cubes on each Festivity, by the Festivity\'s name (3 Festivities; none in a solo game).',
           'Cubes of unused colours that block rows "do not count", so the table asks only for each player\'s\ncubes on each Festivity, by the Festivity\'s name (3 Festivities; none in a solo game). A player owns\n10 cubes: more than 10 on Festivities is an error.'),
    Ruling('MV-8', 'The solo title',
           'Question 1 counts the Favours brought by category; question 2 uses the final total; question 3 the Patches held.',
           'Question 1 counts the Favours brought by category; question 2 uses the final total; question 3 the\nPatches held. Where the rulebook lets the player choose between tied answers (question 1; question\n4 with two types tied), the table\'s `solo.favour_category` / `solo.travel` is used if it is one of the\ntied answers; otherwise the first tied answer in the rulebook\'s order (Decoration, Entertainment,\nFood, Gift; Water, Rock, Forest), and the note says so. Three tied travel types: the title keeps\nthe first three words and ends ", Three-Way Tie of Maple Valley" (e.g. "Heartily Sleepy Rambler,\nThree-Way Tie of Maple Valley"), every answer being shown in the notes.'),
)}


def ruling(ruling_id: str) -> Ruling | None:
    """The ruling with this id, or None."""
    return RULINGS.get(ruling_id)
