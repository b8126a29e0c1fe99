# linrepro: the user's entry point. Wraps CMake (Release, Ninja).
#   make reproduce   deps, build, data, every experiment, plots, compare -> results/REPORT.md and
#                    the browsable page results/index.html
#   make test        deps, build, unit tests, plot-script test, regression check vs the reference run
BUILD     ?= build
PYTHON    ?= /usr/bin/python3
JOBS      ?= $(shell nproc)
LINREPRO  := $(BUILD)/linrepro
PAPERS    := mlrcg2003 zhangoles2001 graphsvm2002 sgdreport
# `make reproduce` recomputes every run on this machine (--force). After an interruption,
# `make reproduce RESUME=1` keeps the runs already finished and does only the rest.
RUN_FLAGS := $(if $(RESUME),,--force)

.PHONY: all deps configure build test unit-test plot-test regression sanitize fuzz-build fuzz-ci bench \
        data reproduce experiments plots compare page report clean format cluster-test

all: build

deps:
	@bash tools/deps.sh

$(BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release

configure: $(BUILD)/build.ninja

build: deps configure
	cmake --build $(BUILD) -j $(JOBS)

unit-test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

plot-test: build
	$(PYTHON) plots/test_plots.py

# Re-runs the fast subset of the experiments and compares with the committed reference run.
regression: build
	$(LINREPRO) regress

test: unit-test plot-test regression

# The cluster path on a real single-node Slurm that the test installs (Debian's slurm-wlm, munge),
# starts and stops: `linrepro cluster run` vs a single process, scancel mid-round, a failing run.
# Needs root (slurmd). CI runs it.
cluster-test: build
	bash tests/cluster/cluster_test.sh

# ASan + UBSan build of the unit tests (CI runs it too).
sanitize: deps
	cmake -S . -B $(BUILD)-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DLINREPRO_SANITIZE=ON -DLINREPRO_BENCH=OFF
	cmake --build $(BUILD)-asan -j $(JOBS)
	cd $(BUILD)-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) -LE slow

# libFuzzer targets (clang, ASan + UBSan) in a tree of their own: fuzz/CMakeLists.txt.
# fuzz-ci: FUZZ_SECONDS (30) per target from the committed seed corpora; a crash fails the target.
FUZZ_BUILD   ?= $(BUILD)-fuzz
FUZZ_SECONDS ?= 30
FUZZ_TARGETS := libsvm params reuters news webkb result_file
fuzz-build:
	@bash tools/deps.sh clang libclang-rt-14-dev
	cmake -S fuzz -B $(FUZZ_BUILD) -G Ninja -DCMAKE_CXX_COMPILER=clang++
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

fuzz-ci: fuzz-build
	set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/work-$$t; \
	  $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	    -artifact_prefix=$(FUZZ_BUILD)/ $(FUZZ_BUILD)/work-$$t fuzz/corpus/$$t; \
	done

bench: build
	$(PYTHON) bench/run_benchmarks.py --build $(BUILD)

data: build
	$(LINREPRO) data fetch >/dev/null
	$(LINREPRO) data status

experiments: build data
	@for p in $(PAPERS); do \
	  if $(LINREPRO) run --list | grep -q "^$$p/"; then $(LINREPRO) run $$p $(RUN_FLAGS) || exit 1; \
	  else echo "reproduce: $$p has no experiment yet (its cells show as not_run in results/REPORT.md)"; fi; \
	done

plots:
	@for p in $(PAPERS); do [ ! -d results/$$p ] || $(PYTHON) plots/$$p.py results/$$p || exit 1; done

compare: build
	$(LINREPRO) compare
	$(PYTHON) plots/results_page.py --results results

# results/index.html alone, from the results as they are (no build needed): after editing the
# page's generator, or to refresh the committed page.
page:
	$(PYTHON) plots/results_page.py --results results

reproduce: experiments plots compare
	@echo "reproduce: see results/REPORT.md, or open results/index.html in a browser"

clean:
	rm -rf $(BUILD) $(BUILD)-asan

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')
