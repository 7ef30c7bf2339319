// What a player typed into the game page's text field, decoded once into a typed command
// (docs/accessibility.md). Pure: no DOM, no catalogue; the page passes the command words of
// its language, and the English words and GTP coordinates always work on top of them.
//
//   parseTextCommand('D4', {size: 19})          -> {kind: 'move', vertex: 'D4'}
//   parseTextCommand('/lib d4', {size: 19})     -> {kind: 'liberties', vertex: 'D4'}
//   parseTextCommand('ряд 4', {size: 9, words}) -> {kind: 'row', row: 4}
//   parseTextCommand('dead c3', {size: 9})      -> {kind: 'dead', vertex: 'C3'}
//   parseTextCommand('J10', {size: 9})          -> {kind: 'error', reason: 'offBoard', text: 'J10'}

import { kColumnLetters, parseVertex } from './coords.js';

// English words, always understood. Single letters as in lichess's blind mode: l last move,
// c clocks, s scan a line, b/w a colour's stones.
export const kEnglishWords = {
  pass: ['pass'],
  resign: ['resign'],
  undo: ['undo', 'takeback'],
  last: ['l', 'last'],
  liberties: ['lib', 'libs', 'liberties'],
  row: ['row', 'r'],
  column: ['col', 'column'],
  scan: ['s', 'scan'],
  stones: ['stones', 'list'],
  black: ['b', 'black'],
  white: ['w', 'white'],
  captures: ['cap', 'caps', 'captures', 'prisoners'],
  clocks: ['c', 'clock', 'clocks', 't', 'time'],
  score: ['score'],
  help: ['h', 'help', '?'],
  yes: ['yes'],
  accept: ['accept'],
  decline: ['decline'],
  dead: ['dead'],
  resume: ['resume'],
};

export const kWordKinds = Object.keys(kEnglishWords);

// Cyrillic letters drawn like Latin ones: a Russian or Kazakh keyboard types "С4" for C4.
const kLookalikes = { а: 'a', в: 'b', с: 'c', е: 'e', н: 'h', к: 'k', м: 'm', о: 'o', р: 'p',
  т: 't', х: 'x' };

function latinVertexText(token) {
  const match = /^(\p{L})(\d{1,2})$/u.exec(token);
  if (!match) return null;
  const letter = kLookalikes[match[1]] ?? match[1];
  return /^[a-z]$/.test(letter) ? `${letter}${match[2]}` : null;
}

// A point of the board, or an error command saying why the token is not one.
function vertexOrError(token, size) {
  const text = latinVertexText(token);
  if (!text) return null;
  if (text[0] === 'i') return { kind: 'error', reason: 'noColumnI', text: token.toUpperCase() };
  const point = parseVertex(text, size);
  if (!point) return { kind: 'error', reason: 'offBoard', text: token.toUpperCase() };
  return { vertex: kColumnLetters[point.col] + String(point.row + 1) };
}

function rowOrError(token, size) {
  if (!/^\d{1,2}$/.test(token ?? '')) return null;
  const row = Number(token);
  return row >= 1 && row <= size ? { row } : { kind: 'error', reason: 'badRow' };
}

function columnOrError(token, size) {
  if (!/^\p{L}$/u.test(token ?? '')) return null;
  const letter = (kLookalikes[token] ?? token).toUpperCase();
  if (letter === 'I') return { kind: 'error', reason: 'noColumnI', text: 'I' };
  const col = kColumnLetters.indexOf(letter);
  return col >= 0 && col < size ? { column: letter } : { kind: 'error', reason: 'badColumn' };
}

// words: {kind: [word, ...]} in the page's language (kWordKinds), lower case.
function wordTable(words) {
  const table = new Map();
  for (const source of [kEnglishWords, words ?? {}]) {
    for (const [kind, list] of Object.entries(source)) {
      for (const word of list ?? []) if (word) table.set(word.toLowerCase(), kind);
    }
  }
  return table;
}

// text: what was typed; size: the board's; words: the page language's command words.
export function parseTextCommand(text, { size, words = {} } = {}) {
  const cleaned = String(text ?? '').trim().replace(/^\//, '').trim().toLowerCase();
  if (!cleaned) return { kind: 'empty' };
  const tokens = cleaned.split(/\s+/);
  const [first, ...rest] = tokens;
  const table = wordTable(words);
  const kind = table.get(first);

  if (kind === undefined) {
    const point = tokens.length === 1 ? vertexOrError(first, size) : null;
    if (point?.vertex) return { kind: 'move', vertex: point.vertex };
    if (point) return point;
    return { kind: 'error', reason: 'unknown', text: String(text).trim() };
  }
  const word = first;
  const extra = () => ({ kind: 'error', reason: 'extra', word });

  switch (kind) {
    case 'liberties':
    case 'dead': {
      // `lib` alone asks about the group under the board's cursor (the page fills it in).
      if (kind === 'liberties' && rest.length === 0) return { kind, vertex: null };
      const point = rest.length === 1 ? vertexOrError(rest[0], size) : null;
      if (!point) return { kind: 'error', reason: 'needsPoint', word };
      return point.vertex ? { kind, vertex: point.vertex } : point;
    }
    case 'row': {
      const line = rest.length === 1 ? rowOrError(rest[0], size) : null;
      if (!line) return { kind: 'error', reason: 'badRow' };
      return line.row ? { kind: 'row', row: line.row } : line;
    }
    case 'column': {
      const line = rest.length === 1 ? columnOrError(rest[0], size) : null;
      if (!line) return { kind: 'error', reason: 'badColumn' };
      return line.column ? { kind: 'column', column: line.column } : line;
    }
    case 'scan': {
      const line = rest.length === 1
        ? rowOrError(rest[0], size) ?? columnOrError(rest[0], size) : null;
      if (!line) return { kind: 'error', reason: 'needsLine', word };
      if (line.row) return { kind: 'row', row: line.row };
      return line.column ? { kind: 'column', column: line.column } : line;
    }
    case 'stones': {
      const colour = table.get(rest[0]);
      if (rest.length !== 1 || (colour !== 'black' && colour !== 'white')) {
        return { kind: 'error', reason: 'needsColour', word };
      }
      return { kind: 'stones', colour };
    }
    case 'black':
    case 'white':
      return rest.length ? extra() : { kind: 'stones', colour: kind };
    case 'resign':
      if (rest.length === 0) return { kind: 'resign', confirmed: false };
      return rest.length === 1 && table.get(rest[0]) === 'yes'
        ? { kind: 'resign', confirmed: true } : { kind: 'resign', confirmed: false };
    case 'yes':
      return { kind: 'error', reason: 'unknown', text: String(text).trim() };
    default:
      return rest.length ? extra() : { kind };
  }
}
