#include "site/rooms/room_loader.h"

#include <string>
#include <utility>

namespace tengen::site {

Result<game::Player> loadOwner(store::Store& store, int64_t ownerUserId) {
  game::Player owner{ownerUserId, ""};
  if (ownerUserId == 0) return owner;
  auto user = store.findUserById(ownerUserId);
  if (!user) return std::unexpected(user.error());
  if (*user) owner.name = (*user)->name;
  return owner;
}

Result<std::optional<LoadedRoom>> loadRoom(store::Store& store, int64_t gameId) {
  auto loaded = store.loadGame(gameId);
  if (!loaded) return std::unexpected(loaded.error());
  if (!*loaded) return std::optional<LoadedRoom>{};
  auto owner = loadOwner(store, (*loaded)->settings.ownerUserId);
  if (!owner) return std::unexpected(owner.error());
  auto machine = game::GameMachine::replay((*loaded)->settings, *owner, (*loaded)->events);
  if (!machine) {
    return fail("game " + std::to_string(gameId) +
                " does not replay: " + machine.error().toString());
  }
  return std::optional<LoadedRoom>(LoadedRoom{std::move((*loaded)->settings), std::move(*owner),
                                              std::move((*loaded)->events), std::move(*machine)});
}

}  // namespace tengen::site
