#include "bus/subscribers.h"

#include <algorithm>

namespace tengen::bus {

class Subscribers::Ticket final : public Subscription {
 public:
  Ticket(std::weak_ptr<Subscribers> owner, std::string channel, std::shared_ptr<Entry> entry,
         std::function<void(const std::string&)> onLast)
      : owner_(std::move(owner)),
        channel_(std::move(channel)),
        entry_(std::move(entry)),
        onLast_(std::move(onLast)) {}
  ~Ticket() override {
    {
      // Waits for a delivery in progress on another thread, so none follows this.
      std::lock_guard lock(entry_->mutex);
      entry_->active = false;
    }
    if (auto owner = owner_.lock()) owner->remove(channel_, entry_, onLast_);
  }

 private:
  std::weak_ptr<Subscribers> owner_;
  std::string channel_;
  std::shared_ptr<Entry> entry_;
  std::function<void(const std::string&)> onLast_;
};

std::unique_ptr<Subscription> Subscribers::add(const std::string& channel, Handler handler,
                                               bool* firstOnChannel,
                                               std::function<void(const std::string&)> onLast) {
  auto entry = std::make_shared<Entry>();
  entry->handler = std::move(handler);
  {
    std::lock_guard lock(mutex_);
    auto& list = channels_[channel];
    if (firstOnChannel) *firstOnChannel = list.empty();
    list.push_back(entry);
  }
  return std::make_unique<Ticket>(weak_from_this(), channel, std::move(entry), std::move(onLast));
}

void Subscribers::remove(const std::string& channel, const std::shared_ptr<Entry>& entry,
                         const std::function<void(const std::string&)>& onLast) {
  bool last = false;
  {
    std::lock_guard lock(mutex_);
    auto found = channels_.find(channel);
    if (found == channels_.end()) return;
    std::erase(found->second, entry);
    if (found->second.empty()) {
      channels_.erase(found);
      last = true;
    }
  }
  if (last && onLast) onLast(channel);
}

int Subscribers::deliver(std::string_view channel, std::string_view message) {
  std::vector<std::shared_ptr<Entry>> entries;
  {
    std::lock_guard lock(mutex_);
    auto found = channels_.find(channel);
    if (found == channels_.end()) return 0;
    entries = found->second;
  }
  // Outside the map's lock: a handler may subscribe or unsubscribe.
  int delivered = 0;
  for (const auto& entry : entries) {
    std::lock_guard lock(entry->mutex);
    if (!entry->active) continue;
    entry->handler(message);
    ++delivered;
  }
  return delivered;
}

std::vector<std::string> Subscribers::channels() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, entries] : channels_) names.push_back(name);
  return names;
}

}  // namespace tengen::bus
