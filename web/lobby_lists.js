// The lobby's three lists drawn from a `lobby` message: open tables (Join, or Cancel for
// your own; rated or not), games in play (Watch) and the players online. Every name links to
// the player's profile with the rank beside it once known; bots carry a "bot" badge.

import { playerNodes } from './bot_format.js';
import { describeHandicap, describeRules, describeTime, formatNumber, isGuest, ratedInEffect,
  ruleSpecDetail } from './format.js';
import { t } from './i18n.js';

// actions: {join(gameId), cancel(gameId), challenge(name)}; user: the logged-in user or null.
export function renderLobby(lobby, user, actions) {
  renderTables(lobby.tables ?? [], user, actions);
  renderGames(lobby.games ?? []);
  renderPlayers(lobby.players ?? [], lobby.playersOnline ?? (lobby.players ?? []).length, user,
    actions);
  labelCells(document.getElementById('tables'));
  labelCells(document.getElementById('games'));
}

// Each cell carries its column's heading (data-label): on a phone a row is drawn as a small
// card of "heading: value" lines (style.css), since seven columns do not fit 390 px.
export function labelCells(table) {
  const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
  for (const row of table.querySelectorAll('tbody tr')) {
    [...row.cells].forEach((cell, index) => { cell.dataset.label = headings[index] ?? ''; });
  }
}

// content: a text, or nodes. Nodes go in as one span: on a phone the cell is a two-column
// grid (heading, value) where each node would take a grid cell of its own.
function cell(row, content) {
  const td = document.createElement('td');
  if (Array.isArray(content)) {
    const span = document.createElement('span');
    span.append(...content);
    td.append(span);
  } else {
    td.append(content);
  }
  row.append(td);
  return td;
}

function button(text, onClick) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  element.addEventListener('click', onClick);
  return element;
}

function renderTables(tables, user, actions) {
  const body = document.querySelector('#tables tbody');
  body.replaceChildren(...tables.map((game) => {
    const row = document.createElement('tr');
    row.dataset.gameId = game.id;
    cell(row, playerNodes(game.owner));
    cell(row, `${game.size}×${game.size}`);
    cell(row, describeRules(game.rules)).title = ruleSpecDetail(game.rules);
    cell(row, formatNumber(game.komi));
    cell(row, describeHandicap(game));
    cell(row, describeTime(game.time));
    cell(row, t(ratedInEffect(game) ? 'game.rated' : 'game.unrated'));
    const action = cell(row, '');
    if (user && game.owner?.id === user.id) {
      action.append(button(t('lobby.cancel'), () => actions.cancel(game.id)));
    } else if (user) {
      action.append(button(t('lobby.join'), () => actions.join(game.id)));
    }
    return row;
  }));
  document.getElementById('tables-empty').hidden = tables.length > 0;
}

function renderGames(games) {
  const body = document.querySelector('#games tbody');
  body.replaceChildren(...games.map((game) => {
    const row = document.createElement('tr');
    row.dataset.gameId = game.id;
    cell(row, playerNodes(game.black));
    cell(row, playerNodes(game.white));
    cell(row, `${game.size}×${game.size}`);
    cell(row, String(game.moveNumber ?? 0));
    const link = document.createElement('a');
    link.href = `game.html?id=${game.id}`;
    link.textContent = t('lobby.watch');
    cell(row, '').append(link);
    return row;
  }));
  document.getElementById('games-empty').hidden = games.length > 0;
}

// A registered player sees Challenge beside every other registered human (guests and bots
// are challenged otherwise: open tables, the bot list).
function renderPlayers(players, online, user, actions) {
  document.getElementById('players-title').textContent = t('lobby.players', { count: online });
  document.getElementById('players').replaceChildren(...players.map((player) => {
    const item = document.createElement('li');
    item.append(...playerNodes(player));
    const challengeable = user && !user.guest && player.id !== user.id && !player.bot &&
      !isGuest(player);
    if (challengeable && actions.challenge) {
      const challenge = button(t('pchallenge.button'), () => actions.challenge(player.name));
      challenge.className = 'challenge-player';
      challenge.setAttribute('aria-label', t('pchallenge.buttonFor', { name: player.name }));
      item.append(' ', challenge);
    }
    return item;
  }));
}
