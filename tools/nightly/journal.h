/* The resume journal of a run: `journal.jsonl` in the run folder.

   Line 1 is a header naming what the results depend on:
     {"journal": 1, "run": {"seed": ..., "corpus_hash": ..., "settings": {...}, "build": ...}}
   and every further line is one finished shader, written and flushed as
   soon as the shader is done:
     {"index": 17, "file": "shaders/0a1b....tgsi", "hash": "0a1b...", "shader": {...report entry...}}
   `index` is the shader's position in the corpus (corpus order), `shader`
   exactly the object the report lists for it.

   Resuming reads the journal back: the header must equal the new run's (same
   seed, corpus hash, settings and build), or the journal belongs to another
   run and is refused. A last line without its newline (the process died while
   writing it) is dropped; any other malformed line is an error. After
   loading, the journal is rewritten without the dropped line (temp file +
   rename) before appending resumes, so a torn line never merges with the
   next one.

   Invariants: each appended line is complete and flushed before Append
   returns; entries are unique by index (a later line for the same index is
   an error). Not thread-safe: callers serialise Append. */
#pragma once

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace shaderdiff::nightly {

struct JournalEntry {
  std::string file, hash;
  nlohmann::json shader;
};

// index -> entry
using JournalEntries = std::map<size_t, JournalEntry>;

// Loads `path`. Returns false with *error ("PATH:LINE: problem") if the file
// cannot be read, its header differs from `run_identity`, or a line (other
// than a torn last one) is malformed. *dropped_torn_line tells whether a last
// line was dropped.
bool LoadJournal(const std::filesystem::path& path, const nlohmann::json& run_identity, JournalEntries* entries,
                 bool* dropped_torn_line, std::string* error);

class JournalWriter {
 public:
  JournalWriter() = default;
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  // Writes the header and `entries` to a temp file, renames it over `path`,
  // then keeps it open for appending.
  bool Open(const std::filesystem::path& path, const nlohmann::json& run_identity, const JournalEntries& entries,
            std::string* error);
  // Appends one line and flushes it.
  bool Append(size_t index, const JournalEntry& entry, std::string* error);
  void Close();

 private:
  std::FILE* file_ = nullptr;
  std::filesystem::path path_;
};

}  // namespace shaderdiff::nightly
