// Which assembly syntax text is printed and read in (syntax.def has one
// template of each per form).
#pragma once

#include <cstdint>

namespace shaderdiff::a3xx {

enum class AsmSyntax : uint8_t {
  kShaderdiff,  // our own: compiler dumps, reports, goldens (syntax.def TEMPLATE)
  kMesa,        // Mesa's a3xx disassembler's text (syntax.def MESA_TEMPLATE)
};

}  // namespace shaderdiff::a3xx
