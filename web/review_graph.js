// The engine review's graph (docs/protocol.md, "Engine review"): Black's win rate as a line
// over the moves, the estimated score as bars around the middle line (up: Black ahead), the
// turning points as red dots, and the move the board shows as a vertical cursor. A click or a
// tap anywhere on the graph goes to the nearest move. The SVG is a picture for the eye
// (role="img" with a summary); the same facts are given to screen readers by the turning-point
// buttons and the table the panel builds beside it (engine_review_panel.js).

import { svgElement } from './board_svg.js';

const kWidth = 600;
const kHeight = 160;
const kPad = 6;

// The x of move `index` of `count` positions, and its inverse.
const xOf = (index, count) => kPad + (count > 1 ? (index * (kWidth - 2 * kPad)) / (count - 1) : 0);
const indexAt = (x, count) =>
  Math.max(0, Math.min(count - 1, Math.round(((x - kPad) * (count - 1)) / (kWidth - 2 * kPad))));

// Draws into `container` (emptied). positions: [{moveNumber, blackWinRate, blackMargin}] from
// 0; total: the positions the review will have; turning: move numbers; shown: the move the
// board shows; label: the summary read for the picture; onPick(moveNumber) on a click.
export function drawReviewGraph(container, { positions, total, turning, shown, label, onPick }) {
  const count = Math.max(total, positions.length, 2);
  const svg = svgElement('svg', { viewBox: `0 0 ${kWidth} ${kHeight}`, class: 'review-graph-svg',
    role: 'img', 'aria-label': label, preserveAspectRatio: 'none' });
  const mid = kHeight / 2;
  svgElement('rect', { x: 0, y: 0, width: kWidth, height: kHeight, class: 'review-graph-bg' }, svg);
  svgElement('line', { x1: 0, x2: kWidth, y1: mid, y2: mid, class: 'review-graph-mid' }, svg);
  // Scores as bars: the largest lead fills half the height.
  const lead = Math.max(10, ...positions.map((p) => Math.abs(p.blackMargin)));
  const barWidth = Math.max(1, (kWidth - 2 * kPad) / count - 1);
  for (const p of positions) {
    const h = (Math.abs(p.blackMargin) / lead) * (mid - kPad);
    svgElement('rect', { x: xOf(p.moveNumber, count) - barWidth / 2, width: barWidth,
      y: p.blackMargin >= 0 ? mid - h : mid, height: h,
      class: p.blackMargin >= 0 ? 'review-graph-score-black' : 'review-graph-score-white' }, svg);
  }
  const y = (rate) => kPad + (1 - rate) * (kHeight - 2 * kPad);
  if (positions.length > 0) {
    const path = positions.map((p, i) =>
      `${i ? 'L' : 'M'} ${xOf(p.moveNumber, count).toFixed(1)} ${y(p.blackWinRate).toFixed(1)}`);
    svgElement('path', { d: path.join(' '), class: 'review-graph-line' }, svg);
  }
  for (const moveNumber of turning) {
    const p = positions[moveNumber];
    if (!p) continue;
    svgElement('circle', { cx: xOf(moveNumber, count), cy: y(p.blackWinRate), r: 4,
      class: 'review-graph-turning', 'data-move': moveNumber }, svg);
  }
  const cursor = xOf(Math.min(shown, count - 1), count);
  svgElement('line', { x1: cursor, x2: cursor, y1: 0, y2: kHeight, class: 'review-graph-cursor' },
    svg);
  svg.addEventListener('click', (event) => {
    const box = svg.getBoundingClientRect();
    if (!box.width) return;
    const x = ((event.clientX - box.left) / box.width) * kWidth;
    onPick(indexAt(x, count));
  });
  container.replaceChildren(svg);
}
