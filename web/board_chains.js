// Chains on a flat board (index = row * size + col), shared by the demo board's rules and the
// replay of finished games. `empty` is the value an empty point holds on that board.

// The up to four points next to `index`.
export function neighbours(index, size) {
  const col = index % size;
  const result = [];
  if (col > 0) result.push(index - 1);
  if (col < size - 1) result.push(index + 1);
  if (index >= size) result.push(index - size);
  if (index < size * (size - 1)) result.push(index + size);
  return result;
}

// The chain through `index`: its stones and whether it has a liberty.
export function chainAt(board, index, size, empty) {
  const colour = board[index];
  const stones = [index];
  const visited = new Set(stones);
  let hasLiberty = false;
  for (let i = 0; i < stones.length; i++) {
    for (const next of neighbours(stones[i], size)) {
      if (board[next] === empty) hasLiberty = true;
      else if (board[next] === colour && !visited.has(next)) {
        visited.add(next);
        stones.push(next);
      }
    }
  }
  return { stones, hasLiberty };
}
