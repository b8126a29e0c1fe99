#include "harness/protocol/protocol_components.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>

namespace linrepro {

namespace {

// "`a`, `b`"; a family of three or more names with one argument ("cv-bep:1", "cv-bep:0.1", ...)
// as "`cv-bep:<x>` (x: 1, 0.1, ...)".
std::string listed(const Json& names) {
  std::map<std::string, std::vector<std::string>> families;
  std::vector<std::string> order;
  for (const Json& n : names) {
    const std::string name = n.get<std::string>();
    const size_t colon = name.find(':');
    const std::string head = colon == std::string::npos ? name : name.substr(0, colon);
    if (!families.contains(head)) order.push_back(head);
    families[head].push_back(name);
  }
  std::vector<std::string> out;
  for (const std::string& head : order) {
    const std::vector<std::string>& members = families.at(head);
    if (members.size() < 3) {
      for (const std::string& m : members) out.push_back(fmt::format("`{}`", m));
      continue;
    }
    std::vector<std::string> args;
    for (const std::string& m : members)
      args.push_back(m.find(':') == std::string::npos ? "none" : m.substr(m.find(':') + 1));
    out.push_back(fmt::format("`{}:<x>` (x: {})", head, fmt::join(args, ", ")));
  }
  return out.empty() ? "" : fmt::format("{}", fmt::join(out, ", "));
}

}  // namespace

std::string named_components_markdown(const std::vector<ExperimentInfo>& registry) {
  std::string out =
      "## Named components\n\n"
      "What each experiment's declaration names that is C++ code (its `ProtocolHooks`, "
      "harness/protocol/protocol_runner.h, registered in experiments/<paper>/), generated from "
      "the registered experiments; everything else is its declaration. Task sets and aggregates "
      "are named by `tasks` and by cell, ablation and claim values; stop rules and adaptive steps "
      "by a method's `stop_rule` and `after`; supplied values (`$name`) by any value; claim "
      "measures by claims. \"summary in code\": cells, claims or ablations still written in "
      "C++.\n\n"
      "| experiment | reproduces | task sets | aggregates | stop rules, adaptive steps | supplied "
      "values | claim measures | summary in code |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
  int in_code = 0, total = 0;
  for (const ExperimentInfo& e : registry) {
    if (e.components.is_null()) continue;
    const Json& c = e.components;
    Json steps = c.at("stop_rules");
    for (const Json& s : c.at("after_steps")) steps.push_back(s);
    const auto yes = [&](const char* key) { return c.at(key).get<bool>() ? "yes" : ""; };
    out += fmt::format("| {}/{} | {} | {} | {} | {} | {} | {} | {} |\n", e.paper, e.id,
                       fmt::join(e.artifacts, ", "), listed(c.at("task_sets")),
                       listed(c.at("aggregates")), listed(steps), listed(c.at("supplied")),
                       yes("claim_measures"), yes("summary_in_code"));
    ++total;
    in_code += c.at("summary_in_code").get<bool>();
  }
  out += fmt::format(
      "\n{} of {} experiments have a summary written in code; the rest are declarations "
      "and the components above.\n",
      in_code, total);
  return out;
}

}  // namespace linrepro
