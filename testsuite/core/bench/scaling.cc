// scaling.cc -- how the cost of allocate () grows with function size.
//
// Builds functions of 1k to 100k SSA values, allocates each for the
// rs6000 target with the checker off, then runs the checker on the
// result separately, and prints a table: values, blocks, instructions,
// allocation time, time per 1000 values, checker time; and a second table
// with the time of each phase (alloc_options::times).  Times are
// processor time (std::clock) in milliseconds.
//
// Two families of functions:
//
//   structured  (this file) straight-line code, if/else diamonds and
//               nested loops in proportion, the way a large generated or
//               inlined function looks: uses read mostly recent values,
//               a handful of values (incoming arguments, a few early
//               definitions) stay live through the whole function, calls
//               clobber the call-clobbered registers, loops carry values
//               around in phis.  Blocks grow with the size.
//   gen         the fuzz tests' generator (gen.cc) with the features
//               the fuzz tests once allocated, its size option scaled up.  It stops adding blocks at 60
//               and uses older values half of the time, so a large
//               function is a few huge blocks with very long live ranges:
//               a stress case for pressure rather than a typical shape.
//
// Usage: scaling [--family=structured|gen|both] [--sizes=N,N,...]
//                [--no-check] [--seed=N]
// make bench-core-scaling runs it with the defaults (both families, 1k
// to 100k values).  Not part of make check.

#include "allocate.h"
#include "checker.h"
#include "../gen.h"
#include "../test-targets.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace ssara;
using namespace ssara::test;

namespace {

// ---------------------------------------------------------------------
// The structured generator.

class structured_gen
{
public:
  structured_gen (const target &t, uint64_t seed, size_t nvalues)
    : t_ (t), rng_ (seed * 0x9e3779b97f4a7c15ull + 7), want_ (nvalues)
  {}

  function run ()
  {
    f_.name = "scaling";
    cur_ = new_block ();
    // Incoming arguments in r3 and r4, copied out first thing; they and a
    // few early values stay live to the exit.
    for (hreg r : { gpr (3), gpr (4) })
      {
        insn cp;
        cp.kind = insn_kind::copy;
        value_id v = new_value (gpr_file);
        cp.ops = { def (v), use_hard (r) };
        push (cp);
        globals_.push_back (v);
      }
    for (unsigned k = 0; k < 4; ++k)
      globals_.push_back (emit_insn (k % 2 ? fpr_file : gpr_file));
    avail_ = globals_;
    while (f_.values.size () < want_)
      emit_seq (0, 1);
    // The exit reads every long-lived value and returns one in r3.
    for (value_id g : globals_)
      {
        insn sink;
        sink.ops = { use (g) };
        push (sink);
      }
    insn cp;
    cp.kind = insn_kind::copy;
    cp.ops = { def_hard (gpr (3)), use (globals_[0]) };
    push (cp);
    insn ret;
    ret.terminator = true;
    ret.ops = { use_hard (gpr (3)) };
    push (ret);
    return f_;
  }

private:
  unsigned rnd (unsigned n) { return n ? unsigned (rng_ () % n) : 0; }
  bool chance (unsigned pct) { return rnd (100) < pct; }

  block_id new_block ()
  {
    f_.blocks.emplace_back ();
    f_.blocks.back ().loop_depth = depth_;
    f_.blocks.back ().origin = uint32_t (f_.blocks.size ());
    return block_id (f_.blocks.size () - 1);
  }

  void edge (block_id a, block_id b)
  {
    f_.blocks[a].succs.push_back (b);
    f_.blocks[b].preds.push_back (a);
    f_.blocks[b].pred_abnormal.push_back (false);
  }

  value_id new_value (file_id file)
  {
    value v;
    v.file = file;
    v.allowed = start_regs (t_, file, 1);
    v.origin = uint32_t (f_.values.size ());
    v.name = "v" + std::to_string (f_.values.size ());
    return f_.add_value (v);
  }

  operand def (value_id v)
  {
    operand o;
    o.kind = operand_kind::def;
    o.value = v;
    o.allowed = f_.values[v].allowed;
    return o;
  }

  operand use (value_id v)
  {
    operand o = def (v);
    o.kind = operand_kind::use;
    return o;
  }

  static operand use_hard (hreg r)
  {
    operand o;
    o.kind = operand_kind::use_hard;
    o.reg = r;
    return o;
  }

  static operand def_hard (hreg r)
  {
    operand o = use_hard (r);
    o.kind = operand_kind::def_hard;
    return o;
  }

  void push (insn in)
  {
    in.origin = next_origin_++;
    f_.blocks[cur_].insns.push_back (std::move (in));
  }

  // Return a value of FILE that dominates this point: usually one of
  // the last few defined, sometimes a long-lived one.
  value_id pick (file_id file, size_t since = 0)
  {
    if (chance (15))
      {
        std::vector<value_id> g;
        for (value_id v : globals_)
          if (f_.values[v].file == file)
            g.push_back (v);
        if (!g.empty ())
          return g[rnd (unsigned (g.size ()))];
      }
    std::vector<value_id> recent;
    for (size_t i = avail_.size (); i-- > since && recent.size () < 24;)
      if (f_.values[avail_[i]].file == file)
        recent.push_back (avail_[i]);
    if (recent.empty ())
      return no_value;
    // Closer values are likelier: short live ranges, as in real code.
    unsigned k = rnd (unsigned (recent.size ()));
    return recent[rnd (k + 1)];
  }

  // An arithmetic instruction of FILE: one or two uses, one def (tied
  // to the first use now and then: rlwimi, fmadd's accumulator).
  value_id emit_insn (file_id file, unsigned max_uses = 2)
  {
    insn in;
    unsigned nuse = 1 + rnd (max_uses);
    for (unsigned k = 0; k < nuse; ++k)
      if (value_id u = pick (file); u != no_value)
        in.ops.push_back (use (u));
    value_id d = new_value (file);
    operand od = def (d);
    if (!in.ops.empty () && chance (5))
      od.tied_to = 0;
    in.ops.push_back (od);
    push (in);
    avail_.push_back (d);
    return d;
  }

  void emit_call ()
  {
    value_id a = pick (gpr_file);
    if (a != no_value)
      {
        insn cp;
        cp.kind = insn_kind::copy;
        cp.ops = { def_hard (gpr (3)), use (a) };
        push (cp);
      }
    insn call;
    call.kind = insn_kind::call;
    if (a != no_value)
      call.ops.push_back (use_hard (gpr (3)));
    call.ops.push_back (def_hard (gpr (3)));
    call.clobbers = rs6000_call_clobbered ();
    push (call);
    insn res;
    res.kind = insn_kind::copy;
    value_id r = new_value (gpr_file);
    res.ops = { def (r), use_hard (gpr (3)) };
    push (res);
    avail_.push_back (r);
  }

  // End the current block with a compare into a CR field and a
  // conditional branch reading it.
  void emit_cond_branch ()
  {
    insn cmp;
    value_id c = new_value (cr_file);
    if (value_id u = pick (gpr_file); u != no_value)
      cmp.ops.push_back (use (u));
    cmp.ops.push_back (def (c));
    push (cmp);
    insn br;
    br.terminator = true;
    br.ops = { use (c) };
    push (br);
  }

  void emit_diamond (unsigned level)
  {
    emit_cond_branch ();
    block_id head = cur_;
    bool direct = chance (30);
    unsigned nphis = 1 + rnd (2);
    std::vector<std::vector<value_id>> args (nphis);
    std::vector<block_id> ends;
    size_t mark = avail_.size ();
    for (unsigned arm = 0; arm < (direct ? 1u : 2u); ++arm)
      {
        cur_ = new_block ();
        edge (head, cur_);
        emit_seq (level + 1, 1 + rnd (5));
        for (auto &a : args)
          a.push_back (pick (gpr_file));
        ends.push_back (cur_);
        avail_.resize (mark);
      }
    if (direct)
      {
        ends.push_back (head);
        for (auto &a : args)
          a.push_back (pick (gpr_file));
      }
    block_id join = new_block ();
    for (block_id e : ends)
      edge (e, join);
    cur_ = join;
    for (auto &a : args)
      {
        if (std::count (a.begin (), a.end (), no_value))
          continue;
        value_id d = new_value (gpr_file);
        f_.blocks[join].phis.push_back ({ d, a });
        avail_.push_back (d);
      }
  }

  void emit_loop (unsigned level)
  {
    block_id pre = cur_;
    unsigned nphis = 1 + rnd (3);
    std::vector<value_id> inits;
    for (unsigned k = 0; k < nphis; ++k)
      if (value_id v = pick (gpr_file); v != no_value)
        inits.push_back (v);
    ++depth_;
    block_id header = new_block ();
    edge (pre, header);
    cur_ = header;
    std::vector<value_id> phis;
    for (size_t k = 0; k < inits.size (); ++k)
      {
        phis.push_back (new_value (gpr_file));
        avail_.push_back (phis.back ());
      }
    size_t mark = avail_.size ();
    emit_seq (level + 1, 3 + rnd (8));
    // The latch passes values of this iteration (or the phi itself) back.
    std::vector<value_id> latch;
    for (size_t k = 0; k < phis.size (); ++k)
      {
        value_id v = chance (85) ? pick (gpr_file, mark) : no_value;
        latch.push_back (v == no_value ? phis[k] : v);
      }
    emit_cond_branch ();
    block_id end = cur_;
    edge (end, header);
    for (size_t k = 0; k < phis.size (); ++k)
      f_.blocks[header].phis.push_back ({ phis[k], { inits[k], latch[k] } });
    --depth_;
    cur_ = new_block ();
    edge (end, cur_);
  }

  void emit_seq (unsigned level, unsigned n)
  {
    for (unsigned k = 0; k < n && f_.values.size () < want_; ++k)
      {
        unsigned r = rnd (100);
        if (r < 60)
          emit_insn (gpr_file);
        else if (r < 70)
          emit_insn (fpr_file);
        else if (r < 76)
          emit_call ();
        else if (r < 88 && level < 4)
          emit_diamond (level);
        else if (r < 95 && level < 4)
          emit_loop (level);
        else
          emit_insn (gpr_file, 3);
      }
  }

  const target &t_;
  std::mt19937_64 rng_;
  size_t want_;
  function f_;
  // Values whose definition dominates the current point, oldest first.
  std::vector<value_id> avail_;
  std::vector<value_id> globals_;
  block_id cur_ = 0;
  unsigned depth_ = 0;
  uint32_t next_origin_ = 1;
};

// ---------------------------------------------------------------------
// gen.cc at a given number of values.

function
gen_of_size (const target &t, uint64_t seed, size_t nvalues)
{
  // The generator's size counts statements; scale it until the value
  // count lands within 10% of the request.
  gen_options o;
  o.size = unsigned (nvalues);
  // The features the fuzz tests allocated when docs/core.md's figures
  // were measured (fuzz_test.cc's allocator_features is now every
  // feature); kept so that the figures stay comparable.
  o.features = feature::calls | feature::loops | feature::switches
               | feature::abnormal_edges | feature::mem_across_calls
               | feature::memory_only_values | feature::clobbers
               | feature::cycles;
  function f;
  for (int tries = 0; tries < 6; ++tries)
    {
      f = generate (t, seed, o);
      double ratio = double (nvalues) / double (std::max<size_t> (f.values.size (), 1));
      if (ratio > 0.9 && ratio < 1.1)
        break;
      o.size = unsigned (std::max (1.0, o.size * ratio));
    }
  return f;
}

// ---------------------------------------------------------------------
// Measurement.

// Processor time, not wall-clock time: the machines that run this are
// shared, and the allocator is single-threaded.
double
ms_since (std::clock_t t0)
{
  return 1000.0 * double (std::clock () - t0) / CLOCKS_PER_SEC;
}

struct row
{
  std::string family;
  size_t values = 0, blocks = 0, insns = 0;
  double alloc_ms = 0, check_ms = -1;
  unsigned rounds = 0, spilled = 0;
  std::string error;
  std::vector<phase_time> phases;
};

row
measure (const std::string &family, const function &f, const target &t,
         bool check)
{
  row r;
  r.family = family;
  r.values = f.values.size ();
  r.blocks = f.blocks.size ();
  for (const block &b : f.blocks)
    r.insns += b.insns.size ();
  // Small functions are timed as the best of several runs.
  unsigned runs = r.values <= 10000 ? 3 : 1;
  alloc_result best;
  for (unsigned k = 0; k < runs; ++k)
    {
      std::vector<phase_time> times;
      alloc_options o;
      o.times = &times;
      std::clock_t t0 = std::clock ();
      alloc_result a = allocate (f, t, o);
      double ms = ms_since (t0);
      if (k == 0 || ms < r.alloc_ms)
        {
          r.alloc_ms = ms;
          r.phases = times;
          best = std::move (a);
        }
    }
  r.error = best.error;
  r.rounds = best.alloc.stats.relief_runs;
  r.spilled = best.alloc.stats.spilled;
  if (check && r.error.empty ())
    {
      std::clock_t t0 = std::clock ();
      std::vector<std::string> problems = check_allocation (f, t, best.alloc);
      r.check_ms = ms_since (t0);
      if (!problems.empty ())
        r.error = "checker: " + problems[0];
    }
  return r;
}

void
print_rows (const std::vector<row> &rows)
{
  std::printf ("| family | values | blocks | instructions | allocate ms "
               "| ms / 1k values | checker ms | relief runs | spilled |\n");
  std::printf ("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
               "| ---: |\n");
  for (const row &r : rows)
    {
      char check[32] = "-";
      if (r.check_ms >= 0)
        std::snprintf (check, sizeof check, "%.1f", r.check_ms);
      std::printf ("| %s | %zu | %zu | %zu | %.1f | %.2f | %s | %u | %u |%s%s\n",
                   r.family.c_str (), r.values, r.blocks, r.insns, r.alloc_ms,
                   r.alloc_ms * 1000.0 / double (r.values), check, r.rounds,
                   r.spilled, r.error.empty () ? "" : " ERROR: ",
                   r.error.c_str ());
    }
}

void
print_phases (const std::vector<row> &rows)
{
  // Phase names in the order the driver ran them (first row with all).
  std::vector<std::string> names;
  for (const row &r : rows)
    for (const phase_time &p : r.phases)
      if (std::find (names.begin (), names.end (), p.phase) == names.end ())
        names.push_back (p.phase);
  std::printf ("\nms per phase (allocate without the checker):\n\n"
               "| family | values |");
  for (const std::string &n : names)
    std::printf (" %s |", n.c_str ());
  std::printf ("\n| --- | ---: |");
  for (size_t k = 0; k < names.size (); ++k)
    std::printf (" ---: |");
  std::printf ("\n");
  for (const row &r : rows)
    {
      std::printf ("| %s | %zu |", r.family.c_str (), r.values);
      for (const std::string &n : names)
        {
          double ms = 0;
          for (const phase_time &p : r.phases)
            if (n == p.phase)
              ms += p.ms;
          std::printf (" %.1f |", ms);
        }
      std::printf ("\n");
    }
}

std::vector<size_t>
parse_sizes (const char *s)
{
  std::vector<size_t> v;
  while (*s)
    {
      char *end;
      unsigned long n = std::strtoul (s, &end, 10);
      if (end == s)
        break;
      if (*end == 'k' || *end == 'K')
        {
          n *= 1000;
          ++end;
        }
      v.push_back (n);
      s = *end == ',' ? end + 1 : end;
    }
  return v;
}

} // namespace

int
main (int argc, char **argv)
{
  std::vector<size_t> sizes
    = { 1000, 2000, 5000, 10000, 20000, 50000, 100000 };
  std::string family = "both";
  bool check = true;
  uint64_t seed = 1;
  for (int i = 1; i < argc; ++i)
    {
      const char *a = argv[i];
      if (!std::strncmp (a, "--family=", 9))
        family = a + 9;
      else if (!std::strncmp (a, "--sizes=", 8))
        sizes = parse_sizes (a + 8);
      else if (!std::strcmp (a, "--no-check"))
        check = false;
      else if (!std::strncmp (a, "--seed=", 7))
        seed = std::strtoull (a + 7, nullptr, 10);
      else
        {
          std::fprintf (stderr,
                        "usage: %s [--family=structured|gen|both] "
                        "[--sizes=1k,2k,...] [--no-check] [--seed=N]\n",
                        argv[0]);
          return 2;
        }
    }
  if (family != "structured" && family != "gen" && family != "both")
    {
      std::fprintf (stderr, "unknown family '%s'\n", family.c_str ());
      return 2;
    }

  const target t = rs6000_target ();
  std::vector<row> rows;
  bool failed = false;
  for (const char *fam : { "structured", "gen" })
    {
      if (family != "both" && family != fam)
        continue;
      for (size_t n : sizes)
        {
          function f = std::strcmp (fam, "gen") == 0
                         ? gen_of_size (t, seed, n)
                         : structured_gen (t, seed, n).run ();
          rows.push_back (measure (fam, f, t, check));
          const row &r = rows.back ();
          std::fprintf (stderr, "%s %zu values: %.1f ms%s%s\n", fam, r.values,
                        r.alloc_ms, r.error.empty () ? "" : ", ",
                        r.error.c_str ());
          failed |= !r.error.empty ();
        }
    }
  std::printf ("rs6000 target (29 GPRs, 32 FPRs, 8 CR fields), seed %llu\n\n",
               (unsigned long long) seed);
  print_rows (rows);
  print_phases (rows);
  return failed ? 1 : 0;
}
