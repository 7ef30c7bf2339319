// Client-side replay of a finished game from its move list: each move is placed, opponent
// chains left without liberties are removed, then the mover's own chain if it has none
// (multi-stone suicide, legal under some rulesets). The moves were already judged legal by
// the server, so nothing is checked here; this only rebuilds the boards in between.
// Handicap stones come from the game's SGF (AB), the one record that lists them.

import { chainAt, neighbours } from './board_chains.js';
import { indexOf, parseVertex, toVertex } from './coords.js';

export class Replay {
  // moves: [{colour, point}] with point a vertex or "pass"; setup: {black: [vertex]}.
  constructor(size, moves, setup = { black: [] }) {
    this.size_ = size;
    this.moves_ = moves;
    this.boards_ = [];
    let board = new Array(size * size).fill(null);
    for (const vertex of setup.black ?? []) board[this.index_(vertex)] = 'black';
    for (const vertex of setup.white ?? []) board[this.index_(vertex)] = 'white';
    this.boards_.push(board);
    for (const move of moves) {
      board = this.play_(board, move);
      this.boards_.push(board);
    }
  }

  get length() { return this.moves_.length; }

  // The board view position after `count` moves (0 = the start).
  positionAt(count) {
    const board = this.boards_[count];
    const stones = { black: [], white: [] };
    board.forEach((colour, index) => {
      if (colour) stones[colour].push(toVertex(index % this.size_, Math.floor(index / this.size_)));
    });
    const move = count > 0 ? this.moves_[count - 1] : null;
    return { size: this.size_, stones, toMove: null, legal: null,
      lastMove: move ? { color: move.colour, vertex: move.point } : null };
  }

  index_(vertex) {
    const point = parseVertex(vertex, this.size_);
    if (!point) throw new Error(`replay: bad vertex ${vertex}`);
    return indexOf(point.col, point.row, this.size_);
  }

  // The chain through `index`, or null when it has a liberty.
  capturedChain_(board, index) {
    const chain = chainAt(board, index, this.size_, null);
    return chain.hasLiberty ? null : chain.stones;
  }

  play_(before, move) {
    if (!move.point || move.point === 'pass') return before;
    const board = before.slice();
    const index = this.index_(move.point);
    board[index] = move.colour;
    for (const next of neighbours(index, this.size_)) {
      if (board[next] && board[next] !== move.colour) {
        for (const stone of this.capturedChain_(board, next) ?? []) board[stone] = null;
      }
    }
    for (const stone of this.capturedChain_(board, index) ?? []) board[stone] = null;
    return board;
  }
}

// Black's setup stones (AB) of an SGF record as vertices: SGF letters count from the top-left.
export function setupFromSgf(sgf, size) {
  const setup = { black: [], white: [] };
  for (const [property, colour] of [['AB', 'black'], ['AW', 'white']]) {
    const match = new RegExp(`${property}((?:\\s*\\[[a-z]{2}\\])+)`).exec(sgf);
    if (!match) continue;
    for (const [, point] of match[1].matchAll(/\[([a-z]{2})\]/g)) {
      const col = point.charCodeAt(0) - 97;
      const rowFromTop = point.charCodeAt(1) - 97;
      setup[colour].push(toVertex(col, size - 1 - rowFromTop));
    }
  }
  return setup;
}
