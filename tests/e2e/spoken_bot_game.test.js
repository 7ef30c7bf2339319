// A screen reader player against a built-in bot on the real `tengen serve` (fresh SQLite):
//   1. logged out, the lobby and a profile ask for nothing that needs a login (GET /api/me
//      answered 401, a console error);
//   2. as a guest, each bot's Play button is named after its bot ("Play Tengen Beginner", in
//      English and Russian), so a list of buttons read out says which is which;
//   3. on the game page the player types a move and the bot answers within milliseconds: the
//      announcement region still holds the player's own move, said whole together with the
//      reply ("Black E5. White C3."), instead of the reply replacing it mid-sentence.

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import {
  fill, launchBrowser, openPage, readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const en = readCatalogue('en');
const ru = readCatalogue('ru');

let server;
let browser;
let page;
const step = scenarioSteps(async () => `page: ${page?.url()}`);

before(async () => {
  server = await startTengen();
  browser = await launchBrowser({ locale: 'en-US' });
  browser.context.setDefaultTimeout(15000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});


step('logged out, the lobby and a profile ask for nothing that needs a login', async () => {
  const refused = [];
  browser.context.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  page = await openPage(browser.context, `${server.url}/`);
  await page.waitForFunction(() => document.body.dataset.connected === 'true');
  await page.waitForSelector('#bots tbody tr');
  await page.waitForLoadState('networkidle');
  // A profile, as the lobby's names link to them: it asked GET /api/me for its Challenge link.
  await page.goto(`${server.url}/player.html?name=${encodeURIComponent('Tengen Beginner')}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForLoadState('networkidle');
  assert.ok(await page.isHidden('#player-actions'));
  assert.deepEqual(refused, []);
  assert.deepEqual(browser.errors, []);
  await page.goto(`${server.url}/`);
  await page.waitForSelector('body[data-ready="true"]');
});

step('each bot\'s Play button says which bot it plays', async () => {
  await page.click('#guest');
  await page.waitForSelector('#logged-in:not([hidden])');
  await page.waitForSelector('#bots .play-bot');
  const names = await page.$$eval('#bots tbody tr', (rows) => rows.map((row) => row.dataset.bot));
  assert.ok(names.includes('Tengen Beginner'), JSON.stringify(names));
  for (const name of names) {
    await page.getByRole('button', { name: fill(en['bots.playFor'], { name }), exact: true })
      .waitFor();
  }
  await page.selectOption('#language', 'ru');
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  await page.getByRole('button', { name: fill(ru['bots.playFor'], { name: 'Tengen Beginner' }),
    exact: true }).waitFor();
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
});

step('the player\'s own move is said whole with the bot\'s reply', async () => {
  await page.getByRole('button', { name: fill(en['bots.playFor'], { name: 'Tengen Beginner' }),
    exact: true }).click();
  await page.waitForSelector('#challenge:not([hidden])');
  await page.selectOption('#challenge-size', '9');
  await page.selectOption('#challenge-colour', 'black');
  await page.selectOption('#challenge-time', 'none');
  await Promise.all([page.waitForURL(/game\.html/), page.click('#challenge-submit')]);
  await page.waitForSelector('#board svg.board[data-mode="play"]');
  const field = page.getByRole('textbox', { name: en['text.label'] });
  await field.fill('e5');
  await field.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2);
  const reply = (await page.textContent('#moves li:nth-child(2)')).trim();
  assert.match(reply, /^White [A-HJ-T]\d$/);
  const region = page.getByRole('status', { name: en['text.announceLabel'] });
  await page.waitForFunction((text) => document.getElementById('announcements')
    .textContent.replace(/\u00a0$/, '').includes(text), reply);
  assert.equal((await region.textContent()).replace(/\u00a0$/, ''), `Black E5. ${reply}.`);
});

step('no page errors', () => {
  assert.deepEqual(browser.errors, []);
});
