// The lobby page (index.html): open tables and games in play first (what a player comes
// for), then the account box, create-a-table form, the bots (with their challenge and match
// forms) and players online, kept live by the
// `lobby` pushes of the page's socket. When a table of ours is taken by an opponent, we join
// one, a bot accepts our challenge or a bot match starts, the game page opens.
// Who is logged in comes from the socket's `welcome` (the session cookie), so the page asks
// nobody else and shows no account box until the socket has answered.

import { rules } from './api.js';
import { AuthPanel } from './auth_panel.js';
import { Automatch } from './automatch.js';
import { BotChallenge } from './bot_challenge.js';
import { renderBots } from './bot_list.js';
import { BotMatch } from './bot_match.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { LearnOffer } from './learn_offer.js';
import { browserDone, syncBrowserProgress } from './learn_progress.js';
import { LobbyChat } from './lobby_chat.js';
import { labelCells, renderLobby } from './lobby_lists.js';
import { PlayerChallenge } from './player_challenge.js';
import { SiteNotices } from './site_notices.js';
import { GameSocket } from './socket.js';
import { TableForm } from './table_form.js';
import { VacationPanel } from './vacation_panel.js';
import { YourMove } from './your_move.js';

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const connection = document.getElementById('connection');
const createMessage = document.getElementById('create-message');
let user = null;
let knowsUser = false; // false until the first welcome
let lobby = { tables: [], games: [], players: [], playersOnline: 0, bots: [] };
let form = null;
let challenge = null; // BotChallenge, once the rules have loaded
let match = null; // BotMatch, likewise
let automatch = null; // the Play now card, likewise
let playerChallenge = null; // challenging a player by name, likewise
let presetNames = [];
let connected = false;
let lastCreateError = null;
// Tables we created in this page: when one of them starts, we go to it.
const ourTables = new Set();

const offer = new LearnOffer();
const socket = new GameSocket();
const notices = new SiteNotices({ socket, lobby: true, onStarted: openGame });
const yourMove = new YourMove(socket);
const vacation = new VacationPanel(socket);
const chat = new LobbyChat({ socket });
const auth = new AuthPanel({
  onChange: (changed) => {
    user = changed;
    knowsUser = true;
    ourTables.clear();
    showUser();
    socket.reconnect(); // the socket reads the new session cookie when it opens
  },
});

// Several messages may announce one start (the challenger's own card and the lobby both
// hear challenge_started): the first navigates, later ones would abort it and are dropped.
let openingGame = false;
function openGame(gameId) {
  if (openingGame) return;
  openingGame = true;
  location.href = `game.html?id=${gameId}`;
}

function showUser() {
  if (knowsUser) auth.show(user);
  document.getElementById('create').hidden = !user;
  if (!user) challenge?.close();
  render();
}

function render() {
  renderLobby(lobby, user, { join, cancel, challenge: (name) => playerChallenge?.open(name) });
  automatch?.update(user);
  yourMove.setUser(user);
  offer.update(knowsUser, user, lobby);
  const bots = lobby.bots ?? [];
  challenge?.update(bots);
  renderBots(bots, user, presetNames, { play: (bot) => challenge?.open(bot) },
    challenge?.botName);
  labelCells(document.getElementById('bots'));
  match?.update(bots, user);
  connection.textContent = connected ? '' : t('connection.offline');
  document.body.dataset.connected = String(connected);
}

function errorText(error) {
  const key = `error.${error.code}`;
  const known = ['not_logged_in', 'not_found', 'not_open', 'own_table', 'not_owner', 'blocked',
    'disconnected', 'timeout'];
  return known.includes(error.code) ? t(key) : t('error.generic', { message: error.message });
}

function showCreateError(error) {
  lastCreateError = error;
  createMessage.textContent = error ? errorText(error) : '';
}

async function join(gameId) {
  try {
    const reply = await socket.request('join_table', { gameId });
    openGame(reply.game.id);
  } catch (error) {
    showCreateError(error);
  }
}

async function cancel(gameId) {
  try {
    await socket.request('cancel_table', { gameId });
    ourTables.delete(gameId);
  } catch (error) {
    showCreateError(error);
  }
}

// Our open table has an opponent once it shows among the games in play.
function followStartedTables() {
  const mine = (game) => user && (game.black?.id === user.id || game.white?.id === user.id);
  for (const game of lobby.games ?? []) {
    if (ourTables.has(game.id) && mine(game)) openGame(game.id);
  }
  for (const table of lobby.tables ?? []) {
    if (user && table.owner?.id === user.id) ourTables.add(table.id);
  }
}

socket.on('lobby', (message) => {
  lobby = message;
  followStartedTables();
  render();
});
socket.addEventListener('connected', (event) => {
  connected = true;
  if (!knowsUser || event.detail.user?.id !== user?.id) {
    knowsUser = true;
    user = event.detail.user;
    showUser();
  }
  vacation.setUser(user);
  chat.setUser(user);
  // Lessons done here as a guest or logged out move to the account just signed in to.
  if (user && !user.guest && browserDone().length) {
    syncBrowserProgress().then(() => offer.update(knowsUser, user, lobby)).catch(() => {});
  }
  render();
});
socket.addEventListener('disconnected', () => {
  connected = false;
  render();
});
socket.subscribeLobby();

document.getElementById('create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const fields = form?.fields();
  if (!fields || fields.error) {
    createMessage.textContent = fields?.error ?? '';
    return;
  }
  showCreateError(null);
  try {
    const reply = await socket.request('create_table', fields);
    ourTables.add(reply.game.id);
    createMessage.textContent = t('create.waiting');
  } catch (error) {
    showCreateError(error);
  }
});

try {
  const siteRules = await rules();
  form = new TableForm(siteRules);
  presetNames = siteRules.presets.map((preset) => preset.name);
  // onToggle: the bot's row stays highlighted while its challenge form is open.
  challenge = new BotChallenge({ rules: siteRules, socket, createForm: form,
    onStarted: openGame, onToggle: render });
  match = new BotMatch({ rules: siteRules, socket, onStarted: openGame });
  automatch = new Automatch({ socket, presetNames, onStarted: openGame });
  playerChallenge = new PlayerChallenge({ rules: siteRules, socket, createForm: form,
    onStarted: openGame });
  // A player's page links here with ?challenge=NAME.
  const challengeName = new URLSearchParams(location.search).get('challenge');
  const openChallenge = () => {
    if (user && !user.guest && challengeName !== user.name) playerChallenge.open(challengeName);
  };
  if (challengeName && knowsUser) openChallenge();
  else if (challengeName) socket.addEventListener('connected', openChallenge, { once: true });
} catch (error) {
  showCreateError(error);
}

onLanguageChange(() => {
  auth.relabel();
  offer.relabel();
  form?.relabel();
  challenge?.relabel();
  match?.relabel();
  automatch?.relabel();
  playerChallenge?.relabel();
  notices.relabel();
  vacation.render();
  chat.relabel();
  showCreateError(lastCreateError);
  render();
});

showUser();
document.body.dataset.ready = 'true';
