// The parts of the board drawing that depend only on its size: stone gradients, wood,
// lines, star points and coordinates. Board units: one grid step; point (col, row) sits at
// (kMargin + col, kMargin + size - 1 - row), so row 1 is at the bottom.

import { starPoints, toVertex } from './coords.js';

const kSvg = 'http://www.w3.org/2000/svg';
export const kMargin = 1.35; // between the outer line and the edge: room for coordinates
const kInk = '#2b1d0e';

export function svgElement(name, attributes = {}, parent = null) {
  const element = document.createElementNS(kSvg, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

// Draws into `svg`; stone gradients get the ids `${prefix}-black` and `${prefix}-white`.
export function drawBoardGrid(svg, size, prefix) {
  const extent = size - 1 + 2 * kMargin;
  const x = (col) => kMargin + col;
  const y = (row) => kMargin + (size - 1 - row);

  const defs = svgElement('defs', {}, svg);
  const gradient = (id, inner, outer) => {
    const g = svgElement('radialGradient', { id, cx: '0.35', cy: '0.3', r: '0.75' }, defs);
    svgElement('stop', { offset: '0', 'stop-color': inner }, g);
    svgElement('stop', { offset: '1', 'stop-color': outer }, g);
  };
  gradient(`${prefix}-black`, '#5a5a5a', '#0b0b0b');
  gradient(`${prefix}-white`, '#ffffff', '#d2d2cc');

  svgElement('rect', { class: 'board-wood', x: 0, y: 0, width: extent, height: extent,
    rx: 0.2, fill: '#dcb35c' }, svg);
  const lines = svgElement('g', { class: 'board-lines', stroke: kInk, 'stroke-width': 0.04,
    'stroke-linecap': 'square', 'aria-hidden': 'true' }, svg);
  const low = kMargin;
  const high = kMargin + size - 1;
  for (let i = 0; i < size; i++) {
    const p = kMargin + i;
    svgElement('line', { x1: low, y1: p, x2: high, y2: p }, lines);
    svgElement('line', { x1: p, y1: low, x2: p, y2: high }, lines);
  }
  svgElement('rect', { x: low, y: low, width: size - 1, height: size - 1, fill: 'none',
    'stroke-width': 0.07 }, lines);
  for (const [col, row] of starPoints(size)) {
    svgElement('circle', { class: 'star', cx: x(col), cy: y(row), r: 0.11, fill: kInk }, lines);
  }

  // GTP coordinates on all four edges (letters skip I; numbers count up from the bottom).
  const coords = svgElement('g', { class: 'coords', 'font-size': 0.42,
    'font-family': 'system-ui, sans-serif', fill: kInk, 'text-anchor': 'middle',
    'dominant-baseline': 'central', 'aria-hidden': 'true' }, svg);
  const label = (text, atX, atY, edge) => {
    svgElement('text', { x: atX, y: atY, 'data-edge': edge }, coords).textContent = text;
  };
  const near = 0.5;
  const far = extent - near;
  for (let i = 0; i < size; i++) {
    const letter = toVertex(i, 0).slice(0, 1);
    label(letter, x(i), near, 'top');
    label(letter, x(i), far, 'bottom');
    label(String(i + 1), near, y(i), 'left');
    label(String(i + 1), far, y(i), 'right');
  }
}
