// reference_alloc.h -- a trivially correct "spill everything" allocator.
//
// Every value lives in its own stack slot (values joined by a phi over an
// abnormal edge share one).  Before each instruction its uses are loaded
// into registers found by a small exhaustive search over the operand
// constraints; after it its defs are stored.  Phis become slot-to-slot
// moves through a scratch slot per phi, on the edges.  Slow code, but
// simple enough to trust: it shows that a generated program is
// allocatable at all, and exercises the checker and the interpreter.

#ifndef SSARA_TEST_REFERENCE_ALLOC_H
#define SSARA_TEST_REFERENCE_ALLOC_H

#include "allocation.h"
#include "ir.h"

#include <string>

namespace ssara::test {

// Allocate F for T.  Return "" and fill *OUT, or say why not.
std::string reference_allocate (const function &f, const target &t,
                                allocation *out);

} // namespace ssara::test

#endif
