// Every record of tests/sgf/corpus (real files from other programs, its README names each
// source) through the library's upload reader (site/review/sgf_upload.h): the public records
// must all go in but the few named below, which the upload refuses for a reason it gives, and
// those under refused/ must be refused with the reader's error saying where. The counts are
// printed for docs and reports.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <string>

#include "sgf/corpus_files.h"
#include "site/review/sgf_upload.h"
#include "support/files.h"

namespace tengen::site {
namespace {

using sgf::test::corpusFiles;
using sgf::test::corpusName;

// Public records the upload refuses though the corpus round trip reads them: that test reads a
// file's first game, while an upload takes a collection only if every game in it loads.
const std::map<std::string, std::string> kRefusedUploads = {
    {"libsgfcplusplus/test/test-files/compressed-point-list.sgf",
     "line 24, column 9: game 2: GM[19] is not a Go game: expected GM[1]"},
};

TEST(SgfUploadCorpus, EveryPublicRecordGoesInAndEveryBrokenOneIsRefusedSayingWhere) {
  const auto good = corpusFiles(false);
  ASSERT_GE(good.size(), 300u);  // fewer: the corpus went missing
  int games = 0;
  int warned = 0;
  int refusedOnPurpose = 0;
  for (const auto& path : good) {
    auto read = readUpload(tengen::test::readFile(path));
    const auto expected = kRefusedUploads.find(corpusName(path));
    if (expected != kRefusedUploads.end()) {
      ASSERT_FALSE(read) << corpusName(path) << " went in; it was to be refused";
      EXPECT_EQ(read.error().toString(), expected->second);
      ++refusedOnPurpose;
      continue;
    }
    if (!read) {
      ADD_FAILURE() << corpusName(path) << ": " << read.error().toString();
      continue;
    }
    EXPECT_GE(read->games, 1) << corpusName(path);
    games += read->games;
    warned += read->warning.empty() ? 0 : 1;
  }
  const auto broken = corpusFiles(true);
  ASSERT_FALSE(broken.empty());
  int refused = 0;
  for (const auto& path : broken) {
    auto read = readUpload(tengen::test::readFile(path));
    if (read) {
      ADD_FAILURE() << corpusName(path) << " was taken; the reader refuses it";
      continue;
    }
    ++refused;
    EXPECT_FALSE(read.error().where.empty())
        << corpusName(path) << ": the refusal names no place: " << read.error().toString();
  }
  EXPECT_EQ(refusedOnPurpose, static_cast<int>(kRefusedUploads.size()));
  std::cout << "corpus through readUpload: " << good.size() - refusedOnPurpose << " of "
            << good.size() << " public records taken (" << games << " games, " << warned
            << " with a warning), " << refusedOnPurpose << " refused as a collection, " << refused
            << " of " << broken.size() << " broken records refused\n";
}

}  // namespace
}  // namespace tengen::site
