// ir.cc -- target queries, builders and the input verifier (see ir.h).

#include "ir.h"

#include "dominators.h"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>

namespace ssara {

file_id
target::file_of (hreg r) const
{
  for (size_t f = 0; f < files.size (); ++f)
    for (hreg h : files[f].regs)
      if (h == r)
        return static_cast<file_id> (f);
  return no_file;
}

hreg_set
target::allocatable () const
{
  hreg_set s;
  for (const reg_file &rf : files)
    for (hreg h : rf.regs)
      if (h < max_hard_regs)
        s.set (h);
  return s;
}

value_id
function::add_value (const value &v)
{
  values.push_back (v);
  return static_cast<value_id> (values.size () - 1);
}

std::vector<value_id>
keep_values (function &f, const std::vector<bool> &keep)
{
  std::vector<value_id> new_id (f.values.size (), no_value);
  vec<value> kept;
  for (value_id v = 0; v < f.values.size (); ++v)
    if (keep[v])
      {
        new_id[v] = value_id (kept.size ());
        kept.push_back (std::move (f.values[v]));
      }
  f.values.swap (kept);
  for (block &b : f.blocks)
    {
      for (phi &p : b.phis)
        {
          p.def = new_id[p.def];
          for (value_id &a : p.args)
            a = new_id[a];
        }
      for (insn &in : b.insns)
        for (operand &op : in.ops)
          if (op.value != no_value)
            op.value = new_id[op.value];
    }
  return new_id;
}

namespace {

// An ostringstream made on the first <<: the verifier runs on every
// function, and constructing a stream (its locale) for the common case,
// no complaint, cost more than the checks of a small function.
class error_text
{
public:
  template <typename T> error_text &operator<< (const T &x)
  {
    if (!s_)
      s_ = std::make_unique<std::ostringstream> ();
    *s_ << x;
    return *this;
  }
  std::string str () const { return s_ ? s_->str () : std::string (); }

private:
  std::unique_ptr<std::ostringstream> s_;
};

// Where a value is defined: a phi of BLOCK (INSN == phi_def_insn), or
// operand OP of instruction INSN of BLOCK.
constexpr uint32_t phi_def_insn = ~0u;
struct def_site
{
  block_id block = no_block;
  uint32_t insn = 0;
  int op = 0;
};

// Return the registers of file RF as a set.
hreg_set
file_regs (const reg_file &rf)
{
  hreg_set s;
  for (hreg h : rf.regs)
    if (h < max_hard_regs)
      s.set (h);
  return s;
}

std::string
verify_target (const target &t)
{
  error_text err;
  if (t.files.empty () || t.files.size () >= no_file)
    return "target has no register files (or too many)";
  hreg_set seen;
  for (size_t f = 0; f < t.files.size (); ++f)
    {
      const reg_file &rf = t.files[f];
      for (hreg h : rf.regs)
        {
          if (h >= max_hard_regs)
            {
              err << "file " << rf.name << " lists register " << h
                  << " beyond max_hard_regs";
              return err.str ();
            }
          if (seen.test (h))
            {
              err << "register " << h << " appears in two files (or twice)";
              return err.str ();
            }
          seen.set (h);
        }
      bool needs_via = !rf.memory_direct
                       || rf.swap == swap_method::via_other_file;
      if (needs_via && (rf.via_file >= t.files.size () || rf.via_file == f))
        {
          err << "file " << rf.name << " needs a valid via_file";
          return err.str ();
        }
      if (rf.bytes_per_reg == 0)
        {
          err << "file " << rf.name << " has bytes_per_reg 0";
          return err.str ();
        }
    }
  if (t.direct_copy.size () != t.files.size ())
    return "target direct_copy is not files x files";
  for (size_t f = 0; f < t.files.size (); ++f)
    {
      if (t.direct_copy[f].size () != t.files.size ())
        return "target direct_copy is not files x files";
      if (!t.direct_copy[f][f])
        return "target direct_copy[f][f] is false for file "
               + t.files[f].name;
    }
  return "";
}

std::string
value_str (const function &f, value_id v)
{
  std::string s = "v" + std::to_string (v);
  if (v < f.values.size () && !f.values[v].name.empty ())
    s += " (" + f.values[v].name + ")";
  return s;
}

} // namespace

// Return true if ALLOWED, disjoint from V's registers, lies in one other
// file that V can move to and from (directly, or through memory when
// both files reach memory directly): the allocator then gives the
// operand a copy of V in that file.
static bool
cross_file_ok (const target &t, const value &v, const hreg_set &allowed)
{
  file_id g = no_file;
  for (unsigned r = 0; r < max_hard_regs; ++r)
    if (allowed.test (r))
      {
        file_id fr = t.file_of (r);
        if (fr == no_file || (g != no_file && fr != g))
          return false;
        g = fr;
      }
  if (g == no_file || g == v.file)
    return false;
  bool direct = t.direct_copy[v.file][g] && t.direct_copy[g][v.file];
  bool memory = t.files[v.file].memory_direct && t.files[g].memory_direct;
  return direct || memory;
}

unsigned
value_bytes (const target &t, const value &v)
{
  if (v.bytes != 0)
    return v.bytes;
  return v.width * (v.file < t.files.size () ? t.files[v.file].bytes_per_reg
                                             : 0);
}

unsigned
regs_in_file (const target &t, const value &v, file_id f)
{
  if (f == v.file)
    return v.width;
  const unsigned per = t.files[f].bytes_per_reg;
  return std::max (1u, (value_bytes (t, v) + per - 1) / per);
}

std::string
verify_function (const function &f, const target &t)
{
  std::string terr = verify_target (t);
  if (!terr.empty ())
    return terr;

  error_text err;
  const size_t nblocks = f.blocks.size ();
  const size_t nvalues = f.values.size ();
  if (nblocks == 0)
    return "function " + f.name + " has no blocks";

  // Values.  Each file's registers once, not per value.
  vec<hreg_set> regs_of (t.files.size ());
  for (file_id i = 0; i < t.files.size (); ++i)
    regs_of[i] = file_regs (t.files[i]);
  for (value_id v = 0; v < nvalues; ++v)
    {
      const value &val = f.values[v];
      if (val.file >= t.files.size ())
        {
          err << value_str (f, v) << " has no valid file";
          return err.str ();
        }
      if (val.width != 1 && val.width != 2 && val.width != 4)
        {
          err << value_str (f, v) << " has width " << unsigned (val.width);
          return err.str ();
        }
      if (val.bytes != 0
          && (val.width != 1
              || val.bytes >= t.files[val.file].bytes_per_reg))
        {
          err << value_str (f, v) << " of width " << unsigned (val.width)
              << " has " << unsigned (val.bytes) << " bytes";
          return err.str ();
        }
      const hreg_set &fr = regs_of[val.file];
      if (val.allowed.none ())
        {
          err << value_str (f, v) << " has an empty allowed set";
          return err.str ();
        }
      if ((val.allowed & ~fr).any ())
        {
          err << value_str (f, v) << " allows registers outside file "
              << t.files[val.file].name;
          return err.str ();
        }
      if (val.width > 1)
        for (unsigned h = 0; h < max_hard_regs; ++h)
          if (val.allowed.test (h))
            for (unsigned w = 1; w < val.width; ++w)
              if (h + w >= max_hard_regs || !fr.test (h + w))
                {
                  err << value_str (f, v) << " of width "
                      << unsigned (val.width) << " allows start register "
                      << h << " but " << h + w << " is not in its file";
                  return err.str ();
                }
    }

  // CFG shape.
  for (block_id b = 0; b < nblocks; ++b)
    {
      const block &bb = f.blocks[b];
      for (block_id s : bb.succs)
        if (s >= nblocks)
          {
            err << "block " << b << " has successor " << s
                << " out of range";
            return err.str ();
          }
      for (block_id p : bb.preds)
        if (p >= nblocks)
          {
            err << "block " << b << " has predecessor " << p
                << " out of range";
            return err.str ();
          }
      if (bb.pred_abnormal.size () != bb.preds.size ())
        {
          err << "block " << b << " has " << bb.preds.size ()
              << " preds but " << bb.pred_abnormal.size ()
              << " pred_abnormal flags";
          return err.str ();
        }
      for (size_t k = 0; k < bb.phis.size (); ++k)
        if (bb.phis[k].args.size () != bb.preds.size ())
          {
            err << "block " << b << " phi " << k << " has "
                << bb.phis[k].args.size () << " args for "
                << bb.preds.size () << " preds";
            return err.str ();
          }
    }
  {
    // The edges as the succs list them and as the preds do: the same
    // multiset, sorted.
    vec<std::pair<block_id, block_id>> by_succ, by_pred;
    for (block_id b = 0; b < nblocks; ++b)
      {
        for (block_id s : f.blocks[b].succs)
          by_succ.push_back ({ b, s });
        for (block_id p : f.blocks[b].preds)
          by_pred.push_back ({ p, b });
      }
    std::sort (by_succ.begin (), by_succ.end ());
    std::sort (by_pred.begin (), by_pred.end ());
    if (by_succ != by_pred)
      {
        // The first edge where they part, and which lists it more often.
        size_t k = 0;
        while (k < by_succ.size () && k < by_pred.size ()
               && by_succ[k] == by_pred[k])
          ++k;
        bool more = k == by_pred.size ()
                    || (k < by_succ.size () && by_succ[k] < by_pred[k]);
        auto e = more ? by_succ[k] : by_pred[k];
        err << "edge " << e.first << "->" << e.second
            << " appears " << (more ? "more" : "less")
            << " often in succs than in preds";
        return err.str ();
      }
  }
  for (block_id b = 0; b < nblocks; ++b)
    if (f.blocks[b].returns && !f.blocks[b].succs.empty ())
      {
        err << "block " << b << " returns but has successors";
        return err.str ();
      }
  if (!f.blocks[0].preds.empty ())
    return "entry block 0 has predecessors";
  if (!f.blocks[0].phis.empty ())
    return "entry block 0 has phis";

  dominator_tree dom (f);
  for (block_id b = 0; b < nblocks; ++b)
    if (!dom.reachable (b))
      {
        err << "block " << b << " is unreachable from block 0";
        return err.str ();
      }

  // Instructions and definitions.
  vec<def_site> defs (nvalues);
  vec<unsigned> ndefs (nvalues, 0);
  auto bad_value = [&] (value_id v) { return v >= nvalues; };

  for (block_id b = 0; b < nblocks; ++b)
    {
      const block &bb = f.blocks[b];
      for (size_t k = 0; k < bb.phis.size (); ++k)
        {
          const phi &p = bb.phis[k];
          if (bad_value (p.def))
            {
              err << "block " << b << " phi " << k << " defines no value";
              return err.str ();
            }
          if (ndefs[p.def]++ == 0)
            defs[p.def] = { b, phi_def_insn, 0 };
          for (size_t j = 0; j < p.args.size (); ++j)
            {
              value_id a = p.args[j];
              if (bad_value (a))
                {
                  err << "block " << b << " phi " << k << " arg " << j
                      << " is not a value";
                  return err.str ();
                }
              if (f.values[a].file != f.values[p.def].file
                  || f.values[a].width != f.values[p.def].width)
                {
                  err << "block " << b << " phi " << k << " arg " << j
                      << " " << value_str (f, a)
                      << " differs in file or width from its def "
                      << value_str (f, p.def);
                  return err.str ();
                }
            }
        }
      for (size_t i = 0; i < bb.insns.size (); ++i)
        {
          const insn &in = bb.insns[i];
          // The location for an error message, built only on an error:
          // streams built per instruction and operand cost more than all
          // the checks.
          auto where_str = [&] {
            std::ostringstream where;
            where << "block " << b << " insn " << i << " (origin "
                  << in.origin << ")";
            return where.str ();
          };
          if (in.terminator && i + 1 != bb.insns.size ())
            return where_str () + " is a terminator but not last";
          if (in.saves_for_receiver != no_hreg
              && in.saves_for_receiver >= max_hard_regs)
            return where_str () + " saves a register that does not exist";
          if (in.saved_operand != no_operand
              && (in.saves_for_receiver == no_hreg || in.saved_operand < 0
                  || size_t (in.saved_operand) >= in.ops.size ()
                  || in.ops[in.saved_operand].kind != operand_kind::use))
            return where_str () + " saves an operand that is not a use "
                   "of this instruction";
          unsigned ndst = 0, nsrc = 0, wdst = 0, wsrc = 0;
          for (size_t k = 0; k < in.ops.size (); ++k)
            {
              const operand &op = in.ops[k];
              auto at_str = [&] {
                return where_str () + " operand " + std::to_string (k);
              };
              bool valued = op.kind == operand_kind::use
                            || op.kind == operand_kind::def;
              if (valued)
                {
                  if (bad_value (op.value))
                    return at_str () + " names no value";
                  if (op.allowed.none ())
                    return at_str () + " has an empty allowed set";
                  if ((op.allowed & f.values[op.value].allowed).none ()
                      && !cross_file_ok (t, f.values[op.value], op.allowed))
                    return at_str () + " allows no register its value "
                           + value_str (f, op.value) + " may use";
                }
              else
                {
                  if (op.value != no_value)
                    return at_str () + " is a hard operand with a value";
                  if (op.width == 0 || op.reg == no_hreg
                      || op.reg + op.width > max_hard_regs)
                    return at_str () + " has a bad hard register range";
                }
              if (op.kind != operand_kind::def
                  && (op.tied_to != no_operand || op.earlyclobber))
                return at_str () + " is not a def but is tied or "
                       "earlyclobber";
              if (op.tied_to != no_operand)
                {
                  if (op.tied_to < 0 || size_t (op.tied_to) >= in.ops.size ()
                      || in.ops[op.tied_to].kind != operand_kind::use)
                    return at_str () + " is tied to an operand that is not "
                           "a use of this instruction";
                  value_id u = in.ops[op.tied_to].value;
                  if (f.values[u].file != f.values[op.value].file)
                    return at_str () + " is tied to a use of another file";
                }
              switch (op.kind)
                {
                case operand_kind::def:
                  if (ndefs[op.value]++ == 0)
                    defs[op.value] = { b, uint32_t (i), int (k) };
                  ++ndst;
                  wdst = f.values[op.value].width;
                  break;
                case operand_kind::def_hard:
                  ++ndst;
                  wdst = op.width;
                  break;
                case operand_kind::use:
                  ++nsrc;
                  wsrc = f.values[op.value].width;
                  break;
                case operand_kind::use_hard:
                  ++nsrc;
                  wsrc = op.width;
                  break;
                }
            }
          if (in.kind == insn_kind::copy
              && (ndst != 1 || nsrc != 1 || wdst != wsrc))
            return where_str () + " is a copy without exactly one source "
                   "and one destination of the same width";
          if (in.rematerializable
              && (in.ops.size () != 1
                  || in.ops[0].kind != operand_kind::def
                  || (f.values[in.ops[0].value].allowed
                      & ~in.ops[0].allowed).any ()
                  || in.clobbers.any () || in.terminator
                  || in.kind != insn_kind::normal
                  || in.values_across_in_memory))
            return where_str () + " is rematerializable but is not a lone "
                   "def that accepts every register of its value";
          if (in.extends_narrow || in.moves_low_part)
            {
              // Both describe one def and one use of values of width 1
              // in one file, of an otherwise plain instruction.
              const operand *d = nullptr, *u = nullptr;
              unsigned defs = 0, uses = 0;
              for (const operand &op : in.ops)
                if (op.kind == operand_kind::def)
                  ++defs, d = &op;
                else if (op.kind == operand_kind::use)
                  ++uses, u = &op;
              const bool shape
                = defs == 1 && uses == 1 && in.ops.size () == 2
                  && in.kind == insn_kind::normal && in.clobbers.none ()
                  && !in.terminator && !in.rematerializable
                  && !in.values_across_in_memory;
              const value *x = shape ? &f.values[u->value] : nullptr;
              const value *y = shape ? &f.values[d->value] : nullptr;
              const bool one_file = shape && x->file == y->file
                                    && x->width == 1 && y->width == 1;
              if (in.extends_narrow
                  && (!one_file || x->bytes == 0 || y->bytes != 0
                      || x->file >= t.files.size ()
                      || !t.files[x->file].memory_direct
                      || t.files[x->file].narrow_converts))
                return where_str () + " extends a narrow value but is not "
                       "one def as wide as its register and one narrow "
                       "use, of width 1 in one memory-direct file whose "
                       "narrow moves keep bits";
              if (in.moves_low_part && (!one_file || in.extends_narrow))
                return where_str () + " moves a low part but is not one "
                       "def and one use of width 1 in one file";
            }
        }
    }

  for (value_id v = 0; v < nvalues; ++v)
    if (ndefs[v] != 1)
      {
        err << value_str (f, v) << " has " << ndefs[v] << " definitions";
        return err.str ();
      }

  // Dominance of uses.  Return true if the def of V is available at
  // instruction I of block B (before it executes); I == insns.size ()
  // means the end of the block.
  auto available = [&] (value_id v, block_id b, size_t i) {
    const def_site &d = defs[v];
    if (d.block != b)
      return dom.dominates (d.block, b);
    if (d.insn == phi_def_insn)
      return true;
    return d.insn < i;
  };
  for (block_id b = 0; b < nblocks; ++b)
    {
      const block &bb = f.blocks[b];
      for (size_t i = 0; i < bb.insns.size (); ++i)
        for (size_t k = 0; k < bb.insns[i].ops.size (); ++k)
          {
            const operand &op = bb.insns[i].ops[k];
            if (op.kind == operand_kind::use
                && !available (op.value, b, i))
              {
                err << "block " << b << " insn " << i << " operand " << k
                    << " uses " << value_str (f, op.value)
                    << " whose definition does not dominate it";
                return err.str ();
              }
          }
      for (size_t k = 0; k < bb.phis.size (); ++k)
        for (size_t j = 0; j < bb.preds.size (); ++j)
          {
            block_id p = bb.preds[j];
            value_id a = bb.phis[k].args[j];
            if (!available (a, p, f.blocks[p].insns.size () + 1))
              {
                err << "block " << b << " phi " << k << " arg " << j
                    << " " << value_str (f, a)
                    << " is not defined on every path to the end of "
                       "block " << p;
                return err.str ();
              }
          }
    }
  return "";
}

} // namespace ssara
