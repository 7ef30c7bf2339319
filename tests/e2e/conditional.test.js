// Conditional moves in the browser (docs/protocol.md, "Conditional moves"), on the real
// `tengen serve`:
//   1. two guests start a correspondence game (Fischer 3 days + 1 day) from the lobby's form;
//      Black (Russian) is to move, so only White (English) sees the "Conditional moves" panel;
//   2. White writes two variations, one of them two answers deep; a line without its answer is
//      refused on the page, naming the line; the saved plan is counted;
//   3. Black plays E5: the server answers C3 for White at once, White's panel now holds the
//      rest of the line (D4 F6); Black plays D4 and F6 follows; the spent plan is empty;
//   4. White's panel is photographed at 390 and 1280 px in ru, kk and en (artifacts/), with
//      no sideways scroll and no missing catalogue key.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { describePages, kArtifacts, launchBrowser, openPage, playPoint, scenarioSteps,
  startTengen } from './harness.js';

let server;
let black;
let white;
let b;
let w;
const step = scenarioSteps(() => describePages([b, w]));

before(async () => {
  server = await startTengen();
  black = await launchBrowser({ locale: 'ru-RU' });
  white = await launchBrowser({ locale: 'en-US' });
  for (const who of [black, white]) who.context.setDefaultTimeout(15000);
  fs.mkdirSync(kArtifacts, { recursive: true });
});

after(async () => {
  await black?.close();
  await white?.close();
  await server?.close();
});

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());
const sidewaysScroll = (page) => page.evaluate(() =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth);
const movesShown = (page, count) => page.waitForFunction(
  (n) => document.querySelectorAll('#moves li').length === n, count);
const lastMove = (page) => page.evaluate(() => document.querySelector('#moves li:last-child')
  ?.textContent ?? '');

step('two guests start a correspondence game; only the waiting player is offered a plan',
  async () => {
    b = await openPage(black.context, `${server.url}/`);
    await b.click('#guest');
    await b.waitForSelector('#create:not([hidden])');
    await b.selectOption('#create-size', '9');
    await b.selectOption('#create-colour', 'black');
    await b.selectOption('#create-time', 'corr-fischer');
    await b.click('#create-submit');
    w = await openPage(white.context, `${server.url}/`);
    await w.click('#guest');
    const table = w.locator('#tables tbody tr');
    await table.waitFor();
    await Promise.all([b.waitForURL(/game\.html/), w.waitForURL(/game\.html/),
      table.locator('button').click()]);
    for (const page of [b, w]) await page.waitForFunction(() => document.body.dataset.phase === 'play');
    await w.waitForSelector('#conditional:not([hidden])');
    assert.equal(await b.isHidden('#conditional'), true, 'Black is to move: no plan offered');
    assert.equal(await w.textContent('#conditional-saved'), 'No plan: you answer yourself.');
  });

step('a line without its answer is refused; two variations are saved', async () => {
  await w.fill('#conditional-lines', 'E5 C3\nG3');
  await w.click('#conditional-form button[type="submit"]');
  await w.waitForFunction(() => document.getElementById('conditional-message').textContent !== '');
  assert.equal(await w.textContent('#conditional-message'),
    "Line 2: each of your opponent's moves needs your answer after it.");
  await w.fill('#conditional-lines', 'e5 c3 d4 f6\nG3 C7');
  await w.click('#conditional-form button[type="submit"]');
  await w.waitForFunction(() =>
    document.getElementById('conditional-message').textContent === 'Plan saved.');
  assert.equal(await w.textContent('#conditional-saved'),
    '2 variations planned: the server answers as soon as your opponent plays one.');
  assert.equal(await w.inputValue('#conditional-lines'), 'E5 C3 D4 F6\nG3 C7');
});

step('the server answers down the line the moment Black moves', async () => {
  await playPoint(b, 'E5', [b, w]);
  await movesShown(b, 2);
  assert.match(await lastMove(b), /C3/);
  await movesShown(w, 2);
  // Black to move again: White's panel holds what is left of the line.
  await w.waitForFunction(() => document.getElementById('conditional-lines').value === 'D4 F6');
  assert.equal(await w.textContent('#conditional-saved'),
    '1 variation planned: the server answers as soon as your opponent plays it.');
  await playPoint(b, 'D4', [b, w]);
  await movesShown(b, 4);
  assert.match(await lastMove(b), /F6/);
  await w.waitForFunction(() => document.getElementById('conditional-saved').textContent ===
    'No plan: you answer yourself.');
  await w.fill('#conditional-lines', 'C7 G3');
  await w.click('#conditional-form button[type="submit"]');
  await w.waitForFunction(() =>
    document.getElementById('conditional-message').textContent === 'Plan saved.');
});

step('ru, kk and en at 390 and 1280 px: no missing key, no sideways scroll; screenshots',
  async () => {
    for (const lang of ['ru', 'kk', 'en']) {
      await w.selectOption('#language', lang);
      await w.waitForFunction((l) => document.documentElement.lang === l, lang);
      for (const width of [390, 1280]) {
        await w.setViewportSize({ width, height: 900 });
        assert.ok(await sidewaysScroll(w) <= 0, `${lang} ${width}px scrolls sideways`);
        await w.locator('#conditional').scrollIntoViewIfNeeded();
        await w.screenshot({ path: path.join(kArtifacts, `conditional-${lang}-${width}.png`) });
      }
      assert.deepEqual(await missingKeys(w), [], `missing keys in ${lang}`);
    }
  });

step('no page errors', () => {
  for (const who of [black, white]) assert.deepEqual(who.errors, []);
});
