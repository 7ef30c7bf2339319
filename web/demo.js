// The demo page: a local board on which one person plays both colours.
// The demo's legality comes from demo_rules.js, computed in the browser ONLY for this demo;
// the real game (issue 3) draws the legal-point set the server sends with every move.

import { BoardView } from './board_view.js';
import { DemoGame } from './demo_rules.js';
import { describeResult, formatNumber } from './format.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { SiteNotices } from './site_notices.js';

const kDemoSize = 9;
const kDemoKomi = 7.5;

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const game = new DemoGame(kDemoSize);
const board = new BoardView(document.getElementById('demo-board'), { t, size: kDemoSize });
const status = document.getElementById('demo-status');
const captures = document.getElementById('demo-captures');
const message = document.getElementById('demo-message');
let lastMessage = null; // {key, params}, re-translated when the language changes

// params.why ('ko', 'suicide', ...) becomes the translated {reason}.
function say(key, params = {}) {
  lastMessage = key ? { key, params } : null;
  const reason = params.why ? t(`reason.${params.why}`) : '';
  message.textContent = key ? t(key, { ...params, reason }) : '';
}

function refresh() {
  const over = game.isOver();
  board.setPosition(game.position());
  board.setMode(over ? 'view' : 'play');
  if (over) {
    const score = game.score();
    board.setScoreOverlay(score);
    const margin = score.white + kDemoKomi - score.black;
    status.textContent = t('demo.result', {
      black: score.black, white: score.white, komi: formatNumber(kDemoKomi),
      result: describeResult(margin > 0 ? `W+${margin}` : `B+${-margin}`),
    });
  } else {
    board.setScoreOverlay(null);
    status.textContent = t('demo.toMove', { color: t(`color.${game.toMove}`) });
  }
  captures.textContent = [
    t('demo.captures', { color: t('color.black'), count: game.captures.black }),
    t('demo.captures', { color: t('color.white'), count: game.captures.white }),
  ].join(' · ');
  if (lastMessage) say(lastMessage.key, lastMessage.params);
}

board.addEventListener('play', (event) => {
  const outcome = game.play(event.detail.vertex);
  say(outcome.ok ? null : `reason.${outcome.reason}`);
  refresh();
});

board.addEventListener('illegal', (event) => {
  const { vertex, why } = event.detail;
  say(why ? 'board.forbiddenBecause' : 'board.forbidden', { vertex, why });
});

document.getElementById('demo-pass').addEventListener('click', () => {
  if (game.isOver()) return;
  game.play('pass');
  say(game.isOver() ? 'demo.gameOver' : null);
  refresh();
});

document.getElementById('demo-undo').addEventListener('click', () => {
  game.undo();
  say(null);
  refresh();
});

document.getElementById('demo-new').addEventListener('click', () => {
  game.reset();
  say(null);
  refresh();
});

// Challenges and "your move" reach a signed-in player here too.
const notices = new SiteNotices();

onLanguageChange(() => {
  notices.relabel();
  board.relabel();
  refresh();
});

refresh();
document.body.dataset.ready = 'true';
