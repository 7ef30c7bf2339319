// Tournaments (tournaments.html; docs/protocol.md, "Tournaments"): without ?id the list and,
// for a registered reader, the form that creates one; with ?id=N the tournament: the players'
// buttons (join with a rank, check in, withdraw), the directors' controls (pair the next round,
// edit its pairing while it waits: swap colours, re-pair two boards, set a handicap; start it;
// add a player or import a CSV list), the EGF results file and the games as SGF, the
// standings with each round's entry (the crosstable), the pairings of every round with links
// to the games, and the players.
// Reads come from GET /api/tournaments…; actions go over the socket and answer with the
// tournament as it now stands, which is drawn again.

import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { labelCells } from './lobby_lists.js';
import { SiteNotices } from './site_notices.js';
import { GameSocket } from './socket.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const id = Number(new URLSearchParams(location.search).get('id') ?? 0);
let viewer = null; // the socket's user
let list = null; // GET /api/tournaments
let tournament = null; // GET /api/tournaments/{id}, or an action's answer

const $ = (elementId) => document.getElementById(elementId);

function say(text) {
  $('tour-message').textContent = text;
}

function failed(error) {
  say(t('error.generic', { message: error?.message ?? error?.code ?? '?' }));
}

async function fetchJson(path) {
  const response = await fetch(path, { credentials: 'same-origin' });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw body?.error ?? { code: `http_${response.status}` };
  return body;
}

function cell(row, content) {
  const td = document.createElement('td');
  if (content instanceof Node) td.append(content);
  else td.textContent = String(content ?? '');
  row.append(td);
  return td;
}

function link(href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

const systemName = (system) => t(`tour.system.${system}`);
const statusName = (status) => t(`tour.status.${status}`);

function renderList() {
  $('list-card').hidden = id !== 0;
  $('create-card').hidden = id !== 0 || !viewer || viewer.guest;
  if (id !== 0 || !list) return;
  $('tour-list').tBodies[0].replaceChildren(...list.tournaments.map((row) => {
    const tr = document.createElement('tr');
    tr.dataset.tournamentId = row.id;
    cell(tr, link(`tournaments.html?id=${row.id}`, row.name));
    cell(tr, systemName(row.system));
    cell(tr, row.rounds);
    cell(tr, statusName(row.status));
    return tr;
  }));
  $('list-none').hidden = list.tournaments.length > 0;
  labelCells($('tour-list'));
}

function seatName(seat) {
  return seat ? seat.name : t('tour.bye');
}

function renderStandings() {
  const rounds = tournament.roundsStarted;
  const head = document.createElement('tr');
  for (const key of ['tour.col.place', 'tour.col.player', 'tour.rank']) {
    const th = document.createElement('th');
    th.textContent = t(key);
    head.append(th);
  }
  for (let r = 1; r <= rounds; r += 1) {
    const th = document.createElement('th');
    th.textContent = t('tour.roundShort', { round: r });
    head.append(th);
  }
  for (const key of ['tour.col.score', 'name.tieBreak.sos', 'name.tieBreak.sosos',
    'name.tieBreak.sodos']) {
    const th = document.createElement('th');
    th.textContent = t(key);
    head.append(th);
  }
  $('standings').tHead.replaceChildren(head);
  $('standings').tBodies[0].replaceChildren(...tournament.standings.map((row) => {
    const tr = document.createElement('tr');
    tr.dataset.player = row.player;
    cell(tr, row.place);
    cell(tr, row.name);
    cell(tr, row.rank);
    for (const entry of row.rounds) cell(tr, entry);
    cell(tr, row.score).dataset.score = row.score;
    cell(tr, row.sos);
    cell(tr, row.sosos);
    cell(tr, row.sodos);
    return tr;
  }));
  labelCells($('standings'));
}

function renderPairings(director) {
  $('pairings').replaceChildren(...tournament.rounds.map((round) => {
    const section = document.createElement('section');
    const heading = document.createElement('h3');
    const pending = !round.started;
    heading.textContent = t(pending ? 'tour.roundPending' : 'tour.round', { round: round.round });
    section.dataset.pending = String(pending);
    const table = document.createElement('table');
    table.className = 'list';
    table.dataset.round = round.round;
    const head = document.createElement('tr');
    const keys = ['tour.col.board', 'color.black', 'color.white', 'tour.col.handicap',
      'tour.col.result'];
    if (pending && director) keys.push('tour.col.edit');
    for (const key of keys) {
      const th = document.createElement('th');
      th.textContent = t(key);
      head.append(th);
    }
    table.createTHead().append(head);
    const body = table.createTBody();
    for (const board of round.boards) {
      const tr = document.createElement('tr');
      tr.dataset.board = board.board;
      cell(tr, board.board);
      cell(tr, seatName(board.black));
      cell(tr, seatName(board.white));
      cell(tr, board.bye ? '' : board.handicap);
      const waiting = pending ? t('tour.notStarted') : t('tour.playing');
      const result = board.result || (board.bye ? '' : waiting);
      cell(tr, board.game ? link(`game.html?id=${board.game}`, result) : result);
      if (pending && director) {
        const swap = document.createElement('button');
        swap.type = 'button';
        swap.className = 'swap-colours';
        swap.textContent = t('tour.swap');
        swap.hidden = board.bye;
        swap.addEventListener('click', () =>
          act('tournament_edit_pairing', { edit: 'swap', board: board.board }));
        cell(tr, swap);
      }
      body.append(tr);
    }
    labelCells(table);
    section.append(heading, table);
    return section;
  }));
}

// When the next round starts: at its time, or when a director starts it.
function nextRoundText(pending) {
  if (tournament.status === 'finished') return '';
  const next = tournament.roundsStarted + 1;
  if (next > tournament.settings.rounds) return '';
  if (tournament.nextRoundAt) {
    const time = new Date(tournament.nextRoundAt).toLocaleString(document.documentElement.lang,
      { dateStyle: 'medium', timeStyle: 'short' });
    return t('tour.nextAt', { round: next, time });
  }
  return t(pending ? 'tour.nextPending' : 'tour.nextByDirector', { round: next });
}

function renderDetail() {
  $('detail').hidden = id === 0 || !tournament;
  if ($('detail').hidden) return;
  document.title = t('tour.pageTitleNamed', { name: tournament.name });
  $('tour-name').textContent = tournament.name;
  $('tour-facts').textContent = t('tour.facts', {
    system: systemName(tournament.system), rounds: tournament.roundsStarted,
    total: tournament.settings.rounds, size: tournament.size,
    status: statusName(tournament.status),
  });
  const me = viewer && !viewer.guest
    ? tournament.players.find((p) => p.id === viewer.id) : null;
  const registering = tournament.status === 'registering';
  const canJoin = Boolean(viewer && !viewer.guest && !me && registering);
  $('join').hidden = !canJoin;
  $('rank-field').hidden = !canJoin;
  $('check-in').hidden = !(me && !me.checkedIn && registering);
  $('withdraw').hidden = !(me && !me.withdrawn && tournament.status !== 'finished');
  const director = Boolean(viewer && tournament.directors.some((d) => d.id === viewer.id));
  $('director-card').hidden = !director;
  const last = tournament.rounds.at(-1);
  const pending = Boolean(last && !last.started);
  const finished = tournament.status === 'finished';
  // A finished tournament has nothing left to pair, start or import.
  $('pair-round').hidden = pending || finished;
  $('start-round').hidden = finished;
  $('import-form').hidden = finished;
  $('start-round').textContent = pending ? t('tour.startPending', { round: last.round })
    : t('tour.startRound');
  $('edit-pending').hidden = !pending;
  $('tour-next').textContent = nextRoundText(pending);
  $('results-file').href = `/api/tournaments/${tournament.id}/results.txt`;
  $('games-file').href = `/api/tournaments/${tournament.id}/games.sgf`;
  renderStandings();
  renderPairings(director);
  $('players').tBodies[0].replaceChildren(...tournament.players.map((p) => {
    const tr = document.createElement('tr');
    tr.dataset.player = p.id;
    cell(tr, p.name);
    cell(tr, p.rank);
    cell(tr, t(p.withdrawn ? 'tour.withdrawn' : p.checkedIn ? 'tour.yes' : 'tour.no'));
    return tr;
  }));
  labelCells($('players'));
}

function render() {
  renderList();
  renderDetail();
}

async function load() {
  try {
    if (id === 0) list = await fetchJson('/api/tournaments');
    else tournament = await fetchJson(`/api/tournaments/${id}`);
    say('');
  } catch (error) {
    if (error?.code === 'not_found') say(t('tour.notFound'));
    else failed(error);
  }
  render();
}

const socket = new GameSocket();
const notices = new SiteNotices({ socket });

// Sends a tournament action and draws the tournament it answers with.
async function act(type, fields = {}) {
  try {
    const reply = await socket.request(type, { tournament: id, ...fields });
    tournament = reply.tournament;
    say('');
    render();
  } catch (error) {
    failed(error);
  }
}

$('join').addEventListener('click', () =>
  act('tournament_join', { rank: $('join-rank').value.trim() || undefined }));
$('check-in').addEventListener('click', () => act('tournament_check_in'));
$('withdraw').addEventListener('click', () => act('tournament_withdraw'));
$('pair-round').addEventListener('click', () => act('tournament_pair_round'));
$('start-round').addEventListener('click', () => act('tournament_start_round'));
$('repair-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  act('tournament_edit_pairing', { edit: 'repair', board: Number(form.board.value),
    otherBoard: Number(form.otherBoard.value) });
});
$('handicap-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  act('tournament_edit_pairing', { edit: 'handicap', board: Number(form.board.value),
    handicap: Number(form.handicap.value), komi: Number(form.komi.value) });
});
$('import-form').addEventListener('submit', (event) => {
  event.preventDefault();
  act('tournament_import_players', { csv: event.target.csv.value });
});
$('add-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  act('tournament_add_player', { name: form.name.value.trim(), rank: form.rank.value.trim() });
});
$('create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.target;
  const minutes = Number(form.minutes.value);
  // The first round's time in the director's time zone; each next one `roundGap` minutes
  // later (0: each starts as soon as the previous has ended).
  const rounds = Number(form.rounds.value);
  const first = form.firstRoundAt.value ? new Date(form.firstRoundAt.value).getTime() : null;
  const gapMs = Number(form.roundGap.value || 0) * 60000;
  const roundStarts = first === null ? undefined
    : Array.from({ length: rounds }, (_, i) => first + i * gapMs);
  try {
    const reply = await socket.request('tournament_create', {
      name: form.name.value.trim(),
      system: form.system.value,
      rounds,
      size: Number(form.size.value),
      roundStarts,
      handicap: form.handicap.checked,
      time: { kind: 'fischer', mainSeconds: minutes * 60, incrementSeconds: 10,
        maxSeconds: minutes * 120 },
    });
    location.href = `tournaments.html?id=${reply.tournament.id}`;
  } catch (error) {
    failed(error);
  }
});

socket.addEventListener('connected', (event) => {
  viewer = event.detail.user;
  document.body.dataset.connected = 'true';
  render();
});
onLanguageChange(() => {
  render();
  notices.relabel();
});
// Games end while the page is open: the standings follow every few seconds.
setInterval(() => { if (id !== 0 && tournament?.status === 'running') load(); }, 5000);
await load();
document.body.dataset.ready = 'true';
