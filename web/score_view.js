// The score breakdown table (live during the removal phase, final once the game is counted),
// the removal panel: who has accepted the dead stones, the legend of the points the server
// is unsure about, and Accept / Resume for players; and the reason of a forfeit.

import { forfeitText } from './bot_format.js';
import { describeResult, formatNumber } from './format.js';
import { t } from './i18n.js';

// Rows of go::ScoreBreakdown in the order a player adds them up; a row shows when either
// side has a non-zero value, territory and total always.
const kRows = ['stones', 'territory', 'prisoners', 'dead', 'seki', 'passStones', 'handicapBonus',
  'tax', 'komi', 'total'];
const kAlways = new Set(['territory', 'total']);

// Presets that count territory and prisoners (the rest count area); their rules page section.
const kTerritoryPresets = { japanese: 'preset-japanese', korean: 'preset-japanese',
  igs: 'preset-igs' };

// score: the state's score or null. rules: the game's spec; final: the game is over (the
// status line says the result then, so it is not said again under the table), else the
// count is the removal phase's proposal until both players accept.
export function renderScore(score, { rules = '', final = true } = {}) {
  const box = document.getElementById('score');
  box.hidden = !score;
  if (!score) return;
  const body = box.querySelector('tbody');
  body.replaceChildren(...kRows.filter((key) => kAlways.has(key) ||
    Number(score.black?.[key] ?? 0) !== 0 || Number(score.white?.[key] ?? 0) !== 0)
    .map((key) => {
      const row = document.createElement('tr');
      row.dataset.row = key;
      const head = document.createElement('th');
      head.scope = 'row';
      head.textContent = t(`score.${key}`);
      row.append(head);
      for (const colour of ['black', 'white']) {
        const cell = document.createElement('td');
        cell.textContent = formatNumber(Number(score[colour]?.[key] ?? 0));
        row.append(cell);
      }
      return row;
    }));
  const result = document.getElementById('score-result');
  result.hidden = final;
  result.textContent = final ? '' : t('score.proposal', { result: describeResult(score.result) });
  renderFormula(rules);
  renderFillIn(score.fillIn ?? null);
}

// How the rows add up, with a link to the rules page's section that explains it.
function renderFormula(rules) {
  const preset = String(rules).trim().split(/\s+/)[0].toLowerCase();
  const section = kTerritoryPresets[preset];
  document.querySelector('#score-formula span').textContent =
    t(section ? 'score.formula.territory' : 'score.formula.area');
  document.getElementById('score-rules-link').href = `rules.html#${section ?? 'scoring'}`;
}

// Ing's fill-in count (the server sends it under the ing preset): the same area count, as
// stones on the board after filling and stones left in each side's bowl. A second body of
// the score table, so that its numbers stand under Black's and White's columns.
function renderFillIn(fillIn) {
  let body = document.getElementById('score-fillin');
  if (!body) {
    body = document.createElement('tbody');
    body.id = 'score-fillin';
    document.querySelector('#score .score-table').append(body);
  }
  body.hidden = !fillIn;
  if (!fillIn) return;
  const titleRow = document.createElement('tr');
  const title = document.createElement('th');
  title.colSpan = 3;
  title.scope = 'colgroup';
  title.className = 'fillin-title';
  title.textContent = t('score.fillIn.title', { stones: fillIn.stonesEach });
  titleRow.append(title);
  body.replaceChildren(titleRow, ...['onBoard', 'inBowl'].map((key) => {
    const row = document.createElement('tr');
    row.dataset.row = key;
    const head = document.createElement('th');
    head.scope = 'row';
    head.textContent = t(`score.fillIn.${key}`);
    row.append(head);
    for (const colour of ['black', 'white']) {
      const cell = document.createElement('td');
      cell.textContent = formatNumber(Number(fillIn[colour]?.[key] ?? 0));
      row.append(cell);
    }
    return row;
  }));
}

// state: the game state; you: black, white or spectator.
export function renderRemoval(state, you) {
  const panel = document.getElementById('removal');
  const removal = state.phase === 'removal' ? state.removal : null;
  panel.hidden = !removal;
  if (!removal) return;
  const accepted = removal.accepted ?? {};
  document.getElementById('removal-accepted').textContent = ['black', 'white'].map((colour) =>
    t(accepted[colour] ? 'removal.hasAccepted' : 'removal.notAccepted',
      { color: t(`color.${colour}`) })).join(' · ');
  renderUncertainLegend(removal.uncertain ?? []);
  const player = you === 'black' || you === 'white';
  document.getElementById('removal-buttons').hidden = !player;
  document.getElementById('removal-accept').disabled = Boolean(accepted[you]);
}

// The board draws the points whose owner the server could not settle as dashed rings; this
// line says what they mean, whenever there are any.
function renderUncertainLegend(uncertain) {
  let legend = document.getElementById('removal-legend');
  if (!legend) {
    legend = document.createElement('p');
    legend.id = 'removal-legend';
    legend.className = 'hint legend-uncertain';
    document.getElementById('removal-accepted').after(legend);
  }
  legend.hidden = uncertain.length === 0;
  legend.textContent = t('removal.uncertainLegend');
}

// forfeit: the `forfeit` event that ended the game, or null. Shown under the status line:
// who forfeited and why, then the server's account of what the engine did, verbatim.
export function renderForfeit(forfeit) {
  let box = document.getElementById('forfeit');
  if (!box) {
    box = document.createElement('div');
    box.id = 'forfeit';
    box.className = 'forfeit';
    box.append(document.createElement('p'), document.createElement('p'));
    box.lastChild.className = 'forfeit-detail';
    document.getElementById('status').after(box);
  }
  box.hidden = !forfeit;
  if (!forfeit) return;
  box.firstChild.textContent = forfeitText(forfeit);
  box.lastChild.textContent = forfeit.detail ? t('forfeit.detail', { detail: forfeit.detail }) : '';
  box.lastChild.hidden = !forfeit.detail;
}
