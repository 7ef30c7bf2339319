// The text field's pure parts in node, no browser: the parser of typed moves and commands
// (web/text_commands.js), the board facts it answers from (web/board_facts.js), the refusals
// decided before sending (web/move_refusal.js), the move sentences (web/move_announcer.js)
// and the clock's words and time-trouble warnings (web/clock_speech.js).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  atarisAfterMove, chainAt, columnStones, rowStones, stonesOfColour,
} from '../../web/board_facts.js';
import { durationInWords, TimeTrouble } from '../../web/clock_speech.js';
import { moveSentence } from '../../web/move_announcer.js';
import { refusalOf } from '../../web/move_refusal.js';
import { parseTextCommand } from '../../web/text_commands.js';

const ru = { pass: ['пас'], liberties: ['дыхания', 'дых'], row: ['ряд'], column: ['столбец'],
  black: ['чёрные'], white: ['белые'], resign: ['сдаться'], yes: ['да'], clocks: ['часы'] };
const parse = (text, size = 19, words = {}) => parseTextCommand(text, { size, words });

test('moves in GTP coordinates, any case, with or without a slash', () => {
  assert.deepEqual(parse('D4'), { kind: 'move', vertex: 'D4' });
  assert.deepEqual(parse('  d4 '), { kind: 'move', vertex: 'D4' });
  assert.deepEqual(parse('/q16'), { kind: 'move', vertex: 'Q16' });
  assert.deepEqual(parse('T19'), { kind: 'move', vertex: 'T19' });
  // A Cyrillic С typed for C on a Russian keyboard.
  assert.deepEqual(parse('С3'), { kind: 'move', vertex: 'C3' });
  assert.deepEqual(parse('pass'), { kind: 'pass' });
  assert.deepEqual(parse('/PASS'), { kind: 'pass' });
  assert.deepEqual(parse('пас', 19, ru), { kind: 'pass' });
});

test('points that are not on the board say why', () => {
  assert.deepEqual(parse('I5'), { kind: 'error', reason: 'noColumnI', text: 'I5' });
  assert.deepEqual(parse('K5', 9), { kind: 'error', reason: 'offBoard', text: 'K5' });
  assert.deepEqual(parse('A10', 9), { kind: 'error', reason: 'offBoard', text: 'A10' });
  assert.deepEqual(parse('A0', 9), { kind: 'error', reason: 'offBoard', text: 'A0' });
  assert.deepEqual(parse('J9', 9), { kind: 'move', vertex: 'J9' });
});

test('questions: last move, liberties, lines, a colour, captures, clocks, score, help', () => {
  assert.deepEqual(parse('l'), { kind: 'last' });
  assert.deepEqual(parse('/last'), { kind: 'last' });
  assert.deepEqual(parse('lib d4'), { kind: 'liberties', vertex: 'D4' });
  assert.deepEqual(parse('дых с3', 19, ru), { kind: 'liberties', vertex: 'C3' });
  assert.deepEqual(parse('row 4'), { kind: 'row', row: 4 });
  assert.deepEqual(parse('ряд 4', 9, ru), { kind: 'row', row: 4 });
  assert.deepEqual(parse('col d'), { kind: 'column', column: 'D' });
  assert.deepEqual(parse('столбец D', 9, ru), { kind: 'column', column: 'D' });
  assert.deepEqual(parse('s 7'), { kind: 'row', row: 7 });
  assert.deepEqual(parse('s q'), { kind: 'column', column: 'Q' });
  assert.deepEqual(parse('b'), { kind: 'stones', colour: 'black' });
  assert.deepEqual(parse('белые', 19, ru), { kind: 'stones', colour: 'white' });
  assert.deepEqual(parse('stones w'), { kind: 'stones', colour: 'white' });
  assert.deepEqual(parse('captures'), { kind: 'captures' });
  assert.deepEqual(parse('c'), { kind: 'clocks' });
  assert.deepEqual(parse('часы', 19, ru), { kind: 'clocks' });
  assert.deepEqual(parse('score'), { kind: 'score' });
  assert.deepEqual(parse('?'), { kind: 'help' });
});

test('actions: resign asks for its confirmation word, undo', () => {
  assert.deepEqual(parse('resign'), { kind: 'resign', confirmed: false });
  assert.deepEqual(parse('resign yes'), { kind: 'resign', confirmed: true });
  assert.deepEqual(parse('сдаться да', 19, ru), { kind: 'resign', confirmed: true });
  assert.deepEqual(parse('сдаться нет', 19, ru), { kind: 'resign', confirmed: false });
  assert.deepEqual(parse('undo'), { kind: 'undo' });
  assert.deepEqual(parse('accept'), { kind: 'accept' });
  assert.deepEqual(parse('decline'), { kind: 'decline' });
  assert.deepEqual(parse('dead c3'), { kind: 'dead', vertex: 'C3' });
  assert.deepEqual(parse('dead'), { kind: 'error', reason: 'needsPoint', word: 'dead' });
  assert.deepEqual(parse('resume'), { kind: 'resume' });
});

test('bad input gets a precise reason', () => {
  assert.deepEqual(parse(''), { kind: 'empty' });
  assert.deepEqual(parse('/'), { kind: 'empty' });
  assert.deepEqual(parse('hello'), { kind: 'error', reason: 'unknown', text: 'hello' });
  assert.deepEqual(parse('D4 D5'), { kind: 'error', reason: 'unknown', text: 'D4 D5' });
  assert.deepEqual(parse('lib'), { kind: 'liberties', vertex: null }); // the board's cursor
  assert.deepEqual(parse('lib d4 d5'), { kind: 'error', reason: 'needsPoint', word: 'lib' });
  assert.deepEqual(parse('lib I3'), { kind: 'error', reason: 'noColumnI', text: 'I3' });
  assert.deepEqual(parse('row 10', 9), { kind: 'error', reason: 'badRow' });
  assert.deepEqual(parse('row x', 9), { kind: 'error', reason: 'badRow' });
  assert.deepEqual(parse('col K', 9), { kind: 'error', reason: 'badColumn' });
  assert.deepEqual(parse('col i'), { kind: 'error', reason: 'noColumnI', text: 'I' });
  assert.deepEqual(parse('s'), { kind: 'error', reason: 'needsLine', word: 's' });
  assert.deepEqual(parse('stones'), { kind: 'error', reason: 'needsColour', word: 'stones' });
  assert.deepEqual(parse('pass D4'), { kind: 'error', reason: 'extra', word: 'pass' });
  assert.deepEqual(parse('yes'), { kind: 'error', reason: 'unknown', text: 'yes' });
});

//   A B C D E
// 5 . . . . .
// 4 . . . . .
// 3 . X O . .
// 2 . X O O .
// 1 . . X . .
const kBoard = ['.....', '.....', '.bw..', '.bww.', '..b..'].join('');

test('board facts: the group at a point, a row, a column, a colour', () => {
  assert.deepEqual(chainAt(kBoard, 5, 2, 1), { colour: 'white', stones: ['C2', 'C3', 'D2'],
    liberties: ['C4', 'D1', 'D3', 'E2'] });
  assert.equal(chainAt(kBoard, 5, 0, 0), null);
  assert.deepEqual(rowStones(kBoard, 5, 2), [{ column: 'B', colour: 'black' },
    { column: 'C', colour: 'white' }, { column: 'D', colour: 'white' }]);
  assert.deepEqual(rowStones(kBoard, 5, 5), []);
  assert.deepEqual(columnStones(kBoard, 5, 'C'), [{ row: 1, colour: 'black' },
    { row: 2, colour: 'white' }, { row: 3, colour: 'white' }]);
  assert.deepEqual(stonesOfColour(kBoard, 5, 'black'), ['B2', 'B3', 'C1']);
});

//   A B C D E
// 3 . . . . .
// 2 X O X . .     Black has just played C2: White's B2 has one liberty left, B3.
// 1 . X . . .
test('a move that leaves an opponent chain one liberty is an atari, named with it', () => {
  const board = ['.....', '.....', '.....', 'bwb..', '.b...'].join('');
  assert.deepEqual(atarisAfterMove(board, 5, 2, 1, 'black'),
    [{ colour: 'white', stones: ['B2'], liberty: 'B3' }]);
  assert.deepEqual(atarisAfterMove(board, 5, 2, 1, 'white'), []);
  const t = (key, params = {}) =>
    `${key}(${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(',')})`;
  assert.equal(moveSentence({ colour: 'black', point: 'C2', captured: 2 }, board, 5, t),
    'board.announce.move(color=color.black(),vertex=C2), announce.captures(count=2), ' +
    'announce.atari(color=color.white(),vertex=B2,liberty=B3)');
});

const state = (fields) => ({ phase: 'play', toMove: 'black', board: kBoard, legal: null,
  lastMove: null, undoRequest: null, ...fields });

test('refusals before sending: spectator, over, turn, occupied, off board, suicide, phases', () => {
  const ask = (action, fields, extra = {}) =>
    refusalOf(action, { state: state(fields), size: 5, you: 'black', ...extra });
  assert.equal(ask('move', {}, { you: 'spectator', vertex: 'A1' }).key, 'text.refuse.spectator');
  assert.equal(ask('move', { phase: 'finished' }, { vertex: 'A1' }).key, 'text.refuse.gameOver');
  assert.deepEqual(ask('move', { toMove: 'white' }, { vertex: 'A1' }),
    { key: 'text.refuse.notYourTurn', params: { color: 'white' } });
  assert.deepEqual(ask('move', {}, { vertex: 'C3' }),
    { key: 'text.refuse.occupied', params: { vertex: 'C3', stone: 'white' } });
  assert.deepEqual(ask('move', {}, { vertex: 'F1' }).key, 'text.refuse.offBoard');
  assert.equal(ask('move', {}, { vertex: 'A1' }), null);
  assert.equal(ask('resign', { phase: 'removal' }), null);
  assert.equal(ask('pass', { phase: 'removal' }).key, 'text.refuse.removal');
  assert.equal(ask('undo', {}).key, 'error.nothing_to_undo');
  assert.equal(ask('undo', {}, { hasMoved: true }), null);
  // The dead-stone phase's actions and the answers to an undo request.
  assert.equal(ask('dead', {}, { vertex: 'C3' }).key, 'text.refuse.notRemoval');
  assert.equal(ask('dead', { phase: 'removal', removal: {} }, { vertex: 'C3' }), null);
  assert.equal(ask('dead', { phase: 'removal', removal: {} }, { vertex: 'A1' }).key,
    'text.refuse.noStone');
  assert.equal(ask('dead', { phase: 'removal', removal: { confirmation: {} } }, { vertex: 'C3' })
    .key, 'text.refuse.confirming');
  assert.equal(ask('accept', { phase: 'removal', removal: {} }), null);
  assert.equal(ask('accept', {}).key, 'text.refuse.nothingToAccept');
  assert.equal(ask('accept', { undoRequest: 'white', toMove: 'white' }), null);
  assert.equal(ask('accept', { undoRequest: 'black', toMove: 'white' }).key,
    'text.refuse.nothingToAccept');
  assert.equal(ask('decline', {}).key, 'error.no_undo_request');
  assert.equal(ask('resume', { phase: 'removal', removal: {} }), null);
  // Free handicap: Black types her stones on empty points; White waits.
  assert.equal(ask('move', { phase: 'handicap' }, { vertex: 'A1' }), null);
  assert.equal(ask('move', { phase: 'handicap' }, { vertex: 'C3' }).key, 'text.refuse.occupied');
  assert.equal(ask('move', { phase: 'handicap' }, { you: 'white', vertex: 'A1' }).key,
    'text.refuse.handicap');
  // Confirmation play: its own board and turn decide.
  const confirmation = { board: '.'.repeat(25), toMove: 'white', legal: '1'.repeat(25), moves: [] };
  const confirming = { phase: 'removal', removal: { confirmation } };
  assert.equal(ask('move', confirming, { vertex: 'C3' }).key, 'text.refuse.notYourTurn');
  assert.equal(ask('move', confirming, { you: 'white', vertex: 'C3' }), null);
  assert.equal(ask('pass', confirming, { you: 'white' }), null);

  // White to move at A1 below: a stone there has no liberty and captures nothing.
  //   A B C
  // 2 X . .
  // 1 . X .
  const suicide = ['.....', '.....', '.....', 'b....', '.b...'].join('');
  const legal = suicide.split('').map((c, i) => (c === '.' && i !== 20 ? '1' : '0')).join('');
  assert.deepEqual(refusalOf('move', { state: state({ board: suicide, legal, toMove: 'white' }),
    size: 5, you: 'white', vertex: 'A1' }),
  { key: 'text.refuse.illegal', params: { vertex: 'A1', why: 'suicide' } });
});

test('clocks in words and time-trouble warnings once per threshold', () => {
  const t = (key, { count }) => `${count}${key.slice(5, 6)}`;
  assert.equal(durationInWords(252000, t), '4m 12s');
  assert.equal(durationInWords(3600000, t), '1h');
  assert.equal(durationInWords(0, t), '0s');
  const trouble = new TimeTrouble();
  // Opened with 70 s left: nothing at once, "1 minute" when it passes, once.
  assert.equal(trouble.check({ phase: 'main', ms: 70000 }), null);
  assert.deepEqual(trouble.check({ phase: 'main', ms: 60000 }),
    { key: 'announce.timeLeft', params: { ms: 60000 } });
  assert.equal(trouble.check({ phase: 'main', ms: 59000 }), null);
  assert.deepEqual(trouble.check({ phase: 'main', ms: 9000 }).params, { ms: 10000 });
  // Byo-yomi starts: the periods are said; a period used up says the count again.
  assert.deepEqual(trouble.check({ phase: 'byoyomi', ms: 30000, periodsLeft: 3 }),
    { key: 'announce.periodsLeft', params: { count: 3 } });
  assert.deepEqual(trouble.check({ phase: 'byoyomi', ms: 10000, periodsLeft: 3 }).params,
    { ms: 10000 });
  assert.equal(trouble.check({ phase: 'byoyomi', ms: 5000, periodsLeft: 3 }), null);
  // A move renews the period: its 10 s are counted again.
  assert.equal(trouble.check({ phase: 'byoyomi', ms: 30000, periodsLeft: 3 }), null);
  assert.deepEqual(trouble.check({ phase: 'byoyomi', ms: 9000, periodsLeft: 3 }).params,
    { ms: 10000 });
  assert.deepEqual(trouble.check({ phase: 'byoyomi', ms: 30000, periodsLeft: 2 }).params,
    { count: 2 });
});
