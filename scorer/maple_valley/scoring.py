"""Score a whole Maple Valley table: every Final Scoring line, the Festivities, ranks, and the
solo title."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from scorer.core.breakdown import Competition, Line, Row, TableResult
from scorer.core.players import name_key
from scorer.core.ranking import (
    Standing,
    explain_tie_break,
    ranked_results,
    standings_of,
    winners,
)
from scorer.maple_valley import lines
from scorer.maple_valley.festivities import festivity_lines
from scorer.maple_valley.models import (
    AlsoHave,
    Favour,
    Friend,
    MapleValleyTable,
    Options,
    Patch,
    Player,
    Resource,
)
from scorer.maple_valley.solo import solo_title
from scorer.maple_valley.storage import Storage, allocate, kept_storage, leftovers, storing_bonus
from scorer.maple_valley.words import semicolons
from scorer.message import Message, msg, msg_n

NO_TIE_BREAK = msg("mv.no_tie_break", "Maple Valley has no tie-break: tied players all win "
                   "(\"it's an even better win than winning alone\").")


def score_table(table: MapleValleyTable) -> TableResult:
    player_lines: dict[str, list[Line]] = {}
    notes: dict[str, list[Message]] = {}
    for player in table.players:
        player_lines[player.name], notes[player.name] = player_own_lines(table, player)

    rows = [Row(category=key, label=label) for key, label in lines.ROWS.items()]
    competitions: list[Competition] = []
    for number, festivity in enumerate(table.festivity_names, start=1):
        category = f"festivity_{number}"
        label = table.festivity_label(number)
        rows.append(Row(category=category, label=label))
        cubes = {player.name: table.cubes_of(player, festivity) for player in table.players}
        competition, festivity_line = festivity_lines(category, label, cubes)
        competitions.append(competition)
        for name, line in festivity_line.items():
            player_lines[name].append(line)

    standings = standings_of(player_lines, {player.name: () for player in table.players})
    if table.is_solo:
        player = table.players[0]
        title = solo_title(table.favours_of(player), len(player.patches),
                           table.friends_of(player), standings[0].total, table.solo)
        notes[player.name][:0] = [msg("mv.solo.title_note", "Solo title: {title}",
                                      title=title.title),
                                  *title.answers, msg("mv.solo.ruling", "(ruling MV-8)")]
    players = ranked_results(standings, player_lines, notes)
    return TableResult(
        game=table.game,
        rows=tuple(rows),
        players=players,
        tie_break=_tie_break(standings),
        winners=winners(standings),
        competitions=tuple(competitions),
        warnings=_warnings(table),
    )


def _tie_break(standings: Sequence[Standing]) -> Message:
    """Players tied on total share their place (core's sentence for each group), then the rule."""
    if len({standing.total for standing in standings}) == len(standings):
        return NO_TIE_BREAK
    return msg("mv.tie_break.shared", "{ties} {rule}", ties=explain_tie_break(standings, []),
               rule=NO_TIE_BREAK)


def player_own_lines(table: MapleValleyTable, player: Player) -> tuple[list[Line], list[Message]]:
    """The lines that do not compare players: Favours, Friends, Patches, Leftovers; and the note
    explaining where the stored resources went."""
    lines_of_part, note = own_lines(table.favours_of(player), table.friends_of(player),
                                    table.patches_of(player), tuple(sorted(player.pack.items())),
                                    player.maps, table.options)
    return list(lines_of_part), list(note)


PLAYERS_KEPT = 256
"""Players' own lines kept (see :func:`own_lines`): a few tables' worth."""


@lru_cache(maxsize=PLAYERS_KEPT)
def own_lines(favours: tuple[Favour, ...], friends: tuple[Friend, ...], patches: tuple[Patch, ...],
              pack_items: tuple[tuple[Resource, int], ...], maps: int,
              options: Options) -> tuple[tuple[Line, ...], tuple[Message, ...]]:
    """One player's own lines and storage note, kept by the player's cards, resources and the
    table's options (all frozen and hashable): after another player's edit a table scores again
    without making this player's lines again. Pure: the same inputs always give the same lines
    (immutable, so shared)."""
    pack = Counter(dict(pack_items))
    storage = kept_storage(favours, pack, maps)
    result = [lines.favour_line(favour, favours, index, storage.sets[index], pack)
              for index, favour in enumerate(favours)] or [
        lines.no_cards_line("favours", msg("mv.favours.none", "No Favours brought -> 0"))]
    result.append(lines.friends_line(friends))
    result.extend([lines.patch_line(patch, friends, options) for patch in patches]
                  or [lines.no_cards_line("patches", msg("mv.patches.none", "No Patches -> 0"))])
    left = leftovers(storage.remaining, maps)
    result.append(lines.leftovers_line(left, storage.remaining, any(storage.sets)))
    return tuple(result), tuple(storage_note(favours, storage, pack, maps))


def storage_note(favours: Sequence[Favour], storage: Storage, pack: Counter[Resource],
                 maps: int) -> list[Message]:
    """Why the sets went where they did: the chosen allocation against storing nothing."""
    if not any(storing_bonus(favour) for favour in favours):
        return []
    placed = [msg_n("mv.storage.holds", "{favour} holds {count} set of {set}",
                    "{favour} holds {count} sets of {set}", count, favour=favour.name,
                    set=storing_bonus(favour).set_words)
              for favour, count in zip(favours, storage.sets) if storing_bonus(favour)]
    nothing = allocate(favours, [0] * len(favours), pack, maps)
    return [msg(
        "mv.storage.note", "Stored resources (ruling MV-2): {placed}. Stored bonuses {stored} + "
        "Leftovers {leftovers} = {points}, the most of every way to store them (storing "
        "nothing: 0 + {leftovers_alone} = {points_alone}).", placed=semicolons(placed),
        stored=storage.stored_points, leftovers=storage.leftover_points, points=storage.points,
        leftovers_alone=nothing.leftover_points, points_alone=nothing.points)]


def _warnings(table: MapleValleyTable) -> tuple[Message, ...]:
    """An "also have" naming a Favour that no card of the table is called: likely a misspelling."""
    known = {name_key(favour.name) for favour in table.catalogue.favours}
    known.update(name_key(favour.name)
                 for player in table.players for favour in table.favours_of(player))
    holders: dict[tuple[str, str], list[str]] = {}
    for player in table.players:
        for favour in table.favours_of(player):
            bonus = favour.bonus
            if isinstance(bonus, AlsoHave) and name_key(bonus.favour) not in known:
                who = holders.setdefault((favour.name, bonus.favour), [])
                if player.name not in who:
                    who.append(player.name)
    return tuple(
        msg("mv.warning.unknown_favour", "{favour} asks for {asked}, which no Favour of this "
            "table is called (held by {players}): check the spelling.", favour=favour,
            asked=repr(asked), players=tuple(who))
        for (favour, asked), who in holders.items()
    )
