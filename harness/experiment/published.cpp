#include "harness/experiment/published.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "core/error.h"

namespace linrepro {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// Reads typed fields of one JSON object, naming the file and the object in every error.
struct FieldReader {
  const std::string& file;
  std::string where;  // "" for the top level, "cell 3 (table2 / earn / error)" for a cell
  const Json& j;

  [[noreturn]] void fail(const std::string& what) const {
    throw DataError(file, 0, where.empty() ? what : fmt::format("{}: {}", where, what));
  }
  const Json* find(const char* name) const {
    const auto it = j.find(name);
    return it == j.end() || it->is_null() ? nullptr : &*it;
  }
  std::string text(const char* name, bool required) const {
    const Json* v = find(name);
    if (!v) {
      if (required) fail(fmt::format("missing field '{}'", name));
      return "";
    }
    if (!v->is_string()) fail(fmt::format("field '{}' must be a string", name));
    return v->get<std::string>();
  }
  std::optional<double> number(const char* name, bool required) const {
    const Json* v = find(name);
    if (!v) {
      if (required) fail(fmt::format("missing field '{}'", name));
      return std::nullopt;
    }
    if (!v->is_number()) fail(fmt::format("field '{}' must be a number", name));
    return v->get<double>();
  }
};

// "default_tolerance": a number for every unit, or {"%": 0.5, "s": 2, "*": 0.01} per unit with an
// optional "*" for the others.
std::optional<double> default_tolerance(const Json& defaults, const std::string& unit) {
  if (defaults.is_number()) return defaults.get<double>();
  if (!defaults.is_object()) return std::nullopt;
  if (defaults.contains(unit)) return defaults[unit].get<double>();
  if (defaults.contains("*")) return defaults["*"].get<double>();
  return std::nullopt;
}

void check_defaults(const FieldReader& top) {
  const Json* d = top.find("default_tolerance");
  if (!d) top.fail("missing field 'default_tolerance'");
  auto check_one = [&](const Json& v, const std::string& label) {
    if (!v.is_number()) top.fail(fmt::format("{} must be a number", label));
    if (v.get<double>() < 0) top.fail(fmt::format("{} must not be negative", label));
  };
  if (d->is_object()) {
    for (const auto& [unit, v] : d->items())
      check_one(v, fmt::format("default_tolerance['{}']", unit));
  } else {
    check_one(*d, "default_tolerance");
  }
}

// Every duplicate_of names another cell of the file, "<table>/<row>/<column>", that is not itself
// a duplicate and has the same value (a repeated number, not a related one).
void check_duplicates(const std::string& file, const std::vector<PublishedCell>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    const PublishedCell& c = cells[i];
    if (c.duplicate_of.empty()) continue;
    const std::string where =
        fmt::format("cell {} ({} / {} / {})", i + 1, c.table, c.row, c.column);
    auto fail = [&](const std::string& what) {
      throw DataError(file, 0,
                      fmt::format("{}: duplicate_of '{}' {}", where, c.duplicate_of, what));
    };
    const auto primary = std::find_if(cells.begin(), cells.end(), [&](const PublishedCell& p) {
      return fmt::format("{}/{}/{}", p.table, p.row, p.column) == c.duplicate_of;
    });
    if (primary == cells.end())
      fail("names no cell of this file (expected <table>/<row>/<column>)");
    if (&*primary == &c) fail("names the cell itself");
    if (!primary->duplicate_of.empty())
      fail(fmt::format("names a cell that is itself a duplicate (of '{}')", primary->duplicate_of));
    if (primary->value != c.value)
      fail(fmt::format("has the value {}, this cell {}: a duplicate repeats the same number",
                       primary->value, c.value));
  }
}

// An optional array of non-empty strings (own_cells' rows and columns).
std::vector<std::string> text_list(const FieldReader& r, const char* name) {
  std::vector<std::string> out;
  const Json* v = r.find(name);
  if (!v) return out;
  if (!v->is_array() || v->empty())
    r.fail(fmt::format("field '{}' must be a non-empty array", name));
  for (const Json& item : *v) {
    if (!item.is_string() || item.get<std::string>().empty())
      r.fail(fmt::format("field '{}' must list non-empty strings", name));
    out.push_back(item.get<std::string>());
  }
  return out;
}

// "own_cells": what an experiment produces beyond the paper's cells, each entry with its reason.
// An entry covering a published cell would hide a missing one: that is an error.
std::vector<OwnCells> read_own_cells(const FieldReader& top,
                                     const std::vector<PublishedCell>& cells) {
  std::vector<OwnCells> out;
  const Json* list = top.find("own_cells");
  if (!list) return out;
  if (!list->is_array()) top.fail("field 'own_cells' must be an array");
  for (size_t i = 0; i < list->size(); ++i) {
    FieldReader r{top.file, fmt::format("own_cells {}", i + 1), (*list)[i]};
    if (!r.j.is_object()) r.fail("must be a JSON object");
    OwnCells o;
    o.experiment = r.text("experiment", true);
    o.table = r.text("table", true);
    o.rows = text_list(r, "rows");
    o.columns = text_list(r, "columns");
    o.why = r.text("why", true);
    r.where = fmt::format("own_cells {} ({} / {})", i + 1, o.experiment, o.table);
    if (o.experiment.empty() || o.table.empty() || o.why.empty())
      r.fail("'experiment', 'table' and 'why' must be non-empty");
    for (const PublishedCell& c : cells)
      if (o.covers(c.experiment, c.table, c.row, c.column))
        r.fail(fmt::format("covers the published cell {} / {} / {}", c.table, c.row, c.column));
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace

bool OwnCells::covers(const std::string& e, const std::string& t, const std::string& row,
                      const std::string& column) const {
  auto in = [](const std::vector<std::string>& list, const std::string& x) {
    return list.empty() || std::find(list.begin(), list.end(), x) != list.end();
  };
  return e == experiment && t == table && in(rows, row) && in(columns, column);
}

namespace {

// Published cell `i` of the file (`cell`: its reader), its tolerance its own or the unit's
// default; FieldReader::fail names the file and the cell for anything wrong.
PublishedCell published_cell(FieldReader& cell, size_t i, const Json& defaults) {
  PublishedCell p;
  p.table = cell.text("table", true);
  p.row = cell.text("row", true);
  p.column = cell.text("column", true);
  cell.where = fmt::format("cell {} ({} / {} / {})", i + 1, p.table, p.row, p.column);
  p.experiment = cell.text("experiment", true);
  if (p.experiment.empty()) cell.fail("empty 'experiment'");
  p.value = *cell.number("value", true);
  p.unit = cell.text("unit", false);
  p.note = cell.text("note", false);
  p.dataset = cell.text("dataset", false);
  p.kind = cell.text("kind", false);
  if (p.kind.empty()) p.kind = "result";
  if (p.kind != "result" && p.kind != "input")
    cell.fail(fmt::format("kind '{}' is not one of result, input", p.kind));
  p.duplicate_of = cell.text("duplicate_of", false);
  const auto fallback = default_tolerance(defaults, p.unit);
  const auto own = cell.number("tolerance", false);
  if (!own && !fallback)
    cell.fail(fmt::format("no 'tolerance' and no default_tolerance for unit '{}'", p.unit));
  p.tolerance = own ? *own : *fallback;
  if (p.tolerance < 0) cell.fail("tolerance must not be negative");
  // The guide: any tolerance wider than the default carries its reason.
  if (own && (!fallback || *own > *fallback) && p.note.empty())
    cell.fail(fallback ? fmt::format("tolerance {} is wider than the default {} and needs a 'note' "
                                     "giving the reason",
                                     *own, *fallback)
                       : fmt::format("tolerance {} has no default for unit '{}' to compare with "
                                     "and needs a 'note' giving the reason",
                                     *own, p.unit));
  return p;
}

// The paper's claims (none without "claims").
std::vector<PublishedClaim> published_claims(const FieldReader& top, const std::string& name) {
  std::vector<PublishedClaim> out;
  if (const Json* claims = top.find("claims")) {
    if (!claims->is_array()) top.fail("field 'claims' must be an array");
    for (size_t i = 0; i < claims->size(); ++i) {
      const Json& c = (*claims)[i];
      FieldReader claim{name, fmt::format("claim {}", i + 1), c};
      if (!c.is_object()) claim.fail("must be a JSON object");
      PublishedClaim pc{
          claim.text("id", false), claim.text("claim", true), claim.text("where", false), {}};
      if (const Json* parts = claim.find("checked_by")) {
        if (!parts->is_array() || parts->empty())
          claim.fail("field 'checked_by' must be a non-empty array of claim ids");
        for (const Json& part : *parts) {
          if (!part.is_string() || part.get<std::string>().empty())
            claim.fail("field 'checked_by' must list claim ids (non-empty strings)");
          pc.checked_by.push_back(part.get<std::string>());
        }
      }
      out.push_back(std::move(pc));
    }
  }
  return out;
}

}  // namespace

PublishedPaper load_published(const fs::path& file) {
  const std::string name = file.string();
  std::ifstream in(file);
  if (!in) throw DataError(name, 0, "cannot open published file");
  Json doc;
  try {
    doc = Json::parse(in);
  } catch (const Json::parse_error& e) {
    throw DataError(name, 0, fmt::format("not valid JSON: {}", e.what()));
  }
  if (!doc.is_object()) throw DataError(name, 0, "the top level must be a JSON object");

  const FieldReader top{name, "", doc};
  PublishedPaper paper;
  paper.file = file;
  paper.paper = top.text("paper", true);
  // No list of papers to check against: a paper is its published file plus its registered
  // experiments (a file name must say which paper it holds).
  if (paper.paper.empty()) top.fail("empty paper id");
  if (file.stem() != paper.paper)
    top.fail(fmt::format("paper id '{}' differs from the file name", paper.paper));
  paper.title = top.text("title", true);
  paper.source = top.text("source", true);
  check_defaults(top);
  const Json& defaults = doc["default_tolerance"];

  const Json* cells = top.find("cells");
  if (!cells || !cells->is_array()) top.fail("missing array field 'cells'");
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  for (size_t i = 0; i < cells->size(); ++i) {
    const Json& c = (*cells)[i];
    FieldReader cell{name, fmt::format("cell {}", i + 1), c};
    if (!c.is_object()) cell.fail("must be a JSON object");
    PublishedCell p = published_cell(cell, i, defaults);
    if (!seen.emplace(p.table, p.row, p.column).second) cell.fail("duplicate cell");
    paper.cells.push_back(std::move(p));
  }
  check_duplicates(name, paper.cells);

  paper.claims = published_claims(top, name);
  paper.own_cells = read_own_cells(top, paper.cells);
  return paper;
}

std::vector<PublishedPaper> load_all_published(const fs::path& published_dir) {
  std::vector<PublishedPaper> papers;
  if (!fs::is_directory(published_dir)) return papers;
  for (const auto& entry : fs::directory_iterator(published_dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json")
      papers.push_back(load_published(entry.path()));
  std::sort(papers.begin(), papers.end(),
            [](const PublishedPaper& a, const PublishedPaper& b) { return a.paper < b.paper; });
  return papers;
}

const PublishedCell* find_published_cell(const PublishedPaper& paper, const std::string& table,
                                         const std::string& row, const std::string& column) {
  for (const auto& c : paper.cells)
    if (c.table == table && c.row == row && c.column == column) return &c;
  return nullptr;
}

PublishedPaper load_published(const fs::path& published_dir, const std::string& paper) {
  return load_published(published_dir / (paper + ".json"));
}

std::optional<PublishedPaper> load_published_if_present(const fs::path& published_dir,
                                                        const std::string& paper) {
  const fs::path file = published_dir / (paper + ".json");
  return fs::exists(file) ? std::optional(load_published(file)) : std::nullopt;
}

std::optional<double> published_value(const PublishedPaper* paper, const std::string& table,
                                      const std::string& row, const std::string& column) {
  const PublishedCell* cell = paper ? find_published_cell(*paper, table, row, column) : nullptr;
  return cell ? std::optional(cell->value) : std::nullopt;
}

const OwnCells* find_own_cells(const PublishedPaper& paper, const std::string& experiment,
                               const std::string& table, const std::string& row,
                               const std::string& column) {
  for (const auto& o : paper.own_cells)
    if (o.covers(experiment, table, row, column)) return &o;
  return nullptr;
}

}  // namespace linrepro
