#!/usr/bin/env python3
"""Every experiments/<paper>/experiments.json validates against experiments/protocol.schema.json
(generated from the parser's grammar, harness/language/grammar_table.cpp) with Debian's
python3-jsonschema; a misspelt key or a wrong type does not; and the plot scripts accept exactly
the figure keys the grammar declares (plots/linrepro_plots/spec.py checks figures a second time,
when it draws them)."""
import copy
import glob
import json
import os
import sys
import unittest

import jsonschema

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "plots"))
from linrepro_plots import spec  # noqa: E402

with open(os.path.join(ROOT, "experiments", "protocol.schema.json")) as f:
    SCHEMA = json.load(f)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
FILES = sorted(glob.glob(os.path.join(ROOT, "experiments", "*", "experiments.json")))


def load(path):
    with open(path) as f:
        return json.load(f)


def errors(doc):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(doc)]


class ProtocolSchema(unittest.TestCase):
    def test_schema_is_a_valid_draft_2020_12_schema(self):
        jsonschema.Draft202012Validator.check_schema(SCHEMA)

    def test_every_declaration_file_validates(self):
        self.assertEqual(len(FILES), 4)
        for path in FILES:
            with self.subTest(path=os.path.relpath(path, ROOT)):
                self.assertEqual(errors(load(path)), [])

    def test_a_misspelt_key_is_refused(self):
        doc = load(os.path.join(ROOT, "experiments", "mlrcg2003", "experiments.json"))
        method = doc["experiments"]["table3"]["protocol"]["methods"][0]
        method["in_fats"] = False
        self.assertTrue(any("in_fats" in e for e in errors(doc)), errors(doc))

    def test_a_wrong_type_is_refused(self):
        doc = load(os.path.join(ROOT, "experiments", "sgdreport", "experiments.json"))
        bad = copy.deepcopy(doc)
        bad["experiments"]["tables"]["protocol"]["datasets"][0]["sequential"] = "no"
        self.assertNotEqual(errors(bad), [])

    def test_the_plot_scripts_accept_the_grammar_figure_keys(self):
        harness_only = {"why", "with_extra_solvers", "for_each"}  # read, applied and removed first
        kinds = {}
        for name, d in SCHEMA["$defs"].items():
            if name.startswith("figure-") and "kind" in d["properties"] and "const" in d["properties"]["kind"]:
                kinds[d["properties"]["kind"]["const"]] = set(d["properties"]) - harness_only
        self.assertEqual(set(kinds), set(spec.KINDS))
        for kind, keys in kinds.items():
            with self.subTest(kind=kind):
                self.assertEqual(keys, (spec.COMMON - set(spec.UNREAD.get(kind, {}))) | spec.KINDS[kind])
        self.assertEqual(set(SCHEMA["$defs"]["figure-panel"]["properties"]) - {"for_each"}, spec.PANEL_KEYS)


if __name__ == "__main__":
    unittest.main()
