// `make help` (Makefile): one line per user-facing target, from the `## ` comments; the rule fails
// when a .PHONY target has no such line, so the list cannot silently fall behind the Makefile.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/temp_dir.h"

namespace linrepro {
namespace {

struct Made {
  int status = -1;
  std::string out, err;
};

Made make_help(const std::string& extra) {
  testing::TempDir dir;
  const auto out = dir.path() / "out.txt", err = dir.path() / "err.txt";
  const std::string cmd = std::string("make -s --no-print-directory -C '") + LINREPRO_SOURCE_DIR +
                          "' help " + extra + " >'" + out.string() + "' 2>'" + err.string() + "'";
  Made m;
  const int raw = std::system(cmd.c_str());
  m.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  auto slurp = [](const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  m.out = slurp(out);
  m.err = slurp(err);
  return m;
}

TEST(MakeHelp, ListsEveryPhonyTargetWithOneLine) {
  const Made m = make_help("");
  ASSERT_EQ(m.status, 0) << m.err;
  for (const std::string target : {"help", "build", "test", "regression", "plots", "compare",
                                   "report", "page", "reproduce", "clean"})
    EXPECT_NE(m.out.find("\n  make " + target + " "), std::string::npos) << target << "\n" << m.out;
  EXPECT_NE(m.out.find("plots + compare (+ results page) from the stored results"),
            std::string::npos)
      << m.out;
}

TEST(MakeHelp, FailsOnAPhonyTargetWithoutAHelpLine) {
  const Made m = make_help("PHONY='help report no-such-documented-target'");
  EXPECT_NE(m.status, 0);
  EXPECT_NE(m.err.find("no ## line for: no-such-documented-target"), std::string::npos) << m.err;
}

}  // namespace
}  // namespace linrepro
