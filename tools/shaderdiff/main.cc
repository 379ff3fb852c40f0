// shaderdiff: the command line of the differential shader emulator and
// validation harness. `shaderdiff --help` lists the subcommands
// (subcommands.cc); each has its own --help.
#include <string>
#include <vector>

#include "tools/shaderdiff/subcommands.h"

int main(int argc, char** argv) { return shaderdiff::cli::Dispatch(std::vector<std::string>(argv + 1, argv + argc)); }
