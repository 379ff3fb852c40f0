// Keyword helpers for names.h.
#include "compiler/tgsi/names.h"

namespace shaderdiff::tgsi {

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

int TextureCoordCount(TextureTarget t) {
  switch (t) {
    case TextureTarget::kBuffer:
    case TextureTarget::k1D:
    case TextureTarget::kShadow1D:
      return 1;
    case TextureTarget::k2D:
    case TextureTarget::kRect:
    case TextureTarget::k1DArray:
    case TextureTarget::kShadow2D:
    case TextureTarget::kShadowRect:
    case TextureTarget::kShadow1DArray:
    case TextureTarget::k2DMsaa:
      return 2;
    case TextureTarget::k3D:
    case TextureTarget::kCube:
    case TextureTarget::k2DArray:
    case TextureTarget::kShadowCube:
    case TextureTarget::kShadow2DArray:
    case TextureTarget::k2DArrayMsaa:
      return 3;
    case TextureTarget::kCubeArray:
    case TextureTarget::kShadowCubeArray:
      return 4;
    case TextureTarget::kUnknown:
      return 0;
  }
  return 0;
}

bool IsShadowTarget(TextureTarget t) {
  switch (t) {
    case TextureTarget::kShadow1D:
    case TextureTarget::kShadow2D:
    case TextureTarget::kShadowRect:
    case TextureTarget::kShadow1DArray:
    case TextureTarget::kShadow2DArray:
    case TextureTarget::kShadowCube:
    case TextureTarget::kShadowCubeArray:
      return true;
    default:
      return false;
  }
}

}  // namespace shaderdiff::tgsi
