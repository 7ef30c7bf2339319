// Client-side rules for the local DEMO board and the Rules page diagrams ONLY.
// A real game never uses this file: there the server's engine (src/go) decides legality
// and sends the legal-point set, which the board view draws as is.
//
// Rules here: the site's default, Tromp-Taylor with suicide forbidden (see rules.html):
// a move removes the opponent's chains left without liberties; a move that leaves its own
// chain without liberties is suicide and forbidden; a move may not recreate any earlier
// board (positional superko). Simple ko is the superko case where the earlier board is the
// one just before the opponent's last move; it gets its own reason because players know it.

import { chainAt, neighbours } from './board_chains.js';
import { indexOf, parseVertex, toVertex } from './coords.js';

const kEmpty = 0;
const kBlack = 1;
const kWhite = 2;
const kColorOf = { black: kBlack, white: kWhite };
const kNameOf = ['', 'black', 'white'];

export class DemoGame {
  constructor(size = 9) {
    this.size = size;
    this.reset();
  }

  reset() {
    this.board = new Uint8Array(this.size * this.size);
    this.toMove = 'black';
    this.captures = { black: 0, white: 0 }; // stones captured BY each colour
    this.lastMove = null;
    this.history = []; // snapshots for undo
    this.seen = new Set([this.positionKey_(this.board)]); // every board so far
    this.keys = [this.positionKey_(this.board)]; // board after each move, in order
  }

  // The board as a string: a complete hash key (no collisions) for a small demo board.
  positionKey_(board) { return board.join(''); }

  neighbours_(index) { return neighbours(index, this.size); }

  // The chain through `index` and whether it has a liberty.
  chain_(board, index) { return chainAt(board, index, this.size, kEmpty); }

  // Plays `color` at `index` on a copy: {board, captured} or {reason}.
  tryPlay_(index, color) {
    if (this.board[index] !== kEmpty) return { reason: 'occupied' };
    const board = Uint8Array.from(this.board);
    const own = kColorOf[color];
    board[index] = own;
    let captured = 0;
    for (const next of this.neighbours_(index)) {
      if (board[next] !== kEmpty && board[next] !== own) {
        const chain = this.chain_(board, next);
        if (!chain.hasLiberty) {
          for (const stone of chain.stones) board[stone] = kEmpty;
          captured += chain.stones.length;
        }
      }
    }
    if (!this.chain_(board, index).hasLiberty) return { reason: 'suicide' };
    const key = this.positionKey_(board);
    if (this.seen.has(key)) {
      // The board before the opponent's last move: an immediate recapture, i.e. simple ko.
      const beforeOpponent = this.keys.length >= 2 ? this.keys[this.keys.length - 2] : null;
      return { reason: key === beforeOpponent && captured === 1 ? 'ko' : 'superko' };
    }
    return { board, captured, key };
  }

  // {legal: [vertex], reasons: {vertex: 'ko'|'superko'|'suicide'}} for the player to move.
  legalInfo() {
    const legal = [];
    const reasons = {};
    for (let index = 0; index < this.board.length; index++) {
      if (this.board[index] !== kEmpty) continue;
      const vertex = this.vertex_(index);
      const result = this.tryPlay_(index, this.toMove);
      if (result.reason) reasons[vertex] = result.reason;
      else legal.push(vertex);
    }
    return { legal, reasons };
  }

  // Plays a vertex or 'pass' for the player to move: {ok: true} or {ok: false, reason}.
  play(vertex) {
    const color = this.toMove;
    if (vertex === 'pass') {
      this.remember_();
      this.keys.push(this.keys[this.keys.length - 1]);
      this.finishMove_(color, 'pass');
      return { ok: true };
    }
    const point = parseVertex(vertex, this.size);
    if (!point) return { ok: false, reason: 'offBoard' };
    const result = this.tryPlay_(indexOf(point.col, point.row, this.size), color);
    if (result.reason) return { ok: false, reason: result.reason };
    this.remember_();
    this.board = result.board;
    this.captures[color] += result.captured;
    this.seen.add(result.key);
    this.keys.push(result.key);
    this.finishMove_(color, vertex);
    return { ok: true, captured: result.captured };
  }

  undo() {
    const previous = this.history.pop();
    if (!previous) return false;
    Object.assign(this, previous);
    return true;
  }

  remember_() {
    this.history.push({ board: this.board, toMove: this.toMove, lastMove: this.lastMove,
      captures: { ...this.captures }, seen: new Set(this.seen), keys: [...this.keys] });
  }

  finishMove_(color, vertex) {
    this.lastMove = { color, vertex };
    this.toMove = color === 'black' ? 'white' : 'black';
  }

  vertex_(index) { return toVertex(index % this.size, Math.floor(index / this.size)); }

  stones() {
    const stones = { black: [], white: [] };
    this.board.forEach((value, index) => {
      if (value !== kEmpty) stones[kNameOf[value]].push(this.vertex_(index));
    });
    return stones;
  }

  // Two consecutive passes end the game (Tromp-Taylor).
  isOver() {
    const moves = this.history.length;
    return moves >= 2 && this.lastMove?.vertex === 'pass' &&
      this.history[moves - 1].lastMove?.vertex === 'pass';
  }

  // Tromp-Taylor area score of the board as it stands: a colour's stones plus the empty
  // regions that reach only that colour. {black, white, blackTerritory, whiteTerritory, dame}.
  score() {
    const result = { black: 0, white: 0, blackTerritory: [], whiteTerritory: [], dame: [] };
    const visited = new Set();
    this.board.forEach((value, index) => {
      if (value !== kEmpty) result[kNameOf[value]]++;
    });
    for (let start = 0; start < this.board.length; start++) {
      if (this.board[start] !== kEmpty || visited.has(start)) continue;
      const region = [start];
      const reaches = new Set();
      visited.add(start);
      for (let i = 0; i < region.length; i++) {
        for (const next of this.neighbours_(region[i])) {
          if (this.board[next] !== kEmpty) reaches.add(this.board[next]);
          else if (!visited.has(next)) { visited.add(next); region.push(next); }
        }
      }
      const owner = reaches.size === 1 ? kNameOf[[...reaches][0]] : null;
      const list = owner ? result[`${owner}Territory`] : result.dame;
      for (const index of region) list.push(this.vertex_(index));
      if (owner) result[owner] += region.length;
    }
    return result;
  }

  // Everything BoardView.setPosition needs.
  position() {
    const over = this.isOver();
    const { legal, reasons } = over ? { legal: null, reasons: {} } : this.legalInfo();
    return { size: this.size, stones: this.stones(), toMove: over ? null : this.toMove, legal,
      reasons, lastMove: this.lastMove };
  }
}
