// The moderators' page (moderation.html; docs/protocol.md, "Moderation"): the queue of
// reports, each resolved with a note; mutes, bans and annulments with a reason; the
// restrictions in force and the log of every action. The server checks the role at every
// request: a player who is not a moderator sees only that the page is not for them.

import { formatDateTime } from './format.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { labelCells } from './lobby_lists.js';
import { GameSocket } from './socket.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const el = (id) => document.getElementById(id);
const socket = new GameSocket();
let overview = null;
let refusal = null; // {key} why the page shows nothing
let outcome = null; // {key, params} of the last action

const kKnownErrors = ['not_moderator', 'unknown_user', 'unknown_game', 'unknown_report',
  'game_not_over', 'bad_request', 'disconnected', 'timeout'];

function errorMessage(error) {
  return kKnownErrors.includes(error.code) ? { key: `mod.error.${error.code}`, params: {} }
    : { key: 'error.generic', params: { message: error.message ?? error.code } };
}

function cell(row, content) {
  const td = document.createElement('td');
  if (content instanceof Node) td.append(content);
  else td.textContent = content ?? '';
  row.append(td);
  return td;
}

function playerLink(user) {
  if (!user) return document.createTextNode('');
  const link = document.createElement('a');
  link.href = `player.html?name=${encodeURIComponent(user.name)}`;
  link.textContent = user.name;
  return link;
}

function gameLink(gameId) {
  if (!gameId) return document.createTextNode('—');
  const link = document.createElement('a');
  link.href = `game.html?id=${gameId}`;
  link.textContent = `#${gameId}`;
  return link;
}

function queueRow(report) {
  const row = document.createElement('tr');
  row.dataset.reportId = report.id;
  cell(row, formatDateTime(report.createdMs));
  cell(row, playerLink(report.reporter));
  cell(row, playerLink(report.user));
  cell(row, gameLink(report.gameId));
  cell(row, t(`report.reason.${report.reason}`));
  cell(row, report.text).className = 'report-text';
  const note = document.createElement('input');
  note.maxLength = 500;
  note.setAttribute('aria-label', t('mod.resolutionLabel'));
  note.className = 'resolution';
  cell(row, note);
  const resolve = document.createElement('button');
  resolve.type = 'button';
  resolve.textContent = t('mod.resolve');
  resolve.addEventListener('click', () => act({ action: 'resolve', reportId: report.id,
    reason: note.value.trim() || t('mod.resolvedNoNote') }));
  cell(row, resolve);
  return row;
}

function untilText(untilMs) {
  return untilMs ? formatDateTime(untilMs) : t('mod.untilLifted');
}

function render() {
  el('mod-refused').textContent = refusal ? t(refusal.key, refusal.params) : '';
  el('mod-refused').hidden = !refusal;
  el('mod-content').hidden = !overview;
  el('act-message').textContent = outcome ? t(outcome.key, outcome.params) : '';
  renderForm();
  if (!overview) return;
  el('queue').querySelector('tbody').replaceChildren(...overview.reports.map(queueRow));
  el('queue-empty').hidden = overview.reports.length > 0;
  labelCells(el('queue'));

  el('restrictions').querySelector('tbody').replaceChildren(...overview.restrictions.map((r) => {
    const row = document.createElement('tr');
    cell(row, playerLink(r.user));
    cell(row, t(`mod.kind.${r.kind}`));
    cell(row, untilText(r.untilMs));
    cell(row, r.reason);
    return row;
  }));
  el('restrictions-empty').hidden = overview.restrictions.length > 0;
  labelCells(el('restrictions'));

  el('log').querySelector('tbody').replaceChildren(...overview.log.map((line) => {
    const row = document.createElement('tr');
    cell(row, formatDateTime(line.atMs));
    cell(row, line.moderator.id === 0 ? t('mod.commandLine') : playerLink(line.moderator));
    // The log says what was done (past tense), not the form's command.
    const what = line.untilMs ? `${t(`mod.done.${line.action}`)} (${untilText(line.untilMs)})`
      : t(`mod.done.${line.action}`);
    cell(row, what);
    cell(row, line.user ? playerLink(line.user)
      : line.gameId ? gameLink(line.gameId) : `#${line.reportId ?? ''}`);
    cell(row, line.reason);
    return row;
  }));
  labelCells(el('log'));

  el('resolved').querySelector('tbody').replaceChildren(...overview.resolved.map((report) => {
    const row = document.createElement('tr');
    cell(row, formatDateTime(report.resolvedMs));
    cell(row, playerLink(report.reporter));
    cell(row, playerLink(report.user));
    cell(row, t(`report.reason.${report.reason}`));
    cell(row, playerLink(report.resolvedBy));
    cell(row, report.resolution);
    return row;
  }));
  el('resolved-empty').hidden = overview.resolved.length > 0;
  labelCells(el('resolved'));
}

// The fields the chosen action needs, and no others.
function renderForm() {
  const action = el('act-action').value;
  el('act-name-field').hidden = action === 'annul';
  el('act-game-field').hidden = action !== 'annul';
  el('act-minutes-field').hidden = action !== 'mute' && action !== 'ban';
  el('act-minutes').required = action === 'mute';
  el('act-minutes-label').textContent = t(action === 'ban' ? 'mod.minutesBan' : 'mod.minutes');
}

async function load() {
  try {
    overview = await socket.request('mod_overview');
    refusal = null;
  } catch (error) {
    overview = null;
    refusal = error.code === 'not_logged_in' ? { key: 'mod.notLoggedIn', params: {} }
      : error.code === 'not_moderator' ? { key: 'mod.notModerator', params: {} }
        : errorMessage(error);
  }
  render();
  document.body.dataset.ready = 'true';
}

async function act(fields) {
  try {
    const reply = await socket.request('mod_action', fields);
    outcome = { key: reply.changed ? 'mod.done' : 'mod.nothingToDo', params: {} };
    // Done: the form is ready for the next action, not for this one again.
    if (reply.changed && fields.action !== 'resolve') el('act-form').reset();
  } catch (error) {
    outcome = errorMessage(error);
  }
  await load();
}

el('act-action').addEventListener('change', renderForm);
el('act-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const action = el('act-action').value;
  const fields = { action, reason: el('act-reason').value.trim() };
  if (action === 'annul') fields.gameId = Number(el('act-game').value);
  else fields.name = el('act-name').value.trim();
  const minutes = Number(el('act-minutes').value);
  if ((action === 'mute' || action === 'ban') && minutes > 0) fields.minutes = minutes;
  act(fields);
});

socket.addEventListener('connected', () => load());
onLanguageChange(render);
renderForm();
