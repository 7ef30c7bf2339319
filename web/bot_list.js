// The lobby's list of bots (the `bots` of a `lobby` message): name with its kind badge
// (built-in or GTP engine) and, for the built-in levels, the rank they play at; board sizes,
// rules, clocks, games in play out of the most it takes, whether it is free, and a Play
// button for a logged-in player.

import { botBadge, describeRuleList, describeSizes, describeTimeKinds } from './bot_format.js';
import { currentLanguage, t } from './i18n.js';
import { textCell, updateRows } from './keyed_list.js';
import { formatRank } from './ranks.js';

// The bots the list was last drawn from, by name: a Play button made by an earlier render
// opens the challenge with the bot as it is now.
let latestBots = new Map();

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
// selected: the name of the bot whose challenge form is open, or null. Rows and buttons stay
// the same elements while their content does (keyed_list.js): lobby pushes come with every
// move of every game, and a redraw must not take a click or the keyboard focus away.
export function renderBots(bots, user, presetNames, actions, selected = null) {
  latestBots = new Map(bots.map((bot) => [bot.name, bot]));
  const body = document.querySelector('#bots tbody');
  const language = currentLanguage();
  const cellsOf = (bot) => [
    { sig: `n:${language}:${JSON.stringify([bot.name, bot.kind, bot.rank])}`, content: () => {
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = bot.name;
      return [name, ' ', botBadge(bot.kind === 'builtin' ? 'builtin' : 'gtp'),
        ...levelRankNodes(bot.rank)];
    } },
    // The site's boards run from 5 to 25 lines, whatever else the bot could play.
    textCell(describeSizes((bot.sizes ?? []).filter((size) => size >= 5 && size <= 25))),
    textCell(describeRuleList(bot.rules ?? [], presetNames)),
    textCell(describeTimeKinds(bot.time ?? [])),
    textCell(`${bot.games ?? 0} / ${bot.maxGames ?? 0}`),
    textCell(t(bot.available === false ? 'bots.busy' : 'bots.available')),
    { sig: `p:${language}:${Boolean(user)}:${bot.available !== false}`, content: () => {
      if (!user) return [];
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'play-bot';
      button.textContent = t('bots.play');
      // Every row has one: the name says which bot ("Play Tengen Easy").
      button.setAttribute('aria-label', t('bots.playFor', { name: bot.name }));
      button.disabled = bot.available === false;
      button.addEventListener('click', () => actions.play(latestBots.get(bot.name) ?? bot));
      return button;
    } },
  ];
  const rows = updateRows(body, bots, { keyName: 'bot', keyOf: (bot) => bot.name, cellsOf });
  rows.forEach((row, i) => {
    row.dataset.available = String(bots[i].available !== false);
    row.classList.toggle('selected', bots[i].name === selected);
  });
  document.getElementById('bots-empty').hidden = bots.length > 0;
  document.getElementById('bots-login').hidden = Boolean(user) || bots.length === 0;
}
