// The end procedures of two rulesets on the live site (real `tengen serve`, fresh SQLite):
//   1. an Ing game (alice reads Russian, bob Kazakh): two passes do not end it, the status
//      still asks for a move; the fourth pass opens the removal phase; the count shows Ing's
//      fill-in view (stones on the board and in the bowl) beside the usual table, in each
//      language; screenshots at desktop and phone widths in ru, kk and en;
//   2. an IGS game with a move limit of 6, opened over the socket with that rules spec: the
//      sixth move stops it, and both players read "no result (move limit)".

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  afterEvent, describePages, kArtifacts, launchBrowser, openAsGuest, passTurn, playPoint,
  readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const ru = readCatalogue('ru');
const kk = readCatalogue('kk');
const en = readCatalogue('en');

let server;
let alice; // {browser, page}
let bob;
const step = scenarioSteps(() => describePages([alice.page, bob.page]));

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

// alice opens a 9x9 table with `fields` over the socket (the form offers presets only), bob
// joins it from the lobby, and both wait on the game page.
async function openAndJoin(fields) {
  await alice.page.goto(`${server.url}/`);
  await bob.page.goto(`${server.url}/`);
  await alice.page.waitForFunction(() => document.body.dataset.connected === 'true');
  const reply = await alice.page.evaluate((fields) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ id: 'create', type: 'create_table', size: 9,
      colour: 'black', time: { kind: 'none' }, ...fields }));
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.id === 'create') { ws.close(); resolve(message); }
    };
    ws.onerror = () => reject(new Error('socket error'));
  }), fields);
  assert.equal(reply.type, 'table_created', JSON.stringify(reply));
  // alice's lobby lists her own table too, so it follows her there once bob sits down; a
  // page.goto of our own would race that navigation and be aborted by it.
  const rowOf = (page) => page.locator(`#tables tbody tr[data-game-id="${reply.game.id}"]`);
  await rowOf(alice.page).waitFor();
  await rowOf(bob.page).waitFor();
  const gameUrl = new RegExp(`game\\.html\\?id=${reply.game.id}$`);
  await Promise.all([alice.page.waitForURL(gameUrl), bob.page.waitForURL(gameUrl),
    rowOf(bob.page).locator('button').click()]);
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="play"]');
}

// Black walls off columns A-E, White F-J.
const kWalls = ['E1', 'F1', 'E2', 'F2', 'E3', 'F3', 'E4', 'F4', 'E5', 'F5', 'E6', 'F6', 'E7', 'F7',
  'E8', 'F8', 'E9', 'F9'];

step('two guests open an Ing game and wall the board in two', async () => {
  alice.page = await openAsGuest(alice.browser.context, `${server.url}/`);
  bob.page = await openAsGuest(bob.browser.context, `${server.url}/`);
  await openAndJoin({ rules: 'ing', komi: 8 });
  const pages = [alice.page, bob.page];
  for (const [i, vertex] of kWalls.entries()) await playPoint(i % 2 ? bob.page : alice.page, vertex, pages);
});

step('Ing: two passes do not end the game, the fourth pass does', async () => {
  const pages = [alice.page, bob.page];
  await passTurn(alice.page, pages);
  await passTurn(bob.page, pages);
  // Still play: alice is asked for a move, in Russian.
  assert.equal(await alice.page.getAttribute('body', 'data-phase'), 'play');
  assert.equal(await alice.page.textContent('#status'), ru['game.status.yourTurn']);
  await passTurn(alice.page, pages);
  assert.equal(await bob.page.getAttribute('body', 'data-phase'), 'play');
  assert.equal(await bob.page.textContent('#status'), kk['game.status.yourTurn']);
  await passTurn(bob.page, pages);
  for (const page of pages) await page.waitForSelector('body[data-phase="removal"]');
});

// 40 stones each on 9x9: Black's 45 points leave him 5 short, White's 36 leave her 4.
step('the count shows Ing\'s fill-in view in Russian and Kazakh', async () => {
  for (const [page, catalogue] of [[alice.page, ru], [bob.page, kk]]) {
    await page.waitForSelector('#score-fillin:not([hidden])');
    assert.equal(await page.textContent('#score-fillin .fillin-title'),
      catalogue['score.fillIn.title'].replace('{stones}', '40'));
    const rows = await page.$$eval('#score-fillin tr[data-row]', (all) => all.map((row) =>
      [...row.children].map((cell) => cell.textContent)));
    const minusFive = await page.evaluate(() => new Intl.NumberFormat(
      document.documentElement.lang, { maximumFractionDigits: 1 }).format(-5));
    assert.deepEqual(rows, [[catalogue['score.fillIn.onBoard'], '45', '36'],
      [catalogue['score.fillIn.inBowl'], minusFive, '4']]);
  }
  // Bob's Accept carries the version he last saw: sent before Alice's acceptance reached his
  // page, the server would refuse it as stale_version.
  await afterEvent([alice.page, bob.page], () => alice.page.click('#removal-accept'));
  await bob.page.click('#removal-accept');
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="finished"]');
  assert.equal(await alice.page.evaluate(() => document.body.dataset.result), 'B+1');
  assert.ok(await bob.page.isVisible('#score-fillin'));
});

step('screenshots of the Ing count: desktop and phone, ru, kk and en', async () => {
  fs.mkdirSync(kArtifacts, { recursive: true });
  const url = alice.page.url();
  for (const [lang, catalogue] of [['ru', ru], ['kk', kk], ['en', en]]) {
    await alice.page.evaluate((lang) => localStorage.setItem('tengen.language', lang), lang);
    for (const [name, viewport] of [['desktop', { width: 1100, height: 850 }],
      ['phone', { width: 390, height: 844 }]]) {
      await alice.page.setViewportSize(viewport);
      await alice.page.goto(url);
      await alice.page.waitForSelector('body[data-phase="finished"]');
      await alice.page.waitForSelector('#score-fillin:not([hidden])');
      assert.equal(await alice.page.textContent('#score-fillin .fillin-title'),
        catalogue['score.fillIn.title'].replace('{stones}', '40'));
      await alice.page.locator('#score').scrollIntoViewIfNeeded();
      await alice.page.screenshot({ path: path.join(kArtifacts, `ing-count-${lang}-${name}.png`),
        fullPage: true });
    }
  }
  await alice.page.evaluate(() => localStorage.setItem('tengen.language', 'ru'));
  await alice.page.setViewportSize({ width: 1100, height: 850 });
});

step('IGS with a move limit of 6: the sixth move stops the game without result', async () => {
  await openAndJoin({ rules: 'igs move_limit=6', komi: 6.5 });
  const pages = [alice.page, bob.page];
  for (const [i, vertex] of ['E5', 'E6', 'D5', 'D6', 'C5'].entries()) {
    await playPoint(i % 2 ? bob.page : alice.page, vertex, pages);
  }
  assert.equal(await bob.page.getAttribute('body', 'data-phase'), 'play');
  await playPoint(bob.page, 'C6', pages);
  for (const page of pages) await page.waitForSelector('body[data-phase="finished"]');
  assert.equal(await alice.page.evaluate(() => document.body.dataset.result), 'Void');
  assert.equal(await alice.page.textContent('#status'),
    ru['game.status.finished'].replace('{result}', ru['result.voidMoveLimit']));
  assert.equal(await bob.page.textContent('#status'),
    kk['game.status.finished'].replace('{result}', kk['result.voidMoveLimit']));
});

step('no page errors', () => {
  assert.deepEqual([...alice.browser.errors, ...bob.browser.errors], []);
});
