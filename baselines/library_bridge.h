#pragma once
// What the LIBLINEAR and LIBSVM adapters share: our CSR rows as the libraries' node arrays, and the
// libraries' console output routed into a per-thread buffer instead of stdout.
#include <cstdint>
#include <string>
#include <vector>

#include "core/sparse_matrix.h"

namespace linrepro {

// Both libraries read a row as {index, value} pairs with 1-based indices, ended by index -1.
template <class Node>
struct NodeRows {
  std::vector<Node> nodes;  // all rows back to back
  std::vector<Node*> rows;  // rows[i] -> first node of row i
};

// bias >= 0 appends feature cols+1 with that value to every row (LIBLINEAR's -B); < 0: none.
template <class Node>
NodeRows<Node> to_node_rows(const CsrMatrix& X, double bias = -1) {
  NodeRows<Node> r;
  r.nodes.reserve(static_cast<size_t>(X.nnz() + int64_t{X.rows} * (bias >= 0 ? 2 : 1)));
  std::vector<size_t> start(X.rows);
  for (int32_t i = 0; i < X.rows; ++i) {
    start[i] = r.nodes.size();
    const auto idx = X.row_indices(i);
    const auto val = X.row_values(i);
    for (size_t k = 0; k < idx.size(); ++k) r.nodes.push_back(Node{idx[k] + 1, val[k]});
    if (bias >= 0) r.nodes.push_back(Node{X.cols + 1, bias});
    r.nodes.push_back(Node{-1, 0.0});
  }
  r.rows.resize(X.rows);
  for (int32_t i = 0; i < X.rows; ++i) r.rows[i] = r.nodes.data() + start[i];
  return r;
}

// The libraries print through one global function pointer each. The adapters install
// capture_library_output once; it appends to the calling thread's buffer, so concurrent fits
// (one-vs-rest workers) each read only their own messages.
std::string& library_log();
void capture_library_output(const char* text);

// From a captured log: the last "#iter = N" (LIBLINEAR's coordinate descent, LIBSVM), else the
// number of "iter N" lines (LIBLINEAR's trust-region Newton); -1 if neither occurs.
int64_t iterations_from_log(const std::string& log);
// True if the library warned that it stopped at its iteration limit.
bool hit_iteration_limit(const std::string& log);

}  // namespace linrepro
