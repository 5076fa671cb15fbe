// reduce.h -- shrink a failing generated program to a small repro.

#ifndef SSARA_TEST_REDUCE_H
#define SSARA_TEST_REDUCE_H

#include "ir.h"

#include <functional>

namespace ssara::test {

// Return a function no bigger than F for which FAILS still holds,
// found by greedily deleting instructions, operands and phis and
// relaxing constraints (an operand's set back to its value's, which also
// undoes an operand in another file; a narrow value made whole).  Every candidate stays valid for T
// (verify_function) and allocatable (the reference allocator succeeds
// and the checker accepts its allocation),
// so the result is a real allocator bug, not an impossible program.
function reduce_function (const function &f, const target &t,
                          const std::function<bool (const function &)> &fails);

} // namespace ssara::test

#endif
