// The game page's announcements (text_panel.js) go to one assertive live region, and a new
// text there cuts off the one being spoken. Sentences arrive close together: the player's own
// move and a bot's reply 20-120 ms later, or "Black passes", "White passes" and the end of the
// game at once. So sentences within kJoinMs of the first of a group are said together, as one
// text that grows ("Black H4, captures 2. White D5."): whatever is cut off is said again whole
// in the longer text that cuts it. A queue would have to guess when the screen reader has
// finished a sentence, which the page cannot know (speech rates differ tenfold between
// listeners); joining needs no guess and delays nothing.

const kJoinMs = 1500;
// A spectator of a fast bot game hears at most this many sentences in one text.
const kMaxSentences = 4;

function withStop(text) {
  return /[.!?…:]$/.test(text) ? text : `${text}.`;
}

export class SpokenGroup {
  // nowMs: a clock in milliseconds (performance.now by default).
  constructor(nowMs = () => performance.now()) {
    this.nowMs_ = nowMs;
    this.group_ = []; // functions returning a sentence in the current language
    this.startMs_ = -Infinity;
  }

  // Adds `sentence` (a function giving the text, so it can be said again in another language)
  // and returns a function giving the text to say now: the group it joined.
  add(sentence) {
    const now = this.nowMs_();
    if (now - this.startMs_ > kJoinMs) {
      this.group_ = [];
      this.startMs_ = now;
    }
    this.group_ = [...this.group_, sentence].slice(-kMaxSentences);
    const group = this.group_;
    if (group.length === 1) return sentence;
    return () => group.map((said) => withStop(said())).join(' ');
  }
}
