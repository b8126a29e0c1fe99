"""The committed results agree with the claims and ablations their papers declare
(experiments/<paper>/experiments.json, harness/language/declared_texts.h): every claim and ablation in a
committed result file, full or fast, has a declaration whose id and texts it matches (a placeholder
stands for any text), and every declaration is used by some committed file, unless some of its
experiment's data is not here. A declaration edited without a rerun, or a
result no declaration explains, fails here."""
import itertools
import json
import pathlib
import re
import sys
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HARNESS_CLAIMS = (ROOT / "harness/protocol/protocol_claims.cpp").read_text()
FIELDS = {"claims": ("claim",), "ablations": ("title", "why")}


def pattern(text):
    """The regex a declared text's filled-in form matches: fmt placeholders ("{corpus}",
    "{jump:.3f}") match any text, doubled braces a literal one."""
    out, i = "", 0
    for m in re.finditer(r"\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*(?::[^{}]*)?\}", text):
        out += re.escape(text[i:m.start()])
        tok = m.group(0)
        out += re.escape(tok[0]) if tok in ("{{", "}}") else ".*?"
        i = m.end()
    return re.compile(out + re.escape(text[i:]) + r"\Z", re.S)


def with_bounds(entry):
    """A claim's text with its declared bounds filled in, as fmt prints them ("{}": shortest form,
    no ".0"; "{:g}" alike): the committed text must show the number that decides."""
    def value(m):
        v = entry["bounds"][m.group(1)]
        if not m.group(2) or m.group(2) in (":", ":g"):
            return repr(v)[:-2] if isinstance(v, float) and v.is_integer() else repr(v)
        return format(v, m.group(2)[1:])
    names = "|".join(map(re.escape, entry.get("bounds", {})))
    return re.sub(r"\{(" + names + r")(:[^{}]*)?\}", value, entry["claim"]) if names else entry["claim"]


def repeated(j):
    """`j` with each list element that carries "for_each" expanded as the parser does
    (harness/language/repetition.h): one element per binding, "$name" and "{$name}" replaced."""
    if isinstance(j, dict):
        return {k: repeated(v) for k, v in j.items()}
    if not isinstance(j, list):
        return j
    out = []
    for e in j:
        if not (isinstance(e, dict) and "for_each" in e):
            out.append(repeated(e))
            continue
        each = e["for_each"]
        if isinstance(each, dict):  # every combination, the names in alphabetical order
            names = sorted(each)
            each = [dict(zip(names, values)) for values in itertools.product(*(each[n] for n in names))]
        body = {k: v for k, v in e.items() if k != "for_each"}
        for binding in each:
            out.append(repeated(bound(body, binding)))
    return out


def bound(j, binding):
    if isinstance(j, dict):
        return {k: bound(v, binding) for k, v in j.items()}
    if isinstance(j, list):
        return [bound(v, binding) for v in j]
    if isinstance(j, str):
        if j.startswith("$") and j[1:] in binding:
            return binding[j[1:]]
        for name, value in binding.items():
            j = j.replace("{$" + name + "}", value if isinstance(value, str) else json.dumps(value))
    return j


def declarations():
    """paper -> section -> {declared id: (experiment, entry)}, same_why_as resolved."""
    out = {}
    for path in sorted(ROOT.glob("experiments/*/experiments.json")):
        doc = repeated(json.loads(path.read_text()))
        paper = out.setdefault(doc["paper"], {s: {} for s in FIELDS})
        for experiment, e in doc["experiments"].items():
            for section in FIELDS:
                for key, entry in e.get(section, {}).items():
                    paper[section][key] = (experiment, dict(entry))
        for _, entry in paper["claims"].values():
            entry["claim"] = with_bounds(entry)
        for _, entry in paper["ablations"].values():
            if "same_why_as" in entry:
                entry["why"] = paper["ablations"][entry["same_why_as"]][1]["why"]
    return out


def unavailable(paper, experiment):
    """Some of the experiment's committed cells are data_unavailable: a claim about the data that
    is not here (RCV1, Hoovers-255) is in no committed file."""
    path = ROOT / "results" / paper / f"{experiment}.json"
    cells = json.loads(path.read_text()).get("cells", []) if path.exists() else []
    return any(c.get("status") == "data_unavailable" for c in cells)


class CommittedTexts(unittest.TestCase):
    def test_every_committed_claim_and_ablation_is_declared_and_every_declaration_used(self):
        decl = declarations()
        used, checked, tested = set(), 0, 0
        for paper, sections in decl.items():
            for path in sorted((ROOT / "results" / paper).glob("**/*.json")):
                if "shards" in path.parts:
                    continue
                doc = json.loads(path.read_text())
                for section, fields in FIELDS.items():
                    for item in doc.get(section, []):
                        where = f"{path.relative_to(ROOT)} {section} {item['id']}"
                        # An id declared as it stands is that declaration; else one pattern.
                        keys = ([item["id"]] if item["id"] in sections[section] else
                                [k for k in sections[section] if pattern(k).match(item["id"])])
                        self.assertEqual(len(keys), 1, f"{where}: declared as {keys}")
                        _, entry = sections[section][keys[0]]
                        for field in fields:
                            self.assertRegex(item[field], pattern(entry[field]), f"{where}: {field}")
                        if section == "ablations":
                            self.assertEqual(item["unit"], entry["unit"], f"{where}: unit")
                        else:
                            self.assertEqual(item.get("kind", "claim"), entry.get("kind", "claim"),
                                             f"{where}: kind")
                            tested += self.check_declared_tests(item, entry, where)
                        used.add((paper, section, keys[0]))
                        checked += 1
        unused = [(p, s, k) for p, sections in decl.items() for s, d in sections.items()
                  for k, (experiment, _) in d.items()
                  if (p, s, k) not in used and not unavailable(p, experiment)]
        self.assertEqual(unused, [], "declared, in no committed result file, and the data is here")
        self.assertGreater(checked, 80)
        self.assertGreater(tested, 100, "committed comparisons checked against declared tests")

    def check_declared_tests(self, item, entry, where):
        """A claim decided by declared tests (harness/protocol/claim_comparisons.h): each committed comparison
        is one of them, so tests edited without a rerun fail here."""
        tests = entry.get("tests")
        if not tests:
            return 0
        whats = [pattern(t["what"]) for t in tests]
        comparisons = item.get("comparisons", [])
        self.assertTrue(comparisons, f"{where}: declares tests but holds no comparison")
        for c in comparisons:
            self.assertTrue(any(w.match(c["what"]) for w in whats),
                            f"{where}: comparison {c['what']!r} is none of the declared tests")
        return len(comparisons)

    def test_every_declared_bound_is_read_by_its_papers_drivers_or_tests(self):
        # A bound nothing reads would be edited in the declaration and decide nothing.
        checked = 0
        for path in sorted(ROOT.glob("experiments/*/experiments.json")):
            doc = json.loads(path.read_text())
            # The paper's code, and the harness's, which reads a bound of any protocol claim
            # ("after": harness/protocol/protocol_claims.cpp).
            code = "".join(p.read_text() for p in path.parent.glob("*.cpp")) + HARNESS_CLAIMS
            for experiment in doc["experiments"].values():
                for key, entry in experiment.get("claims", {}).items():
                    tested = set()
                    for t in entry.get("tests", []):
                        for b in t["bound"] if isinstance(t["bound"], list) else [t["bound"]]:
                            if isinstance(b, str):
                                tested.add(b.lstrip("-"))
                    for name in entry.get("bounds", {}):
                        self.assertTrue(f'bound("{name}")' in code or name in tested,
                                        f"{doc['paper']} claim {key}: nothing reads bound {name}")
                        checked += 1
        self.assertGreater(checked, 25)

    def test_a_bound_shows_in_the_text_as_fmt_prints_it(self):
        entry = {"claim": "within {within} points, {percent}% and {ratio:g}, {other}",
                 "bounds": {"within": 1.5, "percent": 90, "ratio": 3.0}}
        self.assertEqual(with_bounds(entry), "within 1.5 points, 90% and 3, {other}")

    def test_a_placeholder_matches_any_value_and_nothing_else_moves(self):
        p = pattern("Figure {figure} ({corpus_title}): jump ({jump:.3f}) {{literal}}")
        self.assertTrue(p.match("Figure 9 (20NG): jump (0.123) {literal}"))
        self.assertFalse(p.match("Figure 9 (20NG): jump (0.123) {literal} and more"))
        self.assertFalse(p.match("Figure 9 (20NG) jump (0.123) {literal}"))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
