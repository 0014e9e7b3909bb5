"""The card dialog (Flet): add a Favour, Friend or Patch to a player, or change one.

The name comes first: cards described before (at this table or in a saved game) are offered as
the name is typed, and a tap on one adds it. Otherwise the card's face is entered: category,
score, travel types, and its bonus. The text fields stay the same controls while the dialog is
open (only their surroundings are redrawn), so typing is never interrupted.
"""

from __future__ import annotations

import flet as ft

from scorer.maple_valley.models import (
    CARD_KINDS, CATEGORY_NAMES, RESOURCE_NAMES, TRAVEL_NAMES, Category, Resource, Travel,
)
from scorer.message import Message, verbatim
from ui.games.maple_valley.draft import plus_words, summary
from ui.games.maple_valley.editor_model import BONUS_KINDS, BONUS_LABELS, CardForm
from ui.games.maple_valley.known_cards import KnownCard, matching
from ui.parts.dialogs import close_dialog, open_dialog
from ui.parts.widgets import PROBLEM, TOUCH, labelled, tap_target

DIALOG_WIDTH = 312


class CardDialog:
    def __init__(self, editor, kind: str, index: int | None = None,
                 form: CardForm | None = None):
        """``index``: the place of the card in the player's holdings to change, or None to add;
        ``form``: a card being added that a dialog left before goes on with it."""
        self.editor = editor
        self.words = editor.context.words
        self.model = editor.model
        self.kind = kind
        self.index = index
        held = self.model.held(kind)[index] if index is not None else None
        self.held = held
        self.form = form or CardForm(kind, held.card if held else None, self.words)
        if form is None and held is not None and held.card is None:
            self.form.name = self.form.editing = held.name
        self.finished = False
        """Closed by the player's word on what it held: Add or Save made, Cancel, Remove."""
        self.known = self.model.known(kind)
        self.favours = self.model.known("Favour") if kind == "Favour" else []
        self.message = ""
        self._build()

    def _build(self) -> None:
        form = self.form
        say = self.words.say
        kind = CARD_KINDS[self.kind]
        self.name_field = ft.TextField(
            label=say("ui.mv.dialog.name", "{kind} name", kind=kind), value=form.name, max_length=60, counter="",
            border=ft.OutlineInputBorder(), autofocus=self.index is None,
            capitalization=ft.TextCapitalization.WORDS,
            on_change=lambda e: self._change(self._named, e.control.value or ""),
        )
        self.also_field = ft.TextField(
            label=say("ui.mv.dialog.other_favour", "The other Favour's name"), value=form.also_have, max_length=60, counter="",
            border=ft.OutlineInputBorder(),
            capitalization=ft.TextCapitalization.WORDS,
            on_change=lambda e: self._change(form.set_also_have, e.control.value or ""),
        )
        self.reason_field = ft.TextField(
            label=say("ui.mv.dialog.reason", "What it is for (optional)"), value=form.reason, max_length=120, counter="",
            border=ft.OutlineInputBorder(),
            on_change=lambda e: self._change(form.set_reason, e.control.value or ""),
        )
        self.suggestions = ft.Column(spacing=6)
        self.face = ft.Column(spacing=8)
        self.also_known = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.also_part = ft.Column([labelled("card-also-name", self.also_field),
                                    self.also_known], spacing=6)
        self.set_part = ft.Column(spacing=6)
        self.per_part = ft.Column(spacing=6)
        self.points_part = ft.Container()
        self.reason_part = labelled("card-reason", self.reason_field)
        self.preview = ft.Text(size=14, weight=ft.FontWeight.BOLD)
        self.note = ft.Text(size=13, color=ft.Colors.TERTIARY)
        # Hidden by its Semantics wrapper: a Semantics whose content is hidden is a client error.
        self.note_part = labelled("card-note", self.note)
        self.problem = ft.Text(size=13, color=PROBLEM)
        self.body = ft.Column(
            [labelled("card-name", self.name_field), self.suggestions, self.face,
             self.also_part, self.set_part, self.per_part, self.points_part, self.reason_part,
             ft.Container(labelled("card-preview", self.preview),
                          bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                          padding=8, border_radius=6),
             self.note_part, labelled("card-message", self.problem)],
            tight=True, spacing=10, width=DIALOG_WIDTH,
        )
        if self.index is not None:
            self.body.controls.append(tap_target(
                say("ui.mv.dialog.remove", "Remove it from {name}", name=self.model.name),
                self._remove, "card-remove", color=PROBLEM))
        actions = [tap_target(say("ui.mv.dialog.cancel", "Cancel"), self._close, "card-cancel")]
        actions.append(tap_target(
            ft.Text(say("ui.mv.dialog.save", "Save") if self.index is not None
                    else say("ui.mv.dialog.add", "Add"), weight=ft.FontWeight.BOLD),
            self._use, "card-use", bgcolor=ft.Colors.PRIMARY_CONTAINER))
        who = self.model.name
        title = (say("ui.mv.dialog.title_held", "{kind} of {name}", kind=kind, name=who)
                 if self.index is not None else
                 say("ui.mv.dialog.title_add", "Add a {kind} to {name}", kind=kind, name=who))
        self.dialog = ft.AlertDialog(title=ft.Text(title, size=18), content=self.body,
                                     actions=actions, scrollable=True,
                                     content_padding=ft.Padding.symmetric(horizontal=14,
                                                                          vertical=8),
                                     inset_padding=ft.Padding.symmetric(horizontal=10,
                                                                        vertical=16))

    def open(self) -> None:
        self.render()
        open_dialog(self.editor.context.page, self.dialog)

    # Drawing ----------------------------------------------------------------------------------

    def render(self) -> None:
        form = self.form
        say = self.words.say
        self._render_suggestions()
        face: list[ft.Control] = []
        categories = {c.value: name for c, name in CATEGORY_NAMES.items()}
        travels = {t.value: name for t, name in TRAVEL_NAMES.items()}
        if self.kind == "Favour":
            face.append(self._choices(say("ui.mv.dialog.category", "Category"),
                                      [c.value for c in Category],
                                      form.category and form.category.value,
                                      lambda v: form.choose_category(Category(v)),
                                      "card-category", labels=categories))
        face.append(self._stepper(say("ui.mv.dialog.score", "Score printed"), form.score,
                                  form.step_score, "card-score"))
        if self.kind == "Friend":
            face.append(self._choices(say("ui.mv.dialog.travel", "Travel types"),
                                      [t.value for t in Travel],
                                      [t.value for t in form.travel],
                                      lambda v: form.toggle_travel(Travel(v)), "card-travel",
                                      labels=travels))
        kinds = BONUS_KINDS[self.kind]
        if len(kinds) > 1:
            face.append(self._choices(say("ui.mv.dialog.bonus", "Bonus"), list(kinds),
                                      form.bonus, form.choose_bonus, "card-bonus",
                                      labels=BONUS_LABELS))
        self.face.controls = face
        self.also_part.visible = form.bonus == "also_have"
        if self.also_part.visible:
            names = [entry.card.name for entry in matching(self.favours, form.also_have)
                     if entry.card.name.casefold() != form.also_have.casefold()
                     and entry.card.name.casefold() != form.name.casefold()]
            self.also_known.controls = [
                tap_target(name, lambda e, n=name: self._change(self._also, n),
                           f"card-also-known-{index}", padding=8)
                for index, name in enumerate(names[:6])
            ]
        self.set_part.visible = form.bonus == "stored_sets"
        if self.set_part.visible:
            stored = self.words.render(plus_words([RESOURCE_NAMES[r] for r in form.stored_set])) \
                if form.stored_set else say("ui.mv.dialog.nothing", "nothing yet")
            self.set_part.controls = [
                ft.Row([ft.Text(say("ui.mv.dialog.one_set", "One set:"), size=14),
                        labelled("card-set", ft.Text(stored, size=15,
                                                     weight=ft.FontWeight.BOLD, expand=True)),
                        tap_target(say("ui.mv.dialog.clear", "Clear"),
                                   lambda e: self._change(form.clear_set),
                                   "card-set-clear", padding=8)], spacing=6),
                ft.Row([tap_target(f"+ {self.words.render(RESOURCE_NAMES[r])}", lambda e, r=r: self._change(
                    form.add_to_set, r), f"card-set-add-{r.value}", padding=8)
                    for r in Resource], wrap=True, spacing=6, run_spacing=6),
            ]
        self.per_part.visible = form.bonus == "per_friend"
        if self.per_part.visible:
            self.per_part.controls = [self._choices(
                say("ui.mv.dialog.per_friend", "Per Friend who travels"),
                [t.value for t in Travel], form.per_travel and form.per_travel.value,
                lambda v: form.choose_per_travel(Travel(v)), "card-per", labels=travels)]
        self.points_part.visible = form.bonus != "none"
        per = {"stored_sets": say("ui.mv.dialog.points_per_set", "Points per set"),
               "per_friend": say("ui.mv.dialog.points_per_friend", "Points per Friend")}
        self.points_part.content = self._stepper(per.get(form.bonus) or say(
            "ui.mv.dialog.bonus_points", "Bonus points"),
                                                 form.bonus_points, form.step_bonus,
                                                 "card-bonus-points")
        self.reason_part.visible = form.bonus == "typed"
        self.preview.value = form.preview()
        self.note.value = form.note(self.model)
        self.note_part.visible = bool(self.note.value)
        self.problem.value = self.message or form.result()[1]

    def _render_suggestions(self) -> None:
        if self.index is not None:
            self.suggestions.controls = []
            return
        offered = matching(self.known, self.form.name)
        if not offered:
            self.suggestions.controls = []
            return
        chips = []
        for position, entry in enumerate(offered):
            said = self.words.render(summary(entry.card))
            where = said if entry.here else self.words.say("ui.mv.dialog.from_deck",
                                                           "{card} · deck", card=said)
            chips.append(tap_target(
                ft.Column([ft.Text(entry.card.name, size=14, weight=ft.FontWeight.BOLD),
                           ft.Text(where, size=12,
                                   color=ft.Colors.ON_SURFACE_VARIANT)],
                          spacing=0, tight=True),
                lambda e, entry=entry: self._add_known(entry),
                f"card-known-{position}", height=None, padding=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            ))
        self.suggestions.controls = [
            ft.Text(self.words.say("ui.mv.dialog.known", "Described before: tap one to add it"),
                    size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            *chips,
        ]

    def _stepper(self, label: str, value: int, step, name: str) -> ft.Control:
        return ft.Row([
            ft.Text(label, size=14, expand=True),
            tap_target(ft.Icon(ft.Icons.REMOVE), lambda e: self._change(step, -1),
                       f"{name}-minus", width=TOUCH, padding=0,
                       tooltip=self.words.say("ui.mv.dialog.less", "{what}: one less",
                                              what=label)),
            labelled(name, ft.Text(str(value), size=18, width=36, text_align=ft.TextAlign.CENTER)),
            tap_target(ft.Icon(ft.Icons.ADD), lambda e: self._change(step, 1), f"{name}-plus",
                       width=TOUCH, padding=0,
                       tooltip=self.words.say("ui.mv.dialog.more", "{what}: one more",
                                              what=label)),
        ], spacing=4)

    def _choices(self, label: str, options: list[str], chosen, choose, name: str,
                 labels: dict[str, Message] | None = None) -> ft.Control:
        picked = chosen if isinstance(chosen, list) else [chosen]
        return ft.Column([
            ft.Text(label, size=14),
            ft.Row([tap_target(self.words.render((labels or {}).get(option, verbatim(option))),
                               lambda e, o=option: self._change(choose, o),
                               f"{name}-{option}", selected=option in picked,
                               bgcolor=ft.Colors.PRIMARY_CONTAINER if option in picked else None,
                               padding=8)
                    for option in options], wrap=True, spacing=6, run_spacing=6),
        ], spacing=4)

    # Handlers ---------------------------------------------------------------------------------

    def _named(self, text: str) -> None:
        if self.form.set_name(text, self.known):
            self.also_field.value = self.form.also_have
            self.reason_field.value = self.form.reason

    def _also(self, name: str) -> None:
        self.form.set_also_have(name)
        self.also_field.value = name

    def _change(self, action, *args) -> None:
        action(*args)
        self.message = ""
        self.render()
        self.dialog.update()

    def _add_known(self, entry: KnownCard) -> None:
        self._finish(self.editor._run(self.model.add_known, self.kind, entry))

    def _use(self, e=None) -> None:
        card, why = self.form.result()
        if card is None:
            self.message = why
            self.render()
            self.dialog.update()
        elif self.index is None:
            self._finish(self.editor._run(self.model.add, self.kind, card))
        else:
            self._finish(self.editor._run(self.model.redescribe, self.kind, self.form.editing,
                                          card))

    def _remove(self, e=None) -> None:
        self._close()
        self.editor._run(self.model.remove, self.kind, self.index)

    def _finish(self, done: bool) -> None:
        """Close when the edit was made; else keep the dialog open with the reason."""
        if done:
            self._close()
            return
        self.message = self.model.message
        self.render()
        self.dialog.update()

    def _close(self, e=None) -> None:
        self.finished = True
        close_dialog(self.editor.context.page)

