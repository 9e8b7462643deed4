/* The page's words in the page's language (issue 18). Every text a person reads is written in English as a
 * template with named placeholders, given to t() with its values (the template 'Team {team}' and { team }), or to
 * nt() with its singular and plural and the count that chooses (a string literal each: `make messages` reads them),
 * and looked up in the catalogue the server puts in the page (#page-i18n: locale/<lang>/LC_MESSAGES/djangojs.po,
 * table/i18n.py). English pages carry no catalogue: the template is the text.
 *
 * Numbers inserted in a template, and those written with numberText(), are written the locale's way with Western
 * digits in every language: the Persian players' own convention (shared/rules/glossary.md, "Persian": digits stay
 * Western so the numbers match the score sheet and the refusals; a phone's Persian digits typed into an input are
 * still read, asciiDigits). On a right-to-left page each inserted value is isolated (U+2068 ... U+2069) so a Latin
 * name, a seat code or "+24" keeps its order inside the Persian sentence, as the server does for refusals
 * (games/i18n/translation.py). The JSON the page sends and receives keeps plain numbers: only the words shown change. */

const root = typeof document !== 'undefined' ? document.documentElement : null;
const LANG = (root && root.lang) || 'en';
const RTL = Boolean(root && root.dir === 'rtl');
const HUNGARIAN = LANG.split('-')[0] === 'hu'; // its "a(z)" is read once the values are in (withArticles)
const FSI = '\u2068';
const PDI = '\u2069';
// A value in Hebrew or Arabic letters (a Persian name) is isolated on a left-to-right page too: else a number after
// it joins its right-to-left run ("مریم 3 spades" shows the 3 before the name). Latin values stay as they are, so
// the English pages keep their exact words.
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

let catalogue;
function entries() {
  if (catalogue === undefined) {
    const el = typeof document !== 'undefined' && document.querySelector ? document.querySelector('#page-i18n') : null;
    catalogue = el ? JSON.parse(el.textContent) : {};
  }
  return catalogue;
}

// `latn`: Western digits (see above); a language whose players write their own digits would name its system here.
const NUMBERS = new Intl.NumberFormat(LANG, { useGrouping: false, numberingSystem: 'latn' });
const SIGNED = new Intl.NumberFormat(LANG, { useGrouping: false, numberingSystem: 'latn', signDisplay: 'exceptZero' });
const PLURALS = new Intl.PluralRules(LANG);
// The minus sign is the server's choice, one for every language (<html data-minus>, table/i18n.py PAGE_MINUS), so
// "−100" reads the same in a score, a chart label and a template's "−{penalty}" whatever Intl's locale data says
// ("-" in English and Hungarian, "−" in Estonian). On a right-to-left page a signed number starts with a
// left-to-right mark (U+200E) that keeps its sign left of the digits. Without the attribute (a test's stand-in
// page) U+2212.
const MINUS = (root && root.dataset && root.dataset.minus) || '\u2212';
const MARKS = /[\u200e\u200f\u061c]/g;
/** `format`'s text with the page's minus sign, and on a right-to-left page a mark before any sign. */
function withMinus(format, n) {
  const parts = format.formatToParts(n);
  const signed = parts.some((part) => part.type === 'minusSign' || part.type === 'plusSign');
  const text = parts.map((part) => (part.type === 'minusSign' ? MINUS : part.value.replace(MARKS, ''))).join('');
  return RTL && signed ? `\u200e${text}` : text;
}

/** A number as the page writes it: "12"; a negative one with the page's minus ("−3"). */
const numberText = (n) => (typeof n === 'number' && Number.isFinite(n) ? withMinus(NUMBERS, n) : String(n));
/** A score change with its sign: "+24", "−3"; zero without a sign. */
const signedText = (n) => (typeof n === 'number' && Number.isFinite(n) ? withMinus(SIGNED, n) : String(n));

function fill(template, values) {
  const filled = template.replace(/\{(\w+)\}/g, (field, name) => {
    if (!values || !(name in values)) return field;
    const value = values[name];
    const text = typeof value === 'number' ? numberText(value) : String(value);
    return RTL || RIGHT_TO_LEFT_LETTER.test(text) ? `${FSI}${text}${PDI}` : text;
  });
  return HUNGARIAN ? withArticles(filled) : filled;
}

// Hungarian "a(z) {team} csapat": once the values are in, each "a(z)" / "A(z)" becomes the article the next word is
// read with ("az A csapat", "a B csapat", "az 5. leosztás"). The same rule as games/i18n/hungarian.py, which says why;
// tests/data/hungarian_articles.json holds the cases both must agree on.
const EITHER_ARTICLE = /(?<![\p{L}\p{N}_])([Aa])\(z\) (\S+)/gu;
const VOWELS = 'aáeéiíoóöőuúüű';
const LETTERS_NAMED_FROM_A_VOWEL = 'AÁEÉIÍOÓÖŐUÚÜŰFLMNRSXY';
const OPENING_MARKS = /^['"„“«([\u2068]+/;

function readFromAVowel(text) {
  const word = String(text).replace(OPENING_MARKS, '');
  const digits = /^\d+/.exec(word);
  if (digits) {
    const significant = digits[0].replace(/^0+/, '') || '0';
    return significant[0] === '5' || (significant[0] === '1' && significant.length % 3 === 1);
  }
  const code = /^[A-Z]{1,3}\d*/.exec(word);
  if (code && !/\p{L}/u.test(word.charAt(code[0].length))) return LETTERS_NAMED_FROM_A_VOWEL.includes(word[0]);
  return word !== '' && VOWELS.includes(word[0].toLowerCase());
}

const withArticles = (text) =>
  text.replace(EITHER_ARTICLE, (_match, article, word) => `${readFromAVowel(word) ? `${article}z` : article} ${word}`);

/** `english` in the page's language, its {placeholders} filled from `values`. */
function t(english, values) {
  const found = entries()[english];
  return fill(typeof found === 'string' && found ? found : english, values);
}

/** The singular or plural of a message by `count` (the locale's plural rule; every language here has two forms). */
function nt(singular, plural, count, values) {
  const forms = entries()[singular];
  const translated = Array.isArray(forms) ? forms[PLURALS.select(count) === 'one' ? 0 : 1] : '';
  return fill(translated || (count === 1 ? singular : plural), { count, ...values });
}

/** A list of short items the locale's way: "S4, S2, S1" in English and Estonian, "S4، S2، و S1" in Persian,
 * "S4, S2 és S1" in Hungarian. */
const LIST = new Intl.ListFormat(LANG, { style: 'short', type: 'unit' });
const listText = (items) => LIST.format(items);

/** A time of day the locale's way (a queued deal's "entered 21:04"), in Western digits like every number. */
const timeText = (date) =>
  new Date(date).toLocaleTimeString(LANG, { hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' });

/** Digits as a phone may type them (Persian ۰-۹, Arabic-Indic ٠-٩) read as ASCII digits before parsing. */
const asciiDigits = (text) =>
  String(text)
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

export { t, nt, numberText, signedText, listText, timeText, asciiDigits, withArticles, LANG, RTL };
