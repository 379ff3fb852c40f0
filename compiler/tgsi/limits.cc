// The front door's limits (see limits.h; the numbers are in limits.def).
#include "compiler/tgsi/limits.h"

#include <array>

#include "compiler/tgsi/names.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::tgsi {
namespace {

constexpr ValueLimit kValueLimits[] = {
#define TGSI_REGISTER_LIMIT(file, registers, source)
#define TGSI_VALUE_LIMIT(name, min, max, source) ValueLimit{min, max, source},
#include "compiler/tgsi/limits.def"
#undef TGSI_VALUE_LIMIT
#undef TGSI_REGISTER_LIMIT
};

struct FileRow {
  File file;
  RegisterLimit limit;
};

constexpr FileRow kRegisterLimits[] = {
#define TGSI_REGISTER_LIMIT(file, registers, source) FileRow{File::file, RegisterLimit{registers, source}},
#define TGSI_VALUE_LIMIT(name, min, max, source)
#include "compiler/tgsi/limits.def"
#undef TGSI_VALUE_LIMIT
#undef TGSI_REGISTER_LIMIT
};

std::string RegisterName(File file) {
  const size_t i = static_cast<size_t>(file);
  return i < kFileNames.size() ? std::string(kFileNames[i]) : "file " + std::to_string(i);
}

}  // namespace

const ValueLimit& GetLimit(Limit limit) { return kValueLimits[static_cast<size_t>(limit)]; }

bool Within(Limit limit, int64_t value) {
  const ValueLimit& l = GetLimit(limit);
  return value >= l.min && value <= l.max;
}

std::string OutOfRange(Limit limit, std::string_view value, std::string_view what) {
  const ValueLimit& l = GetLimit(limit);
  return std::string(what) + " " + std::string(value) + " is out of range " + std::to_string(l.min) + ".." +
         std::to_string(l.max) + " (" + std::string(l.source) + ")";
}

std::optional<RegisterLimit> RegisterLimitOf(File file) {
  for (const FileRow& row : kRegisterLimits) {
    if (row.file == file) return row.limit;
  }
  return std::nullopt;
}

std::optional<DeclarationLimitError> CheckDeclarationLimits(Processor processor, const Declaration& decl) {
  const std::string name = RegisterName(decl.file);
  // The largest index and where that bound comes from.
  int64_t max = GetLimit(Limit::kDeclarationIndex).max;
  std::string source(GetLimit(Limit::kDeclarationIndex).source);
  if (decl.file == File::kInput && HasImpliedVertexBracket(processor, decl)) {
    max = GetLimit(Limit::kPerVertexInput).max;
    source = std::string(GetLimit(Limit::kPerVertexInput).source) + ", per-vertex inputs";
  } else if (std::optional<RegisterLimit> r = RegisterLimitOf(decl.file)) {
    max = int64_t{r->registers} - 1;
    source = std::string(r->source);
  }
  auto beyond = [&](DeclarationPart part, uint32_t index) {
    return DeclarationLimitError{part, name + "[" + std::to_string(index) + "] is beyond the largest " + name +
                                           " index any implementation allows (" + std::to_string(max) + ": " +
                                           source + ")"};
  };
  if (decl.dimension) {
    const int64_t dim = *decl.dimension;
    std::optional<Limit> buffers;
    if (decl.file == File::kConstant) buffers = Limit::kConstBuffer;
    if (decl.file == File::kHwAtomic) buffers = Limit::kHwAtomicBuffer;
    if (!buffers) {
      return DeclarationLimitError{DeclarationPart::kDimension,
                                   "a 2-D declaration of " + name + ": only CONST and HWATOMIC take a buffer index"};
    }
    if (!Within(*buffers, dim)) {
      return DeclarationLimitError{DeclarationPart::kDimension, OutOfRange(*buffers, std::to_string(dim), name + " buffer")};
    }
  }
  if (decl.first > max) return beyond(DeclarationPart::kFirst, decl.first);
  if (decl.last > max) return beyond(DeclarationPart::kLast, decl.last);
  return std::nullopt;
}

}  // namespace shaderdiff::tgsi
