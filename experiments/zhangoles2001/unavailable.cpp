#include "experiments/zhangoles2001/unavailable.h"

#include "experiments/zhangoles2001/reuters_protocol.h"

namespace linrepro {

int zo_mark_unavailable(const ExperimentContext& ctx, ResultFile& rf, const std::string& dataset,
                        const std::function<bool(const PublishedCell&)>& reproduces,
                        const std::string& reason) {
  const PublishedPaper published =
      load_published(ctx.published() / (std::string(kZoPaper) + ".json"));
  int marked = 0;
  for (const PublishedCell& p : published.cells) {
    if (p.dataset != dataset || !reproduces(p)) continue;
    bool set_already = false;
    for (const Json& c : rf.document().value("cells", Json::array()))
      set_already =
          set_already || (c.value("table", "") == p.table && c.value("row", "") == p.row &&
                          c.value("column", "") == p.column);
    if (set_already) continue;
    rf.set_cell(unavailable_cell(p.table, p.row, p.column, reason));
    ++marked;
  }
  return marked;
}

}  // namespace linrepro
