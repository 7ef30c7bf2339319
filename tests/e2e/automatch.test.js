// Play now and challenges in the browser, on the real `tengen serve` with short waves:
//   1. alice (Russian) and bob (English) register; both press Play now for 9x9 blitz and both
//      land on the same game's page, one as Black and one as White;
//   2. back in the lobby, bob presses Challenge beside alice's name and sends a 13x13 table;
//      alice's notice (an alertdialog with Accept focused) is accepted from the keyboard and
//      both land on the new game;
//   3. carol (Kazakh) waits alone and is offered a bot; the waiting card, the bot offer and
//      the notice are photographed at 390 and 1280 px in ru, kk and en (artifacts/), with no
//      sideways scroll on a phone and no missing catalogue key.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { kArtifacts, launchBrowser, openPage, scenarioSteps, startTengen } from './harness.js';

const kPassword = 'correct horse battery';
let server;
let alice;
let bob;
let carol;
const step = scenarioSteps();

before(async () => {
  server = await startTengen({ args: ['--automatch-wave-seconds', '0.5'] });
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'en-US' }) };
  carol = { browser: await launchBrowser({ locale: 'kk-KZ' }) };
  for (const who of [alice, bob, carol]) who.browser.context.setDefaultTimeout(15000);
  fs.mkdirSync(kArtifacts, { recursive: true });
});

after(async () => {
  for (const who of [alice, bob, carol]) await who?.browser.close();
  await server?.close();
});

async function register(who, name) {
  who.page = await openPage(who.browser.context, `${server.url}/`);
  await who.page.fill('#login-name', name);
  await who.page.fill('#login-password', kPassword);
  await who.page.click('#register');
  await who.page.waitForSelector('#play-now:not([hidden]) #play-now-form:not([hidden])');
  await who.page.waitForFunction(() => document.body.dataset.connected === 'true');
}

async function backToLobby(who) {
  await who.page.goto(`${server.url}/`);
  await who.page.waitForSelector('body[data-ready="true"]');
  await who.page.waitForFunction(() => document.body.dataset.connected === 'true');
}

const gameIdOf = (page) => Number(new URL(page.url()).searchParams.get('id'));

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());

const sidewaysScroll = (page) => page.evaluate(() =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function shoot(page, name) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    assert.ok(await sidewaysScroll(page) <= 0, `${name} scrolls sideways at ${width} px`);
    await page.screenshot({ path: path.join(kArtifacts, `automatch-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1100, height: 850 });
}

step('two players press Play now and land in the same game', async () => {
  await register(alice, 'alice');
  await register(bob, 'bob');
  for (const who of [alice, bob]) {
    await who.page.selectOption('#play-now-size', '9');
    await who.page.selectOption('#play-now-speed', 'blitz');
  }
  await alice.page.click('#play-now-submit');
  await alice.page.waitForSelector('#play-now-waiting:not([hidden])');
  assert.match(await alice.page.textContent('#play-now-status'), /9×9/);
  await Promise.all([
    alice.page.waitForURL(/game\.html\?id=\d+/),
    bob.page.waitForURL(/game\.html\?id=\d+/),
    bob.page.click('#play-now-submit'),
  ]);
  assert.equal(gameIdOf(alice.page), gameIdOf(bob.page));
  await alice.page.waitForSelector('#board svg.board');
  await bob.page.waitForSelector('#board svg.board');
});

step('a challenge from the player list is accepted from the notice', async () => {
  await backToLobby(alice);
  await backToLobby(bob);
  const challenge = bob.page.locator('#players li', { hasText: 'alice' })
    .locator('button.challenge-player');
  await challenge.waitFor();
  await bob.page.setViewportSize({ width: 390, height: 900 });
  await bob.page.locator('#players').screenshot({
    path: path.join(kArtifacts, 'automatch-players-en-390.png') });
  await bob.page.setViewportSize({ width: 1100, height: 850 });
  await challenge.click();
  await bob.page.waitForSelector('#pchallenge:not([hidden])');
  await bob.page.locator('#pchallenge').screenshot({
    path: path.join(kArtifacts, 'automatch-pchallenge-en.png') });
  assert.equal(await bob.page.textContent('#pchallenge-title'), 'Challenge alice');
  await bob.page.selectOption('#pchallenge-size', '13');
  await bob.page.click('#pchallenge-submit');
  await bob.page.waitForSelector('#pchallenge-waiting:not([hidden])');
  const notice = alice.page.locator('#incoming-challenges [role="alertdialog"]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /bob/);
  assert.match(await notice.textContent(), /13×13/);
  await shoot(alice.page, 'notice-ru');
  // The Accept button has the focus: Enter accepts.
  assert.equal(await alice.page.evaluate(() => document.activeElement.className), 'accept primary');
  await Promise.all([
    alice.page.waitForURL(/game\.html\?id=\d+/),
    bob.page.waitForURL(/game\.html\?id=\d+/),
    alice.page.keyboard.press('Enter'),
  ]);
  assert.equal(gameIdOf(alice.page), gameIdOf(bob.page));
});

step('a lone searcher is offered a bot; the card in three languages', async () => {
  await register(carol, 'carol');
  // The form offers 30 s at least; the protocol takes any second count, so the test asks for 2.
  await carol.page.evaluate(() => {
    const option = new Option('2', '2');
    document.getElementById('play-now-bot').append(option);
  });
  await carol.page.selectOption('#play-now-bot', '2');
  await shoot(carol.page, 'form-kk');
  await carol.page.click('#play-now-submit');
  await carol.page.waitForSelector('#play-now-waiting:not([hidden])');
  await carol.page.waitForSelector('#play-now-offer:not([hidden])');
  assert.match(await carol.page.textContent('#play-now-offer-text'), /Tengen/);
  assert.equal(await carol.page.evaluate(() => document.activeElement.id), 'play-now-offer-accept');
  for (const lang of ['kk', 'ru', 'en']) {
    await carol.page.selectOption('#language', lang);
    await carol.page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.deepEqual(await missingKeys(carol.page), []);
    await shoot(carol.page, `offer-${lang}`);
  }
  await Promise.all([
    carol.page.waitForURL(/game\.html\?id=\d+/),
    carol.page.click('#play-now-offer-accept'),
  ]);
  for (const who of [alice, bob, carol]) assert.deepEqual(who.browser.errors, []);
});
