// The game page (game.html?id=N): watches one game over the page's socket and redraws from
// every `state` the server sends. Players act through the board (moves, handicap stones,
// dead-stone toggles) and the buttons; spectators see the same read-only. A finished game
// gets a replay slider, rebuilt in the browser from the move list (see replay.js).
// Bots are marked as such; while one is to move a "thinking…" line shows in its row, and an
// engine's forfeit shows its reason and the engine's own words with the result. Moves and
// questions can be typed too, and the game is announced to screen readers (text_panel.js).

import { sgfText, sgfUrl } from './api.js';
import { BoardView } from './board_view.js';
import { playerNodes } from './bot_format.js';
import { ChatView } from './chat_view.js';
import { ClockView } from './clock_view.js';
import { ConditionalPanel } from './conditional_panel.js';
import {
  confirmationOf, confirmationOverlay, confirmationPosition, renderConfirmation,
} from './confirmation_view.js';
import { drawBotMove, EngineReviewPanel } from './engine_review_panel.js';
import { EstimatePanel } from './estimate_panel.js';
import { describeHandicap, describeResult, describeRules, describeTime, formatNumber,
  formatDateTime, playerName, ratedInEffect, ruleSpecDetail } from './format.js';
import { GameControls } from './game_controls.js';
import { GameReviews } from './review_lists.js';
import { modeFor, overlayFor, positionFor, stonesOf } from './game_position.js';
import { PresenceView } from './presence_view.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { Replay, setupFromSgf } from './replay.js';
import { renderForfeit, renderRemoval, renderScore } from './score_view.js';
import { SiteNotices } from './site_notices.js';
import { GameSocket } from './socket.js';
import { TextPanel } from './text_panel.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const gameId = Number(new URLSearchParams(location.search).get('id'));
const messageBox = document.getElementById('message');
const statusBox = document.getElementById('status');
const socket = new GameSocket();
// Challenges to the player and their other games waiting for a move show here too.
const notices = new SiteNotices({ socket, gameId });

let game = null; // the summary
let you = 'spectator';
let state = null;
let moves = []; // [{colour, point}] with point a vertex or "pass"
let lastMessage = null; // {key, params}: re-translated on a language change
let handicapPicks = []; // free handicap points Black has chosen, not yet sent
let replay = null;
let replayAt = 0;
let disputing = false; // the viewer pressed Dispute: the next click on a group disputes it

// The text panel announces moves with captures and atari; the board's own live region would
// only repeat them.
const board = new BoardView(document.getElementById('board'),
  { t, size: 19, announceMoves: false });
const clocks = new ClockView({
  black: document.querySelector('.player[data-colour="black"] .clock'),
  white: document.querySelector('.player[data-colour="white"] .clock'),
}, () => socket.serverNowMs());
const controls = new GameControls({ command });
const textPanel = new TextPanel({ t, command, serverNowMs: () => socket.serverNowMs(),
  cursorVertex: () => board.cursorVertex, playAt, describeResult, formatNumber });
const presence = new PresenceView({ command, serverNow: () => socket.serverNowMs() });
const conditional = new ConditionalPanel({ socket, gameId });
const estimate = new EstimatePanel({ socket, gameId, onChange: () => render() });
const engineReview = new EngineReviewPanel({ socket, gameId,
  onPick: (moveNumber) => step(moveNumber), onChange: () => render() });
const reviews = new GameReviews({ socket, gameId });
const chat = new ChatView({ send: (text) => command('chat', { text }, { quiet: false }),
  onError: showError });

// ---- messages ---------------------------------------------------------------------------

// params.why ('ko', 'suicide', ...) becomes the translated {reason} and params.colour
// ('black', 'white') the translated {color}, so the message can be said again in another
// language.
function say(key, params = {}) {
  lastMessage = key ? { key, params } : null;
  const reason = params.why ? t(`reason.${params.why}`) : '';
  const color = params.colour ? { color: t(`color.${params.colour}`) }
    : params.turn ? { color: t(`game.notYourTurnColor.${params.turn}`) } : {};
  messageBox.textContent = key ? t(key, { ...params, reason, ...color }) : '';
}

const kKnownErrors = ['not_found', 'not_logged_in', 'not_a_player', 'not_your_turn',
  'wrong_phase', 'stale_version', 'bad_request', 'nothing_to_undo', 'no_undo_request',
  'store_failed', 'owner_unavailable', 'disconnected', 'timeout', 'too_early',
  'opponent_present'];

function showError(error) {
  if (error.code === 'muted') {
    showMute();
  } else if (error.code === 'illegal_move') {
    say('error.illegal_move', { why: error.reason === 'off_board' ? 'offBoard' : error.reason });
  } else if (kKnownErrors.includes(error.code)) {
    say(`error.${error.code}`);
  } else {
    say('error.generic', { message: error.message ?? error.code });
  }
}

// A player may report or block the opponent from the opponent's profile, the game named.
function renderReportLink() {
  const opponent = you === 'black' ? game?.white : you === 'white' ? game?.black : null;
  const line = document.getElementById('report-line');
  line.hidden = !opponent || Boolean(opponent.bot);
  if (line.hidden) return;
  const link = document.getElementById('report-link');
  link.href = `player.html?name=${encodeURIComponent(opponent.name)}&game=${gameId}`;
  link.textContent = t('report.opponent', { name: opponent.name });
}

// A muted player's chat is refused; the socket's moderation_status says until when and why,
// so the refusal reads in the player's language. The moderator's words go in as {cause}:
// say() gives {reason} its own meaning (a move's refusal).
async function showMute() {
  try {
    const { mute } = await socket.request('moderation_status');
    if (!mute) return say(null);
    say(mute.untilMs ? 'error.muted' : 'error.mutedForever',
      { until: mute.untilMs ? formatDateTime(mute.untilMs) : '', cause: mute.reason });
  } catch (error) {
    say('error.generic', { message: error.message ?? error.code });
  }
}

// Commands whose meaning depends on the position carry the version we last saw, so a click
// on a board that has changed since is refused (stale_version) instead of misapplied. Chat
// and resigning mean the same on any version.
const kVersionFree = new Set(['chat', 'resign', 'claim_win', 'annul']);

async function command(type, fields = {}, { quiet = true } = {}) {
  const version = kVersionFree.has(type) ? {} : { expectedVersion: socket.versionOf(gameId) };
  try {
    const before = lastMessage;
    const reply = await socket.request(type, { gameId, ...version, ...fields });
    // A message that came meanwhile (a bot declining the undo just asked) stays.
    if (lastMessage === before) say(null);
    return reply;
  } catch (error) {
    showError(error);
    if (error.code === 'stale_version') socket.watch(gameId, watcher);
    if (!quiet) throw error;
    return null;
  }
}

// ---- drawing ----------------------------------------------------------------------------

function renderInfo() {
  document.getElementById('game-title').textContent = t('game.title', { id: gameId });
  document.title = t('game.pageTitleNumbered', { id: gameId });
  if (!game) return;
  const info = document.getElementById('game-info');
  info.textContent = t('game.info', {
    size: game.size, rules: describeRules(game.rules), komi: formatNumber(game.komi),
    handicap: describeHandicap(game), time: describeTime(game.time),
  }) + ` · ${t(ratedInEffect(game) ? 'game.rated' : 'game.unrated')}` +
    (game.estimates ? ` · ${t('game.estimatesOn')}` : '');
  info.title = ruleSpecDetail(game.rules);
  for (const colour of ['black', 'white']) {
    const row = document.querySelector(`.player[data-colour="${colour}"]`);
    const name = playerName(game[colour]);
    row.querySelector('.player-name').replaceChildren(...playerNodes(game[colour],
      colour === you ? t('game.you', { name }) : name));
    const toAct = (state?.phase === 'play' && state.toMove === colour) ||
      (state?.phase === 'handicap' && colour === 'black');
    renderThinking(row, toAct && Boolean(game[colour]?.bot));
    row.querySelector('.player-captures').textContent =
      t('game.captures', { count: state?.captures?.[colour] ?? 0 });
    row.classList.toggle('to-move', state?.phase === 'play' && state.toMove === colour);
  }
}

// The "thinking…" line of a player row, made on first use (game.html has no place for it).
function renderThinking(row, thinking) {
  let line = row.querySelector('.bot-thinking');
  if (!line) {
    line = document.createElement('span');
    line.className = 'bot-thinking';
    row.querySelector('.player-name').after(line);
  }
  line.hidden = !thinking;
  line.textContent = t('game.thinking');
  row.dataset.thinking = String(thinking);
}

function statusText() {
  if (!state) return '';
  switch (state.phase) {
    case 'open':
      return t('game.status.open');
    case 'handicap':
      return you === 'black'
        ? t('game.status.placeHandicap', { count: game.handicap, placed: handicapPicks.length })
        : t('game.status.handicap');
    case 'play': {
      const turn = state.toMove === you ? t('game.status.yourTurn')
        : t('game.status.toMove', { color: t(`color.${state.toMove}`) });
      // A vacation stops both clocks (docs/protocol.md, "Vacation"): say whose.
      const away = state.clocks?.paused ? state.clocks.onVacation ?? [] : [];
      if (!away.length) return turn;
      const names = away.map((colour) => t(`color.${colour}`)).join(', ');
      return `${turn} ${t('game.status.vacation', { names })}`;
    }
    case 'removal':
      return t(confirmationOf(state) ? 'game.status.confirmation' : 'game.status.removal');
    case 'finished':
    case 'cancelled':
      return state.result ? t('game.status.finished', { result: describeResult(state.result, state.endReason) })
        : t('game.status.cancelled');
    default:
      return '';
  }
}

// The move the board shows: the replay's, else the game's last.
function shownMove() {
  return replay && replayAt < replay.length ? replayAt : moves.length;
}

function renderBoard() {
  const estimated = estimate.overlay(shownMove());
  if (replay && replayAt < replay.length) {
    board.setScoreOverlay(estimated);
    board.setPosition(replay.positionAt(replayAt));
    board.setMode('view');
    drawBotMove(board, engineReview.botMoveFor(replayAt));
    return;
  }
  drawBotMove(board, replay ? engineReview.botMoveFor(moves.length) : null);
  const confirmation = confirmationOf(state);
  if (confirmation) {
    // The confirmation's own board; the game's stays as it stopped (docs/protocol.md).
    board.setPosition(confirmationPosition(confirmation, game.size, you));
    board.setScoreOverlay(confirmationOverlay(confirmation));
    board.setMode(confirmation.toMove === you ? 'play' : 'view');
    return;
  }
  const position = positionFor(state, game.size, you, moves);
  if (state.phase === 'handicap' && you === 'black') {
    // Free placement: every empty point is open; chosen points show as Black's stones.
    const stones = stonesOf(state.board, game.size);
    position.stones = { black: [...stones.black, ...handicapPicks], white: stones.white };
    position.toMove = 'black';
    position.legal = null;
  }
  board.setPosition(position);
  board.setScoreOverlay(estimated ?? overlayFor(state));
  board.setMode(state.phase === 'handicap' && you === 'black' ? 'play' : modeFor(state, you));
}

function renderMoves() {
  const list = document.getElementById('moves');
  list.replaceChildren(...moves.map((move) => {
    const item = document.createElement('li');
    const color = t(`color.${move.colour}`);
    item.textContent = move.point === 'pass' ? t('game.movePass', { color })
      : t('game.move', { color, vertex: move.point });
    return item;
  }));
  followReplay();
}

// While the replay slider is off the end, the move it shows is marked in the list and kept
// in view; otherwise the list follows the game's last move.
function followReplay() {
  const list = document.getElementById('moves');
  const at = replay && replayAt < replay.length ? replayAt : null;
  for (const item of list.querySelectorAll('[aria-current]')) item.removeAttribute('aria-current');
  const current = at === null ? null : list.children[at - 1];
  if (!current) {
    list.scrollTop = at === 0 ? 0 : list.scrollHeight;
    return;
  }
  current.setAttribute('aria-current', 'step');
  // Only the list scrolls (scrollIntoView would move the page under a phone player's thumb).
  list.scrollTop = current.offsetTop - (list.clientHeight - current.offsetHeight) / 2;
}

function renderReplay() {
  const panel = document.getElementById('replay');
  panel.hidden = !replay;
  if (!replay) return;
  const slider = document.getElementById('replay-slider');
  slider.max = String(replay.length);
  slider.value = String(replayAt);
  document.getElementById('replay-position').textContent =
    t('replay.position', { move: replayAt, total: replay.length });
}

function render() {
  if (!state || !game) return;
  // "Not your turn" is true only until the turn comes.
  const turnNote = ['game.notYourTurn', 'game.spectatorClick'].includes(lastMessage?.key);
  if (turnNote && (state.phase !== 'play' || state.toMove === you)) say(null);
  renderInfo();
  renderBoard();
  statusBox.textContent = statusText();
  document.getElementById('handicap-place').hidden =
    !(state.phase === 'handicap' && you === 'black');
  document.getElementById('handicap-place').disabled = handicapPicks.length !== game.handicap;
  const opponent = you === 'black' ? game.white : you === 'white' ? game.black : null;
  controls.update(state, you, moves.some((move) => move.colour === you),
    Boolean(opponent?.bot));
  clocks.update(state.clocks, game.time);
  textPanel.update({ game, state, you, moves });
  presence.update(state, you, game);
  conditional.update({ game, state, you });
  estimate.update(state, shownMove(), game);
  engineReview.update(state, shownMove());
  reviews.update(state.phase);
  // While a confirmation runs, the marks, the count and Accept wait for its verdict.
  const confirming = Boolean(confirmationOf(state));
  renderRemoval(confirming ? { ...state, phase: 'confirming' } : state, you);
  if (state.phase !== 'removal' || confirming) disputing = false;
  renderConfirmation(state, you, disputing);
  const counted = state.phase === 'finished' || (state.phase === 'removal' && !confirming);
  renderScore(counted ? state.score : null, { rules: game.rules, final: state.phase === 'finished' });
  // The state carries the forfeit ({colour, reason, detail}) from its event on.
  renderForfeit(state.phase === 'finished' ? state.forfeit ?? null : null);
  renderReplay();
  followReplay();
  document.body.dataset.phase = state.phase;
  document.body.dataset.result = state.result ?? '';
  document.body.dataset.version = String(socket.versionOf(gameId));
}

// ---- game messages ----------------------------------------------------------------------

let replayStarted = false;

async function prepareReplay() {
  if (state.phase !== 'finished' || replayStarted) return;
  replayStarted = true;
  let setup = { black: [], white: [] };
  if (game.handicap > 0) setup = setupFromSgf(await sgfText(gameId).catch(() => ''), game.size);
  replay = new Replay(game.size, moves, setup);
  replayAt = replay.length;
  render();
}

function normaliseMove(entry) {
  const pass = entry.kind === 'pass' || !entry.point;
  return { colour: entry.colour, point: pass ? 'pass' : entry.point };
}

// The opponent (a bot always) said no to our undo request.
function sayUndoDeclined(event) {
  if (event.colour === you || (you !== 'black' && you !== 'white')) return;
  const opponent = game[event.colour];
  if (opponent?.bot) say('game.undoDeclinedBot', { name: opponent.name });
  else say('game.undoDeclined', { colour: event.colour });
}

const watcher = {
  state(message) {
    game = message.game;
    you = message.you ?? 'spectator';
    state = message.state;
    moves = (message.moves ?? []).map(normaliseMove);
    chat.reset(message.chat ?? []);
    engineReview.resync();
    presence.setPresence(message.presence ?? null);
    chat.setViewer(you, Boolean(socket.user));
    renderReportLink();
    renderMoves();
    render();
    prepareReplay();
    document.body.dataset.ready = 'true';
  },
  event(message) {
    const event = message.event;
    if (event.kind === 'move' || event.kind === 'pass') moves.push(normaliseMove(event));
    if (event.kind === 'undo_reply' && event.accept && event.undone) {
      moves.splice(moves.length - event.undone, event.undone);
    }
    if (event.kind === 'start') game = { ...game, black: event.black, white: event.white };
    if (event.kind === 'end') game = { ...game, result: event.result };
    if (event.kind === 'undo_reply' && !event.accept) sayUndoDeclined(event);
    if (event.kind === 'chat') chat.add(event);
    if (event.kind === 'handicap') handicapPicks = [];
    state = message.state;
    renderMoves();
    render();
    textPanel.onEvent(event, state);
    prepareReplay();
  },
  error(error) {
    showError(error);
    statusBox.textContent = t('game.notFound');
    document.body.dataset.ready = 'true';
  },
};

// ---- input ------------------------------------------------------------------------------

// A point played from the board or typed into the text field.
function playAt(vertex) {
  if (state.phase === 'handicap') {
    const open = handicapPicks.length < game.handicap && !handicapPicks.includes(vertex);
    if (open) handicapPicks.push(vertex);
    render();
    return;
  }
  command(confirmationOf(state) ? 'confirm_move' : 'move', { point: vertex });
}

board.addEventListener('play', (event) => playAt(event.detail.vertex));

// A click on a board that takes no move now: say why instead of staying silent.
board.addEventListener('inert', () => {
  if (state?.phase !== 'play' || confirmationOf(state) || (replay && replayAt < replay.length)) {
    return;
  }
  if (you === 'black' || you === 'white') say('game.notYourTurn', { turn: state.toMove });
  else say('game.spectatorClick');
});

board.addEventListener('illegal', (event) => {
  const { vertex, why } = event.detail;
  if (state?.phase === 'handicap' && handicapPicks.includes(vertex)) {
    handicapPicks = handicapPicks.filter((point) => point !== vertex);
    render();
    return;
  }
  say(why ? 'board.forbiddenBecause' : 'board.forbidden', { vertex, why });
});

board.addEventListener('toggle', (event) => {
  if (disputing) {
    disputing = false;
    command('confirm_start', { points: [event.detail.vertex] });
    render();
    return;
  }
  command('removal_toggle', { point: event.detail.vertex });
});

document.getElementById('confirmation-dispute').addEventListener('click', () => {
  disputing = !disputing;
  render();
});
document.getElementById('confirmation-pass').addEventListener('click', () =>
  command('confirm_pass'));
document.getElementById('confirmation-finish').addEventListener('click', () =>
  command('confirm_finish'));

document.getElementById('handicap-place').addEventListener('click', () =>
  command('place_handicap', { points: handicapPicks }));

const slider = document.getElementById('replay-slider');
function step(to) {
  if (!replay) return;
  replayAt = Math.max(0, Math.min(replay.length, to));
  render();
}
slider.addEventListener('input', () => step(Number(slider.value)));
document.getElementById('replay-first').addEventListener('click', () => step(0));
document.getElementById('replay-prev').addEventListener('click', () => step(replayAt - 1));
document.getElementById('replay-next').addEventListener('click', () => step(replayAt + 1));
document.getElementById('replay-last').addEventListener('click', () => step(Infinity));

// Who is connected changes without a game event (docs/protocol.md "Leaving a game").
socket.on('presence', (message) => {
  if (message.gameId === gameId) presence.setPresence(message.presence);
});

// body[data-connected] as on the lobby page: for the tests, which wait for a reconnect.
socket.addEventListener('connected', () => {
  document.getElementById('connection').textContent = '';
  document.body.dataset.connected = 'true';
  chat.setViewer(you, Boolean(socket.user));
});
socket.addEventListener('disconnected', () => {
  document.getElementById('connection').textContent = t('connection.offline');
  document.body.dataset.connected = 'false';
});

onLanguageChange(() => {
  notices.relabel();
  board.relabel();
  controls.relabel();
  textPanel.relabel();
  presence.relabel();
  chat.relabel();
  conditional.relabel();
  estimate.relabel();
  engineReview.relabel();
  reviews.relabel();
  renderReportLink();
  if (lastMessage) say(lastMessage.key, lastMessage.params);
  renderMoves();
  render();
  renderInfo();
});

const sgfLink = document.getElementById('sgf');
sgfLink.href = sgfUrl(gameId);
sgfLink.download = `tengen-${gameId}.sgf`;
renderInfo();
if (!Number.isInteger(gameId) || gameId <= 0) {
  statusBox.textContent = t('game.notFound');
  document.body.dataset.ready = 'true';
} else {
  socket.watch(gameId, watcher);
}
