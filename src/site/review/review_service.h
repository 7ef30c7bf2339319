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
// Several nodes: a board lives on the node where it is followed; followers on other nodes
// open their own copy from the store (a limit written in docs/protocol.md).

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "go/rules.h"
#include "site/review/review_board.h"
#include "site/review/review_edit.h"
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
  void dropIfIdleLocked(const BoardPtr& board);

  SiteContext& context_;
  ReviewServiceLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<int64_t, BoardPtr> open_;
};

}  // namespace tengen::site
