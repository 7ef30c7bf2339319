// Challenges and "your move" away from the lobby, on the real `tengen serve` (fresh SQLite):
//   1. alice (Russian) and bob (English) register and start a 9x9 game at a table; carol
//      (Kazakh) registers too;
//   2. carol challenges alice, who is on the game page typing into its text field: the notice
//      shows there (an alertdialog with Accept and Decline), is said (role=alert) and leaves
//      the focus in the field; alice declines and carol's lobby says so;
//   3. bob reads alice's profile (player.html): carol's challenge to him is not refused as
//      player_offline, the notice shows there, he accepts and both land on the new game;
//   4. alice moves in the first game: bob, on the second game's page, gets a header link "Your
//      move in 1 other game" to the first; after bob answers, alice, now on the rules page,
//      gets "Your move: 1 game";
//   5. screenshots of the notice and the link at 390 and 1280 px in ru, kk and en.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  fill, kArtifacts, launchBrowser, openPage, playPoint, plural, readCatalogue, scenarioSteps,
  startTengen,
} from './harness.js';

const ru = readCatalogue('ru');
const en = readCatalogue('en');
const kk = readCatalogue('kk');
const kPassword = 'correct horse battery';

let server;
let alice;
let bob;
let carol;
let firstGame = 0;
const step = scenarioSteps();

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'en-US' }) };
  carol = { browser: await launchBrowser({ locale: 'kk-KZ' }) };
  for (const who of [alice, bob, carol]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob, carol]) await who?.browser.close();
  await server?.close();
});

const gameIdOf = (page) => Number(new URL(page.url()).searchParams.get('id'));

async function register(who, name) {
  who.page = await openPage(who.browser.context, `${server.url}/`);
  await who.page.fill('#login-name', name);
  await who.page.fill('#login-password', kPassword);
  await who.page.click('#register');
  await who.page.waitForSelector('#logged-in:not([hidden])');
  await who.page.waitForFunction(() => document.body.dataset.connected === 'true');
}

// carol challenges `name` to a 9x9 game from the lobby (as the profile's Challenge link does).
async function challenge(name) {
  await carol.page.goto(`${server.url}/index.html?challenge=${name}`);
  await carol.page.waitForSelector('#pchallenge:not([hidden])');
  await carol.page.selectOption('#pchallenge-size', '9');
  await carol.page.click('#pchallenge-submit');
}

const notice = (page) => page.getByRole('alertdialog');

step('alice and bob play at a table; carol registers', async () => {
  await register(alice, 'alice');
  await register(bob, 'bob');
  await register(carol, 'carol');
  await alice.page.selectOption('#create-size', '9');
  await alice.page.selectOption('#create-colour', 'black');
  await alice.page.selectOption('#create-time', 'none');
  await alice.page.click('#create-submit');
  const row = bob.page.locator('#tables tbody tr').first();
  await row.waitFor();
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="play"]');
  firstGame = gameIdOf(alice.page);
});

step('a challenge reaches alice on the game page; the focus stays in her field', async () => {
  const field = alice.page.getByRole('textbox', { name: ru['text.label'] });
  await field.focus();
  await challenge('alice');
  await carol.page.waitForSelector('#pchallenge-waiting:not([hidden])');
  await notice(alice.page).waitFor();
  const title = fill(ru['incoming.title'], { name: 'carol' });
  assert.equal(await notice(alice.page).getByRole('heading').textContent(), title);
  assert.match(await notice(alice.page).textContent(), /9×9/);
  assert.equal(await alice.page.evaluate(() => document.activeElement.id), 'text-command');
  assert.match(await alice.page.getByRole('alert').filter({ hasText: title }).textContent(),
    /9×9/);
  await notice(alice.page).getByRole('button', { name: ru['incoming.decline'] }).click();
  await notice(alice.page).waitFor({ state: 'detached' });
  await carol.page.waitForFunction((text) =>
    document.getElementById('pchallenge-message').textContent === text,
  fill(kk['pchallenge.declined'], { name: 'alice' }));
  assert.equal(gameIdOf(alice.page), firstGame, 'alice is still on her game');
});

step('bob on a profile page is online: he accepts carol\'s challenge there', async () => {
  await bob.page.goto(`${server.url}/player.html?name=alice`);
  await bob.page.waitForSelector('body[data-ready="true"]');
  await bob.page.waitForSelector('#player-actions:not([hidden])');
  await challenge('bob');
  await carol.page.waitForSelector('#pchallenge-waiting:not([hidden])');
  await notice(bob.page).waitFor();
  assert.equal(await notice(bob.page).getByRole('heading').textContent(),
    fill(en['incoming.title'], { name: 'carol' }));
  await Promise.all([bob.page.waitForURL(/game\.html/), carol.page.waitForURL(/game\.html/),
    notice(bob.page).getByRole('button', { name: en['incoming.accept'] }).click()]);
  assert.equal(gameIdOf(bob.page), gameIdOf(carol.page));
  assert.notEqual(gameIdOf(bob.page), firstGame);
  await bob.page.waitForSelector('body[data-phase="play"]');
});

step('your move elsewhere: a header link on the game and rules pages', async () => {
  const link = (page) => page.locator('#your-move-link');
  assert.ok(await link(bob.page).isHidden(), 'nothing waits for bob in another game yet');
  await playPoint(alice.page, 'E5', [alice.page]);
  await link(bob.page).waitFor();
  assert.equal(await link(bob.page).textContent(),
    plural(en['notices.yourMoveElsewhere'], 1, 'en'));
  assert.equal(await link(bob.page).getAttribute('href'), `game.html?id=${firstGame}`);
  assert.equal(await link(bob.page).getAttribute('title'),
    fill(en['notices.yourMoveNext'], { name: 'alice', size: '9×9' }));
  assert.ok(await link(alice.page).isHidden(), 'bob is to move there, not alice');

  await alice.page.goto(`${server.url}/rules.html`);
  await alice.page.waitForSelector('body[data-ready="true"]');
  await Promise.all([bob.page.waitForURL(/game\.html/), link(bob.page).click()]);
  assert.equal(gameIdOf(bob.page), firstGame);
  await playPoint(bob.page, 'C3', [bob.page]);
  await link(alice.page).waitFor();
  assert.equal(await link(alice.page).textContent(), plural(ru['notices.yourMove'], 1, 'ru'));
  assert.equal(await link(alice.page).getAttribute('href'), `game.html?id=${firstGame}`);
});

step('screenshots of the notice and the link in ru, kk and en', async () => {
  fs.mkdirSync(kArtifacts, { recursive: true });
  await challenge('alice');
  await notice(alice.page).waitFor();
  for (const lang of ['ru', 'kk', 'en']) {
    await alice.page.selectOption('#language', lang);
    await alice.page.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const width of [390, 1280]) {
      await alice.page.setViewportSize({ width, height: 800 });
      const scroll = await alice.page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(scroll <= 0, `${lang} ${width}px: no sideways scroll`);
      await alice.page.screenshot({ path: path.join(kArtifacts, `notices-${lang}-${width}.png`) });
    }
  }
});

step('no page errors and no missing catalogue keys', async () => {
  for (const who of [alice, bob, carol]) {
    assert.deepEqual(who.browser.errors, []);
    const missing = await who.page.evaluate(() => document.documentElement.dataset.i18nMissing);
    assert.equal(missing ?? '', '');
  }
});
