// The Learn page (learn.html) end to end against the real `tengen serve`, in Debian's
// chromium, once per language; every lesson's every board is walked to its goal from the
// lesson files on disk (lessons/*.json: the `solution` moves; for questions the listed
// wrong answer first, then the right one, found by asking the judge over the API).
//   ru: a visitor without a session; progress in localStorage survives a reload.
//   kk: the lobby offers the track to a fresh visitor; one lesson done logged out, then
//       registering moves it to the account; the rest is kept by the account (reloads too).
//   en: a guest; one wrong line shows its reason and the board resets; one board solved
//       with the keyboard only; the last lesson's button starts a 9x9 game against the
//       weakest built-in bot.
// Chromium emulates prefers-reduced-motion, so the page skips its animation delays.
// Screenshots (desktop 1280 px, phone 390 px) go to artifacts/learn-*.png.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { kArtifacts, kWebRoot, launchBrowser, scenarioSteps, startTengen } from './harness.js';

const kDesktop = { width: 1280, height: 900 };
const kPhone = { width: 390, height: 844 };
const kQuestions = ['legal', 'liberties', 'score'];
const kLocales = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en-US' };

// The lesson files by id: what the test plays (the page never sees solutions). Without the
// folder the map is empty and the first test says the track and the files differ.
const kLessonDir = path.join(kWebRoot, '..', 'lessons');
const kFiles = new Map((fs.existsSync(kLessonDir) ? fs.readdirSync(kLessonDir) : [])
  .filter((name) => /^\d\d-[a-z0-9-]+\.json$/.test(name)).sort()
  .map((name) => JSON.parse(fs.readFileSync(path.join(kLessonDir, name), 'utf8')))
  .map((lesson) => [lesson.id, lesson]));

let server;
let track = []; // GET /api/lessons: [{id, boards}]
const lessons = new Map(); // id -> GET /api/lessons/{id}
const catalogues = {}; // lang -> the catalogue the server serves
const answers = new Map(); // `${id}/${n}` -> the right answer of a question

async function api(method, route, body) {
  const response = await fetch(`${server.url}${route}`, { method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body) });
  assert.ok(response.ok, `${method} ${route}: HTTP ${response.status} ${await response.clone().text()}`);
  return response.status === 204 ? {} : response.json();
}

before(async () => {
  server = await startTengen();
  track = (await api('GET', '/api/lessons')).lessons;
  for (const { id } of track) lessons.set(id, await api('GET', `/api/lessons/${id}`));
  for (const lang of Object.keys(kLocales)) {
    catalogues[lang] = await (await fetch(`${server.url}/i18n/${lang}.json`)).json();
  }
  fs.mkdirSync(kArtifacts, { recursive: true });
});

after(async () => {
  await server?.close();
});

test('every lesson of the track has its file, and every file is in the track', () => {
  assert.ok(track.length > 0, 'the track is empty');
  assert.deepEqual(track.map((entry) => entry.id), [...kFiles.keys()]);
  for (const { id } of track) {
    assert.equal(lessons.get(id).boards.length, kFiles.get(id).boards.length, id);
  }
});

// The right answer to a question board, asked of the judge directly: yes/no by trying
// `yes`; liberties by counting up; a score from the reason of a wrong guess.
async function rightAnswer(id, n, goal) {
  const key = `${id}/${n}`;
  if (answers.has(key)) return answers.get(key);
  const judge = (answer) => api('POST', `/api/lessons/${id}/boards/${n}`, { answer });
  let answer = null;
  if (goal.kind === 'legal') {
    answer = (await judge('yes')).status === 'solved' ? 'yes' : 'no';
  } else if (goal.kind === 'liberties') {
    for (let count = 0; count <= 80 && answer === null; ++count) {
      if ((await judge(String(count))).status === 'solved') answer = String(count);
    }
  } else {
    const guess = await judge('B+999');
    const truth = guess.status === 'solved' ? 'B+999' : guess.reason?.params?.result;
    if (truth && (await judge(truth)).status === 'solved') answer = truth;
  }
  assert.ok(answer !== null, `no right answer found for ${key}`);
  answers.set(key, answer);
  return answer;
}

// A regular expression for any text the catalogue entry can give, whatever its params.
function templatePattern(value) {
  const forms = typeof value === 'object' ? Object.values(value) : [value];
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+?');
  return new RegExp(`^(${forms.map(escape).join('|')})$`, 's');
}

// ---- one language's walk ----------------------------------------------------------------

class Walker {
  constructor(lang, page) {
    this.lang = lang;
    this.page = page;
    this.catalogue = catalogues[lang];
    this.screens = new Set(); // screenshots taken
    this.wrongLineShown = false;
    this.keyboardUsed = false;
    this.animationSeen = false;
  }

  text(key) {
    const value = this.catalogue[key];
    assert.equal(typeof value, 'string', `${this.lang}: ${key}`);
    return value;
  }

  async handled() {
    return Number(await this.page.getAttribute('#lesson', 'data-handled') ?? 0);
  }

  // Runs `action` (a click or key) and waits until the page has answered it; the state.
  async act(action) {
    const before = await this.handled();
    await action();
    await this.page.waitForFunction((count) =>
      Number(document.getElementById('lesson').dataset.handled ?? 0) > count, before);
    return this.page.getAttribute('#lesson', 'data-state');
  }

  async waitBoard(id, n) {
    await this.page.waitForSelector(
      `#lesson[data-lesson="${id}"][data-board="${n}"][data-state="ready"]`);
  }

  async stones() {
    return this.page.$$eval('#board .stone', (all) =>
      all.map((stone) => `${stone.classList.contains('black') ? 'b' : 'w'}${stone.dataset.vertex}`).sort());
  }

  async feedback() {
    return this.page.$eval('#feedback', (box) => ({ kind: box.dataset.kind,
      lines: [...box.querySelectorAll('p')].map((line) => line.textContent) }));
  }

  async expectReason(reasonKey) {
    const { kind, lines } = await this.feedback();
    assert.equal(kind, 'wrong', `${this.lang}: a reason is shown`);
    assert.match(lines[0], templatePattern(this.catalogue[`learn.reason.${reasonKey}`]),
      `${this.lang}: the reason ${reasonKey}`);
  }

  async play(vertex) {
    return this.act(() => (vertex === 'pass' ? this.page.click('#pass')
      : this.page.click(`#board [data-index][data-vertex="${vertex}"]`)));
  }

  // Moves the board's keyboard cursor to `vertex` with the arrow keys and presses Enter.
  async playByKeyboard(vertex) {
    const page = this.page;
    await page.focus('#lesson-title');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.matches('#board svg.board')),
      true, 'Tab reaches the board');
    const at = async () => (await page.getAttribute('#board svg.board', 'aria-activedescendant'))
      .split('-').pop();
    const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
    const from = await at();
    const dx = letters.indexOf(vertex[0]) - letters.indexOf(from[0]);
    const dy = Number(vertex.slice(1)) - Number(from.slice(1));
    for (let i = 0; i < Math.abs(dx); ++i) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); ++i) await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
    assert.equal(await at(), vertex);
    if (dx || dy) {
      // The cursor's point is read out through the board's live region.
      assert.match(await page.textContent('#board .board-live'), new RegExp(`^${vertex}\\b`));
    }
    this.keyboardUsed = true;
    return this.act(() => page.keyboard.press('Enter'));
  }

  async answer(kind, answer) {
    const page = this.page;
    if (kind === 'legal') return this.act(() => page.click(`#answer-${answer}`));
    if (kind === 'liberties') {
      await page.fill('#liberties-answer', answer);
      return this.act(() => page.click('#liberties-submit'));
    }
    const match = /^([BW])\+(.+)$/.exec(answer);
    await page.selectOption('#score-winner', match ? (match[1] === 'B' ? 'black' : 'white') : 'draw');
    if (match) await page.fill('#score-margin', match[2]);
    return this.act(() => page.click('#score-submit'));
  }

  // Plays one wrong line of a move board: its reason shows, then the board is back at its
  // start with the reason still there.
  async wrongLine(wrong) {
    const start = await this.stones();
    let state = 'ready';
    for (const move of wrong.moves) {
      state = await this.play(move);
      if (state !== 'ready') break;
    }
    assert.equal(state, 'wrong', `${this.lang}: the wrong line ${wrong.moves.join(' ')} fails`);
    await this.expectReason(wrong.reason);
    await this.page.waitForSelector('#lesson[data-state="ready"][data-moves="0"]');
    assert.deepEqual(await this.stones(), start, 'the board is back at its start');
    const { lines } = await this.feedback();
    assert.equal(lines.length, 2, 'the reason stays, with a line saying the board was reset');
    assert.equal(lines[1], this.text('learn.tryAgain'));
    this.wrongLineShown = true;
  }

  // Plays a capturing move with the animation on: the captured stones fade out, then leave.
  async playAnimated(vertex, targets) {
    const page = this.page;
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const fading = page.waitForSelector('#board .stone.leaving', { state: 'attached' });
    const state = await this.play(vertex);
    await fading;
    for (const target of targets) {
      assert.equal(await page.locator(`#board .stone[data-vertex="${target}"]`).count(), 0);
    }
    await page.emulateMedia({ reducedMotion: 'reduce' });
    this.animationSeen = true;
    return state;
  }

  async solveBoard(id, n, { wrongLine = false, keyboard = false, animate = false } = {}) {
    const page = this.page;
    const spec = lessons.get(id).boards[n - 1];
    const file = kFiles.get(id).boards[n - 1];
    const kind = spec.goal.kind;
    await this.waitBoard(id, n);
    assert.equal(await page.textContent('#task'), this.text(`lesson.${id}.${n}.task`));
    assert.equal(await page.locator('#board svg.board').getAttribute('data-size'),
      String(spec.position.size));
    let state;
    if (kQuestions.includes(kind)) {
      assert.ok(await page.isVisible(`form[data-answer="${kind}"]`), `${id}/${n}: answer form`);
      assert.ok(await page.isHidden('#pass'), 'no pass button on a question');
      const right = await rightAnswer(id, n, spec.goal);
      if (typeof file.solution === 'string') assert.equal(right, file.solution, `${id}/${n}`);
      for (const wrong of (file.wrong ?? []).filter((entry) => entry.answer !== undefined)) {
        assert.equal(await this.answer(kind, wrong.answer), 'ready', `${id}/${n} ${wrong.answer}`);
        await this.expectReason(wrong.reason);
        if (!this.screens.has('question')) await this.screenshots('question');
      }
      state = await this.answer(kind, right);
    } else {
      if (wrongLine) {
        const wrong = file.wrong.find((entry) => entry.moves);
        await this.wrongLine(wrong);
      }
      for (const [i, move] of file.solution.entries()) {
        if (keyboard && i === 0) state = await this.playByKeyboard(move);
        else if (animate) state = await this.playAnimated(move, spec.goal.targets);
        else state = await this.play(move);
        if (state !== 'ready') break;
      }
    }
    assert.equal(state, 'solved', `${this.lang} ${id}/${n}: ${JSON.stringify(await this.feedback())}`);
    const { kind: shown, lines } = await this.feedback();
    assert.equal(shown, 'solved');
    assert.deepEqual(lines, [this.text('learn.solved'), this.text(`lesson.${id}.${n}.done`)]);
    assert.ok(await page.evaluate(() => document.activeElement.id === 'next'), 'Next has the focus');
  }

  async solveLesson(id, options = {}) {
    const boards = lessons.get(id).boards;
    const index = track.findIndex((entry) => entry.id === id);
    await this.waitBoard(id, 1);
    assert.equal(await this.page.textContent('#lesson-title'), this.text(`lesson.${id}.title`));
    for (let n = 1; n <= boards.length; ++n) {
      const file = kFiles.get(id).boards[n - 1];
      const moveBoard = !kQuestions.includes(boards[n - 1].goal.kind);
      const wrongLine = options.wrongLine && !this.wrongLineShown && moveBoard &&
        (file.wrong ?? []).some((entry) => entry.moves);
      const keyboard = options.keyboard && !this.keyboardUsed && moveBoard &&
        file.solution[0] !== 'pass';
      const animate = options.animate && !this.animationSeen && !keyboard &&
        boards[n - 1].goal.kind === 'capture' && file.solution.length === 1;
      await this.solveBoard(id, n, { wrongLine, keyboard, animate });
      if (!this.screens.has('solved') && index >= 1) await this.screenshots('solved');
      const last = n === boards.length;
      const label = !last ? 'learn.nextBoard'
        : index < track.length - 1 ? 'learn.nextLesson' : 'learn.finishTrack';
      assert.equal(await this.page.textContent('#next'), this.text(label));
      if (last) {
        await this.page.waitForSelector(`#track-list li[data-done="true"] a[data-lesson="${id}"]`);
      }
      await this.page.click('#next');
    }
    assert.equal(await this.page.evaluate(() => document.documentElement.dataset.i18nMissing),
      undefined, `${this.lang}: no missing keys after ${id}`);
  }

  // Desktop and phone pictures of what the page shows now; the phone one must not scroll
  // sideways and its board must fit.
  async screenshots(name) {
    const page = this.page;
    this.screens.add(name);
    await page.screenshot({ path: path.join(kArtifacts, `learn-${this.lang}-${name}-desktop.png`),
      fullPage: true });
    await page.setViewportSize(kPhone);
    const fit = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth, width: window.innerWidth,
      board: document.querySelector('#board svg.board')?.getBoundingClientRect().right ?? 0 }));
    assert.ok(fit.scroll <= fit.width, `${this.lang} ${name}: no sideways scroll at 390 px (${fit.scroll})`);
    assert.ok(fit.board <= fit.width, `${this.lang} ${name}: the board fits at 390 px`);
    await page.screenshot({ path: path.join(kArtifacts, `learn-${this.lang}-${name}-phone.png`),
      fullPage: true });
    await page.setViewportSize(kDesktop);
  }

  async doneInTrack() {
    return this.page.$$eval('#track-list li[data-done="true"] a', (links) =>
      links.map((link) => link.dataset.lesson));
  }

  async noMissingStrings() {
    const strings = await this.page.evaluate(() => document.body.innerText + document.title);
    assert.ok(!strings.includes('⟦'), `${this.lang}: no missing-key markers`);
    assert.equal(await this.page.evaluate(() => document.documentElement.dataset.i18nMissing),
      undefined);
  }
}

async function openLearn(context, url) {
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const reload = async (page) => {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
};

function languageRun(lang, body) {
  const state = { browser: null, walker: null };
  const step = scenarioSteps(async () => `page: ${state.walker?.page.url()} ` +
    JSON.stringify(await state.walker?.page.evaluate(() => ({
      lesson: document.getElementById('lesson')?.dataset,
      feedback: document.getElementById('feedback')?.textContent,
      error: document.getElementById('learn-error')?.textContent,
    }))));
  test(`${lang}: open the browser`, async () => {
    state.browser = await launchBrowser({ locale: kLocales[lang], viewport: kDesktop,
      reducedMotion: 'reduce' });
    state.browser.context.setDefaultTimeout(15000);
  });
  body(step, state);
  test(`${lang}: no page errors`, async () => {
    const errors = state.browser?.errors ?? [];
    await state.browser?.close();
    assert.deepEqual(errors, []);
  });
}

// ---- ru: logged out, progress in localStorage -------------------------------------------

languageRun('ru', (step, state) => {
  step('ru: the page opens the first lesson in Russian', async () => {
    const page = await openLearn(state.browser.context, `${server.url}/learn.html`);
    state.walker = new Walker('ru', page);
    const w = state.walker;
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
    assert.equal(await page.textContent('h1'), w.text('learn.title'));
    assert.equal(await page.getAttribute('#lesson', 'data-lesson'), track[0].id);
    assert.equal(await page.textContent('#stored'), w.text('learn.stored.browser'));
    assert.equal(await page.$$eval('#track-list a', (links) => links.length), track.length);
    assert.equal(await page.getAttribute(`#track-list a[data-lesson="${track[0].id}"]`,
      'aria-current'), 'step');
    await w.noMissingStrings();
  });

  step('ru: the first lesson is remembered in the browser across a reload', async () => {
    const w = state.walker;
    await w.solveLesson(track[0].id);
    assert.deepEqual(await w.page.evaluate(() => JSON.parse(localStorage.getItem('tengen.lessons.done'))),
      [track[0].id]);
    await reload(w.page);
    assert.deepEqual(await w.doneInTrack(), [track[0].id]);
    if (track.length > 1) {
      assert.equal(await w.page.getAttribute('#lesson', 'data-lesson'), track[1].id,
        'the first lesson not done opens');
    }
  });

  step('ru: every other lesson, to the end of the track', async () => {
    const w = state.walker;
    for (const { id } of track.slice(1)) await w.solveLesson(id);
    assert.ok(await w.page.isVisible('#finish'));
    assert.ok(await w.page.evaluate(() => document.activeElement.id === 'play-bot'));
    assert.deepEqual(await w.doneInTrack(), track.map((entry) => entry.id));
    await w.noMissingStrings();
    await w.screenshots('finish');
  });

  step('ru: the lobby no longer offers a finished track', async () => {
    const page = state.walker.page;
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.body.dataset.connected === 'true');
    await page.waitForSelector('#logged-out:not([hidden])');
    assert.ok(await page.isHidden('#learn-offer'));
  });
});

// ---- kk: the lobby's offer; logged out, then registered ---------------------------------

languageRun('kk', (step, state) => {
  const name = `learner${Date.now() % 100000}`;
  let page;

  step('kk: the lobby offers the track to a fresh visitor', async () => {
    page = await openLearn(state.browser.context, `${server.url}/`);
    state.walker = new Walker('kk', page);
    await page.waitForSelector('#learn-offer:not([hidden])');
    assert.equal(await page.textContent('#learn-offer h2'), state.walker.text('learn.offer.title'));
    assert.equal(await page.textContent('#learn-offer-start'), state.walker.text('learn.offer.start'));
    assert.equal(await page.getAttribute('.site-nav a[href="learn.html"]', 'href'), 'learn.html');
    await page.setViewportSize(kPhone);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await page.screenshot({ path: path.join(kArtifacts, 'learn-kk-lobby-offer-phone.png') });
    await page.setViewportSize(kDesktop);
    // Turned down, the offer stays away (in this browser).
    await page.click('#learn-offer-dismiss');
    assert.ok(await page.isHidden('#learn-offer'));
    await reload(page);
    await page.waitForFunction(() => document.body.dataset.connected === 'true');
    assert.ok(await page.isHidden('#learn-offer'));
    await page.evaluate(() => localStorage.removeItem('tengen.lessons.offer'));
    await reload(page);
    await page.waitForSelector('#learn-offer:not([hidden])');
    await Promise.all([page.waitForURL(/learn\.html/), page.click('#learn-offer-start')]);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.getAttribute('#lesson', 'data-lesson'), track[0].id);
  });

  step('kk: a lesson done logged out moves to the account on registering', async () => {
    const w = state.walker;
    await w.solveLesson(track[0].id);
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#learn-offer:not([hidden])');
    assert.equal(await page.textContent('#learn-offer-start'), w.text('learn.offer.continue'));
    await page.fill('#login-name', name);
    await page.fill('#login-password', 'correct horse battery');
    await page.click('#register');
    await page.waitForSelector('#logged-in:not([hidden])');
    // The page forgets the browser's copy only after the upload's reply has been handled, a
    // moment after the server has it: wait for both, not for the server alone.
    await page.waitForFunction(async (id) => {
      const progress = await (await fetch('/api/lessons/progress')).json();
      return progress.stored === 'account' && progress.done.includes(id) &&
        localStorage.getItem('tengen.lessons.done') === null;
    }, track[0].id);
    assert.ok(await page.isHidden('#learn-offer'), 'no offer to a registered player');
  });

  step('kk: the account keeps the rest of the track, across reloads', async () => {
    const w = state.walker;
    await page.goto(`${server.url}/learn.html`);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#stored'), w.text('learn.stored.account'));
    assert.deepEqual(await w.doneInTrack(), [track[0].id]);
    for (const [i, { id }] of track.entries()) {
      if (i === 0) continue;
      await w.solveLesson(id);
      if (i === 1) {
        await reload(page);
        assert.deepEqual(await w.doneInTrack(), [track[0].id, id]);
        assert.equal(await page.evaluate(() => localStorage.getItem('tengen.lessons.done')), null);
      }
    }
    const progress = await page.evaluate(async () => (await fetch('/api/lessons/progress')).json());
    assert.deepEqual([...progress.done].sort(), track.map((entry) => entry.id).sort());
    assert.ok(await page.isVisible('#finish'));
    await w.noMissingStrings();
    await w.screenshots('finish');
  });
});

// ---- en: a guest; a wrong line, the keyboard, the first game ----------------------------

languageRun('en', (step, state) => {
  let page;

  step('en: a guest in the lobby is offered the track', async () => {
    page = await openLearn(state.browser.context, `${server.url}/`);
    state.walker = new Walker('en', page);
    await page.click('#guest');
    await page.waitForSelector('#logged-in:not([hidden])');
    await page.waitForSelector('#learn-offer:not([hidden])');
    await page.screenshot({ path: path.join(kArtifacts, 'learn-en-lobby-offer-desktop.png') });
    await Promise.all([page.waitForURL(/learn\.html/), page.click('#learn-offer-start')]);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#stored'), state.walker.text('learn.stored.browser'));
  });

  step('en: every lesson, with a wrong line and a keyboard-only solve on the way', async () => {
    const w = state.walker;
    for (const { id } of track) {
      await w.solveLesson(id, { wrongLine: true, keyboard: true, animate: true });
    }
    assert.ok(w.wrongLineShown, 'some move board lists a wrong line');
    assert.ok(w.animationSeen, 'a capture was animated');
    assert.ok(w.keyboardUsed, 'some move board was solved from the keyboard');
    assert.deepEqual([...JSON.parse(await page.evaluate(() =>
      localStorage.getItem('tengen.lessons.done')))].sort(), track.map((entry) => entry.id).sort());
    await reload(page);
    assert.deepEqual(await w.doneInTrack(), track.map((entry) => entry.id));
    assert.ok(await page.isVisible('#finish'));
    await w.noMissingStrings();
    await w.screenshots('finish');
  });

  step('en: a lesson opens from its address', async () => {
    const id = track[track.length - 1].id;
    await page.goto(`${server.url}/learn.html#${id}`);
    await page.waitForSelector(`#lesson[data-lesson="${id}"][data-state="ready"]`);
    assert.equal(await page.getAttribute(`#track-list a[data-lesson="${id}"]`, 'aria-current'), 'step');
    // The language changes in place, the lesson's texts with it.
    await page.selectOption('#language', 'kk');
    await page.waitForFunction(() => document.documentElement.lang === 'kk');
    assert.equal(await page.textContent('#task'), catalogues.kk[`lesson.${id}.1.task`]);
    assert.equal(await page.textContent('#lesson-title'), catalogues.kk[`lesson.${id}.title`]);
    assert.equal(await page.textContent('#track-title'), catalogues.kk['learn.track']);
    await page.selectOption('#language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    if (track.length > 1) {
      await page.click(`#track-list a[data-lesson="${track[0].id}"]`);
      await page.waitForSelector(`#lesson[data-lesson="${track[0].id}"][data-state="ready"]`);
    }
  });

  step('en: the finish button starts a 9x9 game against the weakest bot', async () => {
    await Promise.all([page.waitForURL(/game\.html\?id=\d+/), page.click('#play-bot')]);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#board svg.board[data-size="9"]');
    const gameId = Number(new URL(page.url()).searchParams.get('id'));
    const game = (await api('GET', `/api/games/${gameId}`)).game;
    assert.equal(game.size, 9);
    assert.equal(game.white.name, 'Tengen Beginner');
    assert.equal(game.white.bot, true);
    assert.match(game.black.name, /^guest-/);
    await page.screenshot({ path: path.join(kArtifacts, 'learn-en-first-game.png') });
  });
});
