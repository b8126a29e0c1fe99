#pragma once
// The `linrepro` subcommands. Each cmd_*.cpp adds its group to the CLI11 app.
#include <CLI/CLI.hpp>

namespace linrepro::cli {

int run(int argc, char** argv);

void add_model_commands(CLI::App& app);  // solvers, train, predict, eval  (cmd_models.cpp)
void add_experiment_commands(
    CLI::App& app);                     // run, plan, merge, compare, regress (cmd_experiments.cpp)
void add_data_commands(CLI::App& app);  // data status|fetch, export      (cmd_data.cpp)
void add_cluster_commands(CLI::App& app);   // cluster run                    (cmd_cluster.cpp)
void add_forget_command(CLI::App& app);     // forget --solver                (cmd_forget.cpp)
void add_protocol_commands(CLI::App& app);  // protocol reference|schema|check (cmd_protocol.cpp)
void add_version_flag(CLI::App& app);       // --version                      (cmd_version.cpp)

}  // namespace linrepro::cli
