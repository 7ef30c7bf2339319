// Confirmation play on the live site (real `tengen serve`, fresh SQLite): a Japanese 9x9
// game stops with White's bent four in the corner; alice (Black, reading Russian) disputes
// it and both play it out on the confirmation board: Black takes the ko, White's retake is
// crossed out with the lock drawn and refused, White passes to lift the lock, Black captures;
// both finish, the verdict "dead" shows to both and the removal phase counts the corner dead.
// The board's caption covers none of its coordinates, at either width.
// Screenshots of the confirmation board at desktop and phone widths in ru, kk and en.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  afterEvent, describePages, kArtifacts, launchBrowser, openAsGuest, passTurn, playPoint,
  pointSelector as point, readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const ru = readCatalogue('ru');
const en = readCatalogue('en');
const kk = readCatalogue('kk');

let server;
let alice; // {browser, page}
let bob;
const step = scenarioSteps(() => describePages([alice.page, bob.page]));

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [alice, bob]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob]) await who?.browser.close();
  await server?.close();
});

// The board's coordinate labels that the confirmation caption overlaps (none, or the test fails).
function coveredCoordinates(page) {
  return page.evaluate(() => {
    const caption = document.querySelector('#board-caption span');
    if (!caption || !caption.getClientRects().length) return ['no caption shown'];
    const box = caption.getBoundingClientRect();
    const overlaps = (r) => r.left < box.right && box.left < r.right && r.top < box.bottom &&
      box.top < r.bottom;
    return [...document.querySelectorAll('#board .coords text')]
      .filter((label) => overlaps(label.getBoundingClientRect()))
      .map((label) => label.textContent);
  });
}

//   A B C D E F G H J
// 9 . . . . . . . O .    White's corner group has the bent-four eye space A1 A2 A3 B1 and
// 8 . . . . . . O X .    no outside liberty; Black's wall is alive.
// 5 X X X . . . . . .
// 4 O O X . . . . . .
// 3 . O X X . . . . .
// 2 . O O X . . . . .
// 1 . . O X . . . . .
const kSetup = ['A5', 'A4', 'B5', 'B4', 'C5', 'B3', 'C4', 'B2', 'C3', 'C2', 'D3', 'C1', 'D2', 'G8',
  'D1', 'H9', 'H8'];

step('a Japanese game stops with a bent four in the corner', async () => {
  alice.page = await openAsGuest(alice.browser.context, `${server.url}/`);
  bob.page = await openAsGuest(bob.browser.context, `${server.url}/`);
  await alice.page.selectOption('#create-size', '9');
  await alice.page.selectOption('#create-rules', 'japanese');
  await alice.page.selectOption('#create-colour', 'black');
  await alice.page.selectOption('#create-time', 'none');
  await alice.page.click('#create-submit');
  const row = bob.page.locator('#tables tbody tr', { hasText: 'japanese' });
  await row.waitFor();
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  const pages = [alice.page, bob.page];
  for (const page of pages) await page.waitForSelector('body[data-phase="play"]');
  for (const [i, vertex] of kSetup.entries()) await playPoint(i % 2 ? bob.page : alice.page, vertex, pages);
  for (const page of [bob.page, alice.page]) await passTurn(page, pages);
  for (const page of pages) await page.waitForSelector('body[data-phase="removal"]');
});

step('alice disputes the corner: the confirmation board, Black to move first', async () => {
  const pages = [alice.page, bob.page];
  await alice.page.click('#confirmation-dispute');
  assert.equal(await alice.page.textContent('#confirmation-pick'), ru['confirmation.pick']);
  await afterEvent(pages, () => alice.page.click(point('B3')));
  for (const page of pages) await page.waitForSelector('.board-box.confirming');
  assert.equal(await bob.page.textContent('#status'), en['game.status.confirmation']);
  assert.equal(await bob.page.textContent('#confirmation-turn'),
    en['confirmation.turn'].replace('{attacker}', 'Black').replace('{color}', 'Black')
      .replace('{count}', '0'));
  // The caption names the board without covering any of its coordinates (it sat on D and E).
  for (const page of pages) {
    assert.equal((await page.textContent('#board-caption')).trim(),
      (page === alice.page ? ru : en)['confirmation.caption']);
    assert.deepEqual(await coveredCoordinates(page), []);
  }
  // The six disputed stones are ringed on both screens; the game's board is unchanged.
  assert.equal(await bob.page.locator('#board .disputed').count(), 6);
  assert.equal(await alice.page.getAttribute('#board svg.board', 'data-mode'), 'play');
  assert.equal(await bob.page.getAttribute('#board svg.board', 'data-mode'), 'view');
});

step('Black takes the ko; White may not retake before passing', async () => {
  const pages = [alice.page, bob.page];
  // Typed into the text field: a confirmation move as a click plays it.
  await afterEvent(pages, async () => {
    const field = alice.page.getByRole('textbox', { name: ru['text.label'] });
    await field.fill('a2');
    await field.press('Enter');
  });
  await playPoint(bob.page, 'A1', pages);
  await playPoint(alice.page, 'B1', pages);
  // The lock: a cross and a padlock on A1 for White, the padlock for Black too.
  await bob.page.waitForSelector('#board .ko-lock[data-vertex="A1"]');
  await alice.page.waitForSelector('#board .ko-lock[data-vertex="A1"]');
  assert.ok((await bob.page.$$eval('#board .illegal-mark', (all) =>
    all.map((mark) => mark.dataset.vertex))).includes('A1'));
  assert.equal(await bob.page.textContent('#confirmation-lock'),
    en['confirmation.locked'].replace('{color}', 'White').replace('{points}', 'A1'));
  await bob.page.click(point('A1'));
  assert.equal(await bob.page.textContent('#message'),
    en['board.forbiddenBecause'].replace('{vertex}', 'A1').replace('{reason}', en['reason.koLock']));

  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const [lang, catalogue] of [['en', en], ['ru', ru], ['kk', kk]]) {
    await bob.page.selectOption('#language', lang);
    await bob.page.waitForFunction((text) =>
      document.getElementById('status').textContent === text, catalogue['game.status.confirmation']);
    for (const [name, viewport] of [['desktop', { width: 1280, height: 850 }],
      ['phone', { width: 390, height: 844 }]]) {
      await bob.page.setViewportSize(viewport);
      assert.deepEqual(await coveredCoordinates(bob.page), [], `${lang} ${name}`);
      await bob.page.screenshot({ path: path.join(kArtifacts, `confirmation-${lang}-${name}.png`),
        fullPage: true });
    }
  }
  await bob.page.selectOption('#language', 'en');
  await bob.page.setViewportSize({ width: 1100, height: 850 });

  // White passes: the lock goes, too late -- Black captures the group at A3.
  await afterEvent(pages, () => bob.page.click('#confirmation-pass'));
  await playPoint(alice.page, 'A3', pages);
  assert.equal(await bob.page.locator('#board .stone.white').count(), 2); // G8 and H9
});

step('both finish: the verdict is dead and the removal phase counts the corner dead', async () => {
  const pages = [alice.page, bob.page];
  await afterEvent(pages, () => alice.page.click('#confirmation-finish'));
  await afterEvent(pages, () => bob.page.click('#confirmation-finish'));
  for (const page of pages) await page.waitForSelector('.board-box:not(.confirming)');
  await bob.page.waitForSelector('#confirmation-verdict:not([hidden])');
  assert.match(await bob.page.textContent('#confirmation-verdict'),
    /^Confirmation of .*B3.*: dead \(both players finished\)\.$/);
  assert.match(await alice.page.textContent('#confirmation-verdict'), /мертвы/);
  // The game's own board again, with the corner marked dead.
  for (const vertex of ['A4', 'B4', 'B3', 'B2', 'C2', 'C1']) {
    await bob.page.waitForSelector(`#board .stone.white.dead[data-vertex="${vertex}"]`);
  }
});

step('no page errors', () => {
  assert.deepEqual([...alice.browser.errors, ...bob.browser.errors], []);
});
