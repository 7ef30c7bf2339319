#pragma once

// One review board open on this node (review_service.h owns them): its tree, who owns and
// controls it, who follows it and its chat. Plain data; the service's lock guards it.

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "site/review/review_edit.h"
#include "site/review/review_tree.h"
#include "site/site_messages.h"

namespace tengen::site {

struct ReviewUser {
  int64_t id = 0;
  std::string name;
};

struct ReviewFollower {
  uint64_t sessionId = 0;
  ReviewUser user;  // id 0: anonymous
  SendFunction send;
};

struct ReviewChatLine {
  ReviewUser from;
  std::string text;
  int64_t atMs = 0;
};

struct ReviewBoard {
  int64_t id = 0;
  ReviewUser owner;
  int64_t gameId = 0;
  std::string title;
  int64_t createdMs = 0;
  ReviewTree tree;
  std::vector<ReviewUser> controllers;  // besides the owner
  std::vector<ReviewFollower> followers;
  std::deque<ReviewChatLine> chat;  // the last lines, in memory only
  bool saving = false;              // a store write is in flight
  bool dirty = false;               // changed since the write in flight took its snapshot
  // Counts changes; pushes carry it, since they are sent after the lock is released and two
  // may overtake each other: a follower keeps the highest it has seen.
  int64_t version = 0;
  // Several nodes (review_service.h): the store's version of the review that this tree was
  // read or last saved at; the edits made here since, in order (applied again over a newer
  // tree when another node saved one); how many of them the write in flight carries; and
  // whether the controllers changed here since the last save.
  int64_t storedVersion = 0;
  std::vector<ReviewEdit> unsaved;
  std::size_t unsavedInFlight = 0;
  bool controllersUnsaved = false;

  bool controls(int64_t user) const;
};

}  // namespace tengen::site
