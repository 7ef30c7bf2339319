// The engine review in the browser (docs/protocol.md, "Engine review"), on the real
// `tengen serve` with a small budget (--review-playouts 200, so a 9x9 game is reviewed in
// about a second; the default budget is the real one):
//   1. two guests play a short 9x9 game in which White wastes moves on the edge; before it
//      ends no page offers a review;
//   2. White resigns; Black (Russian) asks for the review; a spectator (English) who opens the
//      game later is served the stored review: the graph under the board, the turning points
//      announced in the status line and listed as buttons, a table of every position;
//   3. a turning point's button and a click on the graph take the replay to that move, with the
//      bot's preferred move marked on the board and said in words;
//   4. the SGF download with ?review=1 carries the comments;
//   5. screenshots at 390 and 1280 px in ru, kk and en (artifacts/), with no sideways scroll
//      and no missing catalogue key.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { describePages, kArtifacts, launchBrowser, openAsGuest, playPoint, scenarioSteps,
  startTengen } from './harness.js';

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
  server = await startTengen({ args: ['--review-playouts', '200'] });
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
const replayText = (page) => page.textContent('#replay-position');

step('a short game; no review is offered while it is played', async () => {
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
  // Black takes the centre and the corners' approaches; White crawls along the first line.
  const moves = ['E5', 'J1', 'C3', 'J2', 'G7', 'H1', 'C7', 'G1', 'G3', 'J3'];
  for (const [i, vertex] of moves.entries()) await playPoint(i % 2 ? w : b, vertex, [b, w]);
  for (const page of [b, w]) assert.equal(await page.isHidden('#engine-review'), true);
});

step('Black asks for the review; a spectator later sees the stored one', async () => {
  await w.click('#resign');
  await w.click('#confirm-yes');
  for (const page of [b, w]) await page.waitForSelector('body[data-phase="finished"]');
  await b.waitForSelector('#engine-review-start:not([hidden])');
  assert.match(await b.textContent('#engine-review-status'), /Разбора пока нет/);
  await b.click('#engine-review-start');
  // Pushed to Black's page as it is made, and to White's page, which follows the game.
  for (const page of [b, w]) {
    await page.waitForSelector('#engine-review-graph svg .review-graph-line', { timeout: 20000 });
  }
  await b.waitForFunction(() => /Разбор готов/.test(
    document.getElementById('engine-review-status').textContent), null, { timeout: 20000 });

  s = await openAsGuest(watcher.context, `${server.url}/`);
  await s.goto(`${server.url}/game.html?id=${gameId}`);
  await s.waitForSelector('body[data-phase="finished"]');
  await s.waitForFunction(() => /^Review done \(200 playouts per position\)/.test(
    document.getElementById('engine-review-status').textContent));
  assert.equal(await s.isHidden('#engine-review-start'), true, 'a done review is not offered again');
  const status = await s.textContent('#engine-review-status');
  const turning = await s.$$eval('#engine-review-turning button', (buttons) =>
    buttons.map((button) => Number(button.dataset.move)));
  assert.ok(turning.length >= 1, `no turning points: ${status}`);
  assert.equal(await s.locator('#engine-review-graph .review-graph-turning').count(),
    turning.length);
  for (const move of turning) assert.ok(status.includes(String(move)), status);
  // One row per position: the start and each of the ten moves.
  assert.equal(await s.locator('#engine-review-table tbody tr').count(), 11);
  assert.match(await s.getAttribute('#engine-review-graph svg', 'aria-label'), /11 positions/);
});

step('a turning point and a click on the graph go to that move, with the bot move marked',
  async () => {
    const first = s.locator('#engine-review-turning button').first();
    const move = Number(await first.getAttribute('data-move'));
    assert.match(await first.textContent(), new RegExp(`^Move ${move}, (Black|White): lost `));
    await first.click();
    await s.waitForFunction((m) => document.getElementById('replay-position').textContent ===
      `Move ${m} of 10`, move);
    assert.match(await s.textContent('#engine-review-bot'),
      new RegExp(`^Move ${move}, (Black|White) to play: the bot preferred `));
    const best = await s.getAttribute('#board .bot-move-mark', 'data-vertex');
    assert.ok(await s.textContent('#engine-review-bot').then((text) => text.includes(best)));
    // The graph's left edge is the empty board; its right edge the last move.
    const graph = s.locator('#engine-review-graph svg');
    const box = await graph.boundingBox();
    await s.mouse.click(box.x + 2, box.y + box.height / 2);
    await s.waitForFunction(() =>
      document.getElementById('replay-position').textContent === 'Move 0 of 10');
    await s.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    await s.waitForFunction(() =>
      document.getElementById('replay-position').textContent === 'Move 5 of 10');
    assert.equal(await s.locator('#board .bot-move-mark').count(), 1);
  });

step('the SGF with ?review=1 carries the review as comments', async () => {
  const href = await s.getAttribute('#engine-review-sgf', 'href');
  assert.equal(href, `/api/games/${gameId}/sgf?review=1`);
  const sgf = await s.evaluate((url) => fetch(url).then((r) => r.text()), href);
  assert.match(sgf, /;B\[ee\]C\[B win \d+\.\d%, [BW]\+\d+(\.5)?; bot: [A-HJ-T]\d\]/);
  assert.equal((sgf.match(/C\[B win/g) ?? []).length, 10);
});

step('ru, kk and en at 390 and 1280 px: no missing key, no sideways scroll; screenshots',
  async () => {
    const move = Number(await s.locator('#engine-review-turning button').first()
      .getAttribute('data-move'));
    await s.locator('#engine-review-turning button').first().click();
    await s.waitForFunction((m) => document.getElementById('replay-position').textContent ===
      `Move ${m} of 10`, move);
    for (const lang of ['ru', 'kk', 'en']) {
      await s.selectOption('#language', lang);
      await s.waitForFunction((l) => document.documentElement.lang === l, lang);
      for (const width of [390, 1280]) {
        await s.setViewportSize({ width, height: 900 });
        assert.ok(await sidewaysScroll(s) <= 0, `${lang} ${width}px scrolls sideways`);
        if (width === 390) {
          // On a phone the replay controls come right after the board, the review after them.
          const top = (selector) => s.locator(selector).evaluate(
            (e) => e.getBoundingClientRect().top);
          assert.ok(await top('#engine-review') > await top('#replay-slider'),
            `${lang}: the engine review sits above the replay controls at 390 px`);
        }
        await s.locator('#board').scrollIntoViewIfNeeded();
        await s.screenshot({ path: path.join(kArtifacts, `engine-review-${lang}-${width}.png`),
          fullPage: true });
      }
      assert.deepEqual(await missingKeys(s), [], `missing keys in ${lang}`);
    }
    assert.ok((await replayText(s)).length > 0);
  });

step('no page errors', () => {
  for (const who of [black, white, watcher]) assert.deepEqual(who.errors, []);
});
