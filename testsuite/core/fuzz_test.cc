// fuzz_test.cc -- generated programs through the allocator, the checker
// and the interpreter.
//
// SSARA_FUZZ_COUNT (default 2000) sets how many programs each test
// generates; program I gets 2 + I % 31 GPRs, 2 + (7 I) % 31 FPRs and
// 1 + (3 I) % 8 CR fields, so every register count from 2 up is covered.
// A failure prints the seed and the function in the textual IR; rerun one
// seed with SSARA_FUZZ_SEED=N, another range of seeds with
// SSARA_FUZZ_SEED_BASE=B (seeds B .. B + count - 1; the register counts
// follow the seed, so every range of 31 seeds covers every GPR count);
// SSARA_FUZZ_VERBOSE=1 prints one line per
// failing seed; SSARA_FUZZ_FEATURES=MASK restricts the generator to the
// `feature` bits of gen.h.

#include "allocate.h"
#include "checker.h"
#include "gen.h"
#include "interp.h"
#include "ir-text.h"
#include "reduce.h"
#include "reference_alloc.h"
#include "test-targets.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using namespace ssara;
using namespace ssara::test;

namespace {

unsigned
fuzz_count ()
{
  const char *e = std::getenv ("SSARA_FUZZ_COUNT");
  if (e && *e)
    return unsigned (std::strtoul (e, nullptr, 10));
  return 2000;
}

// The seeds to run: SSARA_FUZZ_SEED alone, or base .. base + count - 1
// with base SSARA_FUZZ_SEED_BASE (default 0).
std::vector<uint64_t>
fuzz_seeds ()
{
  const char *e = std::getenv ("SSARA_FUZZ_SEED");
  if (e && *e)
    return { std::strtoull (e, nullptr, 10) };
  uint64_t base = 0;
  if (const char *b = std::getenv ("SSARA_FUZZ_SEED_BASE"))
    base = std::strtoull (b, nullptr, 10);
  std::vector<uint64_t> s (fuzz_count ());
  for (size_t i = 0; i < s.size (); ++i)
    s[i] = base + i;
  return s;
}

target
fuzz_target (uint64_t seed)
{
  return make_test_target (unsigned (2 + seed % 31),
                           unsigned (2 + (7 * seed) % 31),
                           unsigned (1 + (3 * seed) % 8));
}

// The generator features the allocator passes: all of them.
constexpr uint32_t allocator_features = uint32_t (feature::all);

gen_options
fuzz_options (uint64_t seed, uint32_t features = uint32_t (feature::all))
{
  gen_options o;
  o.size = unsigned (8 + (seed * 13) % 50);
  o.features = features;
  if (const char *e = std::getenv ("SSARA_FUZZ_FEATURES"))
    o.features = uint32_t (std::strtoul (e, nullptr, 0));
  return o;
}

std::string
describe (uint64_t seed, const function &f, const target &t)
{
  return "seed " + std::to_string (seed) + " (target "
         + std::to_string (t.files[gpr_file].regs.size ()) + " GPRs, "
         + std::to_string (t.files[fpr_file].regs.size ()) + " FPRs, "
         + std::to_string (t.files[cr_file].regs.size ()) + " CRs)\n"
         + print_function (f, t);
}

// Return why allocating F for T with MODE fails ("" if it works): an
// allocator error, a checker complaint or a difference in the runs.
// The spill policy the fuzz tests allocate with; policy_scope sets it
// for one test.
spill_policy fuzz_policy = spill_policy::pereira;

struct policy_scope
{
  explicit policy_scope (spill_policy p) { fuzz_policy = p; }
  ~policy_scope () { fuzz_policy = spill_policy::pereira; }
};

// The cost goal they allocate for; goal_scope sets it for one test.
cost_goal fuzz_goal = cost_goal::speed;

struct goal_scope
{
  explicit goal_scope (cost_goal g) { fuzz_goal = g; }
  ~goal_scope () { fuzz_goal = cost_goal::speed; }
};

std::string
allocation_failure (const function &f, const target &t, spill_mode mode,
                    uint64_t seed)
{
  alloc_options o;
  o.check = check_mode::on;
  o.spill = mode;
  o.policy = fuzz_policy;
  o.goal = fuzz_goal;
  alloc_result r = allocate (f, t, o);
  std::string why = r.error;
  if (why.empty ())
    {
      std::vector<std::string> p = check_allocation (f, t, r.alloc);
      if (!p.empty ())
        why = "checker: " + p[0];
    }
  for (uint64_t run = 0; run < 2 && why.empty (); ++run)
    why = compare_runs (f, t, r.alloc, seed * 3 + run);
  return why;
}

// Stop reporting after this many failing seeds per test.
constexpr unsigned max_reports = 5;

// Allocate the programs of SEEDS (default: fuzz_seeds ()) generated with
// FEATURES for the fuzz target of each seed (or *FIXED), at the fuzz size
// of each seed (or SIZE), and check every allocation.
void
allocate_and_check (spill_mode mode, uint32_t features,
                    std::vector<uint64_t> seeds = fuzz_seeds (),
                    const target *fixed = nullptr, unsigned size = 0)
{
  unsigned failures = 0, total = 0;
  std::vector<uint64_t> failing;
  for (uint64_t seed : seeds)
    {
      target t = fixed ? *fixed : fuzz_target (seed);
      gen_options go = fuzz_options (seed, features);
      if (size)
        go.size = size;
      function f = generate (t, seed, go);
      ++total;
      std::string why = allocation_failure (f, t, mode, seed);
      if (why.empty ())
        continue;
      ++failures;
      failing.push_back (seed);
      if (std::getenv ("SSARA_FUZZ_VERBOSE"))
        std::cout << "[ fuzz fail ] seed " << seed << ": "
                  << why.substr (0, why.find ('\n')) << "\n";
      if (failures <= max_reports)
        {
          // Shrink the first failures to small repros.
          std::string reduced;
          if (failures <= 2 && !std::getenv ("SSARA_FUZZ_NO_REDUCE"))
            {
              function small = reduce_function (
                f, t, [&] (const function &c) {
                  return !allocation_failure (c, t, mode, seed).empty ();
                });
              reduced = "reduced (" + allocation_failure (small, t, mode, seed)
                        + "):\n" + print_function (small, t);
            }
          ADD_FAILURE () << why << "\n" << describe (seed, f, t) << reduced;
        }
    }
  if (failures)
    {
      std::string list;
      for (size_t k = 0; k < failing.size () && k < 50; ++k)
        list += " " + std::to_string (failing[k]);
      ADD_FAILURE () << failures << " of " << total
                     << " generated programs failed; seeds:" << list;
    }
}

} // namespace

TEST (Fuzz, GeneratorMakesValidPrograms)
{
  for (uint64_t seed : fuzz_seeds ())
    {
      target t = fuzz_target (seed);
      function f = generate (t, seed, fuzz_options (seed));
      std::string v = verify_function (f, t);
      ASSERT_EQ (v, "") << describe (seed, f, t);
      // The text form round-trips.
      std::string text = print_function (f, t);
      function g;
      ASSERT_EQ (parse_function (text, t, &g), "") << text;
      ASSERT_EQ (print_function (g, t), text);
      // The SSA run works.
      run_trace tr = run_ssa (f, t, seed);
      ASSERT_EQ (tr.error, "");
    }
}

TEST (Fuzz, GeneratorCoversFeatures)
{
  unsigned phis = 0, abnormal = 0, ties = 0, ec = 0, wide = 0, calls = 0,
           mem_across = 0, term_defs = 0, loops = 0, critical = 0,
           narrow = 0, cross_uses = 0, cross_defs = 0;
  for (uint64_t seed = 0; seed < 300; ++seed)
    {
      target t = fuzz_target (seed);
      function f = generate (t, seed, fuzz_options (seed));
      for (const value &v : f.values)
        {
          wide += v.width > 1;
          narrow += v.bytes != 0;
        }
      for (const block &b : f.blocks)
        {
          phis += unsigned (b.phis.size ());
          loops += b.loop_depth > 0;
          for (bool a : b.pred_abnormal)
            abnormal += a;
          for (block_id p : b.preds)
            critical += b.preds.size () > 1
                        && f.blocks[p].succs.size () > 1;
          for (const insn &in : b.insns)
            {
              calls += in.kind == insn_kind::call;
              mem_across += in.values_across_in_memory;
              for (const operand &op : in.ops)
                {
                  ties += op.tied_to != no_operand;
                  ec += op.earlyclobber;
                  term_defs += in.terminator
                               && op.kind == operand_kind::def;
                  if (op.value != no_value
                      && (op.allowed & f.values[op.value].allowed).none ())
                    {
                      cross_uses += op.kind == operand_kind::use;
                      cross_defs += op.kind == operand_kind::def;
                    }
                }
            }
        }
    }
  EXPECT_GT (phis, 100u);
  EXPECT_GT (abnormal, 3u);
  EXPECT_GT (ties, 50u);
  EXPECT_GT (ec, 50u);
  EXPECT_GT (wide, 50u);
  EXPECT_GT (calls, 100u);
  EXPECT_GT (mem_across, 2u);
  EXPECT_GT (term_defs, 10u);
  EXPECT_GT (loops, 50u);
  EXPECT_GT (critical, 50u);
  EXPECT_GT (narrow, 50u);
  EXPECT_GT (cross_uses, 50u);
  EXPECT_GT (cross_defs, 50u);
}

// The spill-everything reference allocator shows that every generated
// program is allocatable, and that the checker and the interpreter accept
// a correct allocation.
// Why the reference allocator's allocation of SEED's program fails (the
// allocator, the checker or the interpreter), or "".
std::string
reference_failure (uint64_t seed)
{
  target t = fuzz_target (seed);
  function f = generate (t, seed, fuzz_options (seed));
  allocation a;
  std::string why = reference_allocate (f, t, &a);
  if (why.empty ())
    {
      std::vector<std::string> p = check_allocation (f, t, a);
      if (!p.empty ())
        why = "checker: " + p[0];
    }
  if (why.empty ())
    why = compare_runs (f, t, a, seed);
  if (!why.empty ())
    why += "\n" + describe (seed, f, t) + print_allocation (f, t, a);
  return why;
}

TEST (Fuzz, ReferenceAllocator)
{
  unsigned failures = 0;
  for (uint64_t seed : fuzz_seeds ())
    {
      std::string why = reference_failure (seed);
      if (!why.empty () && ++failures <= max_reports)
        ADD_FAILURE () << why;
    }
  EXPECT_EQ (failures, 0u);
}

// Seed 4398, beyond the default count: an instruction whose use has a
// tied pair def beside a def fixed to r4.  The reference allocator's
// search tried every other use before the tie's conflict showed and ran
// out of nodes ("no register assignment"); it now picks single-register
// defs first and checks a use's tied defs as it picks the use.
TEST (Fuzz, ReferenceAllocatorTiedPairBesideFixedDef)
{
  EXPECT_EQ (reference_failure (4398), "");
}

TEST (Fuzz, AllocateNormal)
{
  allocate_and_check (spill_mode::normal, allocator_features);
}

// The same programs with the default, spill_policy::cheaper (both
// policies where the splitting spiller changes anything).
TEST (Fuzz, AllocateCheaper)
{
  policy_scope p (spill_policy::cheaper);
  allocate_and_check (spill_mode::normal, allocator_features);
}

// The same programs as the plugin allocates a function GCC optimizes
// for size (-Os): spill=cheaper, the cost goal size (no call is cold in
// the splitting spiller; spill=cheaper's estimates compare without a
// margin; reload elision's size rules).
TEST (Fuzz, AllocateCheaperForSize)
{
  policy_scope p (spill_policy::cheaper);
  goal_scope g (cost_goal::size);
  allocate_and_check (spill_mode::normal, allocator_features);
}

// The same programs with the splitting spiller (spilling.cc).
TEST (Fuzz, AllocateSplit)
{
  policy_scope p (spill_policy::split);
  allocate_and_check (spill_mode::normal, allocator_features);
}

TEST (Fuzz, AllocateSpillEverything)
{
  allocate_and_check (spill_mode::everything, allocator_features);
}

// Every generator feature over all seeds in one test (docs/checker.md
// names it); Fuzz/FullFeatures below splits the same by GPR count.
// Disabled because Fuzz.AllocateNormal now runs every feature too.
TEST (Fuzz, DISABLED_AllocateAllFeatures)
{
  allocate_and_check (spill_mode::normal, uint32_t (feature::all));
}

// Every generator feature, one test per GPR count: FullFeatures/N runs
// the seeds below SSARA_FUZZ_COUNT whose fuzz target has N GPRs (FPR and
// CR counts vary with the seed as in the other tests), so the 31
// instances together run SSARA_FUZZ_COUNT programs.  Disabled: the same
// programs as Fuzz.AllocateNormal, only reported by GPR count (run with
// --gtest_also_run_disabled_tests --gtest_filter='Fuzz/FullFeatures*').
class FullFeatures : public ::testing::TestWithParam<unsigned>
{};

TEST_P (FullFeatures, DISABLED_Allocate)
{
  std::vector<uint64_t> seeds;
  for (uint64_t seed : fuzz_seeds ())
    if (2 + seed % 31 == GetParam ())
      seeds.push_back (seed);
  allocate_and_check (spill_mode::normal, uint32_t (feature::all), seeds);
}

INSTANTIATE_TEST_SUITE_P (Fuzz, FullFeatures, ::testing::Range (2u, 33u));

// Every generator feature on the whole rs6000 register file, at the fuzz
// sizes and (a few programs) at size 1000.
TEST (Fuzz, FullFeaturesRs6000)
{
  target t = rs6000_target ();
  std::vector<uint64_t> seeds = fuzz_seeds ();
  if (seeds.size () > 400)
    seeds.resize (400);
  allocate_and_check (spill_mode::normal, uint32_t (feature::all), seeds, &t);
  if (seeds.size () > 10)
    seeds.resize (10);
  allocate_and_check (spill_mode::normal, uint32_t (feature::all), seeds, &t,
                      1000);
}

TEST (Fuzz, FullFeaturesRs6000Split)
{
  policy_scope p (spill_policy::split);
  target t = rs6000_target ();
  std::vector<uint64_t> seeds = fuzz_seeds ();
  if (seeds.size () > 400)
    seeds.resize (400);
  allocate_and_check (spill_mode::normal, uint32_t (feature::all), seeds, &t);
}

// Corrupt correct allocations at random; whenever the interpreter sees a
// difference, the checker must complain too.
TEST (Fuzz, CheckerCatchesMutations)
{
  unsigned tried = 0, observable = 0, caught = 0;
  std::vector<uint64_t> seeds = fuzz_seeds ();
  if (seeds.size () > 500)
    seeds.resize (500);
  for (uint64_t seed : seeds)
    {
      target t = fuzz_target (seed);
      function f = generate (t, seed, fuzz_options (seed));
      // Mutate the allocator's result when it is correct, else the
      // reference allocator's.
      alloc_options o;
      alloc_result r = allocate (f, t, o);
      if (!r.error.empty () || !check_allocation (f, t, r.alloc).empty ())
        {
          r.alloc = allocation ();
          if (!reference_allocate (f, t, &r.alloc).empty ())
            continue;
        }
      std::mt19937_64 rng (seed);
      for (unsigned m = 0; m < 8; ++m)
        {
          allocation a = r.alloc;
          unsigned what = unsigned (rng () % 4);
          if (what == 0 && !a.edits.empty ())
            a.edits.erase (a.edits.begin () + rng () % a.edits.size ());
          else if (what == 1 && !a.edits.empty ())
            {
              edit &e = a.edits[rng () % a.edits.size ()];
              if (e.k == edit::kind::swap)
                e.k = edit::kind::copy, e.temp = no_hreg, e.slot = no_slot;
              else if (e.dst_reg != no_hreg)
                {
                  const reg_file &rf = t.files[t.file_of (e.dst_reg)];
                  e.dst_reg = rf.regs[rng () % rf.regs.size ()];
                }
            }
          else
            {
              // Move one operand to another register of its file.
              block_id b = block_id (rng () % f.blocks.size ());
              if (f.blocks[b].insns.empty ())
                continue;
              uint32_t i = uint32_t (rng () % f.blocks[b].insns.size ());
              const insn &in = f.blocks[b].insns[i];
              if (in.ops.empty ())
                continue;
              size_t k = rng () % in.ops.size ();
              if (in.ops[k].kind != operand_kind::use
                  && in.ops[k].kind != operand_kind::def)
                continue;
              const value &v = f.values[in.ops[k].value];
              const reg_file &rf = t.files[v.file];
              a.operand_loc[b][i][k].reg = rf.regs[rng () % rf.regs.size ()];
            }
          ++tried;
          std::string diff;
          for (uint64_t run = 0; run < 3 && diff.empty (); ++run)
            diff = compare_runs (f, t, a, seed * 5 + run);
          bool complained = !check_allocation (f, t, a).empty ();
          if (!diff.empty ())
            {
              ++observable;
              EXPECT_TRUE (complained)
                << "checker misses: " << diff << "\n" << describe (seed, f, t)
                << print_allocation (f, t, a);
            }
          caught += complained;
        }
    }
  // Most mutations must be noticed at all.
  if (tried > 50)
    {
      EXPECT_GT (caught * 2, tried) << caught << " of " << tried;
    }
  std::cout << "[ mutations ] tried " << tried << ", observable "
            << observable << ", checker complained " << caught << "\n";
}
