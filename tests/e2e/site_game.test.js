// The live site end to end on the real `tengen serve` (fresh SQLite file): two players in
// their own browsers (alice reads Russian, bob English) and a spectator (a guest).
//   1. alice registers, bob plays as a guest; alice opens a 9x9 Tromp-Taylor table, bob
//      joins from the lobby and both land on the game page;
//   2. a capture and a ko: the red cross sits on the ko point for White only, clicking it
//      places nothing and the server refuses the move too; bob reloads mid-game and goes on;
//      the spectator, who pressed Watch in the lobby as the first move came in, sees every
//      move live; both pass and see the same result, which is the
//      Tromp-Taylor count of the final board;
//   3. alice logs out, mistypes her password, logs in again;
//      a Japanese game: an undo asked and granted, two passes open the removal phase, a dead
//      chain is toggled, both accept and see the same score;
//   4. a table opened and cancelled; a free-handicap game: Black places her stones, White
//      resigns after a confirmation, the replay starts from the handicap stones;
//   5. the lobby and the game page switch from English to Kazakh with nothing left over.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  kArtifacts, launchBrowser, openPage, readCatalogue, scenarioSteps, startTengen, visibleStrings,
} from './harness.js';

const ru = readCatalogue('ru');
const kPassword = 'correct horse battery';

let server;
let alice; // {browser, page}
let bob;
let watcher;
let firstGameId;
// One step of the scenario: skipped once an earlier step failed.
const step = scenarioSteps();

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'en-US' }) };
  watcher = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [alice, bob, watcher]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob, watcher]) await who?.browser.close();
  await server?.close();
});

// ---- helpers ----------------------------------------------------------------------------

const point = (vertex) => `#board [data-index][data-vertex="${vertex}"]`;

function stones(page) {
  return page.$$eval('#board .stone', (all) => all.map((stone) =>
    `${stone.classList.contains('black') ? 'B' : 'W'}${stone.dataset.vertex}`).sort());
}

function crosses(page) {
  return page.$$eval('#board .illegal-mark',
    (all) => all.map((mark) => mark.dataset.vertex).sort());
}

// Waits until the board shows `expected` (sorted list like ["BD5", "WE5"]).
async function waitForStones(page, expected) {
  const sorted = [...expected].sort();
  try {
    await page.waitForFunction((want) => {
      const have = [...document.querySelectorAll('#board .stone')].map((stone) =>
        `${stone.classList.contains('black') ? 'B' : 'W'}${stone.dataset.vertex}`).sort();
      return JSON.stringify(have) === JSON.stringify(want);
    }, sorted, { timeout: 5000 });
  } catch {
    assert.deepEqual(await stones(page), sorted, 'board never showed the expected stones');
  }
}

// Plays moves alternately by the given pages, each waiting for its turn and for the stone
// to appear on every page in `observers`.
async function play(moves, observers) {
  for (const [page, vertex] of moves) {
    await page.waitForSelector('#board svg.board[data-mode="play"]');
    const version = Number(await page.evaluate(() => document.body.dataset.version));
    await page.click(point(vertex));
    for (const observer of observers) {
      await observer.waitForFunction((v) => Number(document.body.dataset.version) > v, version);
    }
  }
}

async function pass(page) {
  await page.waitForSelector('#board svg.board[data-mode="play"]');
  await page.click('#pass');
  await page.click('#confirm-yes');
}

// A move sent over a socket of its own from the page (same cookie), bypassing the board.
function sendRaw(page, message) {
  return page.evaluate((message) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ id: 'raw', ...message }));
    ws.onmessage = (event) => {
      const reply = JSON.parse(event.data);
      if (reply.id === 'raw') { ws.close(); resolve(reply); }
    };
    ws.onerror = () => reject(new Error('socket error'));
  }), message);
}

async function createTable(page, { rules, colour, time }) {
  await page.selectOption('#create-size', '9');
  await page.selectOption('#create-rules', rules);
  await page.selectOption('#create-colour', colour);
  await page.selectOption('#create-time', time);
  await page.click('#create-submit');
  await page.waitForSelector('#tables tbody tr');
}

// ---- the scenario -----------------------------------------------------------------------

step('alice registers (in Russian), bob plays as a guest, both reach the lobby', async () => {
  alice.page = await openPage(alice.browser.context, `${server.url}/`);
  assert.equal(await alice.page.textContent('h1'), ru['lobby.title']);
  await alice.page.fill('#login-name', 'alice');
  await alice.page.fill('#login-password', kPassword);
  await alice.page.click('#register');
  await alice.page.waitForSelector('#logged-in:not([hidden])');
  assert.equal(await alice.page.textContent('#whoami'),
    ru['account.signedIn'].replace('{name}', 'alice'));
  await alice.page.waitForSelector('#create:not([hidden])');

  bob.page = await openPage(bob.browser.context, `${server.url}/`);
  await bob.page.click('#guest');
  await bob.page.waitForSelector('#logged-in:not([hidden])');
  assert.match(await bob.page.textContent('#whoami'), /^Playing as guest guest-\d{10}\.$/);
  // Both are online on the socket.
  await bob.page.waitForFunction(() => document.querySelectorAll('#players li').length >= 2);
});

step('alice opens a 9x9 table, bob joins it, both land on the game page', async () => {
  await alice.page.waitForFunction(() => document.body.dataset.connected === 'true');
  assert.equal(await alice.page.inputValue('#create-rules'), 'tromp-taylor suicide=forbidden');
  // The form writes komi as the page writes numbers: "7,5" in Russian.
  assert.equal(await alice.page.inputValue('#create-komi'), '7,5');
  assert.equal(await alice.page.textContent('#create-rules option:checked'),
    ru['rules.name.default']);
  await createTable(alice.page, { rules: 'tromp-taylor suicide=forbidden', colour: 'black',
    time: 'byoyomi' });
  const row = bob.page.locator('#tables tbody tr', { hasText: 'alice' });
  await row.waitFor();
  assert.match(await row.textContent(),
    /9×9.*Site rules \(Tromp–Taylor, no suicide\).*7\.5.*10 min \+ 5×30 s/);
  await Promise.all([
    alice.page.waitForURL(/game\.html\?id=\d+/),
    bob.page.waitForURL(/game\.html\?id=\d+/),
    row.locator('button').click(),
  ]);
  firstGameId = Number(new URL(bob.page.url()).searchParams.get('id'));
  assert.equal(new URL(alice.page.url()).searchParams.get('id'), String(firstGameId));
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('body[data-phase="play"]');
  }
  assert.equal(await alice.page.textContent('#status'), ru['game.status.yourTurn']);
  assert.equal(await bob.page.textContent('#status'), 'Black to move');
  assert.match(await alice.page.textContent('.player[data-colour="black"] .player-name'), /alice/);
  // Byo-yomi clocks: Black's runs.
  assert.equal(await bob.page.getAttribute('.player[data-colour="black"] .clock', 'data-running'),
    'true');
  assert.match(await bob.page.textContent('.player[data-colour="white"] .clock'), /^10:00$/);
});

// Black captures the white stone on E5 with F5: a ko, White may not retake at once.
const kKoMoves = ['D5', 'E5', 'E6', 'F6', 'E4', 'F4', 'A9', 'G5', 'F5'];
const kKoStones = ['BD5', 'BE6', 'BE4', 'BA9', 'BF5', 'WF6', 'WF4', 'WG5'];

step('a spectator (a guest) watches from the lobby, pressing Watch as a move comes in', async () => {
  watcher.page = await openPage(watcher.browser.context, `${server.url}/`);
  await watcher.page.click('#guest');
  await watcher.page.waitForSelector('#logged-in:not([hidden])');
  const row = watcher.page.locator(`#games tbody tr[data-game-id="${firstGameId}"]`);
  const moveNumber = row.locator('td:nth-child(4)');
  await row.waitFor();
  await watcher.page.waitForFunction(() => document.body.dataset.connected === 'true');
  assert.equal(await moveNumber.textContent(), '0');
  // The pointer goes down on Watch; alice's first move reaches the lobby, which redraws its
  // lists; the pointer comes up. The click must still reach the link (a redraw that
  // replaced it lost the click: the spectator stayed in the lobby).
  const box = await row.locator('a[href^="game.html"]').boundingBox();
  await watcher.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await watcher.page.mouse.down();
  await play([[alice.page, kKoMoves[0]]], [alice.page, bob.page]);
  await watcher.page.waitForFunction((id) => document.querySelector(
    `#games tbody tr[data-game-id="${id}"] td:nth-child(4)`)?.textContent === '1', firstGameId);
  await Promise.all([watcher.page.waitForURL(/game\.html/), watcher.page.mouse.up()]);
  await watcher.page.waitForSelector('body[data-ready="true"]');
  assert.equal(await watcher.page.getAttribute('#board svg.board', 'data-mode'), 'view');
  assert.ok(await watcher.page.isHidden('#play-buttons'));
  await waitForStones(watcher.page, ['BD5']);
});

step('a capture and a ko: the red cross, a refused click, a refusing server', async () => {
  const pages = [alice.page, bob.page, watcher.page];
  // The first move (alice's D5) came in while the spectator pressed Watch.
  await play(kKoMoves.slice(1).map((vertex, i) => [i % 2 ? alice.page : bob.page, vertex]), pages);
  for (const page of pages) await waitForStones(page, kKoStones);
  assert.equal(await bob.page.textContent('.player[data-colour="black"] .player-captures'),
    'captured 1 stone');

  // The cross on the ko point for White, the player to move; none for Black or the spectator.
  assert.deepEqual(await crosses(bob.page), ['E5']);
  assert.deepEqual(await crosses(alice.page), []);
  assert.deepEqual(await crosses(watcher.page), []);
  assert.equal(await bob.page.getAttribute('#board [role="gridcell"][data-vertex="E5"]',
    'aria-label'), 'E5, empty, not allowed (ko)');

  const version = await bob.page.evaluate(() => document.body.dataset.version);
  await bob.page.click(point('E5'));
  assert.equal(await bob.page.textContent('#message'), 'E5: not allowed (ko)');
  assert.equal(await bob.page.textContent('#board .board-live'), 'E5: not allowed (ko)');
  await waitForStones(bob.page, kKoStones);
  assert.equal(await bob.page.evaluate(() => document.body.dataset.version), version);

  const refused = await sendRaw(bob.page, { type: 'move', gameId: firstGameId, point: 'E5' });
  assert.equal(refused.type, 'error');
  assert.equal(refused.code, 'illegal_move');
  assert.ok(['ko', 'superko'].includes(refused.reason), refused.reason);
});

step('bob reloads mid-game: the board comes back and the game goes on', async () => {
  await bob.page.reload();
  await bob.page.waitForSelector('body[data-ready="true"]');
  await waitForStones(bob.page, kKoStones);
  assert.deepEqual(await crosses(bob.page), ['E5']);
  assert.equal(await bob.page.textContent('#status'), 'Your move.');
  assert.equal(await bob.page.$$eval('#moves li', (all) => all.length), kKoMoves.length);
  // A ko threat, announced to alice's screen reader in Russian...
  await play([[bob.page, 'C3']], [alice.page, bob.page, watcher.page]);
  // (the game page's announcements, with captures and atari: text_panel.js; moves close
  // together are said as one text, spoken_group.js, so C3 is the last sentence)
  assert.match(await alice.page.textContent('#announcements'), /(^|\. )Белые C3\.?$/);
  // ...and its answer from the keyboard: the cursor is still on F5, alice's last click.
  await alice.page.waitForSelector('#board svg.board[data-mode="play"]');
  await alice.page.focus('#board svg.board');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown']) {
    await alice.page.keyboard.press(key);
  }
  assert.equal(await alice.page.textContent('#board .board-live'), 'C4, пусто');
  await alice.page.keyboard.press('Enter');
  await bob.page.waitForSelector('#board .stone.black[data-vertex="C4"]');
  // The ko threat was answered: White may retake the ko now.
  await bob.page.waitForSelector('#board svg.board[data-mode="play"]');
  assert.deepEqual(await crosses(bob.page), []);
  await waitForStones(watcher.page, [...kKoStones, 'WC3', 'BC4']);
  assert.match(await watcher.page.textContent('#announcements'), /(^|\. )Black C4\.?$/);
});

step('chat: players talk, spectators talk among themselves', async () => {
  await alice.page.fill('#chat-text', 'удачи!');
  await alice.page.click('#chat-form button[type="submit"]');
  for (const page of [bob.page, watcher.page]) {
    await page.locator('#chat li', { hasText: 'удачи!' }).waitFor();
  }
  // The spectators' channel: the spectator sees the line, the players only its version.
  const versions = await Promise.all([alice.page, bob.page].map((page) =>
    page.evaluate(() => Number(document.body.dataset.version))));
  assert.equal(await watcher.page.textContent('#chat-channel'),
    "You write to the spectators' chat; the players see it only after the game.");
  await watcher.page.fill('#chat-text', 'black is ahead');
  await watcher.page.click('#chat-form button[type="submit"]');
  await watcher.page.locator('#chat li[data-channel="spectators"]',
    { hasText: 'black is ahead' }).waitFor();
  for (const [i, page] of [alice.page, bob.page].entries()) {
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, versions[i]);
    assert.equal(await page.locator('#chat li', { hasText: 'black is ahead' }).count(), 0);
    assert.equal(await page.$$eval('#chat li', (all) => all.length), 1);
  }
});

step('both pass and see the same result, the Tromp-Taylor count of the board', async () => {
  await pass(bob.page);
  await pass(alice.page);
  for (const page of [alice.page, bob.page, watcher.page]) {
    await page.waitForSelector('body[data-phase="finished"]');
  }
  const results = await Promise.all([alice.page, bob.page, watcher.page].map((page) =>
    page.evaluate(() => document.body.dataset.result)));
  assert.equal(new Set(results).size, 1, results.join(' '));

  // The expected count from the browser's own Tromp-Taylor scorer (demo_rules.js).
  const expected = await bob.page.evaluate(async (moves) => {
    const { DemoGame } = await import('/demo_rules.js');
    const game = new DemoGame(9);
    for (const move of moves) game.play(move);
    const score = game.score();
    const margin = score.white + 7.5 - score.black;
    return margin > 0 ? `W+${margin}` : `B+${-margin}`;
  }, [...kKoMoves, 'C3', 'C4']);
  assert.equal(results[0], expected);
  assert.match(await alice.page.textContent('#status'),
    /^Партия окончена: (Чёрные|Белые) выиграли \d+(,5)? очк(о|а|ов)\.$/);
  assert.ok(await bob.page.isVisible('#score'));
  assert.ok(await bob.page.locator('#board .territory').count() > 0, 'territory marks');

  // Replay: step back to the capture, and forward to the end again.
  await bob.page.waitForSelector('#replay:not([hidden])');
  await bob.page.fill('#replay-slider', String(kKoMoves.length - 1));
  await waitForStones(bob.page, ['BD5', 'BE6', 'BE4', 'BA9', 'WE5', 'WF6', 'WF4', 'WG5']);
  await bob.page.click('#replay-next');
  await waitForStones(bob.page, kKoStones);
  await bob.page.click('#replay-last');
  assert.equal(await bob.page.textContent('#replay-position'), 'Move 13 of 13');
  const sgf = await bob.page.evaluate(async (id) => (await fetch(`/api/games/${id}/sgf`)).text(),
    firstGameId);
  assert.match(sgf, /;B\[de\]/); // D5

  // Once the game is over the players may read what the spectators said.
  await bob.page.reload();
  await bob.page.waitForSelector('body[data-ready="true"]');
  await bob.page.locator('#chat li[data-channel="spectators"]', { hasText: 'black is ahead' })
    .waitFor();
});

step('alice logs out, mistypes her password, and logs in again', async () => {
  await alice.page.goto(`${server.url}/`);
  await alice.page.waitForSelector('#logged-in:not([hidden])');
  await alice.page.click('#logout');
  await alice.page.waitForSelector('#logged-out:not([hidden])');
  assert.ok(await alice.page.isHidden('#create'));
  await alice.page.fill('#login-name', 'Alice'); // names compare case-insensitively
  await alice.page.fill('#login-password', 'wrong password');
  await alice.page.click('#login');
  await alice.page.waitForFunction((text) =>
    document.getElementById('account-message').textContent === text,
  ru['account.error.bad_credentials']);
  await alice.page.fill('#login-password', kPassword);
  await alice.page.click('#login');
  await alice.page.waitForSelector('#create:not([hidden])');
  assert.equal(await alice.page.textContent('#whoami'),
    ru['account.signedIn'].replace('{name}', 'alice'));
});

step('a Japanese game: undo, removal phase, a dead chain toggled, both accept', async () => {
  await alice.page.goto(`${server.url}/`);
  await bob.page.goto(`${server.url}/`);
  await alice.page.waitForFunction(() => document.body.dataset.connected === 'true');
  await alice.page.selectOption('#create-rules', 'japanese');
  assert.equal(await alice.page.inputValue('#create-komi'), '6,5');
  assert.ok(await alice.page.isDisabled('#create-placement option[value="free"]'));
  await createTable(alice.page, { rules: 'japanese', colour: 'black', time: 'none' });
  const row = bob.page.locator('#tables tbody tr', { hasText: 'Japanese' });
  await row.waitFor();
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="play"]');

  await play([[alice.page, 'E5'], [bob.page, 'A1'], [alice.page, 'C3']], [alice.page, bob.page]);
  // alice takes C3 back: bob is asked, accepts, and alice is to move again.
  await alice.page.click('#undo');
  await bob.page.waitForSelector('#undo-accept:not([hidden])');
  assert.equal(await bob.page.textContent('#undo-text'), 'Black asks to take back the last move.');
  await bob.page.click('#undo-accept');
  await waitForStones(alice.page, ['BE5', 'WA1']);
  assert.equal(await alice.page.textContent('#status'), ru['game.status.yourTurn']);

  await pass(alice.page);
  await pass(bob.page);
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('body[data-phase="removal"]');
  }
  assert.equal(await alice.page.getAttribute('#board svg.board', 'data-mode'), 'toggle');

  // bob marks his own lone stone on A1 dead (or alive, then dead again).
  const deadA1 = (page) => page.locator('#board .stone.dead[data-vertex="A1"]').count();
  const before = await deadA1(alice.page);
  await bob.page.click(point('A1'));
  await alice.page.waitForFunction((before) => document.querySelectorAll(
    '#board .stone.dead[data-vertex="A1"]').length !== before, before);
  if (before === 1) {
    await bob.page.click(point('A1'));
    await alice.page.waitForSelector('#board .stone.dead[data-vertex="A1"]');
  }
  await bob.page.waitForSelector('#board .stone.dead[data-vertex="A1"]');

  await alice.page.click('#removal-accept');
  await bob.page.waitForFunction(() =>
    document.getElementById('removal-accepted').textContent.startsWith('Black: accepted'));
  await bob.page.click('#removal-accept');
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('body[data-phase="finished"]');
  }
  const results = await Promise.all([alice.page, bob.page].map((page) =>
    page.evaluate(() => document.body.dataset.result)));
  // Japanese count: 80 points of territory (A1 included) and 1 prisoner against komi 6.5.
  assert.deepEqual(results, ['B+74.5', 'B+74.5']);
  // The result is said once, in the status line, with its unit; the count under the table
  // was a proposal until both accepted.
  assert.equal(await bob.page.textContent('#status'), 'Game over: Black wins by 74.5 points.');
  assert.equal(await alice.page.textContent('#status'),
    'Партия окончена: Чёрные выиграли 74,5 очка.');
  for (const page of [alice.page, bob.page]) assert.ok(await page.isHidden('#score-result'));
  const totals = await Promise.all([alice.page, bob.page].map((page) =>
    page.$$eval('#score tr[data-row="total"] td', (cells) => cells.map((c) => c.textContent))));
  assert.deepEqual(totals, [['81', '6,5'], ['81', '6.5']]);

  fs.mkdirSync(kArtifacts, { recursive: true });
  await bob.page.locator('.game-layout')
    .screenshot({ path: path.join(kArtifacts, 'final-board.png') });
});

step('free handicap: Black places two stones, White resigns, the replay starts from them',
  async () => {
    await alice.page.goto(`${server.url}/`);
    await bob.page.goto(`${server.url}/`);
    await alice.page.waitForFunction(() => document.body.dataset.connected === 'true');
    // A table opened and cancelled first: the Cancel button of one's own table.
    await createTable(alice.page, { rules: 'chinese', colour: 'black', time: 'none' });
    await alice.page.locator('#tables tbody tr button').click();
    await alice.page.waitForSelector('#tables tbody tr', { state: 'detached' });

    await alice.page.selectOption('#create-handicap', '2');
    assert.equal(await alice.page.inputValue('#create-komi'), '0,5');
    await alice.page.selectOption('#create-placement', 'free');
    await createTable(alice.page, { rules: 'chinese', colour: 'black', time: 'none' });
    const row = bob.page.locator('#tables tbody tr', { hasText: 'Chinese' });
    await row.waitFor();
    assert.match(await row.textContent(), /2 \(free\)/);
    await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
      row.locator('button').click()]);
    await alice.page.waitForSelector('body[data-phase="handicap"]');
    await alice.page.click(point('C3'));
    await alice.page.click(point('G7'));
    await alice.page.click(point('G7')); // changed her mind
    await alice.page.click(point('G3'));
    await alice.page.click('#handicap-place');
    for (const page of [alice.page, bob.page]) {
      await page.waitForSelector('body[data-phase="play"]');
      await waitForStones(page, ['BC3', 'BG3']);
    }
    assert.equal(await bob.page.textContent('#status'), 'Your move.');
    await play([[bob.page, 'E5']], [alice.page, bob.page]);

    await bob.page.click('#resign');
    assert.equal(await bob.page.textContent('#confirm-text'), 'Resign? You will lose the game.');
    await bob.page.click('#confirm-no');
    assert.ok(await bob.page.isHidden('#confirm'));
    await bob.page.click('#resign');
    await bob.page.click('#confirm-yes');
    for (const page of [alice.page, bob.page]) {
      await page.waitForSelector('body[data-phase="finished"]');
    }
    assert.equal(await bob.page.textContent('#status'), 'Game over: Black wins by resignation.');
    await alice.page.waitForSelector('#replay:not([hidden])');
    await waitForStones(alice.page, ['BC3', 'BG3', 'WE5']);
    // The start of the replay: the handicap stones (from the SGF's AB) and nothing else.
    await alice.page.click('#replay-first');
    await waitForStones(alice.page, ['BC3', 'BG3']);
    assert.equal(await alice.page.textContent('#replay-position'), 'Ход 0 из 1');
  });

// Text that reads the same in every language: names (the built-in bots' too), coordinates,
// numbers, rules specs, the language names in the picker, and what players typed.
function translatable(strings) {
  const neutral =
    /^(tengen|alice|guest-\d+|[A-HJ-T]\d*|Русский|Қазақша|English|chinese|japanese|.*=.*)$/;
  const botName = /^Tengen (Beginner|Easy|Casual|Medium|Advanced|Strong)$/;
  return strings.filter((text) => /\p{L}/u.test(text) && !neutral.test(text) &&
    !botName.test(text) &&
    !['удачи!', 'black is ahead'].includes(text));
}

step('the lobby and the game page are translated throughout (English to Kazakh)', async () => {
  for (const url of [bob.page.url(), `${server.url}/`]) {
    await bob.page.goto(url);
    await bob.page.waitForSelector('body[data-ready="true"]');
    await bob.page.waitForFunction(() => document.body.dataset.connected !== 'false');
    const english = translatable(await visibleStrings(bob.page));
    assert.ok(english.length > 10, english.join(' | '));
    await bob.page.selectOption('#language', 'kk');
    await bob.page.waitForFunction(() => document.documentElement.lang === 'kk');
    const kazakh = await visibleStrings(bob.page);
    assert.deepEqual(english.filter((text) => kazakh.includes(text)), [], url);
    assert.ok(kazakh.every((text) => !text.includes('⟦')), `${url}: no missing keys`);
    await bob.page.selectOption('#language', 'en');
    await bob.page.waitForFunction(() => document.documentElement.lang === 'en');
  }
});

test('no page errors', () => {
  // Chromium logs the deliberate wrong password's 401 answer as an error: that one only.
  const unauthorized = 'Failed to load resource: the server responded with a status of 401 ' +
    '(Unauthorized)';
  const aliceErrors = [...alice.browser.errors];
  const expected = aliceErrors.indexOf(unauthorized);
  if (expected >= 0) aliceErrors.splice(expected, 1);
  assert.deepEqual(aliceErrors, []);
  for (const who of [bob, watcher]) assert.deepEqual(who.browser.errors, []);
});
