// Hazard records and their text (see hazard_log.h, emulator.h).
#include "emulator/a3xx/hazard_log.h"

namespace shaderdiff::a3xx {

std::string RegName(uint16_t num, bool half) {
  static const char kComp[] = "xyzw";
  const int n = num / 4;
  const char c = kComp[num % 4];
  if (num == kRegA0X) return "a0.x";
  if (num == kRegA0X + 1) return "a1.x";
  if (n == 62) return std::string("p0.") + c;
  return std::string(half ? "hr" : "r") + std::to_string(n) + "." + c;
}

std::string Hazard::ToString() const {
  if (reg == kNoHazardReg) {
    return "instr " + std::to_string(instr) + ": " + kind + " (lanes enter it by a branch or reconverge there)";
  }
  if (kind == "shift-count") {
    return "instr " + std::to_string(instr) + ": " + RegName(reg, half) + " " + kind +
           " (a lane shifts by a count >= the source's width; the hardware's result is not documented)";
  }
  if (kind == "pvt-range" || kind == "pvt-uninit" || kind == "global-uninit") return "instr " + std::to_string(instr) + ": " + RegName(reg, half) + " " + kind;
  return "instr " + std::to_string(instr) + ": " + RegName(reg, half) + " " + kind + ", " +
         std::to_string(cycles_short) + (cycles_short == 1 ? " cycle short" : " cycles short");
}

void HazardLog::Report(uint32_t instr, uint16_t reg, bool half, int cycles_short, const char* kind) {
  if (trap_) tripped_ = true;
  if (seen_.size() >= kMaxDistinct) return;
  if (!seen_.emplace(instr, reg, half, kind).second) return;
  list_.push_back(Hazard{instr, reg, cycles_short, kind, half});
}

}  // namespace shaderdiff::a3xx
