#include "corpora/data_resolver.h"

#include <gtest/gtest.h>

#include <set>

#include "core/error.h"
#include "core/subprocess.h"
#include "corpora/data_status.h"
#include "corpora_test_support.h"

namespace linrepro {
namespace {

namespace fs = std::filesystem;
using testing::read_file_text;
using testing::ScopedEnv;
using testing::TempDir;
using testing::write_file;

// Known answers computed once with the documented shell pipeline (see data_resolver.h):
// fx/a.txt = "alpha\n", fx/b/c.txt = "gamma\n".
constexpr const char* kFxDigest =
    "db6953c8508968bdfe7aad708d4f75395c68926ee91f8b2eb4cd15050ebe3e85";
// A single file "single" = "one\n".
constexpr const char* kSingleDigest =
    "22b3c2edacd249daa811f0a237720fcb24b920a4dd09b47c5c3f7c7b9aec6875";

void write_fx_tree(const fs::path& dir) {
  write_file(dir / "fx/a.txt", "alpha\n");
  write_file(dir / "fx/b/c.txt", "gamma\n");
}

fs::path make_archive(const fs::path& src_dir, const fs::path& archive, const std::string& flag) {
  fs::create_directories(archive.parent_path());
  const CommandResult r =
      run_command({"tar", flag, archive.string(), "-C", src_dir.string(), "fx"});
  if (r.exit_code != 0) throw std::runtime_error("tar failed: " + r.err);
  return archive;
}

// A private world: repo root (cache = root/data), mirror, no LINREPRO_DATA, offline.
struct World {
  TempDir tmp;
  fs::path root = tmp / "repo";
  fs::path mirror = tmp / "mirror";
  ScopedEnv env_root{"LINREPRO_ROOT", root.string()};
  ScopedEnv env_mirror{"LINREPRO_MIRROR", mirror.string()};
  ScopedEnv env_data{"LINREPRO_DATA", std::nullopt};
  ScopedEnv env_offline{"LINREPRO_OFFLINE", "1"};
  World() { fs::create_directories(root); }

  // A dataset "fx" whose mirror file is fx/fx.tar.xz, content pinned.
  DatasetSpec spec(const std::string& archive_sha = "") const {
    DatasetSpec s;
    s.name = "fx";
    s.parts = {DataPart{.mirror_file = "fx/fx.tar.xz",
                        .mirror_sha256 = archive_sha,
                        .urls = {},
                        .url_file = "fx.tar.gz",
                        .url_sha256 = "unpinned",
                        .output = ""}};
    s.data_path = "fx";
    s.digest_roots = {"fx"};
    s.content_sha256 = kFxDigest;
    s.content_pin_source = "test";
    s.how_to_get = "make the fixture";
    return s;
  }
  fs::path mirror_archive() const {
    TempDir src;
    write_fx_tree(src.path());
    return make_archive(src.path(), mirror / "fx/fx.tar.xz", "-cJf");
  }
  // Names left in data/ besides the dataset itself (temporary directories must not survive).
  std::set<std::string> cache_entries() const {
    std::set<std::string> names;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root / "data", ec)) {
      names.insert(e.path().filename().string());
    }
    return names;
  }
};

std::string unavailable_message(const DatasetSpec& spec) {
  try {
    resolve(spec);
  } catch (const DataUnavailable& e) {
    return e.what();
  }
  ADD_FAILURE() << "resolve succeeded";
  return "";
}

// The DataFailure message resolve(spec) throws; `damaged` says which kind is expected.
std::string failure_message(const DatasetSpec& spec, bool damaged) {
  try {
    resolve(spec);
  } catch (const DataFailure& e) {
    EXPECT_EQ(e.damaged, damaged) << e.what();
    return e.what();
  } catch (const DataUnavailable& e) {
    ADD_FAILURE() << "DataUnavailable, expected DataFailure: " << e.what();
    return e.what();
  }
  ADD_FAILURE() << "resolve succeeded";
  return "";
}

TEST(Checksums, KnownAnswers) {
  TempDir t;
  write_file(t / "abc", "abc");
  EXPECT_EQ(sha256_file(t / "abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  write_fx_tree(t.path());
  EXPECT_EQ(content_digest(t.path(), {"fx"}), kFxDigest);
  write_file(t / "single", "one\n");
  EXPECT_EQ(content_digest(t.path(), {"single"}), kSingleDigest);
  // Names that a shell would mangle: spaces, quotes, a CR (WebKB has two such names).
  write_file(t / "odd/it's a \"name\"\r", "x");
  EXPECT_EQ(content_digest(t.path(), {"odd"}).size(), 64u);
  EXPECT_THROW(sha256_file(t / "missing"), DataError);
  EXPECT_THROW(content_digest(t.path(), {"missing"}), DataError);
}

TEST(Resolver, ExtractsMirrorOnceVerifiedThenUsesCache) {
  World w;
  const fs::path archive = w.mirror_archive();
  const DatasetSpec spec = w.spec(sha256_file(archive));
  const ResolvedData r = resolve(spec);
  EXPECT_EQ(r.source, "mirror");
  EXPECT_TRUE(r.verified);
  EXPECT_EQ(r.verification, "archive sha256 + content digest");
  EXPECT_EQ(r.content_sha256, kFxDigest);
  EXPECT_EQ(r.path, w.root / "data/fx/fx");
  EXPECT_EQ(read_file_text(r.path / "b/c.txt"), "gamma\n");
  EXPECT_EQ(w.cache_entries(), std::set<std::string>{"fx"});  // no temporary directory left

  const ResolvedData again = resolve(spec);
  EXPECT_EQ(again.source, "cache");
  EXPECT_TRUE(again.verified);
  EXPECT_EQ(again.path, r.path);

  // Resolving runs no reader (the readers resolve their data); status counts once, into the stamp.
  const fs::path stamp = w.root / "data/fx/.linrepro-stamp.json";
  EXPECT_FALSE(Json::parse(read_file_text(stamp)).contains("counts"));
  const Json status = data_status({spec});
  EXPECT_EQ(status["datasets"][0]["state"], "ready");
  EXPECT_EQ(status["datasets"][0]["verified"], true);
  EXPECT_EQ(status["datasets"][0]["counts"], Json::object());  // fx has no reader to count with
  EXPECT_EQ(Json::parse(read_file_text(stamp))["counts"], Json::object());
}

TEST(Resolver, StaleTemporariesOfDeadRunsAreRemoved) {
  World w;
  const fs::path archive = w.mirror_archive();
  // PID 2^22 + 1 is above Linux's largest possible pid_max (2^22): no such process.
  write_file(w.root / "data/.tmp-fx-4194305/fx/a.txt", "half");
  write_file(w.root / "data/.download-fx-4194305/fx.tar.gz", "half");
  write_file(w.root / "data/.tmp-other-4194305/x", "another dataset's: left alone");
  resolve(w.spec(sha256_file(archive)));
  EXPECT_EQ(w.cache_entries(), (std::set<std::string>{".tmp-other-4194305", "fx"}));
}

TEST(Resolver, WrongArchiveChecksumLeavesNothingBehind) {
  World w;
  w.mirror_archive();
  const std::string msg = failure_message(w.spec(std::string(64, '0')), true);
  EXPECT_EQ(msg.rfind("data damaged: fx: ", 0), 0u) << msg;
  EXPECT_NE(msg.find("expected the pinned 0000"), std::string::npos) << msg;
  EXPECT_NE(msg.find((w.mirror / "fx/fx.tar.xz").string()), std::string::npos) << msg;
  EXPECT_TRUE(w.cache_entries().empty());
}

TEST(Resolver, WrongContentLeavesNothingBehind) {
  World w;
  TempDir src;
  write_fx_tree(src.path());
  write_file(src / "fx/a.txt", "alpha, edited\n");
  make_archive(src.path(), w.mirror / "fx/fx.tar.xz", "-cJf");
  const std::string msg = failure_message(w.spec(), true);  // archive unpinned: content decides
  EXPECT_NE(msg.find("does not match the pinned " + std::string(kFxDigest)), std::string::npos)
      << msg;
  EXPECT_TRUE(w.cache_entries().empty());
}

TEST(Resolver, DamagedArchiveIsReported) {
  World w;
  write_file(w.mirror / "fx/fx.tar.xz", "this is not an xz archive");
  const std::string msg = failure_message(w.spec(), true);
  EXPECT_EQ(msg.rfind("data damaged: fx: unpacking " + (w.mirror / "fx/fx.tar.xz").string(), 0), 0u)
      << msg;
  // data status looks only, but --verify tests the archive.
  EXPECT_EQ(data_status({w.spec()})["datasets"][0]["state"],
            "available: run `linrepro data fetch`");
  EXPECT_EQ(data_status({w.spec()}, true)["datasets"][0]["state"].get<std::string>().rfind(
                "damaged: " + (w.mirror / "fx/fx.tar.xz").string() + " fails to unpack", 0),
            0u);
  EXPECT_NE(msg.find("unpacking"), std::string::npos) << msg;
  EXPECT_NE(msg.find("failed"), std::string::npos) << msg;
  EXPECT_TRUE(w.cache_entries().empty());
}

// A dataset the mirror should hold, with the mirror gone, is an error (not data_unavailable).
TEST(Resolver, NothingAnywhereListsEveryPlace) {
  World w;
  const std::string msg = failure_message(w.spec(), false);
  EXPECT_EQ(msg.rfind("data missing: fx: it should be in the mirror, but is not there: make the "
                      "fixture.",
                      0),
            0u)
      << msg;
  EXPECT_NE(msg.find("$LINREPRO_DATA: not set"), std::string::npos) << msg;
  EXPECT_NE(msg.find((w.root / "data/fx").string() + ": not there"), std::string::npos) << msg;
  EXPECT_NE(msg.find("mirror " + w.mirror.string()), std::string::npos) << msg;
  EXPECT_NE(msg.find("LINREPRO_OFFLINE"), std::string::npos) << msg;
  EXPECT_TRUE(w.cache_entries().empty());
  EXPECT_EQ(data_status({w.spec()})["datasets"][0]["found"], "nowhere");
}

TEST(Resolver, LinreproDataExtractedAndArchiveLayouts) {
  World w;
  TempDir user;
  ScopedEnv data("LINREPRO_DATA", user.path().string());
  // As the canonical archive extracts: <LINREPRO_DATA>/fx/...
  write_fx_tree(user.path());
  ResolvedData r = resolve(w.spec());
  EXPECT_EQ(r.source, "LINREPRO_DATA");
  EXPECT_TRUE(r.verified);
  EXPECT_EQ(r.path, user.path() / "fx");
  // A second resolve trusts the remembered verification while nothing changed.
  EXPECT_EQ(resolve(w.spec()).path, user.path() / "fx");

  // Edited data no longer verifies: the resolver says so and moves on (here: to nothing).
  write_file(user / "fx/a.txt", "tampered\n");
  std::string msg = failure_message(w.spec(), true);
  EXPECT_NE(msg.find(user.path().string() + ": content digest"), std::string::npos) << msg;

  // The canonical download's file name in LINREPRO_DATA is extracted into the cache.
  fs::remove_all(user / "fx");
  TempDir src;
  write_fx_tree(src.path());
  make_archive(src.path(), user / "fx.tar.gz", "-czf");
  r = resolve(w.spec());
  EXPECT_EQ(r.source, "LINREPRO_DATA");
  EXPECT_TRUE(r.verified);
  EXPECT_EQ(r.verification, "content digest");  // the download itself is unpinned
  EXPECT_EQ(r.path, w.root / "data/fx/fx");
}

TEST(Resolver, TamperedCacheWithoutStampIsRejected) {
  World w;
  write_fx_tree(w.root / "data/fx");  // put there by hand: no stamp
  ResolvedData r = resolve(w.spec());
  EXPECT_EQ(r.source, "cache");
  EXPECT_TRUE(r.verified);
  fs::remove(w.root / "data/fx/.linrepro-stamp.json");
  write_file(w.root / "data/fx/fx/a.txt", "tampered\n");
  const std::string msg = failure_message(w.spec(), true);
  EXPECT_NE(msg.find("not the pinned " + std::string(kFxDigest)), std::string::npos) << msg;
  EXPECT_NE(msg.find("delete " + (w.root / "data/fx").string()), std::string::npos) << msg;
}

// A verified cache is re-checked on use: an edit after extraction is noticed (size+mtime stamp,
// then the digest) and names the file; a touch that keeps the bytes is accepted.
TEST(Resolver, EditedVerifiedCacheIsAnErrorNamingTheFile) {
  World w;
  const fs::path archive = w.mirror_archive();
  const DatasetSpec spec = w.spec();
  const ResolvedData r = resolve(spec);
  ASSERT_EQ(r.source, "mirror");
  const fs::path file = w.root / "data/fx/fx/a.txt";
  fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(5));
  EXPECT_EQ(resolve(spec).source, "cache");  // touched, same bytes: fine
  write_file(file, "alphA\n");               // same size, new content
  const std::string msg = failure_message(spec, true);
  EXPECT_EQ(msg.rfind("data damaged: fx: " + (w.root / "data/fx/fx").string() +
                          " changed since it was verified: content digest",
                      0),
            0u)
      << msg;
  EXPECT_NE(msg.find("expected " + std::string(kFxDigest)), std::string::npos) << msg;
  EXPECT_NE(data_status({spec})["datasets"][0]["state"].get<std::string>().find("changed"),
            std::string::npos);
  EXPECT_EQ(data_status({spec}, true)["datasets"][0]["state"].get<std::string>().rfind(
                "damaged: content digest", 0),
            0u);
}

TEST(Resolver, SingleCompressedFileAndDownloadByUrl) {
  World w;
  TempDir src;
  write_file(src / "single", "one\n");
  ASSERT_EQ(run_command({"xz", "-k", (src / "single").string()}).exit_code, 0);
  DatasetSpec s;
  s.name = "one";
  s.parts = {DataPart{.mirror_file = "",
                      .mirror_sha256 = "",
                      // curl reads file:// URLs: the download path without a network.
                      .urls = {"file://" + (src / "nonexistent.xz").string(),
                               "file://" + (src / "single.xz").string()},
                      .url_file = "single.xz",
                      .url_sha256 = sha256_file(src / "single.xz"),
                      .output = "single"}};
  s.data_path = "";
  s.digest_roots = {"single"};
  s.content_sha256 = kSingleDigest;
  s.how_to_get = "fixture";
  std::string msg = unavailable_message(s);  // offline: the URL is not tried
  EXPECT_NE(msg.find("not tried (LINREPRO_OFFLINE is set)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("this dataset is not in the mirror"), std::string::npos) << msg;

  ScopedEnv online("LINREPRO_OFFLINE", std::nullopt);
  const ResolvedData r = resolve(s);
  EXPECT_EQ(r.source, "url");
  EXPECT_EQ(r.verification, "archive sha256 + content digest");
  EXPECT_EQ(read_file_text(r.path / "single"), "one\n");
  EXPECT_EQ(w.cache_entries(), std::set<std::string>{"one"});  // download dir removed

  // A download that does not match its pinned sha256 is refused.
  fs::remove_all(w.root / "data/one");
  s.parts[0].url_sha256 = std::string(64, 'f');
  msg = failure_message(s, true);
  EXPECT_NE(msg.find("download failed"), std::string::npos) << msg;  // the nonexistent URL
  EXPECT_NE(msg.find("expected the pinned ffff"), std::string::npos) << msg;
  EXPECT_TRUE(w.cache_entries().empty());
}

TEST(Resolver, UnpinnedDataIsUsedButNotCalledVerified) {
  World w;
  TempDir user;
  ScopedEnv data("LINREPRO_DATA", user.path().string());
  write_file(user / "covtype.libsvm.binary", "1 1:1\n");
  DatasetSpec s;
  s.name = "cov";
  s.parts = {DataPart{.mirror_file = "",
                      .mirror_sha256 = "",
                      .urls = {"https://example.invalid/covtype.libsvm.binary.bz2"},
                      .url_file = "covtype.libsvm.binary.bz2",
                      .url_sha256 = "unpinned",
                      .output = "covtype.libsvm.binary"}};
  s.digest_roots = {"covtype.libsvm.binary"};
  s.how_to_get = "fixture";
  const ResolvedData r = resolve(s);
  EXPECT_EQ(r.source, "LINREPRO_DATA");
  EXPECT_FALSE(r.verified);
  EXPECT_EQ(r.verification, "unpinned");
  EXPECT_EQ(r.path, user.path());
  const Json status = data_status({s});
  EXPECT_EQ(status["datasets"][0]["verified"], false);
  EXPECT_EQ(status["datasets"][0]["state"], "present, not verified");
}

TEST(DatasetTable, EveryDatasetIsDescribed) {
  std::set<std::string> names;
  for (const auto& s : dataset_table()) {
    names.insert(s.name);
    EXPECT_FALSE(s.how_to_get.empty()) << s.name;
    EXPECT_FALSE(s.parts.empty()) << s.name;
    EXPECT_FALSE(s.digest_roots.empty()) << s.name;
    if (!s.content_sha256.empty()) {
      EXPECT_EQ(s.content_sha256.size(), 64u) << s.name;
    }
    for (const auto& p : s.parts) {
      EXPECT_FALSE(p.urls.empty()) << s.name;  // every dataset has a canonical source
      EXPECT_TRUE(p.url_sha256 == "unpinned" || p.url_sha256.size() == 64) << s.name;
      if (!p.mirror_sha256.empty()) {
        EXPECT_EQ(p.mirror_sha256.size(), 64u) << s.name;
      }
    }
  }
  EXPECT_EQ(names, (std::set<std::string>{"reuters21578", "20news-18828", "20news-bydate", "webkb",
                                          "a9a", "covtype.binary", "rcv1-v2"}));
  EXPECT_THROW(dataset_spec("nope"), ConfigError);
}

TEST(DatasetTable, UnmirroredSetsSayHowToGetThem) {
  World w;
  for (const std::string name : {"covtype.binary", "rcv1-v2"}) {
    try {
      resolve(name);
      ADD_FAILURE() << name << " resolved";
    } catch (const DataUnavailable& e) {
      const std::string msg = e.what();
      EXPECT_EQ(msg.rfind("data unavailable: " + name + ": ", 0), 0u) << msg;
      EXPECT_NE(msg.find("is not in the mirror. Download"), std::string::npos) << msg;
      EXPECT_NE(msg.find("https://"), std::string::npos) << msg;
    }
  }
  const Json status = data_status();
  ASSERT_EQ(status["datasets"].size(), 7u);
  for (const auto& row : status["datasets"]) {
    if (row["name"] == "covtype.binary") {
      EXPECT_EQ(row["found"], "nowhere");
      EXPECT_EQ(row["state"].get<std::string>().rfind("data unavailable: ", 0), 0u);
    }
  }
}

}  // namespace
}  // namespace linrepro
