// Review boards in the browser (docs/protocol.md, "Reviews"), on the real `tengen serve`:
//   1. a teacher (Russian) and a student (Kazakh) register and play a short 9x9 game, which
//      the student resigns; the game page offers "Open a review" and the teacher opens one;
//   2. two students (Kazakh, English; separate browsers) follow it; the teacher goes back to
//      move 1, plays a variation, marks a triangle and comments: both students see all three;
//   3. the teacher hands control to student 1, who plays a move that student 2 sees; student
//      2's edit is refused by the server (not_controller), whatever the page offers;
//   4. the SGF downloaded from /api/reviews/{id}.sgf holds the variation, mark and comment,
//      and the game page lists the review;
//   5. each page photographed at 390 and 1280 px in its language (ru, kk, en; artifacts/), with
//      no sideways scroll and no missing catalogue key; the move and comment are announced.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { describePages, kArtifacts, launchBrowser, openPage, playPoint, scenarioSteps,
  startTengen } from './harness.js';

let server;
let teacherBrowser;
let oneBrowser;
let twoBrowser;
let teacher;
let one;
let two;
let gameId = 0;
let reviewId = 0;
const step = scenarioSteps(() => describePages([teacher, one, two]));

before(async () => {
  server = await startTengen();
  teacherBrowser = await launchBrowser({ locale: 'ru-RU' });
  oneBrowser = await launchBrowser({ locale: 'kk-KZ' });
  twoBrowser = await launchBrowser({ locale: 'en-US' });
  for (const who of [teacherBrowser, oneBrowser, twoBrowser]) who.context.setDefaultTimeout(15000);
  fs.mkdirSync(kArtifacts, { recursive: true });
});

after(async () => {
  for (const who of [teacherBrowser, oneBrowser, twoBrowser]) await who?.close();
  await server?.close();
});

async function register(browser, name) {
  const page = await openPage(browser.context, `${server.url}/`);
  await page.fill('#login-name', name);
  await page.fill('#login-password', 'correct horse battery');
  await page.click('#register');
  await page.waitForSelector('#logged-in:not([hidden])');
  await page.waitForFunction(() => document.body.dataset.connected === 'true');
  return page;
}

const missingKeys = (page) => page.evaluate(async () => (await import('/i18n.js')).missingKeys());
const sidewaysScroll = (page) => page.evaluate(() =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth);
const nodeOf = (page) => page.evaluate(() => Number(document.body.dataset.node));
const point = (vertex) => `#board [data-index][data-vertex="${vertex}"]`;
// A review_edit over a socket of the page's own (its cookie: the page's user).
const editOverSocket = (page, fields) => page.evaluate((message) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  ws.onopen = () => {
    ws.send(JSON.stringify({ id: 'f', type: 'review_follow', reviewId: message.reviewId }));
    ws.send(JSON.stringify({ id: 'e', type: 'review_edit', ...message }));
  };
  ws.onmessage = (event) => {
    const reply = JSON.parse(event.data);
    if (reply.id === 'e') { ws.close(); resolve(reply); }
  };
  ws.onerror = () => reject(new Error('socket error'));
}), fields);

step('a teacher opens a review of a finished game from its page', async () => {
  teacher = await register(teacherBrowser, 'teacher');
  one = await register(oneBrowser, 'student1');
  await teacher.selectOption('#create-size', '9');
  await teacher.selectOption('#create-colour', 'black');
  await teacher.click('#create-submit');
  const table = one.locator('#tables tbody tr');
  await table.waitFor();
  await Promise.all([teacher.waitForURL(/game\.html/), one.waitForURL(/game\.html/),
    table.locator('button').click()]);
  gameId = Number(new URL(teacher.url()).searchParams.get('id'));
  for (const page of [teacher, one]) await page.waitForSelector('body[data-phase="play"]');
  for (const [i, vertex] of ['E5', 'C3', 'G7', 'G3'].entries()) {
    await playPoint(i % 2 ? one : teacher, vertex, [teacher, one]);
  }
  await one.click('#resign');
  await one.click('#confirm-yes');
  await teacher.waitForSelector('body[data-phase="finished"]');
  await teacher.waitForSelector('#game-reviews:not([hidden]) #game-review-open:not([hidden])');
  await Promise.all([teacher.waitForURL(/review\.html/), teacher.click('#game-review-open')]);
  reviewId = Number(new URL(teacher.url()).searchParams.get('id'));
  assert.ok(reviewId > 0);
  await teacher.waitForSelector('body[data-ready="true"]');
  await teacher.waitForSelector('#review-tools:not([hidden])');
  assert.equal(await teacher.locator('.review-node').count(), 5, 'the root and four moves');
});

step('two students follow; the teacher\'s variation, triangle and comment reach both', async () => {
  two = await register(twoBrowser, 'student2');
  for (const page of [one, two]) {
    await page.goto(`${server.url}/review.html?id=${reviewId}`);
    await page.waitForSelector('body[data-ready="true"]');
  }
  await teacher.waitForSelector('#review-followers li[data-user="student2"]');
  // Back to move 1 (E5), then a variation there: White D4 instead of C3.
  await teacher.click('.review-node[data-node="1"]');
  for (const page of [teacher, one, two]) await page.waitForSelector('body[data-node="1"]');
  await teacher.click(point('D4'));
  for (const page of [teacher, one, two]) await page.waitForSelector('body[data-node="5"]');
  await teacher.check('input[name="tool"][value="TR"]');
  await teacher.click(point('E5'));
  await teacher.fill('#comment-text', 'Лучше D4: Белые занимают центр.');
  await teacher.click('#comment-form button[type="submit"]');
  for (const page of [one, two]) {
    await page.waitForSelector('#board .review-mark.mark-TR[data-vertex="E5"]');
    await page.waitForFunction(() => document.getElementById('comment-view').textContent ===
      'Лучше D4: Белые занимают центр.');
    assert.equal(await page.locator('.review-branch .review-node').count(), 1,
      'the main line\'s C3 is offered beside the variation');
    assert.equal(await page.isHidden('#review-tools'), true, 'a follower has no tools');
  }
  // The move and the comment are announced to screen readers.
  await two.waitForFunction(() => {
    const said = document.getElementById('review-announce').textContent;
    return said.includes('2. White D4') && said.includes('Comment: Лучше D4');
  });
});

step('control goes to student 1, who moves; student 2 sees it and is refused', async () => {
  await teacher.click('#review-followers li[data-user="student1"] .grant-control');
  await one.waitForSelector('#review-tools:not([hidden])');
  await one.click(point('C7'));
  for (const page of [teacher, one, two]) await page.waitForSelector('body[data-node="6"]');
  assert.equal(await nodeOf(two), 6);
  // Student 2's page says why a click does nothing; the server refuses the edit itself.
  await two.click(point('F4'));
  await two.waitForFunction(() => document.getElementById('review-message').textContent
    .startsWith('Only the review'));
  const refused = await editOverSocket(two, { reviewId, op: 'play', vertex: 'F4' });
  assert.equal(refused.code, 'not_controller', JSON.stringify(refused));
  assert.equal(await nodeOf(teacher), 6);
  // The keyboard walks the line: ← back to the variation's comment, which is announced.
  await teacher.locator('#review-title').click();
  await teacher.keyboard.press('ArrowLeft');
  for (const page of [teacher, one, two]) await page.waitForSelector('body[data-node="5"]');
  await two.waitForFunction(() => document.getElementById('review-announce').textContent
    .includes('Comment: Лучше D4'));
});

step('the downloaded SGF holds the variation, the mark and the comment', async () => {
  const sgf = await two.evaluate(async (id) => (await fetch(`/api/reviews/${id}.sgf`)).text(),
    reviewId);
  // Node 1 (B E5) has two children: the game's W C3 first, the variation W D4 second.
  assert.match(sgf, /;B\[ee\]\s*\(\s*;W\[cg\][\s\S]*\)\s*\(\s*;W\[df\]/, sgf);
  assert.match(sgf, /;W\[df\][^;]*TR\[ee\]/, sgf);
  assert.match(sgf, /C\[Лучше D4: Белые занимают центр\.\]/, sgf);
  assert.match(sgf, /;W\[df\][\s\S]*;B\[cc\]/, 'student 1\'s move follows the variation');
  const game = await openPage(twoBrowser.context, `${server.url}/game.html?id=${gameId}`);
  await game.waitForSelector(`#game-reviews-list a[href="review.html?id=${reviewId}"]`);
  await game.close();
});

step('the teacher uploads an SGF to the library and opens a review of it', async () => {
  const library = await openPage(teacherBrowser.context, `${server.url}/player.html?name=teacher`);
  await library.waitForSelector('#library:not([hidden])');
  await library.waitForSelector(`#player-reviews-list a[href="review.html?id=${reviewId}"]`);
  // Latin-1 bytes (CA says so): the library reads them as the file's charset.
  const sgf = Buffer.from('(;GM[1]FF[4]CA[ISO-8859-1]SZ[13]PB[Jos\xe9]PW[Ana];B[dd];W[jj])',
    'latin1');
  // The picker is a button in the page's language, not the browser's "Choose File".
  assert.equal(await library.textContent('#library-form .file-pick'), 'Выбрать файл SGF');
  assert.equal(await library.textContent('#library-form .file-picked'), 'Файл не выбран');
  await library.setInputFiles('#library-file',
    { name: 'club.sgf', mimeType: 'application/x-go-sgf', buffer: sgf });
  assert.equal(await library.textContent('#library-form .file-picked'), 'club.sgf');
  await library.click('#library-form button[type="submit"]');
  await library.waitForSelector('#library-list li');
  assert.match(await library.textContent('#library-list li'), /club\.sgf · José – Ana/);
  await library.setViewportSize({ width: 390, height: 900 });
  assert.ok(await sidewaysScroll(library) <= 0, 'the profile scrolls sideways at 390 px');
  await library.locator('#library').screenshot({ path: path.join(kArtifacts,
    'review-library-ru-390.png') });
  await Promise.all([library.waitForURL(/review\.html/),
    library.click('#library-list li button:first-of-type')]);
  await library.waitForSelector('body[data-ready="true"]');
  await library.waitForSelector('#board svg.board[data-size="13"]');
  assert.equal(await library.locator('.review-node').count(), 3);
  // An empty board of any size and rules: 9x9 under Japanese rules.
  await library.goto(`${server.url}/player.html?name=teacher`);
  await library.waitForSelector('#empty-review-rules option[value="japanese"]',
    { state: 'attached' });
  await library.fill('#empty-review-size', '9');
  await library.selectOption('#empty-review-rules', 'japanese');
  await Promise.all([library.waitForURL(/review\.html/),
    library.click('#empty-review-form button[type="submit"]')]);
  await library.waitForSelector('#board svg.board[data-size="9"]');
  assert.match(await library.textContent('#review-info'), /9×9 · Японские/);
  await library.close();
});

step('ru, kk and en at 390 and 1280 px: no missing key, no sideways scroll; screenshots',
  async () => {
    for (const [lang, page] of [['ru', teacher], ['kk', one], ['en', two]]) {
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        assert.ok(await sidewaysScroll(page) <= 0, `${lang} ${width}px scrolls sideways`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(kArtifacts, `review-${lang}-${width}.png`),
          fullPage: width === 390 });
      }
      assert.deepEqual(await missingKeys(page), [], `missing keys in ${lang}`);
    }
  });

step('no page errors', () => {
  for (const who of [teacherBrowser, oneBrowser, twoBrowser]) assert.deepEqual(who.errors, []);
});
