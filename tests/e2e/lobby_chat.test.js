// The lobby chat (docs/protocol.md, "Lobby chat") on the real `tengen serve`, in two browsers:
// ana (Russian) and ben (English) register in the lobby.
//   1. ben writes a line: it reaches ana's lobby at once, announced by a polite live region;
//   2. ana blocks ben from his profile (his name in the chat links there): his next line no
//      longer reaches her, while hers still reaches him; a reload leaves his lines out, older
//      ones too;
//   3. ru/kk/en miss no key and nothing scrolls sideways at 390 px; screenshots of the chat
//      panel at 390 and 1280 px in each language.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  kArtifacts, launchBrowser, openPage, readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const catalogues = { ru: readCatalogue('ru'), kk: readCatalogue('kk'), en: readCatalogue('en') };

let server;
let ana;
let ben;
const step = scenarioSteps(async () => JSON.stringify(await Promise.all([ana, ben].map(
  (who) => who?.page?.evaluate(() => ({
    lines: document.getElementById('lobby-chat-lines').innerText,
    message: document.getElementById('lobby-chat-message').textContent }))))));

before(async () => {
  server = await startTengen();
  ana = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  ben = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [ana, ben]) who.browser.context.setDefaultTimeout(5000);
});

after(async () => {
  for (const who of [ana, ben]) await who?.browser.close();
  await server?.close();
});

async function register(who, name) {
  who.page = await openPage(who.browser.context, `${server.url}/`);
  await who.page.fill('#login-name', name);
  await who.page.fill('#login-password', 'correct horse battery');
  await who.page.click('#register');
  await who.page.waitForSelector('#lobby-chat-form:not([hidden])');
}

async function say(page, text) {
  await page.fill('#lobby-chat-text', text);
  await page.press('#lobby-chat-text', 'Enter'); // the keyboard alone sends a line
  await page.waitForSelector(`#lobby-chat-lines li:has-text(${JSON.stringify(text)})`);
}

const shows = (page, text) => page.locator('#lobby-chat-lines li', { hasText: text }).count();

step('ana and ben register; ben writes and the line reaches ana at once', async () => {
  await register(ana, 'ana');
  await register(ben, 'ben');
  // The field is labelled, the lines are a list in a polite live region.
  assert.equal(await ana.page.getAttribute('#lobby-chat-log', 'role'), 'log');
  assert.equal(await ana.page.getAttribute('#lobby-chat-log', 'aria-live'), 'polite');
  assert.equal(await ana.page.locator('label[for="lobby-chat-text"]').textContent(),
    catalogues.ru['lobbyChat.label']);
  await say(ben.page, 'hi all, anyone for 9x9?');
  const line = ana.page.locator('#lobby-chat-lines li', { hasText: 'anyone for 9x9?' });
  await line.waitFor();
  assert.match(await line.innerText(), /^ben: hi all, anyone for 9x9\? \d\d:\d\d$/);
});

step('ana blocks ben from his profile: his next line does not reach her, even after a reload',
  async () => {
    const href = await ana.page.locator('#lobby-chat-lines li a', { hasText: 'ben' }).first()
      .getAttribute('href');
    const profile = await openPage(ana.browser.context, `${server.url}/${href}`);
    await profile.waitForSelector('#block-card:not([hidden])');
    await profile.click('#block-toggle');
    await profile.waitForSelector('#block-toggle[data-blocked="true"]');
    await profile.close();

    await say(ben.page, 'you will not read this');
    // Ana's own line comes after ben's: by the time it is shown, his would have been too.
    await say(ana.page, 'Привет! Сыграем?');
    await ben.page.waitForSelector('#lobby-chat-lines li:has-text("Привет! Сыграем?")');
    assert.equal(await shows(ana.page, 'you will not read this'), 0);
    await ana.page.reload();
    await ana.page.waitForSelector('#lobby-chat-lines li:has-text("Привет! Сыграем?")');
    assert.equal(await shows(ana.page, 'ben:'), 0, 'the backlog leaves out his older lines');
    assert.equal(await shows(ben.page, 'you will not read this'), 1);
  });

step('screenshots: the chat panel at 390 and 1280 px in ru, kk and en', async () => {
  fs.mkdirSync(kArtifacts, { recursive: true });
  const page = ben.page;
  for (const lang of ['ru', 'kk', 'en']) {
    await page.selectOption('#language', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.textContent('#lobby-chat-title'), catalogues[lang]['lobbyChat.title']);
    assert.deepEqual(
      await page.evaluate(async () => (await import('/i18n.js')).missingKeys()), [], lang);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${lang} ${width}px scrolls sideways by ${overflow}px`);
      await page.locator('#lobby-chat').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(kArtifacts, `lobby-chat-${lang}-${width}.png`) });
    }
  }
  await page.selectOption('#language', 'en');
});
