// Why a point the server marked illegal is illegal, for the words next to the red cross
// ("E5: not allowed (ko)"). The server's legal set decides WHICH points are crossed; this
// only names the reason from the board, the way a player would see it:
//   suicide  the stone would have no liberty and capture nothing;
//   ko       it would capture exactly the single stone just played (an immediate retake);
//   superko  any other refusal (the move would repeat an earlier position).
// So a cross can never appear or disappear because of this file.

import { toVertex } from './coords.js';

const kStone = { b: 'black', w: 'white' };

// board: the server's string (top row first); legal: its legal string; toMove: the colour
// to move; lastMove: a vertex, "pass" or null. Returns {vertex: reason} for every crossed
// empty point.
export function illegalReasons(board, legal, size, toMove, lastMove) {
  const at = (col, row) => kStone[board[(size - 1 - row) * size + col]] ?? null;
  const neighbours = (col, row) => [[col - 1, row], [col + 1, row], [col, row - 1], [col, row + 1]]
    .filter(([c, r]) => c >= 0 && r >= 0 && c < size && r < size);

  // The chain at (col, row) and its liberties, treating `filled` as occupied.
  const chainOf = (col, row, filled) => {
    const colour = at(col, row);
    const stones = new Map([[`${col},${row}`, [col, row]]]);
    const liberties = new Set();
    for (const [c, r] of stones.values()) {
      for (const [nc, nr] of neighbours(c, r)) {
        const key = `${nc},${nr}`;
        const here = key === filled ? 'filled' : at(nc, nr);
        if (here === null) liberties.add(key);
        else if (here === colour && !stones.has(key)) stones.set(key, [nc, nr]);
      }
    }
    return { stones: [...stones.values()], liberties };
  };

  const reasons = {};
  for (let index = 0; index < legal.length; index++) {
    if (legal[index] === '1' || board[index] !== '.') continue;
    const col = index % size;
    const row = size - 1 - Math.floor(index / size);
    const key = `${col},${row}`;
    let captured = [];
    let hasLiberty = false;
    for (const [nc, nr] of neighbours(col, row)) {
      const colour = at(nc, nr);
      if (colour === null) {
        hasLiberty = true;
      } else if (colour !== toMove) {
        const chain = chainOf(nc, nr, key);
        if (chain.liberties.size === 0) captured = captured.concat(chain.stones);
      } else if (chainOf(nc, nr, key).liberties.size > 0) {
        hasLiberty = true;
      }
    }
    const vertex = toVertex(col, row);
    if (captured.length === 0 && !hasLiberty) {
      reasons[vertex] = 'suicide';
    } else {
      const retakesLast = captured.length === 1 &&
        toVertex(captured[0][0], captured[0][1]) === lastMove;
      reasons[vertex] = retakesLast ? 'ko' : 'superko';
    }
  }
  return reasons;
}
