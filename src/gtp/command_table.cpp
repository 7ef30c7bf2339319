#include "gtp/command_table.h"

namespace tengen::gtp {

void CommandTable::add(std::string name, std::size_t minArgs, std::size_t maxArgs,
                       Handler handler) {
  commands_.insert_or_assign(std::move(name), Command{minArgs, maxArgs, std::move(handler)});
}

const Command* CommandTable::find(std::string_view name) const {
  const auto it = commands_.find(name);
  return it == commands_.end() ? nullptr : &it->second;
}

std::vector<std::string> CommandTable::names() const {
  std::vector<std::string> out;
  out.reserve(commands_.size());
  for (const auto& [name, command] : commands_) out.push_back(name);
  return out;
}

Result<std::string> CommandTable::run(EngineState& state, std::string_view name, Args args) const {
  const Command* command = find(name);
  if (command == nullptr) return fail("unknown command");
  if (args.size() < command->minArgs || args.size() > command->maxArgs) {
    return fail("syntax error");
  }
  return command->handler(state, args);
}

}  // namespace tengen::gtp
