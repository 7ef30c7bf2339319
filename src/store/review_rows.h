#pragma once

// Plain rows of review boards and SGF uploads (migrations/0015_reviews.sql). A review's tree
// is SGF text the site reads and writes (site/review/review_tree.h); the store keeps it as
// bytes with the node everyone is on and the users the owner handed control to. An upload is
// an SGF file a player keeps in their library. Ids are user, game and upload ids; 0 means
// "none".

#include <cstdint>
#include <string>
#include <vector>

namespace tengen::store {

struct ReviewRow {
  int64_t id = 0;
  int64_t ownerId = 0;
  std::string ownerName;  // read from users; ignored when creating
  int64_t gameId = 0;     // the finished game it was opened from; 0: an upload or empty board
  std::string title;
  std::string sgf;  // empty in lists (reviewsOfGame, reviewsOfOwner)
  int64_t currentNode = 0;
  std::vector<int64_t> controllers;  // besides the owner, in the order control was given
  int64_t createdMs = 0;
  int64_t updatedMs = 0;
  bool operator==(const ReviewRow&) const = default;
};

struct UploadRow {
  int64_t id = 0;
  int64_t ownerId = 0;
  std::string name;  // the file name the player gave
  std::string black, white;
  int64_t sizeBytes = 0;
  std::string sgf;  // empty in lists (uploadsOf)
  int64_t createdMs = 0;
  bool operator==(const UploadRow&) const = default;
};

// Controllers as the column holds them, "3,17" (ascending order is not implied).
std::string controllersText(const std::vector<int64_t>& ids);
std::vector<int64_t> parseControllers(const std::string& text);

}  // namespace tengen::store
