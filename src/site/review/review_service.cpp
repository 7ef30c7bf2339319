#include "site/review/review_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "base/log.h"
#include "base/json_text.h"
#include "site/moderation_state.h"
#include "site/ratings/sgf_ranks.h"
#include "site/review/review_json.h"
#include "site/rooms/room_loader.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

std::unexpected<ReviewRefusal> reviewRefuse(std::string code, std::string message) {
  return std::unexpected(ReviewRefusal{std::move(code), std::move(message)});
}

std::unexpected<ReviewRefusal> reviewStoreFailed(const Error& error) {
  log::warn("review_store_failed", {{"error", error.toString()}});
  return reviewRefuse("store_failed", "the store could not be reached; try again");
}

std::shared_ptr<const std::string> reviewSerialised(const json::object& message) {
  return std::make_shared<const std::string>(jsonText(message));
}

struct OpenedReview {
  ReviewTree tree;
  std::string title;
};

}  // namespace

bool ReviewBoard::controls(int64_t user) const {
  return user != 0 &&
         (user == owner.id || std::any_of(controllers.begin(), controllers.end(),
                                          [&](const ReviewUser& c) { return c.id == user; }));
}

ReviewService::ReviewService(SiteContext& context, ReviewServiceLimits limits)
    : context_(context), limits_(limits) {}

void ReviewService::joinNodes() {
  if (context_.bus == nullptr || news_) return;
  news_ = context_.bus->subscribe(std::string(kReviewChannel),
                                  [this](std::string_view text) { heard(text); });
}

void ReviewService::publish(const ReviewNews& news) {
  if (context_.bus != nullptr) {
    context_.bus->publish(std::string(kReviewChannel), encodeReviewNews(news));
  }
}

void ReviewService::heard(std::string_view text) {
  auto news = decodeReviewNews(text);
  if (!news) {
    log::warn("review_news_refused", {{"error", news.error().toString()}});
    return;
  }
  if (news->node == context_.node) return;  // its own, already handled here
  if (news->kind == ReviewNews::Kind::Saved) {
    {
      std::lock_guard lock(mutex_);
      BoardPtr board = findLocked(news->reviewId);
      if (!board || news->version <= board->storedVersion) return;
    }
    // The store read runs on the blocking pool, never on the bus's thread.
    boost::asio::post(context_.blocking, [this, id = news->reviewId] { (void)refresh(id, false); });
    return;
  }
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  BoardPtr board = findLocked(news->reviewId);
  if (!board) return;
  deliverChatLocked(
      *board,
      ReviewChatLine{ReviewUser{news->fromId, news->fromName}, std::move(news->text), news->atMs},
      out);
}

ReviewService::Refreshed ReviewService::refresh(int64_t reviewId, bool bySave) {
  auto read = loadBoard(reviewId);
  if (!read) {
    log::warn("review_refresh_failed", {{"review", reviewId}, {"error", read.error().toString()}});
    return Refreshed::Failed;  // the store is away: the next change or notice tries again
  }
  if (!*read) return Refreshed::Gone;
  ReviewBoard& stored = **read;
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  BoardPtr board = findLocked(reviewId);
  if (!board || (board->saving && !bySave) || stored.storedVersion <= board->storedVersion) {
    return Refreshed::Current;
  }
  // This node's edits not yet saved, over the newer tree, in the order they were made; one
  // that no longer applies (its node gone, its point taken) is dropped.
  std::vector<ReviewEdit> kept;
  for (const ReviewEdit& edit : board->unsaved) {
    if (applyReviewEdit(stored.tree, edit)) kept.push_back(edit);
  }
  log::info("review_rebased", {{"review", reviewId},
                               {"version", stored.storedVersion},
                               {"edits", static_cast<int64_t>(board->unsaved.size())},
                               {"kept", static_cast<int64_t>(kept.size())}});
  board->tree = std::move(stored.tree);
  board->unsaved = std::move(kept);
  board->unsavedInFlight = 0;
  board->storedVersion = stored.storedVersion;
  if (!board->controllersUnsaved) board->controllers = std::move(stored.controllers);
  ++board->version;
  broadcastLocked(*board, reviewStateJson(*board), out);
  broadcastLocked(*board, reviewFollowersJson(*board), out);
  return Refreshed::Current;
}

ReviewResult<int64_t> ReviewService::create(const ReviewUser& owner, const ReviewSource& source) {
  store::Store& store = context_.store;
  auto count = store.countReviewsOf(owner.id);
  if (!count) return reviewStoreFailed(count.error());
  if (*count >= limits_.maxReviewsPerUser) {
    return reviewRefuse("too_many_reviews", "you have " + std::to_string(*count) +
                                                " reviews, the most one player keeps");
  }
  std::optional<OpenedReview> opened;
  switch (source.kind) {
    case ReviewSource::Kind::Game: {
      auto loaded = loadRoom(store, source.id);
      if (!loaded) return reviewStoreFailed(loaded.error());
      if (!*loaded) return reviewRefuse("not_found", "no game " + std::to_string(source.id));
      const game::GameMachine& machine = (*loaded)->machine;
      if (machine.phase() != game::Phase::Finished) {
        // Fair play: a game in progress is never reviewed alongside its players.
        return reviewRefuse("not_finished", "a game is reviewed once it has ended");
      }
      auto ranks = sgfRanksOf(store, machine);
      if (!ranks) return reviewStoreFailed(ranks.error());
      auto tree = ReviewTree::fromSgf(machine.toSgf(*ranks), limits_.tree);
      if (!tree) return reviewRefuse("bad_record", tree.error().toString());
      const std::string black = machine.black() ? machine.black()->name : "?";
      const std::string white = machine.white() ? machine.white()->name : "?";
      opened = OpenedReview{std::move(*tree), black + " – " + white};
      break;
    }
    case ReviewSource::Kind::Upload: {
      auto upload = store.loadUpload(source.id);
      if (!upload) return reviewStoreFailed(upload.error());
      // Another player's upload is as absent as a missing one: libraries are private.
      if (!*upload || (*upload)->ownerId != owner.id) {
        return reviewRefuse("not_found",
                            "no upload " + std::to_string(source.id) + " in your library");
      }
      auto text = uploadGame((*upload)->sgf, source.gameIndex);
      if (!text) return reviewRefuse("bad_record", text.error().toString());
      auto tree = ReviewTree::fromSgf(*text, limits_.tree);
      if (!tree) return reviewRefuse("bad_record", tree.error().toString());
      opened = OpenedReview{std::move(*tree), (*upload)->name};
      break;
    }
    case ReviewSource::Kind::Empty: {
      if (source.size < 2 || source.size > 25) {
        return reviewRefuse("bad_request",
                            "a board is 2 to 25 lines, not " + std::to_string(source.size));
      }
      opened = OpenedReview{ReviewTree::emptyBoard(source.size, source.rules, limits_.tree),
                            std::to_string(source.size) + "x" + std::to_string(source.size)};
      break;
    }
  }
  store::ReviewRow row;
  row.ownerId = owner.id;
  row.gameId = source.kind == ReviewSource::Kind::Game ? source.id : 0;
  row.title = opened->title;
  row.sgf = opened->tree.sgf();
  auto id = store.createReview(std::move(row));
  if (!id) return reviewStoreFailed(id.error());
  log::info("review_created", {{"review", *id}, {"user", owner.id}});
  return *id;
}

Result<ReviewService::BoardPtr> ReviewService::loadBoard(int64_t reviewId) {
  store::Store& store = context_.store;
  auto row = store.loadReview(reviewId);
  if (!row) return std::unexpected(row.error());
  if (!*row) return BoardPtr{};
  auto tree = ReviewTree::fromSgf((*row)->sgf, limits_.tree);
  if (!tree)
    return fail("review " + std::to_string(reviewId) +
                " is unreadable: " + tree.error().toString());
  // A node beyond the tree (never written so) leaves the board at the root.
  (void)tree->goTo(static_cast<int>(std::min<int64_t>((*row)->currentNode, INT32_MAX)));
  auto board =
      std::make_shared<ReviewBoard>(ReviewBoard{(*row)->id,
                                                ReviewUser{(*row)->ownerId, (*row)->ownerName},
                                                (*row)->gameId,
                                                (*row)->title,
                                                (*row)->createdMs,
                                                std::move(*tree),
                                                {},
                                                {},
                                                {},
                                                false,
                                                false,
                                                0,
                                                (*row)->updatedMs,  // the stored version
                                                {},
                                                0,
                                                false});
  for (int64_t id : (*row)->controllers) {
    auto user = store.findUserById(id);
    if (!user) return std::unexpected(user.error());
    if (*user) board->controllers.push_back(ReviewUser{id, (*user)->name});
  }
  return board;
}

ReviewService::BoardPtr ReviewService::findLocked(int64_t reviewId) const {
  auto it = open_.find(reviewId);
  return it == open_.end() ? nullptr : it->second;
}

ReviewResult<std::shared_ptr<const std::string>> ReviewService::follow(int64_t reviewId,
                                                                       ReviewFollower follower) {
  BoardPtr loaded;
  {
    std::lock_guard lock(mutex_);
    loaded = findLocked(reviewId);
  }
  if (!loaded) {
    auto read = loadBoard(reviewId);
    if (!read) return reviewStoreFailed(read.error());
    if (!*read) return reviewRefuse("not_found", "no review " + std::to_string(reviewId));
    loaded = std::move(*read);
  }
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  // Another follower may have opened it meanwhile: theirs is the live one.
  BoardPtr board = findLocked(reviewId);
  if (!board) board = open_.emplace(reviewId, loaded).first->second;
  std::erase_if(board->followers,
                [&](const ReviewFollower& f) { return f.sessionId == follower.sessionId; });
  board->followers.push_back(std::move(follower));
  ++board->version;
  broadcastLocked(*board, reviewFollowersJson(*board), out);
  return reviewSerialised(reviewStateJson(*board));
}

void ReviewService::unfollow(int64_t reviewId, uint64_t sessionId) {
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  BoardPtr board = findLocked(reviewId);
  if (!board) return;
  const auto removed = std::erase_if(
      board->followers, [&](const ReviewFollower& f) { return f.sessionId == sessionId; });
  if (removed == 0) return;
  ++board->version;
  broadcastLocked(*board, reviewFollowersJson(*board), out);
  dropIfIdleLocked(board);
}

void ReviewService::sessionClosed(uint64_t sessionId) {
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  std::vector<BoardPtr> touched;
  for (auto& [id, board] : open_) {
    if (std::erase_if(board->followers,
                      [&](const ReviewFollower& f) { return f.sessionId == sessionId; })) {
      touched.push_back(board);
    }
  }
  for (const BoardPtr& board : touched) {
    ++board->version;
    broadcastLocked(*board, reviewFollowersJson(*board), out);
    dropIfIdleLocked(board);
  }
}

ReviewResult<void> ReviewService::edit(int64_t reviewId, const ReviewUser& user,
                                       const ReviewEdit& edit) {
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  BoardPtr board = findLocked(reviewId);
  if (!board)
    return reviewRefuse("not_following",
                        "follow review " + std::to_string(reviewId) + " before editing it");
  if (!board->controls(user.id)) {
    return reviewRefuse("not_controller",
                        "only the review's owner and those they hand control to can change it");
  }
  if (board->unsaved.size() >= limits_.maxUnsavedEdits) {
    return reviewRefuse("store_failed", "the review's last edits are not saved yet; try again");
  }
  if (auto applied = applyReviewEdit(board->tree, edit); !applied) return applied;
  board->unsaved.push_back(edit);
  ++board->version;
  broadcastLocked(*board, reviewStateJson(*board), out);
  saveLocked(board);
  return {};
}

ReviewResult<void> ReviewService::setControl(int64_t reviewId, const ReviewUser& owner,
                                             int64_t userId, bool grant) {
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  BoardPtr board = findLocked(reviewId);
  if (!board)
    return reviewRefuse("not_following", "follow review " + std::to_string(reviewId) +
                                             " before changing who controls it");
  if (owner.id != board->owner.id) {
    return reviewRefuse("not_owner", "only the review's owner hands control to others");
  }
  if (userId == board->owner.id) {
    return reviewRefuse("bad_request", "the owner always controls the review");
  }
  auto& controllers = board->controllers;
  const auto at = std::find_if(controllers.begin(), controllers.end(),
                               [&](const ReviewUser& c) { return c.id == userId; });
  if (grant) {
    if (at != controllers.end()) return {};
    const auto follower =
        std::find_if(board->followers.begin(), board->followers.end(),
                     [&](const ReviewFollower& f) { return f.user.id == userId; });
    if (follower == board->followers.end()) {
      return reviewRefuse("not_following", "user " + std::to_string(userId) +
                                               " does not follow the review: control goes to "
                                               "followers");
    }
    controllers.push_back(follower->user);
  } else {
    if (at == controllers.end()) return {};
    controllers.erase(at);
  }
  board->controllersUnsaved = true;
  ++board->version;
  broadcastLocked(*board, reviewFollowersJson(*board), out);
  saveLocked(board);
  return {};
}

ReviewResult<void> ReviewService::chat(int64_t reviewId, const ReviewUser& user, std::string text) {
  Outbox out;  // sent once the lock is released
  std::lock_guard lock(mutex_);
  BoardPtr board = findLocked(reviewId);
  const bool follows =
      board && std::any_of(board->followers.begin(), board->followers.end(),
                           [&](const ReviewFollower& f) { return f.user.id == user.id; });
  if (!follows) {
    return reviewRefuse("not_following", "follow review " + std::to_string(reviewId) +
                                             " before writing in its chat");
  }
  ReviewChatLine line{user, std::move(text), nowMs()};
  ReviewNews news{
      ReviewNews::Kind::Chat, context_.node, reviewId, 0, user.id, user.name, line.text, line.atMs};
  deliverChatLocked(*board, std::move(line), out);
  publish(news);
  return {};
}

void ReviewService::deliverChatLocked(ReviewBoard& board, ReviewChatLine line, Outbox& out) {
  const auto message = reviewSerialised(reviewChatJson(board.id, line));
  for (const ReviewFollower& f : board.followers) {
    // A follower who blocks the writer does not get the line (site/moderation).
    if (f.user.id != 0 && context_.moderation &&
        context_.moderation->blocks(f.user.id, line.from.id)) {
      continue;
    }
    out.add(f.send, message);
  }
  board.chat.push_back(std::move(line));
  while (board.chat.size() > limits_.chatLinesKept) board.chat.pop_front();
}

Result<std::optional<std::pair<std::string, std::string>>> ReviewService::sgfOf(int64_t reviewId) {
  {
    std::lock_guard lock(mutex_);
    if (BoardPtr board = findLocked(reviewId)) {
      return std::optional(std::pair{board->title, board->tree.sgf()});
    }
  }
  auto row = context_.store.loadReview(reviewId);
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<std::pair<std::string, std::string>>{};
  return std::optional(std::pair{(*row)->title, std::move((*row)->sgf)});
}

void ReviewService::broadcastLocked(const ReviewBoard& board, const json::object& message,
                                    Outbox& out) {
  const auto text = reviewSerialised(message);
  for (const ReviewFollower& f : board.followers) out.add(f.send, text);
}

void ReviewService::saveLocked(const BoardPtr& board) {
  if (board->saving) {
    board->dirty = true;
    return;
  }
  board->saving = true;
  board->dirty = false;
  board->unsavedInFlight = board->unsaved.size();
  const bool controllersInFlight = board->controllersUnsaved;
  store::ReviewRow row;
  row.id = board->id;
  row.sgf = board->tree.sgf();
  row.currentNode = board->tree.current();
  for (const ReviewUser& c : board->controllers) row.controllers.push_back(c.id);
  row.updatedMs = nowMs();
  const int64_t readVersion = board->storedVersion;
  boost::asio::post(context_.blocking, [this, board, row = std::move(row), readVersion,
                                        controllersInFlight] {
    auto saved = context_.store.saveReviewOver(row, readVersion);
    const Refreshed refreshed = saved && !*saved ? refresh(row.id, true) : Refreshed::Current;
    if (refreshed == Refreshed::Gone) {
      // Gone from the store: nothing here can be saved any more.
      log::warn("review_save_gone", {{"review", row.id}});
      std::lock_guard lock(mutex_);
      board->unsaved.clear();
      board->saving = false;
      board->dirty = false;
      return dropIfIdleLocked(board);
    }
    std::lock_guard lock(mutex_);
    board->saving = false;
    if (!saved) {
      log::warn("review_save_failed", {{"review", row.id}, {"error", saved.error().toString()}});
      // Every write carries the whole tree: the next change writes this one's edits too.
      board->unsavedInFlight = 0;
    } else if (*saved) {
      board->storedVersion = **saved;
      board->unsaved.erase(
          board->unsaved.begin(),
          board->unsaved.begin() +
              static_cast<std::ptrdiff_t>(std::min(board->unsavedInFlight, board->unsaved.size())));
      board->unsavedInFlight = 0;
      if (controllersInFlight && !board->dirty) board->controllersUnsaved = false;
      ReviewNews news;
      news.node = context_.node;
      news.reviewId = row.id;
      news.version = **saved;
      publish(news);
    } else if (refreshed == Refreshed::Current) {
      // Stale: refresh() above applied this node's edits over the newer tree; save that.
      board->dirty = true;
    }  // else the store is away: the next change saves this one's edits too
    if (board->dirty) return saveLocked(board);
    dropIfIdleLocked(board);
  });
}

void ReviewService::dropIfIdleLocked(const BoardPtr& board) {
  if (!board->followers.empty() || board->saving) return;
  auto it = open_.find(board->id);
  if (it != open_.end() && it->second == board) open_.erase(it);
}

}  // namespace tengen::site
