// Leaving a game on the live site (real `tengen serve --claim-grace 8`, fresh SQLite):
//   1. alice (Russian) and bob (English) play an untimed game, a spectator watches; bob
//      closes his page: alice reads "opponent disconnected" with a countdown, the spectator
//      which player left; after the grace alice claims the win from the keyboard (button,
//      confirmation) and both alice and the spectator see the result;
//   2. screenshots of the notice with its buttons at 1280 and 390 px in ru, kk and en;
//   3. a second game: alice closes hers, bob annuls it with the mouse: "Void", annulled.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  describePages, kArtifacts, launchBrowser, openAsGuest, openPage, playPoint, readCatalogue,
  scenarioSteps, startTengen,
} from './harness.js';

const ru = readCatalogue('ru');
const kk = readCatalogue('kk');
const en = readCatalogue('en');

let server;
let alice; // {browser, page}
let bob;
let watcher;
let gameUrl;
const step = scenarioSteps(() => describePages([alice.page, bob.page, watcher.page]
  .filter((page) => page && !page.isClosed())));

before(async () => {
  server = await startTengen({ args: ['--claim-grace', '8'] });
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'en-US' }) };
  watcher = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [alice, bob, watcher]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob, watcher]) await who?.browser.close();
  await server?.close();
});

// `owner` opens an untimed 9x9 table as Black over the socket, `joiner` joins it from the
// lobby; both end on the game page.
async function openAndJoin(owner, joiner) {
  await owner.page.goto(`${server.url}/`);
  await joiner.page.goto(`${server.url}/`);
  await owner.page.waitForFunction(() => document.body.dataset.connected === 'true');
  const reply = await owner.page.evaluate(() => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ id: 'create', type: 'create_table', size: 9,
      colour: 'black', time: { kind: 'none' } }));
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.id === 'create') { ws.close(); resolve(message); }
    };
    ws.onerror = () => reject(new Error('socket error'));
  }));
  assert.equal(reply.type, 'table_created', JSON.stringify(reply));
  const row = joiner.page.locator(`#tables tbody tr[data-game-id="${reply.game.id}"]`);
  await row.waitFor();
  await Promise.all([joiner.page.waitForURL(/game\.html/), row.locator('button').click()]);
  gameUrl = `${server.url}/game.html?id=${reply.game.id}`;
  // The owner's lobby may go to the game by itself once the table is taken: wait for that
  // rather than race it with a second navigation.
  await owner.page.waitForURL(/game\.html/, { timeout: 3000 }).catch(() => owner.page.goto(gameUrl));
  for (const page of [owner.page, joiner.page]) await page.waitForSelector('body[data-phase="play"]');
}

// The catalogue text up to its first placeholder: what a line starts with whatever {time}.
const head = (text) => text.slice(0, text.indexOf('{'));

step('bob leaves an untimed game: alice and the spectator are told', async () => {
  alice.page = await openAsGuest(alice.browser.context, `${server.url}/`);
  bob.page = await openAsGuest(bob.browser.context, `${server.url}/`);
  await openAndJoin(alice, bob);
  watcher.page = await openPage(watcher.browser.context, gameUrl);
  const pages = [alice.page, bob.page];
  await playPoint(alice.page, 'E5', pages);
  await playPoint(bob.page, 'C3', pages);
  assert.equal(await alice.page.isVisible('#presence'), false, 'nobody has left yet');

  await bob.page.close();
  await alice.page.waitForSelector('#presence:not([hidden])');
  assert.ok((await alice.page.textContent('#presence-text')).startsWith(head(ru['presence.opponentAway'])));
  assert.equal(await alice.page.getAttribute('.player[data-colour="white"]', 'data-away'), 'true');
  await watcher.page.waitForSelector('#presence:not([hidden])');
  assert.ok((await watcher.page.textContent('#presence-text')).startsWith(en['color.white']),
    'the spectator reads which player left');
  assert.equal(await watcher.page.isVisible('#claim-buttons'), false, 'spectators cannot claim');
  fs.mkdirSync(kArtifacts, { recursive: true });
  await watcher.page.locator('#presence').scrollIntoViewIfNeeded();
  await watcher.page.screenshot({ path: path.join(kArtifacts, 'leaving-spectator-en.png') });
});

step('screenshots of the notice: 1280 and 390 px in ru, kk and en', async () => {
  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const [lang, catalogue] of [['ru', ru], ['kk', kk], ['en', en]]) {
    await alice.page.evaluate((lang) => localStorage.setItem('tengen.language', lang), lang);
    for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }]]) {
      await alice.page.setViewportSize(viewport);
      await alice.page.goto(gameUrl);
      await alice.page.waitForSelector('#claim-buttons:not([hidden])');
      assert.equal(await alice.page.textContent('#claim-win'), catalogue['presence.claimWin']);
      await alice.page.locator('#presence').scrollIntoViewIfNeeded();
      const wide = await alice.page.evaluate(() =>
        document.documentElement.scrollWidth > document.documentElement.clientWidth);
      assert.equal(wide, false, `no sideways scroll at ${name} in ${lang}`);
      await alice.page.screenshot({ path: path.join(kArtifacts, `leaving-${name}-${lang}.png`) });
    }
  }
  await alice.page.evaluate(() => localStorage.setItem('tengen.language', 'ru'));
  await alice.page.setViewportSize({ width: 1100, height: 850 });
  await alice.page.goto(gameUrl);
});

step('after the grace alice claims the win from the keyboard', async () => {
  await alice.page.waitForSelector('#claim-buttons:not([hidden])');
  assert.equal(await alice.page.textContent('#presence-claim'), ru['presence.claimNow']);
  await alice.page.focus('#claim-win');
  await alice.page.keyboard.press('Enter');
  await alice.page.waitForSelector('#claim-confirm:not([hidden])');
  assert.equal(await alice.page.evaluate(() => document.activeElement.id), 'claim-yes');
  assert.equal(await alice.page.textContent('#claim-confirm-text'), ru['presence.confirmClaim']);
  await alice.page.keyboard.press('Enter');
  for (const page of [alice.page, watcher.page]) await page.waitForSelector('body[data-phase="finished"]');
  assert.equal(await alice.page.evaluate(() => document.body.dataset.result), 'B+F');
  assert.ok((await alice.page.textContent('#status'))
    .includes(ru['result.abandoned'].replace('{color}', ru['color.black'])));
  assert.equal(await alice.page.isVisible('#presence'), false, 'the notice goes with the game');
});

step('alice leaves the next game and bob annuls it', async () => {
  bob.page = await openPage(bob.browser.context, `${server.url}/`);
  await openAndJoin(alice, bob);
  await playPoint(alice.page, 'E5', [alice.page, bob.page]);
  await alice.page.close();
  await bob.page.waitForSelector('#presence:not([hidden])');
  assert.ok((await bob.page.textContent('#presence-claim')).startsWith(head(en['presence.claimIn'])),
    'a countdown before the grace');
  await bob.page.waitForSelector('#claim-annul:not([hidden])', { timeout: 15000 });
  await bob.page.click('#claim-annul');
  assert.equal(await bob.page.textContent('#claim-confirm-text'), en['presence.confirmAnnul']);
  await bob.page.click('#claim-no');
  assert.equal(await bob.page.isVisible('#claim-confirm'), false, 'No keeps the game');
  await bob.page.click('#claim-annul');
  await bob.page.click('#claim-yes');
  await bob.page.waitForSelector('body[data-phase="finished"]');
  assert.equal(await bob.page.evaluate(() => document.body.dataset.result), 'Void');
  assert.ok((await bob.page.textContent('#status')).includes(en['result.voidAnnulled']));
});
