// protocol_version, name, version, known_command, list_commands, quit (GTP v2 6.3.1).
#include "gtp/commands.h"
#include "gtp/engine_state.h"

namespace tengen::gtp {

void addAdminCommands(CommandTable& table) {
  table.add("protocol_version", 0, 0,
            [](EngineState&, Args) -> Result<std::string> { return "2"; });
  table.add("name", 0, 0, [](EngineState&, Args) -> Result<std::string> { return "tengen"; });
  table.add("version", 0, 0,
            [](EngineState&, Args) -> Result<std::string> { return TENGEN_VERSION; });
  // The handlers may hold the table: the engine owns both and cannot be copied or moved.
  table.add("known_command", 1, 1, [&table](EngineState&, Args args) -> Result<std::string> {
    return table.contains(args[0]) ? "true" : "false";
  });
  table.add("list_commands", 0, 0, [&table](EngineState&, Args) -> Result<std::string> {
    std::string out;
    for (const std::string& name : table.names()) out += name + "\n";
    return out;
  });
  table.add("quit", 0, kAnyCount, [](EngineState& state, Args) -> Result<std::string> {
    state.quitRequested = true;
    return "";
  });
}

}  // namespace tengen::gtp
