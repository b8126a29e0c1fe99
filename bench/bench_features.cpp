// Feature-pipeline speed (issue bars, measured here, never in unit tests):
//   parse + tokenise + stem all of Reuters-21578 in < 3 s and 20NG-18828 in < 6 s on one core;
//   feature selection for 118 categories x 10,000 features in < 2 s.
// Real text: Reuters-21578's reut2-*.sgm files and the 20news-18828 tree, found (and extracted
// and verified on first use) by the data resolver like every experiment's data
// (corpora/data_resolver.h: $LINREPRO_DATA, data/, the mirror, the public URL). Data that cannot
// be resolved skips those benchmarks with the resolver's message. The corpus readers live in
// corpora/ (which depends on features/), so these benchmarks tokenise the RAW bytes: each Reuters
// <REUTERS> element whole, SGML markup included, and each 20NG file whole. That is more text than
// the title and body the pipeline sees, so the times are an upper bound for the tokenise + stem
// step. Bytes/s are reported; projected time = corpus bytes / rate. Feature selection runs on a
// clearly synthetic count matrix (core/synthetic_data.h) shaped like Reuters ModApte training:
// 7,769 documents, 30,000 terms, 118 categories.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/seed.h"
#include "core/synthetic_data.h"
#include "corpora/data_resolver.h"
#include "features/analyzer.h"
#include "features/feature_selection.h"

namespace linrepro {
namespace {

std::string read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A corpus's resolved directory, or the reason it cannot be had (the benchmark's skip message).
struct CorpusDir {
  std::filesystem::path dir;
  std::string error;
};
CorpusDir resolve_corpus(const std::string& name) {
  try {
    return {resolve(name).path, ""};
  } catch (const DataUnavailable& e) {
    return {{}, e.what()};
  }
}

// One TextDoc per <REUTERS ...> ... </REUTERS> element, markup included.
std::vector<TextDoc> reuters_raw_docs(const std::filesystem::path& dir) {
  std::vector<TextDoc> docs;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".sgm") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const std::string text = read_bytes(f);
    size_t pos = 0;
    while (true) {
      const size_t begin = text.find("<REUTERS", pos);
      if (begin == std::string::npos) break;
      size_t end = text.find("</REUTERS>", begin);
      end = end == std::string::npos ? text.size() : end + 10;
      docs.push_back({"", text.substr(begin, end - begin)});
      pos = end;
    }
  }
  return docs;
}

std::vector<TextDoc> newsgroups_raw_docs(const std::filesystem::path& dir) {
  std::vector<TextDoc> docs;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) docs.push_back({"", read_bytes(f)});
  return docs;
}

void run_tokenize(benchmark::State& state, const std::vector<TextDoc>& docs,
                  const CorpusDir& corpus) {
  if (!corpus.error.empty()) return state.SkipWithError(corpus.error.c_str());
  if (docs.empty()) {
    const std::string why = "no documents under " + corpus.dir.string();
    return state.SkipWithError(why.c_str());
  }
  TextOptions options;  // Porter stemming, the papers' choice
  options.title_separate = true;
  int64_t bytes = 0, tokens = 0;
  for (auto _ : state) {
    const TokenizedCorpus c = tokenize_corpus(docs, options, static_cast<int>(state.range(0)));
    bytes += c.input_bytes;
    tokens += static_cast<int64_t>(c.tokens.size());
    benchmark::DoNotOptimize(c.tokens.data());
  }
  state.SetBytesProcessed(bytes);
  state.counters["docs"] = static_cast<double>(docs.size());
  state.counters["tokens_per_run"] = static_cast<double>(tokens) / state.iterations();
}

void BM_TokenizeStemReuters(benchmark::State& state) {
  static const CorpusDir corpus = resolve_corpus("reuters21578");
  static const std::vector<TextDoc> docs =
      corpus.error.empty() ? reuters_raw_docs(corpus.dir) : std::vector<TextDoc>{};
  run_tokenize(state, docs, corpus);
}
BENCHMARK(BM_TokenizeStemReuters)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_TokenizeStem20NG(benchmark::State& state) {
  static const CorpusDir corpus = resolve_corpus("20news-18828");
  static const std::vector<TextDoc> docs =
      corpus.error.empty() ? newsgroups_raw_docs(corpus.dir) : std::vector<TextDoc>{};
  run_tokenize(state, docs, corpus);
}
BENCHMARK(BM_TokenizeStem20NG)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// Synthetic: 7,769 training documents, 30,000 terms, 118 categories with Zipf-like sizes, about
// 1.25 categories per document (Reuters ModApte's shape).
struct SelectionData {
  CsrMatrix X;
  MultilabelLabels y;
};
const SelectionData& selection_data() {
  static const SelectionData data = [] {
    SelectionData d;
    SyntheticSpec spec;
    spec.rows = 7769;
    spec.features = 30000;
    spec.mean_nnz = 60;
    spec.seed = derive_seed(20260101, "bench_features/selection");
    d.X = make_synthetic_text(spec).X;
    const int K = 118;
    for (int k = 0; k < K; ++k) d.y.class_names.push_back(fmt::format("c{}", k));
    std::vector<double> weight(K);
    for (int k = 0; k < K; ++k) weight[k] = 1.0 / (k + 1);
    Rng rng(derive_seed(spec.seed, "labels"));
    std::discrete_distribution<int> category(weight.begin(), weight.end());
    std::bernoulli_distribution second(0.25);
    for (int32_t i = 0; i < spec.rows; ++i) {
      std::vector<int32_t> labels{category(rng)};
      if (second(rng)) labels.push_back(category(rng));
      std::sort(labels.begin(), labels.end());
      labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
      d.y.y.push_back(labels);
    }
    return d;
  }();
  return data;
}

void BM_SelectPerCategory(benchmark::State& state) {
  const SelectionData& d = selection_data();
  const auto method = static_cast<SelectionMethod>(state.range(0));
  for (auto _ : state) {
    const FeatureSelection s =
        select_features(d.X, d.y, {method, 10000, SelectionScope::per_category});
    benchmark::DoNotOptimize(s.per_category.data());
  }
  state.counters["categories"] = 118;
  state.counters["k"] = 10000;
}
BENCHMARK(BM_SelectPerCategory)
    ->Arg(static_cast<int>(SelectionMethod::ig_gini))
    ->Arg(static_cast<int>(SelectionMethod::ig))
    ->Arg(static_cast<int>(SelectionMethod::chi2))
    ->Unit(benchmark::kMillisecond);

void BM_SelectGlobalJoint(benchmark::State& state) {
  const SelectionData& d = selection_data();
  for (auto _ : state) {
    const FeatureSelection s = select_features(
        d.X, d.y, {SelectionMethod::mi, 10000, SelectionScope::global, GlobalAggregate::joint});
    benchmark::DoNotOptimize(s.global.data());
  }
}
BENCHMARK(BM_SelectGlobalJoint)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace linrepro

BENCHMARK_MAIN();
