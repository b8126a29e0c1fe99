// run_command (core/subprocess.h): output and exit status, a timeout that kills the command and
// what it started, and the command's CPU time charged to the calling thread.
#include "core/subprocess.h"

#include <gtest/gtest.h>

#include <chrono>

#include "core/stopwatch.h"

namespace linrepro {
namespace {

TEST(RunCommand, CapturesOutputAndStatusWithoutAShell) {
  const CommandResult r = run_command({"bash", "-c", "echo out; echo err >&2; exit 4"});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(run_command({"/no/such/program"}).exit_code, 127);
}

TEST(RunCommand, ATimeoutKillsTheCommandAndWhatItStarted) {
  CommandOptions o;
  o.timeout_seconds = 0.5;
  const auto start = std::chrono::steady_clock::now();
  // The grandchild keeps the pipes open: only killing the whole group ends the read.
  const CommandResult r = run_command({"bash", "-c", "sleep 30 & sleep 30; wait"}, o);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.exit_code, 128 + 9);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  // A command that closes its pipes and goes on running is killed too.
  const CommandResult quiet = run_command({"bash", "-c", "exec >&- 2>&-; sleep 30"}, o);
  EXPECT_TRUE(quiet.timed_out);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(RunCommand, TheCommandsCpuTimeIsChargedToTheCallingThread) {
  const double before = thread_cpu_seconds();
  // A busy loop in a grandchild (bash waits for it): about a quarter of a second of CPU.
  const CommandResult r = run_command(
      {"bash", "-c", "bash -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'"});
  const double charged = thread_cpu_seconds() - before;
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_GT(r.cpu_seconds, 0.05);
  EXPECT_GE(charged, r.cpu_seconds);
}

}  // namespace
}  // namespace linrepro
