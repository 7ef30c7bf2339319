#include "site/rooms/blocked_chat.h"

#include "site/moderation_state.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// The sender's id of a chat line or chat event; 0 when it has none (a placeholder).
int64_t senderOf(const json::object& chat) {
  const json::value* from = chat.if_contains("from");
  if (!from || !from->is_object()) return 0;
  const json::value* id = from->as_object().if_contains("id");
  return id && id->is_int64() ? id->as_int64() : 0;
}

bool isChat(const json::object& event) {
  const json::value* kind = event.if_contains("kind");
  return kind && kind->is_string() && kind->get_string() == "chat";
}

}  // namespace

bool hidesChatFrom(const SiteContext& context, int64_t watcher, int64_t sender) {
  return watcher != 0 && context.moderation && context.moderation->blocks(watcher, sender);
}

bool hidesChatOf(const SiteContext& context, int64_t watcher, const json::object& message) {
  if (watcher == 0 || !context.moderation) return false;
  const json::value* event = message.if_contains("event");
  return event && event->is_object() && isChat(event->as_object()) &&
         hidesChatFrom(context, watcher, senderOf(event->as_object()));
}

json::object withChatHidden(json::object message) {
  json::value channel = "players";
  if (const json::value* event = message.if_contains("event"); event && event->is_object()) {
    if (const json::value* c = event->as_object().if_contains("channel")) channel = *c;
  }
  message["event"] = json::object{{"kind", "chat"}, {"channel", channel}, {"hidden", true}};
  return message;
}

void hideBlockedChat(const SiteContext& context, int64_t watcher, json::object& state) {
  if (watcher == 0 || !context.moderation) return;
  if (json::value* chat = state.if_contains("chat"); chat && chat->is_array()) {
    json::array kept;
    for (json::value& line : chat->as_array()) {
      if (line.is_object() && hidesChatFrom(context, watcher, senderOf(line.as_object()))) continue;
      kept.push_back(std::move(line));
    }
    *chat = std::move(kept);
  }
  if (json::value* events = state.if_contains("events"); events && events->is_array()) {
    for (json::value& message : events->as_array()) {
      if (!message.is_object()) continue;
      if (hidesChatOf(context, watcher, message.as_object())) {
        message = withChatHidden(std::move(message.as_object()));
      }
    }
  }
}

}  // namespace tengen::site
