// Data failures are never silent (issue 17, item 1): `linrepro run` with a damaged mirror archive,
// without the mirror, or with an edited cache exits non-zero, names the file, and leaves the result
// file alone; `data status --verify` finds the damage. Runs the built binary in a private world
// (LINREPRO_ROOT, LINREPRO_MIRROR, offline) built from copies of the mirror's a9a files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "support/shell_command.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {
namespace fs = std::filesystem;

using Output = testing::CommandOutput;
using testing::slurp;

class DataFailures : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path shared = fs::path(LINREPRO_MIRROR_DIR) / "libsvm";
    if (!fs::exists(shared / "a9a.xz") || !fs::exists(shared / "a9a.t.xz"))
      GTEST_SKIP() << "no mirror copy of a9a at " << shared;
    fs::create_directories(mirror / "libsvm");
    fs::create_directories(root);
    fs::copy_file(shared / "a9a.xz", mirror / "libsvm/a9a.xz");
    fs::copy_file(shared / "a9a.t.xz", mirror / "libsvm/a9a.t.xz");
    // A result file that must survive every failure byte for byte.
    fs::create_directories(results / "sgdreport/fast");
    std::ofstream(results / "sgdreport/fast/tables.json") << kSentinel;
  }
  Output run(const std::string& args) {
    return testing::run_shell(
        "LINREPRO_ROOT='" + root.string() + "' LINREPRO_MIRROR='" + mirror.string() +
            "' LINREPRO_OFFLINE=1 LINREPRO_DATA= " + LINREPRO_BINARY + " " + args,
        dir.path());
  }
  Output run_sgdreport() {
    return run("run sgdreport/tables --fast --results '" + results.string() + "'");
  }
  void flip_a_bit(const fs::path& p, long offset) {
    std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(offset);
    char c = 0;
    f.get(c);
    f.seekp(offset);
    f.put(static_cast<char>(c ^ 1));
  }
  static constexpr const char* kSentinel = "{\"not\": \"overwritten\"}\n";
  testing::TempDir dir;
  fs::path root = dir.path() / "root", mirror = dir.path() / "mirror",
           results = dir.path() / "results";
};

TEST_F(DataFailures, CorruptMirrorArchiveFailsTheRunAndNamesTheFile) {
  flip_a_bit(mirror / "libsvm/a9a.xz", 5000);
  const Output o = run_sgdreport();
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_NE(
      o.err.find("data damaged: a9a: unpacking " + (mirror / "libsvm/a9a.xz").string() + " failed"),
      std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("Compressed data is corrupt"), std::string::npos) << o.err;
  EXPECT_EQ(slurp(results / "sgdreport/fast/tables.json"), kSentinel);
  // status looks only; --verify tests the archive and fails.
  const Output v = run("data status --verify");
  EXPECT_EQ(v.status, 1);
  EXPECT_NE(v.out.find("a9a             DAMAGED"), std::string::npos) << v.out;
  EXPECT_NE(v.err.find("dataset(s) damaged"), std::string::npos) << v.err;
}

TEST_F(DataFailures, MissingMirrorFailsTheRunSayingWhereItLooked) {
  fs::remove_all(mirror);
  const Output o = run_sgdreport();
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_NE(o.err.find("data missing: a9a: it should be in the mirror"), std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find((mirror / "libsvm/a9a.xz").string() + " not there"), std::string::npos)
      << o.err;
  EXPECT_EQ(slurp(results / "sgdreport/fast/tables.json"), kSentinel);
}

TEST_F(DataFailures, EditedCacheIsNoticedOnUse) {
  const Output fetch = run("data fetch");  // extracts a9a (the rest is missing: exit 1)
  ASSERT_TRUE(fs::exists(root / "data/a9a/a9a")) << fetch.err;
  EXPECT_EQ(run("data status --verify").out.find("DAMAGED"), std::string::npos);
  std::ofstream(root / "data/a9a/a9a", std::ios::app) << "+1 1:1\n";
  const Output o = run_sgdreport();
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_NE(o.err.find("data damaged: a9a: " + (root / "data/a9a/a9a").string() +
                       " changed since it was verified"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(slurp(results / "sgdreport/fast/tables.json"), kSentinel);
  EXPECT_EQ(run("data status --verify").status, 1);
}

// RCV1 and covtype are not meant to be here: that stays a status, said on stderr, not an error.
TEST_F(DataFailures, UnobtainableDatasetIsAStatusWithInstructionsOnStderr) {
  const Output o = run("data fetch");
  EXPECT_NE(o.err.find("linrepro data: rcv1-v2 unavailable here: RCV1-v2 is not in the mirror"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(o.err.find("error: data unavailable"), std::string::npos) << o.err;
}

// Issue 17 item 2: the root is the current directory's project root (not the build tree), unless
// LINREPRO_ROOT says otherwise; `data status` says which root it uses and why.
TEST(Root, CurrentDirectoryProjectRootThenLinreproRoot) {
  testing::TempDir t;
  const fs::path moved = t.path() / "moved-checkout";
  fs::create_directories(moved / "results/published");
  fs::create_directories(moved / "baselines");
  std::ofstream(moved / "baselines/sklearn_nb_peer.py") << "# marker\n";
  fs::create_directories(moved / "sub/dir");
  const fs::path out = t.path() / "out.txt";
  auto status_from = [&](const fs::path& cwd, const std::string& env) {
    const std::string cmd = "cd '" + cwd.string() + "' && env -u LINREPRO_ROOT " + env + " " +
                            LINREPRO_BINARY + " data status >'" + out.string() + "' 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0);
    return slurp(out);
  };
  std::string s = status_from(moved / "sub/dir", "");
  EXPECT_NE(s.find("root: " + moved.string() + " (current directory's project root)"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("cache: " + (moved / "data").string()), std::string::npos) << s;
  s = status_from(moved, "LINREPRO_ROOT=" + t.path().string());
  EXPECT_NE(s.find("root: " + t.path().string() + " (LINREPRO_ROOT)"), std::string::npos) << s;
}

// Issue 17 item 2: an installed program (`cmake --install`) finds its root in
// <prefix>/share/linrepro from its own path, not from the build tree and not from a prefix compiled
// in: the prefix is moved after installing, and the program run from outside any checkout still
// finds it.
TEST(Root, InstallPrefixIsFoundFromTheExecutable) {
  testing::TempDir t;
  const fs::path build_dir = fs::path(LINREPRO_BINARY).parent_path();
  const fs::path log = t.path() / "install.log";
  const std::string install = "cmake --install '" + build_dir.string() + "' --prefix '" +
                              (t.path() / "prefix").string() + "' >'" + log.string() + "' 2>&1";
  ASSERT_EQ(std::system(install.c_str()), 0) << slurp(log);
  const fs::path moved = t.path() / "moved-prefix";
  fs::rename(t.path() / "prefix", moved);
  EXPECT_TRUE(fs::is_regular_file(moved / "share/linrepro/results/published/zhangoles2001.json"));
  EXPECT_TRUE(fs::is_regular_file(moved / "share/linrepro/baselines/sklearn_sgd_peer.py"));
  EXPECT_TRUE(fs::is_regular_file(moved / "share/linrepro/plots/make_figures.py"));
  const fs::path out = t.path() / "out.txt";
  const std::string cmd = "cd '" + t.path().string() + "' && env -u LINREPRO_ROOT '" +
                          (moved / "bin/linrepro").string() + "' --version >'" + out.string() +
                          "' 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << slurp(out);
  const std::string s = slurp(out);
  EXPECT_NE(s.find("\nroot: " + (moved / "share/linrepro").string() + " (install prefix)"),
            std::string::npos)
      << s;
}

// Issue 17 item 2: `linrepro --version` says what program this is, at which commit it was built
// from (git, at run time), how, and which root it uses and why.
TEST(Root, VersionNamesCommitBuildTypeAndRoot) {
  testing::TempDir t;
  const fs::path checkout = t.path() / "checkout";
  fs::create_directories(checkout / "results/published");
  fs::create_directories(checkout / "baselines");
  std::ofstream(checkout / "baselines/sklearn_nb_peer.py") << "# marker\n";
  const fs::path out = t.path() / "out.txt";
  const std::string cmd = "cd '" + checkout.string() + "' && env -u LINREPRO_ROOT " +
                          LINREPRO_BINARY + " --version >'" + out.string() + "' 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << slurp(out);
  const std::string s = slurp(out);
  EXPECT_TRUE(std::regex_search(s, std::regex(R"(^linrepro [0-9]+\.[0-9]+\.[0-9]+\n)"))) << s;
  // The tests run from a git checkout, so the commit is known.
  EXPECT_TRUE(std::regex_search(s, std::regex(R"(\ncommit: [0-9a-f]{40})"))) << s;
  EXPECT_TRUE(std::regex_search(s, std::regex(R"(\nbuild: [A-Za-z]+, (gcc|clang) )"))) << s;
  EXPECT_NE(s.find("\nroot: " + checkout.string() + " (current directory's project root)"),
            std::string::npos)
      << s;
}

}  // namespace
}  // namespace linrepro
