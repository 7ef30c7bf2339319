// The clocks in words, for the text field's `clock` command and the time-trouble warnings of
// the announcements: "4 minutes 12 seconds, byo-yomi, 3 periods left". `shown` is what
// clock_view.js's remaining() gives: {phase: 'main'|'byoyomi'|'canadian', ms, periodsLeft,
// stonesLeft}. `t` is the page's translation function.

// 252000 ms -> "4 minutes 12 seconds"; whole seconds, rounded up as the clock shows them.
export function durationInWords(ms, t) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [];
  if (hours) parts.push(t('text.hours', { count: hours }));
  if (minutes) parts.push(t('text.minutes', { count: minutes }));
  if (seconds || parts.length === 0) parts.push(t('text.seconds', { count: seconds }));
  return parts.join(' ');
}

export function clockInWords(shown, t) {
  const time = durationInWords(shown.ms, t);
  if (shown.phase === 'byoyomi') return t('text.clock.byoyomi', { time, count: shown.periodsLeft });
  if (shown.phase === 'canadian') {
    return t('text.clock.canadian', { time, count: shown.stonesLeft });
  }
  return time;
}

// Warnings at these times left in the current phase (main time, or the period under way).
const kThresholdsMs = [5 * 60000, 60000, 30000, 10000];

// Says "1 minute left" once when a clock crosses each threshold, and "2 periods left" when a
// byo-yomi period is used up; a threshold speaks again only after the time went back above
// it (a new period, a Fischer increment), as a timekeeper counts each period down.
export class TimeTrouble {
  constructor() {
    this.below_ = new Set(); // thresholds already crossed in the phase under way
    this.key_ = null; // phase and periods left of the last check
  }

  // Returns {key, params} for the catalogue, or null when there is nothing new to say. The
  // first check, and the first of a new phase or period count, only notes the thresholds
  // already passed: a page opened with 20 s left does not claim 30 s.
  check(shown) {
    const key = `${shown.phase}/${shown.periodsLeft ?? ''}`;
    if (key !== this.key_) {
      const first = this.key_ === null;
      this.key_ = key;
      this.below_ = new Set(kThresholdsMs.filter((limit) => shown.ms <= limit));
      if (first || shown.phase !== 'byoyomi') return null;
      return { key: 'announce.periodsLeft', params: { count: shown.periodsLeft } };
    }
    for (const limit of kThresholdsMs) {
      if (shown.ms > limit) this.below_.delete(limit);
    }
    const crossed = kThresholdsMs.filter((limit) => shown.ms <= limit && !this.below_.has(limit));
    for (const limit of crossed) this.below_.add(limit);
    if (crossed.length === 0 || shown.ms === 0) return null;
    return { key: 'announce.timeLeft', params: { ms: Math.min(...crossed) } };
  }
}
