// The local demo board (demo.html): captures, ko, suicide, keyboard play. Its
// legality comes from web/demo_rules.js; real games draw the server's legal set.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { kArtifacts, launchBrowser, openPage, startStaticServer } from './harness.js';

let server;
let browser;
let page;

before(async () => {
  server = await startStaticServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  await page?.close();
  page = await openPage(browser.context, `${server.url}/demo.html`);
});

const board = '#demo-board';
const live = `${board} .board-live`;
const point = (vertex) => `${board} [data-index][data-vertex="${vertex}"]`;

async function play(...vertices) {
  for (const vertex of vertices) await page.click(point(vertex));
}

async function stones() {
  return page.$$eval(`${board} .stone`, (all) =>
    all.map((stone) => `${stone.classList.contains('black') ? 'B' : 'W'}${stone.dataset.vertex}`).sort());
}

async function crosses() {
  return page.$$eval(`${board} .illegal-mark`, (all) => all.map((mark) => mark.dataset.vertex).sort());
}

// Black captures the white stone on E5 with F5, which leaves a ko: White may not retake at E5.
const kKoMoves = ['D5', 'E5', 'E6', 'F6', 'E4', 'F4', 'A9', 'G5', 'F5'];

test('a capture removes the stone and a ko puts a red cross on the ko point', async () => {
  await play(...kKoMoves.slice(0, -1));
  assert.ok((await stones()).includes('WE5'));
  await play('F5');
  assert.ok(!(await stones()).includes('WE5'), 'E5 was captured');
  assert.equal(await page.textContent(live), 'Black F5');
  assert.match(await page.textContent('#demo-captures'), /Black captured 1 stone\b/);
  assert.equal(await page.textContent('#demo-status'), 'White to move');
  assert.deepEqual(await crosses(), ['E5']);
  assert.equal(await page.getAttribute(`${board} [role="gridcell"][data-vertex="E5"]`, 'aria-label'),
    'E5, empty, not allowed (ko)');

  // Clicking the ko point places nothing and says why.
  const before = await stones();
  await page.click(point('E5'));
  assert.deepEqual(await stones(), before);
  assert.equal(await page.textContent(live), 'E5: not allowed (ko)');
  assert.equal(await page.textContent('#demo-message'), 'E5: not allowed (ko)');
  assert.equal(await page.textContent('#demo-status'), 'White to move');

  fs.mkdirSync(kArtifacts, { recursive: true });
  await page.locator('.demo-layout').screenshot({ path: path.join(kArtifacts, 'demo-board-ko.png') });

  // A threat elsewhere and its answer lift the ko: White may then retake.
  await play('A1', 'B1');
  assert.deepEqual(await crosses(), []);
  await play('E5');
  assert.ok((await stones()).includes('WE5'));
  assert.ok(!(await stones()).includes('BF5'), 'White retook the ko');
});

test('a suicide point is marked and refused', async () => {
  await play('A8', 'E1', 'B9'); // White to move; A9 would have no liberty
  assert.deepEqual(await crosses(), ['A9']);
  await page.click(point('A9'));
  assert.equal(await page.textContent(live), 'A9: not allowed (suicide)');
  assert.ok(!(await stones()).includes('WA9'));
});

test('keyboard only: Tab to the board, arrows move the cursor, Enter and Space play', async () => {
  let focused = false;
  for (let i = 0; i < 12 && !focused; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.matches('#demo-board svg.board'));
  }
  assert.ok(focused, 'the board is reachable with Tab');
  assert.equal(await page.getAttribute(`${board} .board-cursor`, 'visibility'), 'visible');

  // The cursor starts at the centre, E5.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.deepEqual(await stones(), ['BC6']);
  assert.equal(await page.textContent(live), 'Black C6');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  assert.deepEqual(await stones(), ['BC6', 'WC5']);
  assert.equal(await page.textContent(live), 'White C5');
  const active = await page.getAttribute(`${board} svg.board`, 'aria-activedescendant');
  assert.match(active, /-C5$/);
});

test('keyboard at the ko point: the cursor announces why, Enter places nothing', async () => {
  await play(...kKoMoves);
  await page.focus(`${board} svg.board`);
  // The cursor is on F5 after the last click; one step left is the ko point E5.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent(live), 'E5: not allowed (ko)');
  const before = await stones();
  await page.keyboard.press('Enter');
  assert.deepEqual(await stones(), before);
  assert.equal(await page.textContent(live), 'E5: not allowed (ko)');

  // The same in Russian, the site's first language.
  await page.selectOption('#language', 'ru');
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  await page.focus(`${board} svg.board`);
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent(live), 'E5: ходить нельзя (ко)');
  assert.deepEqual(await crosses(), ['E5']);
  await page.evaluate(() => localStorage.clear());
});

test('two passes end the demo game and show the Tromp-Taylor score', async () => {
  await play('E5');
  await page.click('#demo-pass');
  await page.click('#demo-pass');
  assert.equal(await page.textContent('#demo-status'),
    'Black 81, White 0 + komi 7.5: Black wins by 73.5 points');
  assert.equal(await page.$$eval(`${board} .territory.blackTerritory`, (all) => all.length), 80);
  assert.deepEqual(await crosses(), []);
});

test('demo rules: retaking a ko after passes is positional superko, not ko', async () => {
  const reasons = await page.evaluate(async (moves) => {
    const { DemoGame } = await import('/demo_rules.js');
    const game = new DemoGame(9);
    for (const move of moves) game.play(move);
    const afterCapture = game.legalInfo().reasons.E5;
    game.play('pass');
    game.play('pass');
    // White to move again: E5 would recreate the board before Black's F5.
    return { afterCapture, afterPasses: game.legalInfo().reasons.E5, refused: game.play('E5') };
  }, kKoMoves);
  assert.deepEqual(reasons, { afterCapture: 'ko', afterPasses: 'superko',
    refused: { ok: false, reason: 'superko' } });
});

test('no page errors', () => {
  assert.deepEqual(browser.errors, []);
});
