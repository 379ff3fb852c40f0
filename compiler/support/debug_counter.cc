#include "compiler/support/debug_counter.h"

namespace shaderdiff::compiler {

RewriteBudget RewriteBudget::AllowingOnly(std::set<uint64_t> allowed) {
  RewriteBudget b(kUnlimited);
  b.allowed_ = std::move(allowed);
  return b;
}

bool RewriteBudget::ShouldRewrite(std::string_view rewrite_name) {
  const bool take = allowed_ ? allowed_->count(log_.size()) > 0
                             : limit_ < 0 || taken_ < static_cast<uint64_t>(limit_);
  // A compile logs a few hundred decisions (the fuzz programs ~270): room
  // for 256 at once instead of nine growths that move every entry.
  if (log_.capacity() == 0) log_.reserve(256);
  log_.push_back(Decision{log_.size(), std::string(rewrite_name), pass_, take});
  if (take) ++taken_;
  return take;
}

std::optional<RewriteBudget::Decision> RewriteBudget::LastTaken() const {
  for (auto it = log_.rbegin(); it != log_.rend(); ++it) {
    if (it->taken) return *it;
  }
  return std::nullopt;
}

std::string RewriteBudget::PrintLog() const {
  std::string out;
  for (const Decision& d : log_) {
    out += "#" + std::to_string(d.index) + " " + (d.pass.empty() ? "" : d.pass + "/") + d.rewrite +
           (d.taken ? " taken\n" : " skipped\n");
  }
  return out;
}

}  // namespace shaderdiff::compiler
