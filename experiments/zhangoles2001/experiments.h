#pragma once
// Zhang & Oles (Information Retrieval 2001), paper id "zhangoles2001": the experiments, one
// function per source file; experiments/register.cpp calls each.
#include <vector>

#include "harness/experiment/experiment.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

inline constexpr const char* kZoPaper = "zhangoles2001";

// table1.cpp: Table 1 (lambda by 5-fold CV on the Reuters ModApte training set), Figure 8.
void add_zhangoles2001_table1(std::vector<ExperimentInfo>& registry);
// table1_all.cpp: Table 1's CV over all categories and its ablation (not in the default set).
void add_zhangoles2001_table1_all(std::vector<ExperimentInfo>& registry);
// table2.cpp: Tables 2 and 3 (micro P/R/F1/BEP, top-10 F1), Figures 5 and 6, LIBLINEAR peers.
void add_zhangoles2001_table2(std::vector<ExperimentInfo>& registry);
// text4.cpp: the section 4.2 lambda -> 0 claims ("text-4") and Figure 7 (BEP vs feature count).
void add_zhangoles2001_text4(std::vector<ExperimentInfo>& registry);
// text4_lambda0.cpp, figure7_tokenisation.cpp: issue 15 items 5 and 6, studies outside the default
// set (in_default_set = false): the lambda -> 0 curve; Figure 7 under each tokenisation variant.
void add_zhangoles2001_text4_lambda0(std::vector<ExperimentInfo>& registry);
void add_zhangoles2001_figure7_tokenisation(std::vector<ExperimentInfo>& registry);
// table5.cpp (pieces in table5_protocol.h, table5_transfer.h, table5_ovr.h):
// Table 5, multi-class accuracy, and the lambda-transfer claim.
void add_zhangoles2001_table5(std::vector<ExperimentInfo>& registry);
// Table 5's Naive Bayes-1 on WebKB by reading of the pages (webkb_nb_ablation.cpp).
void add_zhangoles2001_webkb_nb(std::vector<ExperimentInfo>& registry);

// The paper's experiments, in the order `run --list` shows them (experiments/register.cpp).
inline void add_zhangoles2001(std::vector<ExperimentInfo>& registry) {
  add_zhangoles2001_table1(registry);
  add_zhangoles2001_table1_all(registry);
  add_zhangoles2001_table2(registry);
  register_protocol(registry, kZoPaper, "table4", {});  // AS400: a declaration, no driver
  add_zhangoles2001_text4(registry);
  add_zhangoles2001_text4_lambda0(registry);
  add_zhangoles2001_figure7_tokenisation(registry);
  add_zhangoles2001_table5(registry);
  add_zhangoles2001_webkb_nb(registry);
}

}  // namespace linrepro
