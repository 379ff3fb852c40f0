// Loading the benchmark corpus (see corpus_cases.h).
#include "tools/bench/corpus_cases.h"

#include <cstdlib>
#include <iostream>

#include "compiler/tgsi/parser.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::bench {

std::vector<CorpusCase> LoadCorpusCases(uint32_t lanes, bool edges) {
  std::string root = "corpus";
  if (const char* env = std::getenv("SHADERDIFF_CORPUS")) root = env;
  else if (const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY")) root = std::string(ws) + "/corpus";
  harness::Corpus corpus;
  std::string error;
  if (!harness::LoadCorpus(root, &corpus, &error)) {
    std::cerr << error << "\n";
    std::exit(1);
  }
  std::vector<CorpusCase> cases;
  for (const harness::CorpusEntry& e : corpus.entries) {
    tgsi::ParseResult r = tgsi::ParseShader(e.text);
    if (!r.ok()) continue;
    CorpusCase c{e.name, e.hash, std::move(r.shader), {}};
    harness::VectorOptions vo{.seed = e.hash, .lanes = c.shader.processor == tgsi::Processor::kGeometry ? 1 : lanes,
                              .edges = edges};
    if (harness::GenerateVector(c.shader, vo, &c.vector, &error)) cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace shaderdiff::bench
