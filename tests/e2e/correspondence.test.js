// A correspondence game (docs/protocol.md, "Correspondence" and `your_move`): two players
// create and join a Fischer 3 days + 1 day per move table that pauses on weekends, the
// "your move" list and the page title's count follow the turn, and the game survives a clean
// stop (SIGTERM) and a crash (SIGKILL) of the server on the same data: the clocks go on with
// the time spent while the server was up and without the downtime. The exact times left come
// from the game's SGF (BL/WL after each move, in seconds).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, playPoint, startTengen } from './harness.js';

const kDay = 86400;
// Downtime long enough that charging it would show far beyond the measurement's slack.
const kDowntimeMs = 8000;
const kSlackSeconds = 1.5;
// The server records that it is alive every 10 s (SiteOptions::aliveInterval): a crash may
// cost the mover up to that much of the time before it.
const kAliveIntervalSeconds = 10;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-e2e-corr-'));
let server;
let black;
let white;

before(async () => {
  server = await startTengen({ dataDir });
  black = await launchBrowser();
  white = await launchBrowser();
  for (const who of [black, white]) who.context.setDefaultTimeout(20000);
});

after(async () => {
  await black?.close();
  await white?.close();
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// A weekend (UTC) charges nothing, so the lower bounds below hold only on weekdays.
function onWeekday(fromMs, toMs) {
  const weekend = (ms) => [0, 6].includes(new Date(ms).getUTCDay());
  return !weekend(fromMs) && !weekend(toMs);
}

// Seconds left after each move of the game, from its SGF: [{colour, seconds}].
async function timesLeft(gameId) {
  const response = await fetch(`${server.url}/api/games/${gameId}/sgf`);
  assert.equal(response.status, 200);
  const sgf = await response.text();
  return [...sgf.matchAll(/;([BW])\[[a-z]{2}\](?:[BW]L\[([\d.]+)\])?/g)]
    .map((match) => ({ colour: match[1], seconds: Number(match[2]) }));
}

async function yourMoveCount(page) {
  return page.evaluate(() => document.querySelectorAll('#your-move-list tbody tr').length);
}

async function waitForYourMove(page, count) {
  await page.waitForFunction((n) => {
    const rows = document.querySelectorAll('#your-move-list tbody tr').length;
    const section = document.getElementById('your-move');
    const title = document.title.startsWith(`(${n}) `);
    return n === 0 ? rows === 0 && section.hidden && !/^\(\d+\)/.test(document.title)
      : rows === n && !section.hidden && title;
  }, count);
}

async function reconnected(pages) {
  for (const page of pages) {
    await page.waitForFunction(() => document.getElementById('connection').textContent === '');
  }
}

async function disconnected(pages) {
  for (const page of pages) {
    await page.waitForFunction(() => document.getElementById('connection').textContent !== '');
  }
}

const kDayMs = 86_400_000;

// The lobby's text ("4 d 22 h", web/format.js formatClock) for the wall time from `nowMs`
// to the deadline of a clock started at `startMs` with `clockMs` on it, no time charged on
// Saturdays and Sundays (UTC), as src/game/game_clock.h counts it.
function wallToDeadline(startMs, nowMs, clockMs) {
  let t = startMs;
  let left = clockMs;
  while (left > 0) {
    const nextMidnight = (Math.floor(t / kDayMs) + 1) * kDayMs;
    const weekday = new Date(t).getUTCDay();  // 0 Sunday, 6 Saturday
    const step = weekday === 0 || weekday === 6 ? 0 : Math.min(left, nextMidnight - t);
    left -= step;
    t = step === 0 ? nextMidnight : t + step;
  }
  const seconds = Math.ceil((t - nowMs) / 1000);
  return `${Math.floor(seconds / 86_400)} d ${Math.floor((seconds % 86_400) / 3600)} h`;
}

test('a correspondence game with its "your move" list survives a stop and a crash', async () => {
  const b = await openPage(black.context, `${server.url}/`);
  await b.click('#guest');
  await b.waitForSelector('#create:not([hidden])');
  await b.selectOption('#create-size', '9');
  await b.selectOption('#create-colour', 'black');
  await b.selectOption('#create-time', 'corr-fischer');
  assert.equal(await b.inputValue('#create-main-days'), '3');
  assert.equal(await b.isChecked('#create-weekends'), true);
  await b.click('#create-submit');
  const w = await openPage(white.context, `${server.url}/`);
  await w.click('#guest');
  const table = w.locator('#tables tbody tr');
  await table.waitFor();
  assert.match(await table.textContent(), /3 d \+ 1 d per move, at most 7 d, weekends paused/);
  await Promise.all([b.waitForURL(/game\.html/), w.waitForURL(/game\.html/),
    table.locator('button').click()]);
  const gameId = Number(new URL(b.url()).searchParams.get('id'));

  // Each player also keeps the lobby open in a second tab.
  const bLobby = await openPage(black.context, `${server.url}/`);
  const wLobby = await openPage(white.context, `${server.url}/`);
  await waitForYourMove(bLobby, 1);
  await waitForYourMove(wLobby, 0);
  // The wall time until Black's deadline: 3 days of clock, plus whatever of a weekend
  // comes first (all of one, or the rest of the one under way when the game started).
  const now = Date.now();
  const expected = [now, now - 60_000].map((start) => wallToDeadline(start, now, 3 * kDayMs));
  assert.ok(expected.includes(
    await bLobby.textContent('#your-move-list tbody .your-move-clock')), expected.join(' or '));

  await playPoint(b, 'C3', [b, w]);
  await waitForYourMove(bLobby, 0);
  await waitForYourMove(wLobby, 1);
  await playPoint(w, 'G7', [b, w]);
  const blackThinkStartMs = Date.now();
  await waitForYourMove(bLobby, 1);
  await waitForYourMove(wLobby, 0);
  // Black had 3 days, spent seconds and got a day back: 3 d 23 h and some minutes.
  assert.match(await b.textContent('.player[data-colour="black"] .clock'), /^(3 d 23 h|4 d 0 h)$/);
  const [firstBlack] = await timesLeft(gameId);
  assert.ok(firstBlack.seconds > 4 * kDay - 60 && firstBlack.seconds <= 4 * kDay,
    `black's time after the first move: ${firstBlack.seconds}`);

  // A clean stop while Black thinks, some downtime, the same data again.
  const { port } = server;
  // Black thinks a few seconds while the server is up: they must stay charged.
  await sleep(4000);
  const stopMs = Date.now();
  await server.close();
  await disconnected([b, w, bLobby, wLobby]);
  await sleep(kDowntimeMs);
  const restartMs = Date.now();
  server = await startTengen({ port, dataDir });
  await reconnected([b, w, bLobby, wLobby]);
  await waitForYourMove(bLobby, 1);
  await waitForYourMove(wLobby, 0);
  await playPoint(b, 'D4', [b, w]);
  const blackMoveMs = Date.now();
  await waitForYourMove(bLobby, 0);
  await waitForYourMove(wLobby, 1);
  let moves = await timesLeft(gameId);
  assert.equal(moves.length, 3);
  const blackCharged = firstBlack.seconds + kDay - moves[2].seconds;
  const blackUp = (stopMs - blackThinkStartMs + blackMoveMs - restartMs) / 1000;
  assert.ok(blackCharged <= blackUp + kSlackSeconds,
    `black was charged ${blackCharged} s for ${blackUp} s of thinking while the server was up ` +
    `(the ${kDowntimeMs / 1000} s downtime must be free)`);
  if (onWeekday(blackThinkStartMs, blackMoveMs)) {
    assert.ok(blackCharged >= (stopMs - blackThinkStartMs) / 1000 - kSlackSeconds,
      `black was charged ${blackCharged} s: the time before the stop must count, not be refilled`);
  }
  assert.match(await b.textContent('.player[data-colour="black"] .clock'), /^(4 d 23 h|5 d 0 h)$/);

  // A crash while White thinks: charged up to the server's last sign of life at most.
  const whiteThinkStartMs = blackMoveMs;
  await sleep(3000);
  const crashMs = Date.now();
  await server.crash();
  await disconnected([b, w]);
  await sleep(kDowntimeMs);
  const secondRestartMs = Date.now();
  server = await startTengen({ port, dataDir });
  await reconnected([b, w, bLobby, wLobby]);
  await waitForYourMove(wLobby, 1);
  await playPoint(w, 'F6', [b, w]);
  const whiteMoveMs = Date.now();
  await waitForYourMove(wLobby, 0);
  await waitForYourMove(bLobby, 1);
  moves = await timesLeft(gameId);
  assert.equal(moves.length, 4);
  const whiteCharged = moves[1].seconds + kDay - moves[3].seconds;
  const whiteUp = (crashMs - whiteThinkStartMs + whiteMoveMs - secondRestartMs) / 1000;
  assert.ok(whiteCharged <= whiteUp + kSlackSeconds,
    `white was charged ${whiteCharged} s for ${whiteUp} s while the server was up`);
  if (onWeekday(whiteThinkStartMs, whiteMoveMs)) {
    assert.ok(whiteCharged >= whiteUp - kAliveIntervalSeconds - kSlackSeconds,
      `white was charged ${whiteCharged} s of ${whiteUp} s`);
  }
  assert.equal(await yourMoveCount(wLobby), 0);
  for (const page of [b, w]) {
    assert.equal(await page.$$eval('#board .stone', (all) => all.length), 4);
  }
});

test('no page errors besides the refused reconnects', () => {
  for (const who of [black, white]) {
    const real = who.errors.filter((error) => !/WebSocket connection to .* failed/.test(error));
    assert.deepEqual(real, []);
  }
});
