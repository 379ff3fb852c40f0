// The cat1 conversion table (mov/cov, docs/isa-a3xx.md §2.2) as a pure
// function on one value, so it can be tested on its own; the semantics are
// documented in mov.cc.
#pragma once

#include "emulator/a3xx/isa/types.h"
#include "emulator/common/words.h"

namespace shaderdiff::a3xx {

// `v` holds a value of `src_type` as it sits in its register (16-bit types in
// the low 16 bits); the result is a `dst_type` value laid out the same way.
common::Word ConvertCat1(common::Word v, Type src_type, Type dst_type, Round round);

}  // namespace shaderdiff::a3xx
