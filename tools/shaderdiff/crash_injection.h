// Test-only: stage faults that crash or hang one stage of the nightly on
// purpose, to prove that a worker's death becomes that stage's verdict, with
// a reproduction command, and that the run goes on. Linked only into
// //tools/shaderdiff:shaderdiff_fault_injected (testonly); the shipped
// `shaderdiff` binary contains none of this.
//
// A stage fault is named ACTION@STAGE and acts as STAGE begins
// (ShaderRunOptions::stage_hook), on the shaders whose XXH64 is a multiple
// of 4 (about one in four: a pure function of the shader, as a real crash
// is). ACTION:
//   segv   raise(SIGSEGV), as a wild pointer would
//   abort  raise(SIGABRT), as std::abort() and a failed assertion do
// (both with the default action, whatever handler a sanitizer installed)
//   kill   raise(SIGKILL), as the OOM killer or a user would
//   exit   std::exit(3), as a library that gives up would
//   throw  throw std::runtime_error, an exception nothing catches
//   hang   never return (until killed), as an endless loop would
// STAGE: reference, a3xx/naive, a3xx/opt; with --explore also explore (the
// exploration's reference runs), explore/a3xx/naive, explore/a3xx/opt.
//
// When the environment variable SHADERDIFF_FAULT_LOG names a file, every
// firing first appends "<file>@<stage>\n" to it, so a test can count how
// often each fault ran (for instance that --resume did not run one again).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tools/harness/corpus.h"

namespace shaderdiff::cli {

using StageFault = std::function<void(const harness::CorpusEntry&, const std::string& stage)>;

// nullptr for an unknown name.
StageFault FindStageFault(const std::string& name);

// "ACTION@STAGE" with every action and stage spelled out, for usage messages.
std::vector<std::string> StageFaultNames();

// Whether a stage fault acts on this shader.
bool StageFaultHits(const harness::CorpusEntry& entry);

}  // namespace shaderdiff::cli
