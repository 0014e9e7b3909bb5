"""Maple Valley said in Spanish and German: hand-written expectations of typical lines (one and
many), a Festivity tie, stored sets and their note, the solo title, the tie-break and a refusal.
Names the players typed (cards, Festivities, players) stay as typed."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from maple_builders import (
    also_have,
    favour,
    friend,
    pair,
    parse,
    patch,
    per_friend,
    player,
    scored,
    solo,
    stored_sets,
    table_data,
)
from scorer.files import TableFileError, table_from_json
from scorer.language import in_language, language

ES, DE = language("es"), language("de")
JAR = favour("Bug Jar", 5, "Gift", stored_sets(["Bugs", "Herbs"], 2))


def said(result, code):
    return in_language(result, language(code))


def details(result, category):
    return [line.detail for line in result.lines if line.category == category]


def test_friends_one_and_many_in_spanish_and_german():
    one = pair(player("Ann", friends=[friend("Otter", 3, "Water")]))
    many = pair(player("Ann", friends=[friend("Otter", 3, "Water"), friend("Goat", 2, "Rock")]))
    assert details(said(one, "es"), "friends") == [
        "1 Amigo además del Inicial: Inicial 0, Otter 3 -> 3"]
    assert details(said(many, "es"), "friends") == [
        "2 Amigos además del Inicial: Inicial 0, Otter 3, Goat 2 -> 5"]
    assert details(said(one, "de"), "friends") == [
        "1 Freund außer dem Startfreund: Startfreund 0, Otter 3 -> 3"]
    assert details(said(many, "de"), "friends") == [
        "2 Freunde außer dem Startfreund: Startfreund 0, Otter 3, Goat 2 -> 5"]


def test_favours_and_row_labels_keep_the_typed_card_names():
    fiddle = favour("Fiddle", 7, "Entertainment")
    tambourine = favour("Tambourine", 4, "Entertainment", also_have("Fiddle", 2))
    result = pair(player("Ann", favours=[tambourine, fiddle]))
    spanish, german = said(result, "es"), said(result, "de")
    assert details(spanish, "favours") == [
        "Tambourine (Entretenimiento): impreso 4, +2 si también tienes Fiddle: tienes Fiddle "
        "-> 4 + 2 = 6",
        "Fiddle (Entretenimiento): impreso 7, sin bonificación -> 7"]
    assert details(german, "favours") == [
        "Tambourine (Unterhaltung): aufgedruckt 4, +2, wenn du auch Fiddle hast: du hast Fiddle "
        "-> 4 + 2 = 6",
        "Fiddle (Unterhaltung): aufgedruckt 7, kein Bonus -> 7"]
    assert [line.label for line in spanish.lines[:3]] == ["Favores", "Favores", "Amigos"]
    assert [line.label for line in german.lines[:3]] == ["Gefallen", "Gefallen", "Freunde"]
    assert (spanish.total, german.total) == (result.total, result.total) == (13, 13)


def test_a_patch_per_friend_of_a_travel_type_one_and_many():
    safety = patch("Water Safety", 3, per_friend("Water", 2))
    alone = pair(player("Ann", patches=[safety]))
    with_otter = pair(player("Ann", patches=[safety], friends=[friend("Otter", 3, "Water")]))
    assert details(said(alone, "es"), "patches") == [
        "Water Safety: impreso 3, +2 por Amigo de Agua: 1 Amigo (Inicial; el Inicial cuenta, "
        "viaja por los tres tipos) -> 3 + 2 x 1 = 5"]
    assert details(said(with_otter, "de"), "patches") == [
        "Water Safety: aufgedruckt 3, +2 pro Freund der Reiseart Wasser: 2 Freunde (Startfreund, "
        "Otter; Startfreund zählt, er reist auf allen drei Arten) -> 3 + 2 x 2 = 7"]


def test_a_festivity_tie_in_spanish_and_german():
    result = scored(
        player("Red", cubes={"Square Dance": 3}),
        player("Yellow", cubes={"Square Dance": 3}),
        player("Blue", cubes={"Square Dance": 1}),
        festivities=["Square Dance", "Picnic", "Bonfire"],
    )
    spanish, german = said(result, "es"), said(result, "de")
    red_es, _, blue_es = (p.row_lines("festivity_1")[0] for p in spanish.players)
    red_de, _, blue_de = (p.row_lines("festivity_1")[0] for p in german.players)
    assert red_es.label == red_de.label == "Square Dance"
    assert red_es.detail == ("3 cubos, primero, empate con Yellow (cubos: Red 3, Yellow 3, "
                             "Blue 1) -> 3 + 4 = 7")
    assert blue_es.detail == "1 cubo, segundo (cubos: Red 3, Yellow 3, Blue 1) -> 1 + 2 = 3"
    assert red_de.detail == ("3 Würfel, Platz 1, gleichauf mit Yellow (Würfel: Red 3, Yellow 3, "
                             "Blue 1) -> 3 + 4 = 7")
    assert blue_de.detail == "1 Würfel, Platz 2 (Würfel: Red 3, Yellow 3, Blue 1) -> 1 + 2 = 3"
    assert spanish.competitions[0].detail == "más cubos: Red y Yellow con 3 -> 7 cada uno"
    assert german.competitions[0].detail == "meiste Würfel: Red und Yellow mit 3 -> je 7"
    picnic = spanish.players[0].row_lines("festivity_2")[0]
    assert picnic.detail == "sin cubos (cubos: Red 0, Yellow 0, Blue 0) -> 0"
    assert german.competitions[1].detail == "hier hat niemand Würfel"


def test_default_festivity_names_are_said_in_the_language():
    result = scored(player("Red", cubes={"Festivity 2": 1}), player("Blue"))
    assert [row.label for row in said(result, "es").rows[-3:]] == [
        "Festividad 1", "Festividad 2", "Festividad 3"]
    assert [row.label for row in said(result, "de").rows[-3:]] == ["Fest 1", "Fest 2", "Fest 3"]


def test_stored_sets_and_the_storage_note_one_and_many():
    one = pair(player("Ann", favours=[JAR], resources={"Bugs": 1, "Herbs": 1}))
    two = pair(player("Ann", favours=[JAR], resources={"Bugs": 2, "Herbs": 2}))
    assert details(said(one, "es"), "favours") == [
        "Bug Jar (Regalo): impreso 5, +2 por conjunto de Bichos + Hierbas guardado aquí: "
        "1 conjunto guardado (Hierbas 1, Bichos 1) -> 5 + 2 x 1 = 7"]
    assert details(said(two, "de"), "favours") == [
        "Bug Jar (Geschenk): aufgedruckt 5, +2 pro hier gelagertem Satz Käfer + Kräuter: "
        "2 Sätze gelagert (Kräuter 2, Käfer 2) -> 5 + 2 x 2 = 9"]
    assert said(two, "es").notes == (
        "Recursos guardados (regla MV-2): Bug Jar guarda 2 conjuntos de Bichos + Hierbas. "
        "Bonificaciones guardadas 4 + Sobrantes 0 = 4, lo máximo de todas las formas de "
        "guardarlos (sin guardar nada: 0 + 1 = 1).",)
    assert said(one, "de").notes == (
        "Gelagerte Rohstoffe (Regel MV-2): Bug Jar lagert 1 Satz Käfer + Kräuter. Lagerboni 2 "
        "+ Reste 0 = 2, das Beste aller Arten, sie zu lagern (nichts lagern: 0 + 0 = 0).",)


def test_a_favour_short_of_a_set_names_the_missing_resource():
    short = pair(player("Ann", favours=[JAR], resources={"Bugs": 4}))
    assert details(said(short, "de"), "favours") == [
        "Bug Jar (Geschenk): aufgedruckt 5, +2 pro hier gelagertem Satz Käfer + Kräuter; kein "
        "vollständiger Satz vorhanden (es fehlt: Kräuter) -> 5"]


def test_leftovers_one_and_many():
    one = pair(player("Ann", resources={"Honey": 1, "Maps": 1, "Clay": 4}))
    many = pair(player("Ann", resources={"Honey": 2, "Maps": 2, "Clay": 8}))
    assert details(said(one, "es"), "leftovers") == [
        "1 Miel -> 1; 1 Mapa -> 1; 4 otros recursos (Arcilla 4) -> 1 lote de 3 -> 1, "
        "1 sobrante no puntúa -> 3"]
    assert details(said(many, "es"), "leftovers") == [
        "2 Miel -> 2; 2 Mapas -> 2; 8 otros recursos (Arcilla 8) -> 2 lotes de 3 -> 2, "
        "2 sobrantes no puntúan -> 6"]
    assert details(said(one, "de"), "leftovers") == [
        "1 Honig -> 1; 1 Landkarte -> 1; 4 andere Rohstoffe (Ton 4) -> 1 Bündel aus 3 -> 1, "
        "1 bleibt übrig und zählt nichts -> 3"]
    assert details(said(many, "de"), "leftovers") == [
        "2 Honig -> 2; 2 Landkarten -> 2; 8 andere Rohstoffe (Ton 8) -> 2 Bündel aus 3 -> 2, "
        "2 bleiben übrig und zählen nichts -> 6"]


def test_the_shared_place_and_the_missing_tie_break():
    result = scored(player("Ann"), player("Ben"), player("Cat", friends=[
        friend("Otter", 3, "Water")]))
    assert said(result, "es").tie_break == (
        "Ann y Ben empatan a 0: comparten el puesto. Maple Valley no tiene desempate: todos los "
        "jugadores empatados ganan («es una victoria aún mejor que ganar solo»).")
    assert said(result, "de").tie_break.startswith(
        "Ann und Ben sind mit 0 gleichauf: sie teilen sich den Platz. Maple Valley hat "
        "keine Gleichstandsregel")


def test_the_solo_title_in_spanish_and_german():
    result = solo(favours=[favour("Fiddle", 7, "Entertainment")] * 8,
                  friends=[friend("Otter", 3, "Water")], patches=[patch("Knots", 0)])
    assert said(result, "es").notes[:2] == (
        "Título en solitario: Paseante Encantadoramente Entusiasta de los Ríos Caudalosos",
        "1. Favores elaborados: Decoración 0, Entretenimiento 8, Comida 0, Regalo 0; "
        "Entretenimiento tiene más -> Encantadoramente")
    assert said(result, "de").notes[:4] == (
        "Solo-Titel: Entzückend Begeisterter Wanderer der Rauschenden Flüsse",
        "1. Erfüllte Gefallen: Dekoration 0, Unterhaltung 8, Essen 0, Geschenk 0; Unterhaltung "
        "hat die meisten -> Entzückend",
        "2. Endpunktzahl 59 -> Begeisterter",
        "3. 1 Aufnäher -> Wanderer")


def test_a_solo_tie_of_categories_in_spanish():
    result = solo(favours=[favour("Shawl", 3, "Gift"), favour("Cake", 3, "Food")],
                  friends=[friend("Otter", 3, "Water")])
    assert said(result, "es").notes[1] == (
        "1. Favores elaborados: Decoración 0, Entretenimiento 0, Comida 1, Regalo 1; empate "
        "entre Comida y Regalo; se toma Comida, la primera en el orden del reglamento: pon "
        "solo.favour_category para elegir -> Cordialmente")


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Ann's friend 1: no Friend called 'Otter' in the catalogue (it describes: none); "
           "check the spelling or describe the card"),
    ("es", "amigo 1 de Ann: ningún Amigo llamado 'Otter' en el catálogo (describe: ninguno); "
           "revisa cómo se escribe o describe la carta"),
    ("de", "Freund 1 von Ann: kein Freund namens 'Otter' im Katalog (er beschreibt: keine); "
           "prüfe die Schreibweise oder beschreibe die Karte"),
])
def test_a_refusal_is_said_in_each_language(code, expected):
    with pytest.raises(ValidationError) as refused:
        parse(player("Ann", friends=["Otter"]), player("Ben"))
    (problem,) = refused.value.errors()
    assert language(code).render(problem["ctx"]["error"].message) == expected


def test_a_refusal_names_the_resource_in_the_language():
    with pytest.raises(ValidationError) as refused:
        parse(player("Ann", resources={"Honey": 100}), player("Ben"))
    message = refused.value.errors()[0]["ctx"]["error"].message
    assert message.text == "100 Honey? At most 99: check the count"
    assert DE.render(message) == "100 Honig? Höchstens 99: prüfe die Anzahl"
    assert ES.render(message) == "¿100 Miel? Como máximo 99: revisa la cantidad"


def _every_text(result) -> list[str]:
    """Every sentence of a result: tie-break, warnings, competitions, and each player's lines and
    notes."""
    texts = [result.tie_break, *result.warnings,
             *(competition.detail for competition in result.competitions)]
    for player_result in result.players:
        texts += [*player_result.notes, *(line.detail for line in player_result.lines)]
    return texts


RICH_TABLE = dict(
    catalogue={"favours": [favour("Fiddle", 7, "Entertainment", also_have("Fiddle", 1))]},
    festivities=["Square Dance", "Picnic", "Bonfire"],
    options={"starter_counts_for_travel_bonuses": False},
)


def test_every_kind_of_sentence_passes_through_the_catalogue():
    """In the pseudo-language every sentence is bracketed: none skipped a catalogue, whichever
    line, note or warning says it; the names typed are kept."""
    cake = favour("Cake", 3, "Food", {"kind": "typed", "points": 2, "reason": "a reason"})
    ann = player("Ann", favours=["Fiddle", JAR, cake,
                                 favour("Harp", 1, "Gift", also_have("Lute", 2)),
                                 favour("Pot", 1, "Decoration", stored_sets(["Clay"], 0))],
                 friends=[friend("Otter", 3, "Water")],
                 patches=[patch("Water Safety", 3, per_friend("Water", 2)),
                          patch("Knots", 1, {"kind": "typed", "points": 1, "reason": ""})],
                 resources={"Bugs": 3, "Herbs": 3, "Honey": 1, "Maps": 2, "Clay": 3},
                 cubes={"Square Dance": 2})
    ben = player("Ben", favours=[JAR, JAR], resources={"Bugs": 1},
                 cubes={"Square Dance": 2, "Bonfire": 3})
    english = scored(ann, ben, player("Cat"), player("Dan"), player("Eve"), **RICH_TABLE)
    result = said(english, "pseudo")
    texts = _every_text(result)
    assert len(texts) == len(_every_text(english)) > 40
    assert any("Pot" in text and "ŋőŋę şŧőřęđ ĥęřę" in text for text in texts)
    assert [text for text in texts if not (text.startswith("[") and text.endswith("]"))] == []
    assert [row.label for row in result.rows] == [
        "[Ƒǻʋőűřş]", "[Ƒřįęŋđş]", "[Ƥǻŧçĥęş]", "[Ľęƒŧőʋęřş]", "Square Dance", "Picnic", "Bonfire"]
    assert "Lute" in result.warnings[0] and "Harp" in result.warnings[0]


def test_every_solo_sentence_passes_through_the_catalogue():
    otter, goat, deer = (friend("Otter", 3, "Water"), friend("Goat", 2, "Rock"),
                         friend("Deer", 2, "Forest"))
    tied = solo(favours=[favour("Shawl", 3, "Gift"), favour("Cake", 3, "Food")],
                friends=[otter, goat, deer], choices={"favour_category": "Decoration"})
    chosen = solo(favours=[favour("Shawl", 3, "Gift")], friends=[otter, goat],
                  choices={"travel": "Rock", "favour_category": "Food"})
    for result in (tied, chosen):
        notes = said(result, "pseudo").notes
        assert [note for note in notes if not (note.startswith("[") and note.endswith("]"))] == []
    assert said(tied, "de").notes[0] == (
        "Solo-Titel: Herzhaft Schläfriger Wanderer, Dreifacher Gleichstand von Maple Valley")
    assert said(chosen, "es").notes[4] == (
        "4. Amigos por tipo de viaje (el Inicial en cada uno): Agua 2, Roca 2, Bosque 1; "
        "empate entre Agua y Roca; elegiste Roca -> de las Colinas Ondulantes")


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "table: at players: 6 players; at most 5 (the box has 5 Pack player mats)"),
    ("es", "table: en players: 6 jugadores; como máximo 5 (la caja trae 5 tableros de Mochila)"),
    ("de", "table: in players: 6 Personen; höchstens 5 (die Schachtel enthält 5 "
           "Rucksack-Tableaus)"),
])
def test_a_limit_of_the_box_is_said_in_each_language(code, expected):
    text = json.dumps(table_data(*(player(name) for name in "ABCDEF")))
    with pytest.raises(TableFileError) as refused:
        table_from_json(text)
    assert language(code).render(refused.value.message) == expected
