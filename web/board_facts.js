// Facts a player asks about a position, read from the server's board string (docs/protocol.md
// "State": size*size characters ".", "b", "w", the top row first): the group at a point with
// its liberties, the stones along a row or a column, a colour's stones, and the chains a move
// has left in atari. Pure, so the text field's answers are tested in node.

import { kColumnLetters, toVertex } from './coords.js';

const kColour = { b: 'black', w: 'white' };

// The colour at (col, row) (row 0 = GTP row 1), or null for an empty point.
export function colourAt(board, size, col, row) {
  return kColour[board[(size - 1 - row) * size + col]] ?? null;
}

function neighbours(col, row, size) {
  return [[col - 1, row], [col + 1, row], [col, row - 1], [col, row + 1]]
    .filter(([c, r]) => c >= 0 && r >= 0 && c < size && r < size);
}

// The chain through (col, row): {colour, stones: [vertex], liberties: [vertex]} in board
// order (column, then row), or null when the point is empty.
export function chainAt(board, size, col, row) {
  const colour = colourAt(board, size, col, row);
  if (!colour) return null;
  const stones = new Map([[`${col},${row}`, [col, row]]]);
  const liberties = new Map();
  for (const [c, r] of stones.values()) {
    for (const [nc, nr] of neighbours(c, r, size)) {
      const key = `${nc},${nr}`;
      const here = colourAt(board, size, nc, nr);
      if (here === null) liberties.set(key, [nc, nr]);
      else if (here === colour && !stones.has(key)) stones.set(key, [nc, nr]);
    }
  }
  const vertices = (map) => [...map.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([c, r]) => toVertex(c, r));
  return { colour, stones: vertices(stones), liberties: vertices(liberties) };
}

// The stones on row `row` (1 = the bottom, as in GTP) from column A rightwards:
// [{column: 'D', colour: 'black'}, ...].
export function rowStones(board, size, row) {
  const found = [];
  for (let col = 0; col < size; col++) {
    const colour = colourAt(board, size, col, row - 1);
    if (colour) found.push({ column: kColumnLetters[col], colour });
  }
  return found;
}

// The stones in column `column` ('D') from row 1 upwards: [{row: 4, colour: 'black'}, ...].
export function columnStones(board, size, column) {
  const col = kColumnLetters.indexOf(column);
  const found = [];
  for (let row = 0; row < size; row++) {
    const colour = colourAt(board, size, col, row);
    if (colour) found.push({ row: row + 1, colour });
  }
  return found;
}

// Every stone of `colour`, column by column: ['C3', 'C4', 'D4'].
export function stonesOfColour(board, size, colour) {
  const found = [];
  for (let col = 0; col < size; col++) {
    for (let row = 0; row < size; row++) {
      if (colourAt(board, size, col, row) === colour) found.push(toVertex(col, row));
    }
  }
  return found;
}

// The opponent chains next to `vertex` (just played by `mover`) left with one liberty, on
// the board after the move: [{colour, stones, liberty}]. Only neighbours can lose a liberty
// to a move, so these are all the chains the move put (or kept) in atari.
export function atarisAfterMove(board, size, col, row, mover) {
  const seen = new Set();
  const found = [];
  for (const [c, r] of neighbours(col, row, size)) {
    const colour = colourAt(board, size, c, r);
    if (!colour || colour === mover) continue;
    const chain = chainAt(board, size, c, r);
    if (seen.has(chain.stones[0])) continue;
    seen.add(chain.stones[0]);
    if (chain.liberties.length === 1) {
      found.push({ colour, stones: chain.stones, liberty: chain.liberties[0] });
    }
  }
  return found;
}
