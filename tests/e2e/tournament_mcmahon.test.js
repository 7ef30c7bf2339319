// A whole McMahon tournament in the browser (issue 52), on the real `tengen serve`: a director
// (Russian) and six players (three in Russian, three in English), each in a browser context of
// their own, run three live rounds on 9x9 with a one-minute clock. The director creates it from
// the form, the players register with their ranks and check in, the director imports the list
// again as CSV with their clubs (a bad line first); each round is paired first
// (everyone sees the pending pairing, the director alone may edit it: colours swapped on board
// 1 here) and then started: every player's page (the tournament's, or the lobby in round 2)
// says "your tournament game" with a link, and on each board one player resigns from the game
// page. At the end the standings on the page
// and the EGF results file (results.txt) agree line by line, and the games come as one SGF
// collection. Screenshots of the pending pairing and the final standings at 390 and 1280 px in
// ru, kk and en go to artifacts/tournament-mcmahon-*.png.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import {
  describePages, kArtifacts, openPage, readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const catalogues = { ru: readCatalogue('ru'), kk: readCatalogue('kk'), en: readCatalogue('en') };
const kPassword = 'correct horse battery';
// Name, rank and language of each player: distinct ranks, so McMahon scores differ.
const kPlayers = [
  ['anna', '3d', 'ru'], ['boris', '1d', 'ru'], ['vera', '1k', 'ru'],
  ['emma', '3k', 'en'], ['frank', '5k', 'en'], ['grace', '8k', 'en'],
];

let server;
let browser;
let director;
const players = [];
let tournamentUrl;
let tournamentId;
const everyone = () => [director, ...players];
const step = scenarioSteps(() => describePages(everyone().map((who) => who?.page)));

// One chromium, one context per person: separate cookies, storage and language.
async function person(name, lang) {
  const context = await browser.newContext({ locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    viewport: { width: 1100, height: 850 } });
  context.setDefaultTimeout(15000);
  const errors = [];
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`${name}: ${m.text()}`); });
  });
  return { name, lang, context, errors, page: null };
}

before(async () => {
  server = await startTengen();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
  director = await person('director', 'ru');
  for (const [name, rank, lang] of kPlayers) players.push({ ...await person(name, lang), rank });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function register(who) {
  who.page = await openPage(who.context, `${server.url}/`);
  await who.page.fill('#login-name', who.name);
  await who.page.fill('#login-password', kPassword);
  await who.page.click('#register');
  await who.page.waitForSelector('#create:not([hidden])');
}

const detail = async () => (await fetch(`${server.url}/api/tournaments/${tournamentId}`)).json();

async function waitForDetail(accept, what) {
  let t = await detail();
  for (let i = 0; i < 150 && !accept(t); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    t = await detail();
  }
  assert.ok(accept(t), `${what}: ${JSON.stringify(t.rounds)}`);
  return t;
}

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());

const sidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth
  - document.documentElement.clientWidth);

// The director's page in each language at both widths, checked and photographed as `name`.
async function screenshots(name) {
  const page = director.page;
  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const lang of ['ru', 'kk', 'en']) {
    await page.selectOption('#language', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.textContent('#pairings-title'), catalogues[lang]['tour.pairings']);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      assert.ok(await sidewaysScroll(page) <= 0, `${name} ${lang} ${width}px scrolls sideways`);
      await page.screenshot({ path: path.join(kArtifacts, `tournament-mcmahon-${name}-${lang}-${width}.png`),
        fullPage: true });
    }
    assert.deepEqual(await missingKeys(page), []);
  }
  await page.selectOption('#language', 'ru');
  // The choice is saved once its catalogue has loaded: a page opened before then reads English.
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  await page.setViewportSize({ width: 1100, height: 850 });
}

const roundOf = (t, round) => t.rounds[round - 1];
const gamesOpened = (round) => (t) => Boolean(roundOf(t, round)?.started
  && roundOf(t, round).boards.every((b) => b.bye || b.game));
const resultsIn = (round) => (t) => roundOf(t, round).boards.every((b) => b.bye || b.result);

// Round `round` has started: each player's tournament page says which game is theirs; on odd
// boards White resigns, on even boards Black, each from the game page the notice links to.
async function playRound(round) {
  const t = await waitForDetail(gamesOpened(round), `round ${round} opened`);
  // In round 3 one player opens the page again after the start: the page asks for the games in
  // play and shows the same notice.
  if (round === 3) {
    await players[0].page.reload();
    await players[0].page.waitForSelector('body[data-ready="true"]');
  }
  // Both players of every board are told, in their language, wherever they are.
  await Promise.all(roundOf(t, round).boards.filter((b) => !b.bye).flatMap((board) =>
    [board.black, board.white].map(async (seat) => {
      const who = players.find((p) => p.name === seat.name);
      await who.page.waitForFunction((gameId) => document.getElementById('tournament-game-link')
        ?.getAttribute('href') === `game.html?id=${gameId}`, board.game);
      const text = await who.page.textContent('#tournament-game-notice');
      assert.ok(text.includes(catalogues[who.lang]['notices.tournamentLabel']), text);
      assert.ok(text.includes(board.black.id === seat.id ? catalogues[who.lang]['notices.tournamentBlack']
        : catalogues[who.lang]['notices.tournamentWhite']), text);
    })));
  if (round === 2) {
    // The notice in the lobby, on a phone.
    const emma = players[3].page;
    await emma.setViewportSize({ width: 390, height: 800 });
    await emma.screenshot({ path: path.join(kArtifacts, 'tournament-mcmahon-notice-lobby-en-390.png') });
    await emma.setViewportSize({ width: 1100, height: 850 });
  }
  await Promise.all(roundOf(t, round).boards.filter((b) => !b.bye).map(async (board) => {
    const loserId = board.board % 2 === 1 ? board.white.id : board.black.id;
    const loser = players.find((p) => p.name === (board.board % 2 === 1 ? board.white.name
      : board.black.name));
    assert.ok(loser && loserId);
    const notice = loser.page.locator('#tournament-game-notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), new RegExp(catalogues[loser.lang]['notices.tournamentLabel']));
    await loser.page.waitForFunction((gameId) =>
      document.getElementById('tournament-game-link')?.getAttribute('href') === `game.html?id=${gameId}`,
    board.game);
    await loser.page.click('#tournament-game-link');
    await loser.page.waitForSelector('#resign:not([disabled])');
    await loser.page.click('#resign');
    await loser.page.click('#confirm-yes');
    await loser.page.waitForSelector('body[data-phase="finished"]', { state: 'attached' });
  }));
  await waitForDetail(resultsIn(round), `round ${round} results`);
  // Back to the tournament's page, where the next round's notice will come.
  await Promise.all(players.map(async (p) => {
    if (!p.page.url().includes('tournaments.html')) {
      await p.page.goto(tournamentUrl);
      await p.page.waitForSelector('body[data-ready="true"]');
      await p.page.waitForFunction(() => document.body.dataset.connected === 'true');
    }
  }));
}

step('the director creates a three-round 9x9 McMahon with a one-minute clock', async () => {
  await register(director);
  const page = await openPage(director.context, `${server.url}/tournaments.html`);
  director.page = page;
  await page.waitForSelector('#create-card:not([hidden])');
  await page.fill('#create-form [name="name"]', 'Кубок клуба');
  await page.selectOption('#create-form [name="system"]', 'mcmahon');
  await page.fill('#create-form [name="rounds"]', '3');
  await page.selectOption('#create-form [name="size"]', '9');
  await page.fill('#create-form [name="minutes"]', '1');
  await page.click('#create-form button[type="submit"]');
  await page.waitForURL(/tournaments\.html\?id=\d+/);
  tournamentUrl = page.url();
  tournamentId = Number(new URL(tournamentUrl).searchParams.get('id'));
  await page.waitForSelector('#director-card:not([hidden])');
  assert.equal(await page.textContent('#tour-next'),
    catalogues.ru['tour.nextByDirector'].replace('{round}', '1'));
});

step('six players register with their ranks and check in, in Russian and in English', async () => {
  await Promise.all(players.map(async (p) => {
    await register(p);
    p.page = await openPage(p.context, tournamentUrl);
    await p.page.waitForSelector('#join:not([hidden])');
    assert.equal(await p.page.textContent('#standings-title'), catalogues[p.lang]['tour.standings']);
    await p.page.fill('#join-rank', p.rank);
    await p.page.click('#join');
    await p.page.waitForSelector('#check-in:not([hidden])');
    await p.page.click('#check-in');
    await p.page.waitForSelector('#check-in[hidden]', { state: 'attached' });
  }));
  const t = await detail();
  assert.equal(t.players.length, 6);
  assert.ok(t.players.every((p) => p.checkedIn));
  assert.deepEqual(t.players.map((p) => p.rank).sort(), kPlayers.map(([, rank]) => rank).sort());
});

step('the director imports a CSV list: a bad line is named and changes nothing', async () => {
  const page = director.page;
  await page.reload();
  await page.waitForSelector('#import-form:not([hidden])');
  await page.fill('#import-form textarea', 'name,rank,club\nanna,3d,Almaty\nnobody,1k,Astana\n');
  await page.click('#import-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('tour-message').textContent !== '');
  assert.equal(await page.textContent('#tour-message'), catalogues.ru['error.generic']
    .replace('{message}', 'line 3: no registered player is named "nobody"'));
  assert.ok((await detail()).players.every((p) => p.club === ''), 'nothing written');
  // The whole list, with the clubs: each player keeps the rank they gave.
  await page.fill('#import-form textarea', kPlayers.map(([name, rank], i) =>
    `${name},${rank},${i < 3 ? 'Almaty' : 'Astana'}`).join('\n'));
  await page.click('#import-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('tour-message').textContent === '');
  const t = await detail();
  assert.equal(t.players.length, 6);
  assert.deepEqual(Object.fromEntries(t.players.map((p) => [p.name, [p.rank, p.club]])),
    Object.fromEntries(kPlayers.map(([name, rank], i) => [name, [rank, i < 3 ? 'Almaty' : 'Astana']])));
});

step('round 1 is paired and shown to everyone; the director alone edits it', async () => {
  const page = director.page;
  await page.reload();
  await page.waitForSelector('#director-card:not([hidden])');
  await page.click('#pair-round');
  await page.waitForSelector('#pairings section[data-pending="true"] table[data-round="1"]');
  const before = roundOf(await detail(), 1);
  assert.equal(before.started, false);
  assert.equal(before.boards.length, 3);
  assert.ok(before.boards.every((b) => !b.game));
  // A player (in English) sees the pending pairing, without the director's controls.
  const emma = players[3].page;
  await emma.reload();
  await emma.waitForSelector('#pairings section[data-pending="true"]');
  assert.match(await emma.textContent('#pairings'), new RegExp(catalogues.en['tour.notStarted']));
  assert.equal(await emma.locator('.swap-colours').count(), 0);
  assert.equal(await emma.isHidden('#director-card'), true);
  // The director swaps the colours of board 1.
  await page.click('#pairings table[data-round="1"] tr[data-board="1"] .swap-colours');
  const edited = await waitForDetail((t) => roundOf(t, 1).boards[0].black.id
    === before.boards[0].white.id, 'colours swapped');
  assert.equal(roundOf(edited, 1).boards[0].white.id, before.boards[0].black.id);
  await page.waitForFunction((name) => document.querySelector(
    '#pairings table[data-round="1"] tr[data-board="1"] td:nth-child(2)')?.textContent === name,
  before.boards[0].white.name);
  await screenshots('pending');
  // Every player's page is open and subscribed before the round starts.
  await Promise.all(players.map(async (p) => {
    await p.page.waitForFunction(() => document.body.dataset.connected === 'true');
  }));
});

step('round 1 starts: every game opens at once as edited; the losers resign', async () => {
  await director.page.click('#start-round');
  const t = await waitForDetail(gamesOpened(1), 'round 1 opened');
  const board1 = roundOf(t, 1).boards[0];
  const game = await (await fetch(`${server.url}/api/games/${board1.game}`)).json();
  assert.equal(game.game.black.id, board1.black.id);
  await playRound(1);
});

step('rounds 2 and 3: paired and started at once, played to the end', async () => {
  for (const round of [2, 3]) {
    // In round 2 the English players wait in the lobby: the notice finds them there.
    if (round === 2) {
      await Promise.all(players.filter((p) => p.lang === 'en').map(async (p) => {
        await p.page.goto(`${server.url}/`);
        await p.page.waitForSelector('body[data-ready="true"]');
        await p.page.waitForFunction(() => document.body.dataset.connected === 'true');
      }));
    }
    await director.page.reload();
    await director.page.waitForSelector('#director-card:not([hidden])');
    await director.page.click('#start-round');
    await playRound(round);
  }
  const t = await waitForDetail((t) => t.status === 'finished', 'finished');
  // McMahon pairs no one twice.
  const met = new Set();
  for (const round of t.rounds) {
    for (const b of round.boards.filter((board) => !board.bye)) {
      const pair = [b.black.id, b.white.id].sort((x, y) => x - y).join('-');
      assert.ok(!met.has(pair), `${pair} met twice`);
      met.add(pair);
    }
  }
});

step('the standings on the page and the EGF results file agree', async () => {
  const page = director.page;
  await page.reload();
  await page.waitForSelector('#standings tbody tr');
  const rows = await page.$$eval('#standings tbody tr', (trs) => trs.map((tr) =>
    [...tr.cells].map((td) => td.textContent.trim())));
  assert.equal(rows.length, 6);
  const file = await (await fetch(`${server.url}/api/tournaments/${tournamentId}/results.txt`))
    .text();
  const lines = file.split('\n').filter((line) => line.trim() && !line.startsWith(';'));
  assert.equal(lines.length, 6, file);
  let place = '';
  lines.forEach((line, i) => {
    // place (blank when tied with the line above), name (one word and "-"), rank, country,
    // club, then one entry per round.
    const fields = line.trim().split(/\s+/);
    if (/^\d+$/.test(fields[0])) place = fields.shift();
    const [name, , rank, , club, ...entries] = fields;
    assert.equal(club, kPlayers.findIndex(([n]) => n === name) < 3 ? 'Almaty' : 'Astana');
    const [pagePlace, pageName, pageRank, ...rest] = rows[i];
    assert.equal(pageName, name, `line ${i + 1}`);
    assert.equal(pagePlace, place, `${name}'s place`);
    assert.equal(pageRank, rank, `${name}'s rank`);
    assert.deepEqual(rest.slice(0, 3), entries, `${name}'s rounds`);
  });
  // Nine games, each one win and one loss, all played (no byes with six players).
  const entries = rows.flatMap((row) => row.slice(3, 6));
  assert.equal(entries.filter((e) => /^\d+\+\/[bw]$/.test(e)).length, 9, entries.join(' '));
  assert.equal(entries.filter((e) => /^\d+-\/[bw]$/.test(e)).length, 9, entries.join(' '));
  // The games as one SGF collection: nine games, each with the tournament and its round.
  const sgf = await (await fetch(`${server.url}/api/tournaments/${tournamentId}/games.sgf`))
    .text();
  assert.equal((sgf.match(/\(;/g) ?? []).length, 9);
  assert.equal((sgf.match(/EV\[Кубок клуба\]/g) ?? []).length, 9);
  assert.equal(await page.getAttribute('#games-file', 'href'),
    `/api/tournaments/${tournamentId}/games.sgf`);
  await screenshots('final');
});

step('a tournament created with a first round time and a gap has every round\'s time', async () => {
  const page = director.page;
  await page.goto(`${server.url}/tournaments.html`);
  await page.waitForSelector('#create-card:not([hidden])');
  await page.fill('#create-form [name="name"]', 'Весенний кубок');
  await page.fill('#create-form [name="rounds"]', '3');
  await page.fill('#create-form [name="firstRoundAt"]', '2030-05-01T10:00');
  await page.fill('#create-form [name="roundGap"]', '90');
  await page.click('#create-form button[type="submit"]');
  await page.waitForURL(/tournaments\.html\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const t = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
  // The page's time zone is this machine's, as is this process's.
  const first = new Date('2030-05-01T10:00').getTime();
  assert.deepEqual(t.settings.roundStarts, [first, first + 90 * 60000, first + 180 * 60000]);
  assert.equal(t.nextRoundAt, first);
  await page.waitForSelector('#tour-next');
  assert.match(await page.textContent('#tour-next'), /^Тур 1 начнётся в .*2030/);
});

step('no page errors', () => {
  for (const who of everyone()) {
    assert.deepEqual(who.errors.filter((e) => !e.includes('404')), []);
  }
});
