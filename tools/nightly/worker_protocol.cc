/* The parent/worker messages (worker_protocol.h). */
#include "tools/nightly/worker_protocol.h"

#include <charconv>

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

std::string Line(const json& j) { return j.dump() + "\n"; }

bool ParseSize(const char* begin, const char* end, size_t* value) {
  auto [ptr, ec] = std::from_chars(begin, end, *value);
  return ec == std::errc() && ptr == end && begin != end;
}

bool Number(const json& j, const char* key, double* out) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return false;
  *out = it->get<double>();
  return true;
}

bool Count(const json& j, const char* key, uint64_t* out) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned()) return false;
  *out = it->get<uint64_t>();
  return true;
}

}  // namespace

std::string TaskLine(size_t k, size_t first_check) {
  return std::to_string(k) + " " + std::to_string(first_check) + "\n";
}

bool ParseTaskLine(const std::string& line, size_t* k, size_t* first_check) {
  const size_t space = line.find(' ');
  if (space == std::string::npos) return false;
  const char* text = line.data();
  return ParseSize(text, text + space, k) && ParseSize(text + space + 1, text + line.size(), first_check);
}

std::string ReferenceMessage(const ReferencePart& p) {
  return Line(json{{"reference", p.entry},
                   {"checks_follow", p.checks_follow},
                   {"vectors", p.vectors},
                   {"seconds", p.seconds},
                   {"lane_instructions", p.lane_instructions}});
}

std::string CheckMessage(const CheckPart& p) {
  return Line(json{{"check", p.config}, {"result", p.check}, {"seconds", p.seconds}});
}

std::string ExploreReferenceMessage(const ExploreReferencePart& p) {
  return Line(json{{"explore_reference", p.explore},
                   {"finding", p.finding},
                   {"checks_follow", p.checks_follow},
                   {"vectors", p.vectors},
                   {"seconds", p.seconds}});
}

std::string ExploreCheckMessage(const ExploreCheckPart& p) {
  return Line(json{{"explore_check", p.config}, {"finding", p.finding}, {"seconds", p.seconds}});
}

std::string ExceptionMessage(const std::string& what) { return Line(json{{"exception", what}}); }

std::string DoneMessage() { return Line(json{{"done", true}}); }

bool ParseWorkerMessage(const std::string& line, WorkerMessage* m, std::string* error) {
  *m = WorkerMessage{};
  json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  auto bad = [&](const char* why) {
    *error = std::string("malformed worker message (") + why + "): " + line.substr(0, 200);
    return false;
  };
  if (!j.is_object() || j.size() == 0) return bad("not a JSON object");
  if (auto it = j.find("reference"); it != j.end()) {
    auto follow = j.find("checks_follow");
    if (!it->is_object() || follow == j.end() || !follow->is_boolean() ||
        !Count(j, "vectors", &m->reference.vectors) || !Number(j, "seconds", &m->reference.seconds) ||
        !Count(j, "lane_instructions", &m->reference.lane_instructions)) {
      return bad("reference");
    }
    m->kind = WorkerMessage::Kind::kReference;
    m->reference.entry = std::move(*it);
    m->reference.checks_follow = follow->get<bool>();
    return true;
  }
  if (auto it = j.find("check"); it != j.end()) {
    auto result = j.find("result");
    if (!it->is_string() || result == j.end() || !result->is_object() || !Number(j, "seconds", &m->check.seconds)) {
      return bad("check");
    }
    m->kind = WorkerMessage::Kind::kCheck;
    m->check.config = it->get<std::string>();
    m->check.check = std::move(*result);
    return true;
  }
  if (auto it = j.find("explore_reference"); it != j.end()) {
    auto finding = j.find("finding");
    auto follow = j.find("checks_follow");
    if (!it->is_object() || finding == j.end() || !(finding->is_null() || finding->is_object()) ||
        follow == j.end() || !follow->is_boolean() || !Count(j, "vectors", &m->explore_reference.vectors) ||
        !Number(j, "seconds", &m->explore_reference.seconds)) {
      return bad("explore_reference");
    }
    m->kind = WorkerMessage::Kind::kExploreReference;
    m->explore_reference.explore = std::move(*it);
    m->explore_reference.finding = std::move(*finding);
    m->explore_reference.checks_follow = follow->get<bool>();
    return true;
  }
  if (auto it = j.find("explore_check"); it != j.end()) {
    auto finding = j.find("finding");
    if (!it->is_string() || finding == j.end() || !(finding->is_null() || finding->is_object()) ||
        !Number(j, "seconds", &m->explore_check.seconds)) {
      return bad("explore_check");
    }
    m->kind = WorkerMessage::Kind::kExploreCheck;
    m->explore_check.config = it->get<std::string>();
    m->explore_check.finding = std::move(*finding);
    return true;
  }
  if (auto it = j.find("exception"); it != j.end()) {
    if (!it->is_string() || j.size() != 1) return bad("exception");
    m->kind = WorkerMessage::Kind::kException;
    m->text = it->get<std::string>();
    return true;
  }
  if (auto it = j.find("done"); it != j.end() && j.size() == 1 && *it == true) {
    m->kind = WorkerMessage::Kind::kDone;
    return true;
  }
  return bad("unknown kind");
}

bool LineBuffer::Next(std::string* line) {
  const size_t newline = buffer_.find('\n', start_);
  if (newline == std::string::npos) {
    if (start_ > 0 && start_ == buffer_.size()) {
      buffer_.clear();
      start_ = 0;
    }
    return false;
  }
  line->assign(buffer_, start_, newline - start_);
  start_ = newline + 1;
  if (start_ > 65536) {  // keep the buffer from growing: drop what was handed out
    buffer_.erase(0, start_);
    start_ = 0;
  }
  return true;
}

}  // namespace shaderdiff::nightly
