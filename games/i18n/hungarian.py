"""The Hungarian article before a value: "az A csapat", "a B csapat", "a T1 csapat", "az 5. leosztás".

Hungarian says "az" before a vowel sound and "a" before a consonant, so the article depends on how the value after
it is read aloud, which a fixed catalogue entry cannot know. The Hungarian catalogues write "a(z) {team} csapat"
(shared/rules/glossary.md, "Hungarian"), and once the values are in, each "a(z)" (or "A(z)" opening a sentence)
becomes the article of the word after it (games/i18n/translation.py; the pages do the same in
table/static/table/js/i18n.js, and tests/data/hungarian_articles.json holds the cases both must agree on).
"""

from __future__ import annotations

import re

EITHER_ARTICLE = re.compile(r"(?<!\w)([Aa])\(z\) (\S+)")
VOWELS = frozenset("aáeéiíoóöőuúüű")
# A code is read letter by letter ("S1" is "es-egy"); these letters' names start with a vowel (ef, el, em, en, er,
# es, iksz, ipszilon) besides the vowels themselves.
LETTERS_NAMED_FROM_A_VOWEL = frozenset("AÁEÉIÍOÓÖŐUÚÜŰFLMNRSXY")
CODE = re.compile(r"[A-Z]{1,3}\d*")
LEADING_DIGITS = re.compile(r"\d+")
OPENING_MARKS = "'\"\u201e\u201c\u00ab([\u2068"  # quotes ' " „ “ «, brackets, an isolate


def with_articles(text: str) -> str:
    """``text`` with each "a(z)" / "A(z)" turned into the article the next word is read with."""
    return EITHER_ARTICLE.sub(_article_and_word, text)


def _article_and_word(match: re.Match[str]) -> str:
    article, word = match.group(1), match.group(2)
    return f"{article}z {word}" if read_from_a_vowel(word) else f"{article} {word}"


def read_from_a_vowel(word: str) -> bool:
    """Whether ``word`` read aloud starts with a vowel: a number by its first spoken word (1 egy, 5 öt, 1000 ezer;
    10 tíz, 100 száz), a code by its first letter's name, a word by its first letter. A sign (mínusz, plusz) or a
    letter of another script reads as a consonant."""
    word = word.lstrip(OPENING_MARKS)
    digits = LEADING_DIGITS.match(word)
    if digits:
        return _number_read_from_a_vowel(digits.group())
    code = CODE.match(word)
    if code and not word[code.end() : code.end() + 1].isalpha():  # "S1", "A", "NT" but not "Anna"
        return word[0] in LETTERS_NAMED_FROM_A_VOWEL
    return bool(word) and word[0].lower() in VOWELS


def _number_read_from_a_vowel(digits: str) -> bool:
    # 5, 50-59, 500-599...: öt; 1, 1000-1999, 1 000 000...: egy, ezer, egymillió; 10-19 tíz, 100-199 száz.
    significant = digits.lstrip("0") or "0"
    return significant[0] == "5" or (significant[0] == "1" and len(significant) % 3 == 1)
