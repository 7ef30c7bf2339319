// The two players' clocks. The server runs the real clocks; each `state` carries both as of
// `serverTimeMs`, and this view counts the running one down locally between messages, from
// the server's time as estimated by the socket (so a slow page or a skewed local clock does
// not drift). Overtime is shown as the protocol describes it: byo-yomi periods left, the
// Canadian stones still due in the current period.

import { formatClock } from './format.js';
import { t } from './i18n.js';

const kTickMs = 200;

export class ClockView {
  // elements: {black: element, white: element}; serverNowMs: () => the server's time now.
  constructor(elements, serverNowMs) {
    this.elements_ = elements;
    this.serverNowMs_ = serverNowMs;
    this.clocks_ = null;
    this.time_ = null;
    this.timer_ = setInterval(() => this.render(), kTickMs);
  }

  // clocks: state.clocks (or null without a time control); time: the game's time control.
  update(clocks, time) {
    this.clocks_ = clocks;
    this.time_ = time;
    this.render();
  }

  render() {
    for (const colour of ['black', 'white']) {
      const element = this.elements_[colour];
      if (!this.clocks_) {
        element.textContent = '';
        element.hidden = true;
        continue;
      }
      element.hidden = false;
      // A vacation stops both clocks (docs/protocol.md, "Vacation"): nothing counts down.
      const paused = Boolean(this.clocks_.paused);
      const running = this.clocks_.running === colour && !paused;
      const elapsed = running
        ? chargeableMs(this.clocks_.pauseOnWeekends, this.clocks_.serverTimeMs, this.serverNowMs_())
        : 0;
      const shown = remaining(this.clocks_[colour], this.time_, elapsed);
      const text = this.text_(shown);
      element.textContent = !paused ? text
        : t(this.clocks_.onVacation?.includes(colour) ? 'clock.onVacation' : 'clock.paused',
          { clock: text });
      element.dataset.running = String(running);
      element.dataset.paused = String(paused);
      element.classList.toggle('low', shown.ms < 10000 && shown.phase !== 'main');
    }
  }

  text_(shown) {
    const clock = formatClock(shown.ms);
    if (shown.phase === 'byoyomi') return t('clock.byoyomi', { clock, count: shown.periodsLeft });
    if (shown.phase === 'canadian') return t('clock.canadian', { clock, count: shown.stonesLeft });
    return clock;
  }
}

const kDayMs = 86400000;
const kWeekMs = 7 * kDayMs;
const kFirstMondayMs = 4 * kDayMs; // 1970-01-05 00:00 UTC

// Weekday milliseconds since the first Monday up to t: constant over each weekend.
function weekdayMs(t) {
  const weeks = Math.floor((t - kFirstMondayMs) / kWeekMs);
  return weeks * 5 * kDayMs + Math.min(t - kFirstMondayMs - weeks * kWeekMs, 5 * kDayMs);
}

// The time a clock charges from fromMs to toMs: with pauseOnWeekends nothing from Saturday
// 00:00 to Monday 00:00 UTC, as the server counts it (docs/protocol.md, "Correspondence").
export function chargeableMs(pauseOnWeekends, fromMs, toMs) {
  if (toMs <= fromMs) return 0;
  return pauseOnWeekends ? weekdayMs(toMs) - weekdayMs(fromMs) : toMs - fromMs;
}

// What a clock shows `elapsed` ms after its state was taken: {phase, ms, periodsLeft,
// stonesLeft}. phase 'main' while main time lasts, then 'byoyomi' or 'canadian'.
export function remaining(clock, time, elapsed) {
  let main = clock.mainMs - elapsed;
  if (main > 0 || !time || !['byoyomi', 'canadian'].includes(time.kind)) {
    return { phase: 'main', ms: Math.max(0, main) };
  }
  let over = -main; // time already spent beyond the main time
  if (time.kind === 'canadian') {
    // After main time runs out the full period starts with all its stones due.
    const inPeriod = clock.mainMs > 0 ? time.periodSeconds * 1000 : clock.periodMs;
    const stones = clock.mainMs > 0 ? time.stones : clock.stonesLeft;
    return { phase: 'canadian', ms: Math.max(0, inPeriod - over), stonesLeft: stones };
  }
  // Byo-yomi: the current period, then each further one in full, until none is left.
  const length = time.periodSeconds * 1000;
  let periodsLeft = clock.periodsLeft;
  let current = clock.mainMs > 0 ? length : clock.periodMs || length;
  while (periodsLeft > 0 && over >= current) {
    over -= current;
    periodsLeft -= 1;
    current = length;
  }
  main = periodsLeft > 0 ? current - over : 0;
  return { phase: 'byoyomi', ms: Math.max(0, main), periodsLeft };
}
