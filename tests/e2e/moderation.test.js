// Moderation (docs/protocol.md, "Moderation") on the real `tengen serve`: `mo` is made a
// moderator with `tengen admin grant` on the server's own SQLite file while it runs; alice
// (Russian) and bob (Kazakh) play a game that mo watches (English).
//   1. alice blocks bob from his profile (reached from the game's report link): bob's next chat
//      line reaches mo but not alice, and bob's challenge to alice is refused;
//   2. alice reports bob about the game; the report is in mo's queue on the moderators' page;
//   3. mo bans bob there: bob's socket closes at once, and his next login shows the reason;
//      the log shows the ban with mo's name;
//   4. a player who is not a moderator sees only that the page is not for them;
//   5. ru/kk/en miss no key and nothing scrolls sideways at 390 px; screenshots of the
//      moderators' page and the block/report card at 390 and 1280 px in each language.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { promisify } from 'node:util';
import {
  describePages, fill, kArtifacts, launchBrowser, openPage, readCatalogue, scenarioSteps,
  startTengen, tengenBinary,
} from './harness.js';

const catalogues = { ru: readCatalogue('ru'), kk: readCatalogue('kk'), en: readCatalogue('en') };
const kPassword = 'correct horse battery';

let server;
let alice;
let bob;
let mo;
let gameId;
const step = scenarioSteps(() => describePages([alice?.page, bob?.page, mo?.page]));

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'kk-KZ' }) };
  mo = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [alice, bob, mo]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob, mo]) await who?.browser.close();
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

const sidewaysScroll = (page) => page.evaluate(() => {
  const width = document.documentElement.clientWidth;
  return { by: document.documentElement.scrollWidth - width,
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5).map((element) => `${element.tagName}#${element.id}.${element.className}`) };
});

async function screenshots(page, name) {
  fs.mkdirSync(kArtifacts, { recursive: true });
  const original = await page.evaluate(() => document.documentElement.lang);
  for (const lang of ['ru', 'kk', 'en']) {
    await page.selectOption('#language', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(100);
      const overflow = await sidewaysScroll(page);
      assert.ok(overflow.by <= 0,
        `${name} ${lang} ${width}px scrolls sideways: ${JSON.stringify(overflow)}`);
      await page.screenshot({ path: path.join(kArtifacts, `moderation-${name}-${lang}-${width}.png`),
        fullPage: true });
    }
    assert.deepEqual(await missingKeys(page), [], `${name} ${lang}`);
  }
  // The choice is remembered for the browser: the reader's own language again.
  await page.selectOption('#language', original);
  await page.setViewportSize({ width: 1100, height: 850 });
}

step('mo is made a moderator from the command line while the server runs', async () => {
  await register(mo, 'mo');
  await register(alice, 'alice');
  await register(bob, 'bob');
  const { stdout } = await promisify(execFile)(tengenBinary(),
    ['admin', 'grant', 'mo', 'moderator', '--db', path.join(server.dataDir, 'site.db')]);
  assert.match(stdout, /mo is now a moderator/);
});

step('alice and bob start a game; mo watches it', async () => {
  const page = alice.page;
  await page.selectOption('#create-size', '9');
  await page.selectOption('#create-colour', 'black');
  await page.click('#create-submit');
  const row = bob.page.locator('#tables tbody tr', { hasText: 'alice' });
  await row.waitFor();
  gameId = Number(await row.getAttribute('data-game-id'));
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  for (const who of [alice, bob]) await who.page.waitForSelector('body[data-phase="play"]');
  mo.game = await openPage(mo.browser.context, `${server.url}/game.html?id=${gameId}`);
  await mo.game.waitForSelector('body[data-phase="play"]');
});

step('alice blocks bob from the profile the game links; his chat no longer reaches her', async () => {
  const link = alice.page.locator('#report-link');
  assert.equal(await link.textContent(), fill(catalogues.ru['report.opponent'], { name: 'bob' }));
  alice.profile = await openPage(alice.browser.context,
    `${server.url}/${await link.getAttribute('href')}`);
  const page = alice.profile;
  await page.waitForSelector('#block-card:not([hidden])');
  assert.equal(await page.textContent('#report-game'),
    fill(catalogues.ru['report.game'], { id: gameId }));
  await page.click('#block-toggle');
  await page.waitForSelector('#block-toggle[data-blocked="true"]');
  assert.equal(await page.textContent('#block-message'),
    fill(catalogues.ru['block.done'], { name: 'bob' }));
  assert.equal(await page.textContent('#block-toggle'),
    fill(catalogues.ru['block.unblock'], { name: 'bob' }));
  // No challenge is offered to a player one blocks.
  assert.equal(await page.isHidden('#player-actions'), true);

  await bob.page.fill('#chat-text', 'you will lose');
  await bob.page.click('#chat-form button[type="submit"]');
  await mo.game.waitForSelector('#chat li:has-text("you will lose")');
  await bob.page.waitForSelector('#chat li:has-text("you will lose")');
  // Alice's page had the event (mo's came after it in the same broadcast): only a placeholder.
  await alice.page.waitForTimeout(300);
  assert.equal(await alice.page.locator('#chat li:has-text("you will lose")').count(), 0);
  // Nor does a reload bring it back.
  await alice.page.reload();
  await alice.page.waitForSelector('body[data-phase="play"]');
  assert.equal(await alice.page.locator('#chat li:has-text("you will lose")').count(), 0);
});

step('bob challenges alice: refused, since she blocks him', async () => {
  // Opened by hand so that its socket is watched from the start (the ban closes it below).
  bob.lobby = await bob.browser.context.newPage();
  bob.lobbySocketClosed = new Promise((resolve) => {
    bob.lobby.on('websocket', (ws) => ws.on('close', resolve));
  });
  await bob.lobby.goto(`${server.url}/index.html?challenge=alice`);
  await bob.lobby.waitForSelector('body[data-ready="true"]');
  await bob.lobby.waitForSelector('#pchallenge:not([hidden])');
  await bob.lobby.click('#pchallenge-submit');
  await bob.lobby.waitForFunction(() => document.getElementById('pchallenge-message')
    ?.textContent !== '' || document.querySelector('#pchallenge .field-error:not(:empty)'));
  const shown = await bob.lobby.evaluate(() => document.getElementById('pchallenge').innerText);
  assert.ok(shown.includes(fill(catalogues.kk['pchallenge.error.blocked'], { name: 'alice' })),
    shown);
  assert.equal(await alice.page.locator('.incoming-challenge').count(), 0);
});

step('alice reports bob about the game; the report reaches the moderators\' queue', async () => {
  const page = alice.profile;
  await page.selectOption('#report-reason', 'insults');
  await page.fill('#report-text', 'threatens me in the game chat');
  await page.click('#report-send');
  await page.waitForFunction((text) => document.getElementById('block-message').textContent === text,
    catalogues.ru['report.sent']);
  mo.page = await openPage(mo.browser.context, `${server.url}/moderation.html`);
  const row = mo.page.locator('#queue tbody tr', { hasText: 'threatens me' });
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  assert.equal(cells[1], 'alice');
  assert.equal(cells[2], 'bob');
  assert.equal(cells[3], `#${gameId}`);
  assert.equal(cells[4], catalogues.en['report.reason.insults']);
});

step('mo mutes alice for 30 minutes: her next chat line is refused saying until when and why',
  async () => {
    const page = mo.page;
    await page.selectOption('#act-action', 'mute');
    await page.fill('#act-name', 'alice');
    await page.fill('#act-minutes', '30');
    await page.fill('#act-reason', 'spam in chat');
    await page.click('#act-submit');
    await page.waitForFunction((text) => document.getElementById('act-message').textContent === text,
      catalogues.en['mod.done']);
    await mo.page.locator('#restrictions tbody tr', { hasText: 'alice' }).waitFor();
    await alice.page.fill('#chat-text', 'buy my course');
    await alice.page.click('#chat-form button[type="submit"]');
    const [before, after] = catalogues.ru['error.muted'].split('{until}');
    await alice.page.waitForFunction((start) => document.getElementById('message').textContent
      .startsWith(start), before);
    const shown = await alice.page.textContent('#message');
    assert.ok(shown.endsWith(fill(after, { cause: 'spam in chat' })), shown);
    assert.match(shown.slice(before.length), /\d/, 'the end of the mute is a date and time');
    assert.equal(await mo.game.locator('#chat li:has-text("buy my course")').count(), 0);
  });

step('screenshots: the moderators\' page, the block/report card and the blocked list', async () => {
  await screenshots(mo.page, 'page');
  await screenshots(alice.profile, 'block');
  alice.own = await openPage(alice.browser.context, `${server.url}/player.html?name=alice`);
  await alice.own.waitForSelector('#blocked-card:not([hidden])');
  assert.equal(await alice.own.textContent('#blocked-list li a'), 'bob');
  await screenshots(alice.own, 'blocked');
});

step('mo bans bob: his socket closes at once and his next login says why', async () => {
  const page = mo.page;
  await page.selectOption('#act-action', 'ban');
  await page.fill('#act-name', 'bob');
  await page.fill('#act-reason', 'threats in chat');
  await page.click('#act-submit');
  await page.waitForFunction((text) => document.getElementById('act-message').textContent === text,
    catalogues.en['mod.done']);
  // The lobby's socket, watched since the page opened, is closed by the server.
  await bob.lobbySocketClosed;
  // The game page's socket reconnects, now without a user: it can no longer chat.
  await bob.page.waitForSelector('#chat-form', { state: 'hidden' });
  const banned = mo.page.locator('#restrictions tbody tr', { hasText: 'bob' });
  await banned.waitFor();
  assert.equal((await banned.locator('td').allTextContents())[3], 'threats in chat');
  const logLine = mo.page.locator('#log tbody tr', { hasText: 'threats in chat' });
  const line = await logLine.locator('td').allTextContents();
  assert.equal(line[1], 'mo');
  assert.equal(line[2], catalogues.en['mod.done.ban']);
  assert.equal(line[3], 'bob');
  // The page with a ban in force and the log filled, at a phone's width.
  await mo.page.setViewportSize({ width: 390, height: 900 });
  const overflow = await sidewaysScroll(mo.page);
  assert.ok(overflow.by <= 0, `after the ban the page scrolls sideways: ${JSON.stringify(overflow)}`);
  await mo.page.screenshot({ path: path.join(kArtifacts, 'moderation-page-banned-en-390.png'),
    fullPage: true });
  await mo.page.setViewportSize({ width: 1100, height: 850 });

  const login = await openPage(bob.browser.context, `${server.url}/`);
  await login.waitForSelector('#logged-out:not([hidden])');
  await login.fill('#login-name', 'bob');
  await login.fill('#login-password', kPassword);
  await login.click('#login');
  await login.waitForFunction(() => document.getElementById('account-message').textContent !== '');
  assert.equal(await login.textContent('#account-message'),
    fill(catalogues.kk['account.error.banned'], { reason: 'threats in chat' }));
  assert.equal(await login.isHidden('#logged-in'), true);
});

step('a player who is not a moderator sees that the page is not for them', async () => {
  const page = await openPage(alice.browser.context, `${server.url}/moderation.html`);
  assert.equal(await page.textContent('#mod-refused'), catalogues.ru['mod.notModerator']);
  assert.equal(await page.isHidden('#mod-content'), true);
});

step('no page errors', () => {
  for (const who of [alice, bob, mo]) {
    // Bob's refused login is a 403 by design; the browser logs it as a failed resource.
    const expected = (e) => e.includes('404') || (who === bob && e.includes('403'));
    assert.deepEqual(who.browser.errors.filter((e) => !expected(e)), []);
  }
});
