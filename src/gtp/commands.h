#pragma once

#include "gtp/command_table.h"

namespace tengen::gtp {

// One registration function per command group, each in its own file.

// protocol_version, name, version, known_command, list_commands, quit.
void addAdminCommands(CommandTable& table);
// boardsize, clear_board, komi, play, genmove, undo, showboard, is_legal.
void addPlayCommands(CommandTable& table);
// fixed_handicap, place_free_handicap, set_free_handicap.
void addHandicapCommands(CommandTable& table);
// final_score, final_status_list.
void addScoringCommands(CommandTable& table);
// time_settings, time_left.
void addTimeCommands(CommandTable& table);
// loadsgf, printsgf.
void addSgfCommands(CommandTable& table);
// kgs-rules, kgs-time_settings, kgs-genmove_cleanup.
void addKgsCommands(CommandTable& table);
// tengen-set_rules, tengen-get_rules, tengen-legal_moves, tengen-mark_dead, tengen-score,
// tengen-status.
void addTengenCommands(CommandTable& table);
// tengen-confirm_start, tengen-confirm_end; and, while a confirmation is under way, play,
// is_legal, tengen-legal_moves, showboard and tengen-status on its board, the commands that
// would change the stopped game refused. Wraps those handlers, so it is registered last.
void addConfirmCommands(CommandTable& table);

}  // namespace tengen::gtp
