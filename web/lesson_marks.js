// Marks on a lesson board: a triangle on each stone the task is about (the targets of a
// move goal) and a square on the point a question asks about. The board view knows nothing
// of lessons, so the marks live in a group of their own on top of its SVG; they are
// decoration only (aria-hidden): the page says the same points in words beside the board.

import { kMargin, svgElement } from './board_svg.js';
import { parseVertex } from './coords.js';

const kColour = '#1565c0';

// board: a BoardView. targets: vertices whose stones are marked while a stone stands there;
// point: a vertex marked whatever stands on it (or null). stones: {black, white} now shown.
export function drawLessonMarks(board, { targets = [], point = null, stones = {} }) {
  const svg = board.element;
  svg.querySelector('.lesson-marks')?.remove();
  const size = board.size;
  const layer = svgElement('g', { class: 'lesson-marks', 'aria-hidden': 'true',
    'pointer-events': 'none' });
  // Before the transparent cells, so that clicks still reach them.
  svg.insertBefore(layer, svg.querySelector('.board-cells'));
  const centre = (vertex) => {
    const at = parseVertex(vertex, size);
    return at && { x: kMargin + at.col, y: kMargin + (size - 1 - at.row) };
  };
  const colourAt = (vertex) => ['black', 'white'].find((colour) =>
    (stones[colour] ?? []).includes(vertex)) ?? null;
  for (const vertex of targets) {
    const colour = colourAt(vertex);
    const c = centre(vertex);
    if (!colour || !c) continue;
    const r = 0.24;
    svgElement('path', { class: 'target-mark', 'data-vertex': vertex,
      d: `M ${c.x} ${c.y - r} L ${c.x + r * 0.87} ${c.y + r * 0.5} L ${c.x - r * 0.87} ${c.y + r * 0.5} Z`,
      fill: 'none', stroke: colour === 'black' ? '#8ec5ff' : kColour, 'stroke-width': 0.08,
      'stroke-linejoin': 'round' }, layer);
  }
  const c = point && centre(point);
  if (c) {
    svgElement('rect', { class: 'point-mark', 'data-vertex': point, x: c.x - 0.3, y: c.y - 0.3,
      width: 0.6, height: 0.6, rx: 0.06, fill: 'none',
      stroke: colourAt(point) === 'black' ? '#8ec5ff' : kColour, 'stroke-width': 0.09 }, layer);
  }
}
