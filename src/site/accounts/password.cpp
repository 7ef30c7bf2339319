#include "site/accounts/password.h"

#include <sodium.h>

#include <array>
#include <cstdlib>

namespace tengen::site {

namespace {

// sodium_init is itself thread-safe and idempotent; the static makes the check free after the
// first call. Without a working libsodium no password or token can be made safely: stop.
void ensureSodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) std::abort();
}

}  // namespace

Result<std::string> hashPassword(std::string_view password) {
  ensureSodium();
  std::array<char, crypto_pwhash_STRBYTES> encoded{};
  if (crypto_pwhash_str_alg(encoded.data(), password.data(), password.size(),
                            crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return fail("out of memory while hashing a password");
  }
  return std::string(encoded.data());
}

bool verifyPassword(std::string_view encodedHash, std::string_view password) {
  ensureSodium();
  // crypto_pwhash_str_verify reads a NUL-terminated string of at most STRBYTES.
  if (encodedHash.empty() || encodedHash.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string terminated(encodedHash);
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

std::string newSessionToken() {
  ensureSodium();
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  constexpr int kVariant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
  std::array<char, sodium_base64_ENCODED_LEN(32, kVariant)> text{};
  sodium_bin2base64(text.data(), text.size(), bytes.data(), bytes.size(), kVariant);
  sodium_memzero(bytes.data(), bytes.size());
  return std::string(text.data());
}

bool looksLikeSessionToken(std::string_view token) {
  if (token.size() != kSessionTokenLength) return false;
  for (char c : token) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

std::string sessionTokenHash(std::string_view token) {
  ensureSodium();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(token.data()),
                     token.size());
  std::array<char, crypto_hash_sha256_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data());
}

unsigned randomBelow(unsigned bound) {
  ensureSodium();
  return randombytes_uniform(bound);
}

}  // namespace tengen::site
