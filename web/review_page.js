// The review board page (/review.html?id=N; docs/protocol.md, "Reviews"): a shared board that
// everyone following sees at the same node. The owner and those they hand control to move
// through the tree, play variations, mark points and comment; the server refuses anyone else,
// and the page offers the tools only to controllers. The current move and its comment are
// announced (a polite live region), and ← → Home End walk the line from the keyboard.

import { reviewSgfUrl } from './api.js';
import { BoardView } from './board_view.js';
import { ChatView } from './chat_view.js';
import { describeRules } from './format.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { drawReviewMarks } from './review_marks.js';
import { ReviewTree } from './review_tree.js';
import { GameSocket } from './socket.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const reviewId = Number(new URLSearchParams(location.search).get('id'));
const socket = new GameSocket();
const $ = (id) => document.getElementById(id);

let state = null; // the last review_state
let followers = null; // the last review_followers (or the state's own lists)
let lastSaid = null; // the words last announced
let message = null; // {key, params}: re-translated on a language change

const board = new BoardView($('board'), { t, size: 19, announceMoves: false });
const tree = new ReviewTree($('review-tree'), { onGoTo: (node) => goTo(node) });

class ReviewChat extends ChatView {
  relabel() {
    super.relabel();
    this.channelNote_.textContent = this.form_.hidden ? '' : t('review.chatNote');
  }
}
const chat = new ReviewChat({
  send: (text) => socket.request('review_chat', { reviewId, text }),
  onError: (error) => showError(error),
});

function say(key, params = {}) {
  message = key ? { key, params } : null;
  $('review-message').textContent = key ? t(key, params) : '';
}

const kKnownErrors = ['not_controller', 'not_owner', 'not_following', 'not_found',
  'illegal_move', 'bad_label', 'too_many_marks', 'too_many_nodes', 'comment_too_long',
  'not_logged_in', 'muted', 'store_failed', 'disconnected', 'timeout'];

function showError(error) {
  if (kKnownErrors.includes(error.code)) say(`review.error.${error.code}`, { message: error.message });
  else say('error.generic', { message: error.message ?? error.code });
}

const me = () => socket.user?.id ?? 0;
const controls = () => Boolean(state) && me() !== 0 &&
  (state.owner.id === me() || (followers?.controllers ?? []).some((c) => c.id === me()));

async function edit(fields) {
  try {
    say(null);
    await socket.request('review_edit', { reviewId, ...fields });
  } catch (error) {
    showError(error);
  }
}

function goTo(node) {
  if (!state || node < 0 || node >= state.nodes.length || node === state.node) return;
  if (controls()) edit({ op: 'goto', node });
}

const tool = () => document.querySelector('input[name="tool"]:checked')?.value ?? 'play';

// A click on the board: a move, or the chosen mark (the same mark again takes it off).
function onPoint(vertex) {
  if (!controls()) {
    say('review.error.not_controller');
    return;
  }
  const chosen = tool();
  if (chosen === 'play') return edit({ op: 'play', vertex });
  const present = state.marks.find((m) => m.vertex === vertex);
  if (chosen === 'erase' || (present && present.mark === chosen && chosen !== 'LB')) {
    return edit({ op: 'unmark', vertex });
  }
  const fields = { op: 'mark', vertex, mark: chosen };
  if (chosen === 'LB') fields.label = $('label-text').value.trim();
  return edit(fields);
}
board.addEventListener('play', (event) => onPoint(event.detail.vertex));
board.addEventListener('illegal', (event) => onPoint(event.detail.vertex));
board.addEventListener('inert', () => { if (!controls()) say('review.error.not_controller'); });

$('review-pass').addEventListener('click', () => edit({ op: 'play', vertex: 'pass' }));
$('comment-form').addEventListener('submit', (event) => {
  event.preventDefault();
  edit({ op: 'comment', text: $('comment-text').value });
});

const step = {
  first: () => 0,
  prev: () => tree.parentOf(state.node),
  next: () => tree.firstChildOf(state.node),
  last: () => tree.endOf(state.node),
};
for (const [name, target] of Object.entries(step)) {
  $(`nav-${name}`).addEventListener('click', () => state && goTo(target()));
}
// ← → Home End walk the line; not while typing, nor on the board (whose arrows move its cursor).
document.addEventListener('keydown', (event) => {
  if (!state || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest?.('input, textarea, select, svg')) return;
  const keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
  const name = keys[event.key];
  if (!name) return;
  event.preventDefault();
  goTo(step[name]());
});

function markWords(marks) {
  return marks.map((m) => (m.mark === 'LB'
    ? t('review.markSaid.LB', { vertex: m.vertex, label: m.label })
    : t(`review.markSaid.${m.mark}`, { vertex: m.vertex }))).join(', ');
}

function renderFollowers() {
  const list = $('review-followers');
  const data = followers ?? state;
  if (!data) return;
  const controllerIds = new Set((data.controllers ?? []).map((c) => c.id));
  const owner = state?.owner ?? data.owner;
  list.replaceChildren(...(data.followers ?? []).map((user) => {
    const item = document.createElement('li');
    item.dataset.user = user.name;
    const role = user.id === owner?.id ? t('review.role.owner')
      : controllerIds.has(user.id) ? t('review.role.controller') : '';
    item.textContent = role ? `${user.name} (${role})` : user.name;
    if (owner?.id === me() && user.id !== me()) {
      const button = document.createElement('button');
      button.type = 'button';
      const grant = !controllerIds.has(user.id);
      button.className = grant ? 'grant-control' : 'revoke-control';
      button.textContent = t(grant ? 'review.grant' : 'review.revoke', { name: user.name });
      button.addEventListener('click', () => socket.request('review_control',
        { reviewId, userId: user.id, grant }).catch(showError));
      item.append(' ', button);
    }
    return item;
  }));
}

function render() {
  if (!state) return;
  document.title = t('review.pageTitleOf', { title: state.title });
  $('review-title').textContent = state.title;
  const rules = state.board.rules ? describeRules(state.board.rules) : '';
  const gamePart = state.gameId ? t('review.ofGame', { id: state.gameId }) : '';
  $('review-info').textContent = [t('review.ownedBy', { name: state.owner.name }), gamePart,
    `${state.board.size}×${state.board.size}`, rules].filter(Boolean).join(' · ');
  const b = state.board;
  board.setPosition({ size: b.size, stones: b.stones ?? {}, toMove: controls() ? b.toMove : null,
    lastMove: b.lastMove ?? null });
  board.setMode(controls() ? 'play' : 'view');
  drawReviewMarks(board, state.marks, b.stones ?? {});
  tree.setTree(state.nodes, state.node);
  const position = tree.describe(state.node);
  $('review-position').textContent = b.error ? t('review.badPosition', { error: b.error })
    : t('review.position', { position, toMove: t(`color.${b.toMove}`) });
  $('comment-view').textContent = state.comment || t('review.noComment');
  $('review-tools').hidden = !controls();
  $('review-role').textContent = !socket.user ? t('review.role.anonymous')
    : controls() ? t('review.role.youControl') : t('review.role.youFollow');
  if (document.activeElement !== $('comment-text')) $('comment-text').value = state.comment;
  renderFollowers();
  chat.setViewer('player', Boolean(socket.user));
  document.body.dataset.node = String(state.node);
}

// Says the move, its marks (which the SVG hides) and its comment whenever any of them changes.
function announce() {
  if (!state) return;
  const parts = [tree.describe(state.node)];
  if (state.marks.length) parts.push(t('review.marksSaid', { marks: markWords(state.marks) }));
  if (state.comment) parts.push(t('review.commentSaid', { comment: state.comment }));
  const said = parts.join('. ');
  if (said === lastSaid) return;
  lastSaid = said;
  $('review-announce').textContent = said;
}

// Pushes may overtake each other on the server (review_service.h): the highest version wins.
let followersVersion = -1;
socket.on('review_state', (m) => {
  if (m.reviewId !== reviewId || (state && m.version < state.version)) return;
  const first = state === null;
  // A refusal is about the position it was made at: a new node clears it.
  if (state && state.node !== m.node) say(null);
  state = m;
  if (m.version >= followersVersion) {
    followersVersion = m.version;
    followers = { owner: m.owner, controllers: m.controllers, followers: m.followers };
  }
  if (first) chat.reset(m.chat.map((line) => ({ ...line, channel: 'players' })));
  render();
  announce();
  document.body.dataset.ready = 'true';
});
socket.on('review_followers', (m) => {
  if (m.reviewId !== reviewId || m.version < followersVersion) return;
  followersVersion = m.version;
  followers = m;
  render();
});
socket.on('review_chat', (m) => {
  if (m.reviewId !== reviewId) return;
  chat.add({ channel: 'players', from: m.from, text: m.text, timeMs: m.timeMs });
});

async function follow() {
  try {
    state = null; // a new socket: the board may have been reopened, its versions anew
    followersVersion = -1;
    await socket.request('review_follow', { reviewId });
    $('connection').textContent = '';
  } catch (error) {
    if (error.code === 'not_found') $('review-position').textContent = t('review.notFound');
    else showError(error);
    document.body.dataset.ready = 'true';
  }
}
socket.addEventListener('connected', () => {
  document.body.dataset.connected = 'true';
  follow();
});
socket.addEventListener('disconnected', () => {
  document.body.dataset.connected = 'false';
  $('connection').textContent = t('review.reconnecting');
});

onLanguageChange(() => {
  board.relabel();
  chat.relabel();
  if (message) say(message.key, message.params);
  lastSaid = null;
  render();
  announce();
});

const sgfLink = $('review-sgf');
sgfLink.href = reviewSgfUrl(reviewId);
sgfLink.download = `tengen-review-${reviewId}.sgf`;
if (!Number.isInteger(reviewId) || reviewId <= 0) {
  $('review-position').textContent = t('review.notFound');
  document.body.dataset.ready = 'true';
}
