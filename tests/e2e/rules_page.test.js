// The Rules page in each language, with its diagrams drawn by the board view.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, readCatalogue, startStaticServer, visibleStrings } from './harness.js';

let server;
let browser;

before(async () => {
  server = await startStaticServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const crossesIn = (page, diagram) => page.$$eval(`[data-diagram="${diagram}"] .illegal-mark`,
  (all) => all.map((mark) => mark.dataset.vertex));

for (const lang of ['ru', 'kk', 'en']) {
  test(`the Rules page renders in ${lang} with its diagrams`, async () => {
    const catalogue = readCatalogue(lang);
    const page = await browser.context.newPage();
    await page.addInitScript((lang) => localStorage.setItem('tengen.language', lang), lang);
    await page.goto(`${server.url}/rules.html`);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.title(), catalogue['rules.pageTitle']);
    assert.equal(await page.textContent('h1'), catalogue['rules.title']);
    const headings = await page.$$eval('h2', (all) => all.map((h) => h.textContent));
    assert.deepEqual(headings, ['liberty', 'capture', 'suicide', 'ko', 'end', 'score', 'komi', 'presets']
      .map((section) => catalogue[`rules.${section}.title`]));
    const presets = await page.$$eval('.preset p', (all) => all.map((p) => p.textContent));
    assert.equal(presets.length, 9);
    assert.ok(presets.every((text) => text.length > 40));

    // Five diagrams, each an SVG board with stones; the crosses come from the rules.
    assert.equal(await page.locator('[data-diagram] svg.board').count(), 5);
    for (const diagram of ['capture-before', 'capture-after', 'suicide', 'ko', 'score']) {
      assert.ok(await page.locator(`[data-diagram="${diagram}"] .stone`).count() > 0, diagram);
      const box = await page.locator(`[data-diagram="${diagram}"] svg.board`).boundingBox();
      assert.ok(box.width > 100 && box.height > 100, `${diagram} is visible`);
    }
    assert.deepEqual(await crossesIn(page, 'ko'), ['C3']);
    assert.deepEqual(await crossesIn(page, 'suicide'), ['A1']);
    assert.deepEqual(await crossesIn(page, 'capture-after'), ['C3']);
    assert.deepEqual(await crossesIn(page, 'capture-before'), []);
    assert.equal(await page.locator('[data-diagram="score"] .territory.blackTerritory').count(), 10);
    assert.equal(await page.locator('[data-diagram="score"] .territory.whiteTerritory').count(), 5);
    assert.equal(await page.getAttribute('[data-diagram="ko"] svg.board', 'aria-label'),
      catalogue['board.label'].replaceAll('{size}', '5'));

    const strings = await visibleStrings(page);
    assert.ok(strings.every((text) => !text.includes('⟦')), 'no missing keys');
    assert.deepEqual(await page.evaluate(async () => (await import('/i18n.js')).missingKeys()), []);
    await page.close();
  });
}

test('switching language on the Rules page translates the text in place', async () => {
  const page = await openPage(browser.context, `${server.url}/rules.html`);
  await page.selectOption('#language', 'kk');
  await page.waitForFunction(() => document.documentElement.lang === 'kk');
  assert.equal(await page.textContent('h1'), readCatalogue('kk')['rules.title']);
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.textContent('.diagram figcaption'), readCatalogue('en')['rules.diagram.captureBefore']);
  await page.close();
});

test('no page errors', () => {
  assert.deepEqual(browser.errors, []);
});
