#!/usr/bin/python3
"""The results page in a real browser (Debian's headless Chromium).

1. The page generated from the committed results (into <build>/page/index.html, with image paths
   back to the results) is opened at #status=outside: it must load with no console message and no
   uncaught error, and show exactly as many cell rows, and say so in #shown-count, as
   results/comparison.json has cells with status "outside" (each counted once: the summary's
   `outside` plus the duplicates). The unfiltered view must show every cell; a screenshot of it is
   saved (default build/results-page.png) for a person to look at.
2. The error check can fail: the same page with an injected script error must be caught.
3. Every experiment's provenance, opened, draws one row per run of the run files.
4. Escaping in the browser: a synthetic page whose notes hold markup shows them as text.
5. A user's solvers: a synthetic page with two solvers added with --with-solver shows them in one
   grid beside the paper's methods, found by searching for either label (and hidden by a search
   for neither); a screenshot of that view is saved beside the other (results-page-solvers.png).

Chromium prints the page's console messages and uncaught exceptions to stderr with
--enable-logging=stderr as `...:INFO:CONSOLE:<line>] "<message>", source: <url> (<line>)` (every
level alike, in Chromium 156): the page logs nothing, so any such line fails the test.

Without chromium the test is skipped (exit 77) unless the environment variable CI is set: in CI,
where `make deps` installs it, a missing chromium fails.

Run: /usr/bin/python3 tests/page/browser_test.py [--results DIR] [--build DIR] [--screenshot PNG]"""
import argparse
import html.parser
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "plots"))
sys.path.insert(0, str(HERE))

import page_fixture  # noqa: E402
import results_page  # noqa: E402

SKIP = 77  # ctest SKIP_RETURN_CODE
CONSOLE_LINE = re.compile(r":CONSOLE[:(]|Uncaught ")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
TIMEOUT_SECONDS = 120


class Failure(Exception):
    pass


def in_ci():
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def find_chromium():
    for name in (os.environ.get("LINREPRO_CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def run_chromium(chromium, url, extra):
    """Runs headless Chromium once with a throw-away profile; returns (stdout, stderr). The whole
    process group is killed afterwards (and on a timeout), so no renderer or zygote outlives it."""
    with tempfile.TemporaryDirectory(prefix="linrepro-chromium-") as profile:
        argv = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                "--v=0", f"--user-data-dir={profile}", "--no-first-run",
                "--virtual-time-budget=10000"] + extra + [url]
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        try:
            out, err = proc.communicate(timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise Failure(f"chromium did not finish within {TIMEOUT_SECONDS} s: {url}") from None
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    if proc.returncode != 0:
        raise Failure(f"chromium exited with {proc.returncode} on {url}:\n{err.decode(errors='replace')[-2000:]}")
    return out.decode("utf-8", errors="replace"), err.decode("utf-8", errors="replace")


def console_lines(stderr):
    return [line for line in stderr.splitlines() if CONSOLE_LINE.search(line)]


class DomFacts(html.parser.HTMLParser):
    """From Chromium's --dump-dom: the cell rows (shown or hidden), #shown-count's text, the text of
    #page-errors, and whether an element named by the synthetic test's hostile note exists."""

    def __init__(self):
        super().__init__()
        self.rows_shown = self.rows_hidden = self.run_rows = 0
        self.ablation_rows = self.chosen_rows = self.unmatched_rows = 0
        self.solver_views_shown = self.solver_views_hidden = self.extra_cells = 0
        self.bodies = []  # per <tbody>, the comparison.json indices of its shown cell rows, in order
        self.shown_count = None
        self.errors = ""
        self.hostile_img = False
        self._capture = None
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tbody":
            self.bodies.append([])
        if tag == "tr" and "cell-row" in (a.get("class") or "").split():
            if "hidden" in a:
                self.rows_hidden += 1
            else:
                self.rows_shown += 1
                self.bodies[-1].append(int(a["data-index"]))
        classes = (a.get("class") or "").split()
        if tag == "tr" and "run-row" in classes:
            self.run_rows += 1
        if tag == "tr" and "ablation-row" in classes:
            self.ablation_rows += 1
            self.chosen_rows += "chosen" in classes
        if tag == "tr" and "unmatched-row" in classes:
            self.unmatched_rows += 1
        if tag == "div" and "solver-view" in classes:
            if "hidden" in a:
                self.solver_views_hidden += 1
            else:
                self.solver_views_shown += 1
        if tag == "td" and "extra-cell" in classes:
            self.extra_cells += 1
        if tag == "img" and a.get("src") == "x":
            self.hostile_img = True
        if a.get("id") in ("shown-count", "page-errors"):
            self._capture, self._depth = a["id"], 0
            if a["id"] == "shown-count":
                self.shown_count = ""
        elif self._capture:
            self._depth += 1

    def handle_endtag(self, tag):
        if self._capture:
            if self._depth == 0:
                self._capture = None
            else:
                self._depth -= 1

    def handle_data(self, data):
        if self._capture == "shown-count":
            self.shown_count += data
        elif self._capture == "page-errors":
            self.errors += data


def open_page(chromium, page, fragment=""):
    """The DOM of `page` at `fragment` after its script ran, and the console lines it caused."""
    dom, err = run_chromium(chromium, page.resolve().as_uri() + fragment, ["--dump-dom"])
    facts = DomFacts()
    facts.feed(dom)
    if facts.rows_shown + facts.rows_hidden == 0:
        raise Failure(f"{page}{fragment}: no cell rows in the DOM (did the script run?)\n{err[-2000:]}")
    return facts, console_lines(err), dom


def expect(cond, message):
    if not cond:
        raise Failure(message)


def check_clean(facts, console, where):
    expect(not console, f"{where}: console messages or uncaught errors:\n" + "\n".join(console))
    expect(not facts.errors.strip(), f"{where}: the page reports an error: {facts.errors.strip()}")


def test_committed_results(chromium, results, build, screenshot):
    comparison = json.loads((results / "comparison.json").read_text())
    cells = comparison["cells"]
    outside = [c for c in cells if c["status"] == "outside"]
    page = build / "page" / "index.html"
    size = results_page.write_page(results, page)
    print(f"page: {page} ({size / 1e6:.2f} MB), {len(cells)} cells, {len(outside)} outside")

    facts, console, _ = open_page(chromium, page, "#status=outside")
    check_clean(facts, console, "#status=outside")
    expect(facts.shown_count == str(len(outside)),
           f"#shown-count says {facts.shown_count!r}, comparison.json has {len(outside)} outside cells")
    expect(facts.rows_shown == len(outside),
           f"{facts.rows_shown} rows shown at #status=outside, comparison.json has {len(outside)}")
    summary = comparison.get("summary") or {}
    if any("outside" in s for s in summary.values()):
        counted = sum(s.get("outside", 0) for s in summary.values())
        duplicates = sum(1 for c in outside if c.get("duplicate_of"))
        expect(counted + duplicates == facts.rows_shown,
               f"summary counts {counted} outside (+{duplicates} duplicates), the page shows "
               f"{facts.rows_shown}")
    print(f"ok: #status=outside shows {facts.rows_shown} rows, #shown-count {facts.shown_count}, "
          f"no console message")

    facts, console, _ = open_page(chromium, page, "#sort=delta&dir=desc")
    check_clean(facts, console, "unfiltered")
    expect(facts.rows_shown == len(cells) and facts.shown_count == str(len(cells)),
           f"unfiltered: {facts.rows_shown} rows shown ({facts.shown_count}), expected {len(cells)}")
    for body in facts.bodies:  # each table sorted by delta, largest first, cells without one last
        deltas = [cells[i]["delta"] for i in body]
        numbers = [d for d in deltas if d is not None]
        expect(numbers == sorted(numbers, reverse=True) and deltas[len(numbers):] == [None] * (len(deltas) - len(numbers)),
               f"#sort=delta&dir=desc: a table's rows are not in descending delta order: {deltas}")
    print(f"ok: unfiltered shows all {len(cells)} rows, each table sorted by delta (#sort=delta&dir=desc)")
    ablations = comparison.get("ablations") or []
    rows = sum(len(a["rows"]) for a in ablations)
    chosen = sum(1 for a in ablations for r in a["rows"] if r.get("chosen"))
    expect(facts.ablation_rows == rows and facts.chosen_rows == chosen,
           f"{facts.ablation_rows} ablation rows ({facts.chosen_rows} chosen) drawn, comparison.json "
           f"has {rows} ({chosen} chosen) in {len(ablations)} ablations")
    print(f"ok: {len(ablations)} ablations drawn, {rows} rows, {chosen} marked as used by the cells")

    screenshot.unlink(missing_ok=True)
    _, err = run_chromium(chromium, page.resolve().as_uri(),
                          [f"--screenshot={screenshot.resolve()}", "--window-size=1400,2200"])
    expect(not console_lines(err), "screenshot run: " + "\n".join(console_lines(err)))
    expect(screenshot.exists() and screenshot.read_bytes()[:8] == PNG_MAGIC
           and screenshot.stat().st_size > 20000, f"no real screenshot at {screenshot}")
    print(f"ok: screenshot {screenshot} ({screenshot.stat().st_size} bytes)")
    return page


def test_injected_error_is_caught(chromium, page):
    broken = page.with_name("injected-error.html")
    text = page.read_text(encoding="utf-8")
    broken.write_text(text.replace("</body>", "<script>null.injected();</script>\n</body>"),
                      encoding="utf-8")
    facts, console, _ = open_page(chromium, broken)
    expect(any("Uncaught" in line for line in console),
           "an injected script error was not seen in Chromium's log: the error check cannot fail")
    expect("injected" in facts.errors, "an injected script error did not show in #page-errors")
    broken.unlink()
    print("ok: an injected script error is caught (console and #page-errors)")


def test_provenance_opens(chromium, results, page):
    """Every experiment's provenance opened at once (as a reader clicking each), and each paper's
    list of produced cells without a published number: drawn without an error, one row per run of
    the run files and one per unmatched cell of comparison.json."""
    runs = 0
    for path in sorted(results.glob("*/*.json")):
        if path.parent.name != "published":
            runs += len(json.loads(path.read_text()).get("runs") or [])
    opened = page.with_name("provenance-open.html")
    opened.write_text(page.read_text(encoding="utf-8").replace(
        "</body>", "<script>document.querySelectorAll('details.prov').forEach("
        "function (d) { d.open = true; });</script>\n</body>"), encoding="utf-8")
    facts, console, _ = open_page(chromium, opened)
    check_clean(facts, console, "provenance opened")
    expect(facts.run_rows == runs, f"{facts.run_rows} run rows drawn, the run files have {runs}")
    unmatched = len(json.loads((results / "comparison.json").read_text()).get("unmatched") or [])
    expect(facts.unmatched_rows == unmatched,
           f"{facts.unmatched_rows} unpublished cells drawn, comparison.json has {unmatched}")
    opened.unlink()
    print(f"ok: every experiment's provenance opens, {runs} runs drawn; {unmatched} unpublished cells")


def test_escaping(chromium, build):
    root = build / "page-escaping"
    shutil.rmtree(root, ignore_errors=True)
    results = page_fixture.write(root)
    page = results / "index.html"
    results_page.write_page(results, page)
    facts, console, dom = open_page(chromium, page, "#status=within")
    check_clean(facts, console, "synthetic page")
    expect(not facts.hostile_img, "a note's <img> became an element: the page does not escape text")
    expect("<title>linrepro: published vs reproduced</title>" in dom,
           "a note's script ran (it renames the page)")
    expect("&lt;img src=x" in dom, "the note with markup is not shown as text")
    expect(facts.rows_shown == 1 and facts.shown_count == "1",
           f"synthetic #status=within: {facts.rows_shown} rows, expected 1")
    shutil.rmtree(root)
    print("ok: notes with < > & and a script tag show as text")


def test_extra_solvers(chromium, build, screenshot):
    root = build / "page-solvers"
    shutil.rmtree(root, ignore_errors=True)
    results = page_fixture.write(root, extra_solvers=True)
    page = results / "index.html"
    results_page.write_page(results, page)
    mine, spec = page_fixture.EXTRA_SOLVERS
    for query in (mine, "linearsvc"):
        facts, console, dom = open_page(chromium, page, "#q=" + query)
        check_clean(facts, console, f"#q={query}")
        expect(facts.solver_views_shown == 1 and facts.solver_views_hidden == 0,
               f"#q={query}: {facts.solver_views_shown} solver views shown, expected 1")
        expect(facts.extra_cells == 4, f"#q={query}: {facts.extra_cells} cells of the two solvers "
                                       "drawn, expected 4 (2 rows x 2 solvers)")
        expect(mine in dom and spec in dom and "paper 1%" in dom,
               f"#q={query}: the view lacks a solver's label or the paper's published value")
    facts, console, _ = open_page(chromium, page, "#q=no-such-solver")
    check_clean(facts, console, "#q=no-such-solver")
    expect(facts.solver_views_shown == 0 and facts.solver_views_hidden == 1,
           "#q=no-such-solver: the solvers' view is not hidden: the search cannot fail")
    shot = screenshot.with_name(screenshot.stem + "-solvers.png")
    shot.unlink(missing_ok=True)
    _, err = run_chromium(chromium, page.resolve().as_uri() + "#q=" + mine,
                          [f"--screenshot={shot.resolve()}", "--window-size=1200,900"])
    expect(not console_lines(err), "solvers screenshot: " + "\n".join(console_lines(err)))
    expect(shot.exists() and shot.read_bytes()[:8] == PNG_MAGIC, f"no screenshot at {shot}")
    shutil.rmtree(root)
    print(f"ok: two extra solvers beside the paper's methods, found by search; screenshot {shot}")


def main():
    ap = argparse.ArgumentParser(description="results page browser test")
    ap.add_argument("--results", default=str(ROOT / "results"))
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--screenshot", help="default: <build>/results-page.png")
    args = ap.parse_args()
    build = Path(args.build)
    screenshot = Path(args.screenshot) if args.screenshot else build / "results-page.png"

    chromium = find_chromium()
    if not chromium:
        if in_ci():
            print("FAIL: chromium not found and CI is set: `make deps` installs Debian's chromium")
            return 1
        print("SKIP: chromium not found (install Debian's chromium: `make deps`)")
        return SKIP
    try:
        page = test_committed_results(chromium, Path(args.results), build, screenshot)
        test_injected_error_is_caught(chromium, page)
        test_provenance_opens(chromium, Path(args.results), page)
        test_escaping(chromium, build)
        test_extra_solvers(chromium, build, screenshot)
    except (Failure, results_page.PageError) as e:
        print(f"FAIL: {e}")
        return 1
    print("browser test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
