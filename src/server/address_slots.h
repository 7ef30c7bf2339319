#pragma once

// Counts the WebSockets open per client address, so one client cannot hold thousands of
// sockets (and their buffers and file descriptors). Thread-safe; the map holds only addresses
// with a socket open, so its size is bounded by the open sockets themselves.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tengen::server {

class AddressSlots;

// One socket's place in its address's count, given back when destroyed.
class AddressSlot {
 public:
  AddressSlot(std::shared_ptr<AddressSlots> owner, std::string address)
      : owner_(std::move(owner)), address_(std::move(address)) {}
  ~AddressSlot();
  AddressSlot(const AddressSlot&) = delete;
  AddressSlot& operator=(const AddressSlot&) = delete;

 private:
  std::shared_ptr<AddressSlots> owner_;
  std::string address_;
};

class AddressSlots : public std::enable_shared_from_this<AddressSlots> {
 public:
  // A slot for `address`, or nullptr when it already holds `limit` (0: no limit). Every
  // address counts, loopback too: a local proxy or load generator spreads over addresses.
  std::unique_ptr<AddressSlot> tryTake(const std::string& address, std::size_t limit);
  std::size_t countOf(const std::string& address) const;

 private:
  friend class AddressSlot;
  void give(const std::string& address);

  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> counts_;
};

}  // namespace tengen::server
