// Translates the server's `state` (docs/protocol.md, "State") into what BoardView draws.
// The server lists points row by row from the TOP row (row `size`) down; the board view
// numbers them from the bottom (index = row * size + col, row 0 = GTP row 1).

import { toVertex } from './coords.js';
import { illegalReasons } from './illegal_reasons.js';

const kColourOf = { b: 'black', w: 'white' };

// The vertex of the server string's character at `index`.
export function vertexOfServerIndex(index, size) {
  const col = index % size;
  const rowFromTop = Math.floor(index / size);
  return toVertex(col, size - 1 - rowFromTop);
}

// {black: [vertex], white: [vertex]} from a board string of "." "b" "w".
export function stonesOf(board, size) {
  const stones = { black: [], white: [] };
  for (let index = 0; index < board.length; index++) {
    const colour = kColourOf[board[index]];
    if (colour) stones[colour].push(vertexOfServerIndex(index, size));
  }
  return stones;
}

// The legal string ("1" = may play) as the board view's bitmap of 0/1 numbers.
export function legalBitmap(legal, size) {
  const bitmap = new Array(size * size).fill(0);
  for (let index = 0; index < legal.length; index++) {
    const col = index % size;
    const row = size - 1 - Math.floor(index / size);
    bitmap[row * size + col] = legal[index] === '1' ? 1 : 0;
  }
  return bitmap;
}

const other = (colour) => (colour === 'black' ? 'white' : 'black');

// The colour that played state.lastMove: the last entry of the move list when there is one,
// otherwise the side not to move.
function lastMoveColour(state, moves) {
  const last = moves[moves.length - 1];
  if (last) return last.colour;
  return other(state.toMove);
}

// The board view position for a viewer (`you`: black, white or spectator). Red crosses and
// clicks only for the player whose turn it is, so the other side and spectators see the plain
// board.
export function positionFor(state, size, you, moves) {
  const myTurn = state.phase === 'play' && state.toMove === you && Boolean(state.legal);
  return {
    size,
    stones: stonesOf(state.board, size),
    toMove: myTurn ? state.toMove : null,
    legal: myTurn ? legalBitmap(state.legal, size) : null,
    reasons: myTurn
      ? illegalReasons(state.board, state.legal, size, state.toMove, state.lastMove) : {},
    lastMove: state.lastMove
      ? { color: lastMoveColour(state, moves), vertex: state.lastMove } : null,
  };
}

// The score overlay for the removal phase and finished games, or null.
export function overlayFor(state) {
  const score = state.score;
  const removal = state.removal;
  if (!score && !removal) return null;
  return {
    blackTerritory: score?.territory?.black ?? [],
    whiteTerritory: score?.territory?.white ?? [],
    dead: removal?.dead ?? score?.dead ?? [],
    seki: score?.seki ?? [],
    dame: score?.dame ?? [],
    uncertain: removal?.uncertain ?? [],
  };
}

// The board mode for a viewer: play on your turn, toggle chains in the removal phase.
export function modeFor(state, you) {
  const player = you === 'black' || you === 'white';
  if (player && state.phase === 'play' && state.toMove === you) return 'play';
  if (player && state.phase === 'removal') return 'toggle';
  return 'view';
}
