// Corpus reader speed (issue bar, measured here, never in unit tests): parsing all of
// Reuters-21578 is the reader's share of the < 3 s parse + tokenise + stem budget and should stay
// well under 1 s. Also the 20 Newsgroups and WebKB readers (file walking + header/HTML stripping).
// Data comes from the resolver (LINREPRO_DATA, the data/ cache, or the mirror, extracted once);
// when it is unavailable the benchmark reports the resolver's message and skips.
#include <benchmark/benchmark.h>

#include <string>

#include "corpora/data_resolver.h"
#include "corpora/newsgroups.h"
#include "corpora/reuters21578.h"
#include "corpora/webkb.h"

namespace linrepro {
namespace {

// Resolves once per process; an empty path means unavailable (message in `why`).
std::filesystem::path data_path(const std::string& name, std::string& why) {
  try {
    return resolve(name).path;
  } catch (const std::exception& e) {
    why = e.what();
    return {};
  }
}

void BM_ReutersParseAll(benchmark::State& state) {
  std::string why;
  const auto dir = data_path("reuters21578", why);
  if (dir.empty()) {
    state.SkipWithError(why.c_str());
    return;
  }
  size_t docs = 0;
  for (auto _ : state) {
    const auto articles = read_reuters21578(dir);
    docs = articles.size();
    benchmark::DoNotOptimize(articles.data());
  }
  state.counters["docs"] = static_cast<double>(docs);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          27'636'766);  // the 22 .sgm files
}
BENCHMARK(BM_ReutersParseAll)->Unit(benchmark::kMillisecond);

void BM_ReutersModApte90View(benchmark::State& state) {
  std::string why;
  const auto dir = data_path("reuters21578", why);
  if (dir.empty()) {
    state.SkipWithError(why.c_str());
    return;
  }
  const auto articles = read_reuters21578(dir);
  for (auto _ : state) {
    const Corpus c = reuters_view(articles, ReutersView::ModApte90);
    benchmark::DoNotOptimize(c.docs.data());
  }
}
BENCHMARK(BM_ReutersModApte90View)->Unit(benchmark::kMillisecond);

void BM_Newsgroups18828Read(benchmark::State& state) {
  std::string why;
  const auto dir = data_path("20news-18828", why);
  if (dir.empty()) {
    state.SkipWithError(why.c_str());
    return;
  }
  for (auto _ : state) {
    const Corpus c = read_20news_18828(dir, NewsHeaders::KeepSubjectOrganization);
    benchmark::DoNotOptimize(c.docs.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * 33'911'499);
}
BENCHMARK(BM_Newsgroups18828Read)->Unit(benchmark::kMillisecond);

void BM_WebkbRead(benchmark::State& state) {
  std::string why;
  const auto dir = data_path("webkb", why);
  if (dir.empty()) {
    state.SkipWithError(why.c_str());
    return;
  }
  for (auto _ : state) {
    const Corpus c = read_webkb(dir);
    benchmark::DoNotOptimize(c.docs.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * 43'541'056);
}
BENCHMARK(BM_WebkbRead)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace linrepro

BENCHMARK_MAIN();
