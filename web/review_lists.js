// Reviews where players find them (docs/protocol.md, "Reviews"): the list of a finished game's
// reviews with "Open a review" on the game page, and on a player's profile the reviews they
// own plus, on their own profile, the SGF library (upload, review, delete) and "open a review"
// of an empty board. Each list is a card the page holds; the server decides who may do what.

import { deleteUpload, library, reviewsOfGame, reviewsOwnedBy, rules, uploadSgf } from './api.js';
import { describeRules, formatDate } from './format.js';
import { onLanguageChange, t } from './i18n.js';

function reviewLinks(list, reviews, { withOwner }) {
  list.replaceChildren(...reviews.map((review) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `review.html?id=${review.id}`;
    link.textContent = review.title;
    item.append(link);
    const details = [withOwner ? review.owner.name : '', formatDate(review.createdMs)];
    item.append(document.createTextNode(` — ${details.filter(Boolean).join(', ')}`));
    return item;
  }));
}

async function openReview(socket, fields, onError) {
  try {
    const reply = await socket.request('review_create', fields);
    location.href = `review.html?id=${reply.reviewId}`;
  } catch (error) {
    onError(error);
  }
}

function errorText(error) {
  const known = ['not_finished', 'too_many_reviews', 'registered_only', 'not_logged_in',
    'bad_sgf', 'library_full', 'not_found'];
  return known.includes(error.code) ? t(`review.error.${error.code}`, { message: error.message })
    : t('error.generic', { message: error.message ?? error.code });
}

// The game page's card: #game-reviews with #game-reviews-list, #game-review-open and
// #game-reviews-message.
export class GameReviews {
  constructor({ socket, gameId }) {
    this.socket_ = socket;
    this.gameId_ = gameId;
    this.card_ = document.getElementById('game-reviews');
    this.list_ = document.getElementById('game-reviews-list');
    this.button_ = document.getElementById('game-review-open');
    this.message_ = document.getElementById('game-reviews-message');
    this.finished_ = false;
    this.reviews_ = [];
    this.button_.addEventListener('click', () => openReview(this.socket_,
      { source: 'game', gameId: this.gameId_ },
      (error) => { this.message_.textContent = errorText(error); }));
  }

  // After every state: the card shows once the game has ended.
  update(phase) {
    const finished = phase === 'finished';
    if (finished && !this.finished_) this.load_();
    this.finished_ = finished;
    this.card_.hidden = !finished;
    const user = this.socket_.user;
    this.button_.hidden = !user || Boolean(user.guest);
  }

  async load_() {
    try {
      this.reviews_ = await reviewsOfGame(this.gameId_);
    } catch {
      this.reviews_ = [];
    }
    this.relabel();
  }

  relabel() {
    reviewLinks(this.list_, this.reviews_, { withOwner: true });
    if (!this.reviews_.length) {
      const none = document.createElement('li');
      none.className = 'hint';
      none.textContent = t('reviewBoard.none');
      this.list_.append(none);
    }
  }
}

// The profile's cards: #player-reviews (the owner's reviews) and #library (own profile only).
export class PlayerReviews {
  constructor({ socket, name }) {
    this.socket_ = socket;
    this.name_ = name;
    this.reviews_ = [];
    this.library_ = null;
    this.card_ = document.getElementById('player-reviews');
    this.list_ = document.getElementById('player-reviews-list');
    this.libraryCard_ = document.getElementById('library');
    this.uploads_ = document.getElementById('library-list');
    this.message_ = document.getElementById('library-message');
    this.file_ = document.getElementById('library-file');
    // The browser's own file button speaks the browser's language ("Choose File"): a button in
    // the page's language opens the picker instead, and a line names the file chosen.
    this.pick_ = document.createElement('button');
    this.pick_.type = 'button';
    this.pick_.className = 'file-pick';
    this.picked_ = document.createElement('span');
    this.picked_.className = 'hint file-picked';
    this.file_.classList.add('visually-hidden');
    this.file_.tabIndex = -1;
    this.file_.after(this.pick_, this.picked_);
    this.pick_.addEventListener('click', () => this.file_.click());
    this.file_.addEventListener('change', () => this.showPicked_());
    document.getElementById('library-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.upload_();
    });
    document.getElementById('empty-review-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const size = Number(document.getElementById('empty-review-size').value);
      const request = { source: 'empty', size };
      // Until GET /api/rules answers, the server's default rules.
      if (this.rules_.value) request.rules = this.rules_.value;
      openReview(this.socket_, request, (e) => this.fail_(e));
    });
    this.offerRules_();
  }

  // The empty board's rules: the site's presets, named in the page's language (the komi, the
  // scoring and how the game ends come with them into the review's SGF).
  async offerRules_() {
    this.rules_ = document.getElementById('empty-review-rules');
    try {
      const offered = await rules();
      const names = [offered.default,
        ...offered.presets.map((preset) => preset.name).filter((name) => name !== offered.default)];
      this.rules_.replaceChildren(...names.map((spec) => new Option(describeRules(spec), spec)));
      this.rules_.value = offered.default;
      onLanguageChange(() => {
        for (const option of this.rules_.options) option.textContent = describeRules(option.value);
      });
    } catch (error) {
      this.fail_(error);
    }
  }

  fail_(error) { this.say_(errorText(error), true); }

  // Refusals in the error style, news in the plain one.
  say_(text, error = false) {
    this.message_.className = error ? 'message' : 'status';
    this.message_.textContent = text;
  }

  async load(viewer) {
    this.viewer_ = viewer;
    try {
      this.reviews_ = await reviewsOwnedBy(this.name_);
    } catch {
      this.reviews_ = [];
    }
    const own = viewer && !viewer.guest && viewer.name === this.name_;
    this.libraryCard_.hidden = !own;
    if (own) {
      try {
        this.library_ = await library();
      } catch (error) {
        this.fail_(error);
      }
    }
    this.relabel();
  }

  async upload_() {
    const file = this.file_.files?.[0];
    if (!file) return;
    this.say_(t('review.uploading'));
    try {
      const reply = await uploadSgf(file);
      this.say_(reply.games > 1
        ? t('review.uploadedMany', { name: reply.upload.name, games: reply.games })
        : t('review.uploaded', { name: reply.upload.name }));
      this.file_.value = '';
      this.showPicked_();
      this.library_ = await library();
      this.relabel();
    } catch (error) {
      this.fail_(error);
    }
  }

  showPicked_() {
    const file = this.file_.files?.[0];
    this.picked_.textContent = file ? file.name : t('reviewBoard.noFile');
  }

  relabel() {
    this.pick_.textContent = t('reviewBoard.chooseFile');
    this.showPicked_();
    this.card_.hidden = false;
    reviewLinks(this.list_, this.reviews_, { withOwner: false });
    if (!this.reviews_.length) {
      const none = document.createElement('li');
      none.className = 'hint';
      none.textContent = t('reviewBoard.none');
      this.list_.append(none);
    }
    if (!this.library_) return;
    this.uploads_.replaceChildren(...this.library_.uploads.map((upload) => {
      const item = document.createElement('li');
      const players = [upload.black, upload.white].filter(Boolean).join(' – ');
      item.textContent = [upload.name, players, t('review.size', {
        kb: Math.max(1, Math.round(upload.sizeBytes / 1024)) }), formatDate(upload.createdMs)]
        .filter(Boolean).join(' · ') + ' ';
      const review = document.createElement('button');
      review.type = 'button';
      review.textContent = t('review.reviewUpload');
      review.addEventListener('click', () => openReview(this.socket_,
        { source: 'upload', uploadId: upload.id }, (e) => this.fail_(e)));
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = t('review.deleteUpload');
      remove.addEventListener('click', async () => {
        try {
          await deleteUpload(upload.id);
          this.library_ = await library();
          this.relabel();
        } catch (error) {
          this.fail_(error);
        }
      });
      item.append(review, ' ', remove);
      return item;
    }));
    document.getElementById('library-usage').textContent = t('review.usage', {
      count: this.library_.count, maxCount: this.library_.maxCount,
      mb: (this.library_.bytes / 1e6).toFixed(1), maxMb: Math.round(this.library_.maxBytes / 1e6) });
  }
}
