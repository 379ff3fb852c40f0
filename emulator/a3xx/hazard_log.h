// The hazards one Emulate call found: distinct (instruction, register,
// kind) triples in the order first seen, with the first occurrence's
// shortfall. In trap mode the first hazard trips the log and the emulator
// stops.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "emulator/a3xx/emulator.h"

namespace shaderdiff::a3xx {

class HazardLog {
 public:
  explicit HazardLog(bool trap) : trap_(trap) {}

  void Report(uint32_t instr, uint16_t reg, bool half, int cycles_short, const char* kind);
  bool tripped() const { return tripped_; }
  const std::vector<Hazard>& list() const { return list_; }
  std::vector<Hazard> Take() { return std::move(list_); }

 private:
  static constexpr size_t kMaxDistinct = 4096;
  bool trap_;
  bool tripped_ = false;
  std::vector<Hazard> list_;
  std::set<std::tuple<uint32_t, uint16_t, bool, std::string>> seen_;
};

// "r0.x", "hr2.w", "a0.x", "p0.x", "r63.x".
std::string RegName(uint16_t num, bool half);

}  // namespace shaderdiff::a3xx
