// GTP vertices ("D4": column letter A..Z without I, row 1 at the bottom) and the
// column/row pairs the board view draws with. GTP text is used only at this boundary,
// as in the engine (src/go/point.h): col 0 is column A, row 0 is GTP row 1 (the bottom).

export const kMinSize = 2;
export const kMaxSize = 25;
export const kColumnLetters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function toVertex(col, row) {
  return kColumnLetters[col] + String(row + 1);
}

// Returns {col, row} or null when the text is not a vertex of a board of this size.
export function parseVertex(text, size) {
  const match = /^([A-HJ-Z])(\d{1,2})$/i.exec(String(text).trim());
  if (!match) return null;
  const col = kColumnLetters.indexOf(match[1].toUpperCase());
  const row = Number(match[2]) - 1;
  if (col < 0 || col >= size || row < 0 || row >= size) return null;
  return { col, row };
}

// Bitmap layout shared with the engine's legal-point maps: index = row * size + col.
export function indexOf(col, row, size) {
  return row * size + col;
}

// Star points: the traditional ones on 9, 13 and 19; for other sizes the corner points on
// the 3rd line (4th from 12 up), the centre of odd boards and the side points of large odd
// boards, so every board gets recognisable landmarks.
export function starPoints(size) {
  if (size < 5) return [];
  if (size < 7) return size % 2 ? [[(size - 1) / 2, (size - 1) / 2]] : [];
  const edge = size >= 12 ? 3 : 2;
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const points = [[edge, edge], [edge, far], [far, edge], [far, far]];
  if (size % 2) {
    points.push([mid, mid]);
    if (size >= 15) points.push([edge, mid], [far, mid], [mid, edge], [mid, far]);
  }
  return points;
}
