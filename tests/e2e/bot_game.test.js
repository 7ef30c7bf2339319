// Bots on the live site, end to end: the real `tengen serve` (fresh SQLite file) hosting the
// built-in bots, GNU Go at level 1 (`--bot "GNU Go=/usr/games/gnugo --mode gtp --level 1"`)
// and "Broken", a GNU Go started with an option it does not know, so its process exits at
// once. One guest in Debian's chromium:
//   1. sees the bots listed with their kinds and declarations, and no Play button until
//      logged in;
//   2. opens GNU Go's challenge form (sizes narrowed to its 9, 13, 19); a 25x25 challenge
//      the server refuses with bot_declines shows next to the size field;
//   3. challenges GNU Go to 9x9 chinese komi 7 without a clock and plays by clicking legal
//      points (nearest the centre first, never an own eye) until GNU Go passes; an undo
//      request is declined by the bot; the guest passes, accepts the dead stones and sees
//      the final score (screenshot artifacts/bot-game-final.png);
//   4. watches a bot match (Tengen Easy against GNU Go), after the form has refused to pit
//      GNU Go against itself;
//   5. challenges Broken and sees it forfeit with the translated reason and the detail.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { kArtifacts, launchBrowser, openPage, readCatalogue, scenarioSteps, startTengen }
  from './harness.js';

const en = readCatalogue('en');
const kk = readCatalogue('kk');
const kGnuGo = 'GNU Go=/usr/games/gnugo --mode gtp --level 1';
const kBroken = 'Broken=/usr/games/gnugo --mode gtp --no-such-option';
// A cap on the guest's moves: past it the guest passes every turn, which ends any game.
const kMaxMoves = 120;

let server;
let browser;
let page;
// One step of the scenario: skipped once an earlier step failed.
const step = scenarioSteps(async () => `page: ${page?.url()} ${await pageState()}`);

// What the game page shows, for a failure message.
function pageState() {
  return page.evaluate(() => JSON.stringify({ phase: document.body.dataset.phase,
    result: document.body.dataset.result, status: document.getElementById('status')?.textContent,
    message: document.getElementById('message')?.textContent,
    forfeit: document.getElementById('forfeit')?.textContent ?? null,
    moves: [...document.querySelectorAll('#moves li')].map((item) => item.textContent) }));
}

before(async () => {
  server = await startTengen({ args: ['--bot', kGnuGo, '--bot', kBroken] });
  browser = await launchBrowser({ locale: 'en-US' });
  browser.context.setDefaultTimeout(15000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const point = (vertex) => `#board [data-index][data-vertex="${vertex}"]`;
const botRow = (name) => `#bots tbody tr[data-bot="${name}"]`;

// The guest's next move from what the page shows: the empty point nearest the centre that
// carries no red cross and is not an eye of the guest's own (every neighbour a black stone).
function chooseMove(page, size) {
  return page.evaluate((size) => {
    const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
    const stones = new Map([...document.querySelectorAll('#board .stone')].map((stone) =>
      [stone.dataset.vertex, stone.classList.contains('black') ? 'b' : 'w']));
    const illegal = new Set([...document.querySelectorAll('#board .illegal-mark')]
      .map((mark) => mark.dataset.vertex));
    const vertex = (x, y) => `${letters[x]}${y + 1}`;
    const centre = (size - 1) / 2;
    const candidates = [];
    for (let x = 0; x < size; ++x) {
      for (let y = 0; y < size; ++y) {
        const v = vertex(x, y);
        if (stones.has(v) || illegal.has(v)) continue;
        const neighbours = [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]
          .filter(([a, b]) => a >= 0 && b >= 0 && a < size && b < size);
        if (neighbours.every(([a, b]) => stones.get(vertex(a, b)) === 'b')) continue;
        candidates.push([Math.abs(x - centre) + Math.abs(y - centre), v]);
      }
    }
    candidates.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    return candidates[0]?.[1] ?? null;
  }, size);
}

const version = () => page.evaluate(() => Number(document.body.dataset.version));

async function waitForVersionAbove(before) {
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v, before);
}

async function pass() {
  const before = await version();
  await page.click('#pass');
  await page.click('#confirm-yes');
  await waitForVersionAbove(before);
}

async function lastMove() {
  return page.evaluate(() => document.querySelector('#moves li:last-child')?.textContent ?? '');
}

// Waits for the guest's turn (or the end of play); returns the phase.
async function waitForTurn() {
  await page.waitForFunction(() => document.body.dataset.phase !== 'play' ||
    document.querySelector('#board svg.board[data-mode="play"]'), null, { timeout: 30000 });
  return page.evaluate(() => document.body.dataset.phase);
}

async function openLobby() {
  await page.goto(`${server.url}/`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => document.body.dataset.connected === 'true');
}

// ---- the scenario -----------------------------------------------------------------------

step('the lobby lists GNU Go, Broken and the built-in bots; Play needs a login', async () => {
  page = await openPage(browser.context, `${server.url}/`);
  for (const name of ['GNU Go', 'Broken', 'Tengen Beginner', 'Tengen Easy', 'Tengen Casual',
    'Tengen Medium', 'Tengen Advanced', 'Tengen Strong']) {
    await page.waitForSelector(botRow(name));
  }
  const gnugo = await page.$$eval(`${botRow('GNU Go')} td`, (cells) =>
    cells.map((cell) => cell.textContent));
  assert.equal(gnugo[0], `GNU Go ${en['bots.kind.gtp']}`);
  assert.equal(gnugo[1], '9×9, 13×13, 19×19');
  assert.equal(gnugo[2], en['bots.anyRules']);
  assert.equal(gnugo[3], en['bots.anyTime']);
  assert.match(gnugo[4], /^0 \/ \d+$/);
  assert.equal(gnugo[5], en['bots.available']);
  assert.equal(await page.textContent(`${botRow('Tengen Easy')} .bot-badge`),
    en['bots.kind.builtin']);
  // The built-in levels show the rank they play at, weakest first; an engine shows none.
  const levels = await page.$$eval('#bots tr[data-bot^="Tengen"]', (rows) => rows.map((row) => ({
    name: row.dataset.bot, shown: row.querySelector('.level-rank')?.textContent,
    said: row.querySelector('.visually-hidden')?.textContent })));
  assert.deepEqual(levels.map((level) => level.name),
    ['Tengen Beginner', 'Tengen Easy', 'Tengen Casual', 'Tengen Medium', 'Tengen Advanced',
      'Tengen Strong']);
  const kyu = levels.map((level) => Number(/^≈(\d+)k$/.exec(level.shown)?.[1]));
  assert.ok(kyu.every((k, i) => k > 0 && (i === 0 || k < kyu[i - 1])), JSON.stringify(levels));
  assert.equal(levels[0].said, en['bots.levelRankSaid'].replace('{rank}', `${kyu[0]}k`));
  assert.equal(await page.$$eval(`${botRow('GNU Go')} .level-rank`, (nodes) => nodes.length), 0);
  assert.equal(await page.$$eval('#bots .play-bot', (buttons) => buttons.length), 0);
  assert.ok(await page.isVisible('#bots-login'));
  assert.ok(await page.isHidden('#match'));

  await page.click('#guest');
  await page.waitForSelector('#logged-in:not([hidden])');
  await page.waitForSelector(`${botRow('GNU Go')} .play-bot`);
  assert.ok(await page.isHidden('#bots-login'));
  assert.ok(await page.isVisible('#match'));
  // A challenge form opens under the list and marks its bot; Close hands the focus back.
  await page.click(`${botRow('Tengen Easy')} .play-bot`);
  await page.waitForSelector(`${botRow('Tengen Easy')}.selected`);
  assert.equal(await page.textContent('#challenge-title'), 'Play against Tengen Easy');
  assert.equal(await page.$$eval('#challenge-size option', (options) => options.length), 21);
  await page.click('#challenge-close');
  assert.ok(await page.isHidden('#challenge'));
  assert.equal(await page.evaluate(() => document.activeElement.closest('tr')?.dataset.bot),
    'Tengen Easy');
  assert.equal(await page.$$eval('#bots tr.selected', (rows) => rows.length), 0);
});

step('the bot texts: sizes, refusals and forfeits in words', async () => {
  const texts = await page.evaluate(async () => {
    const format = await import('/bot_format.js');
    const sizes = Array.from({ length: 24 }, (_, i) => i + 2);
    const bot = { name: 'GNU Go', sizes: [9, 13, 19], rules: ['chinese'],
      time: ['none', 'byoyomi'], maxHandicap: 4 };
    const decline = (field) => format.declineText({ code: 'bot_declines', field }, bot);
    return {
      range: format.describeSizes(sizes),
      mixed: format.describeSizes([19, 9, 10, 11, 13]),
      size: decline('size'),
      rules: decline('rules'),
      time: decline('time'),
      handicap: decline('handicap'),
      busy: format.declineText({ code: 'bot_busy' }, bot),
      forfeit: format.forfeitText({ colour: 'white', reason: 'engine_timeout' }),
    };
  });
  assert.deepEqual(texts, {
    range: '2×2 to 25×25',
    mixed: '9×9 to 11×11, 13×13, 19×19',
    size: 'GNU Go does not play on this board. It plays 9×9, 13×13, 19×19.',
    rules: 'GNU Go does not play these rules. It plays: Chinese.',
    time: 'GNU Go does not play with this clock. It accepts: no clock, byo-yomi.',
    handicap: 'GNU Go takes at most 4 handicap stones.',
    busy: 'GNU Go is already playing as many games as it can. Try again later.',
    forfeit: 'White forfeits: its engine did not answer in time.',
  });
});

step('the challenge form takes the bot\'s sizes; a refused size shows by the field', async () => {
  // The create form's choices carry over where the bot accepts them.
  await page.selectOption('#create-time', 'byoyomi');
  await page.fill('#create-periods', '3');
  await page.click(`${botRow('GNU Go')} .play-bot`);
  await page.waitForSelector('#challenge:not([hidden])');
  assert.equal(await page.textContent('#challenge-title'), 'Play against GNU Go');
  assert.deepEqual(await page.$$eval('#challenge-size option', (options) =>
    options.map((option) => option.value)), ['9', '13', '19']);
  assert.equal(await page.inputValue('#challenge-size'), '19');
  assert.equal(await page.inputValue('#challenge-rules'), 'tromp-taylor suicide=forbidden');
  assert.equal(await page.inputValue('#challenge-time'), 'byoyomi');
  assert.equal(await page.inputValue('#challenge-periods'), '3');
  assert.ok(await page.isVisible('#challenge-periods'));
  // The server is the judge: a size the form would not offer (as from a form opened before
  // the bot's declaration changed) is refused with bot_declines, shown next to the size.
  await page.evaluate(() => document.getElementById('challenge-size').add(new Option('25', 25)));
  await page.selectOption('#challenge-size', '25');
  await page.click('#challenge-submit');
  await page.waitForFunction(() => document.getElementById('challenge-size-error').textContent);
  assert.equal(await page.textContent('#challenge-size-error'),
    'GNU Go does not play on this board. It plays 9×9, 13×13, 19×19.');
  assert.match(page.url(), /\/$/);
  // The same refusal in Kazakh, and nothing left untranslated in the bots' part.
  await page.selectOption('#language', 'kk');
  await page.waitForFunction(() => document.documentElement.lang === 'kk');
  const sizes = '9×9, 13×13, 19×19';
  assert.equal(await page.textContent('#challenge-size-error'),
    kk['bots.declines.size'].replace('{name}', 'GNU Go').replace('{sizes}', sizes));
  assert.equal(await page.textContent('#bots-title'), kk['bots.title']);
  assert.ok(!(await page.textContent('main')).includes('⟦'), 'no missing keys');
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
});

let gameId;

step('a guest challenges GNU Go to 9x9 chinese komi 7 and lands on the game page', async () => {
  await page.selectOption('#challenge-size', '9');
  await page.selectOption('#challenge-rules', 'chinese');
  await page.fill('#challenge-komi', '7');
  await page.selectOption('#challenge-colour', 'black');
  await page.selectOption('#challenge-time', 'none');
  await Promise.all([page.waitForURL(/game\.html\?id=\d+/), page.click('#challenge-submit')]);
  gameId = Number(new URL(page.url()).searchParams.get('id'));
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('body[data-phase="play"]');
  assert.match(await page.textContent('#game-info'), /9×9 board · rules: Chinese · komi 7 /);
  assert.equal(await page.textContent('.player[data-colour="white"] .player-name .name'),
    'GNU Go');
  assert.equal(await page.textContent('.player[data-colour="white"] .player-name .bot-badge'),
    en['bot.badge']);
  assert.equal(await page.$$eval('.player[data-colour="black"] .bot-badge', (b) => b.length), 0);
  // In the lobby's games in play, GNU Go carries the bot badge too.
  const lobby = await openPage(browser.context, `${server.url}/`);
  const row = `#games tbody tr[data-game-id="${gameId}"]`;
  await lobby.waitForSelector(`${row} td:nth-child(2) .bot-badge`);
  assert.equal(await lobby.$$eval(`${row} td:first-child .bot-badge`, (b) => b.length), 0);
  assert.match(await lobby.textContent(`${botRow('GNU Go')} td:nth-child(5)`), /^1 \/ \d+$/);
  await lobby.close();
  // Every moment White (the bot) is to move shows "thinking…" in its row: record them all.
  await page.evaluate(() => {
    window.thinking = { black: 0, white: 0 };
    new MutationObserver((records) => {
      for (const record of records) {
        const row = record.target;
        if (row.dataset.thinking === 'true') window.thinking[row.dataset.colour] += 1;
      }
    }).observe(document.querySelector('.players'),
      { subtree: true, attributes: true, attributeFilter: ['data-thinking'] });
  });
});

step('the guest plays until GNU Go passes, an undo is declined, the game is scored',
  async () => {
    let moves = 0;
    let askedUndo = false;
    for (;;) {
      const phase = await waitForTurn();
      if (phase !== 'play') break;
      // One undo request once GNU Go has answered the first move: the bot declines it.
      if (moves === 1 && !askedUndo) {
        askedUndo = true;
        // A bot never grants an undo, so the page does not offer one; the request, sent all
        // the same (the hidden button's handler), is declined by the bot.
        assert.ok(await page.isHidden('#undo'));
        assert.ok(await page.isVisible('#pass'));
        await page.evaluate(() => document.getElementById('undo').click());
        await page.waitForFunction((text) =>
          document.getElementById('message').textContent === text,
        en['game.undoDeclinedBot'].replace('{name}', 'GNU Go'));
        assert.equal(await page.$$eval('#moves li', (items) => items.length), 2);
        await page.waitForSelector('#board svg.board[data-mode="play"]');
      }
      const vertex = moves < kMaxMoves && await lastMove() !== 'White passes'
        ? await chooseMove(page, 9) : null;
      if (!vertex) {
        await pass();
        continue;
      }
      const before = await version();
      await page.click(point(vertex));
      await waitForVersionAbove(before);
      moves += 1;
    }
    assert.ok(moves >= 5, `the guest played ${moves} moves`);
    const thinking = await page.evaluate(() => window.thinking);
    assert.ok(thinking.white >= moves, `thinking shown ${thinking.white} times`);
    assert.equal(thinking.black, 0);

    // Chinese rules: the removal phase. GNU Go marks the stones it thinks dead and accepts;
    // then the guest accepts the same marking and the game is counted.
    await page.waitForSelector('body[data-phase="removal"]');
    await page.waitForFunction(() => document.body.dataset.phase !== 'removal' ||
      /White: accepted/.test(document.getElementById('removal-accepted').textContent));
    if (await page.evaluate(() => document.body.dataset.phase) === 'removal') {
      const uncertain = await page.$$eval('#board .uncertain', (rings) => rings.length);
      assert.equal(await page.isVisible('#removal-legend'), uncertain > 0);
      await page.click('#removal-accept');
    }
    await page.waitForSelector('body[data-phase="finished"]');
    const result = await page.evaluate(() => document.body.dataset.result);
    assert.match(result, /^[BW]\+\d+(\.5)?$/);
    assert.ok(await page.isHidden('#score-result'), 'the result is said once, in the status');
    assert.match(await page.textContent('#status'),
      /^Game over: (Black|White) wins by \d+(\.5)? points?\.$/);
    assert.ok(await page.isHidden('#forfeit'));
    fs.mkdirSync(kArtifacts, { recursive: true });
    await page.locator('.game-layout')
      .screenshot({ path: path.join(kArtifacts, 'bot-game-final.png') });
    // The store agrees.
    const stored = await page.evaluate(async (id) =>
      (await (await fetch(`/api/games/${id}`)).json()).game, gameId);
    assert.equal(stored.status, 'finished');
    assert.equal(stored.result, result);
    assert.equal(stored.white.bot, true);
  });

step('the removal legend explains the dashed rings', async () => {
  // The rings and the legend come from the server's `uncertain` list; drawn here from a
  // removal state of our own, as the page would draw the server's.
  const shown = await page.evaluate(async () => {
    const { renderRemoval } = await import('/score_view.js');
    const legend = (uncertain) => {
      renderRemoval({ phase: 'removal', removal: { dead: [], uncertain,
        accepted: { black: false, white: true } } }, 'black');
      const element = document.getElementById('removal-legend');
      return element.hidden ? null : element.textContent;
    };
    return { some: legend(['E5']), none: legend([]) };
  });
  assert.deepEqual(shown, { some: en['removal.uncertainLegend'], none: null });
});

step('a bot match: Tengen Easy against GNU Go, watched by the guest', async () => {
  await openLobby();
  // A bot cannot play itself: said before anything is sent.
  await page.selectOption('#match-black', 'GNU Go');
  await page.selectOption('#match-white', 'GNU Go');
  await page.click('#match-submit');
  assert.equal(await page.textContent('#match-message'), en['match.sameBot']);
  await page.selectOption('#match-black', 'Tengen Easy');
  // Only what both bots play: GNU Go's sizes.
  assert.deepEqual(await page.$$eval('#match-size option', (options) =>
    options.map((option) => option.value)), ['9', '13', '19']);
  await page.selectOption('#match-size', '9');
  await page.selectOption('#match-rules', 'chinese');
  await page.selectOption('#match-time', 'none');
  await Promise.all([page.waitForURL(/game\.html\?id=\d+/), page.click('#match-submit')]);
  await page.waitForSelector('body[data-ready="true"]');
  assert.ok(await page.isHidden('#play-buttons'), 'a spectator');
  assert.equal(await page.$$eval('.player .bot-badge', (badges) => badges.length), 2);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 4);
  assert.equal(await page.getAttribute('#board svg.board', 'data-mode'), 'view');
});

step('an engine that dies forfeits: the reason and the server\'s detail are shown', async () => {
  await openLobby();
  await page.click(`${botRow('Broken')} .play-bot`);
  await page.selectOption('#challenge-size', '9');
  await page.selectOption('#challenge-colour', 'black');
  await page.selectOption('#challenge-time', 'none');
  await Promise.all([page.waitForURL(/game\.html\?id=\d+/), page.click('#challenge-submit')]);
  await page.waitForSelector('body[data-ready="true"]');
  // The engine may die before the guest's first move or when asked for its own.
  if (await waitForTurn() === 'play') await page.click(point('E5'));
  await page.waitForSelector('body[data-phase="finished"]');
  assert.equal(await page.evaluate(() => document.body.dataset.result), 'B+F');
  assert.equal(await page.textContent('#status'), 'Game over: Black wins by forfeit.');
  await page.waitForSelector('#forfeit:not([hidden])');
  assert.equal(await page.textContent('#forfeit p:first-child'),
    `White forfeits: ${en['forfeit.reason.engine_exited']}.`);
  assert.match(await page.textContent('#forfeit .forfeit-detail'), /^What the server saw: .+/);
  // A reload finds the reason again in the game's state.
  await page.reload();
  await page.waitForSelector('#forfeit:not([hidden])');
  assert.match(await page.textContent('#forfeit p:first-child'), /^White forfeits: /);
});

test('no page errors', () => {
  assert.deepEqual(browser.errors, []);
});
