// Tournaments in the browser (web/tournaments.html, issue 52), on the real `tengen serve`: a
// director (English) creates a one-round 9x9 Swiss from the form; two players (Russian and
// Kazakh) register with a rank and check in from the tournament's page; the director starts
// the round and the pairing links the game; White resigns on the game page and the standings
// show Black first with one point, the crosstable entry and the EGF results file agree; in
// ru/kk/en no key is missing and nothing scrolls sideways at 390 px (screenshots in
// artifacts/tournament-*.png).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  describePages, kArtifacts, launchBrowser, openPage, readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const catalogues = { ru: readCatalogue('ru'), kk: readCatalogue('kk'), en: readCatalogue('en') };
const kPassword = 'correct horse battery';

let server;
let director;
let anna;
let berik;
let tournamentUrl;
let tournamentId;
const step = scenarioSteps(() => describePages([director?.page, anna?.page, berik?.page]));

before(async () => {
  server = await startTengen();
  director = { browser: await launchBrowser({ locale: 'en-US' }) };
  anna = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  berik = { browser: await launchBrowser({ locale: 'kk-KZ' }) };
  for (const who of [director, anna, berik]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [director, anna, berik]) await who?.browser.close();
  await server?.close();
});

async function register(who, name) {
  who.page = await openPage(who.browser.context, `${server.url}/`);
  await who.page.fill('#login-name', name);
  await who.page.fill('#login-password', kPassword);
  await who.page.click('#register');
  await who.page.waitForSelector('#create:not([hidden])');
}

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());

const sidewaysScroll = (page) => page.evaluate(() => {
  const width = document.documentElement.clientWidth;
  return { by: document.documentElement.scrollWidth - width,
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5).map((element) => `${element.tagName}#${element.id}.${element.className}`) };
});

const detail = async () => (await fetch(`${server.url}/api/tournaments/${tournamentId}`)).json();

step('the director creates a one-round 9x9 Swiss from the form', async () => {
  await register(director, 'director');
  const page = await openPage(director.browser.context, `${server.url}/tournaments.html`);
  director.page = page;
  await page.waitForSelector('#create-card:not([hidden])');
  await page.fill('#create-form [name="name"]', 'Club Cup');
  await page.selectOption('#create-form [name="system"]', 'swiss');
  await page.fill('#create-form [name="rounds"]', '1');
  await page.selectOption('#create-form [name="size"]', '9');
  await page.fill('#create-form [name="minutes"]', '5');
  await page.click('#create-form button[type="submit"]');
  await page.waitForURL(/tournaments\.html\?id=\d+/);
  tournamentUrl = page.url();
  tournamentId = Number(new URL(tournamentUrl).searchParams.get('id'));
  await page.waitForSelector('#director-card:not([hidden])');
  assert.equal(await page.textContent('#tour-name'), 'Club Cup');
});

step('two players register with a rank and check in', async () => {
  for (const [who, name, rank] of [[anna, 'anna', '2k'], [berik, 'berik', '1d']]) {
    await register(who, name);
    who.page = await openPage(who.browser.context, tournamentUrl);
    await who.page.waitForSelector('#join:not([hidden])');
    await who.page.fill('#join-rank', rank);
    await who.page.click('#join');
    await who.page.waitForSelector('#check-in:not([hidden])');
    await who.page.click('#check-in');
    await who.page.waitForSelector('#check-in[hidden]', { state: 'attached' });
  }
  const t = await detail();
  assert.deepEqual(t.players.map((p) => [p.name, p.rank, p.checkedIn]),
    [['anna', '2k', true], ['berik', '1d', true]]);
});

step('the director starts the round; the pairing links the game', async () => {
  const page = director.page;
  await page.reload();
  await page.waitForSelector('#director-card:not([hidden])');
  await page.click('#start-round');
  await page.waitForSelector('#pairings table[data-round="1"]');
  let t = await detail();
  for (let i = 0; i < 50 && !t.rounds[0].boards[0].game; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    t = await detail();
  }
  const board = t.rounds[0].boards[0];
  assert.ok(board.game, 'the game opened');
  await page.reload();
  assert.equal(await page.getAttribute('#pairings table[data-round="1"] a', 'href'),
    `game.html?id=${board.game}`);
  director.board = board;
});

step('White resigns on the game page; the standings and the results file count it', async () => {
  const { board } = director;
  const white = board.white.name === 'anna' ? anna : berik;
  const game = await openPage(white.browser.context, `${server.url}/game.html?id=${board.game}`);
  await game.waitForSelector('#resign:not([disabled])');
  await game.click('#resign');
  await game.click('#confirm-yes');
  let t = await detail();
  // The board's result is written first, the tournament's end after it: wait for both.
  for (let i = 0; i < 50 && (!t.rounds[0].boards[0].result || t.status !== 'finished'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    t = await detail();
  }
  assert.equal(t.rounds[0].boards[0].result, 'B+R');
  assert.equal(t.status, 'finished');
  const page = director.page;
  await page.reload();
  const first = page.locator('#standings tbody tr').first();
  assert.equal(await first.getAttribute('data-player'), String(board.black.id));
  assert.equal(await first.locator('[data-score]').getAttribute('data-score'), '1');
  assert.match(await first.textContent(), /2\+\/b/);
  const file = await (await fetch(`${server.url}/api/tournaments/${tournamentId}/results.txt`))
    .text();
  assert.match(file, new RegExp(`${board.black.name}.*2\\+/b`));
  assert.match(file, new RegExp(`${board.white.name}.*1-/w`));
});

step('ru, kk and en: no missing key, no sideways scroll at 390 px; screenshots', async () => {
  const page = director.page;
  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const lang of ['ru', 'kk', 'en']) {
    await page.selectOption('#language', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.textContent('#standings-title'), catalogues[lang]['tour.standings']);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await sidewaysScroll(page);
      assert.ok(overflow.by <= 0, `${lang} ${width}px scrolls sideways: ${JSON.stringify(overflow)}`);
      await page.screenshot({ path: path.join(kArtifacts, `tournament-${lang}-${width}.png`),
        fullPage: true });
    }
    assert.deepEqual(await missingKeys(page), []);
  }
  await page.goto(`${server.url}/tournaments.html`);
  await page.waitForSelector('#tour-list tbody tr');
  assert.equal(await page.textContent('#tour-list tbody tr a'), 'Club Cup');
});

step('no page errors', () => {
  for (const who of [director, anna, berik]) {
    assert.deepEqual(who.browser.errors.filter((e) => !e.includes('404')), []);
  }
});
