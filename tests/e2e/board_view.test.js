// The SVG board component on its own: coordinates, star points, legal sets given as vertex
// lists or bitmaps, events, score overlay, accessible names.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, startStaticServer } from './harness.js';

let server;
let browser;
let page;

before(async () => {
  server = await startStaticServer();
  browser = await launchBrowser();
  page = await openPage(browser.context, `${server.url}/demo.html`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Creates a board in a fresh container; returns the container id.
async function makeBoard(size, setup = null) {
  return page.evaluate(async ({ size, setup }) => {
    const { BoardView } = await import('/board_view.js');
    const { t } = await import('/i18n.js');
    const container = document.createElement('div');
    container.id = `test-board-${Math.random().toString(36).slice(2)}`;
    container.style.width = '400px';
    document.body.append(container);
    const view = new BoardView(container, { t, size });
    window.testBoards = { ...(window.testBoards ?? {}), [container.id]: view };
    window.testEvents = window.testEvents ?? [];
    for (const type of ['play', 'illegal', 'toggle']) {
      view.addEventListener(type, (event) => window.testEvents.push({ type, ...event.detail }));
    }
    if (setup) view.setPosition(setup);
    return container.id;
  }, { size, setup });
}

function coordinates(id, edge) {
  return page.$$eval(`#${id} .coords text[data-edge="${edge}"]`, (texts) =>
    texts.map((text) => ({ text: text.textContent, x: Number(text.getAttribute('x')),
      y: Number(text.getAttribute('y')) })));
}

for (const [size, letters] of [[9, 'ABCDEFGHJ'], [13, 'ABCDEFGHJKLMN'], [19, 'ABCDEFGHJKLMNOPQRST']]) {
  test(`a ${size}x${size} board has GTP coordinates on all four edges`, async () => {
    const id = await makeBoard(size);
    for (const edge of ['top', 'bottom']) {
      const labels = (await coordinates(id, edge)).sort((a, b) => a.x - b.x);
      assert.equal(labels.map((label) => label.text).join(''), letters, `${edge} letters`);
    }
    for (const edge of ['left', 'right']) {
      // Row 1 at the bottom: larger SVG y means lower on the screen.
      const labels = (await coordinates(id, edge)).sort((a, b) => b.y - a.y);
      assert.deepEqual(labels.map((label) => label.text),
        Array.from({ length: size }, (_, i) => String(i + 1)), `${edge} numbers`);
    }
    const stars = await page.$$eval(`#${id} .star`, (circles) => circles.length);
    assert.equal(stars, size === 19 ? 9 : 5, 'star points');
    const cells = await page.$$eval(`#${id} [role="gridcell"]`, (all) =>
      all.map((cell) => cell.getAttribute('aria-label')));
    assert.equal(cells.length, size * size);
    assert.ok(cells.every((label) => /^[A-HJ-Z]\d+, \S/.test(label)), 'every point has a name');
  });
}

test('sizes 2 and 25 render; the 25x25 board ends at column Z without I', async () => {
  const small = await makeBoard(2);
  assert.equal((await coordinates(small, 'top')).map((l) => l.text).join(''), 'AB');
  const large = await makeBoard(25);
  const letters = (await coordinates(large, 'top')).sort((a, b) => a.x - b.x).map((l) => l.text);
  assert.equal(letters.join(''), 'ABCDEFGHJKLMNOPQRSTUVWXYZ');
});

test('a legal set as vertices and as a bitmap give the same red crosses', async () => {
  // White to move; A1 is suicide for White, everything else empty is legal.
  const stones = { black: ['B1', 'A2'], white: [] };
  const empty = [];
  for (const col of 'ABCDE') for (let row = 1; row <= 5; row++) empty.push(`${col}${row}`);
  const legalList = empty.filter((v) => !['A1', 'B1', 'A2'].includes(v));
  const bitmap = Array.from({ length: 25 }, (_, index) => (index === 0 ? 0 : 1)); // index 0 = A1
  const byList = await makeBoard(5, { size: 5, stones, toMove: 'white', legal: legalList,
    reasons: { A1: 'suicide' } });
  const byBitmap = await makeBoard(5, { size: 5, stones, toMove: 'white', legal: bitmap });
  for (const id of [byList, byBitmap]) {
    const crosses = await page.$$eval(`#${id} .illegal-mark`, (all) => all.map((m) => m.dataset.vertex));
    assert.deepEqual(crosses, ['A1'], id);
  }
  const label = await page.getAttribute(`#${byList} [role="gridcell"][data-vertex="A1"]`, 'aria-label');
  assert.equal(label, 'A1, empty, not allowed (suicide)');
});

test('clicks emit play or illegal and place nothing by themselves', async () => {
  const id = await makeBoard(5, { size: 5, stones: { black: ['B1', 'A2'] }, toMove: 'white',
    legal: ['C3', 'D4'], reasons: {} });
  await page.evaluate(() => { window.testEvents = []; });
  await page.click(`#${id} [data-index][data-vertex="C3"]`);
  await page.click(`#${id} [data-index][data-vertex="E5"]`);
  const events = await page.evaluate(() => window.testEvents);
  assert.deepEqual(events, [
    { type: 'play', vertex: 'C3', color: 'white' },
    { type: 'illegal', vertex: 'E5', reason: 'illegal', why: null },
  ]);
  assert.equal(await page.$$eval(`#${id} .stone`, (all) => all.length), 2, 'no stone added');
  assert.equal(await page.textContent(`#${id} .board-live`), 'E5: not allowed');
});

test('the hover shadow shows on legal points only', async () => {
  const id = await makeBoard(5, { size: 5, stones: { black: ['B1', 'A2'] }, toMove: 'white',
    legal: ['C3'] });
  const shadow = () => page.getAttribute(`#${id} .hover-shadow`, 'visibility');
  await page.hover(`#${id} [data-index][data-vertex="C3"]`);
  assert.equal(await shadow(), 'visible');
  assert.equal(await page.getAttribute(`#${id} .hover-shadow`, 'fill'), '#fff');
  await page.hover(`#${id} [data-index][data-vertex="A1"]`);
  assert.equal(await shadow(), 'hidden');
});

test('toggle mode reports chains to mark dead, and the score overlay marks points', async () => {
  const id = await makeBoard(5, { size: 5, stones: { black: ['C1', 'C2'], white: ['E5'] },
    toMove: 'black' });
  await page.evaluate((id) => {
    const view = window.testBoards[id];
    view.setMode('toggle');
    view.setScoreOverlay({ blackTerritory: ['A1', 'B1'], whiteTerritory: ['D5'], dead: ['E5'],
      seki: ['D1'], dame: ['E1'], uncertain: ['C2'] });
    window.testEvents = [];
  }, id);
  await page.click(`#${id} [data-index][data-vertex="E5"]`);
  await page.click(`#${id} [data-index][data-vertex="A3"]`); // empty: nothing to toggle
  assert.deepEqual(await page.evaluate(() => window.testEvents), [{ type: 'toggle', vertex: 'E5' }]);
  const count = (selector) => page.$$eval(`#${id} ${selector}`, (all) => all.length);
  assert.equal(await count('.territory.blackTerritory'), 2);
  assert.equal(await count('.territory.whiteTerritory'), 1);
  assert.equal(await count('.stone.dead'), 1);
  assert.equal(await count('.seki'), 1);
  assert.equal(await count('.dame'), 1);
  assert.equal(await count('.uncertain'), 1);
  assert.equal(await page.getAttribute(`#${id} [role="gridcell"][data-vertex="C2"]`, 'aria-label'),
    'C2, black, status unclear');
  const label = await page.getAttribute(`#${id} [role="gridcell"][data-vertex="E5"]`, 'aria-label');
  assert.equal(label, 'E5, white, dead');
});

test('no page errors', () => {
  assert.deepEqual(browser.errors, []);
});
