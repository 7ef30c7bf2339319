#include "server/address_slots.h"

namespace tengen::server {

AddressSlot::~AddressSlot() { owner_->give(address_); }

std::unique_ptr<AddressSlot> AddressSlots::tryTake(const std::string& address, std::size_t limit) {
  {
    std::lock_guard lock(mutex_);
    std::size_t& count = counts_[address];
    if (limit != 0 && count >= limit) {
      if (count == 0) counts_.erase(address);
      return nullptr;
    }
    ++count;
  }
  return std::make_unique<AddressSlot>(shared_from_this(), address);
}

std::size_t AddressSlots::countOf(const std::string& address) const {
  std::lock_guard lock(mutex_);
  const auto it = counts_.find(address);
  return it == counts_.end() ? 0 : it->second;
}

void AddressSlots::give(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = counts_.find(address);
  if (it == counts_.end()) return;
  if (--it->second == 0) counts_.erase(it);
}

}  // namespace tengen::server
