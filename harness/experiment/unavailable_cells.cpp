#include "harness/experiment/unavailable_cells.h"

#include <set>
#include <tuple>

namespace linrepro {

int mark_unavailable_cells(ResultFile& rf, const PublishedPaper& paper,
                           const std::function<bool(const PublishedCell&)>& selects,
                           const std::string& reason) {
  const std::string experiment = rf.document().value("experiment", "");
  std::set<std::tuple<std::string, std::string, std::string>> emitted;
  for (const Cell& c : result_cells(rf.document())) emitted.emplace(c.table, c.row, c.column);
  int marked = 0;
  for (const PublishedCell& p : paper.cells) {
    if (p.experiment != experiment || emitted.contains({p.table, p.row, p.column}) || !selects(p))
      continue;
    rf.set_cell(unavailable_cell(p.table, p.row, p.column, reason));
    ++marked;
  }
  return marked;
}

int mark_unavailable(const ExperimentContext& ctx, ResultFile& rf, const std::string& dataset,
                     const std::string& reason) {
  const std::string paper = rf.document().value("paper", "");
  return mark_unavailable_cells(
      rf, load_published(ctx.published() / (paper + ".json")),
      [&](const PublishedCell& p) { return p.dataset == dataset; }, reason);
}

}  // namespace linrepro
