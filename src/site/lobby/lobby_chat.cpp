#include "site/lobby/lobby_chat.h"

#include <boost/asio/post.hpp>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include <utility>
#include <vector>

#include "base/log.h"
#include "site/lobby/lobby_chat_wire.h"
#include "site/moderation_state.h"

namespace tengen::site {

namespace json = boost::json;

LobbyChat::LobbyChat(SiteContext& context) : context_(context) {}

LobbyChat::~LobbyChat() { subscription_.reset(); }

void LobbyChat::join(uint64_t sessionId, int64_t userId, SendFunction send, json::value id) {
  // Registered before the backlog is read, so no line falls between the two; one that comes
  // both ways carries the same id and the page keeps it once.
  {
    std::lock_guard lock(mutex_);
    readers_[sessionId] = Reader{userId, send};
  }
  boost::asio::post(context_.blocking, [this, userId, send = std::move(send), id = std::move(id)] {
    auto lines = context_.store.recentLobbyChat(kLobbyChatBacklog);
    if (!lines) {
      log::error("lobby_chat_read_failed", {{"error", lines.error().toString()}});
      return send(errorMessage(id, "store_failed", "the server could not read the lobby chat"));
    }
    json::array kept;
    for (const store::LobbyChatRow& line : *lines) {
      if (userId != 0 && context_.moderation && context_.moderation->blocks(userId, line.from.id)) {
        continue;
      }
      kept.push_back(lobbyChatLineJson(line));
    }
    send(replyMessage(json::object{{"type", "lobby_chat_lines"}, {"lines", std::move(kept)}}, id));
  });
}

void LobbyChat::leave(uint64_t sessionId) {
  std::lock_guard lock(mutex_);
  readers_.erase(sessionId);
}

std::size_t LobbyChat::readers() const {
  std::lock_guard lock(mutex_);
  return readers_.size();
}

std::optional<server::HandlerError> LobbyChat::say(const server::SessionUser& user,
                                                   std::string text, SendFunction send,
                                                   json::value id) {
  if (user.guest) {
    return handlerError("registered_only",
                        "guests read the lobby chat; register or log in to write in it");
  }
  // Read at each line, so a mute made a moment ago (here or, through the bus, on another node)
  // already holds; a muted line is never stored.
  if (context_.moderation) {
    if (auto mute = context_.moderation->muteOf(user.id, nowMs())) {
      return handlerError("muted", muteRefusal(*mute));
    }
  }
  if (auto wait = writers_.take(std::to_string(user.id))) {
    return handlerError("rate_limited", "more than 5 lobby chat lines in 10 seconds; wait " +
                                            std::to_string((wait->count() + 999) / 1000) +
                                            " s and send it again");
  }
  store::LobbyChatRow line{0, {user.id, user.name}, std::move(text), nowMs()};
  boost::asio::post(context_.blocking, [this, line = std::move(line), send = std::move(send),
                                        id = std::move(id)]() mutable {
    auto stored = context_.store.appendLobbyChat(line, kLobbyChatLinesKept);
    if (!stored) {
      log::error("lobby_chat_write_failed",
                 {{"user", line.from.id}, {"error", stored.error().toString()}});
      return send(errorMessage(id, "store_failed", "the server could not save your line"));
    }
    line.id = *stored;
    // Handed out before the writer hears "said": whoever reads the lobby here has it queued
    // by then, the writer included.
    deliver(line);
    if (context_.bus) {
      context_.bus->publish(kLobbyChatChannel, encodeLobbyChatNews({context_.node, line}));
    }
    send(replyMessage(json::object{{"type", "lobby_chat_said"}, {"lineId", line.id}}, id));
  });
  return std::nullopt;
}

void LobbyChat::deliver(const store::LobbyChatRow& line) {
  std::vector<Reader> readers;
  {
    std::lock_guard lock(mutex_);
    readers.reserve(readers_.size());
    for (const auto& [sessionId, reader] : readers_) readers.push_back(reader);
  }
  const auto message = std::make_shared<const std::string>(json::serialize(
      json::object{{"type", "lobby_chat_line"}, {"line", lobbyChatLineJson(line)}}));
  for (const Reader& reader : readers) {
    // The block is read now, not when the reader joined: a block made a moment ago holds.
    if (reader.userId != 0 && context_.moderation &&
        context_.moderation->blocks(reader.userId, line.from.id)) {
      continue;
    }
    reader.send(message);
  }
}

void LobbyChat::received(std::string_view message) {
  auto news = decodeLobbyChatNews(message);
  if (!news) {
    log::warn("lobby_chat_bad_news", {{"bytes", static_cast<int64_t>(message.size())}});
    return;
  }
  if (news->node == context_.node) return;  // this node's own line, delivered when it was stored
  deliver(news->line);
}

}  // namespace tengen::site
