#include "harness/cluster/slurm.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/subprocess.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

// Single quotes for the shell: the script is a file a person may read and edit.
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// The value after "<key>=" in scontrol's one-line job description.
std::optional<std::string> field(const std::string& text, const std::string& key) {
  const std::string needle = " " + key + "=";
  size_t at = (" " + text).find(needle);
  if (at == std::string::npos) return std::nullopt;
  at += key.size() + 1;  // position in `text` after "key="
  const size_t end = text.find_first_of(" \n", at);
  return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

}  // namespace

std::string batch_script(const BatchSettings& s) {
  std::string command = fmt::format("{} run {}", quoted(s.program.string()), quoted(s.target));
  if (s.fast) command += " --fast";
  // A task owns cpus_per_task CPUs: its experiments run one at a time (--jobs 1) on that many
  // threads.
  command +=
      fmt::format(" --results {} --keys-from {} --shard \"$task/{}\" --threads {} --jobs 1 -q",
                  quoted(s.results.string()), quoted(s.plan.string()), s.tasks, s.cpus_per_task);
  for (const auto& extra : s.extra_solvers) command += " --with-solver " + quoted(extra);
  const std::string exit_file = (s.round_dir / "task-$task.exit").string();
  std::string out;
  out += "#!/usr/bin/env bash\n";
  out += "# Written by `linrepro cluster run`: one task per shard of this round's plan.\n";
  out += "# You may edit it and submit it yourself (sbatch <this file>); then\n";
  out += "# `linrepro merge` and `linrepro cluster run` again finish the round and go on.\n";
  out += fmt::format("#SBATCH --job-name={}\n", s.job_name);
  out += fmt::format("#SBATCH --array=0-{}\n", s.tasks - 1);
  out += fmt::format("#SBATCH --cpus-per-task={}\n", s.cpus_per_task);
  out += fmt::format("#SBATCH --mem={}\n", s.mem);
  out += fmt::format("#SBATCH --time={}\n", s.time);
  out += fmt::format("#SBATCH --output={}\n", (s.round_dir / "task-%a.out").string());
  out += fmt::format("#SBATCH --chdir={}\n", s.root.string());
  out += "set -u\n";
  out += "task=${SLURM_ARRAY_TASK_ID}\n";
  out += fmt::format("export LINREPRO_ROOT={}\n", quoted(s.root.string()));
  out += "record() {  # the task's own exit record: a cause even when Slurm keeps no accounting\n";
  out += fmt::format(
      "  printf '{{\"task\": %s, \"exit\": %s, \"signal\": \"%s\", \"host\": \"%s\"}}\\n' "
      "\"$task\" \"$1\" \"$2\" \"$(hostname -s)\" > \"{}\"\n",
      exit_file);
  out += "}\n";
  out += "trap 'record 143 TERM; exit 143' TERM\n";
  out += command + " &\n";
  out += "wait $!\n";  // a trap runs only between commands: wait is interruptible, a child is not
  out += "rc=$?\n";
  out += "record \"$rc\" \"\"\n";
  out += "exit \"$rc\"\n";
  return out;
}

std::map<int, TaskRecord> read_task_records(const fs::path& round_dir, int tasks) {
  std::map<int, TaskRecord> out;
  for (int i = 0; i < tasks; ++i) {
    std::ifstream in(round_dir / fmt::format("task-{}.exit", i));
    if (!in) continue;
    try {
      const Json j = Json::parse(in);
      TaskRecord r;
      r.task = j.value("task", i);
      r.exit = j.value("exit", -1);
      r.signal = j.value("signal", "");
      r.host = j.value("host", "");
      out[i] = r;
    } catch (const Json::exception&) {
      // A record cut short (the node died while writing it) says no more than a missing one.
    }
  }
  return out;
}

std::optional<std::string> slurm_task_state(const std::string& job_id, int task) {
  const CommandResult res =
      run_command({"scontrol", "-o", "show", "job", fmt::format("{}_{}", job_id, task)});
  if (res.exit_code != 0) return std::nullopt;
  const auto state = field(res.out, "JobState");
  if (!state) return std::nullopt;
  const auto reason = field(res.out, "Reason");
  return reason && *reason != "None" ? *state + " (" + *reason + ")" : *state;
}

}  // namespace linrepro
