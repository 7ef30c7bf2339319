#pragma once

// Review boards (docs/protocol.md, "Reviews"): opens them (from a finished game, an upload
// or an empty board), holds the ones somebody follows in memory, applies controllers' edits
// and pushes each change to every follower, relays the review's chat, and saves each board
// to the store as it changes.
//
// Saving: every edit marks the board changed and, unless a write of it is already in flight,
// starts one on the blocking pool with a snapshot of the SGF taken under the lock; when a
// write ends and the board changed meanwhile, the next write carries the latest tree. So
// there is never more than one write per board in flight, a burst of edits costs a write or
// two rather than one each, and a crash loses at most the edits after the last write began
// (well under a second on a healthy store). An edit is pushed before it is durable: reviews
// are teaching notes, not results, and a follower must not wait for the disk.
//
// Thread-safe: one mutex guards the open boards, held for an edit (a path replay of at most
// the review's depth) and never across a store call. Store calls (create, the first follow of
// a board, saves) run on the blocking pool; methods marked "blocking" must be called there.
//
// Several nodes (docs/protocol.md, "Reviews on several nodes"): each node where a review is
// followed holds its own copy, and the store is the arbiter. A review's row carries a version
// (its updated_ms, always growing); a node saves only over the version its copy was read or
// last saved at (Store::saveReviewOver), so a copy that another node's save made stale can
// never overwrite the newer tree. The save that finds its copy stale reads the newer tree,
// applies this node's unsaved edits over it again (those that no longer apply are dropped),
// pushes the result to its followers and saves that. A node that saves tells the others on
// the bus channel "review" (review_news.h); a node with the board open reads the new version
// from the store and does the same. Chat lines go over the same channel to the other nodes'
// followers. Edits are pushed to the followers on the editor's node at once and reach the
// other nodes once saved (a store round trip later).

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bus/bus.h"
#include "go/rules.h"
#include "site/review/review_board.h"
#include "site/review/review_edit.h"
#include "site/review/review_news.h"
#include "site/review/sgf_upload.h"
#include "site/site_context.h"

namespace tengen::site {

struct ReviewServiceLimits {
  ReviewLimits tree{};
  UploadLimits upload{};
  int maxReviewsPerUser = 200;
  int maxUploadsPerUser = 100;
  int64_t maxLibraryBytes = 20'000'000;
  std::size_t chatLinesKept = 100;
  // Edits applied here and not yet saved: more means the store is not keeping up (refused
  // store_failed until it does), and bounds what a stale copy applies again.
  std::size_t maxUnsavedEdits = 1000;
};

// Where a new review's tree comes from.
struct ReviewSource {
  enum class Kind { Game, Upload, Empty };
  Kind kind = Kind::Empty;
  int64_t id = 0;     // the game or the upload
  int gameIndex = 0;  // of an upload's collection, from 0
  int size = 19;
  go::Rules rules = go::Rules::forNewTable();
};

class ReviewService {
 public:
  explicit ReviewService(SiteContext& context, ReviewServiceLimits limits = {});
  // Follows the other nodes' news on context.bus (none: one node alone). Called once, after
  // SiteContext has its bus.
  void joinNodes();

  const ReviewServiceLimits& limits() const { return limits_; }

  // Blocking. The new review's id.
  ReviewResult<int64_t> create(const ReviewUser& owner, const ReviewSource& source);
  // Blocking (the first follower of a board reads it from the store). Adds the session as a
  // follower and returns the board's state for it; the others hear of it by review_followers.
  ReviewResult<std::shared_ptr<const std::string>> follow(int64_t reviewId,
                                                          ReviewFollower follower);
  void unfollow(int64_t reviewId, uint64_t sessionId);
  void sessionClosed(uint64_t sessionId);

  // A controller's edit: applied, pushed to the followers, saved. Refused with
  // not_following (the board is not open here: follow it first) or not_controller.
  ReviewResult<void> edit(int64_t reviewId, const ReviewUser& user, const ReviewEdit& edit);
  // The owner hands control to a follower, or takes it back.
  ReviewResult<void> setControl(int64_t reviewId, const ReviewUser& owner, int64_t userId,
                                bool grant);
  // One chat line from a follower (the text checked as the game chat checks it).
  ReviewResult<void> chat(int64_t reviewId, const ReviewUser& user, std::string text);

  // Blocking. The review's title and SGF: the live tree when it is open here, else the
  // store's. nullopt: no such review.
  Result<std::optional<std::pair<std::string, std::string>>> sgfOf(int64_t reviewId);

 private:
  using BoardPtr = std::shared_ptr<ReviewBoard>;
  Result<BoardPtr> loadBoard(int64_t reviewId);
  // Blocking. Brings the open board up to the store's version, if that is newer: the store's
  // tree with this node's unsaved edits applied again, pushed to the followers. Only the
  // save in flight (`bySave`) refreshes a board that is saving: that save finds out itself
  // whether its copy was stale, and a refresh beside it could take its own write for news.
  enum class Refreshed { Current, Gone, Failed };
  Refreshed refresh(int64_t reviewId, bool bySave);
  // A message on the bus from another node (review_news.h); on the bus's delivery thread.
  void heard(std::string_view text);
  void publish(const ReviewNews& news);
  BoardPtr findLocked(int64_t reviewId) const;
  // With mutex_ held: starts a write unless one is in flight.
  void saveLocked(const BoardPtr& board);
  // Messages to send once mutex_ is released: a send may drop the last reference to a closed
  // session, whose close hook (sessionClosed) takes mutex_ again. Declared before the lock,
  // so that it is destroyed, and sends, after the lock is released.
  class Outbox {
   public:
    Outbox() = default;
    Outbox(const Outbox&) = delete;
    Outbox& operator=(const Outbox&) = delete;
    ~Outbox() {
      for (auto& [send, message] : items_) send(message);
    }
    void add(const SendFunction& send, std::shared_ptr<const std::string> message) {
      items_.emplace_back(send, std::move(message));
    }

   private:
    std::vector<std::pair<SendFunction, std::shared_ptr<const std::string>>> items_;
  };
  void broadcastLocked(const ReviewBoard& board, const boost::json::object& message, Outbox& out);
  // Hands a chat line to this node's followers of `board`, but those who block the writer.
  void deliverChatLocked(ReviewBoard& board, ReviewChatLine line, Outbox& out);
  void dropIfIdleLocked(const BoardPtr& board);

  SiteContext& context_;
  ReviewServiceLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<int64_t, BoardPtr> open_;
  std::unique_ptr<bus::Subscription> news_;  // last: gone before anything its handler uses
};

}  // namespace tengen::site
