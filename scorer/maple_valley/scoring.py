"""Score a whole Maple Valley table: every Final Scoring line, the Festivities, ranks, and the
solo title."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scorer.core.breakdown import Competition, Line, Row, TableResult
from scorer.core.players import name_key
from scorer.core.ranking import explain_tie_break, ranked_results, standings_of, winners
from scorer.maple_valley import lines
from scorer.maple_valley.festivities import festivity_lines
from scorer.maple_valley.models import (
    AlsoHave,
    Favour,
    MapleValleyTable,
    Player,
    Resource,
)
from scorer.maple_valley.solo import solo_title
from scorer.maple_valley.storage import Storage, allocate, kept_storage, leftovers, storing_bonus

NO_TIE_BREAK = ("Maple Valley has no tie-break: tied players all win (\"it's an even better win "
                "than winning alone\").")


def score_table(table: MapleValleyTable) -> TableResult:
    player_lines: dict[str, list[Line]] = {}
    notes: dict[str, list[str]] = {}
    for player in table.players:
        player_lines[player.name], notes[player.name] = player_own_lines(table, player)

    rows = [Row(category=key, label=label) for key, label in lines.ROWS.items()]
    competitions: list[Competition] = []
    for number, festivity in enumerate(table.festivity_names, start=1):
        category = f"festivity_{number}"
        rows.append(Row(category=category, label=festivity))
        cubes = {player.name: table.cubes_of(player, festivity) for player in table.players}
        competition, festivity_line = festivity_lines(category, festivity, cubes)
        competitions.append(competition)
        for name, line in festivity_line.items():
            player_lines[name].append(line)

    standings = standings_of(player_lines, {player.name: () for player in table.players})
    if table.is_solo:
        player = table.players[0]
        title = solo_title(table.favours_of(player), len(player.patches),
                           table.friends_of(player), standings[0].total, table.solo)
        notes[player.name][:0] = [f"Solo title: {title.title}", *title.answers, "(ruling MV-8)"]
    players = ranked_results(standings, player_lines, notes)
    tie = explain_tie_break(standings, [])
    return TableResult(
        game=table.game,
        rows=tuple(rows),
        players=players,
        tie_break=NO_TIE_BREAK if tie.startswith("No tie") else f"{tie} {NO_TIE_BREAK}",
        winners=winners(standings),
        competitions=tuple(competitions),
        warnings=_warnings(table),
    )


def player_own_lines(table: MapleValleyTable, player: Player) -> tuple[list[Line], list[str]]:
    """The lines that do not compare players: Favours, Friends, Patches, Leftovers; and the note
    explaining where the stored resources went."""
    favours = table.favours_of(player)
    friends = table.friends_of(player)
    patches = table.patches_of(player)
    pack = player.pack
    storage = kept_storage(favours, pack, player.maps)
    result = [lines.favour_line(favour, favours, index, storage.sets[index], pack)
              for index, favour in enumerate(favours)] or [lines.no_cards_line("favours",
                                                                              "Favours brought")]
    result.append(lines.friends_line(friends))
    result.extend([lines.patch_line(patch, friends, table.options) for patch in patches]
                  or [lines.no_cards_line("patches", "Patches")])
    left = leftovers(storage.remaining, player.maps)
    result.append(lines.leftovers_line(left, storage.remaining, any(storage.sets)))
    return result, storage_note(favours, storage, pack, player.maps)


def storage_note(favours: Sequence[Favour], storage: Storage, pack: Counter[Resource],
                 maps: int) -> list[str]:
    """Why the sets went where they did: the chosen allocation against storing nothing."""
    if not any(storing_bonus(favour) for favour in favours):
        return []
    placed = [f"{favour.name} holds {lines.plural(count, 'set')} of "
              f"{storing_bonus(favour).set_name}"
              for favour, count in zip(favours, storage.sets) if storing_bonus(favour)]
    nothing = allocate(favours, [0] * len(favours), pack, maps)
    return [
        f"Stored resources (ruling MV-2): {'; '.join(placed)}. Stored bonuses "
        f"{storage.stored_points} + Leftovers {storage.leftover_points} = {storage.points}, the "
        f"most of every way to store them (storing nothing: 0 + {nothing.leftover_points} = "
        f"{nothing.points})."
    ]


def _warnings(table: MapleValleyTable) -> tuple[str, ...]:
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
        f"{favour} asks for {asked!r}, which no Favour of this table is called (held by "
        f"{', '.join(who)}): check the spelling."
        for (favour, asked), who in holders.items()
    )
