// constraint_lifting.cc -- make every operand's constraint a property of
// a value, before anything else runs.
//
// Colour assignment gives each value one register for its whole life, so
// an operand can only be satisfied through its value's `allowed` set.  For
// each use and def operand of each instruction:
//
//   * if the operand accepts every register the value may have, nothing
//     changes;
//   * if it accepts a large part of them (at least half, and at least
//     two), the value's allowed set is narrowed to that part;
//   * otherwise (a single-register class, a pre-coloured register, another
//     register file) the operand gets a fresh short-lived value: a use
//     reads a copy made just before the instruction, a def writes a value
//     copied out just after it.  A copy between files without a direct
//     copy instruction goes through the scratch memory cell (a store and
//     a load).
//
// A def tied to a use always gets a fresh copy of the use, so that the
// copy dies at the instruction and the def can take its register (see
// wvalue::tie_def).  Defs of a terminator cannot be copied out (no code
// may follow a terminator in its block), so their values are narrowed,
// or the function is rejected.
//
// Invariant after this phase: for every use/def operand, the operand's
// value's allowed set is a subset of the operand's allowed set.

#include "work.h"

#include <algorithm>

#include <string>

namespace ssara::ra {

namespace {

// Which direction a lifted copy goes.
enum class flow : uint8_t { into_temp, out_of_temp };

struct lifter
{
  work &w;
  vec<insn> before, after;
  vec<winsn> before_w, after_w;
  // The copies out in AFTER: where each starts, and the files it moves
  // from and to.
  vec<size_t> out_start;
  vec<std::pair<file_id, file_id>> out_files;

  explicit lifter (work &x) : w (x) {}

  // Return the file the registers of SET belong to, preferring PREFER.
  file_id file_of_set (const hreg_set &set, file_id prefer) const
  {
    file_id first = no_file;
    for (unsigned h = 0; h < max_hard_regs; ++h)
      if (set.test (h) && w.file_of[h] != no_file)
        {
          if (w.file_of[h] == prefer)
            return prefer;
          if (first == no_file
              || (w.tgt.direct_copy[prefer][w.file_of[h]]
                  && !w.tgt.direct_copy[prefer][first]))
            first = w.file_of[h];
        }
    return first;
  }

  // Append the instructions that move FROM into TO to BEFORE or AFTER.
  // Return "" or an error.
  std::string move (value_id to, value_id from, flow fl)
  {
    auto &ins = fl == flow::into_temp ? before : after;
    auto &inw = fl == flow::into_temp ? before_w : after_w;
    file_id ft = w.fn.values[to].file, ff = w.fn.values[from].file;
    if (fl == flow::out_of_temp)
      {
        out_start.push_back (after.size ());
        out_files.push_back ({ ff, ft });
      }
    auto add = [&] (wrole r, vec<operand> ops, cell_id c) {
      insn i;
      i.kind = r == wrole::copy ? insn_kind::copy : insn_kind::normal;
      i.ops = std::move (ops);
      ins.push_back (i);
      winsn x;
      x.role = r;
      x.cell = c;
      inw.push_back (x);
    };
    auto def_of = [&] (value_id v) {
      operand o;
      o.kind = operand_kind::def;
      o.value = v;
      o.allowed = w.fn.values[v].allowed;
      return o;
    };
    auto use_of = [&] (value_id v) {
      operand o;
      o.kind = operand_kind::use;
      o.value = v;
      o.allowed = w.fn.values[v].allowed;
      return o;
    };
    if (ft == ff || w.tgt.direct_copy[ff][ft])
      {
        add (wrole::copy, { def_of (to), use_of (from) }, no_cell);
        return "";
      }
    if (!w.tgt.files[ft].memory_direct || !w.tgt.files[ff].memory_direct)
      return "no way to move a value from file " + w.tgt.files[ff].name
             + " to file " + w.tgt.files[ft].name;
    if (w.scratch == no_cell)
      w.scratch = w.add_cell (16);
    add (wrole::store, { use_of (from) }, w.scratch);
    add (wrole::load, { def_of (to) }, w.scratch);
    return "";
  }

  // Return how many registers of file F hold value V (regs_in_file).
  unsigned width_in (value_id v, file_id f) const
  {
    return regs_in_file (w.tgt, w.fn.values[v], f);
  }

  // Return a fresh temp like V but in file F with allowed set A.  It
  // keeps V's size: a word in an FPR is 4 bytes of an 8-byte register.
  value_id temp (value_id v, file_id f, const hreg_set &a)
  {
    value x = w.fn.values[v];
    unsigned bytes = value_bytes (w.tgt, x);
    x.width = width_in (v, f);
    x.bytes = bytes < x.width * w.tgt.files[f].bytes_per_reg ? bytes : 0;
    x.file = f;
    x.allowed = a;
    x.memory_only = false;
    x.name = x.name + "'";
    return w.add_value (x, vorigin::constraint_temp,
                        spillability::unspillable);
  }
};

// Return a description of operand K of instruction I of block B.
std::string
where (const work &w, block_id b, uint32_t i, size_t k, value_id v)
{
  return "block " + std::to_string (b) + " insn " + std::to_string (i)
         + " operand " + std::to_string (k) + " ("
         + w.fn.values[v].name + ")";
}

// Return a message if some instruction of W reads, or writes, more
// registers of a file at once than the file has, else "".  At an
// instruction every value it reads is in a register, each of its own
// (one value, one register set), and so is every earlyclobber def,
// which may share none of them; every value it defines is too.  No
// spilling or colouring changes that: the operands need the memory
// alternatives the import does not choose (bswapdi2_32bit's "Z" input
// with three GPRs), and IRA/LRA often fail on them too.  An extension
// of a narrow value (insn::extends_narrow) may read it from its stack
// slot: not counted.  Hard register operands are not counted either (a
// value that copies one may share its register), so this is a lower
// bound of the demand: it rejects only what cannot be allocated.
std::string
unmeetable_operand_demand (const work &w)
{
  const size_t nf = w.tgt.files.size ();
  vec<unsigned> at_use (nf, 0), at_def (nf, 0);
  vec<value_id> seen;
  // The first file whose registers are fewer than CUR's operands need
  // at its uses or at its defs, and that need; no_file if none.  A value
  // read twice counts twice unless ONCE (the look for it is made only
  // where a file does not fit even so: most insns).
  auto over = [&] (const insn &cur, bool once) {
    seen.clear ();
    for (const operand &o : cur.ops)
      {
        if (o.kind != operand_kind::use && o.kind != operand_kind::def)
          continue;
        const value &v = w.fn.values[o.value];
        if (o.kind == operand_kind::def)
          {
            at_def[v.file] += v.width;
            if (o.earlyclobber)
              at_use[v.file] += v.width;
          }
        else if (!cur.extends_narrow
                 && (!once || std::find (seen.begin (), seen.end (), o.value)
                                == seen.end ()))
          {
            if (once)
              seen.push_back (o.value);
            at_use[v.file] += v.width;
          }
      }
    std::pair<file_id, unsigned> r { no_file, 0 };
    for (file_id f = 0; f < nf; ++f)
      {
        const unsigned need = std::max (at_use[f], at_def[f]);
        if (r.first == no_file && need > w.tgt.files[f].regs.size ())
          r = { f, need };
        at_use[f] = at_def[f] = 0;
      }
    return r;
  };
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    for (uint32_t i = 0; i < w.fn.blocks[b].insns.size (); ++i)
      {
        const insn &cur = w.fn.blocks[b].insns[i];
        if (over (cur, false).first == no_file)
          continue;
        auto [f, need] = over (cur, true);
        if (f == no_file)
          continue;
        return "the operands of block " + std::to_string (b) + " insn "
               + std::to_string (i) + " (origin "
               + std::to_string (cur.origin) + ") need "
               + std::to_string (need) + " " + w.tgt.files[f].name
               + " registers at once, "
               + std::to_string (w.tgt.files[f].regs.size ())
               + " are allocatable (memory alternatives are not used)";
      }
  return "";
}

} // namespace

std::string
lift_constraints (work &w)
{
  // Which uses of the instruction being lifted are tied (assigned, not
  // reallocated, per instruction).
  vec<bool> tied_use;
  // The values the instruction's operands had as it came (for messages).
  vec<value_id> came;
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      block &blk = w.fn.blocks[b];
      // The block's lists are built anew from its first instruction
      // that gets copies on (OUT then takes the instructions before it);
      // until then an instruction goes back to its place.  Most blocks
      // get none: two lists per block were SQLite's 130 k allocations.
      bool rebuilt = false;
      vec<insn> out;
      vec<winsn> out_w;
      for (uint32_t i = 0; i < blk.insns.size (); ++i)
        {
          lifter L (w);
          // Moved: BLK's list is replaced by OUT below.
          insn cur = std::move (blk.insns[i]);
          came.clear ();
          for (const operand &o : cur.ops)
            came.push_back (o.value);
          // Operand K of this instruction, for messages.
          auto where = [&] (size_t k) {
            return ra::where (w, b, i, k, came[k]);
          };
          hreg_set def_hard_regs;
          for (const operand &o : cur.ops)
            if (o.kind == operand_kind::def_hard)
              def_hard_regs |= work::span (o.reg, o.width);

          // Ties first: the tied use gets a fresh copy.
          tied_use.assign (cur.ops.size (), false);
          for (size_t k = 0; k < cur.ops.size (); ++k)
            {
              operand &d = cur.ops[k];
              if (d.kind != operand_kind::def || d.tied_to == no_operand)
                continue;
              if (size_t (d.tied_to) >= cur.ops.size ()
                  || cur.ops[d.tied_to].kind != operand_kind::use)
                return "tie of " + where (k) + " names no use";
              operand &u = cur.ops[d.tied_to];
              value &dv = w.fn.values[d.value];
              const value &uv = w.fn.values[u.value];
              if (dv.width != uv.width)
                return "tied operands of different widths at "
                       + where (k);
              hreg_set both = u.allowed & d.allowed
                              & w.starts (dv.file, dv.width);
              // The use's register must also suit the use's input value.
              if (u.value < w.in.values.size ()
                  && w.in.values[u.value].file == dv.file)
                both &= w.in.values[u.value].allowed;
              hreg_set forbid;
              for (unsigned h = 0; h < max_hard_regs; ++h)
                if ((work::span (h, dv.width) & def_hard_regs).any ())
                  forbid.set (h);
              both &= ~forbid;
              hreg_set with_def = both & dv.allowed;
              if (with_def.none ())
                return "tied operands have no common register at "
                       + where (k);
              // The def writes a fresh temp copied out just after the
              // instruction, so that the def's value keeps its whole
              // allowed set (it may live across calls, be spilled...).
              // A terminator's def cannot be copied out: its value is
              // narrowed instead.
              const file_id df = dv.file;  // add_value invalidates dv.
              value_id dt = d.value;
              if (cur.terminator)
                dv.allowed = with_def;
              else
                {
                  dt = L.temp (d.value, df, with_def);
                  std::string e = L.move (d.value, dt, flow::out_of_temp);
                  if (!e.empty ())
                    return e + " at " + where (k);
                  d.value = dt;
                }
              d.allowed = with_def;
              value_id t = L.temp (u.value, df, with_def);
              w.wv[t].tie_def = dt;
              std::string e = L.move (t, u.value, flow::into_temp);
              if (!e.empty ())
                return e + " at " + where (k);
              u.value = t;
              u.allowed = with_def;
              tied_use[d.tied_to] = true;
              d.earlyclobber = false;
            }

          for (size_t k = 0; k < cur.ops.size (); ++k)
            {
              operand &o = cur.ops[k];
              if (o.kind != operand_kind::use && o.kind != operand_kind::def)
                continue;
              if (tied_use[k] || (o.kind == operand_kind::def
                                  && o.tied_to != no_operand))
                continue;
              value &v = w.fn.values[o.value];
              hreg_set inter = o.allowed & v.allowed;
              size_t n = inter.count (), have = v.allowed.count ();
              if (n == have)
                {
                  o.allowed = inter;
                  continue;
                }
              bool terminator_def = o.kind == operand_kind::def
                                    && cur.terminator;
              if (n > 0 && ((n >= 2 && 2 * n >= have) || terminator_def))
                {
                  v.allowed = inter;
                  o.allowed = inter;
                  continue;
                }
              if (terminator_def)
                return "constraint of terminator def " + where (k)
                       + " cannot be met";
              file_id f = L.file_of_set (o.allowed, v.file);
              if (f == no_file)
                return "operand " + where (k)
                       + " accepts no allocatable register";
              // The operand's register must suit the input value too,
              // unless the operand lies in another file.
              hreg_set a = o.allowed & w.starts (f, L.width_in (o.value, f));
              if (f == w.in.values[o.value].file)
                a &= w.in.values[o.value].allowed;
              if (a.none ())
                return "operand " + where (k)
                       + " accepts no register for its width";
              value_id t = L.temp (o.value, f, a);
              std::string e
                = o.kind == operand_kind::use
                  ? L.move (t, o.value, flow::into_temp)
                  : L.move (o.value, t, flow::out_of_temp);
              if (!e.empty ())
                return e + " at " + where (k);
              o.value = t;
              o.allowed = a;
            }

          if (!rebuilt && L.before.empty () && L.after.empty ())
            {
              blk.insns[i] = std::move (cur);
              continue;
            }
          if (!rebuilt)
            {
              rebuilt = true;
              out.reserve (blk.insns.size ());
              out_w.reserve (blk.insns.size ());
              for (uint32_t q = 0; q < i; ++q)
                {
                  out.push_back (std::move (blk.insns[q]));
                  out_w.push_back (w.wb[b].insns[q]);
                }
            }
          for (size_t k = 0; k < L.before.size (); ++k)
            {
              out.push_back (std::move (L.before[k]));
              out_w.push_back (L.before_w[k]);
            }
          out.push_back (std::move (cur));
          out_w.push_back (w.wb[b].insns[i]);
          // Copies out that free registers of a file another copy out
          // writes go first (a GPR pair written as one FPR before a CR
          // field copied into a GPR: with two GPRs, the pair holds them
          // all until its store); the others keep their order.
          size_t nout = L.out_start.size ();
          vec<size_t> order;
          for (int pass = 0; pass < 2; ++pass)
            for (size_t g = 0; g < nout; ++g)
              {
                bool frees = false;
                for (size_t h = 0; h < nout; ++h)
                  frees |= h != g
                           && L.out_files[h].second == L.out_files[g].first
                           && L.out_files[g].first != L.out_files[g].second;
                if (frees == (pass == 0))
                  order.push_back (g);
              }
          for (size_t g : order)
            {
              size_t end = g + 1 < nout ? L.out_start[g + 1] : L.after.size ();
              for (size_t k = L.out_start[g]; k < end; ++k)
                {
                  out.push_back (std::move (L.after[k]));
                  out_w.push_back (L.after_w[k]);
                }
            }
        }
      if (rebuilt)
        {
          blk.insns = std::move (out);
          w.wb[b].insns = std::move (out_w);
        }
    }
  return unmeetable_operand_demand (w);
}

} // namespace ssara::ra
