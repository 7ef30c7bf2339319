// The Rules page: translated text from the catalogues plus small diagrams, each drawn by
// the board view from a short game replayed with demo_rules.js (so the red crosses in the
// diagrams are computed, not drawn by hand).

import { BoardView } from './board_view.js';
import { DemoGame } from './demo_rules.js';
import { initI18n, onLanguageChange, t } from './i18n.js';
import { mountLanguageSwitcher } from './language_switcher.js';
import { SiteNotices } from './site_notices.js';

// Each diagram: a board size and the moves that lead to it ("pass" lets one side move twice).
const kDiagrams = {
  'capture-before': { size: 5, moves: 'C4 C3 B3 pass D3 pass' },
  'capture-after': { size: 5, moves: 'C4 C3 B3 pass D3 pass C2' },
  'suicide': { size: 5, moves: 'B1 pass A2' },
  'ko': { size: 5, moves: 'B3 C3 C4 D4 C2 D2 pass E3 D3' },
  'score': { size: 5, moves: 'C1 D1 C2 D2 C3 D3 C4 D4 C5 D5 pass pass' },
};

await initI18n();
mountLanguageSwitcher(document.getElementById('language'));

const views = [];
for (const figure of document.querySelectorAll('[data-diagram]')) {
  const spec = kDiagrams[figure.dataset.diagram];
  const game = new DemoGame(spec.size);
  for (const move of spec.moves.split(' ')) {
    const outcome = game.play(move);
    if (!outcome.ok) throw new Error(`diagram ${figure.dataset.diagram}: ${move} is ${outcome.reason}`);
  }
  const view = new BoardView(figure.querySelector('.board-box'), { t, interactive: false, size: spec.size });
  view.setPosition(game.position());
  if (game.isOver()) view.setScoreOverlay(game.score());
  views.push(view);
}

// Challenges and "your move" reach a signed-in player here too.
const notices = new SiteNotices();

onLanguageChange(() => {
  notices.relabel();
  for (const view of views) view.relabel();
});
document.body.dataset.ready = 'true';
