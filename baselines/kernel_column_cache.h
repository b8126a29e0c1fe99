#pragma once
// A least-recently-used cache of kernel columns K(:, i) for SMO (LIBSVM's Cache, simplified).
// Decomposition methods pick the same few rows again and again, so caching their columns saves most
// kernel evaluations. A column is either complete (valid for every row) or partial: computed only
// for the rows active under shrinking, valid until the solver brings rows back (the solver bumps
// `epoch` then, and partial columns of older epochs count as misses).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace linrepro {

class KernelColumnCache {
 public:
  // rows: column length; megabytes: budget; always holds at least the two working columns.
  KernelColumnCache(int32_t rows, double megabytes) : rows_(rows) {
    const double per_column = 8.0 * std::max<int32_t>(rows, 1);
    const auto fit = static_cast<int64_t>(megabytes * 1024 * 1024 / per_column);
    slots_ = static_cast<int32_t>(std::clamp<int64_t>(fit, 2, std::max<int32_t>(rows, 2)));
    slot_of_.assign(rows, -1);
  }

  struct Column {
    double* data;  // rows_ values; stays at this address while the column is cached
    bool valid;    // false: the caller must fill it (a new slot holds garbage) and call store()
  };

  // Column i, marked most recently used; on a miss a new slot is allocated while the budget allows,
  // else the least recently used column is evicted.
  Column get(int32_t i, int64_t epoch) {
    int32_t s = slot_of_[i];
    const bool valid = s >= 0 && (complete_[s] || epoch_[s] == epoch);
    if (s < 0) {
      if (static_cast<int32_t>(columns_.size()) < slots_) {  // small problems never use the budget
        s = static_cast<int32_t>(columns_.size());
        // Not zeroed: the caller writes what it will read (zeroing took a few per cent of SMO).
        columns_.emplace_back(new double[static_cast<size_t>(rows_)]);
        owner_.push_back(-1);
        complete_.push_back(false);
        epoch_.push_back(-1);
        prev_.push_back(-1);
        next_.push_back(-1);
        link_front(s);
      } else {
        s = tail_;
        slot_of_[owner_[s]] = -1;
      }
      owner_[s] = i;
      complete_[s] = false;
      epoch_[s] = -1;
      slot_of_[i] = s;
    }
    if (s != head_) {
      unlink(s);
      link_front(s);
    }
    return {columns_[s].get(), valid};
  }

  // Declares column i (just filled by the caller) complete, or valid only for `epoch`.
  void store(int32_t i, bool complete, int64_t epoch) {
    const int32_t s = slot_of_[i];
    complete_[s] = complete;
    epoch_[s] = epoch;
  }

  int32_t capacity() const { return slots_; }

 private:
  void unlink(int32_t s) {
    if (prev_[s] >= 0) next_[prev_[s]] = next_[s];
    if (next_[s] >= 0) prev_[next_[s]] = prev_[s];
    if (head_ == s) head_ = next_[s];
    if (tail_ == s) tail_ = prev_[s];
  }
  void link_front(int32_t s) {
    prev_[s] = -1;
    next_[s] = head_;
    if (head_ >= 0) prev_[head_] = s;
    head_ = s;
    if (tail_ < 0) tail_ = s;
  }

  int32_t rows_;
  int32_t slots_;
  std::vector<std::unique_ptr<double[]>> columns_;  // one allocation per slot: never moves
  std::vector<int32_t> slot_of_, owner_, prev_, next_;
  std::vector<bool> complete_;
  std::vector<int64_t> epoch_;
  int32_t head_ = -1, tail_ = -1;
};

}  // namespace linrepro
