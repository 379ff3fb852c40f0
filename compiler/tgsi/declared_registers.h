// Which registers a shader's declarations cover, as index intervals per
// (file, 2-D index), so huge ranges cost nothing and lookups scan only the
// intervals of one key. Shared by ValidateShader and CheckShader.
//
// Declarations of per-vertex files (Declaration::vertex_bracket: GS inputs,
// non-patch TCS/TES inputs, non-patch TCS outputs) cover their index for
// every vertex, so IN[v][i] is declared by DCL IN[][i]. A 1-D CONST
// declaration or operand is buffer 0, as every executor reads it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::tgsi {

class DeclaredRegisters {
 public:
  explicit DeclaredRegisters(Processor processor) : processor_(processor) {}

  // Records `decl`; returns the first index it shares with an earlier
  // declaration of the same key, if any.
  std::optional<uint32_t> Add(const Declaration& decl);

  // Whether FILE[dim][index] (FILE[index] without `dim`) is declared.
  bool Contains(File file, std::optional<uint32_t> dim, int64_t index) const;
  // Whether any register of `file` is declared.
  bool AnyOf(File file) const;
  // Whether array `id` is declared in `file`.
  bool HasArray(File file, uint32_t id) const;

 private:
  struct Interval {
    uint32_t first;
    uint32_t last;
  };
  static constexpr int64_t kNoDimension = -1;
  bool PerVertexFile(File file) const;
  bool ContainsKey(File file, int64_t dim, int64_t index) const;

  Processor processor_;
  std::map<std::pair<int, int64_t>, std::vector<Interval>> intervals_;
  std::vector<std::pair<File, uint32_t>> arrays_;
  bool any_[256] = {};  // indexed by File
};

}  // namespace shaderdiff::tgsi
