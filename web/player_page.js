// The player's profile (player.html?name=X): name and rank, the ratings per category, the
// rating history as a graph and the finished games, 20 a page, filtered by board size
// (docs/protocol.md, "Players"). A guest has no ratings; an unknown name says so.

import { playerGames, playerProfile } from './api.js';
import { playerNodes } from './bot_format.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { describeResult, formatDate, formatDateTime, formatNumber } from './format.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { labelCells } from './lobby_lists.js';
import { formatRank } from './ranks.js';
import { categoryOrder, renderRatingGraph } from './rating_graph.js';
import { PlayerModeration } from './player_moderation.js';
import { PlayerReviews } from './review_lists.js';
import { SiteNotices } from './site_notices.js';
import { GameSocket } from './socket.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const name = new URLSearchParams(location.search).get('name') ?? '';
let profile = null;
let failure = null; // the error of the profile request
let viewer = null; // who reads the page (the socket's welcome), for the Challenge link
let games = null; // the games page shown: {games, page, more}
let size = 0;
let page = 0;

const kSpeeds = ['blitz', 'live', 'correspondence'];

// "overall", "live", "9x9", "19x19-live" in words.
export function categoryName(category) {
  if (category === 'overall') return t('profile.category.overall');
  const [first, second] = category.split('-');
  const sizeText = (text) => text.replace('x', '×');
  if (kSpeeds.includes(first)) return t(`profile.speed.${first}`);
  if (second && kSpeeds.includes(second)) {
    return t('profile.category.sizeSpeed', { size: sizeText(first),
      speed: t(`profile.speed.${second}`) });
  }
  return sizeText(category);
}

const formatRating = (value) => formatNumber(Math.round(value));

function renderHead() {
  document.title = t('profile.pageTitleNamed', { name: name || '?' });
  const heading = document.getElementById('player-name');
  heading.textContent = name || t('profile.unknown');
  const rankLine = document.getElementById('player-rank');
  const note = document.getElementById('rank-note');
  const message = document.getElementById('player-message');
  message.textContent = '';
  rankLine.textContent = '';
  note.hidden = true;
  // Opponents see why the clocks of their games with this player stand still.
  const away = document.getElementById('player-vacation');
  away.hidden = !profile?.vacation;
  away.textContent = profile?.vacation
    ? t('profile.onVacation', { until: formatDateTime(profile.vacation.endsAtMs) }) : '';
  // Challenging happens in the lobby, where the table is set and the answer awaited.
  const actions = document.getElementById('player-actions');
  actions.hidden = !profile || profile.guest || Boolean(profile.bot) || !viewer ||
    viewer.guest || viewer.name === name || Boolean(moderation?.blocksPlayer);
  document.getElementById('player-challenge').href =
    `index.html?challenge=${encodeURIComponent(name)}`;
  if (failure) {
    message.textContent = failure.code === 'not_found' || !name
      ? t('profile.notFound', { name }) : t('error.generic', { message: failure.message });
    return;
  }
  if (!profile) return;
  if (profile.guest) {
    rankLine.textContent = t('profile.guest');
    return;
  }
  rankLine.textContent = t('profile.rank', { rank: formatRank(profile.rank) });
  rankLine.dataset.rank = profile.rank ?? '';
  note.hidden = !String(profile.rank ?? '').endsWith('?');
  note.textContent = t('profile.provisionalNote');
}

function renderRatings() {
  const card = document.getElementById('ratings-card');
  card.hidden = !profile || profile.guest;
  if (card.hidden) return;
  const entries = Object.entries(profile.ratings ?? {})
    .sort(([a], [b]) => categoryOrder(a).localeCompare(categoryOrder(b)));
  document.querySelector('#ratings tbody').replaceChildren(...entries.map(([category, r]) => {
    const row = document.createElement('tr');
    row.dataset.category = category;
    const cells = [categoryName(category), formatRating(r.rating),
      `±${formatRating(r.deviation)}`, String(r.games), formatRank(r.rank)];
    for (const text of cells) {
      const td = document.createElement('td');
      td.textContent = text;
      row.append(td);
    }
    return row;
  }));
  labelCells(document.getElementById('ratings'));
}

function renderGraph() {
  const card = document.getElementById('graph-card');
  card.hidden = !profile || profile.guest;
  if (card.hidden) return;
  const history = profile.history ?? [];
  document.getElementById('graph-empty').hidden = history.length > 0;
  renderRatingGraph(document.getElementById('rating-graph'), history, profile.ratings ?? {}, {
    category: categoryName, date: formatDate, dateTime: formatDateTime, rating: formatRating,
    summary: (facts) => t('profile.graphSummary', facts),
    caption: t('profile.graphTable'), colCategory: t('profile.col.category'),
    colDate: t('profile.col.date'), colRating: t('profile.col.rating'),
  });
}

// Several nodes go into a cell as one span: on a phone the cell is a two-column grid (its
// heading, its value), where each node would take a grid cell of its own.
function wrap(content) {
  if (!Array.isArray(content)) return content;
  const span = document.createElement('span');
  span.append(...content);
  return span;
}

function gameRow(game) {
  const row = document.createElement('tr');
  row.dataset.gameId = game.id;
  const colour = game.black?.name === name ? 'black' : 'white';
  const opponent = game[colour === 'black' ? 'white' : 'black'];
  const cell = (content) => {
    const td = document.createElement('td');
    td.append(wrap(content));
    row.append(td);
    return td;
  };
  cell(formatDate(game.createdMs));
  cell(playerNodes(opponent));
  cell(t(`color.${colour}`));
  cell(describeResult(game.result)).dataset.result = game.result ?? '';
  cell(`${game.size}×${game.size}`);
  cell(t(game.rated ? 'game.rated' : 'game.unrated'));
  const link = document.createElement('a');
  link.href = `game.html?id=${game.id}`;
  link.className = 'replay-link';
  link.textContent = t('profile.replay');
  cell(link);
  return row;
}

function renderGames() {
  const card = document.getElementById('games-card');
  card.hidden = !profile;
  if (card.hidden || !games) return;
  document.querySelector('#player-games tbody').replaceChildren(...games.games.map(gameRow));
  labelCells(document.getElementById('player-games'));
  document.getElementById('games-none').hidden = games.games.length > 0;
  document.getElementById('games-prev').disabled = page === 0;
  document.getElementById('games-next').disabled = !games.more;
  document.getElementById('games-page').textContent = t('profile.page', { page: page + 1 });
}

function render() {
  renderHead();
  renderRatings();
  renderGraph();
  renderGames();
}

async function loadGames() {
  try {
    games = await playerGames(name, { size, page });
  } catch (error) {
    games = { games: [], page, more: false };
    document.getElementById('player-message').textContent =
      t('error.generic', { message: error.message ?? error.code });
  }
  renderGames();
  document.body.dataset.gamesPage = String(page);
  document.body.dataset.gamesSize = String(size);
}

document.getElementById('games-size').addEventListener('change', (event) => {
  size = Number(event.target.value);
  page = 0;
  loadGames();
});
document.getElementById('games-prev').addEventListener('click', () => {
  page = Math.max(0, page - 1);
  loadGames();
});
document.getElementById('games-next').addEventListener('click', () => {
  page += 1;
  loadGames();
});

// A socket, as on every page: the reader is online for challenges (site_notices.js), and its
// welcome says who reads, without a request that a visitor without a session would see refused.
const socket = new GameSocket();
const notices = new SiteNotices({ socket });
const gameParam = Number(new URLSearchParams(location.search).get('game'));
const moderation = new PlayerModeration({ socket, name,
  gameId: Number.isInteger(gameParam) && gameParam > 0 ? gameParam : null,
  onChange: () => renderHead() });
let profileLoaded = false;
const reviews = new PlayerReviews({ socket, name });
socket.addEventListener('connected', (event) => {
  viewer = event.detail.user;
  renderHead();
  if (name) reviews.load(viewer);
  if (profileLoaded) moderation.update({ viewer, profile });
});

onLanguageChange(() => {
  notices.relabel();
  moderation.render();
  reviews.relabel();
  render();
});
// The graph is drawn for the width it has (rating_graph.js), so a new width redraws it.
let drawnWidth = 0;
new ResizeObserver(() => {
  const width = document.getElementById('rating-graph').clientWidth;
  if (profile && width && Math.abs(width - drawnWidth) > 20) {
    drawnWidth = width;
    renderGraph();
  }
}).observe(document.getElementById('rating-graph'));

if (!name) {
  failure = { code: 'not_found' };
} else {
  try {
    profile = await playerProfile(name);
  } catch (error) {
    failure = error;
  }
}
render();
profileLoaded = true;
if (socket.connected && viewer !== null) await moderation.update({ viewer, profile });
if (profile) await loadGames();
document.body.dataset.ready = 'true';
