// Ranks beside player names: each name's profile is asked for at most once per page load
// (one request in flight per name, the answer kept), and the page is drawn without waiting;
// a rank node fills itself in when the answer comes. Guests and unknown names show nothing.

import { playerProfile } from './api.js';
import { t } from './i18n.js';

const known = new Map(); // name -> rank string, or null (guest, unknown, failed)
const pending = new Map(); // name -> Promise of the rank

// Whether there is a name to look up: every account has a profile, bots included (the server
// percent-decodes "Tengen%20Easy").
export function hasProfile(name) {
  return Boolean(name);
}

// The profile page of a player.
export function profileUrl(name) {
  return `player.html?name=${encodeURIComponent(name)}`;
}

// The rank of `name` ("6k?", "2d"), or null; resolves from the cache after the first answer.
export function rankOf(name) {
  if (!hasProfile(name)) return Promise.resolve(null);
  if (known.has(name)) return Promise.resolve(known.get(name));
  if (!pending.has(name)) {
    pending.set(name, playerProfile(name)
      .then((profile) => profile.rank ?? null, () => null)
      .then((rank) => {
        known.set(name, rank);
        pending.delete(name);
        return rank;
      }));
  }
  return pending.get(name);
}

// "6k?" -> "6 кю?" in the current language; the "?" marks a provisional rank.
export function formatRank(rank) {
  const match = /^(\d+)([kd])(\?)?$/.exec(String(rank ?? ''));
  if (!match) return rank ?? '';
  const text = t(match[2] === 'k' ? 'rank.kyu' : 'rank.dan', { n: match[1] });
  return match[3] ? `${text}?` : text;
}

// A small element that shows the player's rank once known; empty until then (and for guests).
export function rankNode(name) {
  const node = document.createElement('span');
  node.className = 'rank';
  const show = (rank) => {
    node.dataset.rank = rank ?? '';
    node.textContent = rank ? formatRank(rank) : '';
    if (rank?.endsWith('?')) node.title = t('rank.provisional');
  };
  if (known.has(name)) show(known.get(name));
  else rankOf(name).then(show);
  return node;
}
