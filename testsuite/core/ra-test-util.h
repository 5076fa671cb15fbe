// ra-test-util.h -- helpers for the tests of the allocator's phases: a
// function parsed from text together with the working copy the phases
// run on.

#ifndef SSARA_RA_TEST_UTIL_H
#define SSARA_RA_TEST_UTIL_H

#include "allocate.h"
#include "ir-text.h"
#include "test-targets.h"
#include "work.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace ssara::test {

// An input function, its target and a working copy of it.  The work
// refers to the function and target, so they live here too.
struct prepared
{
  function f;
  target t;
  std::unique_ptr<ra::work> w;
};

// Parse TEXT into F for T, expecting no error, and allocate it with the
// checker on and otherwise the default options.
inline alloc_result
parse_and_allocate (const char *text, function &f, const target &t)
{
  EXPECT_EQ (parse_function (text, t, &f), "");
  alloc_options o;
  o.check = check_mode::on;
  return allocate (f, t, o);
}

// How far prepare () runs the phases.
enum class upto : uint8_t { copy, lifted, coalesced, colored, deconstructed };

// Parse TEXT for T and run the phases up to STAGE, expecting no error;
// without the spiller before colour assignment if SPILLER says so
// (allocate ()'s last resort: work::spiller_use).
inline std::unique_ptr<prepared>
prepare (const std::string &text, const target &t, upto stage,
         spill_mode mode = spill_mode::normal,
         spill_policy policy = spill_policy::pereira,
         ra::work::spiller_use spiller = ra::work::spiller_use::run)
{
  auto p = std::make_unique<prepared> ();
  p->t = t;
  EXPECT_EQ (parse_function (text, p->t, &p->f), "");
  EXPECT_EQ (verify_function (p->f, p->t), "");
  alloc_options o;
  o.spill = mode;
  o.policy = policy;
  p->w = std::make_unique<ra::work> (p->f, p->t, o);
  ra::work &w = *p->w;
  w.spiller = spiller;
  if (stage == upto::copy)
    return p;
  EXPECT_EQ (ra::lift_constraints (w), "");
  EXPECT_EQ (ra::lift_phis (w), "");
  ra::analyse_intervals (w);
  EXPECT_EQ (ra::analyse_phis (w), "");
  if (stage == upto::lifted)
    return p;
  ra::phi_mem_coalesce (w);
  if (stage == upto::coalesced)
    return p;
  EXPECT_EQ (ra::spill_required (w), "");
  EXPECT_EQ (ra::spill_before_coloring (w), "");
  EXPECT_EQ (ra::assign_colors (w).detail, "");
  if (stage == upto::colored)
    return p;
  ra::coalesce_copies (w);
  ra::reuse_loads (w);
  EXPECT_EQ (ra::deconstruct_ssa (w), "");
  return p;
}

// Return the number of working instructions with role R.
inline size_t
count_role (const ra::work &w, ra::wrole r)
{
  size_t n = 0;
  for (const ra::wblock &b : w.wb)
    for (const ra::winsn &i : b.insns)
      n += i.role == r;
  return n;
}

} // namespace ssara::test

#endif
