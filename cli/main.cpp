// linrepro command line: see cli/commands.h for the subcommands.
#include "cli/commands.h"

int main(int argc, char** argv) { return linrepro::cli::run(argc, argv); }
