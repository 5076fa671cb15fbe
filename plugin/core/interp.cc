// interp.cc -- the reference interpreter (see interp.h).

#include "interp.h"

#include "ir-text.h"

#include <algorithm>
#include <array>
#include <map>
#include <sstream>

namespace ssara {

namespace {

uint64_t
mix (uint64_t h, uint64_t x)
{
  // splitmix64 finaliser over the running hash.
  uint64_t z = h ^ (x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Return the word register R holds at function entry.
uint64_t
entry_word (uint64_t seed, hreg r)
{
  return mix (mix (seed, 0x1e7e4), r);
}

// Return the poison pattern a clobber by insn I of block B leaves in R.
uint64_t
poison (block_id b, uint32_t i, hreg r)
{
  return 0xdead000000000000ull
         | (mix (mix (mix (0xbad, b), i), r) & 0xffffffffffffull);
}

// Return word J of def operand K of instruction I of block B reading
// INPUTS.
uint64_t
def_word (block_id b, uint32_t i, size_t k, unsigned j, uint64_t inputs)
{
  return mix (mix (mix (mix (inputs, b), i), k), j);
}

// What an instruction's inputs mix to before it reads anything.
constexpr uint64_t inputs_seed = 0x1a2b3c;

// Return the successor index a block with N successors takes.
uint32_t
branch_choice (uint64_t seed, block_id b, uint64_t count, uint64_t inputs,
               size_t n)
{
  return uint32_t (mix (mix (mix (mix (seed, 0xb4a4c4), b), count), inputs)
                   % n);
}

// Registers hold 4-byte units (an 8-byte FPR holds two), so a value can
// move between files with different register sizes.
constexpr unsigned max_units_per_reg = 4;
constexpr unsigned slot_units = 8;
using reg_units = std::array<uint64_t, max_units_per_reg>;

// How many units registers and values have on target T.
struct layout
{
  std::array<unsigned, max_hard_regs> upr;
  std::array<file_id, max_hard_regs> file;
  const target &t;
  const function &f;

  layout (const function &fn, const target &tg) : t (tg), f (fn)
  {
    for (hreg r = 0; r < max_hard_regs; ++r)
      {
        file[r] = t.file_of (r);
        upr[r] = file[r] == no_file ? 1 : file_upr (file[r]);
      }
  }
  unsigned file_upr (file_id g) const
  {
    return std::min (max_units_per_reg,
                     std::max (1u, t.files[g].bytes_per_reg / 4));
  }
  unsigned value_units (value_id v) const
  { return std::max (1u, (value_bytes (t, f.values[v]) + 3) / 4); }
  // True if value V is smaller than one register of the file of R.
  bool narrow_in (value_id v, hreg r) const
  {
    return r < max_hard_regs && file[r] != no_file
           && value_bytes (t, f.values[v]) < t.files[file[r]].bytes_per_reg;
  }
};

// A value smaller than its register is held there in another format (a
// float in an FPR is a double): unit 0 of the register is widen (X) and
// the rest widen_rest (X).  Only a narrow load or store (lfs, stfs)
// converts; a whole-register store keeps the register's format, so a
// word reload into another file reads something else.
uint64_t widen (uint64_t x) { return x ^ 0x3ff0000000000000ull; }
uint64_t unwiden (uint64_t x) { return x ^ 0x3ff0000000000000ull; }
uint64_t widen_rest (uint64_t x) { return ~x; }

// The semantics shared by both modes: MACHINE provides read_use,
// read_hard, write_def, write_hard, clobber, edits before/after/at the
// end/on edges, and phis.
template <typename machine>
run_trace
run (const function &f, const layout &lay, uint64_t seed,
     unsigned max_steps, machine &m)
{
  run_trace tr;
  vec<uint64_t> count (f.blocks.size (), 0);
  block_id b = 0;
  unsigned steps = 0;
  while (true)
    {
      const block &bb = f.blocks[b];
      uint64_t term_inputs = 0;
      for (uint32_t i = 0; i < bb.insns.size (); ++i)
        {
          if (steps++ >= max_steps)
            {
              tr.truncated = true;
              return tr;
            }
          m.edits_before (b, i);
          if (!m.error.empty ())
            {
              tr.error = m.error;
              return tr;
            }
          // A copy the allocation deleted (its def reads where its
          // source is): nothing runs; compare_runs drops it from the
          // SSA run's trace.
          if (m.removed (b, i))
            continue;
          const insn &in = bb.insns[i];
          // Read.
          vec<uint64_t> words;
          for (size_t k = 0; k < in.ops.size (); ++k)
            {
              const operand &op = in.ops[k];
              if (op.kind == operand_kind::use)
                m.read_use (b, i, k, op.value, words);
              else if (op.kind == operand_kind::use_hard)
                for (unsigned j = 0; j < op.width; ++j)
                  {
                    hreg r = hreg (op.reg + j);
                    for (unsigned u = 0; r < max_hard_regs && u < lay.upr[r];
                         ++u)
                      words.push_back (m.hard_unit (r, u));
                  }
            }
          uint64_t inputs = inputs_seed;
          for (uint64_t w : words)
            inputs = mix (inputs, w);
          if (in.terminator)
            term_inputs = inputs;
          // Destroy.
          for (hreg r = 0; r < max_hard_regs; ++r)
            if (in.clobbers.test (r) || in.values_across_in_memory)
              for (unsigned u = 0; u < max_units_per_reg; ++u)
                m.hard_unit (r, u) = poison (b, i, r) + u;
          // Write.
          trace_event ev;
          ev.k = trace_event::kind::insn;
          ev.block = b;
          ev.index = i;
          ev.inputs = inputs;
          size_t next_copy_word = 0;
          for (size_t k = 0; k < in.ops.size (); ++k)
            {
              const operand &op = in.ops[k];
              if (op.kind != operand_kind::def
                  && op.kind != operand_kind::def_hard)
                continue;
              unsigned n = 0;
              if (op.kind == operand_kind::def)
                n = lay.value_units (op.value);
              else
                for (unsigned j = 0; j < op.width; ++j)
                  if (op.reg + j < max_hard_regs)
                    n += lay.upr[op.reg + j];
              vec<uint64_t> out (n);
              // An extension of a narrow value passes its one word on,
              // as a copy does: a def as wide as a register holding the
              // narrow value's word, which is what a narrow load that
              // extends (edit::extends) leaves in one.
              for (unsigned j = 0; j < n; ++j)
                out[j] = (in.kind == insn_kind::copy || in.extends_narrow)
                               && next_copy_word < words.size ()
                             ? words[next_copy_word++]
                             : def_word (b, i, k, j, inputs);
              if (op.kind == operand_kind::def)
                m.write_def (b, i, k, op.value, out);
              else
                {
                  size_t x = 0;
                  for (unsigned j = 0; j < op.width; ++j)
                    {
                      hreg r = hreg (op.reg + j);
                      for (unsigned u = 0;
                           r < max_hard_regs && u < lay.upr[r]; ++u)
                        m.hard_unit (r, u) = out[x++];
                    }
                }
              ev.defs.insert (ev.defs.end (), out.begin (), out.end ());
            }
          tr.events.push_back (std::move (ev));
          m.edits_after (b, i);
          if (!m.error.empty ())
            {
              tr.error = m.error;
              return tr;
            }
        }
      m.edits_before (b, uint32_t (bb.insns.size ()));
      if (bb.succs.empty ())
        return tr;
      // Count the branch as a step too: loops of empty blocks end.
      if (steps++ >= max_steps)
        {
          tr.truncated = true;
          return tr;
        }
      uint32_t s = bb.succs.size () == 1
                     ? 0
                     : branch_choice (seed, b, count[b], term_inputs,
                                      bb.succs.size ());
      ++count[b];
      trace_event ev;
      ev.k = trace_event::kind::branch;
      ev.block = b;
      ev.index = s;
      tr.events.push_back (ev);
      m.take_edge (b, s);
      if (!m.error.empty ())
        {
          tr.error = m.error;
          return tr;
        }
      b = bb.succs[s];
    }
}

// Return the predecessor index of the S-th successor edge of B in its
// target.
size_t
pred_index (const function &f, block_id b, uint32_t s)
{
  const block &bb = f.blocks[b];
  block_id sb = bb.succs[s];
  size_t nth = 0;
  for (uint32_t k = 0; k < s; ++k)
    nth += bb.succs[k] == sb;
  const block &succ = f.blocks[sb];
  for (size_t j = 0, seen = 0; j < succ.preds.size (); ++j)
    if (succ.preds[j] == b && seen++ == nth)
      return j;
  return 0;
}

// Fill REGS with the entry contents.
void
entry_regs (std::array<reg_units, max_hard_regs> &regs, uint64_t seed)
{
  for (hreg r = 0; r < max_hard_regs; ++r)
    for (unsigned u = 0; u < max_units_per_reg; ++u)
      regs[r][u] = entry_word (seed, r) + u;
}

// Mode A: SSA values and a separate array of hard registers.
struct ssa_machine
{
  const function &f;
  const layout &lay;
  vec<vec<uint64_t>> vals;
  std::array<reg_units, max_hard_regs> hard;
  std::string error;

  ssa_machine (const function &fn, const layout &l, uint64_t seed)
    : f (fn), lay (l), vals (fn.values.size ())
  {
    entry_regs (hard, seed);
  }
  void edits_before (block_id, uint32_t) {}
  bool removed (block_id, uint32_t) const { return false; }
  void edits_after (block_id, uint32_t) {}
  void read_use (block_id, uint32_t, size_t, value_id v,
                 vec<uint64_t> &out)
  {
    unsigned n = lay.value_units (v);
    for (unsigned j = 0; j < n; ++j)
      out.push_back (j < vals[v].size () ? vals[v][j] : 0);
  }
  uint64_t &hard_unit (hreg r, unsigned u) { return hard[r][u]; }
  void write_def (block_id, uint32_t, size_t, value_id v,
                  const vec<uint64_t> &units)
  {
    vals[v] = units;
  }
  void take_edge (block_id b, uint32_t s)
  {
    const block &succ = f.blocks[f.blocks[b].succs[s]];
    size_t j = pred_index (f, b, s);
    vec<vec<uint64_t>> in;
    for (const phi &p : succ.phis)
      in.push_back (vals[p.args[j]]);
    for (size_t k = 0; k < succ.phis.size (); ++k)
      vals[succ.phis[k].def] = in[k];
  }
};

// Mode B: registers, slots and edits.
struct alloc_machine
{
  const function &f;
  const layout &lay;
  const allocation &a;
  std::array<reg_units, max_hard_regs> regs;
  std::map<slot_id, std::array<uint64_t, slot_units>> slots;
  std::string error;
  vec<vec<vec<uint32_t>>> before, after;
  std::map<std::pair<block_id, block_id>, vec<uint32_t>> edge;

  alloc_machine (const function &fn, const layout &l, const allocation &al,
                 uint64_t seed)
    : f (fn), lay (l), a (al)
  {
    entry_regs (regs, seed);
    before.resize (f.blocks.size ());
    after.resize (f.blocks.size ());
    for (block_id b = 0; b < f.blocks.size (); ++b)
      {
        before[b].resize (f.blocks[b].insns.size () + 1);
        after[b].resize (f.blocks[b].insns.size ());
      }
    for (uint32_t e = 0; e < a.edits.size (); ++e)
      {
        const program_point &p = a.edits[e].at;
        if (p.block >= f.blocks.size ())
          continue;
        switch (p.k)
          {
          case program_point::kind::before_insn:
            if (p.insn < before[p.block].size ())
              before[p.block][p.insn].push_back (e);
            break;
          case program_point::kind::after_insn:
            if (p.insn < after[p.block].size ())
              after[p.block][p.insn].push_back (e);
            break;
          case program_point::kind::on_edge:
            edge[{ p.block, p.succ }].push_back (e);
            break;
          }
      }
  }

  reg_units &reg (hreg r)
  {
    static reg_units sink;
    if (r >= max_hard_regs)
      {
        error = "access to register " + std::to_string (r);
        return sink;
      }
    return regs[r];
  }
  uint64_t &hard_unit (hreg r, unsigned u) { return reg (r)[u]; }

  uint64_t &slot_unit (slot_id s, unsigned u)
  {
    static uint64_t sink;
    if (s >= a.slots.size () || u >= slot_units)
      {
        error = "access to slot " + std::to_string (s) + " byte "
                + std::to_string (4 * u) + " which does not exist";
        return sink;
      }
    auto it = slots.find (s);
    if (it == slots.end ())
      {
        std::array<uint64_t, slot_units> init;
        for (unsigned k = 0; k < slot_units; ++k)
          init[k] = 0x5107000000000000ull | (uint64_t (s) << 8) | k;
        it = slots.emplace (s, init).first;
      }
    return it->second[u];
  }

  void apply (uint32_t index)
  {
    const edit &e = a.edits[index];
    unsigned w = e.width;
    switch (e.k)
      {
      case edit::kind::copy:
        {
          vec<reg_units> tmp (w);
          for (unsigned k = 0; k < w; ++k)
            tmp[k] = reg (hreg (e.src_reg + k));
          for (unsigned k = 0; k < w; ++k)
            reg (hreg (e.dst_reg + k)) = tmp[k];
          break;
        }
      case edit::kind::swap:
        for (unsigned k = 0; k < w; ++k)
          std::swap (reg (hreg (e.dst_reg + k)), reg (hreg (e.src_reg + k)));
        if (e.temp != no_hreg)
          for (unsigned k = 0; k < w; ++k)
            reg (hreg (e.temp + k)).fill (0x7e3b000000000000ull | index);
        if (e.slot != no_slot)
          for (unsigned k = 0; k < slot_units && error.empty (); ++k)
            slot_unit (e.slot, k) = 0x7e3b000000000000ull | index;
        break;
      case edit::kind::load:
      case edit::kind::store:
        {
          bool load = e.k == edit::kind::load;
          hreg base = load ? e.dst_reg : e.src_reg;
          if (e.bytes != 0)
            {
              // A narrow load or store: 4 bytes, converted.
              reg_units &r = reg (base);
              if (load)
                {
                  uint64_t x = slot_unit (e.slot, 0);
                  r[0] = e.extends ? x : widen (x);
                  for (unsigned u = 1; u < max_units_per_reg; ++u)
                    r[u] = widen_rest (x);
                }
              else
                slot_unit (e.slot, 0) = unwiden (r[0]);
              break;
            }
          for (unsigned k = 0; k < w && error.empty (); ++k)
            {
              hreg r = hreg (base + k);
              unsigned upr = r < max_hard_regs ? lay.upr[r] : 1;
              for (unsigned u = 0; u < upr && error.empty (); ++u)
                if (load)
                  reg (r)[u] = slot_unit (e.slot, k * upr + u);
                else
                  slot_unit (e.slot, k * upr + u) = reg (r)[u];
            }
          break;
        }
      case edit::kind::remat:
        {
          // The def instruction again: it reads nothing.
          const block_id db = e.def_block;
          const uint32_t di = e.def_insn;
          if (db >= f.blocks.size () || di >= f.blocks[db].insns.size ())
            {
              error = "remat of a missing instruction";
              break;
            }
          value_id v = f.blocks[db].insns[di].ops[0].value;
          vec<uint64_t> out (lay.value_units (v));
          for (unsigned j = 0; j < out.size (); ++j)
            out[j] = def_word (db, di, 0, j, inputs_seed);
          write_at (location::in_reg (e.dst_reg), v, out);
          break;
        }
      }
  }
  void run_list (const vec<uint32_t> &l)
  {
    for (uint32_t e : l)
      if (error.empty ())
        apply (e);
  }
  void edits_before (block_id b, uint32_t i) { run_list (before[b][i]); }
  bool removed (block_id b, uint32_t i) const { return a.is_removed (b, i); }
  void edits_after (block_id b, uint32_t i) { run_list (after[b][i]); }
  const location &loc (block_id b, uint32_t i, size_t k)
  {
    static const location none;
    if (b < a.operand_loc.size () && i < a.operand_loc[b].size ()
        && k < a.operand_loc[b][i].size ())
      return a.operand_loc[b][i][k];
    return none;
  }
  // Return unit J of the value at L (registers of L's file, in order).
  uint64_t &unit_at (const location &l, unsigned j)
  {
    static uint64_t sink;
    if (l.is_slot ())
      return slot_unit (l.slot, j);
    if (!l.is_reg () || l.reg >= max_hard_regs)
      return sink = 0x0ddull;
    unsigned upr = lay.upr[l.reg];
    return reg (hreg (l.reg + j / upr))[j % upr];
  }
  void read_use (block_id b, uint32_t i, size_t k, value_id v,
                 vec<uint64_t> &out)
  {
    const location &l = loc (b, i, k);
    unsigned n = lay.value_units (v);
    if (l.is_reg () && lay.narrow_in (v, l.reg))
      {
        out.push_back (unwiden (unit_at (l, 0)));
        return;
      }
    for (unsigned j = 0; j < n; ++j)
      out.push_back (unit_at (l, j));
  }
  void write_def (block_id b, uint32_t i, size_t k, value_id v,
                  const vec<uint64_t> &units)
  {
    write_at (loc (b, i, k), v, units);
  }
  // Write UNITS of value V to L.
  void write_at (const location &l, value_id v,
                 const vec<uint64_t> &units)
  {
    if (l.is_reg () && lay.narrow_in (v, l.reg) && !units.empty ())
      {
        reg_units &r = reg (l.reg);
        r[0] = widen (units[0]);
        for (unsigned u = 1; u < max_units_per_reg; ++u)
          r[u] = widen_rest (units[0]);
        return;
      }
    for (unsigned j = 0; j < units.size (); ++j)
      unit_at (l, j) = units[j];
  }
  void take_edge (block_id b, uint32_t s)
  {
    auto it = edge.find ({ b, f.blocks[b].succs[s] });
    if (it != edge.end ())
      run_list (it->second);
  }
};

std::string
describe_event (const trace_event &e)
{
  std::ostringstream o;
  if (e.k == trace_event::kind::branch)
    o << "block " << e.block << " branches to its successor " << e.index;
  else
    {
      o << "block " << e.block << " insn " << e.index << " reads #"
        << std::hex << e.inputs << " defines";
      for (uint64_t w : e.defs)
        o << " #" << w;
    }
  return o.str ();
}

} // namespace

run_trace
run_ssa (const function &f, const target &t, uint64_t seed,
         unsigned max_steps)
{
  layout lay (f, t);
  ssa_machine m (f, lay, seed);
  return run (f, lay, seed, max_steps, m);
}

run_trace
run_allocated (const function &f, const target &t, const allocation &a,
               uint64_t seed, unsigned max_steps)
{
  layout lay (f, t);
  alloc_machine m (f, lay, a, seed);
  return run (f, lay, seed, max_steps, m);
}

std::string
compare_runs (const function &f, const target &t, const allocation &a,
              uint64_t seed)
{
  std::string bad = verify_function (f, t);
  if (!bad.empty ())
    return "input: " + bad;
  run_trace ra = run_ssa (f, t, seed);
  run_trace rb = run_allocated (f, t, a, seed);
  // The allocated run does not run the copies the allocation deleted.
  ra.events.erase (
    std::remove_if (ra.events.begin (), ra.events.end (),
                    [&] (const trace_event &e) {
                      return e.k == trace_event::kind::insn
                             && a.is_removed (e.block, e.index);
                    }),
    ra.events.end ());
  if (!ra.error.empty ())
    return "SSA run: " + ra.error;
  size_t n = std::min (ra.events.size (), rb.events.size ());
  for (size_t k = 0; k < n; ++k)
    {
      const trace_event &x = ra.events[k], &y = rb.events[k];
      if (x.k != y.k || x.block != y.block || x.index != y.index
          || x.inputs != y.inputs || x.defs != y.defs)
        {
          std::ostringstream o;
          o << "step " << k << " (seed " << seed << "): SSA run: "
            << describe_event (x) << "; allocated run: "
            << describe_event (y);
          return o.str ();
        }
    }
  if (!rb.error.empty ())
    return "allocated run, after " + std::to_string (rb.events.size ())
           + " steps: " + rb.error;
  if (ra.events.size () != rb.events.size ())
    return "the runs have different lengths: "
           + std::to_string (ra.events.size ()) + " and "
           + std::to_string (rb.events.size ());
  return "";
}

} // namespace ssara
