/* The resume journal (journal.h). */
#include "tools/nightly/journal.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr int kJournalVersion = 1;

json HeaderLine(const json& run_identity) { return json{{"journal", kJournalVersion}, {"run", run_identity}}; }

std::string EntryLine(size_t index, const JournalEntry& e) {
  return json{{"index", index}, {"file", e.file}, {"hash", e.hash}, {"shader", e.shader}}.dump() + "\n";
}

bool ParseEntry(const json& j, size_t* index, JournalEntry* e) {
  if (!j.is_object()) return false;
  auto i = j.find("index"), f = j.find("file"), h = j.find("hash"), s = j.find("shader");
  if (i == j.end() || !i->is_number_unsigned() || f == j.end() || !f->is_string() || h == j.end() ||
      !h->is_string() || s == j.end() || !s->is_object()) {
    return false;
  }
  *index = i->get<size_t>();
  e->file = f->get<std::string>();
  e->hash = h->get<std::string>();
  e->shader = *s;
  return true;
}

bool WriteAll(std::FILE* f, const std::string& text) {
  return std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
}

}  // namespace

bool LoadJournal(const fs::path& path, const json& run_identity, JournalEntries* entries, bool* dropped_torn_line,
                 std::string* error) {
  entries->clear();
  *dropped_torn_line = false;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path.string() + ": cannot open the journal";
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  size_t pos = 0;
  int line_number = 0;
  while (pos < text.size()) {
    ++line_number;
    const size_t newline = text.find('\n', pos);
    const std::string where = path.string() + ":" + std::to_string(line_number) + ": ";
    if (newline == std::string::npos) {  // torn: the writer died mid-line
      *dropped_torn_line = true;
      break;
    }
    const json j = json::parse(text.substr(pos, newline - pos), nullptr, /*allow_exceptions=*/false);
    pos = newline + 1;
    if (line_number == 1) {
      if (j.is_discarded() || !j.is_object() || j.value("journal", 0) != kJournalVersion) {
        *error = where + "not a shaderdiff nightly journal (version " + std::to_string(kJournalVersion) + ")";
        return false;
      }
      if (!j.contains("run") || j["run"].dump() != run_identity.dump()) {
        *error = where + "the journal belongs to a run with another seed, corpus, settings or build; run without "
                 "--resume to start over";
        return false;
      }
      continue;
    }
    size_t index = 0;
    JournalEntry entry;
    if (j.is_discarded() || !ParseEntry(j, &index, &entry)) {
      *error = where + "malformed journal entry";
      return false;
    }
    if (!entries->emplace(index, std::move(entry)).second) {
      *error = where + "shader index " + std::to_string(index) + " appears twice";
      return false;
    }
  }
  if (line_number == 0) {
    *error = path.string() + ": empty journal";
    return false;
  }
  return true;
}

JournalWriter::~JournalWriter() { Close(); }

bool JournalWriter::Open(const fs::path& path, const json& run_identity, const JournalEntries& entries,
                         std::string* error) {
  Close();
  fs::path tmp = path;
  tmp += ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) {
    *error = tmp.string() + ": cannot create: " + std::strerror(errno);
    return false;
  }
  bool ok = WriteAll(f, HeaderLine(run_identity).dump() + "\n");
  for (const auto& [index, entry] : entries) ok = ok && WriteAll(f, EntryLine(index, entry));
  int write_errno = ok ? 0 : errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    write_errno = errno;
  }
  std::error_code ec;
  if (ok) fs::rename(tmp, path, ec);
  if (!ok || ec) {
    *error = path.string() + ": cannot write the journal: " + (ec ? ec.message() : std::strerror(write_errno)) +
             (fs::exists(path) ? " (the journal there is unchanged)" : "");
    fs::remove(tmp, ec);  // never leave a torn temporary behind
    return false;
  }
  file_ = std::fopen(path.c_str(), "ab");
  if (file_ == nullptr) {
    *error = path.string() + ": cannot append: " + std::strerror(errno);
    return false;
  }
  path_ = path;
  return true;
}

bool JournalWriter::Append(size_t index, const JournalEntry& entry, std::string* error) {
  if (file_ == nullptr || !WriteAll(file_, EntryLine(index, entry))) {
    // A torn last line is dropped on --resume (LoadJournal), so the journal
    // stays resumable up to the shader before this one.
    *error = path_.string() + ": cannot append to the journal: " +
             (file_ == nullptr ? std::string("not open") : std::strerror(errno)) +
             " (--resume continues from the shaders journaled before)";
    return false;
  }
  return true;
}

void JournalWriter::Close() {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
}

}  // namespace shaderdiff::nightly
