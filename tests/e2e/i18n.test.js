// Message catalogues and language switching: identical key sets, real translations, no
// missing keys, every visible string translated, the choice remembered.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { kWebRoot, launchBrowser, openPage, readCatalogue, startStaticServer, visibleStrings }
  from './harness.js';

const kLanguages = ['ru', 'kk', 'en'];
const catalogues = Object.fromEntries(kLanguages.map((lang) => [lang, readCatalogue(lang)]));

// Keys whose value is a proper name, the same in every language (tengen, preset names,
// each language's own name).
const isProperName = (key) => key.startsWith('name.');
// Templates made only of placeholders and punctuation, e.g. "{vertex}: {state}".
const isPlaceholderOnly = (value) => typeof value === 'string' && !/\p{L}/u.test(value.replace(/\{\w+\}/g, ''));
const kProperNames = new Set(Object.entries(catalogues.en).filter(([key]) => isProperName(key))
  .map(([, value]) => value));

// Text that is the same in every language: coordinates, numbers, proper names.
function isLanguageNeutral(text) {
  return !/\p{L}/u.test(text) || /^[A-HJ-Z]?\d*$/.test(text) || kProperNames.has(text);
}

test('the three catalogues have the same keys', () => {
  const keys = Object.keys(catalogues.en).sort();
  for (const lang of ['ru', 'kk']) assert.deepEqual(Object.keys(catalogues[lang]).sort(), keys, lang);
});

// JSON.parse keeps the last of two equal keys without a word: two features that each added
// "review.none" once showed one feature's text in the other's place. Top-level keys only,
// one per line, as the catalogues are written.
test('no catalogue names a key twice', () => {
  for (const lang of kLanguages) {
    const text = fs.readFileSync(path.join(kWebRoot, 'i18n', `${lang}.json`), 'utf8');
    const keys = [...text.matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
    const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
    assert.deepEqual(twice, [], `${lang} names these keys twice`);
  }
});

test('plural entries have every category each language needs', () => {
  for (const lang of kLanguages) {
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, value] of Object.entries(catalogues[lang])) {
      if (typeof value !== 'object') continue;
      for (const category of needed) assert.ok(value[category], `${lang} ${key} lacks "${category}"`);
      assert.equal(typeof catalogues.en[key], 'object', `${key} is plural in en too`);
    }
  }
});

test('Russian and Kazakh are real Cyrillic translations, not English left over', () => {
  for (const lang of ['ru', 'kk']) {
    for (const [key, value] of Object.entries(catalogues[lang])) {
      if (isProperName(key) || isPlaceholderOnly(value)) continue;
      const text = JSON.stringify(value);
      assert.notEqual(text, JSON.stringify(catalogues.en[key]), `${lang} ${key} is the English text`);
      assert.match(text, /\p{Script=Cyrillic}/u, `${lang} ${key} has no Cyrillic letters`);
    }
  }
  // Kazakh is not Russian either: its letters ә, ғ, қ, ң, ө, ұ, ү, һ, і appear throughout.
  // Shared Go terms (ко, коми, сэки, пас) aside, the two differ.
  const translatable = Object.entries(catalogues.kk).filter(([key, value]) => !isProperName(key) &&
    !isPlaceholderOnly(value));
  const kazakh = translatable.filter(([key, value]) =>
    JSON.stringify(value) !== JSON.stringify(catalogues.ru[key]));
  assert.ok(kazakh.length >= translatable.length * 0.9, 'kk differs from ru');
});

test('every key used in web/ exists in the catalogues', () => {
  const used = new Set();
  for (const file of fs.readdirSync(kWebRoot).filter((name) => /\.(html|js)$/.test(name))) {
    const text = fs.readFileSync(path.join(kWebRoot, file), 'utf8').toString();
    if (file.endsWith('.html')) {
      for (const match of text.matchAll(/data-i18n="([^"]+)"/g)) used.add(match[1]);
      for (const match of text.matchAll(/data-i18n-attr="([^"]+)"/g)) {
        for (const pair of match[1].split(';')) used.add(pair.split(':')[1].trim());
      }
      // No text between tags outside the catalogues.
      const body = text.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, '\n');
      const stray = body.split('\n').map((line) => line.trim()).filter(Boolean);
      assert.deepEqual(stray, [], `${file} has hard-coded text`);
    } else if (file.endsWith('.js')) {
      for (const match of text.matchAll(/\bt\('([^'$`]+)'/g)) used.add(match[1]);
    }
  }
  assert.ok(used.size > 50, `found ${used.size} keys`);
  for (const key of used) assert.ok(key in catalogues.en, `missing key ${key}`);
});

test('keys the client builds at run time exist', () => {
  // Error codes of docs/protocol.md the game and lobby pages translate, score rows, reasons.
  const families = {
    error: ['not_found', 'not_logged_in', 'not_a_player', 'not_your_turn', 'wrong_phase',
      'stale_version', 'bad_request', 'nothing_to_undo', 'no_undo_request', 'store_failed',
      'disconnected', 'timeout', 'not_open', 'own_table', 'not_owner', 'illegal_move', 'generic',
      'too_early', 'opponent_present'],
    'account.error': ['bad_credentials', 'name_taken', 'bad_request', 'network'],
    score: ['stones', 'territory', 'prisoners', 'dead', 'seki', 'passStones', 'handicapBonus',
      'tax', 'komi', 'total'],
    reason: ['ko', 'superko', 'suicide', 'occupied', 'offBoard'],
    'game.confirm': ['pass', 'resign'],
    'time.kind': ['none', 'absolute', 'byoyomi', 'canadian', 'fischer'],
    color: ['black', 'white'],
    // Bots: kind badges, refusals by field, forfeit reasons (web/bot_format.js).
    'bots.kind': ['builtin', 'gtp'],
    'bots.declines': ['size', 'rules', 'time', 'handicap', 'other'],
    'bots.error': ['busy', 'busyAny', 'notFound'],
    match: ['nothingShared', 'sameBot'],
    'forfeit.reason': ['engine_exited', 'engine_timeout', 'engine_protocol',
      'engine_illegal_move'],
    // The Learn page: the judge's reasons (docs/lessons.md, "Reasons") and the page's own.
    'learn.reason': ['occupied', 'suicide', 'ko', 'superko', 'selfAtari', 'captured', 'escaped',
      'lost', 'notAtari', 'notConnected', 'notCut', 'dies', 'lives', 'result', 'tooLong', 'legal',
      'liberties', 'score', 'forbidden', 'number', 'unknown'],
    'learn.stored': ['account', 'browser'],
    'learn.offer': ['start', 'continue'],
    // Profiles: rating categories by speed, ranks (web/player_page.js, web/ranks.js).
    'profile.speed': ['blitz', 'live', 'correspondence'],
    rank: ['kyu', 'dan'],
  };
  for (const [family, names] of Object.entries(families)) {
    for (const name of names) assert.ok(`${family}.${name}` in catalogues.en, `${family}.${name}`);
  }
});

let server;
let browser;

before(async () => {
  server = await startStaticServer();
  browser = await launchBrowser({ locale: 'en-US' });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function switchTo(page, lang) {
  await page.selectOption('#language', lang);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
}

async function missingKeys(page) {
  return page.evaluate(async () => (await import('/i18n.js')).missingKeys());
}

test('switching to Russian and Kazakh changes every visible string; the choice survives a reload', async () => {
  const page = await openPage(browser.context, `${server.url}/demo.html`);
  await page.click('#demo-board [data-index][data-vertex="E5"]'); // a live announcement too
  const english = (await visibleStrings(page)).filter((text) => !isLanguageNeutral(text));
  assert.ok(english.includes('Try the board') && english.includes('Black E5'), 'starts in English');
  for (const lang of ['ru', 'kk']) {
    await switchTo(page, lang);
    const strings = await visibleStrings(page);
    const left = english.filter((text) => strings.includes(text));
    assert.deepEqual(left, [], `English strings still visible in ${lang}`);
    assert.ok(strings.every((text) => !text.includes('⟦')), `${lang}: no missing-key markers`);
  }
  assert.equal(await page.textContent('h1'), catalogues.kk['demo.title']);
  assert.equal(await page.textContent('#demo-status'), 'Жүріс кезегі: Ақ');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'kk');
  assert.equal(await page.inputValue('#language'), 'kk');
  assert.equal(await page.textContent('h1'), catalogues.kk['demo.title']);
  await switchTo(page, 'ru');
  await page.click('#demo-board [data-index][data-vertex="D4"]'); // the demo restarted
  assert.equal(await page.textContent('#demo-board .board-live'), 'Чёрные D4');
  assert.deepEqual(await missingKeys(page), []);
  await page.evaluate(() => localStorage.clear());
  await page.close();
});

test('a missing key shows a marker and is recorded, never a silent fallback', async () => {
  const page = await openPage(browser.context, `${server.url}/demo.html`);
  const result = await page.evaluate(async () => {
    const i18n = await import('/i18n.js');
    return { text: i18n.t('no.such.key'), missing: i18n.missingKeys() };
  });
  assert.deepEqual(result, { text: '⟦no.such.key⟧', missing: ['no.such.key'] });
  await page.close();
});

for (const [locale, expected] of [['ru-RU', 'ru'], ['kk-KZ', 'kk'], ['en-GB', 'en'], ['de-DE', 'ru']]) {
  test(`a browser preferring ${locale} without a saved choice gets ${expected}`, async () => {
    const own = await launchBrowser({ locale });
    try {
      const page = await openPage(own.context, `${server.url}/demo.html`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), expected);
      assert.equal(await page.textContent('h1'), catalogues[expected]['demo.title']);
    } finally {
      await own.close();
    }
  });
}

test('no page errors', () => {
  // The deliberate missing-key test logs one console error.
  assert.deepEqual(browser.errors.filter((error) => !error.includes('no.such.key')), []);
});
