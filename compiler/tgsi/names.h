// The keyword tables of TGSI text: register files, semantics, texture
// targets, return types, interpolation modes and locations, memory types,
// primitives, properties and processors.
//
// Each enum's values index its name table directly (the table is the single
// source of the spelling). Lookups are case-insensitive, as in Mesa's parser.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace shaderdiff::tgsi {

bool EqualsIgnoreCase(std::string_view a, std::string_view b);

enum class Processor : uint8_t { kVertex, kFragment, kGeometry, kTessCtrl, kTessEval, kCompute };
inline constexpr std::array<std::string_view, 6> kProcessorNames = {
    "VERT", "FRAG", "GEOM", "TESS_CTRL", "TESS_EVAL", "COMP"};

// Mesa 22's register files, then the two that existed only until 2017.
enum class File : uint8_t {
  kNull, kConstant, kInput, kOutput, kTemporary, kSampler, kAddress, kImmediate,
  kSystemValue, kImage, kSamplerView, kBuffer, kMemory, kConstBuf, kHwAtomic,
  kPredicate, kResource,
};
inline constexpr std::array<std::string_view, 17> kFileNames = {
    "NULL", "CONST", "IN", "OUT", "TEMP", "SAMP", "ADDR", "IMM", "SV",
    "IMAGE", "SVIEW", "BUFFER", "MEMORY", "CONSTBUF", "HWATOMIC", "PRED", "RES"};

// Mesa 22's semantic names, then CULLDIST (Mesa 10.x only).
enum class Semantic : uint8_t {
  kPosition, kColor, kBColor, kFog, kPSize, kGeneric, kNormal, kFace, kEdgeFlag,
  kPrimId, kInstanceId, kVertexId, kStencil, kClipDist, kClipVertex, kGridSize,
  kBlockId, kBlockSize, kThreadId, kTexCoord, kPCoord, kViewportIndex, kLayer,
  kSampleId, kSamplePos, kSampleMask, kInvocationId, kVertexIdNoBase,
  kBaseVertex, kPatch, kTessCoord, kTessOuter, kTessInner, kVerticesIn,
  kHelperInvocation, kBaseInstance, kDrawId, kWorkDim, kSubgroupSize,
  kSubgroupInvocation, kSubgroupEqMask, kSubgroupGeMask, kSubgroupGtMask,
  kSubgroupLeMask, kSubgroupLtMask, kCsUserDataAmd, kViewportMask, kCullDist,
};
inline constexpr std::array<std::string_view, 48> kSemanticNames = {
    "POSITION", "COLOR", "BCOLOR", "FOG", "PSIZE", "GENERIC", "NORMAL", "FACE",
    "EDGEFLAG", "PRIM_ID", "INSTANCEID", "VERTEXID", "STENCIL", "CLIPDIST",
    "CLIPVERTEX", "GRID_SIZE", "BLOCK_ID", "BLOCK_SIZE", "THREAD_ID", "TEXCOORD",
    "PCOORD", "VIEWPORT_INDEX", "LAYER", "SAMPLEID", "SAMPLEPOS", "SAMPLEMASK",
    "INVOCATIONID", "VERTEXID_NOBASE", "BASEVERTEX", "PATCH", "TESSCOORD",
    "TESSOUTER", "TESSINNER", "VERTICESIN", "HELPER_INVOCATION", "BASEINSTANCE",
    "DRAWID", "WORK_DIM", "SUBGROUP_SIZE", "SUBGROUP_INVOCATION",
    "SUBGROUP_EQ_MASK", "SUBGROUP_GE_MASK", "SUBGROUP_GT_MASK",
    "SUBGROUP_LE_MASK", "SUBGROUP_LT_MASK", "CS_USER_DATA_AMD", "VIEWPORT_MASK",
    "CULLDIST"};

enum class TextureTarget : uint8_t {
  kBuffer, k1D, k2D, k3D, kCube, kRect, kShadow1D, kShadow2D, kShadowRect,
  k1DArray, k2DArray, kShadow1DArray, kShadow2DArray, kShadowCube, k2DMsaa,
  k2DArrayMsaa, kCubeArray, kShadowCubeArray, kUnknown,
};
inline constexpr std::array<std::string_view, 19> kTextureTargetNames = {
    "BUFFER", "1D", "2D", "3D", "CUBE", "RECT", "SHADOW1D", "SHADOW2D",
    "SHADOWRECT", "1D_ARRAY", "2D_ARRAY", "SHADOW1D_ARRAY", "SHADOW2D_ARRAY",
    "SHADOWCUBE", "2D_MSAA", "2D_ARRAY_MSAA", "CUBEARRAY", "SHADOWCUBEARRAY",
    "UNKNOWN"};

enum class ReturnType : uint8_t { kUnorm, kSnorm, kSint, kUint, kFloat };
inline constexpr std::array<std::string_view, 5> kReturnTypeNames = {
    "UNORM", "SNORM", "SINT", "UINT", "FLOAT"};

enum class Interpolation : uint8_t { kConstant, kLinear, kPerspective, kColor };
inline constexpr std::array<std::string_view, 4> kInterpolationNames = {
    "CONSTANT", "LINEAR", "PERSPECTIVE", "COLOR"};

enum class InterpLocation : uint8_t { kCenter, kCentroid, kSample };
inline constexpr std::array<std::string_view, 3> kInterpLocationNames = {
    "CENTER", "CENTROID", "SAMPLE"};

enum class MemoryType : uint8_t { kGlobal, kShared, kPrivate, kInput };
inline constexpr std::array<std::string_view, 4> kMemoryTypeNames = {
    "GLOBAL", "SHARED", "PRIVATE", "INPUT"};

// Memory-instruction qualifier bits, in name-table order.
inline constexpr std::array<std::string_view, 4> kMemoryQualifierNames = {
    "COHERENT", "RESTRICT", "VOLATILE", "STREAM_CACHE_POLICY"};

inline constexpr std::array<std::string_view, 15> kPrimitiveNames = {
    "POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES", "TRIANGLE_STRIP",
    "TRIANGLE_FAN", "QUADS", "QUAD_STRIP", "POLYGON", "LINES_ADJACENCY",
    "LINE_STRIP_ADJACENCY", "TRIANGLES_ADJACENCY", "TRIANGLE_STRIP_ADJACENCY",
    "PATCHES"};

inline constexpr std::array<std::string_view, 2> kFsCoordOriginNames = {"UPPER_LEFT", "LOWER_LEFT"};
inline constexpr std::array<std::string_view, 2> kFsCoordPixelCenterNames = {"HALF_INTEGER", "INTEGER"};

// Mesa 22's properties, then the Mesa 10.x spelling of window-space position
// and Mesa 26's rename of MUL_ZERO_WINS.
enum class Property : uint8_t {
  kGsInputPrimitive, kGsOutputPrimitive, kGsMaxOutputVertices, kFsCoordOrigin,
  kFsCoordPixelCenter, kFsColor0WritesAllCbufs, kFsDepthLayout,
  kVsProhibitUcps, kGsInvocations, kVsWindowSpacePosition, kTcsVerticesOut,
  kTesPrimMode, kTesSpacing, kTesVertexOrderCw, kTesPointMode,
  kNumClipdistEnabled, kNumCulldistEnabled, kFsEarlyDepthStencil,
  kFsPostDepthCoverage, kNextShader, kCsFixedBlockWidth, kCsFixedBlockHeight,
  kCsFixedBlockDepth, kMulZeroWins, kVsBlitSgprsAmd, kCsUserDataComponentsAmd,
  kLayerViewportRelative, kFsBlendEquationAdvanced, kSeparableProgram,
  kVsPositionWindowSpace, kLegacyMathRules,
};
inline constexpr std::array<std::string_view, 31> kPropertyNames = {
    "GS_INPUT_PRIMITIVE", "GS_OUTPUT_PRIMITIVE", "GS_MAX_OUTPUT_VERTICES",
    "FS_COORD_ORIGIN", "FS_COORD_PIXEL_CENTER", "FS_COLOR0_WRITES_ALL_CBUFS",
    "FS_DEPTH_LAYOUT", "VS_PROHIBIT_UCPS", "GS_INVOCATIONS",
    "VS_WINDOW_SPACE_POSITION", "TCS_VERTICES_OUT", "TES_PRIM_MODE",
    "TES_SPACING", "TES_VERTEX_ORDER_CW", "TES_POINT_MODE",
    "NUM_CLIPDIST_ENABLED", "NUM_CULLDIST_ENABLED", "FS_EARLY_DEPTH_STENCIL",
    "FS_POST_DEPTH_COVERAGE", "NEXT_SHADER", "CS_FIXED_BLOCK_WIDTH",
    "CS_FIXED_BLOCK_HEIGHT", "CS_FIXED_BLOCK_DEPTH", "MUL_ZERO_WINS",
    "VS_BLIT_SGPRS_AMD", "CS_USER_DATA_COMPONENTS_AMD",
    "LAYER_VIEWPORT_RELATIVE", "FS_BLEND_EQUATION_ADVANCED",
    "SEPARABLE_PROGRAM", "VS_POSITION_WINDOW_SPACE", "LEGACY_MATH_RULES"};

enum class ImmediateType : uint8_t { kFloat32, kUint32, kInt32, kFloat64, kUint64, kInt64 };
inline constexpr std::array<std::string_view, 6> kImmediateTypeNames = {
    "FLT32", "UINT32", "INT32", "FLT64", "UINT64", "INT64"};

// Index of `name` in `table` (case-insensitive), if present.
template <size_t N>
std::optional<size_t> FindName(const std::array<std::string_view, N>& table, std::string_view name) {
  for (size_t i = 0; i < N; ++i) {
    if (EqualsIgnoreCase(table[i], name)) return i;
  }
  return std::nullopt;
}

inline std::string_view Name(Processor v) { return kProcessorNames[static_cast<size_t>(v)]; }
inline std::string_view Name(File v) { return kFileNames[static_cast<size_t>(v)]; }
inline std::string_view Name(Semantic v) { return kSemanticNames[static_cast<size_t>(v)]; }
inline std::string_view Name(TextureTarget v) { return kTextureTargetNames[static_cast<size_t>(v)]; }
inline std::string_view Name(ReturnType v) { return kReturnTypeNames[static_cast<size_t>(v)]; }
inline std::string_view Name(Interpolation v) { return kInterpolationNames[static_cast<size_t>(v)]; }
inline std::string_view Name(InterpLocation v) { return kInterpLocationNames[static_cast<size_t>(v)]; }
inline std::string_view Name(MemoryType v) { return kMemoryTypeNames[static_cast<size_t>(v)]; }
inline std::string_view Name(Property v) { return kPropertyNames[static_cast<size_t>(v)]; }
inline std::string_view Name(ImmediateType v) { return kImmediateTypeNames[static_cast<size_t>(v)]; }

// Texture targets: number of coordinate components (docs/tgsi.md 2.9) and
// whether the target compares against a shadow reference.
int TextureCoordCount(TextureTarget t);
bool IsShadowTarget(TextureTarget t);

}  // namespace shaderdiff::tgsi
