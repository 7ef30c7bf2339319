// bot_tests use the shared board-diagram helpers of tests/go (diagram.h); they are compiled
// once here, since each component test executable only builds its own folder.
#include "go/diagram.cpp"
