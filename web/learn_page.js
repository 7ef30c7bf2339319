// The Learn page (learn.html): the track of lessons (GET /api/lessons) as a list with the
// done ones ticked, one lesson at a time with its boards in order (learn.html#<id> opens a
// lesson), the progress (learn_progress.js) and, after the last lesson, a first game against
// the weakest bot. Each board is a LessonView; this page only moves between them.

import { lesson as fetchLesson, lessonTrack } from './api.js';
import { startFirstGame } from './first_game.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { closeOffer, LessonProgress } from './learn_progress.js';
import { LessonView } from './lesson_view.js';
import { SiteNotices } from './site_notices.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const view = new LessonView();
const errorBox = document.getElementById('learn-error');
const finish = document.getElementById('finish');
const finishMessage = document.getElementById('finish-message');
let track = []; // [{id, boards}]
let progress = null;
let current = null; // {lesson: GET /api/lessons/{id}, index (in track), n (board, from 1)}
let lastError = null; // {key, params}: re-translated on a language change
let finishError = null;

function showError(key, params = {}) {
  lastError = key ? { key, params } : null;
  errorBox.textContent = key ? t(key, params) : '';
}

// ---- the track --------------------------------------------------------------------------

function renderTrack() {
  const list = document.getElementById('track-list');
  list.replaceChildren(...track.map((entry, index) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `#${entry.id}`;
    link.dataset.lesson = entry.id;
    const done = progress?.has(entry.id);
    item.dataset.done = String(Boolean(done));
    const mark = document.createElement('span');
    mark.className = 'done-mark';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = done ? '✓' : '';
    const title = document.createElement('span');
    title.textContent = t('learn.trackItem', { number: index + 1,
      title: t(`lesson.${entry.id}.title`) });
    link.append(mark, title);
    if (done) {
      const hidden = document.createElement('span');
      hidden.className = 'visually-hidden';
      hidden.textContent = ` ${t('learn.doneMark')}`;
      link.append(hidden);
    }
    if (current?.lesson.id === entry.id) link.setAttribute('aria-current', 'step');
    item.append(link);
    return item;
  }));
  const count = track.filter((entry) => progress?.has(entry.id)).length;
  document.getElementById('track-progress').textContent =
    t('learn.trackProgress', { done: count, total: track.length });
  document.getElementById('stored').textContent =
    progress ? t(`learn.stored.${progress.stored}`) : '';
  document.body.dataset.doneCount = String(count);
}

const allDone = () => track.length > 0 && track.every((entry) => progress.has(entry.id));

// ---- one lesson -------------------------------------------------------------------------

function nextLabel() {
  const { lesson, n } = current;
  if (n < lesson.boards.length) return 'learn.nextBoard';
  return lesson.next ? 'learn.nextLesson' : 'learn.finishTrack';
}

function renderHeading() {
  const { lesson, index, n } = current;
  document.getElementById('lesson-number').textContent =
    t('learn.lessonOf', { number: index + 1, total: track.length });
  document.getElementById('lesson-title').textContent = t(`lesson.${lesson.id}.title`);
  document.getElementById('board-title').textContent =
    t('learn.boardOf', { number: n, total: lesson.boards.length });
  document.title = t('learn.pageTitleLesson', { title: t(`lesson.${lesson.id}.title`) });
}

function showBoard(n) {
  current.n = n;
  const root = document.getElementById('lesson');
  root.dataset.lesson = current.lesson.id;
  root.dataset.board = String(n);
  renderHeading();
  view.show(current.lesson.id, n, current.lesson.boards[n - 1], { nextLabel: nextLabel() });
}

async function openLesson(id) {
  const index = track.findIndex((entry) => entry.id === id);
  if (index < 0) {
    showError('learn.error.notFound', { id });
    return;
  }
  showError(null);
  finish.hidden = !allDone();
  document.getElementById('lesson').dataset.state = 'loading';
  let lesson;
  try {
    lesson = await fetchLesson(id);
  } catch (error) {
    showError('learn.error.generic', { message: error.message ?? error.code });
    return;
  }
  current = { lesson, index, n: 1 };
  renderTrack();
  showBoard(1);
}

// The lesson named in the address, else the first one not done yet.
function lessonFromAddress() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (track.some((entry) => entry.id === id)) return id;
  return (track.find((entry) => !progress.has(entry.id)) ?? track[0])?.id ?? null;
}

view.addEventListener('solved', async () => {
  const { lesson, n } = current;
  if (n < lesson.boards.length) return;
  try {
    await progress.markDone(lesson.id);
  } catch (error) {
    showError('learn.error.progress', { message: error.message ?? error.code });
  }
  renderTrack();
  if (allDone()) closeOffer('finished');
  if (!lesson.next) finish.hidden = false;
});

view.addEventListener('next', () => {
  const { lesson, n } = current;
  if (n < lesson.boards.length) {
    showBoard(n + 1);
    view.element.focus();
  } else if (lesson.next) {
    location.hash = lesson.next; // hashchange opens it
  } else {
    finish.hidden = false;
    document.getElementById('play-bot').focus();
  }
});

window.addEventListener('hashchange', async () => {
  const id = lessonFromAddress();
  if (id && id !== current?.lesson.id) {
    await openLesson(id);
    document.getElementById('lesson-title').focus();
  }
});

// ---- the first game ---------------------------------------------------------------------

function renderFinishError() {
  finishMessage.textContent = finishError
    ? t('learn.finish.error', { message: finishError.message ?? finishError.code }) : '';
}

document.getElementById('play-bot').addEventListener('click', async () => {
  const button = document.getElementById('play-bot');
  button.disabled = true;
  finishError = null;
  finishMessage.textContent = t('learn.finish.starting');
  try {
    const gameId = await startFirstGame();
    location.href = `game.html?id=${gameId}`;
  } catch (error) {
    finishError = error;
    renderFinishError();
    button.disabled = false;
  }
});

// ---- start ------------------------------------------------------------------------------

// Challenges and "your move" reach a signed-in player here too.
const notices = new SiteNotices();

onLanguageChange(() => {
  notices.relabel();
  renderTrack();
  if (current) {
    renderHeading();
    view.relabel();
  }
  if (lastError) showError(lastError.key, lastError.params);
  renderFinishError();
});

try {
  [track, progress] = await Promise.all([lessonTrack(), LessonProgress.load()]);
  renderTrack();
  const id = lessonFromAddress();
  if (id) await openLesson(id);
} catch (error) {
  showError('learn.error.generic', { message: error.message ?? error.code });
}
document.body.dataset.ready = 'true';
