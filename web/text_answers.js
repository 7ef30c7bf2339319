// The spoken answers to the text field's questions (text_commands.js): the last move, the
// group at a point, a row or a column, a colour's stones, prisoners, clocks, score, help.
// Every answer comes from the state the page has; nothing is asked of the server.
//
// context: {state, size, moves: [{colour, point}], t, clockOf(colour) -> remaining() or
// null, describeResult, formatNumber}.

import { parseVertex } from './coords.js';
import { chainAt, columnStones, rowStones, stonesOfColour } from './board_facts.js';
import { clockInWords } from './clock_speech.js';
import { moveSentence } from './move_announcer.js';

const stoneWord = (colour, t) => t(`board.point.${colour}`);

function lastMove({ moves, state, size, t }) {
  const last = moves[moves.length - 1];
  if (!last) return t('text.noMoves');
  // The state's board is the position after the last move, which the sentence's atari needs.
  return t('text.last', { number: moves.length,
    move: moveSentence(last, state.board, size, t) });
}

function liberties(vertex, { state, size, t }) {
  const { col, row } = parseVertex(vertex, size);
  const chain = chainAt(state.board, size, col, row);
  if (!chain) return t('text.emptyPoint', { vertex });
  return t('text.group', { vertex, color: stoneWord(chain.colour, t),
    stones: t('text.stoneCount', { count: chain.stones.length }),
    liberties: t('text.libertyCount', { count: chain.liberties.length }),
    points: chain.liberties.join(' ') });
}

function line(command, { state, size, t }) {
  const found = command.kind === 'row'
    ? rowStones(state.board, size, command.row)
      .map((stone) => `${stone.column} ${stoneWord(stone.colour, t)}`)
    : columnStones(state.board, size, command.column)
      .map((stone) => `${stone.row} ${stoneWord(stone.colour, t)}`);
  const stones = found.length ? found.join(', ') : t('text.lineEmpty');
  return command.kind === 'row' ? t('text.row', { row: command.row, stones })
    : t('text.column', { column: command.column, stones });
}

function stones(colour, { state, size, t }) {
  const found = stonesOfColour(state.board, size, colour);
  const color = t(`color.${colour}`);
  if (!found.length) return t('text.noStones', { color });
  return t('text.stonesOf', { color, stones: t('text.stoneCount', { count: found.length }),
    points: found.join(' ') });
}

function clocks({ state, t, clockOf }) {
  if (!state.clocks) return t('text.noClock');
  return ['black', 'white'].map((colour) => t('text.clockOf', {
    color: t(`color.${colour}`), time: clockInWords(clockOf(colour), t),
    running: clockNote(state.clocks, colour, t) })).join('. ');
}

// ", clock running" for the running clock; while a vacation pauses both, who is away instead.
function clockNote(clocks, colour, t) {
  if (clocks.paused) {
    return clocks.onVacation?.includes(colour) ? t('text.clockOnVacation') : t('text.clockPaused');
  }
  return clocks.running === colour ? t('text.clockRunning') : '';
}

function score({ state, t, describeResult, formatNumber }) {
  const breakdown = state.score;
  if (!breakdown || !['removal', 'finished'].includes(state.phase)) return t('text.noScore');
  return t(state.phase === 'finished' ? 'text.score' : 'text.scoreProposal', {
    black: formatNumber(breakdown.black?.total ?? 0),
    white: formatNumber(breakdown.white?.total ?? 0),
    result: describeResult(breakdown.result),
    dead: state.removal?.dead?.length ? state.removal.dead.join(' ') : t('text.noneMarked') });
}

// command: a question of parseTextCommand; returns the sentence.
export function answerQuestion(command, context) {
  const { state, t } = context;
  switch (command.kind) {
    case 'help': return t('text.help');
    case 'last': return lastMove(context);
    case 'liberties': return liberties(command.vertex, context);
    case 'row':
    case 'column': return line(command, context);
    case 'stones': return stones(command.colour, context);
    case 'captures':
      return t('text.captures', { black: state.captures?.black ?? 0,
        white: state.captures?.white ?? 0 });
    case 'clocks': return clocks(context);
    case 'score': return score(context);
    default: return null;
  }
}
