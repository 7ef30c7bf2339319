// An SVG Go board: draws a position, marks where the player to move may not play, and
// turns pointer and keyboard input into `play`, `illegal` and `toggle` events. It knows
// no rules: legality comes from the legal-point set its owner passes in (the server's in a
// real game), so client and server can never disagree about a red cross.
//
// Events (CustomEvent, fields in `detail`):
//   play    {vertex, color}               a click or Enter on a point where play is allowed
//   illegal {vertex, reason: 'illegal', why}  a click or Enter on a point where it is not;
//                                           `why` is 'ko' | 'superko' | 'suicide' |
//                                           'occupied' | null (no reason known)
//   toggle  {vertex}                       in 'toggle' mode, a click on a stone (dead/alive)
//   inert   {vertex}                       in 'view' mode, a click that does nothing (the
//                                          page may say why: not your turn)

import { drawBoardGrid, kMargin, svgElement } from './board_svg.js';
import { indexOf, kMaxSize, kMinSize, parseVertex, toVertex } from './coords.js';

const kOverlayKeys = ['blackTerritory', 'whiteTerritory', 'dead', 'seki', 'dame', 'uncertain',
  'disputed', 'locked'];

// PageUp/PageDown move this many rows: from the edge to the 4-4 point's line and on.
const kPageRows = 3;

// Numbers each board so that several boards on one page get distinct gradient and cell ids.
let instanceCount = 0;

export class BoardView extends EventTarget {
  // container: an element the board fills. options.t: the translation function (key, params);
  // options.interactive (default true): focusable, clickable, announces moves.
  // options.announceMoves (default true): false when the page says the moves itself (the game
  // page's text panel, with captures and atari); the cursor's points are still said.
  constructor(container, { t, interactive = true, size = 19, announceMoves = true } = {}) {
    super();
    if (typeof t !== 'function') throw new Error('BoardView needs a translation function t');
    this.container_ = container;
    this.t_ = t;
    this.interactive_ = interactive;
    this.announceMoves_ = announceMoves;
    this.prefix_ = `board${++instanceCount}`;
    this.mode_ = interactive ? 'play' : 'view';
    this.size_ = 0;
    this.stones_ = new Map(); // index -> 'black' | 'white'
    this.toMove_ = null;
    this.legal_ = null; // Set of indexes, or null when no legal set was given
    this.reasons_ = new Map(); // index -> 'ko' | 'superko' | 'suicide'
    this.lastMove_ = null; // {color, vertex}
    this.overlay_ = null; // kOverlayKeys -> Sets of indexes
    this.hover_ = null;
    this.focused_ = false;

    this.svg_ = svgElement('svg', { class: 'board', preserveAspectRatio: 'xMidYMid meet' });
    container.appendChild(this.svg_);
    if (interactive) {
      this.svg_.setAttribute('tabindex', '0');
      this.svg_.setAttribute('role', 'grid');
      this.live_ = document.createElement('div');
      this.live_.className = 'board-live';
      this.live_.setAttribute('aria-live', 'polite');
      this.live_.setAttribute('role', 'status');
      // Visually hidden, still read by screen readers.
      this.live_.style.cssText =
        'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
      container.appendChild(this.live_);
      this.listen_();
    } else {
      this.svg_.setAttribute('role', 'img');
    }
    this.resize_(size);
  }

  get size() { return this.size_; }
  get mode() { return this.mode_; }
  get element() { return this.svg_; }

  // position: {size, stones: {black: [vertex], white: [vertex]}, toMove: 'black'|'white'|null,
  //   legal: [vertex] or a bitmap (array-like, index = row * size + col, row 0 = GTP row 1)
  //   or null (nothing known: no crosses), reasons: {vertex: 'ko'|'superko'|'suicide'},
  //   lastMove: {color, vertex} (vertex may be 'pass') or null}.
  setPosition({ size, stones = {}, toMove = null, legal = null, reasons = {}, lastMove = null }) {
    if (size !== undefined && size !== this.size_) this.resize_(size);
    this.stones_.clear();
    for (const color of ['black', 'white']) {
      for (const vertex of stones[color] ?? []) this.stones_.set(this.index_(vertex), color);
    }
    this.toMove_ = toMove;
    this.legal_ = legal == null ? null : this.legalSet_(legal);
    this.reasons_ = new Map(Object.entries(reasons).map(([v, why]) => [this.index_(v), why]));
    const previous = this.lastMove_;
    this.lastMove_ = lastMove;
    this.render_();
    // Consecutive moves alternate colours, so an unchanged (colour, vertex) is a redraw.
    const changed = lastMove && (!previous || previous.vertex !== lastMove.vertex ||
      previous.color !== lastMove.color);
    if (changed && this.announceMoves_) this.announce_(() => this.moveText_(lastMove));
  }

  // overlay: {blackTerritory, whiteTerritory, dead, seki, dame, uncertain, disputed, locked},
  // each a list of vertices (uncertain: points whose status the server could not settle
  // during stone removal; disputed: stones under confirmation play; locked: points a ko lock
  // forbids retaking); null clears it.
  setScoreOverlay(overlay) {
    if (!overlay) {
      this.overlay_ = null;
    } else {
      this.overlay_ = {};
      for (const key of kOverlayKeys) {
        this.overlay_[key] = new Set((overlay[key] ?? []).map((v) => this.index_(v)));
      }
    }
    this.render_();
  }

  // 'play': clicks play; 'toggle': clicks on stones toggle their chain (stone removal);
  // 'view': no input.
  setMode(mode) {
    if (!['play', 'toggle', 'view'].includes(mode)) throw new Error(`unknown board mode ${mode}`);
    if (mode === this.mode_) return;
    this.mode_ = mode;
    this.hover_ = null;
    this.render_();
  }

  // Re-translates every label and the last announcement; call after the language changes.
  relabel() {
    this.drawStatic_();
    this.render_();
    if (this.announcement_) this.announce_(this.announcement_);
  }

  // Says `text` to screen readers through the board's live region.
  announce(text) {
    this.announce_(() => text);
  }

  // message: a function giving the text in the current language, kept for relabel().
  announce_(message) {
    this.announcement_ = message;
    if (this.live_) this.live_.textContent = message();
  }

  get cursorVertex() { return toVertex(this.cursor_.col, this.cursor_.row); }

  // ---- geometry -------------------------------------------------------------------------

  index_(vertex) {
    const point = parseVertex(vertex, this.size_);
    if (!point) throw new Error(`bad vertex ${vertex} for a ${this.size_}x${this.size_} board`);
    return indexOf(point.col, point.row, this.size_);
  }

  vertexAt_(index) { return toVertex(index % this.size_, Math.floor(index / this.size_)); }

  // Screen position of a point: column A on the left, row 1 at the bottom.
  x_(col) { return kMargin + col; }
  y_(row) { return kMargin + (this.size_ - 1 - row); }

  legalSet_(legal) {
    const set = new Set();
    const isBitmap = legal.length === this.size_ * this.size_ &&
      Array.from(legal).every((value) => typeof value === 'number' || typeof value === 'boolean');
    if (isBitmap) {
      Array.from(legal).forEach((value, index) => { if (value) set.add(index); });
    } else {
      for (const vertex of legal) set.add(this.index_(vertex));
    }
    return set;
  }

  // ---- state queries --------------------------------------------------------------------

  // True when the point is empty and the legal set says the player to move may not play it.
  isForbidden_(index) {
    return this.toMove_ !== null && this.legal_ !== null && !this.stones_.has(index) &&
      !this.legal_.has(index);
  }

  mayPlay_(index) {
    return this.mode_ === 'play' && this.toMove_ !== null && !this.stones_.has(index) &&
      !this.isForbidden_(index);
  }

  whyForbidden_(index) {
    if (this.stones_.has(index)) return 'occupied';
    return this.reasons_.get(index) ?? null;
  }

  colorName_(color) { return this.t_(`color.${color}`); }

  moveText_(move) {
    const color = this.colorName_(move.color);
    if (move.vertex === 'pass') return this.t_('board.announce.pass', { color });
    return this.t_('board.announce.move', { color, vertex: move.vertex });
  }

  // why: the reason at the time of the announcement, so a later relabel() keeps it.
  forbiddenText_(index, why = this.whyForbidden_(index)) {
    const vertex = this.vertexAt_(index);
    if (!why) return this.t_('board.forbidden', { vertex });
    return this.t_('board.forbiddenBecause', { vertex, reason: this.t_(`reason.${why}`) });
  }

  cellLabel_(index) {
    const parts = [];
    const stone = this.stones_.get(index);
    parts.push(this.t_(stone ? `board.point.${stone}` : 'board.point.empty'));
    if (this.lastMove_ && this.lastMove_.vertex !== 'pass' &&
        this.index_(this.lastMove_.vertex) === index) parts.push(this.t_('board.point.last'));
    if (this.isForbidden_(index)) {
      const why = this.whyForbidden_(index);
      parts.push(why ? this.t_('board.point.forbiddenBecause', { reason: this.t_(`reason.${why}`) })
        : this.t_('board.point.forbidden'));
    }
    if (this.overlay_) {
      for (const key of kOverlayKeys) {
        if (this.overlay_[key].has(index)) parts.push(this.t_(`board.point.${key}`));
      }
    }
    return this.t_('board.cell', { vertex: this.vertexAt_(index), state: parts.join(', ') });
  }

  // ---- drawing --------------------------------------------------------------------------

  resize_(size) {
    if (!Number.isInteger(size) || size < kMinSize || size > kMaxSize) {
      throw new Error(`board size must be ${kMinSize}..${kMaxSize}, got ${size}`);
    }
    this.size_ = size;
    this.stones_.clear();
    this.legal_ = null;
    this.reasons_ = new Map();
    this.lastMove_ = null;
    this.overlay_ = null;
    this.hover_ = null;
    const middle = Math.floor((size - 1) / 2);
    this.cursor_ = { col: middle, row: middle };
    const extent = size - 1 + 2 * kMargin;
    this.svg_.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
    this.svg_.dataset.size = String(size);
    this.drawStatic_();
    this.render_();
  }

  // Everything that changes only with the size or the language: wood, lines, star points,
  // coordinates and the focusable cells with their ids.
  drawStatic_() {
    const size = this.size_;
    const svg = this.svg_;
    svg.replaceChildren();
    svg.setAttribute('aria-label', this.t_('board.label', { size }));

    drawBoardGrid(svg, size, this.prefix_);

    this.layer_ = svgElement('g', { class: 'board-marks', 'aria-hidden': 'true' }, svg);
    this.shadow_ = svgElement('circle', { class: 'hover-shadow', r: 0.47, opacity: 0.45,
      visibility: 'hidden', 'pointer-events': 'none', 'aria-hidden': 'true' }, svg);
    this.cursorMark_ = svgElement('rect', { class: 'board-cursor', width: 0.9, height: 0.9,
      rx: 0.12, fill: 'none', stroke: '#1565c0', 'stroke-width': 0.09, visibility: 'hidden',
      'pointer-events': 'none', 'aria-hidden': 'true' }, svg);

    // One transparent cell per point, topmost: pointer target and accessible grid cell.
    this.cells_ = new Array(size * size);
    const grid = svgElement('g', { class: 'board-cells', fill: 'transparent' }, svg);
    for (let row = size - 1; row >= 0; row--) {
      // A row is named by its number: unnamed, a screen reader would read its 19 cells as its name.
      const rowGroup = svgElement('g', this.interactive_
        ? { role: 'row', 'aria-label': this.t_('board.row', { row: row + 1 }) } : {}, grid);
      for (let col = 0; col < size; col++) {
        const index = indexOf(col, row, size);
        const cell = svgElement('rect', { x: this.x_(col) - 0.5, y: this.y_(row) - 0.5,
          width: 1, height: 1, id: `${this.prefix_}-${toVertex(col, row)}`,
          'data-vertex': toVertex(col, row), 'data-index': index }, rowGroup);
        if (this.interactive_) cell.setAttribute('role', 'gridcell');
        this.cells_[index] = cell;
      }
    }
  }

  // Everything that changes with the position: stones, marks, crosses, labels.
  render_() {
    if (!this.layer_) return;
    const layer = this.layer_;
    layer.replaceChildren();
    const size = this.size_;
    const overlay = this.overlay_;
    for (let index = 0; index < size * size; index++) {
      const cx = this.x_(index % size);
      const cy = this.y_(Math.floor(index / size));
      const vertex = this.vertexAt_(index);
      const stone = this.stones_.get(index);
      if (stone) {
        const dead = overlay?.dead.has(index);
        svgElement('circle', { class: `stone ${stone}${dead ? ' dead' : ''}`, cx, cy, r: 0.47,
          fill: `url(#${this.prefix_}-${stone})`, stroke: stone === 'white' ? '#555' : '#000',
          'stroke-width': 0.03, opacity: dead ? 0.45 : 1, 'data-vertex': vertex }, layer);
      } else if (this.isForbidden_(index)) {
        this.drawCross_(layer, cx, cy, vertex);
      }
      if (overlay) this.drawOverlayMarks_(layer, index, cx, cy, vertex);
      this.cells_[index].setAttribute('aria-label', this.cellLabel_(index));
    }
    const last = this.lastMove_;
    if (last && last.vertex !== 'pass') {
      const index = this.index_(last.vertex);
      svgElement('circle', { class: 'last-move', cx: this.x_(index % size),
        cy: this.y_(Math.floor(index / size)), r: 0.2, fill: 'none', 'stroke-width': 0.07,
        stroke: this.stones_.get(index) === 'black' ? '#fff' : '#000',
        'data-vertex': last.vertex }, layer);
    }
    this.svg_.dataset.toMove = this.toMove_ ?? '';
    this.svg_.dataset.mode = this.mode_;
    this.drawHover_();
    this.drawCursor_();
  }

  drawCross_(layer, cx, cy, vertex) {
    const arm = 0.22;
    const cross = svgElement('g', { class: 'illegal-mark', stroke: '#d7191c',
      'stroke-width': 0.09, 'stroke-linecap': 'round', 'data-vertex': vertex }, layer);
    svgElement('line', { x1: cx - arm, y1: cy - arm, x2: cx + arm, y2: cy + arm }, cross);
    svgElement('line', { x1: cx - arm, y1: cy + arm, x2: cx + arm, y2: cy - arm }, cross);
  }

  drawOverlayMarks_(layer, index, cx, cy, vertex) {
    const overlay = this.overlay_;
    for (const [key, fill] of [['blackTerritory', '#111'], ['whiteTerritory', '#fafafa']]) {
      if (overlay[key].has(index)) {
        svgElement('rect', { class: `territory ${key}`, x: cx - 0.16, y: cy - 0.16,
          width: 0.32, height: 0.32, fill, stroke: '#444', 'stroke-width': 0.03,
          'data-vertex': vertex }, layer);
      }
    }
    if (overlay.seki.has(index)) {
      svgElement('circle', { class: 'seki', cx, cy, r: 0.17, fill: 'none', stroke: '#1565c0',
        'stroke-width': 0.07, 'data-vertex': vertex }, layer);
    }
    if (overlay.uncertain.has(index)) {
      // Thin and dashed: the server may call many points uncertain on an unsettled board.
      svgElement('circle', { class: 'uncertain', cx, cy, r: 0.4, fill: 'none', stroke: '#c77700',
        'stroke-width': 0.035, 'stroke-dasharray': '0.1 0.1', 'data-vertex': vertex }, layer);
    }
    if (overlay.disputed.has(index)) {
      svgElement('circle', { class: 'disputed', cx, cy, r: 0.46, fill: 'none', stroke: '#1565c0',
        'stroke-width': 0.06, 'data-vertex': vertex }, layer);
    }
    if (overlay.locked.has(index)) {
      // A padlock in the point's upper right, beside the red cross the mover sees there: a
      // shackle over a body, so the lock reads without colour too.
      const lx = cx + 0.24;
      const ly = cy - 0.2;
      const lock = svgElement('g', { class: 'ko-lock', 'data-vertex': vertex }, layer);
      svgElement('path', { d: `M ${lx - 0.07} ${ly} v -0.07 a 0.07 0.07 0 0 1 0.14 0 v 0.07`,
        fill: 'none', stroke: '#1565c0', 'stroke-width': 0.04 }, lock);
      svgElement('rect', { x: lx - 0.11, y: ly, width: 0.22, height: 0.16, rx: 0.02,
        fill: '#1565c0' }, lock);
    }
    if (overlay.dame.has(index)) {
      svgElement('rect', { class: 'dame', x: cx - 0.09, y: cy - 0.09, width: 0.18,
        height: 0.18, fill: '#777', transform: `rotate(45 ${cx} ${cy})`,
        'data-vertex': vertex }, layer);
    }
  }

  drawHover_() {
    const index = this.hover_;
    if (index === null || !this.mayPlay_(index)) {
      this.shadow_.setAttribute('visibility', 'hidden');
      return;
    }
    this.shadow_.setAttribute('cx', this.x_(index % this.size_));
    this.shadow_.setAttribute('cy', this.y_(Math.floor(index / this.size_)));
    this.shadow_.setAttribute('fill', this.toMove_ === 'black' ? '#000' : '#fff');
    this.shadow_.setAttribute('visibility', 'visible');
  }

  drawCursor_() {
    const { col, row } = this.cursor_;
    this.cursorMark_.setAttribute('x', this.x_(col) - 0.45);
    this.cursorMark_.setAttribute('y', this.y_(row) - 0.45);
    this.cursorMark_.setAttribute('visibility', this.focused_ ? 'visible' : 'hidden');
    if (this.interactive_) {
      this.svg_.setAttribute('aria-activedescendant', `${this.prefix_}-${this.cursorVertex}`);
    }
  }

  // ---- input ----------------------------------------------------------------------------

  listen_() {
    const svg = this.svg_;
    const indexFromEvent = (event) => {
      const index = event.target?.dataset?.index;
      return index === undefined ? null : Number(index);
    };
    svg.addEventListener('pointermove', (event) => {
      const index = indexFromEvent(event);
      if (index !== this.hover_) {
        this.hover_ = index;
        this.drawHover_();
      }
    });
    svg.addEventListener('pointerleave', () => {
      this.hover_ = null;
      this.drawHover_();
    });
    svg.addEventListener('click', (event) => {
      const index = indexFromEvent(event);
      if (index === null) return;
      this.cursor_ = { col: index % this.size_, row: Math.floor(index / this.size_) };
      this.drawCursor_();
      this.activate_(index);
    });
    // The cursor shows for keyboard focus only, not after a mouse click.
    svg.addEventListener('focus', () => {
      this.focused_ = svg.matches(':focus-visible');
      this.drawCursor_();
    });
    svg.addEventListener('blur', () => { this.focused_ = false; this.drawCursor_(); });
    svg.addEventListener('keydown', (event) => this.onKey_(event));
  }

  onKey_(event) {
    if (!this.focused_) {
      this.focused_ = true;
      this.drawCursor_();
    }
    const target = this.keyTarget_(event);
    if (target) {
      event.preventDefault();
      const clamp = (value) => Math.max(0, Math.min(this.size_ - 1, value));
      this.cursor_ = { col: clamp(target.col), row: clamp(target.row) };
      this.drawCursor_();
      const index = indexOf(this.cursor_.col, this.cursor_.row, this.size_);
      const why = this.isForbidden_(index) ? this.whyForbidden_(index) : undefined;
      this.announce_(() => (why !== undefined ? this.forbiddenText_(index, why) : this.cellLabel_(index)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.activate_(indexOf(this.cursor_.col, this.cursor_.row, this.size_));
    }
  }

  // Where a navigation key moves the cursor, as the WAI-ARIA grid pattern has it: arrows one
  // point, Home/End the row's ends, Ctrl+Home/End the first and last points (A19 and T1, as
  // a page reads), PageUp/PageDown kPageRows rows; null for other keys.
  keyTarget_(event) {
    const { col, row } = this.cursor_;
    const last = this.size_ - 1;
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowLeft': return { col: col - 1, row };
      case 'ArrowRight': return { col: col + 1, row };
      case 'ArrowUp': return { col, row: row + 1 };
      case 'ArrowDown': return { col, row: row - 1 };
      case 'Home': return ctrl ? { col: 0, row: last } : { col: 0, row };
      case 'End': return ctrl ? { col: last, row: 0 } : { col: last, row };
      case 'PageUp': return { col, row: row + kPageRows };
      case 'PageDown': return { col, row: row - kPageRows };
      default: return null;
    }
  }

  activate_(index) {
    const vertex = this.vertexAt_(index);
    if (this.mode_ === 'toggle') {
      if (this.stones_.has(index)) this.emit_('toggle', { vertex });
      return;
    }
    if (this.mode_ !== 'play' || this.toMove_ === null) {
      if (this.mode_ === 'view') this.emit_('inert', { vertex });
      return;
    }
    if (!this.mayPlay_(index)) {
      const why = this.whyForbidden_(index);
      this.announce_(() => this.forbiddenText_(index, why));
      this.emit_('illegal', { vertex, reason: 'illegal', why: this.whyForbidden_(index) });
      return;
    }
    this.emit_('play', { vertex, color: this.toMove_ });
  }

  emit_(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
