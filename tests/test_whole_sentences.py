"""Every refusal is one whole sentence in every language (issue 26): no sentence pasted together from translated
fragments, no English word left inside a translated message, no placeholder glued to a suffix, no empty or
doubled word.

Three sweeps: every message template of the source filled with data (a seat, a number, a card) in each plural form
and language; the refusals the engines build themselves for each variant of the messages that used to be
assembled (56's auction, Seep's finished match, Contract Rummy's missed contract, Seep's plays, the Call column
of the score sheets, the calls left); and every refusal code of every game with each variant of its message,
rebuilt through the engines from tests/data/refusals.json, localized as the service localizes them.
"""

from __future__ import annotations

import json
import re
import string
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import translation

from exports.writers.pdf import _contract_sentences
from games.catalogue import BASE_DIR, source_messages
from games.i18n.translation import localize
from games.rules.bid_euchre.auction import may_sentence
from games.rules.bid_euchre.checks import _pack_refusal
from games.rules.cards import parse_card
from games.rules.codes import CODES
from games.rules.contract_rummy.melds import _missed_contract
from games.rules.errors import RuleViolation
from games.rules.fifty_six.auction import SEAT_MAY_TEMPLATES, TEAM_MAY_TEMPLATES, CallsLeft
from games.rules.messages import Message, msg
from games.rules.registry import GAME_KEYS, get_engine
from games.rules.seep.checks import (
    BID_CARD_MESSAGES,
    CARD_KEPT_MESSAGES,
    FIRST_PLAY_MESSAGES,
    check_bid,
    finished_message,
)
from games.rules.seep.deal import HouseBid
from games.rules.seep.engine import plays_text
from games.rules.tricks import _not_in_pack
from tests.support import bid_euchre
from tests.support.codes import raised_codes
from tests.support.fifty_six import bid, dbl, deal, pas, refused, rules

LANGUAGES = ("et", "fa", "hu")
ISOLATES = re.compile("[\u2066-\u2069]")
WORD = re.compile(r"[A-Za-z]{4,}")
# Words a translation may keep from its English: API field and setting names, JSON words, game names the
# glossaries keep untranslated, and words that are also words of the language (Estonian "pass", "jokker" ...).
KEPT = {
    "baazi", "baazis", "seep", "rummy", "contract", "euchre", "true", "false", "jokers", "joker", "pass", "null",
    "http", "https", "json", "team", "partner", "match", "trump", "trumps", "house", "cards", "plus", "noes",
    "redeal", "dealer", "settings", "seat", "seats", "auction", "tricks", "melds", "hand", "with", "type", "bidder",
    "value", "points", "card", "play", "plays", "deal", "deals", "takes", "action", "sweeps", "tables", "dry_run",
    "admin", "league", "email", "webhook", "webhooks", "host", "club", "token", "sets", "runs", "went", "bids",
    # API fields and values named in a message (``bands``, ``bidding = continuous``, ``call``, ``card_majority``):
    "bands", "bidding", "continuous", "build", "cement", "raise", "call", "convention", "contracts", "count", "deck",
    "double", "redouble", "eliminated", "from", "lose", "hands", "reason", "players", "reneges", "tied", "majority",
    "pair",
    # HTTP and network words, and words that are also Estonian or Hungarian ("import", "number", "port", "extra"):
    "etag", "idempotency", "link", "local", "loopback", "import", "export", "number", "port", "variant", "extra",
}  # fmt: skip
# The suits are the API's trump values where a message lists them with ``no_trumps``.
SUIT_VALUES = {"clubs", "diamonds", "hearts", "spades"}
GLUED = re.compile(r"\}[^\W\d_]|[}A-Za-z0-9)]\u0650|[^\W\d_]\{")  # a placeholder with a letter (or a kasra) stuck to it
DOUBLED_WORD = re.compile(r"(?<!\w)(\w+)\s+\1(?!\w)", re.IGNORECASE)
# Code inside a message, kept as written in every language: JSON, quoted values, field names, URLs.
CODE_TEXT = re.compile(r"\{[^{}]*\}|'[^']*'|\"[^\"]*\"|\w+(?:[_.]\w+)+|https?://\S*")
SAMPLES = {"seat": "S2", "team": "A", "card": "10D"}
# The messages that join data (numbers, seats, card symbols) into a list with the language's "or", "and" or comma.
DATA_LISTS = {"{head} or {last}", "{head}, or {last}", "{head} and {last}", "{head}, {item}", "{head}; {item}"}
# Phrases a message may hold as a value, as it holds a number: each names one thing whole, in the form the glossary
# gives for it (the reason), and every language's entry places it where its grammar wants a name.
NAMED_PHRASES = {
    **dict.fromkeys(
        ("{points} clubs", "{points} diamonds", "{points} hearts", "{points} spades", "{points} no-trumps"),
        "56's bid in words, one phrase per trump (glossary: a bid in words)",
    ),
    **dict.fromkeys(
        ("{number} set", "{number} run", "one set", "one run", "two sets", "two runs", "three sets", "three runs"),
        "a Contract Rummy contract's name (shared glossary section 5)",
    ),
}


def _sample(name: str, count: int) -> Any:
    """Data for a placeholder: a seat, a team, a card or a number, never a word."""
    base = re.split(r"[!:.\[]", name, maxsplit=1)[0]
    for key, value in SAMPLES.items():
        if key in base:
            return value
    return count


def _filled(template: str, plural: str | None, count: int) -> Message:
    names = {field for _, field, _, _ in string.Formatter().parse(template + (plural or "")) if field}
    values = {name.split("!")[0].split(":")[0]: _sample(name, count) for name in names}
    count_key = next(iter(sorted(values)), None) if plural else None
    if count_key is not None:
        values[count_key] = count
    return Message(template, values, plural, count_key)


# Data a message shows as it is: a card code ("4H", "10D", "JKR") and a field path ("floor[2]", "plays[1].card").
CARD_CODE = re.compile(r"(?:10|[2-9AJQK])[SHDC]|JKR")
FIELD_PATH = re.compile(r"\w+(?:\[\d+\])+(?:\.\w+)*")


def _defects(english: str, text: str) -> list[str]:
    """What is wrong with ``text``, the translation of ``english`` once filled."""
    plain = FIELD_PATH.sub("§", ISOLATES.sub("", text))
    found = []
    english_words = {word.lower() for word in WORD.findall(re.sub(CODE_TEXT, "", english))}
    if "no_trumps" in english:
        english_words -= SUIT_VALUES
    found += [f"English {word!r}" for word in sorted(english_words - KEPT) if re.search(rf"\b{word}\b", plain, re.I)]
    found += [
        f"doubled {match.group(0)!r}"
        for match in DOUBLED_WORD.finditer(plain)
        if not match.group(1).isdigit() and not CARD_CODE.fullmatch(match.group(1))
    ]
    if re.search(r"(?<!\.)\.\.(?!\.)|  | ,|\(\)", plain):
        found.append("an empty word or a doubled mark")
    return found


def pieces(text: Message) -> list[tuple[str, str]]:
    """The pieces ``text`` is glued from, as (the message, the piece's template): each message inside it that is
    neither a whole sentence (a value standing for a sentence ends with its full stop) nor a list of data."""
    found = []
    for value in text.values.values():
        if not isinstance(value, Message):
            continue
        if value.template in NAMED_PHRASES or value.template.startswith("{seat}: {card} "):
            continue  # a named thing, or one line of Seep's plays (each whole, listed by "{head}; {item}")
        if value.template in DATA_LISTS:
            found += [(value.template, item.template) for item in _list_items(value) if _is_phrase(item)]
        elif not value.template.rstrip().endswith((".", "?", "!")):
            found.append((text.template, value.template))
        else:
            found += pieces(value)
    return found


def fragments(text: Message) -> list[str]:
    return [f"{whole!r} is glued with {piece!r}" for whole, piece in pieces(text)]


def _list_items(text: Message) -> list[Any]:
    items = []
    for value in text.values.values():
        items += _list_items(value) if isinstance(value, Message) and value.template in DATA_LISTS else [value]
    return items


def _is_phrase(item: Any) -> bool:
    return isinstance(item, Message) and item.template not in NAMED_PHRASES and not item.template.startswith("{seat}:")


def _catalogue_templates() -> list[tuple[str, str | None]]:
    seen: dict[tuple[str, str | None], None] = {}
    for message in source_messages():
        if message.call in ("msg", "msg_template", "nmsg", "nmsg_template") and message.context is None:
            seen[(message.msgid, message.plural)] = None
    return list(seen)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_engine_message_filled_with_data_reads_as_one_sentence(language: str) -> None:
    wrong = []
    with translation.override(language):
        for template, plural in _catalogue_templates():
            translated = translation.gettext(template)
            if GLUED.search(translated):
                wrong.append(f"{template!r}: a placeholder glued to a suffix in {translated!r}")
            for count in (1, 3, 5) if plural else (3,):
                message = _filled(template, plural, count)
                text = str(localize(message))
                if text == str(message) and template[:1].isalpha() and " " in template:
                    wrong.append(f"{template!r}: not translated")
                wrong += [f"{template!r} -> {text!r}: {defect}" for defect in _defects(str(message), text)]
    assert wrong == []


# -- the refusals the engines assemble, each variant ----------------------------------------------------------------
def _auction_refusals() -> list[tuple[str, str]]:
    four = rules(4)
    cases = {
        "no bid yet": [deal("S1", [], 30)],
        "after passes": [deal("S1", pas("S2", "S3"), 30)],
        "after a bid": [deal("S1", [bid("S2", 32)], 30)],
        "after a double": [deal("S1", [bid("S2", 32, "spades"), dbl("S3")], 30)],
        "closed after passes": [deal("S1", [bid("S2", 33, "clubs"), *pas("S3", "S4", "S1"), *pas("S2")], 33)],
        "closed after a double": [
            deal("S1", [bid("S2", 33, "no_trumps"), dbl("S3"), *pas("S4", "S1", "S2"), *pas("S3")], 33)
        ],
        "double twice": [deal("S1", [bid("S2", 32), dbl("S3"), dbl("S4")], 30)],
        "redouble without a bid": [deal("S1", [{"seat": "S2", "call": "redouble"}], 30)],
        "redouble undoubled": [deal("S1", [bid("S2", 32), {"seat": "S3", "call": "redouble"}], 30)],
    }
    return [(name, refused(four, payload).detail) for name, payload in cases.items()]


def _affordable_refusals() -> list[tuple[str, str]]:
    found = []
    for tables, calls in ((1, [bid("S2", 30), dbl("S3")]), (4, [bid("S2", 40), dbl("S3")]), (1, [bid("S2", 40)])):
        r = rules(4, starting_tables=tables, calls_limited_by_tables=True)
        try:
            detail = refused(r, [deal("S1", calls, 30)]).detail
        except AssertionError:  # that call was affordable with these tables
            continue
        found.append((f"tables {tables}", detail))
    return found


def _seep_finished() -> list[tuple[str, str]]:
    found = []
    for won in ((1, 0), (2, 1), (3, 0), (4, 2), (0, 11), (21, 3)):
        state = SimpleNamespace(baazis_won=won, match_winner="A" if won[0] > won[1] else "B", match_drawn=False)
        end = SimpleNamespace(type="first_to_baazis", count=max(won))
        found.append((f"first to {max(won)}", finished_message(state, SimpleNamespace(match_end=end))))  # type: ignore[arg-type]
    for won, drawn in (((2, 2), True), ((3, 1), False)):
        state = SimpleNamespace(baazis_won=won, match_winner=None if drawn else "A", match_drawn=drawn)
        end = SimpleNamespace(type="baazis", count=sum(won))
        found.append((f"of {sum(won)}", finished_message(state, SimpleNamespace(match_end=end))))  # type: ignore[arg-type]
    return found


def _rummy_contracts() -> list[tuple[str, str]]:
    entered = ((0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (3, 0), (0, 3))
    contracts = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
    return [
        (f"{need} {got}", _missed_contract(deal, need, got))
        for deal, need in enumerate(contracts, 1)
        for got in entered
        if got[0] < need[0] or got[1] < need[1]
    ]


def _seep_plays() -> list[tuple[str, str]]:
    plays = [
        {"seat": "S2", "card": "3D", "action": "build", "house": 11, "with": ["AH", "7S"]},
        {"seat": "S3", "card": "QH", "action": "throw"},
        {"seat": "S1", "card": "QS", "action": "capture"},
        {"seat": "S4", "card": "KS", "action": "capture", "takes": ["KD"]},
        {"seat": "S1", "card": "2D", "action": "raise", "house": 11},
        {"seat": "S2", "card": "9C", "action": "cement", "house": 9, "with": ["9D"]},
    ]
    return [("plays", plays_text(plays))]


def _call_columns() -> list[tuple[str, str]]:
    contracts = [
        ({"bidder": "S2", "points": 40, "trump": "hearts", "doubling": "doubled", "forced": False}, True),
        ({"bidder": "S1", "points": 28, "trump": "no_trumps", "doubling": "none", "forced": True}, False),
        ({"bidder": "S3", "kind": "number", "tricks_bid": 4, "trump": "low_no_trumps"}, True),
        ({"bidder": "S4", "kind": "shoot_the_moon", "tricks_bid": 6, "trump": "spades"}, False),
    ]
    return [
        (f"{contract['bidder']} {index}", sentence)
        for contract, made in contracts
        for index, sentence in enumerate(_contract_sentences(contract, made))
    ]


def _pack_refusals() -> list[tuple[str, str]]:
    """A card named in a sentence is its symbol (data), in each whole sentence about the pack."""
    nine, ace = parse_card("9H").symbol, parse_card("AC").symbol
    fifty_six = SimpleNamespace(pack_size=48, pack_players=4)
    euchre = SimpleNamespace(pack_size=24, pack_players=None)
    return [
        ("pack none", _pack_refusal(24, 0, nine)),
        ("pack one", _pack_refusal(24, 1, nine)),
        ("pack two", _pack_refusal(48, 2, ace)),
        ("56 pack none", _not_in_pack(fifty_six, parse_card("7H"))),  # type: ignore[arg-type]
        ("euchre pack none", _not_in_pack(euchre, parse_card("8H"))),  # type: ignore[arg-type]
    ]


def _calls_left() -> list[tuple[str, str]]:
    """56: every set of calls left to a seat or a team, said whole (the keys of the tables are the sets)."""
    found = []
    for bids, can_pass, other in SEAT_MAY_TEMPLATES.keys() | TEAM_MAY_TEMPLATES.keys():
        low, high = {None: (57, 56), "one": (56, 56), "range": (33, 56)}[bids]
        left = CallsLeft(low, high, can_pass, other == "double", other == "redouble")
        if (bids, can_pass, other) in SEAT_MAY_TEMPLATES:
            found.append((f"56 seat {left.key()}", left.sentence("S3")))
        if (bids, can_pass, other) in TEAM_MAY_TEMPLATES:
            found.append((f"56 team {left.key()}", left.team_sentence("B")))
    return found


def _euchre_calls_left() -> list[tuple[str, str]]:
    """Bid Euchre: the calls left above each standing call, with and without the extra moons."""
    found = []
    for extra in (False, True):
        r = bid_euchre.rules(extra_moon_calls=extra)
        for rank in range(r.tricks_per_deal + 5):
            found.append((f"euchre {extra} {rank}", may_sentence("S2", rank, r)))
    return found


def _engine_refusals_with_calls_left() -> list[tuple[str, str]]:
    """The refusals that name the calls left, as the engines raise them."""
    four = rules(4)
    found = [
        ("56 bid not higher", refused(four, [deal("S1", [bid("S2", 32), bid("S3", 30)], 30)]).detail),
        ("56 bid not higher at 56", refused(four, [deal("S1", [bid("S2", 56), bid("S3", 40)], 30)]).detail),
        (
            "56 not affordable",
            refused(
                rules(4, starting_tables=1, calls_limited_by_tables=True), [deal("S1", [bid("S2", 28)], 30)]
            ).detail,
        ),
    ]
    for said in ((2,), (7,), (4, 3), ("pb", 5), ("moon", "pb"), ("moon", "triple_moon")):
        violation = bid_euchre.refusal(bid_euchre.deal("S4", said, tricks=(6, 0)))
        found.append((f"euchre {said}", violation.detail))
    return found


def _seep_bid_cards() -> list[tuple[str, str]]:
    """Seep: the card a bid or a house of each value needs, named inside each whole sentence (bid_card_not_in_hand
    as check_bid raises it, with and without a bid the hand allows; first_play_not_bid_value; capture_card_not_kept)."""
    found = []
    low = tuple(parse_card(code) for code in ("2S", "3H", "4D", "5C"))
    for value in CARD_KEPT_MESSAGES:
        other = parse_card("QS" if value == 13 else "KS")  # a card above 8 that is not the one the bid needs
        for allows, hand in ((False, low), (True, (*low[:3], other))):
            with pytest.raises(RuleViolation) as refusal:
                check_bid("S4", HouseBid("S1", value, hand))
            found.append((f"seep bid {value} {allows}", refusal.value.detail))
        found.append((f"seep first {value}", msg(FIRST_PLAY_MESSAGES[value], bid=value, what="7S")))
        kept = msg(CARD_KEPT_MESSAGES[value], seat="S2", value=value)
        found.append((f"seep kept {value}", kept))
    return found


def _engine_messages() -> list[tuple[str, str]]:
    return [
        *_seep_bid_cards(),
        *_pack_refusals(),
        *_auction_refusals(),
        *_affordable_refusals(),
        *_seep_finished(),
        *_rummy_contracts(),
        *_seep_plays(),
        *_call_columns(),
        *_calls_left(),
        *_euchre_calls_left(),
        *_engine_refusals_with_calls_left(),
    ]


def test_the_assembled_refusals_are_built_for_each_variant() -> None:
    messages = dict(_engine_messages())
    assert messages["after a double"] == (
        "The auction is not finished: after S3's double of S2's 32 spades, S4, S1 and S2 must still pass or call."
    )
    assert messages["closed after passes"] == (
        "The auction ended with 3 passes after S2's 33 clubs. No further calls are possible."
    )
    assert messages["first to 3"] == (
        "This match ended when team A won its 3rd baazi; start a new match to record more deals."
    )
    assert messages["(2, 1) (1, 0)"] == "Deal 5 needs two sets and one run; only one set was entered."
    assert messages["pack one"] == "The 24-card pack has only 1 9\u2665."
    assert messages["56 pack none"] == "The 48-card pack of 4 players has no 7\u2665."
    assert len(messages) > 40


def test_the_calls_left_are_one_whole_sentence_for_each_set_of_calls() -> None:
    messages = dict(_engine_messages())
    assert messages["56 bid not higher"] == "The standing bid is 32; S3 may bid 33 to 56, pass, or double."
    assert messages["56 team ('range', True, 'redouble')"] == "B may bid 33 to 56, pass, or redouble."
    assert messages["56 seat (None, True, None)"] == "S3 can only pass."
    assert messages["euchre False 0"] == "S2 may bid 3, 4 or 5, partner's best, shoot the moon, or pass."
    assert messages["euchre True 8"] == "S2 may call triple moon or pass."
    glued = [
        f"{name}: {whole!r} is glued with {piece!r}"
        for name, text in _engine_messages()
        for whole, piece in pieces(text)  # type: ignore[arg-type]
        if piece not in LEFT  # the house's name in capture_card_not_kept, left as in the refusals' sweep
    ]
    assert glued == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_assembled_refusal_leaves_english_or_a_broken_word_in_another_language(language: str) -> None:
    wrong = []
    with translation.override(language):
        for name, english in _engine_messages():
            assert isinstance(english, Message), name  # a message, so it is said in the reader's language
            text = str(localize(english))
            assert text != english, f"{name}: not translated"
            wrong += [f"{name}: {text!r}: {defect}" for defect in _defects(english, text)]
    assert wrong == []


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("et", "Pakkumisvoor lõppes: mängija S2 pakkumisele (33 risti) järgnes 3 passi."),
        ("hu", "A licit véget ért: S2 licitje (33 treff) után 3 passz következett."),
        ("fa", "پیشنهاددهی تمام شد: پس از پیشنهادِ \u2068S2\u2069 (\u206833\u2069 گشنیز) \u20683\u2069 پاس آمد."),
    ],
)
def test_a_closed_auction_is_said_whole_with_its_bid_and_its_passes(language: str, expected: str) -> None:
    detail = dict(_auction_refusals())["closed after passes"]
    with translation.override(language):
        assert str(localize(detail)).startswith(expected)


# -- every refusal code of every game, each variant of its message, through the engines ----------------------------
# tests/data/refusals.json: one case per (game, code, messages it is said with): the settings, the player count, the
# stored state to start from (or none) and the deals that, played in turn, end in that refusal. The cases were taken
# from the refusals the rule tests (tests/rules) meet, the smallest input for each variant; a new variant is a new
# case there.
REFUSALS: list[dict[str, Any]] = json.loads((BASE_DIR / "tests" / "data" / "refusals.json").read_text())
# The codes no engine raises, with the reason.
NOT_THROUGH_AN_ENGINE: dict[str, str] = {
    "too_few_entrants": "a club night's draw refuses it (nights/formats), no game's engine; its message is in the "
    "template sweep above",
}


def _rebuild(case: dict[str, Any]) -> RuleViolation | None:
    engine = get_engine(case["game"])
    try:
        rules = engine.rules_from_settings(case["settings"], case["players"])
        state = engine.initial_state(rules) if case["state"] is None else engine.state_from_json(case["state"], rules)
        for payload in case["deals"]:
            state = engine.play_deal(state, engine.parse_deal(payload, rules), rules).state
    except RuleViolation as violation:
        return violation
    return None


@cache
def _refusals() -> list[tuple[str, RuleViolation]]:
    found = []
    for number, case in enumerate(REFUSALS):
        violation = _rebuild(case)
        assert violation is not None, f"case {number} ({case['game']} {case['code']}) is accepted"
        found.append((f"{number} {case['game']} {violation.code}", violation))
    return found


def _message(text: str) -> Message:
    assert isinstance(text, Message), text
    return text


def _templates(text: Any) -> list[str]:
    if not isinstance(text, Message):
        return []
    return [text.template, *(name for value in text.values.values() for name in _templates(value))]


def test_each_case_is_refused_with_its_code() -> None:
    assert [violation.code for _name, violation in _refusals()] == [case["code"] for case in REFUSALS]
    assert len(REFUSALS) > 400


def test_every_code_of_every_game_is_rebuilt_or_said_why_not() -> None:
    swept = {case["code"] for case in REFUSALS}
    assert sorted(set(CODES) - swept - set(NOT_THROUGH_AN_ENGINE)) == []
    assert sorted(swept & set(NOT_THROUGH_AN_ENGINE)) == []
    for game in GAME_KEYS:
        own = raised_codes(sorted((BASE_DIR / "games" / "rules" / game).rglob("*.py")))
        assert sorted(set(own) - {case["code"] for case in REFUSALS if case["game"] == game}) == [], game


# The templates of the engines that no case says, each with the reason (a phrase that is no refusal, a refusal no
# deal can meet, or one another test builds for each of its variants).
def _not_swept(template: str, where: str) -> str | None:
    path = where.split(":", maxsplit=1)[0]
    if template.startswith("The stored") or path.endswith("/state.py"):
        return "a damaged stored state: said reading the database, never by a deal (the state tests)"
    if path in ("games/rules/seep/engine.py", "games/rules/settings_spec.py", "games/rules/registry.py"):
        return "no refusal of a deal: the plays column, the headline, the settings page, an unknown game (API tests)"
    if path.endswith("/progress.py") or path == "games/rules/seep/moves.py":
        return "a deal part way through its plays (play_progress): tests/api/test_deal_progress.py and the rules tests"
    if path == "games/rules/contract_rummy/melds.py" and " " not in template:
        return "a word of a meld's name (its ranks, a count), said inside a whole contract"
    if template in SEAT_MAY_TEMPLATES.values() or template in TEAM_MAY_TEMPLATES.values():
        return "a set of 56 calls left: test_the_calls_left_are_one_whole_sentence_for_each_set_of_calls"
    if template in {*BID_CARD_MESSAGES.values(), *FIRST_PLAY_MESSAGES.values(), *CARD_KEPT_MESSAGES.values()}:
        return "the card a Seep bid or house of each value needs: _seep_bid_cards builds each variant"
    return NOT_SWEPT.get(template)


NOT_SWEPT: dict[str, str] = {
    "{head}, or {last}": "the serial comma's list, for data",
    "{points} no-trumps": "a 56 bid in words; the sheets' tests say it",
    **dict.fromkeys(
        ("clubs", "diamonds", "hearts", "spades", "ace", "jack", "queen", "king", "no-trumps"),
        "a suit's or a rank's name: extra.allowed, the trump of a trick, the score sheets",
    ),
    "{seat} cannot double: the standing bid ({standing_words}) is already redoubled; a bid may be doubled only once.": (
        "no deal meets it: a redouble ends the auction, so a double after it is auction_closed"
    ),
    "Deal fewer cards or seat fewer players.": (
        "no settings meet it: 6 packs (312 cards) cover the most the limits allow, 8 players x 20 cards + 1 up-card "
        "+ 100 stock cards; kept for a limit raised later"
    ),
    "By the club night's draw, the first dealer of this match is {expected_dealer}.": (
        "games/rules/first_dealer.py, a club night's drawn first dealer: tests/nights/test_night_first_dealer.py says "
        "it whole in each language"
    ),
    "Choose a seat from {seats_0}-{seats}; {value!r} is not one.": (
        "games/rules/seats.py's require_seat: only the toy game of tests/rules calls it; each game names its own seats"
    ),
}


def test_every_variant_of_the_engines_messages_is_rebuilt_or_said_why_not() -> None:
    said = {template for _name, violation in _refusals() for template in _templates(violation.detail)}
    missing = []
    for message in source_messages():
        if message.call not in ("msg", "msg_template", "nmsg", "nmsg_template") or message.msgid in said:
            continue
        if message.where.startswith("games/rules/") and _not_swept(message.msgid, message.where) is None:
            missing.append(f"{message.where}: {message.msgid!r}")
    assert sorted(set(missing)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_of_every_game_reads_whole_in_each_language(language: str) -> None:
    wrong = []
    with translation.override(language):
        for name, violation in _refusals():
            english = violation.detail
            assert isinstance(english, Message), name
            for template in _templates(english):
                if GLUED.search(translation.gettext(template)):
                    wrong.append(f"{name}: a placeholder glued to a suffix in the entry for {template!r}")
            text = str(localize(english))
            if text == english:
                wrong.append(f"{name}: not translated: {text!r}")
            # The English words are those of the messages' own text: a value is data (an API word, a setting's name)
            wording = " ".join(_templates(english))
            wrong += [f"{name}: {text!r}: {defect}" for defect in _defects(wording, text)]
            wrong += [
                f"{name}: {whole!r} glued with {piece!r}" for whole, piece in pieces(english) if piece not in LEFT
            ]
    assert wrong == []


# The pieces some refusals are still glued from: each a phrase translated on its own and pasted into a sentence. The
# sweep fails on any piece not listed here, and on a piece listed here that no refusal uses any more. Issue 26 emptied
# it: every refusal is now one whole sentence chosen by code, or whole sentences joined, or data (cards as symbols).
LEFT: dict[str, str] = {}


def test_the_pieces_left_are_each_still_used() -> None:
    used = {piece for _name, violation in _refusals() for _whole, piece in pieces(_message(violation.detail))}
    assert sorted(set(LEFT) - used) == []
