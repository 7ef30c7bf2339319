// Text and marks for bots (docs/protocol.md, "Bots"): a player's name with a "bot" badge,
// a bot's declared board sizes, rules and clocks as short phrases, and the translated
// reasons a bot gives for declining a challenge or an engine for forfeiting a game.

import { describeRules, playerName } from './format.js';
import { t } from './i18n.js';
import { hasProfile, profileUrl, rankNode } from './ranks.js';

export const kTimeKinds = ['none', 'absolute', 'byoyomi', 'canadian', 'fischer'];
export const kForfeitReasons = ['engine_exited', 'engine_timeout', 'engine_protocol',
  'engine_illegal_move', 'abandoned'];

// A small badge that marks a bot; `kind` (builtin|gtp) picks the kind badge of the bot list.
export function botBadge(kind = null) {
  const badge = document.createElement('span');
  badge.className = kind ? `bot-badge kind-${kind}` : 'bot-badge';
  badge.textContent = t(kind ? `bots.kind.${kind}` : 'bot.badge');
  return badge;
}

// The player's name as a link to their profile, their rank once known (ranks.js) and a bot
// badge for bots, as nodes to append to an element. label: the text to show instead of the
// plain name (e.g. "alice (you)"). An empty seat is plain text.
export function playerNodes(user, label = playerName(user)) {
  const linked = hasProfile(user?.name);
  const name = document.createElement(linked ? 'a' : 'span');
  name.className = 'name';
  name.textContent = label;
  if (!linked) return user?.bot ? [name, ' ', botBadge()] : [name];
  name.href = profileUrl(user.name);
  const nodes = [name, rankNode(user.name)]; // style.css spaces a shown rank
  return user.bot ? [...nodes, ' ', botBadge()] : nodes;
}

// [9, 13, 19] -> "9×9, 13×13, 19×19"; a run of three or more sizes in a row becomes one
// phrase, so a bot that plays every size from 5 to 25 reads "5×5 to 25×25".
export function describeSizes(sizes) {
  const parts = [];
  const sorted = [...sizes].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) ++j;
    const from = sorted[i];
    const to = sorted[j];
    if (j - i >= 2) parts.push(t('bots.sizeRange', { from, to }));
    else for (let k = i; k <= j; ++k) parts.push(`${sorted[k]}×${sorted[k]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

// A bot's rules: "any rules" when it plays every preset the site offers, else the names.
export function describeRuleList(rules, presetNames = []) {
  if (presetNames.length && presetNames.every((name) => rules.includes(name))) {
    return t('bots.anyRules');
  }
  return rules.map(describeRules).join(', ');
}

// A bot's clocks: "any clock" when it takes every kind, else the kinds' names.
export function describeTimeKinds(kinds) {
  if (kTimeKinds.every((kind) => kinds.includes(kind))) return t('bots.anyTime');
  return kinds.map((kind) => t(`time.kind.${kind}`)).join(', ');
}

// The text for a refused challenge or match: bot_declines says which field the bot refuses
// (size, rules, time, handicap), and the bot's declaration says what it accepts.
export function declineText(error, bot, presetNames = []) {
  const name = bot?.name ?? error.bot ?? '';
  if (error.code === 'bot_busy') {
    return name ? t('bots.error.busy', { name }) : t('bots.error.busyAny');
  }
  if (error.code === 'not_found') return t('bots.error.notFound');
  if (error.code !== 'bot_declines') return null;
  switch (bot ? error.field : null) {
    case 'size':
      return t('bots.declines.size', { name, sizes: describeSizes(bot.sizes ?? []) });
    case 'rules':
      return t('bots.declines.rules', { name, rules: describeRuleList(bot.rules ?? [],
        presetNames) });
    case 'time':
      return t('bots.declines.time', { name, time: describeTimeKinds(bot.time ?? []) });
    case 'handicap':
      return t('bots.declines.handicap', { name, count: bot.maxHandicap ?? 0 });
    default:
      return t('bots.declines.other', { name, message: error.message ?? '' });
  }
}

// The result area's line for a forfeit event: who lost, why (translated), and what the
// server saw the engine do (its own words, not translated).
export function forfeitText(forfeit) {
  const color = t(`color.${forfeit.colour}`);
  const reason = kForfeitReasons.includes(forfeit.reason)
    ? t(`forfeit.reason.${forfeit.reason}`) : forfeit.reason;
  return t('forfeit.summary', { color, reason });
}
