"""One term for one thing in each language (issue 26): the words the glossaries (docs/glossary-{et,fa,hu}.md) chose
against are not left in a translation.

Only the translations (msgstr) are read, in both domains (django: the service and the score sheets; djangojs: the
pages). A rule may be scoped to the entries whose English speaks of one thing (Persian "دسته" is the pack, so it is
wrong only where the English says "set"); an entry that uses a banned word rightly is in ALLOWED with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import polib
import pytest

from games.catalogue import BASE_DIR

DOMAINS = ("django", "djangojs")
ZWNJ = "\u200c"  # the zero-width non-joiner inside Persian words


@dataclass(frozen=True)
class Rule:
    banned: str  # a regular expression matched against each translation
    why: str
    english: str = ""  # only entries whose msgid matches this (empty: every entry)
    not_english: str = ""  # ... and does not match this


RULES: dict[str, tuple[Rule, ...]] = {
    "et": (
        Rule(
            r"\bütle(?:mi\w*|ja\w*|b|vad)\b",
            "a call is a pakkumine, the auction the pakkumisvoor, the first speaker the esimene pakkuja",
        ),
        Rule(r"\boma(?:b|vad)\b", 'a calque of "owns": "mängijale {seat} kuulub ..."'),
        Rule(r"\{\w+\} maja\b", '"11 maja" reads as eleven houses: "maja väärtusega {value}"'),
        Rule(r"\b[Pp]akkumine (?:ei ole lõppenud|lõppes|on läbi)", "the auction is the pakkumisvoor"),
    ),
    "fa": (
        Rule("ساخته شد", 'a contract made is "انجام شد" (done), not built'),
        Rule(
            f"برده شد|را برد(?![\\w{ZWNJ}])",
            'a contract made is "انجام شد", as on the score sheet',
            english=r"(?i)\bmade\b",
        ),
        Rule("دسته", 'Seep\'s and Rummy\'s sets are "ست"; "دسته" is the pack', english=r"(?i)\bsets?\b"),
        Rule(
            f"(?<!کارت{ZWNJ}های )(?<!از )(?<!به )(?<![\\w{ZWNJ}])دست(?:ِ|ی|ش|ها)?(?![\\w{ZWNJ}])",  # noqa: RUF001 (Persian, not a confusable)
            f'a player\'s hand is "کارت{ZWNJ}های دست": "دست" alone is a trick',
            english=r"(?i)\bhands?\b",
            not_english=r"(?i)\btricks?\b",
        ),
    ),
    "hu": (
        Rule(r"(?i)csomag", 'the pack is the "pakli" everywhere'),
        Rule(r"(?i)számos lap", 'number cards are "számkártyák" ("számos" means numerous)'),
        Rule(r"(?i)alacsony szanzadu", 'low no-trumps is "alsó szanzadu", as the setting says'),
        Rule(
            r"(?i)^(?:\S+ )?(?:elvisz|ledob|tesz|épít|passzol|rögzít|töröl)\b",
            "a button is an imperative or a noun, never the third person",
            english=r"^(?:Capture|Throw loose|Take \{cards\}|Take the house|Add to the house of \{value\}"
            r"|Build the house of \{value\}|Everyone else passes|Undo|Save deal|Discard)$",
        ),
    ),
}

# (language, msgid): why the banned word is right there.
ALLOWED: dict[tuple[str, str], str] = {
    ("fa", "A league's {field} cannot change once it exists."): "a league created (ساخته شدن), not a contract made",
    ("fa", "{shown} is not a set: one pack has only one of each card, and it has {card} twice."): (
        'the pack ("دسته‌ی کارت") beside a Rummy set ("ست"): both words in their own sense'
    ),
}


def _translations(entry: polib.POEntry) -> list[str]:
    return [entry.msgstr, *(entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural))]


def offending(language: str, entries: list[polib.POEntry]) -> list[str]:
    """Each translation in ``entries`` that uses a word the glossary chose against, with the reason."""
    found = []
    for entry in entries:
        if (language, entry.msgid) in ALLOWED:
            continue
        for rule in RULES[language]:
            if rule.english and not re.search(rule.english, entry.msgid):
                continue
            if rule.not_english and re.search(rule.not_english, entry.msgid):
                continue
            for text in _translations(entry):
                if match := re.search(rule.banned, text):
                    found.append(f"{entry.msgid!r} -> {text!r}: {match.group(0)!r} ({rule.why})")
    return found


def _entries(language: str, domain: str) -> list[polib.POEntry]:
    path = BASE_DIR / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


@pytest.mark.parametrize("language", sorted(RULES))
@pytest.mark.parametrize("domain", DOMAINS)
def test_no_translation_uses_a_word_its_glossary_chose_against(language: str, domain: str) -> None:
    assert offending(language, _entries(language, domain)) == []


def test_every_allowed_entry_still_exists_and_still_needs_its_exception() -> None:
    for (language, msgid), _why in ALLOWED.items():
        entries = [e for domain in DOMAINS for e in _entries(language, domain) if e.msgid == msgid]
        assert entries, msgid
        text = " ".join(_translations(entries[0]))
        assert any(re.search(rule.banned, text) for rule in RULES[language]), msgid


@pytest.mark.parametrize(
    ("language", "msgid", "msgstr"),
    [
        ("et", "Undo last call", "Võta viimane ütlemine tagasi"),
        ("et", "{seat} owns {house_words} and may not raise it.", "{seat} omab {house_words}."),
        ("et", "the house of {value}", "{value} maja"),
        ("fa", "Made.", "قرارداد ساخته شد."),
        ("fa", "{team} made it", "تیم {team} قرارداد را برد"),
        ("fa", "A capture takes every set", f"گرفتن همه{ZWNJ}ی دسته{ZWNJ}ها را می{ZWNJ}گیرد"),  # noqa: RUF001
        ("fa", "Redeal a weak hand", "پخشِ دوباره برای دستِ ضعیف"),
        ("hu", "Packs", "Csomagok"),
        ("hu", "Take the house", "Házat elvisz"),
    ],
)
def test_each_rule_catches_the_word_it_bans(language: str, msgid: str, msgstr: str) -> None:
    assert offending(language, [polib.POEntry(msgid=msgid, msgstr=msgstr)]) != []
