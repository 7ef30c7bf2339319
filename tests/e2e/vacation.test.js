// A vacation in the browser (docs/protocol.md, "Vacation"), on the real `tengen serve`:
//   1. alice (Russian) and bob (English) register and start a correspondence game (Fischer
//      3 days + 1 day, weekends paused) from the lobby's form;
//   2. alice starts a vacation from her account card: it says until when, and bob's game page
//      shows both clocks stopped ("on vacation" beside alice's), which do not count down;
//      alice's profile says it to bob; alice still moves, and bob's "your move" list says
//      the game is paused rather than showing a deadline;
//   3. alice ends it: the clocks run again and her bank shows what is left;
//   4. the account card and the paused game are photographed at 390 and 1280 px in ru, kk and
//      en (artifacts/), with no sideways scroll and no missing catalogue key.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { kArtifacts, launchBrowser, openPage, playPoint, scenarioSteps, startTengen }
  from './harness.js';

const kPassword = 'correct horse battery';
let server;
let alice;
let bob;
let gameId = 0;
const step = scenarioSteps();

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [alice, bob]) who.browser.context.setDefaultTimeout(15000);
  fs.mkdirSync(kArtifacts, { recursive: true });
});

after(async () => {
  for (const who of [alice, bob]) await who?.browser.close();
  await server?.close();
});

async function register(who, name) {
  who.lobby = await openPage(who.browser.context, `${server.url}/`);
  await who.lobby.fill('#login-name', name);
  await who.lobby.fill('#login-password', kPassword);
  await who.lobby.click('#register');
  await who.lobby.waitForFunction(() => document.body.dataset.connected === 'true');
  await who.lobby.waitForSelector('#vacation:not([hidden]) #vacation-toggle:not([hidden])');
}

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());

const sidewaysScroll = (page) => page.evaluate(() =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function shoot(page, name, element) {
  for (const lang of ['ru', 'kk', 'en']) {
    await page.selectOption('#language', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      assert.ok(await sidewaysScroll(page) <= 0, `${name} scrolls sideways at ${width} px (${lang})`);
      await page.locator(element).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(kArtifacts, `vacation-${name}-${lang}-${width}.png`) });
    }
    assert.deepEqual(await missingKeys(page), [], `missing keys in ${lang}`);
  }
  await page.setViewportSize({ width: 1100, height: 850 });
}

const clockOf = (page, colour) => page.locator(`.player[data-colour="${colour}"] .clock`);

step('two registered players start a correspondence game', async () => {
  await register(alice, 'alice');
  await register(bob, 'bob');
  // A new account's bank: a week.
  assert.equal(await alice.lobby.textContent('#vacation-status'), 'Осталось дней отпуска: 7 дн.');
  const a = alice.lobby;
  await a.waitForSelector('#create:not([hidden])');
  await a.selectOption('#create-size', '9');
  await a.selectOption('#create-colour', 'black');
  await a.selectOption('#create-time', 'corr-fischer');
  await a.click('#create-submit');
  const table = bob.lobby.locator('#tables tbody tr');
  await table.waitFor();
  await Promise.all([a.waitForURL(/game\.html/), bob.lobby.waitForURL(/game\.html/),
    table.locator('button').click()]);
  alice.game = a;
  bob.game = bob.lobby;
  gameId = Number(new URL(a.url()).searchParams.get('id'));
  await playPoint(alice.game, 'C3', [alice.game, bob.game]);
  alice.lobby = await openPage(alice.browser.context, `${server.url}/`);
  bob.lobby = await openPage(bob.browser.context, `${server.url}/`);
  await bob.lobby.waitForSelector('#your-move:not([hidden])');
});

step('a vacation stops both clocks, says so to the opponent and still lets moves be made', async () => {
  const card = alice.lobby;
  await card.waitForSelector('#vacation-toggle:not([hidden])');
  assert.equal(await card.textContent('#vacation-toggle'), 'Уйти в отпуск');
  await card.click('#vacation-toggle');
  await card.waitForFunction(() =>
    document.getElementById('vacation-toggle').getAttribute('aria-pressed') === 'true');
  assert.match(await card.textContent('#vacation-status'),
    /^Вы в отпуске до .+; осталось (7 дн|6 дн 23 ч)\. Ваши партии по переписке на паузе\.$/);
  assert.equal(await card.textContent('#vacation-toggle'), 'Вернуться из отпуска');

  const page = bob.game;
  await page.waitForFunction(() =>
    document.querySelector('.player[data-colour="white"] .clock').dataset.paused === 'true');
  assert.match(await clockOf(page, 'black').textContent(), / · on vacation$/);
  assert.match(await clockOf(page, 'white').textContent(), / · paused$/);
  assert.equal(await page.textContent('#status'),
    'Your move. The clocks are stopped: Black on vacation.');
  // Without sight: the clock command says who is away, not that a clock runs.
  await page.fill('#text-command', 'clock');
  await page.press('#text-command', 'Enter');
  await page.waitForFunction(() => /vacation/.test(document.getElementById('text-reply').textContent));
  assert.match(await page.textContent('#text-reply'), /on vacation: both clocks paused/);
  assert.doesNotMatch(await page.textContent('#text-reply'), /clock running/);
  // White is to move, yet no clock runs.
  for (const colour of ['black', 'white']) {
    assert.equal(await clockOf(page, colour).getAttribute('data-running'), 'false');
  }

  const profile = await openPage(bob.browser.context, `${server.url}/player.html?name=alice`);
  await profile.waitForSelector('#player-vacation:not([hidden])');
  assert.match(await profile.textContent('#player-vacation'), /^On vacation until /);
  await profile.close();

  // Bob moves; then it is alice's turn, and her list says the game waits, paused.
  await playPoint(bob.game, 'G7', [alice.game, bob.game]);
  await alice.lobby.waitForSelector('#your-move:not([hidden])');
  await alice.lobby.waitForFunction(() =>
    document.querySelector('#your-move-list .your-move-clock')?.textContent === 'пауза: отпуск');
  await playPoint(alice.game, 'D4', [alice.game, bob.game]);
  assert.equal(await clockOf(bob.game, 'white').getAttribute('data-paused'), 'true');
  await shoot(alice.lobby, 'account', '#account');
  await shoot(bob.game, 'game', '.players');
});

step('ending it runs the clocks again', async () => {
  const card = alice.lobby;
  await card.selectOption('#language', 'ru');
  await card.click('#vacation-toggle');
  await card.waitForFunction(() =>
    document.getElementById('vacation-toggle').getAttribute('aria-pressed') === 'false');
  assert.match(await card.textContent('#vacation-status'), /^Осталось дней отпуска: (7 дн|6 дн 23 ч)\.$/);
  await bob.game.waitForFunction(() =>
    document.querySelector('.player[data-colour="white"] .clock').dataset.running === 'true');
  assert.doesNotMatch(await clockOf(bob.game, 'black').textContent(), /vacation|paused/);
  const profile = await (await fetch(`${server.url}/api/players/alice`)).json();
  assert.equal(profile.vacation, null);
});

step('no page errors', () => {
  for (const who of [alice, bob]) assert.deepEqual(who.browser.errors, []);
});
