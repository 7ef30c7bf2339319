// The game client's modules in the browser, against the real server where they talk to it:
// the socket (request ids, version tracking, reconnect with re-watch and lobby renewal), the
// translation of the server's state strings, client-side replay, clocks and result text, and
// how announcements that come close together are joined.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, startTengen } from './harness.js';

let server;
let browser;
let page;

before(async () => {
  server = await startTengen();
  browser = await launchBrowser({ locale: 'en-US' });
  page = await openPage(browser.context, `${server.url}/demo.html`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('request() matches replies by id and rejects with the error object', async () => {
  const result = await page.evaluate(async () => {
    const { GameSocket } = await import('/socket.js');
    const socket = new GameSocket();
    await new Promise((resolve) => socket.addEventListener('connected', resolve, { once: true }));
    const [pong, welcome] = await Promise.all([socket.request('ping'), socket.request('hello')]);
    const error = await socket.request('fly').catch((e) => e);
    socket.close();
    return { pong: pong.type, pongId: typeof pong.id, welcome: welcome.type, user: socket.user,
      error: { type: error.type, code: error.code },
      skewMs: Math.abs(socket.serverNowMs() - Date.now()) };
  });
  assert.deepEqual(result.error, { type: 'error', code: 'unknown_type' });
  assert.equal(result.pong, 'pong');
  assert.equal(result.pongId, 'number');
  assert.equal(result.welcome, 'welcome');
  assert.equal(result.user, null);
  assert.ok(result.skewMs < 1000, 'same machine: the estimated server clock is close');
});

test('game events: duplicates are dropped, a gap re-watches from the last version', async () => {
  const result = await page.evaluate(async () => {
    const { GameSocket } = await import('/socket.js');
    const socket = new GameSocket();
    await new Promise((resolve) => socket.addEventListener('connected', resolve, { once: true }));
    const seen = [];
    const watches = [];
    const request = socket.request.bind(socket);
    socket.request = (type, fields) => {
      if (type === 'watch') watches.push(fields);
      return request(type, fields);
    };
    // Pretend game 77 was watched and its state (version 3) has arrived.
    socket.games_.set(77, { version: 3, syncing: false, handlers: {
      event: (message) => seen.push(message.version), error: () => {} } });
    const push = (version) => socket.onMessage_(JSON.stringify({ type: 'game_event', gameId: 77,
      version, event: { kind: 'pass' }, state: {} }));
    push(4);
    push(4); // duplicate
    push(3); // old
    push(5);
    push(7); // gap: 6 is missing
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.close();
    return { seen, watches, version: socket.versionOf(77) };
  });
  assert.deepEqual(result.seen, [4, 5]);
  assert.deepEqual(result.watches, [{ gameId: 77, sinceVersion: 5 }]);
  assert.equal(result.version, 5);
});

test('after a server restart the socket reconnects, renews the lobby, re-watches', async () => {
  await page.evaluate(async () => {
    const { GameSocket } = await import('/socket.js');
    const socket = new GameSocket();
    window.testSocket = socket;
    window.testSent = [];
    window.testConnects = 0;
    socket.addEventListener('connected', () => { window.testConnects += 1; });
    await new Promise((resolve) => socket.addEventListener('connected', resolve, { once: true }));
    const request = socket.request.bind(socket);
    socket.request = (type, fields) => {
      window.testSent.push({ type, ...fields });
      return request(type, fields);
    };
    socket.subscribeLobby();
    socket.games_.set(5, { version: 9, syncing: false, handlers: { error: () => {} } });
  });
  const { port } = server;
  await server.close();
  await page.waitForFunction(() => !window.testSocket.connected);
  server = await startTengen({ port });
  await page.waitForFunction(() => window.testConnects >= 2, null, { timeout: 15000 });
  await page.waitForFunction(() => window.testSent.some((m) => m.type === 'watch'));
  const sent = await page.evaluate(() => {
    window.testSocket.close();
    return window.testSent.filter((m) => m.type !== 'hello' && m.type !== 'ping');
  });
  assert.deepEqual(sent.filter((m) => m.type === 'lobby_subscribe').length, 2);
  assert.deepEqual(sent.filter((m) => m.type === 'watch'), [{ type: 'watch', gameId: 5,
    sinceVersion: 9 }]);
});

test('server state strings become board view positions (top row first there)', async () => {
  const result = await page.evaluate(async () => {
    const { positionFor, overlayFor, modeFor, legalBitmap } = await import('/game_position.js');
    // 5x5: black on A5 (top-left) and E1 (bottom-right), white on C3.
    const state = { phase: 'play', toMove: 'white', board: `b${'.'.repeat(11)}w${'.'.repeat(11)}b`,
      legal: `0${'1'.repeat(11)}0${'1'.repeat(10)}00`, lastMove: 'E1' };
    const moves = [{ colour: 'black', point: 'E1' }];
    return {
      white: positionFor(state, 5, 'white', moves),
      black: positionFor(state, 5, 'black', moves),
      bitmap: legalBitmap('10000' + '0'.repeat(15) + '00001', 5),
      modes: [modeFor(state, 'white'), modeFor(state, 'black'), modeFor(state, 'spectator'),
        modeFor({ phase: 'removal' }, 'black'), modeFor({ phase: 'removal' }, 'spectator')],
      overlay: overlayFor({ removal: { dead: ['C3'], uncertain: ['D4'] },
        score: { territory: { black: ['A1'], white: [] }, seki: [], dame: ['B2'] } }),
    };
  });
  assert.deepEqual(result.white.stones, { black: ['A5', 'E1'], white: ['C3'] });
  assert.equal(result.white.toMove, 'white');
  assert.deepEqual(result.white.lastMove, { color: 'black', vertex: 'E1' });
  // Only the player to move gets the legal set (and so the red crosses).
  assert.equal(result.black.legal, null);
  assert.equal(result.black.toMove, null);
  // D1 (index 3 in the view, bottom row) and E1 are illegal in the server's string.
  assert.deepEqual(result.white.legal.map((v, i) => (v ? '' : i)).filter((i) => i !== ''),
    [3, 4, 12, 20]);
  // Server index 0 (A5) lands at view index 20; server index 24 (E1) at view index 4.
  assert.deepEqual(result.bitmap.map((v, i) => (v ? i : -1)).filter((i) => i >= 0), [4, 20]);
  assert.deepEqual(result.modes, ['play', 'view', 'view', 'toggle', 'view']);
  assert.deepEqual(result.overlay, { blackTerritory: ['A1'], whiteTerritory: [], dead: ['C3'],
    seki: [], dame: ['B2'], uncertain: ['D4'] });
});

test('crossed points are named: suicide, ko, superko', async () => {
  const reasons = await page.evaluate(async () => {
    const { illegalReasons } = await import('/illegal_reasons.js');
    // 5x5, White to move; Black has just played C3, taking a white stone on B3 (a ko):
    //   5 . . . . .
    //   4 . b w . .
    //   3 b . b w .
    //   2 . b w . .
    //   1 . . . . .
    const board = ['.....', '.bw..', 'b.bw.', '.bw..', '.....'].join('');
    // The server's legal string with only the given indexes crossed.
    const legalAt = (crossed) =>
      [...board].map((_, i) => (crossed.includes(i) ? '0' : '1')).join('');
    const index = (vertex) => (5 - Number(vertex.slice(1))) * 5 + 'ABCDE'.indexOf(vertex[0]);
    return {
      // White at B3: captures the black stone on C3 (just played) -> ko.
      ko: illegalReasons(board, legalAt([index('B3')]), 5, 'white', 'C3'),
      // The same refusal when C3 was not the last move -> superko.
      superko: illegalReasons(board, legalAt([index('B3')]), 5, 'white', 'A1'),
      // Black at A1 corner with white on A2 and B1 would be suicide.
      suicide: illegalReasons('.....' + '.....' + '.....' + 'w....' + '.w...',
        legalAt([index('A1')]), 5, 'black', 'B1'),
    };
  });
  assert.deepEqual(reasons, { ko: { B3: 'ko' }, superko: { B3: 'superko' },
    suicide: { A1: 'suicide' } });
});

test('replay rebuilds each position with captures, suicide and handicap stones', async () => {
  const result = await page.evaluate(async () => {
    const { Replay, setupFromSgf } = await import('/replay.js');
    const moves = [['black', 'B1'], ['white', 'A1'], ['black', 'A2'], ['white', 'pass']]
      .map(([colour, point]) => ({ colour, point }));
    const replay = new Replay(5, moves);
    // White's A1 has no liberty and captures nothing.
    const suicide = new Replay(5, [{ colour: 'black', point: 'A2' },
      { colour: 'black', point: 'B1' }, { colour: 'white', point: 'A1' }]);
    const setup = setupFromSgf('(;GM[1]SZ[9]HA[2]AB[gc][cg];W[ee])', 9);
    return {
      length: replay.length,
      start: replay.positionAt(0),
      afterA1: replay.positionAt(2).stones,
      afterCapture: replay.positionAt(3),
      afterPass: replay.positionAt(4).lastMove,
      suicide: suicide.positionAt(3).stones,
      setup,
      handicap: new Replay(9, [], setup).positionAt(0).stones,
    };
  });
  assert.equal(result.length, 4);
  assert.deepEqual(result.start.stones, { black: [], white: [] });
  assert.deepEqual(result.afterA1, { black: ['B1'], white: ['A1'] });
  assert.deepEqual(result.afterCapture.stones, { black: ['B1', 'A2'], white: [] });
  assert.deepEqual(result.afterCapture.lastMove, { color: 'black', vertex: 'A2' });
  assert.deepEqual(result.afterPass, { color: 'white', vertex: 'pass' });
  assert.deepEqual(result.suicide, { black: ['B1', 'A2'], white: [] });
  assert.deepEqual(result.setup, { black: ['G7', 'C3'], white: [] });
  assert.deepEqual(result.handicap, { black: ['C3', 'G7'], white: [] });
});

test('clocks count down main time, then byo-yomi periods and Canadian stones', async () => {
  const result = await page.evaluate(async () => {
    const { remaining } = await import('/clock_view.js');
    const byoyomi = { kind: 'byoyomi', mainSeconds: 60, periods: 3, periodSeconds: 30 };
    const canadian = { kind: 'canadian', mainSeconds: 60, stones: 10, periodSeconds: 120 };
    const clock = { mainMs: 5000, periodsLeft: 3, periodMs: 30000, stonesLeft: 0 };
    return [
      remaining(clock, byoyomi, 1000),
      remaining(clock, byoyomi, 15000), // 10 s into the first period
      remaining(clock, byoyomi, 45000), // 40 s of overtime: one period used up
      remaining(clock, byoyomi, 200000), // all gone
      remaining({ mainMs: 0, periodsLeft: 2, periodMs: 30000 }, byoyomi, 5000),
      remaining(clock, canadian, 65000),
      remaining({ mainMs: 0, periodsLeft: 0, periodMs: 50000, stonesLeft: 4 }, canadian, 20000),
      remaining({ mainMs: 9000 }, { kind: 'fischer' }, 10000),
    ];
  });
  assert.deepEqual(result, [
    { phase: 'main', ms: 4000 },
    { phase: 'byoyomi', ms: 20000, periodsLeft: 3 },
    { phase: 'byoyomi', ms: 20000, periodsLeft: 2 },
    { phase: 'byoyomi', ms: 0, periodsLeft: 0 },
    { phase: 'byoyomi', ms: 25000, periodsLeft: 2 },
    { phase: 'canadian', ms: 60000, stonesLeft: 10 },
    { phase: 'canadian', ms: 30000, stonesLeft: 4 },
    { phase: 'main', ms: 0 },
  ]);
});

test('results and time controls read as sentences in each language', async () => {
  const texts = await page.evaluate(async () => {
    const i18n = await import('/i18n.js');
    const { describeResult, describeTime, formatClock } = await import('/format.js');
    const out = {};
    for (const lang of ['en', 'ru']) {
      await i18n.setLanguage(lang, { remember: false });
      out[lang] = [describeResult('W+13.5'), describeResult('B+R'), describeResult('W+T'),
        describeResult('0'), describeTime({ kind: 'byoyomi', mainSeconds: 600, periods: 5,
          periodSeconds: 30 }), describeTime({ kind: 'none' })];
    }
    out.clocks = [61000, 3600000 + 5000, -5, 900].map(formatClock);
    return out;
  });
  assert.deepEqual(texts.en, ['White wins by 13.5 points', 'Black wins by resignation',
    'White wins on time', 'a draw', '10 min + 5×30 s', 'no clock']);
  assert.deepEqual(texts.ru, ['Белые выиграли 13,5 очка',
    'Чёрные выиграли: соперник сдался', 'Белые выиграли по времени', 'ничья',
    '10 мин + 5×30 с', 'без часов']);
  assert.deepEqual(texts.clocks, ['1:01', '1:00:05', '0:00', '0:01']);
});

test('a table reads as rated only when it can be: size, clock, no guest seated', async () => {
  const verdicts = await page.evaluate(async () => {
    const { ratedInEffect } = await import('/format.js');
    const fischer = { kind: 'fischer', mainSeconds: 300, incrementSeconds: 5, maxSeconds: 600 };
    const alice = { id: 1, name: 'alice' };
    const bob = { id: 2, name: 'bob' };
    const guest = { id: 3, name: 'guest-123456' };
    const table = { size: 9, time: fischer, rated: true, owner: alice, black: alice, white: null };
    return [
      ratedInEffect(table),
      ratedInEffect({ ...table, white: bob }),
      ratedInEffect({ ...table, rated: false }),
      ratedInEffect({ ...table, white: guest }),
      ratedInEffect({ ...table, owner: guest, black: guest }),
      ratedInEffect({ ...table, size: 7 }),
      ratedInEffect({ ...table, time: { kind: 'none' } }),
      // A finished game's flag is the server's verdict: the game was rated.
      ratedInEffect({ ...table, white: guest, status: 'finished' }),
    ];
  });
  assert.deepEqual(verdicts, [true, true, false, false, false, false, false, true]);
});

test('announcements close together are said as one text; later ones start afresh', async () => {
  const said = await page.evaluate(async () => {
    const { SpokenGroup } = await import('/spoken_group.js');
    let now = 0;
    const group = new SpokenGroup(() => now);
    const say = (text, atMs) => {
      now = atMs;
      return group.add(() => text)();
    };
    return [say('Black passes', 0), say('White passes', 40),
      say('Game over: White wins by 6.5 points.', 60), say('Black D4', 5000),
      say('White C3', 5120), ...[1, 2, 3, 4, 5].map((n) => say(`Black A${n}`, 9000 + n))];
  });
  assert.deepEqual(said, ['Black passes', 'Black passes. White passes.',
    'Black passes. White passes. Game over: White wins by 6.5 points.', 'Black D4',
    'Black D4. White C3.', 'Black A1', 'Black A1. Black A2.', 'Black A1. Black A2. Black A3.',
    'Black A1. Black A2. Black A3. Black A4.', 'Black A2. Black A3. Black A4. Black A5.']);
});

test('no page errors', () => {
  // The restart test drops the socket on purpose; chromium logs the failed reconnects.
  const real = browser.errors.filter((error) => !/WebSocket connection to .* failed/.test(error));
  assert.deepEqual(real, []);
});
