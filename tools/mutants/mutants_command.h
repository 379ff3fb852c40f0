// `shaderdiff_mutants mutants` (mutants_command.cc): the mutation score on
// the command line.
#pragma once

#include <string>
#include <vector>

namespace shaderdiff::mutants {

// `program` is how reproduction commands invoke this binary.
int RunMutants(const std::vector<std::string>& args, const std::string& program);

}  // namespace shaderdiff::mutants
