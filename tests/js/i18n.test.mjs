import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// i18n.js reads the page's language and direction from <html lang dir> when it is imported, and its catalogue
// (#page-i18n) at the first t() or nt(). Here each language is a page of its own: a stand-in document with that
// html element and catalogue, and the module imported afresh under a query string of its own (a module is
// evaluated once per URL). The first call is made before the next page's document replaces this one.
const FSI = '\u2068';
const PDI = '\u2069';

async function page(lang, dir, catalogue, dataset = {}) {
  globalThis.document = {
    documentElement: { lang, dir, dataset },
    querySelector: (css) => (css === '#page-i18n' && catalogue ? { textContent: JSON.stringify(catalogue) } : null),
  };
  const module = await import(`../../table/static/table/js/i18n.js?page=${lang}${dataset.minus ? '-minus' : ''}`);
  module.t(''); // reads this page's catalogue now
  return module;
}

const en = await page('en', 'ltr', null);
const fa = await page('fa', 'rtl', {
  'Team {team}': 'تیم {team}',
  'Deal {number} saved.': 'دست {number} ثبت شد.',
  '{name} deals': '{name} می‌دهد',
  'Not translated yet': '',
  '{count} trick': ['{count} دست', '{count} دست‌ها'],
});
const hu = await page('hu', 'ltr', {
  'Team {team}': '{team} csapat',
  '{team} set': 'A(z) {team} csapat bukott',
  'Contract: {bid} by {name} (team {team})': 'Felvétel: {bid}, licitáló: {name} (a(z) {team} csapat)',
  '{name} deals': '{name} oszt',
  '{count} trick': ['{count} ütés', '{count} ütés (több)'],
});
const et = await page('et', 'ltr', { '{count} trick': ['{count} tihi', '{count} tihti'] });
const enHyphen = await page('en', 'ltr', null, { minus: '-' }); // a server that chose the hyphen-minus

test("the module takes the page's language and direction from <html lang dir>", () => {
  assert.deepEqual([en.LANG, en.RTL, fa.LANG, fa.RTL, hu.LANG, hu.RTL], ['en', false, 'fa', true, 'hu', false]);
});

test('t() fills the placeholders of the English on an English page, which carries no catalogue', () => {
  assert.equal(en.t('Team {team}', { team: 'A' }), 'Team A');
  assert.equal(en.t('{name} deals', { name: 'Zoltán' }), 'Zoltán deals');
  assert.equal(en.t('Deal {number} saved.', { number: 12 }), 'Deal 12 saved.');
  assert.equal(en.t('{a} and {b}', { a: 'x' }), 'x and {b}'); // a value not given leaves its placeholder
});

test('t() writes the translation with its placeholders filled', () => {
  assert.equal(hu.t('Team {team}', { team: 'A' }), 'A csapat');
  assert.equal(hu.t('{name} deals', { name: 'Õie' }), 'Õie oszt');
});

test('t() falls back to the English for a message the catalogue lacks or leaves empty', () => {
  assert.equal(hu.t('Deal {number} saved.', { number: 3 }), 'Deal 3 saved.');
  assert.equal(fa.t('Not translated yet'), 'Not translated yet');
  assert.equal(et.t('Team {team}', { team: 'B' }), 'Team B');
});

test('on a right-to-left page every value is isolated, its numbers in Western digits (the glossary)', () => {
  assert.equal(fa.t('Team {team}', { team: 'A' }), `تیم ${FSI}A${PDI}`);
  assert.equal(fa.t('Deal {number} saved.', { number: 12 }), `دست ${FSI}12${PDI} ثبت شد.`);
  assert.equal(fa.t('{name} deals', { name: 'Zoltán' }), `${FSI}Zoltán${PDI} می‌دهد`);
});

test('a left-to-right page isolates only a value in right-to-left letters, so the English stays word for word', () => {
  assert.equal(hu.t('{name} deals', { name: 'مریم رضایی' }), `${FSI}مریم رضایی${PDI} oszt`);
  assert.equal(en.t('{name} deals', { name: 'مریم رضایی' }), `${FSI}مریم رضایی${PDI} deals`);
  assert.equal(en.nt('{count} trick', '{count} tricks', 3), '3 tricks');
  assert.equal(hu.t('{name} deals', { name: 'Zoltán' }), 'Zoltán oszt');
  assert.ok(![...en.t('Team {team}: {name}', { team: 'A', name: 'Õie' })].some((c) => c === FSI || c === PDI));
});

test('nt() picks the form Intl.PluralRules gives the language, and {count} is the count', () => {
  const forms = (module) => [0, 1, 2, 5].map((n) => module.nt('{count} trick', '{count} tricks', n));
  assert.deepEqual(forms(en), ['0 tricks', '1 trick', '2 tricks', '5 tricks']);
  // Persian's "one" is 0 and 1 (as the catalogue's Plural-Forms: n > 1)
  const isolated = (n) => `${FSI}${n}${PDI}`;
  assert.deepEqual(forms(fa), [
    `${isolated(0)} دست`,
    `${isolated(1)} دست`,
    `${isolated(2)} دست‌ها`,
    `${isolated(5)} دست‌ها`,
  ]);
  assert.deepEqual(forms(hu), ['0 ütés (több)', '1 ütés', '2 ütés (több)', '5 ütés (több)']);
  assert.deepEqual(forms(et), ['0 tihti', '1 tihi', '2 tihti', '5 tihti']);
});

test('nt() falls back to the English singular for 1 and the plural otherwise', () => {
  assert.equal(hu.nt('{count} deal', '{count} deals', 1), '1 deal');
  assert.equal(hu.nt('{count} deal', '{count} deals', 0), '0 deals');
  assert.equal(fa.nt('{count} deal', '{count} deals', 0), `${FSI}0${PDI} deals`); // the English, isolated
  assert.equal(en.nt('{count} point to {team}', '{count} points to {team}', 3, { team: 'B' }), '3 points to B');
});

test('numberText writes Western digits in every language, no grouping; signedText adds a sign but none to zero', () => {
  // Persian players write Western digits (shared/rules/glossary.md, "Persian"): never ۰-۹ on the page
  assert.deepEqual([fa.numberText(1234), fa.numberText(0), fa.numberText(-3)], ['1234', '0', '\u200e\u22123']);
  assert.deepEqual([en.numberText(1234), hu.numberText(1234), et.numberText(56)], ['1234', '1234', '56']);
  assert.equal(fa.numberText('S2'), 'S2'); // not a number: as it is
  assert.deepEqual([en.signedText(24), en.signedText(-3), en.signedText(0)], ['+24', '\u22123', '0']);
  assert.deepEqual([fa.signedText(24), fa.signedText(-3), fa.signedText(0)], ['\u200e+24', '\u200e\u22123', '0']);
});

test("one minus in every language, the server's (<html data-minus>): never -100 in one language and −100 in another", () => {
  const minus100 = [en, et, fa, hu].map((page) => page.numberText(-100).replace('\u200e', ''));
  assert.deepEqual(minus100, ['\u2212100', '\u2212100', '\u2212100', '\u2212100']); // Intl: "-" in en and hu
  assert.deepEqual([enHyphen.numberText(-100), enHyphen.signedText(-7)], ['-100', '-7']);
});

test("timeText writes a time of day the locale's way in Western digits; asciiDigits reads Persian and Arabic ones", () => {
  const time = new Date(2026, 0, 1, 21, 4);
  assert.deepEqual([fa.timeText(time), hu.timeText(time), et.timeText(time)], ['21:04', '21:04', '21:04']);
  assert.equal(fa.asciiDigits('۱۲۰'), '120');
  assert.equal(fa.asciiDigits('٣٤ and 5'), '34 and 5');
});

const ARTICLE_CASES = JSON.parse(
  readFileSync(new URL('../data/hungarian_articles.json', import.meta.url), 'utf8'),
).cases;

test('a Hungarian page writes the article each word is read with where the catalogue says a(z)', () => {
  assert.equal(hu.t('{team} set', { team: 'A' }), 'Az A csapat bukott');
  assert.equal(hu.t('{team} set', { team: 'B' }), 'A B csapat bukott');
  assert.equal(
    hu.t('Contract: {bid} by {name} (team {team})', { bid: 5, name: 'Zoltán', team: 'A' }),
    'Felvétel: 5, licitáló: Zoltán (az A csapat)',
  );
  for (const [word, article] of ARTICLE_CASES) {
    // the same cases as tests/test_hungarian_articles.py
    assert.equal(hu.withArticles(`a(z) ${word} csapat`), `${article} ${word} csapat`, word);
    assert.equal(hu.withArticles(`A(z) ${word}`), `${article[0].toUpperCase()}${article.slice(1)} ${word}`, word);
  }
  assert.equal(hu.withArticles('Ha(z) A'), 'Ha(z) A');
});
