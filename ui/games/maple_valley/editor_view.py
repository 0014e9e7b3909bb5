"""The Maple Valley editor (Flet): a player's cards, their Pack (steppers and number fields), the
Festivity grid (players by Festivities) or, alone, the solo title and its tie choices.

Every handler calls :class:`MapleEditor` and redraws; nothing here decides what a tap means. The
number and name fields stay the same controls for the life of the editor, and a redraw changes
their text only when it differs from the draft and never while it is being typed in: the
keystrokes travel to the server and back, so a redraw there would lose letters.
"""

from __future__ import annotations

import json

import flet as ft

from scorer.maple_valley.models import (
    CARD_KINDS, CUBES_PER_PLAYER, MAX_HELD, MAX_PATCHES, Category, Travel,
)
from ui.parts.count_field import CountField
from ui.live.editing import (
    NamesChanges, ShowsTotal, UndoesTable, label_undo_buttons, run_action, set_props,
)
from ui.games.maple_valley.card_dialog import CardDialog
from ui.games.maple_valley.draft import KEYS, KINDS, PACK, pack_word, solo_option_words
from ui.games.maple_valley.editor_model import MapleEditor, festivity_word
from ui.games.maple_valley.known_cards import matching
from ui.games.plugin import PLAYER_COLOURS
from ui.parts.widgets import (
    PROBLEM, TOUCH, Memo, Slot, labelled, problem_list, tap_target, wrapping_target,
)

SECTION = "maple_valley_section"
"""The page's attribute remembering the open section, so the next player opens on it too."""
PACK_ITEM_WIDTH = 300
KIND_COLOURS = {"Favour": ft.Colors.PRIMARY_CONTAINER, "Friend": ft.Colors.TERTIARY_CONTAINER,
                "Patch": ft.Colors.SECONDARY_CONTAINER}
STARTER_OPTION = "starter_counts_for_travel_bonuses"


class MapleEditorView(NamesChanges, ShowsTotal, UndoesTable):
    def __init__(self, context, session, player: int):
        self.context = context
        self.session = session
        self.words = context.words
        self.model = MapleEditor(session, player, self.words)
        self._left_dialog: CardDialog | None = None
        """The last card dialog that added a card, whose form the next one goes on with if it
        was left."""
        self.root = ft.Column(spacing=10)
        self._build()
        self.render()
        self.changed_parts()  # the first drawing goes with the page's

    @property
    def section(self) -> str:
        sections = self.sections
        chosen = getattr(self.context, SECTION, "cards")
        if chosen in ("festivities", "solo"):
            chosen = sections[-1][0]
        return chosen if chosen in dict(sections) else "cards"

    @property
    def sections(self) -> list[tuple[str, str]]:
        say = self.words.say
        last = (("solo", say("ui.mv.section.solo", "Solo title")) if self.model.solo
                else ("festivities", say("ui.mv.section.festivities", "Festivities")))
        return [("cards", say("ui.mv.section.cards", "Cards")),
                ("pack", say("ui.mv.section.pack", "Pack")), last]

    def render(self) -> None:
        """Redraw, reusing every part whose content did not change and setting the properties
        of the kept ones; :meth:`changed_parts` then names the parts to send."""
        model = self.model
        changed = self._changed
        title = model.solo_title() if model.solo else ""
        set_props(self._total, changed, value=model.total_text())
        set_props(self._title, changed, value=title)
        set_props(self._title_handle, changed, visible=bool(title))
        set_props(self._message, changed, value=model.message)
        set_props(self._saved, changed, value=self.session.save_error or "")
        label_undo_buttons(self._header, self.session, self.words, changed)
        section = self.section
        if section == "cards":
            draft = self.session.draft
            key = (tuple(tuple(model.holdings.get(KEYS[kind], [])) for kind in KINDS),
                   json.dumps(draft.get("catalogue"), sort_keys=True))
            body = self._cards.get(key, self._cards_section)
        elif section == "pack":
            self._fill_pack()
            body = self._pack
        elif section == "festivities":
            self._fill_festivities()
            body = self._festivities
        else:
            key = (model.solo_choice("favour_category"), model.solo_choice("travel"),
                   tuple(model.solo_answers()), model.option(STARTER_OPTION))
            body = self._solo.get(key, self._solo_section)
        self._tabs_slot.put(self._tabs.get(section, self._section_tabs), changed)
        self._body_slot.put(body, changed)
        self._problems_slot.put(self._problem_list.get(
            tuple(p.in_words(self.words) for p in model.problems), self._problems), changed)

    def _build(self) -> None:
        """The parts that stay for the life of the editor."""
        self._total = ft.Text(size=17, weight=ft.FontWeight.BOLD)
        self._title = ft.Text(size=16, italic=True, color=ft.Colors.TERTIARY)
        self._title_handle = labelled("solo-title", self._title)
        self._saved = ft.Text(size=13, color=PROBLEM)
        self._message = ft.Text(size=14)
        self._message_handle = labelled("editor-message", self._message)
        self._header = ft.Row(
            [
                ft.Column([labelled("player-total", self._total), self._title_handle,
                           self._saved], spacing=2, expand=True),
                tap_target(ft.Icon(ft.Icons.UNDO), self._undo, "undo", width=TOUCH, padding=0),
                tap_target(ft.Icon(ft.Icons.REDO), self._redo, "redo", width=TOUCH, padding=0),
            ],
            spacing=6,
        )
        self._focused: set[int] = set()
        self._changed: list[ft.Control] = []
        self._tabs_slot, self._body_slot, self._problems_slot = (Slot() for _ in range(3))
        self.root.controls = [self._header, self._tabs_slot.box, self._body_slot.box,
                              self._message_handle, self._problems_slot.box]
        self._tabs = Memo()
        self._cards = Memo()
        self._solo = Memo()
        self._problem_list = Memo()
        self._build_pack()
        if not self.model.solo:
            self._build_festivities()

    # Sections ---------------------------------------------------------------------------------

    def _section_tabs(self) -> ft.Control:
        current = self.section
        return ft.Row([
            tap_target(label, lambda e, key=key: self._show_section(key), f"section-{key}",
                       selected=key == current,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if key == current else None, padding=12)
            for key, label in self.sections
        ], spacing=6, wrap=True)

    def _cards_section(self) -> ft.Control:
        model = self.model
        say = self.words.say
        parts: list[ft.Control] = []
        for kind in KINDS:
            held = model.held(kind)
            if kind == "Favour":
                heading = say("ui.mv.cards.favours", "Favours brought ({count})",
                              count=len(held))
            elif kind == "Friend":
                heading = say("ui.mv.cards.friends", "Friends ({count} besides the Starter)",
                              count=len(held))
            else:
                heading = say("ui.mv.cards.patches", "Patches ({count} of {most})",
                              count=len(held), most=MAX_PATCHES)
            lower = kind.lower()
            # The button goes under the heading when both do not fit (large text).
            parts.append(ft.Row([
                labelled(f"heading-{lower}", ft.Text(heading, size=16,
                                                     weight=ft.FontWeight.BOLD)),
                wrapping_target(ft.Icons.ADD, say("ui.mv.cards.add", "Add a {kind}",
                                                  kind=CARD_KINDS[kind]),
                                lambda e, k=kind: self._open_card(k), f"add-{lower}", size=14,
                                padding=8, bgcolor=KIND_COLOURS[kind]),
            ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True, run_spacing=6))
            for card in held:
                parts.append(ft.Row([
                    ft.Container(tap_target(
                        ft.Column([
                            ft.Text(card.name, size=15, weight=ft.FontWeight.BOLD),
                            ft.Text(card.text, size=13,
                                    color=ft.Colors.ON_SURFACE_VARIANT if card.card else PROBLEM),
                        ], spacing=0, tight=True),
                        lambda e, k=kind, c=card: self._open_card(k, c.index),
                        f"held-{lower}-{card.index}", height=None, padding=10,
                        bgcolor=KIND_COLOURS[kind],
                        tooltip=say("ui.mv.cards.change", "Tap to change the card"),
                    ), expand=True),
                    tap_target(ft.Icon(ft.Icons.CLOSE), lambda e, k=kind, i=card.index:
                               self._run(self.model.remove, k, i),
                               f"held-{lower}-{card.index}-remove", width=TOUCH, padding=0,
                               tooltip=say("ui.mv.cards.remove", "Remove {card}",
                                           card=card.name)),
                ], spacing=6))
            parts.append(self._known_row(kind))
            if kind == "Friend":
                parts.append(ft.Text(say("ui.mv.cards.starter", "The Starter is always there: "
                                         "no score, all three travel types."), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        return ft.Column(parts, spacing=6)

    def _known_row(self, kind: str) -> ft.Control:
        """The cards of this kind described before, each added in one tap."""
        known = matching(self.model.known(kind), "")
        if not known:
            return ft.Container(height=0)
        lower = kind.lower()
        return ft.Row(
            [ft.Text(self.words.say("ui.mv.cards.one_tap", "Add in one tap:"), size=12,
                     color=ft.Colors.ON_SURFACE_VARIANT)] + [
                tap_target(entry.card.name, lambda e, k=kind, entry=entry: self._run(
                    self.model.add_known, k, entry), f"known-{lower}-{position}", padding=8,
                    tooltip=self.words.say("ui.mv.cards.add_known", "Add {card} to {name}",
                                           card=entry.card.name, name=self.model.name))
                for position, entry in enumerate(known)],
            wrap=True, spacing=6, run_spacing=6)

    # The Pack ---------------------------------------------------------------------------------

    def _build_pack(self) -> None:
        self._count_fields: dict[str, CountField] = {}
        items = []
        say = self.words.say
        for item in PACK:
            word = self.words.render(pack_word(item))
            count = CountField(f"count-{item}", word, MAX_HELD,
                               lambda value, i=item: self._run(self.model.set_count, i, value),
                               width=84)
            count.show(self.model.count(item))
            self._count_fields[item] = count
            items.append(ft.Container(ft.Column([ft.Row([
                ft.Text(word, size=15, expand=True),
                tap_target(ft.Icon(ft.Icons.REMOVE), lambda e, i=item: self._run(
                    self.model.step, i, -1), f"count-{item}-minus", width=TOUCH, padding=0,
                    tooltip=say("ui.mv.pack.less", "One {item} less", item=word)),
                count.field,
                tap_target(ft.Icon(ft.Icons.ADD), lambda e, i=item: self._run(
                    self.model.step, i, 1), f"count-{item}-plus", width=TOUCH, padding=0,
                    tooltip=say("ui.mv.pack.more", "One {item} more", item=word)),
            ], spacing=6), count.message], spacing=2, tight=True), width=PACK_ITEM_WIDTH))
        self._pack = ft.Column([
            ft.Text(say("ui.mv.pack.about", "Everything still held, in the Pack or on Favours: "
                        "the scorer chooses what is stored where."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(items, wrap=True, spacing=16, run_spacing=6),
        ], spacing=8)

    def _fill_pack(self) -> None:
        for item, count in self._count_fields.items():
            count.show(self.model.count(item))
            self._changed += [count.text_field, count.error]

    def _track_focus(self, field: ft.TextField, on_focus=None, on_blur=None) -> None:
        """Remember which field is being typed in: a redraw never writes into it (its text and
        the draft may differ for a moment while the keystrokes travel)."""

        def focused(e) -> None:
            self._focused.add(id(field))
            if on_focus:
                on_focus(e)

        def left(e) -> None:
            self._focused.discard(id(field))
            if on_blur:
                on_blur(e)

        field.on_focus = focused
        field.on_blur = left

    # The Festivities --------------------------------------------------------------------------

    def _build_festivities(self) -> None:
        model = self.model
        players = self.session.player_names
        colours = self.session.player_colours
        festivities = range(len(model.festivities))
        self._option = Memo()
        self._option_slot = Slot()
        self._name_fields = [
            ft.TextField(label=festivity_word(number, self.words),
                         hint_text=festivity_word(number, self.words),
                         max_length=60, counter="", border=ft.OutlineInputBorder(),
                         width=200,
                         on_change=lambda e, n=number: self._run(
                             self.model.rename_festivity, n, e.control.value or ""))
            for number in festivities
        ]
        for number, field in enumerate(self._name_fields):
            self._track_focus(field, on_blur=lambda e, n=number: _show(
                self._name_fields[n], self.model.typed_festivities[n]))
        self._column_names = [ft.Text(size=12, weight=ft.FontWeight.BOLD, max_lines=2,
                                      overflow=ft.TextOverflow.ELLIPSIS,
                                      text_align=ft.TextAlign.CENTER) for _ in festivities]
        self._cube_values: dict[tuple[int, int], ft.Text] = {}
        self._cube_totals: list[ft.Text] = []
        name_width, cell_width = 76, 58
        header = [ft.Container(width=name_width)] + [
            ft.Container(self._column_names[number], width=cell_width,
                         alignment=ft.Alignment.CENTER)
            for number in festivities
        ] + [ft.Container(ft.Text(self.words.say("ui.mv.cubes.placed", "Placed"), size=12),
                          width=52, alignment=ft.Alignment.CENTER)]
        rows: list[ft.Control] = [ft.Row(header, spacing=4)]
        for player, name in enumerate(players):
            cells: list[ft.Control] = [ft.Container(ft.Row([
                ft.Container(width=12, height=12, border_radius=6,
                             bgcolor=PLAYER_COLOURS.get(colours[player], "#616161")),
                ft.Text(name, size=14, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                        expand=True),
            ], spacing=4), width=name_width)]
            for number in festivities:
                value = self._cube_values[(player, number)] = ft.Text(
                    size=17, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
                cells.append(ft.Column([
                    tap_target(ft.Icon(ft.Icons.ADD, size=20), lambda e, p=player, n=number:
                               self._run(self.model.step_cubes, p, n, 1),
                               f"cubes-{player}-{number}-plus", width=cell_width, height=44,
                               padding=0,
                               tooltip=self.words.say(
                                   "ui.mv.cubes.more", "{name}: one more cube on Festivity "
                                   "{number}", name=name, number=number + 1)),
                    labelled(f"cubes-{player}-{number}", ft.Container(
                        value, width=cell_width, alignment=ft.Alignment.CENTER)),
                    tap_target(ft.Icon(ft.Icons.REMOVE, size=20), lambda e, p=player, n=number:
                               self._run(self.model.step_cubes, p, n, -1),
                               f"cubes-{player}-{number}-minus", width=cell_width, height=44,
                               padding=0,
                               tooltip=self.words.say(
                                   "ui.mv.cubes.less", "{name}: one cube less on Festivity "
                                   "{number}", name=name, number=number + 1)),
                ], spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
            total = ft.Text(size=13, text_align=ft.TextAlign.CENTER)
            self._cube_totals.append(total)
            cells.append(labelled(f"cubes-placed-{player}", ft.Container(
                total, width=52, alignment=ft.Alignment.CENTER)))
            rows.append(ft.Container(ft.Row(cells, spacing=4), padding=ft.Padding.only(top=4),
                                     border=ft.Border.only(top=ft.BorderSide(
                                         1, ft.Colors.OUTLINE_VARIANT))))
        self._festivities = ft.Column([
            ft.Text(self.words.say("ui.mv.festivities.names", "Names of the 3 Festivities "
                                   "(blank: Festivity 1 to 3)"), size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row([ft.Semantics(identifier=f"festivity-name-{number}", content=field)
                    for number, field in enumerate(self._name_fields)],
                   wrap=True, spacing=8, run_spacing=8),
            ft.Text(self.words.say("ui.mv.festivities.cubes", "Cubes of each player on each "
                                   "Festivity (a player has {count}):", count=CUBES_PER_PLAYER),
                    size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row([ft.Column(rows, spacing=4)], scroll=ft.ScrollMode.AUTO),
            self._option_slot.box,  # the table option, drawn by _fill_festivities
        ], spacing=8)

    def _fill_festivities(self) -> None:
        model = self.model
        for number, field in enumerate(self._name_fields):
            typed = model.typed_festivities[number]
            if id(field) not in self._focused and (field.value or "") != typed:
                field.value = typed
            self._column_names[number].value = self.words.render(model.festivity_name(number))
        for (player, number), value in self._cube_values.items():
            value.value = str(model.cubes(player, number))
        for player, total in enumerate(self._cube_totals):
            total.value = self.words.say("ui.mv.cubes.of", "{count} of {most}",
                                         count=model.cubes_placed(player), most=CUBES_PER_PLAYER)
        self._changed += [*self._name_fields, *self._column_names, *self._cube_values.values(),
                          *self._cube_totals]
        self._option_slot.put(self._option.get(model.option(STARTER_OPTION),
                                               self._starter_option), self._changed)

    def _starter_option(self) -> ft.Control:
        on = self.model.option(STARTER_OPTION)
        return ft.Column([
            ft.Text(self.words.say("ui.mv.option.title", "Table option (ruling MV-4)"), size=14,
                    weight=ft.FontWeight.BOLD),
            tap_target(
                ft.Row([ft.Icon(ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK),
                        ft.Text(self.words.say("ui.mv.option.starter", "The Starter counts as "
                                               "a Water, Rock and Forest Friend for Patch "
                                               "bonuses"), size=13, expand=True)], spacing=6),
                lambda e: self._run(self.model.set_option, STARTER_OPTION, not on),
                "option-starter", height=None, padding=8, selected=on,
            ),
        ], spacing=4)

    # Solo -------------------------------------------------------------------------------------

    def _solo_section(self) -> ft.Control:
        model = self.model
        answers = model.solo_answers()
        say = self.words.say
        parts: list[ft.Control] = [
            ft.Text(say("ui.mv.solo.questions", "The four questions, answered from what you "
                        "entered:"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("solo-answers", ft.Column(
                [ft.Text(answer, size=13) for answer in answers]
                or [ft.Text(say("ui.mv.solo.not_scored", "Not scored yet."), size=13)],
                spacing=4)),
        ]
        for field, question, options in (
            ("favour_category", say("ui.mv.solo.category", "If Favour categories tie for the "
                                    "most, you choose:"),
             [category.value for category in Category]),
            ("travel", say("ui.mv.solo.travel", "If two travel types tie for the most, you "
                           "choose:"),
             [travel.value for travel in Travel]),
        ):
            chosen = model.solo_choice(field)
            chips = [tap_target(say("ui.mv.solo.not_chosen", "Not chosen"), lambda e, f=field: self._run(
                self.model.choose_solo, f, None), f"solo-{field}-none", selected=chosen is None,
                padding=8)]
            chips += [tap_target(self.words.render(solo_option_words(option)),
                                 lambda e, f=field, o=option: self._run(
                self.model.choose_solo, f, o), f"solo-{field}-{option}", selected=chosen == option,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen == option else None, padding=8)
                for option in options]
            parts += [ft.Text(question, size=14, weight=ft.FontWeight.BOLD),
                      ft.Row(chips, wrap=True, spacing=6, run_spacing=6)]
        parts.append(self._starter_option())
        return ft.Column(parts, spacing=8)

    def _problems(self) -> ft.Control:
        return problem_list([problem.in_words(self.words) for problem in self.model.problems])

    # Handlers ---------------------------------------------------------------------------------

    def _show_section(self, key: str) -> None:
        setattr(self.context, SECTION, key)
        self.model.message = ""
        self._redraw()

    def _open_card(self, kind: str, index: int | None = None) -> None:
        if index is None:
            refused = self.model.refusal(kind)
            if refused:
                self.model.message = refused
                self._redraw()
                return
        # A card half-described when its dialog closed without Add or Cancel (Back, a tap
        # beside it) is there again when a card of its kind is added next: nothing typed is
        # lost without the player's word (issue 32).
        left = self._left_dialog
        kept = left.form if index is None and left is not None and not left.finished \
            and left.kind == kind else None
        dialog = CardDialog(self, kind, index, form=kept)
        self._left_dialog = dialog if index is None else None
        dialog.open()

    def _run(self, action, *args):
        return run_action(self, action, *args)

    def _redraw(self) -> None:
        self.render()
        self.context.page.update(*self.changed_parts())


def _show(field: ft.TextField, text: str) -> None:
    if field.value != text:
        field.value = text
        field.update()
