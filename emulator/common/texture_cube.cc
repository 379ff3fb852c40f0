// Cube-map face selection and the cube LOD scale factor.
//
// Face selection follows the GL table (major axis -> face, sc, tc, ma):
//   +rx -> 0: -rz, -ry    -rx -> 1: +rz, -ry
//   +ry -> 2: +rx, +rz    -ry -> 3: +rx, -rz
//   +rz -> 4: +rx, -ry    -rz -> 5: -rx, -ry
// with s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2. Equal magnitudes
// pick X over Y over Z (softpipe's order); the other tied faces are returned
// as alternatives because hardware tie rules differ. A major component of
// -0.0 counts as positive, but a major magnitude of 0 means a zero direction,
// which has no face (undefined).
//
// The cube LOD uses GL's quotient rule on the primary face:
//   ds/dx = (dsc/dx * |ma| - sc * d|ma|/dx) / (2 ma^2), likewise for t.
// Implementations approximate this in many ways, so callers treat a cube
// LOD derived from derivatives as implementation-specific.
#include <algorithm>
#include <cmath>

#include "emulator/common/texture_internal.h"

namespace shaderdiff::common::texture_internal {

namespace {

struct FaceAxes {
  int s_axis;
  double s_sign;
  int t_axis;
  double t_sign;
  int m_axis;
};

constexpr std::array<FaceAxes, 6> kFaces = {{
    {2, -1, 1, -1, 0},  // +X
    {2, +1, 1, -1, 0},  // -X
    {0, +1, 2, +1, 1},  // +Y
    {0, +1, 2, -1, 1},  // -Y
    {0, +1, 1, -1, 2},  // +Z
    {0, -1, 1, -1, 2},  // -Z
}};

CubeFace Project(uint32_t face, const std::array<double, 3>& dir) {
  const FaceAxes& f = kFaces[face];
  const double ma = std::fabs(dir[f.m_axis]);
  CubeFace out;
  out.face = face;
  out.s = 0.5 * (f.s_sign * dir[f.s_axis] / ma + 1);
  out.t = 0.5 * (f.t_sign * dir[f.t_axis] / ma + 1);
  return out;
}

uint32_t FaceOfAxis(int axis, const std::array<double, 3>& dir) {
  return static_cast<uint32_t>(2 * axis + (dir[axis] >= 0 ? 0 : 1));
}

}  // namespace

int CubeFaceCandidates(const std::array<double, 3>& dir, std::array<CubeFace, 3>& out) {
  const double major = std::max({std::fabs(dir[0]), std::fabs(dir[1]), std::fabs(dir[2])});
  if (!(major > 0)) return 0;
  int count = 0;
  for (int axis = 0; axis < 3; ++axis) {
    if (std::fabs(dir[axis]) == major) out[count++] = Project(FaceOfAxis(axis, dir), dir);
  }
  return count;
}

double CubeRhoSquared(const std::array<double, 3>& dir, const std::array<double, 3>& dx,
                      const std::array<double, 3>& dy, uint32_t w, uint32_t h) {
  std::array<CubeFace, 3> faces;
  if (CubeFaceCandidates(dir, faces) == 0) return std::nan("");
  const FaceAxes& f = kFaces[faces[0].face];
  const double m_sign = dir[f.m_axis] >= 0 ? 1 : -1;
  const double m = std::fabs(dir[f.m_axis]);
  const double sc = f.s_sign * dir[f.s_axis];
  const double tc = f.t_sign * dir[f.t_axis];
  auto texel_derivative = [&](const std::array<double, 3>& d) {
    const double dm = m_sign * d[f.m_axis];
    const double ds = (f.s_sign * d[f.s_axis] * m - sc * dm) / (2 * m * m);
    const double dt = (f.t_sign * d[f.t_axis] * m - tc * dm) / (2 * m * m);
    return std::array<double, 3>{ds * w, dt * h, 0};
  };
  return RhoSquared(texel_derivative(dx), texel_derivative(dy));
}

}  // namespace shaderdiff::common::texture_internal
