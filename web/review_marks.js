// Marks on a review board (SGF TR, SQ, CR and LB): drawn in a group of their own on top of the
// board view's SVG, as lesson_marks.js does, and left to pointer events below. Decoration only
// (aria-hidden): the page says the marks in words beside the board.

import { kMargin, svgElement } from './board_svg.js';
import { parseVertex } from './coords.js';

// board: a BoardView; marks: [{vertex, mark, label}]; stones: {black, white} now shown.
export function drawReviewMarks(board, marks, stones = {}) {
  const svg = board.element;
  svg.querySelector('.review-marks')?.remove();
  const size = board.size;
  const layer = svgElement('g', { class: 'review-marks', 'aria-hidden': 'true',
    'pointer-events': 'none' });
  svg.insertBefore(layer, svg.querySelector('.board-cells'));
  for (const { vertex, mark, label } of marks) {
    const at = parseVertex(vertex, size);
    if (!at) continue;
    const x = kMargin + at.col;
    const y = kMargin + (size - 1 - at.row);
    // Light on black stones, dark elsewhere, so that a mark reads on any point.
    const onBlack = (stones.black ?? []).includes(vertex);
    const colour = onBlack ? '#f5f5f5' : '#0d47a1';
    const common = { class: `review-mark mark-${mark}`, 'data-vertex': vertex, fill: 'none',
      stroke: colour, 'stroke-width': 0.08 };
    if (mark === 'TR') {
      const r = 0.28;
      svgElement('path', { ...common, d: `M ${x} ${y - r} L ${x + r * 0.87} ${y + r * 0.5} ` +
        `L ${x - r * 0.87} ${y + r * 0.5} Z`, 'stroke-linejoin': 'round' }, layer);
    } else if (mark === 'SQ') {
      svgElement('rect', { ...common, x: x - 0.24, y: y - 0.24, width: 0.48, height: 0.48 },
        layer);
    } else if (mark === 'CR') {
      svgElement('circle', { ...common, cx: x, cy: y, r: 0.26 }, layer);
    } else if (mark === 'LB') {
      const stone = onBlack || (stones.white ?? []).includes(vertex);
      // A label on an empty point hides the grid under it, as go books print it.
      if (!stone) svgElement('circle', { cx: x, cy: y, r: 0.36, fill: '#dcb35c' }, layer);
      const text = svgElement('text', { class: `review-mark mark-LB`, 'data-vertex': vertex,
        x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 0.5,
        'font-family': 'sans-serif', fill: colour }, layer);
      text.textContent = label ?? '';
    }
  }
}
