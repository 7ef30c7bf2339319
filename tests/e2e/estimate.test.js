// The score estimate in the browser (docs/protocol.md, "Score estimate"), on the real
// `tengen serve`:
//   1. two guests play a 9x9 game; while it runs neither page offers an estimate and the
//      server refuses one asked over the socket (estimate_off), so no page can get around it;
//   2. White resigns; a spectator (English) asks for the estimate at the last move and sees
//      the result and Black's territory drawn; at move 4 of the replay the estimate is of that
//      move;
//   3. a table whose owner allows estimates says so in the lobby, and its players may ask
//      during play;
//   4. the estimate is photographed at 390 and 1280 px in ru, kk and en (artifacts/), with no
//      sideways scroll and no missing catalogue key.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { describePages, kArtifacts, launchBrowser, openAsGuest, openPage, playPoint,
  scenarioSteps, startTengen } from './harness.js';

let server;
let black;
let white;
let watcher;
let b;
let w;
let s;
let gameId = 0;
const step = scenarioSteps(() => describePages([b, w, s]));

before(async () => {
  server = await startTengen();
  black = await launchBrowser({ locale: 'ru-RU' });
  white = await launchBrowser({ locale: 'kk-KZ' });
  watcher = await launchBrowser({ locale: 'en-US' });
  for (const who of [black, white, watcher]) who.context.setDefaultTimeout(15000);
  fs.mkdirSync(kArtifacts, { recursive: true });
});

after(async () => {
  for (const who of [black, white, watcher]) await who?.close();
  await server?.close();
});

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());
const sidewaysScroll = (page) => page.evaluate(() =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth);
// Asks for an estimate over a socket of the page's own (its cookie: the page's user).
const askOverSocket = (page, id) => page.evaluate((gameId) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  ws.onopen = () => ws.send(JSON.stringify({ id: 'e', type: 'score_estimate', gameId }));
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id === 'e') { ws.close(); resolve(message); }
  };
  ws.onerror = () => reject(new Error('socket error'));
}), id);
// Board points drawn as Black's territory.
const blackTerritory = (page) => page.evaluate(() =>
  document.querySelectorAll('#board .territory.blackTerritory').length);

step('while the game is played no estimate is offered, and the server refuses one', async () => {
  b = await openAsGuest(black.context, `${server.url}/`);
  await b.selectOption('#create-size', '9');
  await b.selectOption('#create-colour', 'black');
  await b.click('#create-submit');
  w = await openAsGuest(white.context, `${server.url}/`);
  const table = w.locator('#tables tbody tr');
  await table.waitFor();
  await Promise.all([b.waitForURL(/game\.html/), w.waitForURL(/game\.html/),
    table.locator('button').click()]);
  gameId = Number(new URL(b.url()).searchParams.get('id'));
  for (const page of [b, w]) await page.waitForSelector('body[data-phase="play"]');
  // Black walls off the left; White sits on the right edge.
  const moves = ['C1', 'J1', 'C2', 'J2', 'C3', 'J3', 'C4', 'J4', 'C5', 'J5', 'C6', 'J6',
    'C7', 'J7', 'C8', 'J8', 'C9'];
  for (const [i, vertex] of moves.entries()) await playPoint(i % 2 ? w : b, vertex, [b, w]);
  for (const page of [b, w]) assert.equal(await page.isHidden('#estimate'), true);
  const refused = await askOverSocket(b, gameId);
  assert.equal(refused.code, 'estimate_off', JSON.stringify(refused));
});

step('after the game a spectator sees the estimate at the end and at a replayed move', async () => {
  await w.click('#resign');
  await w.click('#confirm-yes');
  for (const page of [b, w]) await page.waitForSelector('body[data-phase="finished"]');
  s = await openAsGuest(watcher.context, `${server.url}/`);
  await s.goto(`${server.url}/game.html?id=${gameId}`);
  await s.waitForSelector('body[data-phase="finished"]');
  await s.waitForSelector('#estimate:not([hidden])');
  assert.equal(await s.textContent('#estimate-button'), 'Estimate the score at move 17');
  const before = await blackTerritory(s);
  await s.click('#estimate-button');
  await s.waitForFunction(() => /^At move 17 the engine counts: Black wins/.test(
    document.getElementById('estimate-result').textContent));
  assert.ok(await blackTerritory(s) > before, 'the estimate drew no territory for Black');
  // Back to move 4 of the replay: the estimate is of that move.
  await s.fill('#replay-slider', '4');
  await s.waitForFunction(() =>
    document.getElementById('estimate-button').textContent === 'Estimate the score at move 4');
  await s.click('#estimate-button');
  await s.waitForFunction(() => document.getElementById('estimate-result').textContent
    .startsWith('At move 4 the engine counts:'));
});

step('a table that allows estimates says so, and its players get them during play', async () => {
  await b.goto(`${server.url}/`);
  await b.waitForSelector('#create:not([hidden])');
  await b.selectOption('#create-size', '9');
  await b.selectOption('#create-colour', 'black');
  await b.check('#create-estimates');
  await b.click('#create-submit');
  await w.goto(`${server.url}/`);
  const table = w.locator('#tables tbody tr');
  await table.waitFor();
  // White reads Kazakh: the row says estimates are allowed before White sits down.
  assert.match(await table.textContent(), /есепті бағалауға рұқсат/);
  await Promise.all([b.waitForURL(/game\.html/), w.waitForURL(/game\.html/),
    table.locator('button').click()]);
  for (const page of [b, w]) await page.waitForSelector('body[data-phase="play"]');
  await playPoint(b, 'E5', [b, w]);
  await playPoint(w, 'C3', [b, w]);
  await b.waitForSelector('#estimate:not([hidden])');
  await b.click('#estimate-button');
  await b.waitForFunction(() => /^На 2-м ходу программа насчитывает/.test(
    document.getElementById('estimate-result').textContent));
  const asked = await askOverSocket(w, Number(new URL(w.url()).searchParams.get('id')));
  assert.equal(asked.type, 'score_estimate', JSON.stringify(asked));
});

step('ru, kk and en at 390 and 1280 px: no missing key, no sideways scroll; screenshots',
  async () => {
    for (const lang of ['ru', 'kk', 'en']) {
      await s.selectOption('#language', lang);
      await s.waitForFunction((l) => document.documentElement.lang === l, lang);
      for (const width of [390, 1280]) {
        await s.setViewportSize({ width, height: 900 });
        assert.ok(await sidewaysScroll(s) <= 0, `${lang} ${width}px scrolls sideways`);
        await s.locator('#board').scrollIntoViewIfNeeded();
        await s.screenshot({ path: path.join(kArtifacts, `estimate-${lang}-${width}.png`),
          fullPage: width === 390 });
      }
      assert.deepEqual(await missingKeys(s), [], `missing keys in ${lang}`);
    }
  });

step('no page errors', () => {
  for (const who of [black, white, watcher]) assert.deepEqual(who.errors, []);
});
