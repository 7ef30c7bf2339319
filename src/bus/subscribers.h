#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "bus/bus.h"

namespace tengen::bus {

// The local handlers of each channel, shared by both buses: LocalBus delivers to them
// directly, RedisBus when Redis hands it a message. Thread-safe.
class Subscribers : public std::enable_shared_from_this<Subscribers> {
 public:
  // Registers handler; firstOnChannel is set when the channel had no handler before (RedisBus
  // then SUBSCRIBEs). onLast runs when the returned subscription's channel loses its last
  // handler (RedisBus then UNSUBSCRIBEs).
  std::unique_ptr<Subscription> add(const std::string& channel, Handler handler,
                                    bool* firstOnChannel,
                                    std::function<void(const std::string&)> onLast);
  // Calls every handler of channel with message; returns how many.
  int deliver(std::string_view channel, std::string_view message);
  std::vector<std::string> channels() const;

 private:
  struct Entry {
    // Recursive: a handler may end its own subscription while it runs.
    std::recursive_mutex mutex;
    bool active = true;
    Handler handler;
  };
  class Ticket;
  void remove(const std::string& channel, const std::shared_ptr<Entry>& entry,
              const std::function<void(const std::string&)>& onLast);

  mutable std::mutex mutex_;
  std::map<std::string, std::vector<std::shared_ptr<Entry>>, std::less<>> channels_;
};

}  // namespace tengen::bus
