// The recorder behind StoreTrace (trace.h): Exec::StoreMask calls
// TraceStore after each stored channel, only when InterpreterOptions::trace
// is set.
#include "emulator/tgsi/trace_store.h"

#include "emulator/tgsi/reasons.h"
#include "emulator/tgsi/value_set.h"

namespace shaderdiff::tgsi_exec {

bool StoreRecord::Allows(common::Word w) const {
  if (undefined) return true;
  if (w == word) return true;
  return inexact && set.Contains(w);
}

void TraceStore(Exec& e, const DDst& dst, int d, int c, const Lanes& v, bool saturate) {
  StoreTrace& t = *e.opt.trace;
  const LaneMask may = e.Potential();
  for (uint32_t lane : t.lanes) {
    if (lane < e.lane0 || lane >= e.lane0 + static_cast<uint32_t>(e.lanes)) continue;
    const int l = static_cast<int>(lane - e.lane0);
    if (!((may >> l) & 1)) continue;
    if (t.records.size() >= t.max_records) {
      t.truncated = true;
      return;
    }
    Val val;
    std::vector<Lanes>* file = dst.space == Space::kTemp ? &e.temp_
                               : dst.space == Space::kOut ? &e.out_
                               : dst.space == Space::kAddr ? &e.addr_
                                                           : nullptr;
    if (!dst.index.indirect && file) {
      val = (*file)[static_cast<size_t>(dst.index.base) * 4 + static_cast<size_t>(c)].Get(l);
    } else {
      val = v.Get(l);
      if (saturate) val = SaturateSet(val, e.opt.denormals == common::DenormalMode::kFlushToZero);
    }
    StoreRecord r;
    r.instr = e.pc;
    r.lane = lane;
    r.comp = static_cast<uint8_t>(c);
    r.dst = static_cast<uint8_t>(d);
    r.indirect = dst.index.indirect;
    r.word = val.w;
    r.undefined = val.undef != Reason::kNone;
    r.inexact = !r.undefined && val.inexact != Reason::kNone;
    if (r.inexact) r.set = ToAllowedSet(val);
    if (r.undefined) r.reason = std::string(ReasonCode(val.undef));
    if (r.inexact) r.reason = std::string(ReasonCode(val.inexact));
    t.records.push_back(std::move(r));
  }
}

}  // namespace shaderdiff::tgsi_exec
