#include "harness/cluster/slurm_time.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/subprocess.h"

namespace linrepro {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  if (!text.empty() && text.back() == sep) parts.emplace_back();
  return parts;
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 9 &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// One partition of scontrol's output: its words key=value.
using Fields = std::vector<std::pair<std::string, std::string>>;

std::vector<Fields> partition_records(const std::string& text) {
  std::vector<Fields> records;
  std::istringstream in(text);
  for (std::string word; in >> word;) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos) continue;
    std::string key = word.substr(0, eq);
    if (key == "PartitionName") records.emplace_back();
    if (!records.empty()) records.back().emplace_back(std::move(key), word.substr(eq + 1));
  }
  return records;
}

std::string field(const Fields& f, const std::string& key) {
  for (const auto& [k, v] : f)
    if (k == key) return v;
  return "";
}

}  // namespace

std::optional<int64_t> parse_slurm_time(const std::string& text) {
  std::string upper;
  for (unsigned char c : text) upper += static_cast<char>(std::toupper(c));
  if (upper == "UNLIMITED" || upper == "INFINITE" || upper == "NONE") return std::nullopt;
  const auto bad = [&] {
    return ConfigError(fmt::format(
        "'{}' is not a Slurm time (MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS or UNLIMITED)",
        text));
  };
  int64_t days = 0;
  std::string rest = text;
  const size_t dash = text.find('-');
  if (dash != std::string::npos) {
    const std::string d = text.substr(0, dash);
    if (!all_digits(d)) throw bad();
    days = std::stoll(d);
    rest = text.substr(dash + 1);
  }
  const std::vector<std::string> parts = split(rest, ':');
  if (parts.empty() || parts.size() > 3) throw bad();
  std::vector<int64_t> n;
  for (const auto& p : parts) {
    if (!all_digits(p)) throw bad();
    n.push_back(std::stoll(p));
  }
  int64_t seconds = 0;
  if (dash != std::string::npos) {  // D-HH, D-HH:MM, D-HH:MM:SS
    seconds = n[0] * 3600 + (n.size() > 1 ? n[1] * 60 : 0) + (n.size() > 2 ? n[2] : 0);
  } else if (n.size() == 1) {  // MM
    seconds = n[0] * 60;
  } else if (n.size() == 2) {  // MM:SS
    seconds = n[0] * 60 + n[1];
  } else {  // HH:MM:SS
    seconds = n[0] * 3600 + n[1] * 60 + n[2];
  }
  return days * 86400 + seconds;
}

std::string format_slurm_time(int64_t seconds) {
  const int64_t minutes = (std::max<int64_t>(seconds, 0) + 59) / 60;
  const int64_t days = minutes / 1440, hours = minutes % 1440 / 60, mins = minutes % 60;
  if (days > 0) return fmt::format("{}-{:02d}:{:02d}:00", days, hours, mins);
  return fmt::format("{:02d}:{:02d}:00", hours, mins);
}

std::string partition_from_options(const std::vector<std::string>& options) {
  std::string partition;
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    if (o.starts_with("--partition="))
      partition = o.substr(12);
    else if ((o == "--partition" || o == "-p") && i + 1 < options.size())
      partition = options[++i];
    else if (o.starts_with("-p") && o.size() > 2 && !o.starts_with("--"))
      partition = o.substr(2);
  }
  return partition;  // the last one given, as sbatch takes it
}

std::optional<PartitionLimit> partition_max_time(const std::string& scontrol_output,
                                                 const std::string& partition) {
  const std::vector<Fields> records = partition_records(scontrol_output);
  std::vector<std::string> wanted;
  if (partition.empty()) {
    for (const auto& r : records)
      if (field(r, "Default") == "YES") wanted.push_back(field(r, "PartitionName"));
  } else {
    wanted = split(partition, ',');
  }
  // A job given several partitions runs in whichever admits it first: the largest limit.
  std::optional<PartitionLimit> out;
  for (const auto& name : wanted)
    for (const auto& r : records) {
      if (field(r, "PartitionName") != name) continue;
      const std::optional<int64_t> max = parse_slurm_time(field(r, "MaxTime"));
      if (!out) {
        out = PartitionLimit{name, max};
      } else if (out->max_seconds && (!max || *max > *out->max_seconds)) {
        *out = PartitionLimit{name, max};
      }
    }
  return out;
}

std::optional<PartitionLimit> query_partition_max_time(const std::string& partition) {
  CommandResult res;
  try {
    res = run_command({"scontrol", "show", "partition"});
  } catch (const std::exception&) {
    return std::nullopt;  // no scontrol here
  }
  if (res.exit_code != 0) return std::nullopt;
  try {
    return partition_max_time(res.out, partition);
  } catch (const ConfigError&) {
    return std::nullopt;  // a MaxTime we cannot read bounds nothing
  }
}

TaskTime task_time_limit(const std::vector<double>& shard_seconds,
                         std::optional<int64_t> bound_seconds) {
  double worst = 0;
  for (double s : shard_seconds) worst = std::max(worst, s);
  TaskTime t;
  t.wanted_seconds = static_cast<int64_t>(std::ceil((3 * worst + 300) / 60)) * 60;
  int64_t seconds = t.wanted_seconds;
  if (bound_seconds) {
    // Whole minutes within the bound (Slurm's unit), and at least one.
    const int64_t bound = std::max<int64_t>(60, *bound_seconds / 60 * 60);
    if (bound < seconds) {
      seconds = bound;
      t.bounded = true;
    }
  }
  t.limit = format_slurm_time(seconds);
  return t;
}

double estimated_cost(double hint_seconds, double experiment_median_seconds,
                      double fallback_seconds) {
  if (std::isfinite(hint_seconds)) return hint_seconds;
  if (std::isfinite(experiment_median_seconds)) return experiment_median_seconds;
  return fallback_seconds;
}

}  // namespace linrepro
