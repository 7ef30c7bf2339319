// Human-readable text for values the server sends: time controls, komi, players, clocks and
// results, all in the current language (i18n.js).

import { currentLanguage, t } from './i18n.js';

// Kazakh writes numbers as Russian does (decimal comma, 7,5). Chromium accepts the 'kk'
// locale but may lack its number data and then writes 7.5, so that case uses Russian's.
const kKazakhNumbers = new Intl.NumberFormat('kk').format(0.5) === '0,5' ? 'kk' : 'ru';

function locales() {
  const language = currentLanguage();
  return language === 'kk' ? kKazakhNumbers : language;
}

// Chromium may lack Kazakh month names and then writes "2026 M12 2"; Kazakhstan's everyday
// numeric date (02.12.2026) reads right in any case.
const kKazakhDates = /M\d/.test(new Intl.DateTimeFormat('kk', { dateStyle: 'medium' })
  .format(new Date(0))) ? null : 'kk';

function dateFormat(withTime) {
  const time = withTime ? { hour: '2-digit', minute: '2-digit' } : {};
  if (currentLanguage() === 'kk' && !kKazakhDates) {
    return new Intl.DateTimeFormat('ru', { day: '2-digit', month: '2-digit', year: 'numeric',
      ...time });
  }
  return new Intl.DateTimeFormat(currentLanguage(),
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

export const formatDate = (ms) => dateFormat(false).format(new Date(ms));
export const formatDateTime = (ms) => dateFormat(true).format(new Date(ms));

// A player who is a guest: the flag where the server sends it, else the name, which guests
// alone may start with "guest-" (docs/protocol.md, "Accounts").
export const isGuest = (player) =>
  Boolean(player?.guest) || String(player?.name ?? '').toLowerCase().startsWith('guest-');

// Whether a game counts for ratings as it stands: `rated` is what the table asked for, and a
// running game is rated only on 9x9, 13x13 or 19x19, with a clock, with no guest seated
// (site/ratings/game_rating.h); a finished game's `rated` already says whether it was.
export function ratedInEffect(game) {
  if (game.rated === false) return false;
  if (game.status === 'finished') return true;
  if (![9, 13, 19].includes(game.size) || !game.time || game.time.kind === 'none') return false;
  return ![game.owner, game.black, game.white].some(isGuest);
}

// 7.5 -> "7,5" in Russian and Kazakh, "7.5" in English.
export function formatNumber(value) {
  return new Intl.NumberFormat(locales(), { maximumFractionDigits: 1 }).format(value);
}

// A number typed by the player, in the page's language or not: "7,5", "7.5", "−0,5", " 6 ".
// NaN for anything else ("6.5.1", "7,5 очка", "", "1e3").
export function parseDecimal(text) {
  const match = /^\s*([-−+]?)(\d+)(?:[.,](\d+))?\s*$/.exec(String(text));
  if (!match) return NaN;
  const value = Number(`${match[2]}.${match[3] ?? '0'}`);
  return match[1] === '-' || match[1] === '−' ? -value : value;
}

// A rules spec as players call it: the site's default, a preset's translated name, or a
// preset with overrides ("japanese ko=positional" -> "Japanese, modified"). The spec itself is
// the detail (ruleSpecDetail) for those who want it.
export const kSiteDefaultRules = 'tromp-taylor suicide=forbidden';

export function describeRules(spec) {
  const text = String(spec ?? '').trim().replace(/\s+/g, ' ');
  if (text === kSiteDefaultRules) return t('rules.name.default');
  const [preset, ...overrides] = text.split(' ');
  const key = `rules.name.${preset.toLowerCase()}`;
  if (!kPresetKeys.has(key)) return text;
  const name = t(key);
  return overrides.length ? t('rules.name.withOptions', { name }) : name;
}

export function ruleSpecDetail(spec) {
  return t('rules.spec', { spec });
}

const kPresetKeys = new Set(['tromp-taylor', 'chinese', 'japanese', 'korean', 'aga', 'bga',
  'new-zealand', 'ing', 'wmsg', 'igs', 'stone-scoring'].map((name) => `rules.name.${name}`));

export function playerName(user) {
  return user?.name ?? t('game.seatEmpty');
}

const kDaySeconds = 86400;

// A span of whole seconds in the largest units that say it exactly, at most two: "3 d",
// "1 d 12 h", "2 h", "10 min", "30 s" (in the page's language).
export function formatSpan(seconds) {
  const days = Math.floor(seconds / kDaySeconds);
  const hours = Math.floor((seconds % kDaySeconds) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return hours ? t('span.daysHours', { days, hours }) : t('span.days', { count: days });
  if (hours) return minutes ? t('span.hoursMinutes', { hours, minutes }) : t('span.hours', { count: hours });
  if (minutes || !seconds) return t('span.minutes', { count: minutes });
  return t('span.seconds', { count: seconds });
}

// A correspondence control (any field a day or longer), in days: "3 d + 1 d per move, at
// most 7 d", with ", weekends paused" when it pauses.
function describeLongTime(time) {
  const span = formatSpan;
  let text;
  switch (time.kind) {
    case 'absolute':
      text = span(time.mainSeconds);
      break;
    case 'byoyomi':
      text = t('time.long.byoyomi', { main: span(time.mainSeconds), periods: time.periods,
        period: span(time.periodSeconds) });
      break;
    case 'canadian':
      text = t('time.long.canadian', { main: span(time.mainSeconds), stones: time.stones,
        period: span(time.periodSeconds) });
      break;
    default:
      text = time.maxSeconds
        ? t('time.long.fischerCapped', { main: span(time.mainSeconds),
          increment: span(time.incrementSeconds), max: span(time.maxSeconds) })
        : t('time.long.fischer', { main: span(time.mainSeconds),
          increment: span(time.incrementSeconds) });
  }
  return time.pauseOnWeekends ? t('time.weekendsPaused', { time: text }) : text;
}

// A time control object of the protocol as a short phrase: "10 min + 5×30 s".
export function describeTime(time) {
  const minutes = (seconds) => formatNumber(Math.round((seconds / 60) * 10) / 10);
  const long = ['mainSeconds', 'periodSeconds', 'incrementSeconds']
    .some((field) => (time?.[field] ?? 0) >= kDaySeconds);
  if (time && time.kind !== 'none' && (long || time.pauseOnWeekends)) return describeLongTime(time);
  switch (time?.kind) {
    case 'absolute':
      return t('time.absolute', { main: minutes(time.mainSeconds) });
    case 'byoyomi':
      return t('time.byoyomi', { main: minutes(time.mainSeconds), periods: time.periods,
        seconds: time.periodSeconds });
    case 'canadian':
      return t('time.canadian', { main: minutes(time.mainSeconds), stones: time.stones,
        seconds: time.periodSeconds });
    case 'fischer':
      return time.maxSeconds
        ? t('time.fischerCapped', { main: minutes(time.mainSeconds),
          increment: time.incrementSeconds, max: minutes(time.maxSeconds) })
        : t('time.fischer', { main: minutes(time.mainSeconds), increment: time.incrementSeconds });
    default:
      return t('time.kind.none');
  }
}

// Milliseconds left as m:ss, or h:mm:ss from an hour on, or days and hours ("2 d 4 h") from
// a day on, where seconds no longer matter; never negative.
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total >= kDaySeconds) {
    return t('span.daysHours', { days: Math.floor(total / kDaySeconds),
      hours: Math.floor((total % kDaySeconds) / 3600) });
  }
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  if (hours) return `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`;
  return `${minutes}:${seconds}`;
}

// "B+3.5", "W+R", "W+T", "0", "Void" as a sentence; endReason (the state's) tells a
// move limit's "Void" from a repetition's.
export function describeResult(result, endReason = null) {
  if (!result) return '';
  if (result === '0') return t('result.draw');
  if (/^void$/i.test(result)) {
    if (endReason === 'annulled') return t('result.voidAnnulled');
    if (endReason === 'inactivity') return t('result.voidInactivity');
    return t(endReason === 'moveLimit' ? 'result.voidMoveLimit' : 'result.void');
  }
  const match = /^([BW])\+(.*)$/.exec(result);
  if (!match) return result;
  const color = t(match[1] === 'B' ? 'color.black' : 'color.white');
  const how = match[2];
  if (how === 'R') return t('result.resign', { color });
  if (how === 'T') return t('result.time', { color });
  if (how === 'F' && endReason === 'abandoned') return t('result.abandoned', { color });
  if (how === 'F') return t('result.forfeit', { color });
  // One phrasing with the unit wherever a margin is shown: "Белые выиграли 14 очков".
  return t('result.points', { color, count: Number(how), margin: formatNumber(Number(how)) });
}

// The handicap of a summary as text: "—" for none, "3 (free)" for free placement.
export function describeHandicap(game) {
  if (!game.handicap) return t('lobby.noHandicap');
  return game.handicapPlacement === 'free'
    ? t('lobby.handicapFree', { count: game.handicap })
    : String(game.handicap);
}
