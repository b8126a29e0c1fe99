#include "cli/commands.h"

#include <fmt/format.h>

#include <exception>

namespace linrepro::cli {

int run(int argc, char** argv) {
  CLI::App app{
      "linrepro: reproduces four papers on linear text classification and compares them with "
      "LIBLINEAR, LIBSVM and scikit-learn on identical data."};
  app.require_subcommand(1);
  add_model_commands(app);
  add_experiment_commands(app);
  add_data_commands(app);
  add_cluster_commands(app);
  add_forget_command(app);
  add_protocol_commands(app);
  add_version_flag(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {  // data and config errors: one clear line, no stack
    fmt::print(stderr, "linrepro: error: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace linrepro::cli
