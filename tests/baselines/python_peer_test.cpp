// The Python-peer runner (baselines/python_peer.h): a peer's stderr lines are shown while
// it runs unless the run is quiet (`linrepro run -q`), and a failing peer's stderr is in the error
// either way.
#include "baselines/python_peer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>

#include "support/temp_dir.h"

namespace linrepro {
namespace {

// A stand-in peer: one progress line on stderr, one JSON line on stdout; "fail" exits 3 after a
// line on stderr.
std::string write_peer(const testing::TempDir& dir) {
  const auto script = dir.path() / "peer.py";
  std::ofstream(script) << "import sys\n"
                           "print('peer: fitting method A ...', file=sys.stderr, flush=True)\n"
                           "if sys.argv[1:] == ['fail']:\n"
                           "    print('peer: cannot read the data', file=sys.stderr)\n"
                           "    sys.exit(3)\n"
                           "print('{\"name\": \"A\", \"error\": 0.25}')\n";
  return script.string();  // absolute: repo_root() / script is the script itself
}

TEST(PythonPeer, ProgressLinesReachStderrUnlessQuiet) {
  testing::TempDir dir;
  const std::string peer = write_peer(dir);
  ::testing::internal::CaptureStderr();
  const auto shown = run_python_peer(peer, {}, /*progress=*/true);
  const std::string with_progress = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown[0]["name"], "A");
  EXPECT_NE(with_progress.find("peer: fitting method A ..."), std::string::npos) << with_progress;

  ::testing::internal::CaptureStderr();
  const auto quiet = run_python_peer(peer, {}, /*progress=*/false);
  const std::string without = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(quiet, shown);
  EXPECT_EQ(without, "");
}

TEST(PythonPeer, QuietFailureStillShowsThePeersError) {
  testing::TempDir dir;
  const std::string peer = write_peer(dir);
  ::testing::internal::CaptureStderr();
  try {
    run_python_peer(peer, {"fail"}, /*progress=*/false);
    ADD_FAILURE() << "a failing peer must throw";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("status 3"), std::string::npos) << what;
    EXPECT_NE(what.find("peer: cannot read the data"), std::string::npos) << what;
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

}  // namespace
}  // namespace linrepro
