#pragma once
// The one worker pool of the project: f(i) for i in [0, n) on `threads` workers (the calling thread
// is one of them), items handed out in order. Every item runs even when one throws; the first
// exception is rethrown after all workers stop. Used for one-vs-rest classes, categories, folds.
#include <cstddef>
#include <functional>

namespace linrepro {

void parallel_for(size_t n, int threads, const std::function<void(size_t)>& f);

}  // namespace linrepro
