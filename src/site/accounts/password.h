#pragma once

// Password hashes and session tokens (libsodium). Thread-safe; every function initialises
// libsodium on first use.
//
// Cost: argon2id with libsodium's INTERACTIVE limits (2 passes over 64 MiB): 80-90 ms of CPU
// time on the 2-core box (0.4 s wall time while it was also compiling at load 16) and 64 MiB
// while it runs. That is a login delay a person hardly notices; MODERATE (3 passes, 256 MiB) would
// cost about 4x as much on every login and more memory than a small box should give one
// request. AccountsOptions::hashThreads bounds how many hashes run at once, so a burst of
// logins queues instead of taking the box's memory.

#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::site {

// The encoded argon2id hash (`$argon2id$v=19$m=65536,t=2,p=1$…`), salt and parameters
// included. Blocks for the hash's cost: call it on a worker thread, never an I/O thread.
// Fails only when memory runs out.
Result<std::string> hashPassword(std::string_view password);

// True if `password` matches `encodedHash`. False for a wrong password and for a hash that is
// empty or not argon2 (a guest's), without a shortcut in time when the hash is well-formed.
// Blocks like hashPassword.
bool verifyPassword(std::string_view encodedHash, std::string_view password);

// A fresh session token: 32 random bytes as URL-safe base64 without padding, 43 characters.
std::string newSessionToken();
inline constexpr std::size_t kSessionTokenLength = 43;
// Whether `token` has a session token's shape (43 URL-safe base64 characters).
bool looksLikeSessionToken(std::string_view token);

// What the store keeps instead of the token: its SHA-256 as 64 lower-case hex digits. A fast
// hash suffices because the token has 256 random bits; nobody can guess it from its hash.
std::string sessionTokenHash(std::string_view token);

// A uniform random number in [0, bound), from libsodium's CSPRNG (guest names).
unsigned randomBelow(unsigned bound);

}  // namespace tengen::site
