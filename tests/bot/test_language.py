"""Czech and Polish as a native speaker writes them (issue 22): the rulebooks' words, one register, no assumed
gender, and a plural form wherever a number meets a noun.

The glossary of each language is render/locales/<lang>/glossary.ftl (Fluent terms such as ``-vodni-prstenec``,
with their case forms); the variants it replaced, and other slips a native reader found
(../shared/reviews/languages-2026-11-27.md), are listed below and may not come back.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale
from fluent.syntax import FluentParser, FluentSerializer
from fluent.syntax import ast as fa
from fluent.syntax.visitor import Visitor

from render.i18n import LOCALES, t

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = ROOT / "render" / "locales"

#: (pattern, the file stems it applies to or None for all, why) — the rulebook's word is in the glossary
FORBIDDEN: dict[str, list[tuple[str, tuple[str, ...] | None, str]]] = {
    "cs": [
        (r"\bEgizia\b", None, "the game is called Údolí králů in Czech (-hra-egizia)"),
        (r"[Vv]odní kruh|zavlažovací kruh|\bkruh\b", ("egizia", "egizia_render", "bot"), "vodní prstenec"),
        (r"trh s obilím|trhu s obilím", None, "obilný trh"),
        (r"\blomy?\b|\blomů\b", None, "kamenolom"),
        (r"\bDirk", None, "Petr (the Czech rulebook)"),
        (r"[Ss]erail", None, "palác (the Czech rulebook lists zahrady, pavilóny, arkády, paláce, královské komnaty, věže)"),
        (r"[Hh]radb", None, "zeď (the Czech rulebook)"),
        (r"[Hh]robk", ("egizia", "egizia_render"), "hrob / hroby (Údolí králů; Luxor's hrobka is right)"),
        (r"Žeton", ("egizia_render",), "destička pořadí"),
        (r"[Ss]tavitel|dělník", None, "stavební četa"),
        (r"kulatého pole|kruhov[áé] pol", None, "políčko kola (a round's space, not a circular one)"),
        (r"[Dd]estička Hora|karta Hora|[Cc]hrámová destička", None, "Horova dlaždice, Horova karta, chrámová dlaždice"),
        (r"[Pp]robudit", None, "aktivovat (as the Luxor texts)"),
        (r"zakladatel", None, "hostitel"),
        (r"Bodování závěrečné", None, "Závěrečné bodování"),
        (r"závěrečné(ho|m)? hodnocení", None, "závěrečné bodování"),
        (r"\bz které\b", None, "ze které"),
        (r"záznamem č\.", None, "tahem č."),
        (r"rozstřel", None, "rozhodnutí remízy"),
        (r"\b[Oo]kn[oaě]\b|\boken\b", None, "a calque of 'window': say when a card can be played"),
        (r"\b[RC][1-4]\b", ("egizia_render",), "L/P/S/V letters (R is English 'right')"),
        (r"Tvůj tah plavby", None, "Plavba: jsi na tahu"),
        (r"\bVB\b", None, "b. (points are 'b.' in text and on every board)"),
    ],
    "pl": [
        (r"\bEgizi[ai]\b", None, "the game is called Dolina Królów in Polish (-hra-egizia)"),
        (r"\b[Ee]kip", None, "budowniczy (the Polish rulebook)"),
        (r"\b[Jj]oker", None, "zarządca"),
        (r"targ zboża|targu zboża|[Rr]ynek zboża", None, "rynek zbożowy"),
        (r"\b[Tt]arg", None, "rynek"),
        (r"[Pp]ierście", ("egizia", "egizia_render", "bot"), "znacznik nawodnienia"),
        (r"Tor punktów", None, "tor punktacji"),
        (r"\błód[źk]|\błodzi", None, "statek"),
        (r"\bkrąg|\bresztk|robotnik", None, "znacznik nawodnienia, pozostała karta, budowniczy"),
        (r"okrągł", None, "pole rundy (a round's space, not a circular one)"),
        (r"kiedykolwiek", None, "w dowolnej chwili"),
        (r"\bGrób\b", ("luxor",), "grobowiec (the board's tomb cell keeps 'Grób': 'Grobowiec' does not fit it)"),
        (r"[Pp]łytk\w* grobowc", None, "żeton grobowca"),
        (r"Punktacja końcowe|końcowym liczeniem|końcowej punktacji", None, "punktacja końcowa"),
        (r"dogrywk", None, "rozstrzygnięcie remisu"),
        (r"Kontynuować ją", None, "Wznowić ją"),
        (r"ostatni do przedostatniego", None, "ostatni dogania przedostatniego"),
        (r"Karta pozostałej karty", None, "karta N39 (weź pozostałą kartę)"),
        (r"\b[Oo]kn[oaie]\b|\bokien\b", None, "a calque of 'window'"),
    ],
}

#: formal address (vy / Pan, wy): the texts say ty in Czech and Polish, everywhere
FORMAL = {
    "cs": re.compile(r"\b(?:\w+te|[Vv]á[šs]|[Vv]ám|[Vv]aš\w*|[Vv]ás)\b"),  # 2nd person plural: -te (jste, zadejte, …)
    "pl": re.compile(r"\b(?:\w+cie|\w+ście|Pan|Pani|Państw\w*|[Ww]asz\w*|[Ww]am|[Ww]as)\b"),
}
#: words that end like a formal verb but are not one
NOT_VERBS = {
    "cs": {"SQLite"},  # the database's name
    "pl": {"Rozstrzygnięcie", "rozstrzygnięcie", "Wejście", "wejście", "cofnięcie", "mecie", "rozpoczęcie",
           "rzucie", "trakcie", "walucie", "wydobycie", "zapłacie", "przejście"},
}

#: a player's gender assumed: "(a)" forms, a past tense right after a player's name
GENDERED = {
    "cs": re.compile(r"\w\((?:a|á)\)|(?<!ráči )\{ \$(?:player|user|host|name|new|old|builder) \} (?:už |se |si |ho )?\w+l\b"),
    "pl": re.compile(r"\w\((?:a|ła)\)|\{ \$(?:player|user|host|name|new|old) \} (?:już |się )?\w+ł\b|"
                     r"\bjego tura\b|za niego\b|buduj[eę] pierwszy"),
}

#: counted nouns and their forms by CLDR category (nominative and accusative, the forms a count takes)
COUNTED = {
    "cs": {"kámen": {"one"}, "kameny": {"few"}, "kamenů": {"many", "other"}, "kamene": {"many"},
           "karta": {"one"}, "kartu": {"one"}, "karty": {"few", "many"}, "karet": {"other"},
           "krok": {"one"}, "kroky": {"few"}, "kroků": {"other"}, "kroku": {"many"},
           "cihla": {"one"}, "cihlu": {"one"}, "cihly": {"few", "many"}, "cihel": {"other"},
           "bod": {"one"}, "body": {"few"}, "bodů": {"other"}, "bodu": {"many"},
           "hráč": {"one"}, "hráči": {"few"}, "hráčů": {"other"}, "hráče": {"one", "few", "many", "other"},
           "loď": {"one"}, "lodě": {"few"}, "lodí": {"other"},
           "tah": {"one"}, "tahy": {"few"}, "tahů": {"other"}, "tahu": {"many"},
           "budova": {"one"}, "budovu": {"one"}, "budovy": {"few", "many"}, "budov": {"other"}},
    "pl": {"kamień": {"one"}, "kamienie": {"few"}, "kamieni": {"many"}, "kamienia": {"other"},
           "karta": {"one"}, "kartę": {"one"}, "karty": {"few", "other"}, "kart": {"many"},
           "krok": {"one"}, "kroki": {"few"}, "kroków": {"many"}, "kroku": {"other"},
           "cegła": {"one"}, "cegłę": {"one"}, "cegły": {"few", "other"}, "cegieł": {"many"},
           "punkt": {"one"}, "punkty": {"few"}, "punktów": {"many"}, "punktu": {"other"},
           "gracz": {"one"}, "gracze": {"few"}, "graczy": {"many", "few"}, "gracza": {"one", "other"},
           "statek": {"one"}, "statki": {"few"}, "statków": {"many"},
           "ruch": {"one"}, "ruchy": {"few"}, "ruchów": {"many"},
           "budynek": {"one"}, "budynki": {"few"}, "budynków": {"many"}},
    "en": {w: {"one"} for w in ("stone", "card", "step", "brick", "point", "player", "ship", "move", "tile",
                                "building")}
          | {w + "s": {"other"} for w in ("stone", "card", "step", "brick", "point", "player", "ship", "move",
                                          "tile", "building")},
}


#: the parameters that carry a count (ids, names and sides do not)
NUMBERS = {"n", "count", "cost", "stones", "cards", "steps", "picks", "score", "vp", "players", "max", "min", "held",
           "kept", "drawn", "paid", "amount", "bricks", "sites", "hours", "left", "need", "grain", "loss", "short",
           "keys", "total", "k", "d", "hi", "lo", "shown", "timeouts", "votes", "needed", "used", "moves", "wins",
           "played", "days", "minutes", "tiles", "value"}
#: a number in a genitive construction ("co najmniej 1 opłaconej karty"), right as it is
GENITIVE = {"1 opłaconej karty"}


#: which messages a glossary term belongs to: the games whose name (or word) is in the message's id; None = all
TERM_GAMES: dict[str, dict[str, tuple[str, ...] | None]] = {
    "cs": {**dict.fromkeys(("hra-egizia", "sfinga", "obelisk-a-hroby", "pyramida-a-chram", "vodni-prstenec", "obilny-trh",
                            "prodej-kamenu", "kamenolom", "hrob", "hroby", "desticka-poradi", "ceta", "zolik", "policko"),
                           ("egizia", "sphinx")),
           "petr": ("alhambra", "dirk"), "zed": ("alhambra",), "dlazdice": ("luxor",), "zaverecne-bodovani": None},
    "pl": {**dict.fromkeys(("hra-egizia", "sfinks", "obelisk-i-grobowce", "piramida-i-swiatynia", "znacznik-nawodnienia",
                            "rynek-zbozowy", "sprzedaz-kamieni", "budowniczy", "zarzadca", "kamieniolom", "grobowce",
                            "zeton-grobowca", "zeton-kolejnosci", "statek"), ("egizia", "sphinx")),
           "grobowiec": ("egizia", "luxor"), "tor-punktacji": ("egizia", "luxor"), "rynek": ("alhambra",),
           "punktacja-koncowa": None},
}


def term_scope(locale: str, term: str, ident: str) -> bool:
    games = TERM_GAMES[locale].get(term, ())
    return games is None or any(g in ident for g in games)


def glossary_forms(locale: str) -> list[tuple[str, str, str | None]]:
    """(written form, term, case or None for the default) of every term in a language's glossary, longest first."""
    resource = FluentParser(with_spans=False).parse((LOCALE_DIR / locale / "glossary.ftl").read_text(encoding="utf-8"))
    out: list[tuple[str, str, str | None]] = []
    for entry in resource.body:
        if not isinstance(entry, fa.Term):
            continue
        name = entry.id.name
        for el in entry.value.elements:
            if isinstance(el, fa.TextElement) and el.value.strip():
                out.append((el.value.strip(), name, None))
            elif isinstance(el, fa.Placeable) and isinstance(el.expression, fa.SelectExpression):
                for v in el.expression.variants:
                    if all(isinstance(x, fa.TextElement) for x in v.value.elements):
                        text = "".join(x.value for x in v.value.elements).strip()
                        out.append((text, name, None if v.default else v.key.name))
    seen: set[str] = set()
    unique = []
    for form, name, case in sorted(out, key=lambda f: (-len(f[0]), f[2] is not None)):
        if form not in seen:  # the same text in two cases: the default (or the first) renders it
            seen.add(form)
            unique.append((form, name, case))
    return unique


def _files(locale: str) -> Iterator[tuple[str, fa.Resource]]:
    parser = FluentParser(with_spans=False)
    for path in sorted((LOCALE_DIR / locale).glob("*.ftl")):
        yield path.stem, parser.parse(path.read_text(encoding="utf-8"))


def _texts(locale: str) -> Iterator[tuple[str, str, str]]:
    """(file stem, message id, the message's source text without its id) for every message and term."""
    ser = FluentSerializer()
    for stem, resource in _files(locale):
        for entry in resource.body:
            if isinstance(entry, fa.Message | fa.Term):
                src = ser.serialize_entry(entry)
                yield stem, entry.id.name, src.split("=", 1)[1]


def _words(src: str) -> str:
    """The text a reader sees: placeables' variables and function names removed, selectors' keys removed."""
    src = re.sub(r"\$[\w-]+|-[a-z][\w-]*|\b[A-Z]+\(", " ", src)
    return re.sub(r"\*?\[[\w-]+\]", " ", src)


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_the_glossary_is_the_rulebooks_and_no_replaced_variant_comes_back(locale):
    found = []
    for stem, ident, src in _texts(locale):
        if stem == "glossary":
            continue
        text = _words(src)
        for pattern, stems, why in FORBIDDEN[locale]:
            if stems is not None and stem not in stems:
                continue
            for m in re.finditer(pattern, text):
                found.append(f"{stem}.ftl {ident}: {m.group(0)!r} → {why}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_the_game_name_and_terms_come_from_the_glossary(locale):
    """Every message that names a term the glossary defines uses the term (here: the game's name, the
    Sphinx's case forms), and the name is the same in text, on the board and in the bot's lists."""
    name = t("egizia.name", locale)
    assert name == {"cs": "Údolí králů", "pl": "Dolina Królów"}[locale]
    assert t("game.egizia", locale) == t("egizia_render.title", locale) == name
    assert name in t("egizia.ev.setup", locale, players=3)
    for _stem, ident, src in _texts(locale):
        if _stem != "glossary":
            assert name not in src, f"{ident}: write {{ -hra-egizia }}, not the name itself"


class _TextElements(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def visit_TextElement(self, node: fa.TextElement) -> None:
        self.found.append(node.value)


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_messages_write_game_terms_as_glossary_terms(locale):
    """A glossary word inside a message of its game is a term reference ({ -vodni-prstenec }), never typed out,
    so a change to the glossary changes every text (a capitalised label, which a term cannot write, is exempt)."""
    forms = glossary_forms(locale)
    found = []
    for stem, resource in _files(locale):
        if stem == "glossary":
            continue
        for entry in resource.body:
            if not isinstance(entry, fa.Message):
                continue
            usable = [f for f, term, _ in forms if term_scope(locale, term, entry.id.name)]
            if not usable:
                continue
            rx = re.compile(r"(?<![\w-])(" + "|".join(re.escape(f) for f in usable) + r")(?![\w-])")

            texts = _TextElements()
            texts.visit(entry)
            found.extend(f"{stem}.ftl {entry.id.name}: {m.group(1)!r}" for text in texts.found for m in rx.finditer(text))
    assert not found, "write these as glossary terms: " + "; ".join(found)


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_one_register_ty_everywhere(locale):
    found = []
    for stem, ident, src in _texts(locale):
        for m in FORMAL[locale].finditer(_words(src)):
            if m.group(0) not in NOT_VERBS[locale]:
                found.append(f"{stem}.ftl {ident}: {m.group(0)!r}")
    assert not found, "formal address (use ty): " + "; ".join(found)


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_no_message_assumes_a_players_gender(locale):
    found = [f"{stem}.ftl {ident}: {m.group(0)!r}" for stem, ident, src in _texts(locale)
             for m in GENDERED[locale].finditer(src)]
    assert not found, found


class _Counts(Visitor):
    """Numbers beside counted nouns: a variable outside a plural selector on it, a literal number whose noun
    has the wrong form."""

    def __init__(self, locale: str) -> None:
        super().__init__()
        self.locale = locale
        self.rules = Locale.parse(locale).plural_form
        self.under: list[set[str]] = []  # variables selected on by the plural selectors around
        self.problems: list[str] = []

    def visit_SelectExpression(self, node: fa.SelectExpression) -> None:
        keys = {v.key.name for v in node.variants if isinstance(v.key, fa.Identifier)}
        plural = isinstance(node.selector, fa.VariableReference) and bool(keys & {"one", "few", "many"})
        self.under.append({node.selector.id.name} if plural else set())
        self.generic_visit(node)
        self.under.pop()

    def visit_Pattern(self, node: fa.Pattern) -> None:
        els = node.elements
        nouns = COUNTED[self.locale]
        for i, el in enumerate(els):
            if isinstance(el, fa.TextElement):
                for m in re.finditer(r"(?<![\w.#/-])(\d+) (?:\w+ )?(\w+)", el.value):
                    n, noun = int(m.group(1)), m.group(2)
                    if noun in nouns and self.rules(n) not in nouns[noun] and m.group(0) not in GENITIVE:
                        self.problems.append(f"{m.group(0)!r}: {n} takes the {self.rules(n)} form")
            nxt = els[i + 1] if i + 1 < len(els) else None
            if (isinstance(el, fa.Placeable) and isinstance(el.expression, fa.VariableReference)
                    and el.expression.id.name in NUMBERS and isinstance(nxt, fa.TextElement)):
                m = re.match(r" (?:\w+ )?(\w+)", nxt.value)
                var = el.expression.id.name
                if m and m.group(1) in nouns and not any(var in u for u in self.under):
                    self.problems.append(f"{{ ${var} }}{nxt.value[:20]!r}: no plural selector on ${var}")
        self.generic_visit(node)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_number_beside_a_noun_has_its_plural_form(locale):
    """Card and space texts ("6 vlastních cihel"), and every { $n } before a counted noun sits in a plural
    selector on $n."""
    problems = []
    for stem, resource in _files(locale):
        for entry in resource.body:
            if isinstance(entry, fa.Message | fa.Term):
                v = _Counts(locale)
                v.visit(entry)
                problems += [f"{stem}.ftl {entry.id.name}: {p}" for p in v.problems]
    assert not problems, "\n".join(problems)


def test_declined_names_in_sentences():
    """The review's sentences, now declined (issue 22)."""
    from engines.core import Msg
    sphinx, passalon = Msg("egizia.site.sphinx"), Msg("egizia.space.passalon")
    grain = Msg("egizia.track.grain_market")
    cases = [
        ("cs", Msg("egizia.pos.sub", {"site": sphinx}), "náhradník u Sfingy"),
        ("cs", Msg("egizia.lbl.build", {"site": sphinx}), "Stavět u Sfingy"),
        ("cs", Msg("egizia.title.D-13", {"site": sphinx}), "Vyber četu pro stavbu Sfingy"),
        ("cs", Msg("egizia.ev.decline", {"player": "eva", "site": sphinx, "reason": Msg("egizia.reason.chose")}),
         "eva opouští Sfingu: odmítá stavět."),
        ("cs", Msg("egizia.err.round_full", {"space": passalon}), "Dvě lodě už stojí na políčku Passalon."),
        ("cs", Msg("egizia.ev.track", {"player": "eva", "track": grain, "pos": 3}), "eva: značka obilného trhu → pole 3."),
        ("cs", Msg("egizia.lbl.ring_stay", {"pos": Msg("egizia.ring.left")}), "Nechat vodní prstenec na levém poli"),
        ("cs", Msg("egizia.ev.winner", {"player": "eva", "score": 1}), "eva vítězí s 1 bodem."),
        ("pl", Msg("egizia.pos.sub", {"site": sphinx}), "rezerwa przy Sfinksie"),
        ("pl", Msg("egizia.lbl.build", {"site": sphinx}), "Buduj przy Sfinksie"),
        ("pl", Msg("egizia.ev.decline", {"player": "ola", "site": sphinx, "reason": Msg("egizia.reason.chose")}),
         "ola opuszcza budowę Sfinksa: rezygnuje."),
        ("pl", Msg("egizia.ev.track", {"player": "ola", "track": grain, "pos": 3}), "ola: znacznik rynku zbożowego → pole 3."),
        ("pl", Msg("egizia.lbl.ring_stay", {"pos": Msg("egizia.ring.left")}), "Zostaw znacznik nawodnienia na lewym polu"),
        ("en", Msg("alhambra.ev.scoring", {"round": Msg("alhambra.round.final")}), "Final scoring"),
        ("cs", Msg("alhambra.ev.scoring", {"round": Msg("alhambra.round.final")}), "Závěrečné bodování"),
        ("pl", Msg("alhambra.ev.scoring", {"round": Msg("alhambra.round.final")}), "Punktacja końcowa"),
        ("en", Msg("alhambra.opt.reserve_all", {"count": 2}), "Put both tiles into the reserve"),
        ("en", Msg("undo.ev.done", {"player": "ann", "n": 1, "first": 13, "last": 13}), "↩️ ann took back 1 move (#13)."),
    ]
    for locale, message, want in cases:
        assert t(message, locale) == want, (locale, message.key)
