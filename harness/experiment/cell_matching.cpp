#include "harness/experiment/cell_matching.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"

namespace linrepro {

namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // table, row, column

std::string key_text(const std::string& table, const std::string& row, const std::string& col) {
  return fmt::format("{} / {} / {}", table, row, col);
}

// Levenshtein distance: how many single-character edits make `a` into `b`.
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1 : 0)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The unmatched produced cell of the same table nearest to `missing` (row and column together),
// if it is near enough to be a misspelling: at most a third of the key's characters differ.
const Cell* nearest(const PublishedCell& missing, const std::vector<const Cell*>& unmatched) {
  const std::string want = missing.row + "/" + missing.column;
  const Cell* best = nullptr;
  size_t best_distance = want.size() / 3 + 1;
  for (const Cell* c : unmatched) {
    if (c->table != missing.table) continue;
    const size_t d = edit_distance(want, c->row + "/" + c->column);
    if (d < best_distance) best = c, best_distance = d;
  }
  return best;
}

}  // namespace

std::vector<std::string> cell_matching_problems(const PublishedPaper& paper,
                                                const std::string& experiment,
                                                const std::vector<Cell>& produced, bool full_run) {
  std::map<Key, const PublishedCell*> published;
  for (const PublishedCell& p : paper.cells) published[{p.table, p.row, p.column}] = &p;
  std::vector<std::string> problems;
  std::vector<const Cell*> unmatched;
  std::map<Key, const Cell*> ours;
  bool unavailable = false;  // some data is not here: a declaration may have nothing to cover
  for (const Cell& c : produced) {
    unavailable = unavailable || c.status == "data_unavailable";
    const auto it = published.find({c.table, c.row, c.column});
    if (it == published.end()) {
      unmatched.push_back(&c);
      if (!extra_solver_cell(c) && !find_own_cells(paper, experiment, c.table, c.row, c.column))
        problems.push_back(fmt::format(
            "it produced {}, which is neither a published cell nor declared in own_cells "
            "(misspelt? a cell of its own is declared there with the reason)",
            key_text(c.table, c.row, c.column)));
    } else if (it->second->experiment != experiment) {
      problems.push_back(fmt::format("it produced {}, which the published file assigns to {}",
                                     key_text(c.table, c.row, c.column), it->second->experiment));
    } else {
      ours[it->first] = &c;
    }
  }
  if (!full_run) return problems;
  for (const PublishedCell& p : paper.cells) {
    if (p.experiment != experiment || ours.contains({p.table, p.row, p.column})) continue;
    std::string problem =
        fmt::format("it did not produce the published cell {}", key_text(p.table, p.row, p.column));
    if (const Cell* c = nearest(p, unmatched))
      problem += fmt::format(" (it produced {}: misspelt?)", key_text(c->table, c->row, c->column));
    problems.push_back(std::move(problem));
  }
  if (unavailable) return problems;
  for (const OwnCells& o : paper.own_cells) {
    if (o.experiment != experiment) continue;
    const bool used = std::any_of(unmatched.begin(), unmatched.end(), [&](const Cell* c) {
      return o.covers(experiment, c->table, c->row, c->column);
    });
    if (!used)
      problems.push_back(fmt::format(
          "own_cells declares cells of table {} it did not produce (a stale declaration)",
          o.table));
  }
  return problems;
}

bool extra_solver_cell(const Cell& cell) { return cell.note.starts_with(kExtraSolverNote); }

void check_cells_match_published(const PublishedPaper& paper, const std::string& experiment,
                                 const std::vector<Cell>& produced, bool full_run) {
  const std::vector<std::string> problems =
      cell_matching_problems(paper, experiment, produced, full_run);
  if (problems.empty()) return;
  throw ConfigError(
      fmt::format("{}/{}: its cells do not join {} (every published cell names the experiment that "
                  "produces it; a cell the paper does not print is declared in own_cells): {}",
                  paper.paper, experiment, paper.file.string(), fmt::join(problems, "; ")));
}

}  // namespace linrepro
