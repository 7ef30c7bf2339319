// Player profiles and ranks (issue 13), on the real `tengen serve`: alice (Russian) and bob
// (Kazakh) register, play a rated 9x9 game with a Fischer clock that bob resigns, then
//   1. the lobby and the game page link every name to its profile, the table says "rated";
//   2. both profiles show a rank, one overall game, alice above 1500 and bob below, a graph
//      with a line, and the game with a working replay link; the size filter and the paging
//      follow the server's `more`;
//   3. a guest's profile says guests have no rating; an unknown name says so;
//   4. ru/kk/en miss no key, nothing scrolls sideways at 390 px; screenshots at 390 and
//      1280 px go to artifacts/profile-*.png.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  describePages, kArtifacts, launchBrowser, openPage, playPoint, readCatalogue, scenarioSteps,
  startTengen,
} from './harness.js';

const catalogues = { ru: readCatalogue('ru'), kk: readCatalogue('kk'), en: readCatalogue('en') };
const kPassword = 'correct horse battery';

let server;
let alice;
let bob;
let gameId;
const step = scenarioSteps(() => describePages([alice?.page, bob?.page]));

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'kk-KZ' }) };
  for (const who of [alice, bob]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob]) await who?.browser.close();
  await server?.close();
});

async function register(who, name) {
  who.page = await openPage(who.browser.context, `${server.url}/`);
  await who.page.fill('#login-name', name);
  await who.page.fill('#login-password', kPassword);
  await who.page.click('#register');
  await who.page.waitForSelector('#create:not([hidden])');
  await who.page.waitForFunction(() => document.body.dataset.connected === 'true');
}

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());

// How far the page scrolls sideways, and the elements that stick out (for the message).
const sidewaysScroll = (page) => page.evaluate(() => {
  const width = document.documentElement.clientWidth;
  return { by: document.documentElement.scrollWidth - width,
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5).map((element) => `${element.tagName}#${element.id}.${element.className}`) };
});

const profile = async (name) =>
  (await fetch(`${server.url}/api/players/${encodeURIComponent(name)}`)).json();

step('alice opens a rated 9x9 Fischer table; bob sees it rated, her name linked', async () => {
  await register(alice, 'alice');
  await register(bob, 'bob');
  const page = alice.page;
  assert.equal(await page.isChecked('#create-rated'), true, 'rated by default');
  assert.equal(await page.textContent('#create-rated-hint'), catalogues.ru['create.ratedHint']);
  await page.selectOption('#create-size', '9');
  await page.selectOption('#create-colour', 'black');
  await page.selectOption('#create-time', 'fischer');
  await page.fill('#create-main', '5');
  await page.fill('#create-increment', '10');
  await page.click('#create-submit');
  const row = bob.page.locator('#tables tbody tr', { hasText: 'alice' });
  await row.waitFor();
  gameId = Number(await row.getAttribute('data-game-id'));
  assert.equal(await row.locator('td').nth(6).textContent(), catalogues.kk['game.rated']);
  assert.equal(await row.locator('a.name').getAttribute('href'), 'player.html?name=alice');
  // The players online link to their profiles too.
  await bob.page.waitForSelector('#players a.name[href="player.html?name=alice"]');
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  for (const who of [alice, bob]) await who.page.waitForSelector('body[data-phase="play"]');
});

step('the game page links both names and says the game is rated; bob resigns', async () => {
  const pages = [alice.page, bob.page];
  assert.equal(await bob.page.getAttribute('.player[data-colour="black"] a.name', 'href'),
    'player.html?name=alice');
  assert.equal(await alice.page.getAttribute('.player[data-colour="white"] a.name', 'href'),
    'player.html?name=bob');
  assert.match(await alice.page.textContent('#game-info'),
    new RegExp(`· ${catalogues.ru['game.rated']}$`));
  await playPoint(alice.page, 'E5', pages);
  await playPoint(bob.page, 'C3', pages);
  await playPoint(alice.page, 'G7', pages);
  await playPoint(bob.page, 'C7', pages);
  await bob.page.click('#resign');
  await bob.page.click('#confirm-yes');
  for (const page of pages) await page.waitForSelector('body[data-phase="finished"]');
  // The ranks arrive beside the names without a reload once asked for (new page load).
  await alice.page.reload();
  await alice.page.waitForSelector('.player[data-colour="white"] .rank[data-rank]:not(:empty)');
  fs.mkdirSync(kArtifacts, { recursive: true });
  await alice.page.setViewportSize({ width: 390, height: 900 });
  await alice.page.screenshot({ path: path.join(kArtifacts, 'profile-game-ru-390.png') });
  await alice.page.setViewportSize({ width: 1100, height: 850 });
});

step('both profiles: a rank, one overall game, the rating moved, a graph line, the game',
  async () => {
    const [a, b] = [await profile('alice'), await profile('bob')];
    assert.equal(a.ratings.overall.games, 1, JSON.stringify(a));
    assert.ok(a.ratings.overall.rating > 1500 && b.ratings.overall.rating < 1500);
    for (const [who, name, above] of [[alice, 'alice', true], [bob, 'bob', false]]) {
      const page = await openPage(who.browser.context,
        `${server.url}/player.html?name=${name}`);
      who.profile = page;
      assert.equal(await page.textContent('h1'), name);
      const lang = name === 'alice' ? 'ru' : 'kk';
      assert.match(await page.textContent('#player-rank'),
        new RegExp(`^${catalogues[lang]['profile.rank'].replace('{rank}', '\\d+ кю\\?')}$`));
      assert.ok(await page.isVisible('#rank-note'), 'the "?" is explained');
      const overall = page.locator('#ratings tr[data-category="overall"] td');
      assert.equal(await overall.nth(3).textContent(), '1');
      const rating = Number((await overall.nth(1).textContent()).replace(/\s/g, ''));
      assert.ok(above ? rating > 1500 : rating < 1500, `${name} ${rating}`);
      // One line per category, each from 1500 to the rating after the game.
      const paths = await page.$$eval('#rating-graph svg[role="img"] path',
        (all) => all.map((p) => p.getAttribute('d')));
      assert.equal(paths.length, Object.keys(a.ratings).length);
      for (const d of paths) assert.match(d, /^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
      assert.ok((await page.getAttribute('#rating-graph svg', 'aria-label')).length > 20);
      assert.ok(await page.$$eval('#rating-graph .visually-hidden tr',
        (rows) => rows.length) > 1);
      const game = page.locator(`#player-games tbody tr[data-game-id="${gameId}"]`);
      await game.waitFor();
      assert.equal(await game.locator('a.name').textContent(), name === 'alice' ? 'bob' : 'alice');
      assert.equal(await game.locator('td[data-result]').getAttribute('data-result'), 'B+R');
      assert.equal(await game.locator('td').nth(5).textContent(), catalogues[lang]['game.rated']);
      assert.equal(await game.locator('a.replay-link').getAttribute('href'),
        `game.html?id=${gameId}`);
      assert.deepEqual(await missingKeys(page), []);
    }
    const page = alice.profile;
    await Promise.all([page.waitForURL(/game\.html/), page.click('a.replay-link')]);
    await page.waitForSelector('body[data-phase="finished"]');
    assert.ok(await page.isVisible('#replay'));
    await page.goBack();
    await page.waitForSelector('body[data-ready="true"]');
  });

step('the size filter and the paging ask the server for what they show', async () => {
  const page = alice.profile;
  await page.selectOption('#games-size', '19');
  await page.waitForSelector('body[data-games-size="19"]');
  assert.equal(await page.$$eval('#player-games tbody tr', (rows) => rows.length), 0);
  assert.ok(await page.isVisible('#games-none'));
  await page.selectOption('#games-size', '9');
  await page.waitForSelector(`body[data-games-size="9"] #player-games tr[data-game-id="${gameId}"]`);
  assert.ok(await page.isDisabled('#games-prev'));
  assert.ok(await page.isDisabled('#games-next'), 'no more games');
  // A server that says there are more: Next asks for page 1, Prev back for page 0.
  const asked = [];
  await page.route('**/api/players/alice/games*', async (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('page'));
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, more: body.page === 0 } });
  });
  await page.selectOption('#games-size', '0');
  await page.waitForFunction(() => !document.getElementById('games-next').disabled);
  await page.click('#games-next');
  await page.waitForSelector('body[data-games-page="1"]');
  assert.ok(await page.isEnabled('#games-prev'));
  await page.click('#games-prev');
  await page.waitForSelector('body[data-games-page="0"]');
  assert.deepEqual(asked, ['0', '1', '0']);
  await page.unroute('**/api/players/alice/games*');
  await page.selectOption('#games-size', '9');
  await page.waitForSelector('body[data-games-size="9"]');
  await page.selectOption('#games-size', '0');
  await page.waitForFunction(() => document.getElementById('games-next').disabled);
});

step('a guest has no rating; an unknown name is said so', async () => {
  const guest = await (await fetch(`${server.url}/api/guest`, { method: 'POST',
    headers: { 'Content-Type': 'application/json' } })).json();
  const page = await openPage(alice.browser.context,
    `${server.url}/player.html?name=${guest.user.name}`);
  assert.equal(await page.textContent('#player-rank'), catalogues.ru['profile.guest']);
  assert.ok(await page.isHidden('#ratings-card'));
  await page.goto(`${server.url}/player.html?name=nobody_here`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.textContent('#player-message'),
    catalogues.ru['profile.notFound'].replace('{name}', 'nobody_here'));
  await page.close();
});

step('ru, kk and en: no missing key, no sideways scroll at 390 px; screenshots', async () => {
  const page = alice.profile;
  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const lang of ['ru', 'kk', 'en']) {
    await page.selectOption('#language', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.textContent('#ratings tr[data-category="overall"] td'),
      catalogues[lang]['profile.category.overall']);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(100); // the graph redraws for its new width
      const overflow = await sidewaysScroll(page);
      assert.ok(overflow.by <= 0, `${lang} ${width}px scrolls sideways: ${JSON.stringify(overflow)}`);
      await page.screenshot({ path: path.join(kArtifacts, `profile-${lang}-${width}.png`),
        fullPage: true });
    }
    assert.deepEqual(await missingKeys(page), []);
  }
  // The lobby with its rated column and checkbox, at a phone's width.
  await alice.page.goto(`${server.url}/`);
  await alice.page.waitForSelector('#create:not([hidden])');
  await alice.page.setViewportSize({ width: 390, height: 900 });
  const overflow = await sidewaysScroll(alice.page);
  assert.ok(overflow.by <= 0, `the lobby scrolls sideways: ${JSON.stringify(overflow)}`);
  await alice.page.screenshot({ path: path.join(kArtifacts, 'profile-lobby-en-390.png'),
    fullPage: true });
  await page.selectOption('#language', 'ru');
});

step('no page errors', () => {
  for (const who of [alice, bob]) {
    assert.deepEqual(who.browser.errors.filter((e) => !e.includes('404')), []);
  }
});
