# linrepro: the user's entry point. Wraps CMake (Release, Ninja). `make help` lists the targets:
# each user-facing target carries a `## <one line>` comment after its prerequisites, which the help
# rule prints; the help rule fails when a .PHONY target has none (so the list stays complete).
BUILD     ?= build
PYTHON    ?= /usr/bin/python3
JOBS      ?= $(shell nproc)
# Experiments at once in `make experiments` / `make reproduce`. Each experiment already fits its
# runs on every core, so two at once only share the cores: on 2 cores `--jobs 2` took 1.12x as
# long as one at a time (1,226 / 1,096 s, results/bench/bench_reproduce.json). RUN_JOBS=n to try.
RUN_JOBS  ?= 1
# Unity build (CMakeLists.txt, LINREPRO_UNITY): under half the CPU time of a full build; UNITY=OFF
# recompiles file by file, quicker when one file changes.
UNITY     ?= ON
LINREPRO  := $(BUILD)/linrepro
# Every paper with published numbers; its experiments come from the registry (`linrepro run --list`).
PAPERS    := $(sort $(basename $(notdir $(wildcard results/published/*.json))))
# `make reproduce` recomputes every run on this machine (--force). After an interruption,
# `make reproduce RESUME=1` keeps the runs already finished and does only the rest.
RUN_FLAGS := $(if $(RESUME),,--force)

PHONY := all help deps configure build test unit-test plot-test regression sanitize sanitize-build \
         fuzz-build fuzz-ci fuzz-long bench data reproduce experiments studies plots compare page \
         report clean format cluster-test soak-test protocol-docs profile
.PHONY: $(PHONY)

all: build ## the default: same as `make build`

# One line per target from the `## ` comments; an undocumented .PHONY target is an error.
help: ## list these targets with one line each
	@awk -F':.*## ' '/^[a-z][a-z-]*:.*## / { printf "  make %-14s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@missing=""; for t in $(PHONY); do \
	  grep -Eq "^$$t:.*## " $(MAKEFILE_LIST) || missing="$$missing $$t"; \
	done; \
	if [ -n "$$missing" ]; then echo "help: no ## line for:$$missing" >&2; exit 1; fi

deps: ## install the Debian packages the build needs (tools/deps.sh)
	@bash tools/deps.sh

# Configures when there is no build yet or UNITY differs from the build's setting.
configure: | deps ## run CMake (Release, Ninja) into build/ (BUILD=dir for another, UNITY=OFF)
	@grep -qs '^LINREPRO_UNITY:BOOL=$(UNITY)$$' $(BUILD)/CMakeCache.txt && [ -f $(BUILD)/build.ninja ] || \
	  cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DLINREPRO_UNITY=$(UNITY)

build: deps configure ## build linrepro, the tests and the benchmarks (JOBS=n workers)
	cmake --build $(BUILD) -j $(JOBS)

unit-test: build ## the GoogleTest programs (ctest)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

plot-test: build ## the plot scripts' tests (plots/test_plots.py)
	$(PYTHON) plots/test_plots.py

# Re-runs the fast subset of the experiments and compares with the committed reference run.
regression: build ## re-run the fast subset and check it against the committed reference run
	$(LINREPRO) regress

test: unit-test plot-test regression ## unit tests, plot tests and the regression check

# The protocol language's reference and JSON Schema, generated from the parser's grammar
# (harness/language/grammar_table.cpp); the unit tests fail while the committed ones differ.
protocol-docs: build ## regenerate docs/PROTOCOL.md and experiments/protocol.schema.json
	$(LINREPRO) protocol reference > docs/PROTOCOL.md.tmp && mv docs/PROTOCOL.md.tmp docs/PROTOCOL.md
	$(LINREPRO) protocol schema > experiments/protocol.schema.json.tmp && \
	  mv experiments/protocol.schema.json.tmp experiments/protocol.schema.json

# The cluster path on a real single-node Slurm that the test installs (Debian's slurm-wlm, munge),
# starts and stops: `linrepro cluster run` vs a single process, scancel mid-round, a failing run.
# Needs root (slurmd). CI runs it.
cluster-test: build ## the Slurm path on a single-node Slurm it installs (needs root)
	bash tests/cluster/cluster_test.sh

# Result files under SIGKILL: one `linrepro run --fast` killed at 20 seeded random moments while a
# second writer of the same file runs beside it; the file must end equal to an uninterrupted run's.
# About a minute; CI runs it.
soak-test: build ## a fast experiment killed 20 times beside a second writer: same result file (~1 min)
	LINREPRO=$(LINREPRO) $(PYTHON) tests/soak/soak_test.py

# ASan + UBSan build of the unit tests (CI runs it too). The Python tests (the results page in
# Chromium, the performance table) run no C++ and are the same in any build: `make test` runs them.
sanitize-build: deps ## ASan + UBSan build of the unit tests alone (in build-asan/)
	cmake -S . -B $(BUILD)-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DLINREPRO_SANITIZE=ON -DLINREPRO_BENCH=OFF \
	  -DLINREPRO_UNITY=$(UNITY)
	cmake --build $(BUILD)-asan -j $(JOBS)

sanitize: sanitize-build ## ASan + UBSan build of the unit tests, run (in build-asan/)
	cd $(BUILD)-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) -LE 'slow|page' \
	  -E '^perf_table$$'

# libFuzzer targets (clang, ASan + UBSan) in a tree of their own: fuzz/CMakeLists.txt.
# fuzz-ci: FUZZ_SECONDS (30) per target from the committed seed corpora; a crash fails the target
# (and `make fuzz-ci`).
# fuzz-long: FUZZ_LONG_SECONDS (600) per target, every target even after a crash, then the list of
# the ones that crashed. Each target starts from the corpus it grew in earlier runs
# ($(FUZZ_BUILD)/work-<target>, kept) plus the seeds, so repeated runs go deeper.
FUZZ_BUILD   ?= $(BUILD)-fuzz
FUZZ_SECONDS ?= 30
FUZZ_LONG_SECONDS ?= 600
FUZZ_TARGETS := libsvm params reuters news webkb result_file model declarations
fuzz-build: ## build the libFuzzer targets (clang) in build-fuzz/
	@bash tools/deps.sh clang libclang-rt-14-dev
	cmake -S fuzz -B $(FUZZ_BUILD) -G Ninja -DCMAKE_CXX_COMPILER=clang++
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

# The targets run side by side, JOBS at a time (each is one process on one core): the same
# FUZZ_SECONDS each in a fraction of the wall time. Each one's output: $(FUZZ_BUILD)/fuzz-<t>.log.
fuzz-ci: fuzz-build ## run every fuzz target FUZZ_SECONDS from its seed corpus
	@printf '%s\n' $(FUZZ_TARGETS) | \
	  xargs -P $(JOBS) -I{} bash tools/fuzz-one.sh $(FUZZ_BUILD) {} $(FUZZ_SECONDS)

fuzz-long: fuzz-build ## run every fuzz target FUZZ_LONG_SECONDS (600) from its grown corpus + seeds
	@failed=""; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/work-$$t; \
	  echo "fuzz-long: fuzz_$$t for $(FUZZ_LONG_SECONDS) s"; \
	  $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_LONG_SECONDS) -max_len=4096 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/$$t- \
	    $(FUZZ_BUILD)/work-$$t fuzz/corpus/$$t || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then \
	  echo "fuzz-long: crashed:$$failed (inputs: $(FUZZ_BUILD)/<target>-crash-*)" >&2; exit 1; \
	fi

bench: build ## Google Benchmark programs and side-by-side runs against the peers; results/bench/*.json and the README's performance table
	$(PYTHON) bench/run_benchmarks.py --build $(BUILD)
	$(PYTHON) bench/process_bench.py --build $(BUILD)
	$(PYTHON) bench/python_bench.py --build $(BUILD)
	$(PYTHON) bench/reproduce_bench.py --build $(BUILD)
	$(PYTHON) bench/perf_table.py

profile: build data ## where `make reproduce`'s CPU time goes: each default experiment recomputed under perf (a copy of results/), results/bench/profile.json and the README's profile table
	@bash tools/deps.sh linux-perf
	$(PYTHON) bench/profile_reproduce.py --build $(BUILD) --jobs $(RUN_JOBS)
	$(PYTHON) bench/profile_table.py

data: build ## fetch and verify every dataset that can be had, then show their status
	$(LINREPRO) data fetch >/dev/null
	$(LINREPRO) data status

# One `run all`: RUN_JOBS experiments at once (`run --jobs`; those whose timings are published alone).
experiments: build data ## run every paper's experiments, RUN_JOBS at once (recomputes them: RESUME=1 keeps finished runs)
	@for p in $(PAPERS); do $(LINREPRO) run --list | grep -q "^$$p/" || \
	  echo "reproduce: $$p has no experiment yet (its cells show as not_run in results/REPORT.md)"; \
	done
	$(LINREPRO) run all --jobs $(RUN_JOBS) $(RUN_FLAGS)

studies: build data ## the costly studies outside the default set (ablations; `run --list` marks them)
	@for e in $$($(LINREPRO) run --list | awk '/not in the default set/ {print $$1}'); do \
	  $(LINREPRO) run $$e $(RUN_FLAGS) || exit 1; \
	done

# A paper's own plot script (analytic figures besides the declared ones), else the generic driver.
plots: ## tables/*.md and figures/*.png of every paper from the stored results
	@for p in $(PAPERS); do [ ! -d results/$$p ] && continue; \
	  script=plots/$$p.py; [ -f $$script ] || script=plots/make_figures.py; \
	  $(PYTHON) $$script results/$$p || exit 1; done

compare: build ## published vs reproduced: results/comparison.json, results/REPORT.md, results/index.html
	$(LINREPRO) compare
	$(PYTHON) plots/results_page.py --results results

# results/index.html alone, from the results as they are (no build needed): after editing the
# page's generator, or to refresh the committed page.
page: ## results/index.html alone from the results as they are (no build)
	$(PYTHON) plots/results_page.py --results results

# The report from the results already stored: no experiment is rerun. `compare` also writes the
# results page (results/index.html).
report: plots compare ## plots + compare (+ results page) from the stored results (no experiment rerun)

reproduce: experiments plots compare ## everything: build, data, every experiment, plots, compare, page
	@echo "reproduce: see results/REPORT.md, or open results/index.html in a browser"

clean: ## remove the build trees (build/, build-asan/)
	rm -rf $(BUILD) $(BUILD)-asan

format: ## clang-format every tracked C++ file; lay out every experiments.json one way
	clang-format -i $$(git ls-files '*.cpp' '*.h')
	/usr/bin/python3 tools/format_declarations.py
