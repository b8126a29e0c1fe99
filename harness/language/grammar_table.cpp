// The protocol language's grammar (harness/language/grammar.h): every object kind of an
// experiments/<paper>/experiments.json with its keys. This table is the language: the file reader
// validates against it, and docs/PROTOCOL.md and experiments/protocol.schema.json are generated
// from it. A key added to a reader without a line here is refused when the file is read.
#include <set>

#include "features/feature_config.h"
#include "harness/language/grammar.h"

namespace linrepro {

namespace {

// The keys every figure kind shares (plots/linrepro_plots/spec.py COMMON) but those it does not
// read (`unread`: spec.py UNREAD, refused there with the reason), with the two the harness reads
// and removes before a figure is written (why, with_extra_solvers).
std::vector<KeyRule> figure_keys(std::vector<KeyRule> own,
                                 const std::set<std::string>& unread = {}) {
  std::vector<KeyRule> keys = {
      {"id", "text", "required", "The file name, figures/<id>.png; unique in the paper."},
      {"kind", "text", "required", "Which drawing (the kinds below)."},
      {"title", "text", "per kind", "The title."},
      {"xlabel", "text", "per kind", "The x axis label."},
      {"ylabel", "text", "per kind", "The y axis label."},
      {"runs", "[text]", "none",
       "These run keys, in this order (absent: every run; `filter` still applies)."},
      {"filter", "{any}", "{\"status\": \"ok\"}",
       "Runs whose field at each path (\"config.dataset\", \"solver\") equals the value or one "
       "of the list (null: the run has no such field). With --with-solver, an `extra.part` list "
       "also takes the added solvers' runs (part \"extra\")."},
      {"label_by", "text | [text]", "\"solver\"", "The run field(s) a legend label is made of."},
      {"note", "text", "none", "A line under the figure's entry in the report."},
      {"dataset", "text", "none",
       "A data set of the result file: when it is marked unavailable the figure says why."},
      {"why", "text", "none",
       "Why it is drawn so, for the reader of the declaration (not written to the result file)."},
      {"with_extra_solvers", "<figure-extra-solvers>", "none",
       "How solvers added with --with-solver change it (applied, then removed)."},
  };
  std::erase_if(keys, [&](const KeyRule& k) { return unread.contains(k.name); });
  keys.insert(keys.end(), own.begin(), own.end());
  return keys;
}

// The feature pipeline's fields as it declares them (features/feature_config.h), defaults from a
// default FeatureConfig: the grammar lists them, it does not repeat them.
std::vector<KeyRule> feature_keys() {
  const Json defaults = to_json(FeatureConfig{});
  std::vector<KeyRule> keys;
  for (const FeatureField& f : feature_config_fields())
    keys.push_back({f.name, f.type, defaults.at(f.name).dump(), f.doc});
  return keys;
}

std::vector<ObjectRule> grammar() {
  return {
      {"file",
       "One `experiments/<paper>/experiments.json`: a paper's experiments, embedded in the program "
       "at build time.",
       {
           {"paper", "text", "required", "The paper's id; the folder's name."},
           {"experiments", "{<experiment>}", "required",
            "Experiment id -> its declaration, in run order. Claim and ablation ids are unique in "
            "the paper."},
       }},
      {"experiment",
       "One experiment: what it reproduces, how it is scheduled, its protocol and the texts of "
       "its claims and ablations.",
       {
           {"description", "text", "required", "One line."},
           {"artifacts", "[text]", "required",
            "The paper's tables and figures it reproduces (\"table2\", \"figure5\")."},
           {"depends_on", "{text}", "none",
            "\"<paper>/<id>\" -> why: experiments whose results it reads; they run first."},
           {"timed", "text", "none",
            "Why its timings are published cells: it runs alone under `run --jobs N`."},
           {"in_default_set", "boolean", "true",
            "false: too costly for `run all` and `run <paper>` (naming it runs it)."},
           {"extra_solvers", "<extra-solver-support>", "required",
            "Whether solvers added with --with-solver join it, on which tasks, or why not."},
           {"figures",
            "[<figure-series> | <figure-solvers-vs-peers> | <figure-heatmap> | "
            "<figure-histogram> | <figure-convergence> | <figure-convergence-panels> | "
            "<figure-published-vs-reproduced>]",
            "none", "The figures the plot script draws from the result file."},
           {"claims", "{<claim>}", "none",
            "Claim id -> the claim as tested. An id may hold placeholders its protocol claim's "
            "`args` fill."},
           {"ablations", "{<ablation>}", "none",
            "Ablation id -> its title, adoption rule and unit."},
           {"protocol", "<protocol>", "none",
            "The data sets, methods, cells, ablation tables and claims."},
       }},
      {"extra-solver-support",
       "An experiment's `extra_solvers`: where solvers added with --with-solver run, or why they "
       "cannot.",
       {
           {"tasks", "\"binary\" | \"multiclass\"", "none",
            "One binary problem per category, or one multiclass problem (binary solvers go "
            "one-vs-rest); absent: they cannot join."},
           {"why", "text", "required",
            "Why on those tasks, or why they cannot join, in words a user can act on."},
       }},
      {"claim",
       "The text of a claim as the experiment tests it, with its bounds and the tests that decide "
       "it.",
       {
           {"claim", "text", "required",
            "The claim; `{bound}` placeholders show its bounds, others take `args`."},
           {"kind", "\"claim\" | \"correctness_check\"", "\"claim\"",
            "A claim of the paper, or a check of our own implementation."},
           {"bounds", "{number}", "{}",
            "Named numbers the text shows and the tests compare with (`after`: trace measures "
            "from that update)."},
           {"tests", "[<claim-test>]", "[]",
            "The comparisons that decide it (absent: the experiment's code gives them)."},
       }},
      {"claim-test",
       "One test of a claim: a measure for each (a, b) pair, compared with each (side, bound) by "
       "the rule of harness/results/claim_verdict.h.",
       {
           {"measure", "text | [text]", "required",
            "What a and b are compared by (a measure name; a list: each in turn)."},
           {"a", "text | [text]", "required", "Run or method name(s)."},
           {"b", "text | [text]", "none",
            "The other name(s): every (a, b) pair; `\"each later a\"` pairs each a with every "
            "later one; absent: a alone."},
           {"side", "text | [text]", "required",
            "`>`, `>=`, `<`, `<=` or `within` (|value| <= bound); a list goes with a list of "
            "bounds."},
           {"bound", "number | text | [number | text]", "required",
            "A number, a bound of the claim (`-name` its negative), or `measured` (each group's "
            "own)."},
           {"what", "text", "required",
            "The comparison's text with `{a}`, `{b}`, `{measure}`, `{group}`."},
           {"groups", "[text]", "none",
            "Shell patterns of the groups (data sets, tasks, points) it applies to."},
           {"optional", "boolean", "false",
            "A pair whose runs are not all measured is left out instead of leaving the claim "
            "undecided."},
       }},
      {"ablation",
       "The texts of an ablation; its rows come from an ablation table or the experiment's code.",
       {
           {"title", "text", "required", "The title (placeholders from the table's `args`)."},
           {"why", "text", "none",
            "The adoption rule, written before the runs (or `same_why_as`)."},
           {"same_why_as", "text", "none", "The id of an ablation whose `why` it shares."},
           {"unit", "text", "required", "The unit of its values (\"%\", \"s\")."},
       }},
      {"protocol",
       "An experiment's runs as data: data sets x methods, and what their runs fill.",
       {
           {"why", "text", "required", "Where the settings come from, for the reader."},
           {"values", "{number | text}", "{}", "Named values the rest refers to as `$name`."},
           {"supplied", "[text]", "none",
            "Values the experiment's code supplies at run time (another experiment's result)."},
           {"bias", "\"penalized\" | \"unpenalized\" | \"none\"", "\"penalized\"",
            "What a binary data set's sparsity counts: beta = (b; w) or w alone."},
           {"datasets", "[<dataset>]", "required", "The data sets and task sets."},
           {"traced", "<traced>", "none", "How methods declared `traced` are traced."},
           {"methods", "[<method>]", "required", "The methods, in run order."},
           {"fast", "boolean", "false",
            "The experiment's own summary is made in the fast subset too."},
           {"cells", "<cells>", "none", "The published cells the runs fill."},
           {"task_sources", "{<binary-categories> | <multiclass-partitions>}", "{}",
            "Task sets declared whole, by the name a data set's `tasks` gives."},
           {"ablation_tables", "[<ablation-table>]", "none", "Ablations filled from the runs."},
           {"claims", "[<protocol-claim>]", "none",
            "Claims decided and evidenced from the runs (full run only)."},
       }},
      {"traced",
       "The trace of the methods declared `traced` (binary data sets only; the test set as "
       "monitor).",
       {
           {"points", "integer | text", "required",
            "About this many trace points over n x `epochs` updates (`$name` allowed)."},
           {"config", "{any}", "{}", "Fields added to a traced run's config."},
           {"record", "{any}", "{}",
            "Fields added to a traced run's extra (as a method's `record`)."},
       }},
      {"dataset",
       "A binary data set, a task set, or data that cannot be had; its runs are named "
       "`<class>/...`.",
       {
           {"class", "text", "required",
            "Its name in run keys, cells, ablation tables and claims."},
           {"data", "text", "none", "A binary data set by name (\"a9a\") ..."},
           {"tasks", "text", "none", "... or a task set by name ..."},
           {"unavailable", "text", "none",
            "... or why its data cannot be had: nothing runs, its published cells say why."},
           {"sequential", "boolean", "false",
            "A task set runs one fit at a time, task by task (clean timings; `stop_rule`)."},
           {"values", "{number | text}", "{}", "Its own values (`$epochs`)."},
           {"fast", "boolean | <fast-subset>", "true",
            "false: not in the fast subset; or its tasks and values there."},
           {"missing", "\"marked_unavailable\"", "none",
            "When its data is not here, its published cells are marked from the published file."},
       }},
      {"fast-subset",
       "How a data set takes part in the fast subset (`linrepro run --fast`, what `regress` "
       "reruns).",
       {
           {"tasks", "integer | [text]", "every one",
            "A task set's first N tasks, or these by name (as a method's `tasks`)."},
           {"values", "{number | text}", "{}", "Values that replace its own there."},
       }},
      {"method",
       "A registered solver with its parameters, run on each data set (or those its `class` "
       "names); or, with the solver `--with-solver`, the place of the solvers a user adds with "
       "--with-solver (runs `<name>/<label>`, one per solver).",
       {
           {"name", "text", "its key without {class}/ and {task}/",
            "What cells, ablation tables and claims call its runs."},
           {"key", "text", "required",
            "Its run key `<class>/<key>`; on a task set it may hold `{task}` and `{class}`. "
            "At `--with-solver` it ends in `extra`: the runs are `<task>/extra/<label>` (on a "
            "task set without `{task}`, the task comes first)."},
           {"solver", "text", "required",
            "A registered solver (`linrepro solvers`), a method the task set knows, or "
            "`--with-solver`."},
           {"params", "{any}", "{}",
            "The solver's parameters (`$name` and `{\"reciprocal\": [...]}` resolved)."},
           {"traced", "boolean", "false", "Record a trace (binary data sets)."},
           {"fast", "boolean", "true", "false: not in the fast subset."},
           {"class", "text | [text]", "every one", "Only on this data set, or these."},
           {"lambda", "number | text | {number | text}", "none",
            "On a task set: lambda in the solver's own convention (null: the method does not "
            "run). At `--with-solver`: the lambda its solvers get: one for every loss, `task` "
            "(each task's own), or {solver: lambda} (a solver of that loss and penalty takes it; "
            "`\"--with-solver\": \"$name\"`, a supplied {label: lambda}, gives a solver the "
            "lambda the paper's protocol chose for it first)."},
           {"data", "{any}", "{}", "On a task set: the set's options for this method."},
           {"tasks", "integer | [text]", "every one",
            "On a task set: its first N tasks only, or these by name (at `--with-solver`: the "
            "tasks the paper's protocol reads)."},
           {"tags", "{number | text}", "{}",
            "Labels the summary written in code reads (zhangoles2001/table2); a tag no code reads "
            "is refused."},
           {"seed_of", "text", "none", "The method key whose run's seed it takes."},
           {"record", "{number | text}", "{}", "Fields added to its runs' extra."},
           {"stop_rule", "text", "none",
            "On a sequential task set: the rule that ends its series (`time-cap:<seconds>`)."},
           {"after", "text", "none",
            "On a task set: the experiment's named step that fits its runs again after the set's "
            "runs (`lambda-walk`, zhangoles2001/table5)."},
       }},
      {"cells",
       "Which run fills each published cell, in which unit, with which interval and evidence.",
       {
           {"values", "[<cell-value>]", "[]", "Setting cells read from declared values."},
           {"columns", "{[<cell-column>]}", "required",
            "Column set name -> its columns, in order; rows name sets."},
           {"evidence", "{<cell-evidence>}", "{}", "Evidence id -> what explains a cell."},
           {"rows", "[<cell-row>]", "[]", "The rows."},
       }},
      {"cell-column",
       "One cell of a row: its `value` read from the row's run (or another), scaled.",
       {
           {"column", "text", "required", "The published column (after the row's `prefix`)."},
           {"value", "text", "required",
            "A value expression: `metric:<name>` of the run (a ratio `over` another run's), an "
            "aggregate of the task set's runs, or `record:<a.b>` of the task set's record; "
            "`{row}` is the row's name (one set for the rows of a grid one run holds). A "
            "`train_seconds` gets its rounds' range as interval; a ratio of two runs' `error` "
            "a paired bootstrap interval over their per-document outcomes."},
           {"unit", "text", "\"\"", "The unit; `{m}` is the run's metric m."},
           {"wilson", "[text]", "none",
            "[rows metric, what they are]: Wilson's interval of a share in per cent."},
           {"note", "text", "\"\"", "The cell's note (a row's `note` replaces it)."},
           {"not_run", "text", "\"not run\"", "The note when the run is not there."},
           {"items", "text", "\"documents\"", "What a combined F1's interval counts."},
           {"optional", "boolean", "false", "Leave the cell out when its value is not there."},
       }},
      {"cell-value",
       "A published setting cell filled from a declared number.",
       {
           {"table", "text", "required", "The published table."},
           {"row", "text", "required", "The published row."},
           {"column", "text", "required", "The published column."},
           {"value", "text", "required",
            "A value expression `$name` or `$<class>.<name>`: a declared number."},
           {"unit", "text", "\"\"", "The unit."},
           {"note", "text", "\"\"", "The note."},
       }},
      {"cell-evidence",
       "The interventions measured beside the cells of the rows that name it: a peer's value, "
       "an ablation's rows (harness/judge/cell_cause.h reads them).",
       {
           {"column", "text | [text]", "none", "The columns it is about (absent: every one)."},
           {"peer", "<cell-peer>", "none", "A peer's value beside the cell."},
           {"ablation", "text", "none",
            "An ablation whose rows are other readings; those the paper's text allows can explain "
            "the cell."},
           {"ablation_column", "text", "none",
            "The ablation's column (absent: the cell's; `{row}`: the cell's row)."},
       }},
      {"cell-peer",
       "A peer run's value, shown beside a cell.",
       {
           {"value", "text", "required",
            "A value expression naming its run: `metric:<name>@<run>` on a binary data set, "
            "`<aggregate>@<run>` on a task set."},
           {"what", "text", "required", "What the peer is."},
       }},
      {"cell-row",
       "A published row: one data set's run, its cells from the named column sets. A row of "
       "the `--with-solver` method's runs is one row per solver added with --with-solver, "
       "`{solver}` in its row, prefix or columns its label, its notes saying it is not the "
       "paper's.",
       {
           {"table", "text", "required", "The published table."},
           {"row", "text", "required", "The published row."},
           {"class", "text", "required", "A declared data set."},
           {"run", "text", "required", "A declared method's run."},
           {"columns", "[text]", "required", "Column set names."},
           {"evidence", "text | [text]", "none", "Evidence ids."},
           {"note", "text", "none", "The note of every cell of the row."},
           {"prefix", "text", "none", "Cells are named `<prefix> <column>`."},
           {"fast", "boolean", "false", "Also in the fast subset."},
           {"task", "text", "none", "On a task set: that task's run only."},
       }},
      {"ablation-table",
       "A declared ablation whose rows are filled from the runs.",
       {
           {"ablation", "text", "required", "A declared ablation id."},
           {"args", "{text}", "{}", "Values of its placeholders."},
           {"class", "text", "required", "The data set whose runs fill it."},
           {"columns", "[text]", "required", "Column names."},
           {"fast", "boolean", "false", "Also in the fast subset."},
           {"rows", "[<ablation-row>]", "required", "The rows."},
           {"published", "<published-row>", "none", "The paper's row."},
           {"spread", "text", "none",
            "The rows are draws: their mean and sample sd follow (the draws' noun)."},
       }},
      {"ablation-row",
       "One row of an ablation table.",
       {
           {"row", "text", "required", "The variant."},
           {"description", "text", "required", "What it is (`{run.a.b}`, `{record.a.b}` filled)."},
           {"chosen", "boolean", "false", "The variant the cells use."},
           {"allowed", "boolean", "none",
            "Whether the paper's text admits this reading (silent on it, or naming it); only an "
            "allowed row can be a cell's measured cause. Every row of a table without `spread` "
            "says it; a spread table's draws do not."},
           {"values", "[text | null]", "required",
            "One value expression per column, naming its run (`metric:<name>@<run>`, "
            "`<aggregate>[#field]@<run>[ in <class>]`, `metric:a@x minus metric:b@y`, "
            "`a@x minus a@y`); null: no value."},
       }},
      {"published-row",
       "An ablation table's row of the paper's own numbers.",
       {
           {"description", "text", "required", "What it is."},
           {"cells", "[[text] | null]", "required",
            "One per column: [table, row, column] of a published cell."},
       }},
      {"protocol-claim",
       "A declared claim decided by its tests on the runs, with an evidence text.",
       {
           {"claim", "text", "required", "A declared claim id."},
           {"class", "text | [text]", "required",
            "The data set it reads; a list: its tests on each, grouped by data set."},
           {"evidence", "text", "\"\"", "The evidence, with evidence placeholders."},
           {"args", "{text}", "{}",
            "Values of the claim's placeholders (`{$name}`: a declared value)."},
           {"per_task", "boolean", "false",
            "Tested on each task, grouped by task, with the experiment's measures of that task's "
            "runs; a task no test's `groups` names is left out, evidence too."},
       }},
      {"binary-categories",
       "A task set: one binary task per category of a corpus view, on its standard split.",
       {
           {"kind", "\"binary-categories\"", "required", "This reader."},
           {"view", "text", "required", "A corpus view (corpora/corpus_view.h)."},
           {"features", "<features>", "required", "The features."},
           {"tasks", "[text]", "every category", "These categories, each a task."},
           {"evaluation", "\"timed\" | \"SCutFBR.1\"", "required",
            "How a run is evaluated, by name (harness/protocol/binary_categories.h): `timed` (the "
            "median thread CPU time of `repeats` fits, an optional trace, threshold 0) or "
            "`SCutFBR.1` (Yang's rule, fbr 0.1, on 5 folds of the training set)."},
           {"lambda", "number", "required", "The lambda of the O_svm every run reports."},
       },
       "binary-categories"},
      {"binary-categories-data",
       "A method's `data` on a binary-categories task set: another reading of its features.",
       {
           {"features", "<features>", "{}", "Fields that replace the task set's features."},
           {"name", "text", "none", "The reading's name (its data set record)."},
           {"repeats", "integer", "1", "Timed: this many fits, the median CPU time reported."},
           {"traced", "boolean", "false", "Timed: one more fit, traced."},
       }},
      {"multiclass-partitions",
       "A task set: a multi-class collection cut into cross-validation folds or random splits.",
       {
           {"kind", "\"multiclass-partitions\"", "required", "This reader."},
           {"name", "text", "required", "The collection's name (its seeds, the data set record)."},
           {"view", "text", "required",
            "A corpus view (corpora/corpus_view.h; `hoovers-255`: a user's copy, or unavailable "
            "saying how to supply it)."},
           {"folds", "integer", "none", "Cross-validation folds (one of folds, splits)."},
           {"splits", "integer", "none", "Random splits."},
           {"train_fraction", "number", "none", "With splits: the training share."},
           {"features", "<features>", "required", "The features, selected on each training side."},
       },
       "multiclass-partitions"},
      {"features",
       "The feature pipeline's config (features/feature_config.h: its own list of fields); every "
       "key optional.",
       feature_keys()},
      {"figure-extra-solvers",
       "How solvers added with --with-solver change a figure.",
       {
           {"only", "boolean", "false", "Drawn only when there are such solvers."},
           {"label_by", "boolean", "false",
            "Their series are marked apart (label_by solver, extra.part)."},
           {"add_to_filter", "text", "none",
            "The filter's list that takes each one's solver name."},
       }},
      {"figure-series",
       "Lines of y against x from run fields (runs sharing a line and x averaged), or from a "
       "cells table (`\"source\": \"cells\"`).",
       figure_keys({
           {"source", "\"runs\" | \"cells\"", "\"runs\"", "Runs, or a cells table."},
           {"x", "text", "none", "The run field of x (runs)."},
           {"y", "text", "none", "The run field of y (runs)."},
           {"group_by", "text | [text]", "label_by", "A line per value of this run field."},
           {"logx", "boolean", "false", "A log x axis."},
           {"logy", "boolean", "false", "A log y axis."},
           {"fit_slope", "boolean", "false", "Each line's log-log slope in its legend."},
           {"table", "text", "none", "The cells table (cells)."},
           {"x_from", "text", "\"row\"", "x from the row names, or from the columns'."},
           {"x_map", "{number}", "{}", "Name -> x for names without a number."},
           {"columns", "[text]", "none", "Only these lines."},
           {"published", "boolean", "true", "The paper's cells beside ours."},
           {"ylim", "[number]", "none", "The y range [low, high]."},
       }),
       "series"},
      {"figure-solvers-vs-peers",
       "Grouped bars: one panel per metric, a group per value of `group_by`, ours then the "
       "peers.",
       figure_keys(
           {
               {"metric", "text", "\"metrics.error\"", "The run field of the one panel."},
               {"metrics", "[text]", "none", "A panel each."},
               {"group_by", "text", "\"class\"", "The groups."},
               {"series", "text | [text]", "label_by", "The bars within a group."},
               {"logy", "boolean", "false", "Log y axes."},
           },
           {"xlabel"}),
       "solvers_vs_peers"},
      {"figure-heatmap", "A matrix per run (a confusion matrix), a panel each.",
       figure_keys({
           {"matrix", "text | [[number]]", "\"extra.confusion\"",
            "The run field of the matrix, or the matrix."},
           {"labels", "text | [any]", "\"extra.labels\"", "The rows' and columns' labels."},
           {"normalize", "text", "none", "`row`: each row divided by its sum."},
           {"annotate", "boolean", "up to 12 x 12", "Each cell's value printed."},
           {"max_panels", "integer", "4", "At most this many runs."},
           {"cmap", "text", "\"Blues\"", "The colour map."},
           {"colorbar_label", "text", "\"count\"", "The colour bar's label."},
       }),
       "heatmap"},
      {"figure-histogram", "Per run, a histogram of a list of numbers, on shared bins.",
       figure_keys(
           {
               {"values", "text", "required", "The run field of the numbers."},
               {"bins", "integer", "50", "Bins."},
               {"density", "boolean", "false", "Densities, not counts."},
               {"logy", "boolean", "false", "A log y axis."},
           },
           {"ylabel"}),
       "histogram"},
      {"figure-convergence", "One trace value of each run against time or iteration.",
       figure_keys({
           {"value", "text", "required", "The trace value (`O_svm`)."},
           {"x", "\"seconds\" | \"iteration\"", "\"seconds\"", "The x axis."},
           {"logx", "boolean", "false", "A log x axis."},
           {"logy", "boolean", "gap", "A log y axis."},
           {"reference", "number | <figure-reference>", "none", "A reference line."},
           {"reference_label", "text", "\"reference\"", "Its legend."},
           {"gap", "boolean", "false", "(value - reference) / |reference| instead."},
           {"endpoint", "text", "none",
            "Runs without a trace as one marker at (train_seconds, this field)."},
       }),
       "convergence"},
      {"figure-convergence-panels",
       "Several trace values of the same runs, a convergence panel each.",
       figure_keys(
           {
               {"panels", "[<figure-panel>]", "required", "The panels."},
               {"x", "\"seconds\" | \"iteration\"", "\"seconds\"", "The x axis."},
               {"logx", "boolean", "false", "A log x axis."},
           },
           {"ylabel"}),
       "convergence_panels"},
      {"figure-panel",
       "One panel of a convergence_panels figure.",
       {
           {"value", "text", "required", "The trace value."},
           {"ylabel", "text", "the value", "The y label."},
           {"logy", "boolean", "gap", "A log y axis."},
           {"reference", "number | <figure-reference>", "none", "A reference line."},
           {"reference_label", "text", "\"reference\"", "Its legend."},
           {"gap", "boolean", "false", "(value - reference) / |reference| instead."},
       }},
      {"figure-reference",
       "A reference number read from a run.",
       {
           {"run", "text", "required", "The run's key."},
           {"path", "text", "\"objective\"", "The run field."},
       }},
      {"figure-published-vs-reproduced",
       "This result file's cells of one table against the published ones.",
       figure_keys(
           {
               {"table", "text", "required", "The table."},
               {"mode", "text", "\"scatter\"", "`bar`: side by side; else a scatter."},
           },
           {"xlabel", "ylabel", "runs", "filter", "label_by"}),
       "published_vs_reproduced"},
  };
}

}  // namespace

const KeyRule& repetition_key() {
  static const KeyRule key = {
      "for_each", "{[any]} | [{any}]", "none",
      "On an element of a list: one element per binding of its names (an object of lists: every "
      "combination; a list of objects: each), with `$name` and `{$name}` replaced."};
  return key;
}

const std::vector<ObjectRule>& declaration_grammar() {
  static const std::vector<ObjectRule> g = grammar();
  return g;
}

const std::vector<TextForm>& declaration_text_forms() {
  static const std::vector<TextForm> forms = {
      {"value", "$name",
       "A declared value (protocol `values`, a data set's `values`, `supplied`, or `n`: the "
       "training rows); in `params`, `lambda`, `data` and `traced`.",
       "\"lambda\": \"$lambda\""},
      {"reciprocal", "{\"reciprocal\": [name, ...]}",
       "1 / the product of the named values, where a value may stand.",
       "\"C\": {\"reciprocal\": [\"lambda\", \"n\"]}"},
      {"run key", "{class}, {task}",
       "In a method's `key` on a task set: the data set's class and the task (absent `{task}`: "
       "`<key>/<task>`).",
       "\"{class}/{task}/smo\""},
      {"text placeholder", "{name}, {name:spec}",
       "In a claim's or ablation's id and texts: its bounds and `args`, formatted by fmt; `{{` is "
       "a brace.",
       "within {within} points"},
      {"note field", "{$name}, {tasks}, {record.a.b}, {aggregate.a}, {params.a}, {run.extra.a}",
       "In cell notes: a value, the task count, a field of the task set's record, the "
       "aggregate's, the run's.",
       "\"{tasks} categories\""},
      {"solver label", "{solver}",
       "In the row, prefix or column names of a row whose run is the `--with-solver` method: "
       "each added solver's label (a row per solver).",
       "\"{solver} (extra)\""},
      {"row name", "{row}",
       "In a cell column's `value`: the name of the row it is a cell of (a row per grid point, "
       "one column set).",
       "\"cv-bep:{row}@clg|100\""},
      {"unit field", "{metric}", "In a metric column's `unit`: the run's metric.",
       "\"zeros of {dimensions}\""},
      {"description field", "{run.a.b}, {record.a.b}",
       "In an ablation row's description: a field of its first run or of the task set's record.",
       "\"{run.extra.features} features\""},
      {"value expression",
       "<term>[ minus <term>| over <term>][|[scale][:format]]; term: <quantity>[@<run>][ in "
       "<class>][ at <updates>[ epochs]]; quantity: metric:<path>, record:<path>, $<name>, "
       "<aggregate>[#<field>]",
       "The one syntax of a number the runs give (harness/language/value_expression.h): a cell "
       "column's, peer's and setting cell's `value`, an ablation row's values, a claim "
       "evidence's `{...}`. `minus` subtracts, `over` divides (before the scale); a scale "
       "multiplies (`/n` divides); a format (fmt's) only in evidence. Without `@run`: the row's "
       "run; without ` in class`: the context's data set; ` at `: a metric off the run's trace, "
       "at the point nearest that many updates (epochs: times its train_rows).",
       "\"combined-micro-f1@mmlr-cg minus combined-micro-f1@smo|100\""},
      {"evidence", "{<value expression>}, {bound.name}, {task}, {class}",
       "In a protocol claim's evidence: a value expression naming a run (` in class`: on another "
       "data set), formatted (`{:.4g}` unless it gives a format), or an aggregate's text field "
       "as it is (`#times`); a bound; the task (per_task); the data set (a claim on a list of "
       "them: the evidence is given for each data set measured, \"; \"-joined). Every brace is "
       "one of these.",
       "{metric:test_error@naive|100:.2f}"},
      {"aggregate",
       "combined-micro-f1, combined-macro-f1, counts-micro-f1[:<suffix>], "
       "counts-macro-f1[:<suffix>], "
       "split-mean:<metric>, fewest:<field>, objective-lower:<method>, median-gap-to:<method>, "
       "cpu-slope, cpu-slope-within:<method>, cpu-percent-of:<method>, or the experiment's (an "
       "argument after `:` is part of its name: "
       "`time-over-mcsvm:no-evidence`)",
       "A number over a task set's runs (harness/protocol/partition_measures.h, task_measures.h, "
       "size_series.h).",
       "\"split-mean:accuracy\""},
      {"measure",
       "accuracy, error, time_ratio, metric:<name>, micro-F1, macro-F1, "
       "mean:<metric>, splits:<metric>, largest-difference:<metric>, loglog_slope, ratio_slope (a "
       "sequential task set), ... or "
       "the experiment's",
       "What a claim test compares (harness/protocol/claim_comparisons.h).", "\"time_ratio\""},
      {"stop rule", "time-cap:<seconds>",
       "A sequential series stops before a fit predicted to take longer.", "\"time-cap:60\""},
  };
  return forms;
}

}  // namespace linrepro
