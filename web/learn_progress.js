// Which lessons of the Learn track are done. A registered account keeps them on the server
// (GET/POST /api/lessons/progress); a guest or a visitor without a session keeps them in this
// browser's localStorage, and when that browser later signs in to an account the lessons
// done here move to the account (syncBrowserProgress), so nothing learnt as a guest is lost.

import { lessonProgress, recordLesson } from './api.js';

const kDoneKey = 'tengen.lessons.done'; // JSON array of lesson ids
const kOfferKey = 'tengen.lessons.offer'; // 'dismissed' | 'finished': the lobby stops offering

function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback; // storage disabled or a value we did not write
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch { /* storage disabled: progress lasts as long as the page */ }
}

export function browserDone() {
  const done = readJson(kDoneKey, []);
  return Array.isArray(done) ? done.filter((id) => typeof id === 'string') : [];
}

// True when the lobby should not offer the track: finished or turned down in this browser.
export function offerClosed() {
  try {
    return Boolean(localStorage.getItem(kOfferKey));
  } catch {
    return false;
  }
}

export function closeOffer(why) { write(kOfferKey, why); }

// Posts the lessons done in this browser to the signed-in account and forgets them here.
// Does nothing for a guest or without a session. Lessons the server does not know (a track
// that changed) are dropped. Returns the account's progress after the upload, or null.
export async function syncBrowserProgress() {
  const local = browserDone();
  const progress = await lessonProgress();
  if (progress.stored !== 'account') return null;
  const done = new Set(progress.done);
  for (const id of local) {
    if (done.has(id)) continue;
    try {
      await recordLesson(id);
      done.add(id);
    } catch (error) {
      if (error.code !== 'http_400' && error.code !== 'bad_request' &&
          error.code !== 'not_found') throw error;
    }
  }
  write(kDoneKey, null);
  return { done: [...done], stored: 'account' };
}

export class LessonProgress {
  // progress: GET /api/lessons/progress (after syncBrowserProgress).
  constructor({ done, stored }) {
    this.stored_ = stored;
    this.done_ = new Set(stored === 'account' ? done : browserDone());
  }

  // The progress of whoever is signed in, with this browser's lessons moved to an account.
  static async load() {
    const synced = await syncBrowserProgress();
    return new LessonProgress(synced ?? { done: [], stored: 'browser' });
  }

  get stored() { return this.stored_; }
  get count() { return this.done_.size; }
  has(id) { return this.done_.has(id); }

  // Records a finished lesson where this visitor's progress lives.
  async markDone(id) {
    if (this.done_.has(id)) return;
    this.done_.add(id);
    if (this.stored_ === 'account') {
      await recordLesson(id);
    } else {
      write(kDoneKey, [...this.done_]);
    }
  }
}
