#pragma once

// Splits an engine's command line into program and arguments the way a user writes it in a
// configuration (`gnugo --mode gtp --level 10`, `katago gtp -config "my config.cfg"`), without
// a shell: no variables, globs or redirections, so a configured command cannot run anything
// else.

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace tengen::gtp {

// Words are separated by blanks (space or tab). '...' and "..." group a word and may be
// glued to other text (--name="a b" is one word `--name=a b`); inside "...", a backslash
// escapes a double quote or a backslash. Fails on an unterminated quote or when there is no word at
// all.
Result<std::vector<std::string>> splitCommandLine(std::string_view line);

}  // namespace tengen::gtp
