// Playing without sight on the live site (real `tengen serve`, fresh SQLite): alice (Black,
// reading Russian) and bob (White, English) play a 9x9 game only by typing into the text field
// under the board, found by its role and accessible name, and listen to it through the live
// regions found by role: refusals (alert: occupied, not your turn, ko, suicide, off the
// board), the opponent's moves with captures and atari (status, assertive), answers to
// questions (status, polite: lib, row, col, clock, captures). The board is checked through
// the accessibility tree (ariaSnapshot: grid, rows, cells named "D5, black"). A spectator
// hears every move and is told that watching is not playing. Ends with a
// dead-stone phase opened by typed passes (a typed mark, the count, resume), a typed
// resignation with its confirmation word, and screenshots in ru, kk and en at 390 and
// 1280 px.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  afterEvent, describePages, fill, kArtifacts, launchBrowser, openAsGuest, openPage, plural,
  readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const ru = readCatalogue('ru');
const en = readCatalogue('en');
const kk = readCatalogue('kk');

let server;
let alice; // {browser, page}
let bob;
let watcher; // a spectator, not logged in
const step = scenarioSteps(() => describePages([alice.page, bob.page]));

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

// ---- helpers: everything through roles and names, as a screen reader finds it ----------

const field = (page, catalogue) => page.getByRole('textbox', { name: catalogue['text.label'] });
const alertRegion = (page) => page.getByRole('alert');
const replyRegion = (page, catalogue) =>
  page.getByRole('status', { name: catalogue['text.replyLabel'] });
const announcements = (page, catalogue) =>
  page.getByRole('status', { name: catalogue['text.announceLabel'] });

// The region's text without the no-break space that makes a repeated sentence re-announce.
const spoken = async (locator) => (await locator.textContent()).replace(/\u00a0$/, '');

async function waitForSpoken(locator, expected) {
  try {
    await locator.page().waitForFunction(([element, want]) =>
      element.textContent.replace(/\u00a0$/, '') === want,
    [await locator.elementHandle(), expected], { timeout: 5000 });
  } catch {
    assert.equal(await spoken(locator), expected);
  }
}

// The announcement region says sentences that come close together as one text (a move and
// the reply to it, two passes and the end: web/spoken_group.js); `expected` is the last said.
async function waitForAnnounced(locator, expected) {
  const tail = ` ${/[.!?…:]$/.test(expected) ? expected : `${expected}.`}`;
  try {
    await locator.page().waitForFunction(([element, want, end]) => {
      const said = element.textContent.replace(/\u00a0$/, '');
      return said === want || said.endsWith(end);
    }, [await locator.elementHandle(), expected, tail], { timeout: 5000 });
  } catch {
    const said = await spoken(locator);
    assert.ok(said === expected || said.endsWith(tail),
      `announced ${JSON.stringify(said)}, expected it to end with ${JSON.stringify(expected)}`);
  }
}

// Types `text` and presses Enter in the page's text field.
async function type(page, catalogue, text) {
  const input = field(page, catalogue);
  await input.fill(text);
  await input.press('Enter');
}

// `who` types a move (or a removal action) that the server takes, on their turn: both pages
// see the new version.
async function playTyped(who, catalogue, vertex) {
  await who.page.waitForFunction(() => document.body.dataset.phase === 'removal' ||
    document.querySelector('#board svg.board').dataset.mode === 'play');
  await afterEvent([alice.page, bob.page], () => type(who.page, catalogue, vertex));
}

// ---- the scenario -----------------------------------------------------------------------

step('alice opens a 9x9 Chinese table with a clock, bob joins; the field is there', async () => {
  alice.page = await openAsGuest(alice.browser.context, `${server.url}/`);
  bob.page = await openAsGuest(bob.browser.context, `${server.url}/`);
  await alice.page.selectOption('#create-size', '9');
  // Chinese rules: suicide forbidden, and two passes open the dead-stone phase.
  await alice.page.selectOption('#create-rules', 'chinese');
  await alice.page.selectOption('#create-colour', 'black');
  await alice.page.selectOption('#create-time', 'byoyomi');
  await alice.page.click('#create-submit');
  const row = bob.page.locator('#tables tbody tr').first();
  await row.waitFor();
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="play"]');
  watcher.page = await openPage(watcher.browser.context, alice.page.url());

  // The live regions and their politeness, as a screen reader meets them.
  assert.equal(await alertRegion(bob.page).getAttribute('aria-live'), 'assertive');
  assert.equal(await announcements(bob.page, en).getAttribute('aria-live'), 'assertive');
  assert.equal(await replyRegion(bob.page, en).getAttribute('aria-live'), 'polite');
  const moves = bob.page.getByRole('log', { name: en['game.moves'] });
  assert.equal(await moves.getAttribute('aria-live'), 'off');
  assert.equal(await field(alice.page, ru).getAttribute('aria-describedby'), 'text-hint');
});

step('alice types d5: the stone is played, bob hears it; the board names the cell', async () => {
  await playTyped(alice, ru, 'd5');
  await waitForAnnounced(announcements(bob.page, en), 'Black D5');
  assert.equal(await field(alice.page, ru).inputValue(), '', 'the field is cleared');
  const snapshot = await bob.page.locator('#board svg.board').ariaSnapshot();
  assert.match(snapshot, /^- grid "Go board 9×9"/);
  assert.match(snapshot, /- row "Row 9":\n\s+- gridcell "A9, empty"/);
  assert.match(snapshot, /- gridcell "D5, black, last move"/);
  assert.equal((snapshot.match(/- gridcell /g) ?? []).length, 81);
  assert.equal((snapshot.match(/- row/g) ?? []).length, 9);
  // One tab stop: the grid itself; the grid keys of WAI-ARIA move its cursor.
  assert.equal(await bob.page.locator('#board svg.board').getAttribute('tabindex'), '0');
  const cursor = bob.page.locator('#board').getByRole('status');
  await bob.page.focus('#board svg.board');
  for (const [key, said] of [['Control+Home', 'A9, empty'], ['End', 'J9, empty'],
    ['PageDown', 'J6, empty'], ['Home', 'A6, empty'], ['Control+End', 'J1, empty'],
    ['PageUp', 'J4, empty'], ['ArrowLeft', 'H4, empty']]) {
    await bob.page.keyboard.press(key);
    assert.equal(await cursor.textContent(), said, key);
  }
});

step('refusals are spoken with their reason: occupied, not your turn, off the board', async () => {
  await type(bob.page, en, 'D5');
  const occupied = fill(en['text.refuse.occupied'],
    { vertex: 'D5', stone: en['board.point.black'] });
  await waitForSpoken(alertRegion(bob.page), occupied);
  assert.equal(await field(bob.page, en).inputValue(), 'D5', 'kept to correct');
  // The same refusal again is said again: the region's text changes.
  const first = await alertRegion(bob.page).textContent();
  await type(bob.page, en, 'D5');
  await bob.page.waitForFunction((before) =>
    document.querySelector('[role="alert"]').textContent !== before, first);
  assert.equal(await spoken(alertRegion(bob.page)), occupied);

  await type(alice.page, ru, 'e5');
  await waitForSpoken(alertRegion(alice.page),
    fill(ru['text.refuse.notYourTurn'], { color: ru['color.white'] }));
  await type(bob.page, en, 'k5');
  await waitForSpoken(alertRegion(bob.page),
    fill(en['text.error.offBoard'], { text: 'K5', last: 'J', size: 9 }));
  await type(bob.page, en, 'i5');
  await waitForSpoken(alertRegion(bob.page), en['text.error.noColumnI']);
  await type(bob.page, en, 'dance');
  await waitForSpoken(alertRegion(bob.page), fill(en['text.error.unknown'], { text: 'dance' }));
  assert.equal(await bob.page.evaluate(() => document.body.dataset.version), '2',
    'nothing was sent');
});

// D5 E5 E6 F6 E4 F4 A9 G5 F5: Black's F5 takes the white stone on E5, a ko.
step('a capture is announced with its count; the ko retake is refused as ko', async () => {
  const moves = ['E5', 'E6', 'F6', 'E4', 'F4', 'A9', 'G5', 'F5'];
  for (const [i, vertex] of moves.entries()) {
    await playTyped(i % 2 ? alice : bob, i % 2 ? ru : en, vertex.toLowerCase());
  }
  await waitForAnnounced(announcements(bob.page, en),
    `Black F5, ${plural(en['announce.captures'], 1)}`);
  await waitForAnnounced(announcements(alice.page, ru),
    `Чёрные F5, ${plural(ru['announce.captures'], 1, 'ru')}`);
  await type(bob.page, en, 'e5');
  await waitForSpoken(alertRegion(bob.page), fill(en['text.refuse.illegal'],
    { vertex: 'E5', reason: en['text.why.ko'] }));
  // A spectator hears every move too, and may ask but not play.
  await waitForAnnounced(announcements(watcher.page, en),
    `Black F5, ${plural(en['announce.captures'], 1)}`);
  await type(watcher.page, en, 'e5');
  await waitForSpoken(alertRegion(watcher.page), en['text.refuse.spectator']);
  await type(watcher.page, en, 'captures');
  await waitForSpoken(replyRegion(watcher.page, en),
    fill(en['text.captures'], { black: 1, white: 0 }));
  assert.match(await bob.page.locator('#board svg.board').ariaSnapshot(),
    /- gridcell "E5, empty, not allowed \(ko\)"/);
});

step('an atari is announced with whose chain and its last liberty', async () => {
  await playTyped(bob, en, 'c3');
  await playTyped(alice, ru, 'g6');
  await waitForAnnounced(announcements(bob.page, en), `Black G6, ${fill(en['announce.atari'],
    { color: 'White', vertex: 'F6', liberty: 'F7' })}`);
  await waitForAnnounced(announcements(alice.page, ru), `Чёрные G6, ${fill(ru['announce.atari'],
    { color: 'Белые', vertex: 'F6', liberty: 'F7' })}`);
});

step('questions: lib, row, col, captures, clock, last, in English and Russian', async () => {
  await playTyped(bob, en, 'f7');
  await type(bob.page, en, '/lib F6');
  await waitForSpoken(replyRegion(bob.page, en), fill(en['text.group'], { vertex: 'F6',
    color: 'white', stones: '2 stones', liberties: '3 liberties', points: 'E7 F8 G7' }));
  // `lib` alone: the group under the board's cursor, put on F6 from the keyboard.
  await bob.page.focus('#board svg.board');
  await bob.page.keyboard.press('Control+Home');
  for (const key of ['End', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'PageDown']) {
    await bob.page.keyboard.press(key);
  }
  assert.equal(await bob.page.locator('#board').getByRole('status').textContent(), 'F6, white');
  // The same answer as before: said again (the region's text changes), nothing refused.
  const before = await replyRegion(bob.page, en).textContent();
  await type(bob.page, en, 'lib');
  await bob.page.waitForFunction((text) =>
    document.getElementById('text-reply').textContent !== text, before);
  assert.equal(await spoken(replyRegion(bob.page, en)), fill(en['text.group'], { vertex: 'F6',
    color: 'white', stones: '2 stones', liberties: '3 liberties', points: 'E7 F8 G7' }));
  assert.equal(await alertRegion(bob.page).textContent(), '');
  await type(bob.page, en, 'row 5');
  await waitForSpoken(replyRegion(bob.page, en), 'Row 5: D black, F black, G white');
  await type(alice.page, ru, 'столбец F');
  await waitForSpoken(replyRegion(alice.page, ru),
    'Столбец F: 4 белый, 5 чёрный, 6 белый, 7 белый');
  await type(alice.page, ru, 'дыхания D5');
  await waitForSpoken(replyRegion(alice.page, ru), fill(ru['text.group'], { vertex: 'D5',
    color: 'чёрный', stones: '1 камень', liberties: '4 дыхания', points: 'C5 D4 D6 E5' }));
  await type(alice.page, ru, 'ряд 9');
  await waitForSpoken(replyRegion(alice.page, ru), 'Ряд 9: A чёрный');
  await type(bob.page, en, 'captures');
  await waitForSpoken(replyRegion(bob.page, en),
    fill(en['text.captures'], { black: 1, white: 0 }));
  await type(bob.page, en, 'last');
  await waitForSpoken(replyRegion(bob.page, en), 'Move 12: White F7');
  // Clocks in words: 10 minutes main time each, Black's running.
  await type(alice.page, ru, 'часы');
  const clocks = await spoken(replyRegion(alice.page, ru));
  assert.match(clocks, /^Чёрные: (9|10) минут.*, часы идут\. Белые: (9|10) минут/, clocks);
  await type(bob.page, en, 'c');
  assert.match(await spoken(replyRegion(bob.page, en)),
    /^Black: (9|10) minutes?( \d+ seconds?)?, clock running\. White: /);
});

// H1 and J2 for Black leave J1 a point where a white stone would have no liberty.
step('suicide is refused as suicide', async () => {
  await playTyped(alice, ru, 'h1');
  await playTyped(bob, en, 'c4');
  await playTyped(alice, ru, 'j2');
  await type(bob.page, en, 'J1');
  await waitForSpoken(alertRegion(bob.page), fill(en['text.refuse.illegal'],
    { vertex: 'J1', reason: en['text.why.suicide'] }));
});

step('typed passes open the dead-stone phase; a typed mark is announced; resume', async () => {
  await playTyped(bob, en, 'pass');
  await waitForAnnounced(announcements(alice.page, ru),
    fill(ru['board.announce.pass'], { color: 'Белые' }));
  await playTyped(alice, ru, 'пас');
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('body[data-phase="removal"]');
  }
  await bob.page.waitForFunction((prefix) => document.getElementById('announcements')
    .textContent.includes(prefix), en['announce.removal'].split(':')[0]);
  await type(bob.page, en, 'c3');
  await waitForSpoken(alertRegion(bob.page), en['text.refuse.removal']);

  await playTyped(alice, ru, 'мёртвые c3');
  await waitForAnnounced(announcements(bob.page, en),
    fill(en['announce.markedDead'].other, { color: 'Black', vertex: 'C3', count: 2 }));
  await type(bob.page, en, 'score');
  const count = await spoken(replyRegion(bob.page, en));
  assert.match(count,
    /^Count so far: Black \d+, White [\d.]+\. .*, if both accept\. Marked dead: /);
  assert.ok(/\bC3\b/.test(count) && /\bC4\b/.test(count), count);
  await playTyped(bob, en, 'resume');
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="play"]');
  await waitForAnnounced(announcements(alice.page, ru),
    fill(ru['announce.resume'], { color: ru['color.white'] }));
});

step('screenshots in ru, kk and en at 390 and 1280 px', async () => {
  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const [lang, catalogue] of [['ru', ru], ['kk', kk], ['en', en]]) {
    await alice.page.selectOption('#language', lang);
    // A question answered, then a refusal (White is to move): both lines show.
    await type(alice.page, catalogue, catalogue['text.words.liberties'].split(' ')[0] + ' F6');
    await type(alice.page, catalogue, 'd5');
    await waitForSpoken(alertRegion(alice.page),
      fill(catalogue['text.refuse.notYourTurn'], { color: catalogue['color.white'] }));
    for (const width of [390, 1280]) {
      await alice.page.setViewportSize({ width, height: 900 });
      const scroll = await alice.page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(scroll, 0, `${lang} ${width}px: no sideways scroll`);
      await alice.page.screenshot({ path: path.join(kArtifacts, `blind-${lang}-${width}.png`),
        fullPage: true });
    }
  }
  await alice.page.selectOption('#language', 'ru');
});

step('resigning by typing asks for the confirmation word; then the game is over', async () => {
  await type(bob.page, en, 'resign');
  await waitForSpoken(replyRegion(bob.page, en),
    fill(en['text.resignAsk'], { word: 'resign', yes: 'yes' }));
  assert.equal(await bob.page.evaluate(() => document.body.dataset.phase), 'play');
  await type(bob.page, en, 'resign yes');
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('body[data-phase="finished"]');
  }
  await alice.page.waitForFunction((prefix) => document.getElementById('announcements')
    .textContent.includes(prefix), ru['announce.end'].split('{')[0]);
  await type(alice.page, ru, 'd1');
  await waitForSpoken(alertRegion(alice.page), ru['text.refuse.gameOver']);
});

// Byo-yomi without main time, 20 s periods: the player to move hears her clock count down.
// (Long enough that the page is surely open before 10 s are left, however busy the machine.)
step('time trouble: "10 seconds left" once, then each byo-yomi period used up', async () => {
  for (const page of [alice.page, bob.page]) await page.goto(`${server.url}/`);
  await alice.page.waitForSelector('#create:not([hidden])');
  await alice.page.selectOption('#create-size', '9');
  await alice.page.selectOption('#create-colour', 'black');
  await alice.page.selectOption('#create-time', 'byoyomi');
  await alice.page.fill('#create-main', '0');
  await alice.page.fill('#create-periods', '5');
  await alice.page.fill('#create-period', '20');
  await alice.page.click('#create-submit');
  const row = bob.page.locator('#tables tbody tr').first();
  await row.waitFor();
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  await alice.page.waitForSelector('body[data-phase="play"]');
  const heard = [];
  const said = announcements(alice.page, ru);
  const tenSeconds = fill(ru['announce.timeLeft'], { time: plural(ru['text.seconds'], 10, 'ru') });
  const fourLeft = plural(ru['announce.periodsLeft'], 4, 'ru');
  for (const want of [tenSeconds, fourLeft]) {
    await alice.page.waitForFunction((text) => document.getElementById('announcements')
      .textContent.replace(/\u00a0$/, '') === text, want, { timeout: 30000 })
      .catch(async (error) => {
        error.message += `\nheard: ${heard.join(' | ')}; now: ${await spoken(said)}`;
        throw error;
      });
    heard.push(await spoken(said));
  }
  assert.deepEqual(heard, [tenSeconds, fourLeft]);
  await type(alice.page, ru, 'часы');
  assert.match(await spoken(replyRegion(alice.page, ru)),
    new RegExp('^Чёрные: \\d+ секунд[аы]?, бёёми, осталось 4 периода, часы идут\\. ' +
      'Белые: 20 секунд, бёёми, осталось 5 периодов$'));
});

step('no page errors and no missing catalogue keys', async () => {
  for (const who of [alice, bob, watcher]) {
    assert.deepEqual(who.browser.errors, []);
    const missing = await who.page.evaluate(() => document.documentElement.dataset.i18nMissing);
    assert.equal(missing ?? '', '');
  }
});
