// The lobby's three lists drawn from a `lobby` message: open tables (Join, or Cancel for
// your own; rated or not), games in play (Watch) and the players online. Every name links to
// the player's profile with the rank beside it once known; bots carry a "bot" badge.

import { playerNodes } from './bot_format.js';
import { describeHandicap, describeRules, describeTime, formatNumber, isGuest, ratedInEffect,
  ruleSpecDetail } from './format.js';
import { currentLanguage, t } from './i18n.js';
import { textCell, updateChildren, updateRows } from './keyed_list.js';

// Buttons outlive the render that made them (keyed_list.js): they call the latest actions.
let latestActions = {};

// actions: {join(gameId), cancel(gameId), challenge(name)}; user: the logged-in user or null.
export function renderLobby(lobby, user, actions) {
  latestActions = actions;
  renderTables(lobby.tables ?? [], user);
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

function button(text, onClick) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  element.addEventListener('click', onClick);
  return element;
}

// A player's cell: redrawn when the player or the language (of the rank and bot badge)
// change.
function playerCell(player) {
  return { sig: `p:${currentLanguage()}:${JSON.stringify(player ?? null)}`,
    content: () => playerNodes(player) };
}

function renderTables(tables, user) {
  const body = document.querySelector('#tables tbody');
  updateRows(body, tables, { keyName: 'gameId', keyOf: (game) => game.id, cellsOf: (game) => {
    const own = user && game.owner?.id === user.id;
    const action = !user ? '' : own ? 'cancel' : 'join';
    return [
      playerCell(game.owner),
      textCell(`${game.size}×${game.size}`),
      textCell(describeRules(game.rules), ruleSpecDetail(game.rules)),
      textCell(formatNumber(game.komi)),
      textCell(describeHandicap(game)),
      textCell(describeTime(game.time)),
      textCell(t(ratedInEffect(game) ? 'game.rated' : 'game.unrated') +
        (game.estimates ? ` · ${t('game.estimatesOn')}` : '')),
      { sig: `a:${action}:${t('lobby.cancel')}:${t('lobby.join')}`, content: () => {
        if (action === 'cancel') {
          return button(t('lobby.cancel'), () => latestActions.cancel(game.id));
        }
        if (action === 'join') return button(t('lobby.join'), () => latestActions.join(game.id));
        return '';
      } },
    ];
  } });
  document.getElementById('tables-empty').hidden = tables.length > 0;
}

function renderGames(games) {
  const body = document.querySelector('#games tbody');
  updateRows(body, games, { keyName: 'gameId', keyOf: (game) => game.id, cellsOf: (game) => [
    playerCell(game.black),
    playerCell(game.white),
    textCell(`${game.size}×${game.size}`),
    textCell(String(game.moveNumber ?? 0)),
    // The link stays the same element as moves come in (only the move number changes).
    { sig: `w:${t('lobby.watch')}`, content: () => {
      const link = document.createElement('a');
      link.href = `game.html?id=${game.id}`;
      link.textContent = t('lobby.watch');
      return link;
    } },
  ] });
  document.getElementById('games-empty').hidden = games.length > 0;
}

// A registered player sees Challenge beside every other registered human (guests and bots
// are challenged otherwise: open tables, the bot list).
function renderPlayers(players, online, user, actions) {
  document.getElementById('players-title').textContent = t('lobby.players', { count: online });
  const challengeable = (player) => Boolean(user && !user.guest && player.id !== user.id &&
    !player.bot && !isGuest(player) && actions.challenge);
  updateChildren(document.getElementById('players'), players, {
    keyOf: (player) => player.id ?? player.name,
    sigOf: (player) => JSON.stringify([player, challengeable(player), currentLanguage()]),
    build: (player) => {
      const item = document.createElement('li');
      item.append(...playerNodes(player));
      if (challengeable(player)) {
        const challenge = button(t('pchallenge.button'),
          () => latestActions.challenge(player.name));
        challenge.className = 'challenge-player';
        challenge.setAttribute('aria-label', t('pchallenge.buttonFor', { name: player.name }));
        item.append(' ', challenge);
      }
      return item;
    },
  });
}
