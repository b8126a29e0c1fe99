#pragma once
// The published values: results/published/<paper>.json, one entry per table cell the paper reports,
// with the tolerance a reproduction must meet (docs/RESULTS.md, "Published file").
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace linrepro {

struct PublishedCell {
  std::string table;  // "table2", "figure6", "text-6.1"
  std::string row;
  std::string column;
  // The experiment (id within the paper) whose full run produces this cell: the join of the
  // published file with the experiments, checked by construction
  // (harness/experiment/cell_matching.h).
  std::string experiment;
  double value = 0;
  std::string unit;
  double tolerance = 0;  // absolute, in `unit`: |reproduced - value| <= tolerance is "within"
  std::string note;      // why the tolerance is wider than the default, how the value was read, ...
  // Optional: the dataset the cell needs when that dataset may be missing here (a resolver name,
  // e.g. "rcv1-lyrl2004"): ResultFile::mark_unavailable marks every such cell in one call.
  std::string dataset;
  // "result" (the default): a number the paper measured. "input": a setting the paper chose
  // (a learning rate, a feature count); shown beside the configuration, never counted as
  // reproduced.
  std::string kind = "result";
  // Optional "<table>/<row>/<column>": the same published number printed again elsewhere (a table
  // and a figure's text). It keeps its own status but is counted once, at that primary cell.
  std::string duplicate_of;
};

// A claim the paper makes in words; experiments check it and write {claim, holds, evidence}.
struct PublishedClaim {
  std::string id;  // optional: joins with the experiment's claim when the texts differ
  std::string claim;
  std::string where;  // optional: "section 5", "abstract"
  // Optional: a claim that several experiments check in parts (one claim per figure, say) lists
  // the ids of those parts; it holds when every part holds and does not when any part does not.
  std::vector<std::string> checked_by;
};

// Cells an experiment produces that the paper does not print (a peer, a figure's curve, a column
// of our own): declared here, with the reason, so that any other produced cell without a
// published value is an error (a misspelt key), not a silent extra
// (harness/experiment/cell_matching.h). A declaration covers the cells of `experiment` in `table`
// whose row is one of `rows` and whose column is one of `columns`, an empty list standing for any.
struct OwnCells {
  std::string experiment;
  std::string table;
  std::vector<std::string> rows, columns;
  std::string why;  // what these cells are and why the paper has no value for them
  bool covers(const std::string& experiment, const std::string& table, const std::string& row,
              const std::string& column) const;
};

struct PublishedPaper {
  std::filesystem::path file;
  std::string paper;  // the paper id, equal to the file name's stem
  std::string title;
  std::string source;  // citation
  std::vector<PublishedCell> cells;
  std::vector<PublishedClaim> claims;
  std::vector<OwnCells> own_cells;  // "own_cells"
};

// Loads and validates one published file. Throws DataError naming the file and the cell
// ("cell 3 (table2 / earn / MLR-CG error): ...") for: invalid JSON, a missing or mistyped field,
// an empty paper id or one that differs from the file name, a duplicate cell, a negative
// tolerance, a cell with no tolerance and no default for its unit, a tolerance wider than the
// default without a note giving the reason, a kind other than result/input, and a duplicate_of
// that names no cell of the file, a cell that is itself a duplicate, or a different value; and an
// own_cells entry without experiment, table or why, or one that covers a published cell.
PublishedPaper load_published(const std::filesystem::path& file);

// <published_dir>/<paper>.json, as load_published(file).
PublishedPaper load_published(const std::filesystem::path& published_dir, const std::string& paper);

// Every <dir>/*.json, sorted by paper id.
std::vector<PublishedPaper> load_all_published(const std::filesystem::path& published_dir);

// The published cell with this key, or nullptr.
const PublishedCell* find_published_cell(const PublishedPaper& paper, const std::string& table,
                                         const std::string& row, const std::string& column);

// <published_dir>/<paper>.json, or nullopt when the file is not there (a results folder may come
// without the published files: the ablations' "published" rows are then left empty).
std::optional<PublishedPaper> load_published_if_present(const std::filesystem::path& published_dir,
                                                        const std::string& paper);

// The published value of (table, row, column), or nullopt (no such cell, or no published file).
std::optional<double> published_value(const PublishedPaper* paper, const std::string& table,
                                      const std::string& row, const std::string& column);

// The own_cells entry that declares this produced cell of `experiment`, or nullptr.
const OwnCells* find_own_cells(const PublishedPaper& paper, const std::string& experiment,
                               const std::string& table, const std::string& row,
                               const std::string& column);

}  // namespace linrepro
