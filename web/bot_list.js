// The lobby's list of bots (the `bots` of a `lobby` message): name with its kind badge
// (built-in or GTP engine) and, for the built-in levels, the rank they play at; board sizes,
// rules, clocks, games in play out of the most it takes, whether it is free, and a Play
// button for a logged-in player.

import { botBadge, describeRuleList, describeSizes, describeTimeKinds } from './bot_format.js';
import { currentLanguage, t } from './i18n.js';
import { formatRank } from './ranks.js';

// What the list was last drawn from: lobby pushes come with every move of every game, and
// redrawing an unchanged list would take the keyboard focus off its buttons.
let drawnFrom = '';

function cell(row, content) {
  const td = document.createElement('td');
  td.append(...(Array.isArray(content) ? content : [content]));
  row.append(td);
  return td;
}

// A level's measured rank ("≈12k"), with the whole sentence for screen readers; none for
// bots without one (GTP engines).
function levelRankNodes(rank) {
  if (!rank) return [];
  const text = formatRank(rank);
  const shown = document.createElement('span');
  shown.className = 'level-rank';
  shown.textContent = t('bots.levelRank', { rank: text });
  shown.title = t('bots.levelRankSaid', { rank: text });
  shown.setAttribute('aria-hidden', 'true');
  const said = document.createElement('span');
  said.className = 'visually-hidden';
  said.textContent = t('bots.levelRankSaid', { rank: text });
  return [shown, said];
}

// actions: {play(bot)}; presetNames: the site's rule presets (to say "any rules");
// selected: the name of the bot whose challenge form is open, or null.
export function renderBots(bots, user, presetNames, actions, selected = null) {
  const key = JSON.stringify([bots, user?.id ?? null, selected, currentLanguage()]);
  if (key === drawnFrom) return;
  drawnFrom = key;
  const body = document.querySelector('#bots tbody');
  body.replaceChildren(...bots.map((bot) => {
    const row = document.createElement('tr');
    row.dataset.bot = bot.name;
    row.dataset.available = String(bot.available !== false);
    row.classList.toggle('selected', bot.name === selected);
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = bot.name;
    // One element for the cell: a phone lays a cell out as a grid of its label and content.
    const who = document.createElement('span');
    who.append(name, ' ', botBadge(bot.kind === 'builtin' ? 'builtin' : 'gtp'),
      ...levelRankNodes(bot.rank));
    cell(row, who);
    // The site's boards run from 5 to 25 lines, whatever else the bot could play.
    cell(row, describeSizes((bot.sizes ?? []).filter((size) => size >= 5 && size <= 25)));
    cell(row, describeRuleList(bot.rules ?? [], presetNames));
    cell(row, describeTimeKinds(bot.time ?? []));
    cell(row, `${bot.games ?? 0} / ${bot.maxGames ?? 0}`);
    cell(row, t(bot.available === false ? 'bots.busy' : 'bots.available'));
    const action = cell(row, []);
    if (user) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'play-bot';
      button.textContent = t('bots.play');
      button.disabled = bot.available === false;
      button.addEventListener('click', () => actions.play(bot));
      action.append(button);
    }
    return row;
  }));
  document.getElementById('bots-empty').hidden = bots.length > 0;
  document.getElementById('bots-login').hidden = Boolean(user) || bots.length === 0;
}
