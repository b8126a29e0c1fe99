#pragma once
// The checks of a protocol's cells, ablation tables and claims against the rest of its
// declaration (every run, data set, column set and evidence they name is declared; each value
// reads one thing). parse_protocol (harness/language/declared_protocol.h) calls them, so a file
// that names what it does not declare fails when it is read. A failure is a ConfigError naming the
// file, the experiment and the entry.
#include "harness/language/protocol_declaration.h"

namespace linrepro {

// p.cells: known keys, column sets, evidence, data sets and run names (a method's or a driver
// run's), a metric on a binary data set and an aggregate on a task set.
void check_protocol_cells(const DeclaredProtocol& p);
void check_protocol_ablations(const DeclaredProtocol& p);
void check_protocol_claims(const DeclaredProtocol& p);

}  // namespace linrepro
