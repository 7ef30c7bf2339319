// One spoken sentence per game event, for the announcement region of the game page: a move as
// colour + point + "captures N" + the chains it left in atari ("Black D4, captures 2, White
// in atari at D5"), passes, resignation, time-out, the dead-stone phase (its start with the
// proposed dead stones, each mark, each acceptance), undo, and the end with its result.
// Only what changed is said: the board is never read out whole.
// `state` is the state after the event (docs/protocol.md "Events"); `t` the page's
// translation function; `describeResult` the result as a sentence (format.js).

import { parseVertex } from './coords.js';
import { atarisAfterMove } from './board_facts.js';

// The sentence for a move on the board string after it, without the page's wording of the
// result: exported for the `last` command, which says the last move the same way.
export function moveSentence({ colour, point, captured = 0 }, board, size, t) {
  const color = t(`color.${colour}`);
  if (!point || point === 'pass') return t('board.announce.pass', { color });
  const parts = [t('board.announce.move', { color, vertex: point })];
  if (captured > 0) parts.push(t('announce.captures', { count: captured }));
  const at = parseVertex(point, size);
  if (at && board) {
    for (const atari of atarisAfterMove(board, size, at.col, at.row, colour)) {
      parts.push(t('announce.atari', { color: t(`color.${atari.colour}`),
        vertex: atari.stones.length === 1 ? atari.stones[0]
          : t('announce.chain', { vertex: atari.stones[0], count: atari.stones.length }),
        liberty: atari.liberty }));
    }
  }
  return parts.join(', ');
}

// Returns the sentence for `event`, or null for events said elsewhere or not at all (chat,
// the confirmation play's own steps, which its panel announces).
export function eventSentence(event, { state, size, t, describeResult }) {
  const color = event.colour ? t(`color.${event.colour}`) : '';
  switch (event.kind) {
    case 'move':
      return moveSentence(event, state?.board, size, t);
    case 'pass':
      return moveSentence({ colour: event.colour, point: 'pass' }, null, size, t);
    case 'confirm_move':
      // The confirmation's own board is the one the move was played on.
      return moveSentence(event, state?.removal?.confirmation?.board, size, t);
    case 'confirm_pass':
      return moveSentence({ colour: event.colour, point: 'pass' }, null, size, t);
    case 'resign':
      return t('announce.resign', { color });
    case 'timeout':
      return t('announce.timeout', { color });
    case 'removal_start':
      return event.dead?.length ? t('announce.removalDead', { points: event.dead.join(' ') })
        : t('announce.removal');
    case 'removal_toggle':
      return t(event.dead ? 'announce.markedDead' : 'announce.markedAlive', { color,
        vertex: event.point, count: event.points?.length ?? 1 });
    case 'removal_accept':
      return t('announce.accepted', { color });
    case 'undo_request':
      return t('announce.undoRequest', { color });
    case 'undo_reply':
      return event.accept ? t('announce.undone') : null;
    case 'resume':
      return t('announce.resume', { color: t(`color.${event.toMove}`) });
    case 'start':
      return t('announce.start');
    case 'end':
      return t('announce.end', { result: describeResult(event.result, state?.endReason) });
    default:
      return null;
  }
}
