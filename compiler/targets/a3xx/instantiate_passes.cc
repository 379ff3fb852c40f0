// The shared passes (compiler/opt, templates over a target's traits)
// instantiated for a3xx: each body is compiled here once, and every other
// file sees only the declarations and their extern template lines.
#include "compiler/opt/cse_impl.h"
#include "compiler/opt/dce_impl.h"
#include "compiler/opt/ir.h"  // the a3xx PrintNode the verifier's messages use
#include "compiler/opt/verify_impl.h"
#include "compiler/targets/a3xx/target_traits.h"

namespace shaderdiff::opt {

template bool EliminateCommonSubexpressions<compiler::A3xxTarget>(ir::Function<compiler::A3xxTarget>& fn,
                                                                  compiler::RewriteBudget* budget);
template bool RemoveDeadCode<compiler::A3xxTarget>(ir::Function<compiler::A3xxTarget>& fn,
                                                   compiler::RewriteBudget* budget);
template std::optional<std::string> VerifyFunction<compiler::A3xxTarget>(
    const ir::Function<compiler::A3xxTarget>& fn);

}  // namespace shaderdiff::opt
