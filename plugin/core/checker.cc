// checker.cc -- independent validation of an allocation (see checker.h).
//
// A forward must-dataflow over the CFG of "what does each location hold":
// every hard register and every 4-byte unit of every stack slot maps to a
// content (a part of an input value, the hard value of a register as set
// by a def_hard or at function entry, garbage, or unknown).  Value parts
// are counted in 4-byte units so that a value can move between files
// whose registers have different sizes (a DImode r3:r4 pair stored and
// reloaded as one FPR): a register holding part U of V holds units U,
// U+1, ... of V, as many as its file's bytes_per_reg / 4.  A value smaller
// than its register (a float in an FPR, `value::bytes`) moves through
// memory only with narrow loads and stores (edit::bytes); a whole-register
// store of it leaves an `image` that only a whole-register load of the
// same file turns back into the value.  Joins keep only the entries all
// incoming edges agree on.
// The analysis first iterates to a fixed point silently, then walks every
// block and edge once more and reports each problem it sees.

#include "checker.h"

#include "ir-text.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace ssara {

namespace {

// What one location (register or slot word) holds.
struct content
{
  enum class kind : uint8_t
  {
    // Not computed yet (only in the fixed-point iteration).
    top,
    // Different on different paths, or never written.
    unknown,
    // Input value A from 4-byte unit B on.
    val,
    // The hard value of register A (function entry or a def_hard of A).
    hard,
    // Garbage written by instruction B of block A (a clobber).
    clobbered,
    // Garbage written by edit A (a swap's temporary).
    scratch,
    // Garbage a longjmp left on arriving at receiver block A.
    longjmp,
    // The whole-register image of value A, which is smaller than the
    // register of file B it was stored from (stfd of a float).
    image
  };
  kind k = kind::unknown;
  uint32_t a = 0;
  uint32_t b = 0;

  static content of_val (value_id v, unsigned unit)
  { return { kind::val, v, unit }; }
  static content of_hard (hreg r) { return { kind::hard, r, 0 }; }
  bool operator== (const content &o) const
  { return k == o.k && a == o.a && b == o.b; }
  bool operator!= (const content &o) const { return !(*this == o); }
};

// 4-byte units each stack slot can hold (the widest value is 4 registers
// of 8 bytes).
constexpr unsigned slot_units = 8;

using state = vec<content>;

// Return what C is, for messages.
std::string
describe (const content &c)
{
  std::ostringstream o;
  switch (c.k)
    {
    case content::kind::top:
    case content::kind::unknown:
      o << "nothing known (never written, or different values on "
           "different paths)";
      break;
    case content::kind::val:
      o << "v" << c.a;
      if (c.b > 0)
        o << " from byte " << 4 * c.b;
      break;
    case content::kind::hard:
      o << "the hard value of " << reg_name (hreg (c.a));
      break;
    case content::kind::clobbered:
      o << "garbage (clobbered by block " << c.a << " insn " << c.b << ")";
      break;
    case content::kind::scratch:
      o << "garbage (temporary of edit " << c.a << ")";
      break;
    case content::kind::longjmp:
      o << "garbage (a longjmp into receiver block " << c.a << ")";
      break;
    case content::kind::image:
      o << "v" << c.a << " in the format of a whole register of file "
        << c.b;
      break;
    }
  return o.str ();
}

class checker
{
public:
  checker (const function &f, const target &t, const allocation &a)
    : f_ (f), t_ (t), a_ (a)
  {}
  std::vector<std::string> run ();

private:
  // Report switch for the walk over a block or an edge.
  enum class reporting : uint8_t { quiet, loud };

  bool check_shapes ();
  void index_edits ();
  void check_slots_and_used_regs ();
  void entry_state (state &s) const;
  void walk_block (block_id b, state &s, reporting r);
  void walk_edge (block_id b, size_t succ_index, state &s, reporting r);
  void run_edits (const vec<uint32_t> &which, state &s,
                  reporting r);
  void apply_edit (uint32_t index, state &s, reporting r);
  void check_insn (block_id b, uint32_t i, state &s, reporting r);
  void check_removed (block_id b, uint32_t i, reporting r);
  content extended (const edit &e, const content &got, reporting r);
  bool meet_into (state &dst, const state &src) const;

  // Cells: the hard registers, then what was saved of each register for
  // the receivers (insn::saves_for_receiver), then the slot words.
  size_t reg_index (hreg r) const { return r; }
  size_t saved_index (hreg r) const { return max_hard_regs + r; }
  size_t slot_index (slot_id s, unsigned unit) const
  { return 2 * max_hard_regs + size_t (s) * slot_units + unit; }
  size_t cell_count () const
  { return 2 * max_hard_regs + a_.slots.size () * slot_units; }
  void check_return (block_id b, const state &s, reporting r);

  // The content that is value V's unit UNIT.  A copy's def is its
  // source's value (canon_): in SSA neither changes, so a register
  // holding the source holds the def too (copy_folding.cc lets them
  // share one).
  content val (value_id v, unsigned unit) const
  { return content::of_val (canon_[v], unit); }
  void compute_canon ();

  // Return the 4-byte units a register of file F holds.
  unsigned units_per_reg (file_id f) const
  { return std::max (1u, t_.files[f].bytes_per_reg / 4); }
  // Return the 4-byte units of value V.
  unsigned value_units (value_id v) const
  { return std::max (1u, (value_bytes (t_, f_.values[v]) + 3) / 4); }
  // Return true if value V is smaller than one register of file F.
  bool narrow_in (value_id v, file_id f) const
  { return value_bytes (t_, f_.values[v]) < t_.files[f].bytes_per_reg; }
  // Return how many registers of file G value V needs.
  unsigned regs_in_file (value_id v, file_id g) const
  {
    if (g == f_.values[v].file)
      return f_.values[v].width;
    unsigned u = units_per_reg (g);
    return std::max (1u, (value_units (v) + u - 1) / u);
  }
  // Store register content C of a file with UPR units per register into
  // slot cells starting at CELL.
  void store_units (state &s, size_t cell, const content &c, unsigned upr)
    const;
  // Return the content a register of a file with UPR units per register
  // gets when loaded from the slot cells starting at CELL.
  content load_units (const state &s, size_t cell, unsigned upr) const;

  // Return true if registers R .. R+W-1 all belong to file F.
  bool range_in_file (hreg r, unsigned w, file_id f) const;
  std::string insn_where (block_id b, uint32_t i) const;
  void report (reporting r, const std::string &msg)
  {
    if (r == reporting::loud)
      errors_.push_back (msg);
  }

  const function &f_;
  const target &t_;
  const allocation &a_;
  std::vector<std::string> errors_;
  vec<file_id> file_of_;
  vec<value_id> canon_;
  // The registers some instruction saves for the receivers.
  hreg_set saved_regs_;

  // Edits by program point, in vector order.
  vec<vec<vec<uint32_t>>> before_;
  vec<vec<vec<uint32_t>>> after_;
  std::map<std::pair<block_id, block_id>, vec<uint32_t>> on_edge_;
};

bool
checker::range_in_file (hreg r, unsigned w, file_id f) const
{
  if (w == 0 || r == no_hreg || size_t (r) + w > max_hard_regs)
    return false;
  for (unsigned k = 0; k < w; ++k)
    if (file_of_[r + k] != f)
      return false;
  return true;
}

std::string
checker::insn_where (block_id b, uint32_t i) const
{
  std::ostringstream o;
  o << "block " << b << " insn " << i << " (origin "
    << f_.blocks[b].insns[i].origin << ")";
  return o.str ();
}

bool
checker::check_shapes ()
{
  std::ostringstream o;
  if (a_.operand_loc.size () != f_.blocks.size ()
      || a_.phi_loc.size () != f_.blocks.size ())
    {
      errors_.push_back ("allocation: operand_loc or phi_loc does not have "
                         "one entry per block");
      return false;
    }
  bool ok = true;
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      const block &bb = f_.blocks[b];
      if (a_.phi_loc[b].size () != bb.phis.size ())
        {
          errors_.push_back ("allocation: block " + std::to_string (b)
                             + " phi_loc does not have one entry per phi");
          ok = false;
        }
      if (!a_.phi_also.empty ()
          && (a_.phi_also.size () != f_.blocks.size ()
              || (!a_.phi_also[b].empty ()
                  && a_.phi_also[b].size () != bb.phis.size ())))
        {
          errors_.push_back ("allocation: block " + std::to_string (b)
                             + " phi_also has neither no entry nor one "
                               "per phi");
          ok = false;
        }
      for (size_t k = 0; k < bb.phis.size (); ++k)
        {
          const slot_id x = a_.phi_also_at (b, k);
          if (x != no_slot
              && (x >= a_.slots.size () || k >= a_.phi_loc[b].size ()
                  || !a_.phi_loc[b][k].is_reg ()))
            {
              errors_.push_back ("allocation: block " + std::to_string (b)
                                 + " phi " + std::to_string (k)
                                 + " also lands in slot s"
                                 + std::to_string (x)
                                 + ", but the slot does not exist or the "
                                   "phi is not in a register");
              ok = false;
            }
        }
      if (a_.operand_loc[b].size () != bb.insns.size ())
        {
          errors_.push_back ("allocation: block " + std::to_string (b)
                             + " operand_loc does not have one entry per "
                               "insn");
          ok = false;
          continue;
        }
      for (uint32_t i = 0; i < bb.insns.size (); ++i)
        if (a_.operand_loc[b][i].size () != bb.insns[i].ops.size ())
          {
            errors_.push_back ("allocation: " + insn_where (b, i)
                               + " operand_loc does not have one entry per "
                                 "operand");
            ok = false;
          }
    }
  return ok;
}

void
checker::index_edits ()
{
  before_.resize (f_.blocks.size ());
  after_.resize (f_.blocks.size ());
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      before_[b].resize (f_.blocks[b].insns.size () + 1);
      after_[b].resize (f_.blocks[b].insns.size ());
    }
  for (uint32_t e = 0; e < a_.edits.size (); ++e)
    {
      const program_point &p = a_.edits[e].at;
      std::string bad;
      if (p.block >= f_.blocks.size ())
        bad = "names no block";
      else
        {
          const block &bb = f_.blocks[p.block];
          size_t n = bb.insns.size ();
          bool ends_with_term = n > 0 && bb.insns[n - 1].terminator;
          switch (p.k)
            {
            case program_point::kind::before_insn:
              if (p.insn > n)
                bad = "is before an insn that does not exist";
              else if (p.insn == n && ends_with_term)
                bad = "is after the terminator";
              else
                before_[p.block][p.insn].push_back (e);
              break;
            case program_point::kind::after_insn:
              if (p.insn >= n)
                bad = "is after an insn that does not exist";
              else if (bb.insns[p.insn].terminator)
                bad = "is after the terminator";
              else
                after_[p.block][p.insn].push_back (e);
              break;
            case program_point::kind::on_edge:
              {
                auto it = std::find (bb.succs.begin (), bb.succs.end (),
                                     p.succ);
                if (it == bb.succs.end ())
                  {
                    bad = "is on an edge that does not exist";
                    break;
                  }
                const block &sb = f_.blocks[p.succ];
                for (size_t j = 0; j < sb.preds.size (); ++j)
                  if (sb.preds[j] == p.block && j < sb.pred_abnormal.size ()
                      && sb.pred_abnormal[j])
                    bad = "is on an abnormal edge";
                if (bad.empty ())
                  on_edge_[{ p.block, p.succ }].push_back (e);
              }
              break;
            }
        }
      if (!bad.empty ())
        errors_.push_back ("edit " + std::to_string (e) + " ("
                           + print_edit (a_.edits[e]) + ") " + bad);
    }
}

void
checker::check_slots_and_used_regs ()
{
  // Every register the allocated code writes must be in used_regs.
  auto need = [&] (hreg r, unsigned w, const std::string &what) {
    for (unsigned k = 0; k < w; ++k)
      if (size_t (r) + k < max_hard_regs && !a_.used_regs.test (r + k))
        {
          errors_.push_back (what + " writes " + reg_name (hreg (r + k))
                             + " which is missing from used_regs");
          return;
        }
  };
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    for (uint32_t i = 0; i < f_.blocks[b].insns.size (); ++i)
      for (size_t k = 0; k < f_.blocks[b].insns[i].ops.size (); ++k)
        {
          const operand &op = f_.blocks[b].insns[i].ops[k];
          const location &l = a_.operand_loc[b][i][k];
          // An operand in another file than its value's covers as many
          // registers as the value takes there.
          if (op.kind == operand_kind::def && l.is_reg ())
            need (l.reg, file_of_[l.reg] == no_file
                         ? f_.values[op.value].width
                         : regs_in_file (op.value, file_of_[l.reg]),
                  insn_where (b, i) + " operand " + std::to_string (k));
        }
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    for (size_t k = 0; k < f_.blocks[b].phis.size (); ++k)
      {
        const location &l = a_.phi_loc[b][k];
        if (l.is_reg ())
          need (l.reg, f_.values[f_.blocks[b].phis[k].def].width,
                "block " + std::to_string (b) + " phi " + std::to_string (k));
      }
  for (uint32_t e = 0; e < a_.edits.size (); ++e)
    {
      const edit &ed = a_.edits[e];
      std::string what = "edit " + std::to_string (e) + " ("
                         + print_edit (ed) + ")";
      if (ed.k == edit::kind::copy || ed.k == edit::kind::load
          || ed.k == edit::kind::swap || ed.k == edit::kind::remat)
        need (ed.dst_reg, ed.width, what);
      if (ed.k == edit::kind::swap)
        {
          need (ed.src_reg, ed.width, what);
          if (ed.temp != no_hreg)
            need (ed.temp, ed.width, what);
        }
    }
}

void
checker::entry_state (state &s) const
{
  s.assign (cell_count (), content ());
  for (hreg r = 0; r < max_hard_regs; ++r)
    s[r] = content::of_hard (r);
  // A longjmp before any setup would be undefined: take the register's
  // own entry value as saved, so that paths through calls before the
  // setup agree with those after it.
  for (hreg r = 0; r < max_hard_regs; ++r)
    s[saved_index (r)] = content::of_hard (r);
}

bool
checker::meet_into (state &dst, const state &src) const
{
  bool changed = false;
  for (size_t k = 0; k < dst.size (); ++k)
    {
      if (src[k].k == content::kind::top || dst[k] == src[k])
        continue;
      content n = dst[k].k == content::kind::top ? src[k] : content ();
      if (n != dst[k])
        {
          dst[k] = n;
          changed = true;
        }
    }
  return changed;
}

void
checker::store_units (state &s, size_t cell, const content &c,
                      unsigned upr) const
{
  for (unsigned m = 0; m < upr; ++m)
    {
      content u = c;
      if (c.k == content::kind::val)
        u.b = c.b + m;
      s[cell + m] = u;
    }
}

content
checker::load_units (const state &s, size_t cell, unsigned upr) const
{
  content c0 = s[cell];
  for (unsigned m = 1; m < upr; ++m)
    {
      const content &c = s[cell + m];
      if (c0.k == content::kind::val)
        {
          // A value smaller than the register comes back only through a
          // narrow load (lfs), or whole from its image.
          if (c0.b + m >= value_units (c0.a))
            return content ();
          if (c != content::of_val (c0.a, c0.b + m))
            return content ();
        }
      else if (c != c0)
        return content ();
    }
  return c0;
}

void
checker::apply_edit (uint32_t index, state &s, reporting r)
{
  const edit &e = a_.edits[index];
  std::string what = "edit " + std::to_string (index) + " ("
                     + print_edit (e) + ")";
  unsigned w = e.width;
  if (w == 0 || w > slot_units)
    {
      report (r, what + " has width " + std::to_string (w));
      return;
    }
  auto reg_file_of = [&] (hreg h) {
    return h < max_hard_regs ? file_of_[h] : no_file;
  };
  auto regs_ok = [&] (hreg h, const char *role) {
    file_id f = reg_file_of (h);
    if (f == no_file || !range_in_file (h, w, f))
      {
        report (r, what + " " + role + " " + reg_name (h)
                   + " is not a range of allocatable registers of one file");
        return false;
      }
    return true;
  };
  auto slot_ok = [&] (slot_id sl, file_id f) {
    if (sl >= a_.slots.size ())
      {
        report (r, what + " names slot " + std::to_string (sl)
                   + " which does not exist");
        return false;
      }
    if (f != no_file
        && a_.slots[sl].size < w * t_.files[f].bytes_per_reg)
      report (r, what + " moves " + std::to_string (w * t_.files[f].bytes_per_reg)
                 + " bytes through slot " + std::to_string (sl) + " of "
                 + std::to_string (a_.slots[sl].size) + " bytes");
    return true;
  };

  switch (e.k)
    {
    case edit::kind::copy:
      {
        if (!regs_ok (e.dst_reg, "destination") || !regs_ok (e.src_reg, "source"))
          return;
        file_id fd = reg_file_of (e.dst_reg), fs = reg_file_of (e.src_reg);
        if (!t_.direct_copy[fs][fd])
          report (r, what + " copies between files "
                     + t_.files[fs].name + " and " + t_.files[fd].name
                     + " which have no direct copy");
        vec<content> tmp (w);
        for (unsigned k = 0; k < w; ++k)
          tmp[k] = s[reg_index (e.src_reg + k)];
        for (unsigned k = 0; k < w; ++k)
          s[reg_index (e.dst_reg + k)] = tmp[k];
        break;
      }
    case edit::kind::swap:
      {
        if (!regs_ok (e.dst_reg, "destination") || !regs_ok (e.src_reg, "source"))
          return;
        file_id f = reg_file_of (e.dst_reg);
        if (reg_file_of (e.src_reg) != f)
          report (r, what + " swaps registers of different files");
        if (e.dst_reg != e.src_reg
            && std::max (e.dst_reg, e.src_reg)
                 < std::min (e.dst_reg, e.src_reg) + w)
          report (r, what + " swaps overlapping ranges");
        const reg_file &rf = t_.files[f];
        switch (rf.swap)
          {
          case swap_method::xor3:
            if (e.temp != no_hreg || e.slot != no_slot)
              report (r, what + " has a temporary but file " + rf.name
                         + " swaps by xor");
            break;
          case swap_method::via_free_reg_or_memory:
            if ((e.temp == no_hreg) == (e.slot == no_slot))
              report (r, what + " needs exactly one of a temporary register "
                                "and a slot");
            else if (e.temp != no_hreg
                     && (reg_file_of (e.temp) != f
                         || !range_in_file (e.temp, w, f)))
              report (r, what + " has a temporary outside file " + rf.name);
            else if (e.slot != no_slot && !rf.memory_direct)
              report (r, what + " goes through memory but file " + rf.name
                         + " is not memory_direct");
            break;
          case swap_method::via_other_file:
            if (e.temp == no_hreg || e.slot != no_slot
                || reg_file_of (e.temp) != rf.via_file
                || !range_in_file (e.temp, w, rf.via_file))
              report (r, what + " needs a temporary of file "
                         + (rf.via_file < t_.files.size ()
                              ? t_.files[rf.via_file].name : "?"));
            break;
          }
        if (e.temp != no_hreg
            && ((e.temp < e.dst_reg + w && e.dst_reg < e.temp + w)
                || (e.temp < e.src_reg + w && e.src_reg < e.temp + w)))
          report (r, what + " uses a temporary that overlaps its operands");
        for (unsigned k = 0; k < w; ++k)
          std::swap (s[reg_index (e.dst_reg + k)],
                     s[reg_index (e.src_reg + k)]);
        content junk { content::kind::scratch, index, 0 };
        if (e.temp != no_hreg)
          for (unsigned k = 0; k < w; ++k)
            if (size_t (e.temp) + k < max_hard_regs)
              s[reg_index (e.temp + k)] = junk;
        if (e.slot != no_slot && e.slot < a_.slots.size ())
          for (unsigned k = 0; k < slot_units; ++k)
            s[slot_index (e.slot, k)] = junk;
        if (e.slot != no_slot)
          slot_ok (e.slot, f);
        break;
      }
    case edit::kind::load:
    case edit::kind::store:
      {
        bool load = e.k == edit::kind::load;
        hreg reg = load ? e.dst_reg : e.src_reg;
        if (!regs_ok (reg, load ? "destination" : "source"))
          return;
        file_id f = reg_file_of (reg);
        if (!t_.files[f].memory_direct)
          report (r, what + " moves file " + t_.files[f].name
                     + " which is not memory_direct to or from memory");
        if (!slot_ok (e.slot, f))
          return;
        unsigned upr = units_per_reg (f);
        if (w * upr > slot_units)
          {
            report (r, what + " moves more than " + std::to_string (slot_units * 4)
                       + " bytes");
            return;
          }
        if (e.bytes != 0)
          {
            // A narrow load or store moves the E.BYTES of a value that
            // small and nothing else.
            if (w != 1 || e.bytes >= t_.files[f].bytes_per_reg)
              {
                report (r, what + " moves " + std::to_string (e.bytes)
                           + " bytes of a width-" + std::to_string (w)
                           + " " + t_.files[f].name + " register");
                return;
              }
            size_t cell = slot_index (e.slot, 0);
            const content &c = load ? s[cell] : s[reg_index (reg)];
            content got;
            if (c.k == content::kind::val && c.b == 0
                && value_bytes (t_, f_.values[c.a]) == e.bytes)
              got = c;
            if (load && e.extends)
              got = extended (e, got, r);
            if (load)
              s[reg_index (reg)] = got;
            else
              for (unsigned m = 0; m < upr; ++m)
                s[cell + m] = 4 * m < e.bytes ? got : content ();
            break;
          }
        for (unsigned k = 0; k < w; ++k)
          if (load)
            {
              size_t cell = slot_index (e.slot, k * upr);
              const content &c = s[cell];
              if (c.k == content::kind::image && c.b == f && w == 1)
                s[reg_index (reg)] = content::of_val (c.a, 0);
              else if (c.k == content::kind::image)
                // Read as another format: the image, for the message.
                s[reg_index (reg + k)] = c;
              else
                s[reg_index (reg + k)] = load_units (s, cell, upr);
            }
          else
            {
              const content &c = s[reg_index (reg + k)];
              if (c.k == content::kind::val && w == 1
                  && narrow_in (c.a, f))
                for (unsigned m = 0; m < upr; ++m)
                  s[slot_index (e.slot, m)]
                    = content { content::kind::image, c.a, f };
              else
                store_units (s, slot_index (e.slot, k * upr), c, upr);
            }
        break;
      }
    case edit::kind::remat:
      {
        // The instruction reads nothing the allocation moves, so run
        // again it computes what it computed: its def's value.
        if (!regs_ok (e.dst_reg, "destination"))
          return;
        if (e.def_block >= f_.blocks.size ()
            || e.def_insn >= f_.blocks[e.def_block].insns.size ()
            || !f_.blocks[e.def_block].insns[e.def_insn].rematerializable)
          {
            report (r, what + " recomputes no rematerializable instruction");
            return;
          }
        const operand &op = f_.blocks[e.def_block].insns[e.def_insn].ops[0];
        file_id f = reg_file_of (e.dst_reg);
        if (f != f_.values[op.value].file || w != f_.values[op.value].width
            || !op.allowed.test (e.dst_reg))
          {
            report (r, what + " puts " + f_.values[op.value].name
                       + " where its instruction cannot write it");
            return;
          }
        unsigned upr = units_per_reg (f);
        for (unsigned k = 0; k < w; ++k)
          s[reg_index (e.dst_reg + k)] = val (op.value, k * upr);
        break;
      }
    }
}

void
checker::run_edits (const vec<uint32_t> &which, state &s,
                    reporting r)
{
  for (uint32_t e : which)
    apply_edit (e, s, r);
}

// If IN is a copy of a plain use into a plain def, set D and U to their
// values and return true.
static bool
copy_values (const insn &in, value_id &d, value_id &u)
{
  d = u = no_value;
  if (in.kind != insn_kind::copy || in.ops.size () != 2)
    return false;
  for (const operand &o : in.ops)
    if (o.kind == operand_kind::def)
      d = o.value;
    else if (o.kind == operand_kind::use)
      u = o.value;
  return d != no_value && u != no_value;
}

// A narrow load E that stands for the zero-extension just after it
// (edit::extends), which the allocation deletes, of what loaded GOT:
// the extension's def where GOT is the extension's use (lbz and lhz
// leave exactly the zero-extended value), else nothing known.
content
checker::extended (const edit &e, const content &got, reporting r)
{
  const program_point &p = e.at;
  if (p.k != program_point::kind::before_insn || p.block >= f_.blocks.size ()
      || p.insn >= f_.blocks[p.block].insns.size ()
      || !f_.blocks[p.block].insns[p.insn].extends_narrow
      || !a_.is_removed (p.block, p.insn))
    {
      report (r, "a load that zero-extends is not just before a deleted "
                 "extension");
      return content ();
    }
  const insn &in = f_.blocks[p.block].insns[p.insn];
  value_id d = no_value, u = no_value;
  for (const operand &o : in.ops)
    (o.kind == operand_kind::def ? d : u) = o.value;
  if (got != val (u, 0))
    return content ();
  return val (d, 0);
}

// A deleted instruction changes nothing, so it must be a copy whose
// def is its source's value (canon_): then every read of the def finds
// what a read of the source would.  Or it zero-extends a narrow value,
// and a load just before it (edit::extends) leaves its def: that the
// def is where it is read the state shows (extended).
void
checker::check_removed (block_id b, uint32_t i, reporting r)
{
  // A rematerializable instruction computes nothing but its def: with
  // it gone, its register simply does not hold the value, which the
  // state tracks.
  if (f_.blocks[b].insns[i].rematerializable
      || f_.blocks[b].insns[i].extends_narrow)
    return;
  value_id d, u;
  if (!copy_values (f_.blocks[b].insns[i], d, u) || canon_[d] != canon_[u])
    report (r, insn_where (b, i) + " is deleted but is not a copy of one "
               "value into another of the same file and size");
}

void
checker::check_insn (block_id b, uint32_t i, state &s, reporting r)
{
  const insn &in = f_.blocks[b].insns[i];
  const vec<location> &locs = a_.operand_loc[b][i];
  std::string where = insn_where (b, i);
  auto opw = [&] (size_t k) {
    return where + " operand " + std::to_string (k);
  };
  auto width_of = [&] (size_t k) -> unsigned {
    const operand &op = in.ops[k];
    if (op.kind == operand_kind::use_hard || op.kind == operand_kind::def_hard)
      return op.width;
    const location &l = locs[k];
    if (l.is_reg () && l.reg < max_hard_regs && file_of_[l.reg] != no_file)
      return regs_in_file (op.value, file_of_[l.reg]);
    return f_.values[op.value].width;
  };

  // Check that a use/def operand's location is a register the operand
  // and its value accept; return false if it is not even a register.
  auto check_place = [&] (size_t k, const operand &op) {
    const location &l = locs[k];
    const value &v = f_.values[op.value];
    if (!l.is_reg ())
      {
        report (r, opw (k) + " of v" + std::to_string (op.value)
                   + " is not in a register but in "
                   + print_location (l));
        return false;
      }
    // An operand may name another file than its value's (the allocator
    // copies the value over just for this instruction): then the
    // register must be in the operand's set and its file.
    file_id g = file_of_[l.reg];
    bool cross = g != v.file && g != no_file
                 && (op.allowed & v.allowed).none ();
    file_id want = cross ? g : v.file;
    if (!range_in_file (l.reg, regs_in_file (op.value, want), want))
      {
        report (r, opw (k) + " puts v" + std::to_string (op.value)
                   + " in " + reg_name (l.reg) + " outside its file "
                   + t_.files[v.file].name);
        return false;
      }
    if (!op.allowed.test (l.reg))
      report (r, opw (k) + " puts v" + std::to_string (op.value) + " in "
                 + reg_name (l.reg) + " which the operand does not allow "
                 + print_reg_set (op.allowed));
    if (!cross && !v.allowed.test (l.reg))
      report (r, opw (k) + " puts v" + std::to_string (op.value) + " in "
                 + reg_name (l.reg) + " which the value does not allow "
                 + print_reg_set (v.allowed));
    return true;
  };

  // Uses.
  for (size_t k = 0; k < in.ops.size (); ++k)
    {
      const operand &op = in.ops[k];
      const location &l = locs[k];
      if (op.kind == operand_kind::use)
        {
          if (!check_place (k, op))
            continue;
          file_id g = file_of_[l.reg];
          unsigned upr = units_per_reg (g);
          for (unsigned j = 0; j < regs_in_file (op.value, g); ++j)
            {
              const content &c = s[reg_index (l.reg + j)];
              content want = val (op.value, j * upr);
              if (c != want)
                {
                  report (r, opw (k) + " reads " + reg_name (l.reg + j)
                             + " which holds " + describe (c)
                             + ", expected " + describe (want));
                  break;
                }
            }
        }
      else if (op.kind == operand_kind::use_hard)
        {
          if (!l.is_reg () || l.reg != op.reg)
            report (r, opw (k) + " reads hard register " + reg_name (op.reg)
                       + " but its location is " + print_location (l));
          for (unsigned j = 0; j < op.width; ++j)
            {
              hreg h = op.reg + j;
              if (h >= max_hard_regs)
                break;
              if (s[h] != content::of_hard (h))
                {
                  report (r, opw (k) + " reads hard register " + reg_name (h)
                             + " which holds " + describe (s[h])
                             + " instead of its hard value");
                  break;
                }
            }
        }
    }

  // What the instruction saves for the receivers, read with its uses.
  if (in.saves_for_receiver != no_hreg
      && in.saves_for_receiver < max_hard_regs)
    {
      content saved = s[reg_index (in.saves_for_receiver)];
      if (in.saved_operand != no_operand)
        {
          const location &l = locs[in.saved_operand];
          saved = l.is_reg () && l.reg < max_hard_regs ? s[reg_index (l.reg)]
                                                       : content ();
        }
      s[saved_index (in.saves_for_receiver)] = saved;
    }

  // Clobbers, then a setjmp-like call's loss of every allocatable
  // register (fixed registers such as the stack pointer survive); a
  // call-saved register that still holds a hard value keeps it (the
  // longjmp restores what it held at the setjmp).
  content junk { content::kind::clobbered, b, i };
  for (hreg h = 0; h < max_hard_regs; ++h)
    if (in.clobbers.test (h)
        || (in.values_across_in_memory && file_of_[h] != no_file
            && !(t_.call_saved.test (h) && s[h].k == content::kind::hard)))
      s[h] = junk;

  // Defs: placement, ties, earlyclobbers, overlaps.
  auto overlap = [] (hreg a, unsigned wa, hreg b2, unsigned wb) {
    return a < b2 + wb && b2 < a + wa;
  };
  for (size_t k = 0; k < in.ops.size (); ++k)
    {
      const operand &op = in.ops[k];
      const location &l = locs[k];
      if (op.kind == operand_kind::def)
        {
          if (!check_place (k, op))
            continue;
          if (op.tied_to != no_operand && size_t (op.tied_to) < locs.size ()
              && locs[op.tied_to] != l)
            report (r, opw (k) + " is tied to operand "
                       + std::to_string (op.tied_to) + " in "
                       + print_location (locs[op.tied_to]) + " but is in "
                       + print_location (l));
          // An earlyclobber def is written before the uses are read, so
          // it may share no register with them -- except its tied use
          // ("+&r"): that one it overwrites by definition.
          if (op.earlyclobber)
            for (size_t u = 0; u < in.ops.size (); ++u)
              {
                const operand &uo = in.ops[u];
                if (u == size_t (op.tied_to))
                  continue;
                if ((uo.kind == operand_kind::use
                     || uo.kind == operand_kind::use_hard)
                    && locs[u].is_reg ()
                    && overlap (l.reg, width_of (k), locs[u].reg,
                                width_of (u)))
                  report (r, opw (k) + " is earlyclobber but its "
                             + reg_name (l.reg) + " overlaps operand "
                             + std::to_string (u) + " in "
                             + reg_name (locs[u].reg));
              }
          if (op.earlyclobber && l.is_reg ())
            for (unsigned j = 0; j < width_of (k); ++j)
              if (l.reg + j < max_hard_regs && in.clobbers.test (l.reg + j))
                {
                  report (r, opw (k) + " is earlyclobber but its "
                             + reg_name (l.reg) + " overlaps the clobbered "
                             + reg_name (hreg (l.reg + j)));
                  break;
                }
        }
      else if (op.kind == operand_kind::def_hard)
        {
          if (!l.is_reg () || l.reg != op.reg)
            report (r, opw (k) + " writes hard register " + reg_name (op.reg)
                       + " but its location is " + print_location (l));
        }
      else
        continue;
      for (size_t k2 = k + 1; k2 < in.ops.size (); ++k2)
        {
          const operand &o2 = in.ops[k2];
          if ((o2.kind == operand_kind::def
               || o2.kind == operand_kind::def_hard)
              && l.is_reg () && locs[k2].is_reg ()
              && overlap (l.reg, width_of (k), locs[k2].reg,
                          width_of (k2)))
            report (r, opw (k) + " in " + reg_name (l.reg)
                       + " overlaps def operand " + std::to_string (k2)
                       + " in " + reg_name (locs[k2].reg));
        }
    }
  // Write the defs after all checks (they are parallel).
  for (size_t k = 0; k < in.ops.size (); ++k)
    {
      const operand &op = in.ops[k];
      const location &l = locs[k];
      if (op.kind == operand_kind::def && l.is_reg ()
          && file_of_[l.reg] != no_file)
        {
          file_id g = file_of_[l.reg];
          unsigned upr = units_per_reg (g);
          for (unsigned j = 0; j < regs_in_file (op.value, g); ++j)
            if (size_t (l.reg) + j < max_hard_regs)
              s[reg_index (l.reg + j)] = val (op.value, j * upr);
        }
      else if (op.kind == operand_kind::def_hard)
        for (unsigned j = 0; j < op.width; ++j)
          if (size_t (op.reg) + j < max_hard_regs)
            s[reg_index (op.reg + j)] = content::of_hard (op.reg + j);
    }
}

void
checker::walk_block (block_id b, state &s, reporting r)
{
  const block &bb = f_.blocks[b];
  for (uint32_t i = 0; i < bb.insns.size (); ++i)
    {
      run_edits (before_[b][i], s, r);
      if (a_.is_removed (b, i))
        check_removed (b, i, r);
      else
        check_insn (b, i, s, r);
      run_edits (after_[b][i], s, r);
    }
  run_edits (before_[b][bb.insns.size ()], s, r);
  if (bb.returns)
    check_return (b, s, r);
}

// At a return, every call-saved register that neither the frame saves
// nor the allocation writes (the adapter saves those) must hold the
// caller's value, its hard value.  A longjmp into a receiver breaks this
// for every allocatable one (the frames it skipped restored nothing),
// and a register the receivers get back breaks it when the setup saved
// something else.
void
checker::check_return (block_id b, const state &s, reporting r)
{
  for (hreg h = 0; h < max_hard_regs; ++h)
    if (t_.call_saved.test (h) && !f_.frame_saved.test (h)
        && !a_.used_regs.test (h) && s[reg_index (h)] != content::of_hard (h))
      report (r, "block " + std::to_string (b) + " returns with call-saved "
                 + reg_name (h) + " holding " + describe (s[reg_index (h)])
                 + " instead of the caller's value, and the frame does "
                   "not save it");
}

void
checker::walk_edge (block_id b, size_t succ_index, state &s, reporting r)
{
  const block &bb = f_.blocks[b];
  block_id sb = bb.succs[succ_index];
  const block &succ = f_.blocks[sb];
  // This is the N-th edge from B to SB; it is the N-th occurrence of B in
  // SB's preds.
  size_t nth = std::count (bb.succs.begin (), bb.succs.begin () + succ_index,
                           sb);
  size_t j = 0;
  for (size_t seen = 0; j < succ.preds.size (); ++j)
    if (succ.preds[j] == b && seen++ == nth)
      break;
  if (j == succ.preds.size ())
    return;  // verify_function rules this out.
  auto it = on_edge_.find ({ b, sb });
  if (it != on_edge_.end ())
    run_edits (it->second, s, r);

  // A longjmp into a receiver: the frames it left restored nothing, the
  // registers saved for the receivers come back.
  if (succ.receiver && j < succ.pred_abnormal.size () && succ.pred_abnormal[j])
    {
      content junk { content::kind::longjmp, sb, 0 };
      for (hreg h = 0; h < max_hard_regs; ++h)
        if (file_of_[h] != no_file)
          s[reg_index (h)] = junk;
      for (hreg h = 0; h < max_hard_regs; ++h)
        if (saved_regs_.test (h))
          s[reg_index (h)] = s[saved_index (h)];
    }

  // The phis read their arguments in parallel, then write their defs.
  std::string where = "edge " + std::to_string (b) + "->"
                      + std::to_string (sb) + " phi ";
  vec<size_t> cells;
  for (size_t k = 0; k < succ.phis.size (); ++k)
    {
      const phi &p = succ.phis[k];
      const location &l = a_.phi_loc[sb][k];
      const value &dv = f_.values[p.def];
      value_id arg = p.args[j];
      cells.clear ();
      unsigned step = 1;
      if (l.is_reg ())
        {
          if (!range_in_file (l.reg, dv.width, dv.file))
            {
              report (r, where + std::to_string (k) + " puts v"
                         + std::to_string (p.def) + " in " + reg_name (l.reg)
                         + " outside its file");
              continue;
            }
          if (!dv.allowed.test (l.reg))
            report (r, where + std::to_string (k) + " puts v"
                       + std::to_string (p.def) + " in " + reg_name (l.reg)
                       + " which the value does not allow");
          for (unsigned w = 0; w < dv.width; ++w)
            cells.push_back (reg_index (l.reg + w));
          step = units_per_reg (dv.file);
        }
      else if (l.is_slot () && l.slot < a_.slots.size ())
        {
          if (a_.slots[l.slot].size
              < dv.width * t_.files[dv.file].bytes_per_reg)
            report (r, where + std::to_string (k) + " slot s"
                       + std::to_string (l.slot) + " is too small for v"
                       + std::to_string (p.def));
          for (unsigned u = 0; u < value_units (p.def) && u < slot_units;
               ++u)
            cells.push_back (slot_index (l.slot, u));
          step = 1;
        }
      else if (l.k == location::kind::none && canon_[p.def] == canon_[arg])
        // A trivial phi (compute_canon) is its argument's value, which
        // the reads of its def find wherever the argument is: it needs
        // no place of its own.
        continue;
      else
        {
          report (r, where + std::to_string (k) + " v"
                     + std::to_string (p.def) + " has no location ("
                     + print_location (l) + ")");
          continue;
        }
      for (unsigned w = 0; w < cells.size (); ++w)
        if (s[cells[w]] != val (arg, w * step))
          {
            report (r, where + std::to_string (k) + " expects v"
                       + std::to_string (arg) + " in " + print_location (l)
                       + " which holds " + describe (s[cells[w]]));
            break;
          }
      // A slot the phi also lands in holds the argument too.
      const slot_id also = a_.phi_also_at (sb, k);
      if (also != no_slot && also < a_.slots.size ())
        for (unsigned u = 0; u < value_units (p.def) && u < slot_units; ++u)
          if (s[slot_index (also, u)] != val (arg, u))
            {
              report (r, where + std::to_string (k) + " expects v"
                         + std::to_string (arg) + " in slot s"
                         + std::to_string (also) + " too, which holds "
                         + describe (s[slot_index (also, u)]));
              break;
            }
    }
  for (size_t k = 0; k < succ.phis.size (); ++k)
    {
      const phi &p = succ.phis[k];
      const location &l = a_.phi_loc[sb][k];
      const value &dv = f_.values[p.def];
      if (l.is_reg ())
        for (unsigned w = 0; w < dv.width; ++w)
          {
            if (size_t (l.reg) + w < max_hard_regs)
              s[reg_index (l.reg + w)]
                = val (p.def, w * units_per_reg (dv.file));
          }
      else if (l.is_slot () && l.slot < a_.slots.size ())
        for (unsigned u = 0; u < value_units (p.def) && u < slot_units; ++u)
          s[slot_index (l.slot, u)] = val (p.def, u);
      const slot_id also = a_.phi_also_at (sb, k);
      if (also != no_slot && also < a_.slots.size ())
        for (unsigned u = 0; u < value_units (p.def) && u < slot_units; ++u)
          s[slot_index (also, u)] = val (p.def, u);
    }
}

// canon_[v]: the value V is, by the input alone: a copy's def is its
// source's value (a plain def and a plain use of one file, width and
// size), and two phis of one block whose arguments are the same values
// are one value (they read the same value on every edge).  Else V.
// A union-find over the values: up[v] leads towards v's canonical value.
void
checker::compute_canon ()
{
  size_t nv = f_.values.size ();
  vec<value_id> up (nv);
  for (value_id v = 0; v < nv; ++v)
    up[v] = v;
  auto find = [&] (value_id v) {
    value_id r = v;
    while (up[r] != r)
      r = up[r];
    while (up[v] != r)
      {
        value_id n = up[v];
        up[v] = r;
        v = n;
      }
    return r;
  };
  auto same_shape = [&] (value_id a, value_id b) {
    const value &x = f_.values[a], &y = f_.values[b];
    return x.file == y.file && x.width == y.width && x.bytes == y.bytes;
  };
  // A link that would close a cycle (only unreachable code could hold a
  // cycle of copies) is not made.
  for (const block &bb : f_.blocks)
    for (const insn &in : bb.insns)
      {
        value_id d, u;
        if (!copy_values (in, d, u) || d >= nv || u >= nv
            || !same_shape (d, u) || find (u) == find (d))
          continue;
        up[find (d)] = find (u);
      }
  // Phis: rounds until one merges nothing.  Each round but the last
  // merges a phi, and a merged phi never again heads a group, so there
  // are at most (phis + 1) rounds.  Two phis of one block with the same
  // arguments are one value; so is a phi whose arguments are one value
  // X or the phi itself, and X (a trivial phi: in SSA it can only ever
  // receive X's value, and the allocator may read X's location for it,
  // as SSA construction would have removed it; Braun et al., "Simple
  // and Efficient Construction of SSA Form", CC 2013).
  size_t nphis = 0;
  for (const block &bb : f_.blocks)
    nphis += bb.phis.size ();
  std::map<vec<value_id>, value_id> first;
  for (size_t round = 0; round <= nphis; ++round)
    {
      bool merged = false;
      for (const block &bb : f_.blocks)
        {
          first.clear ();
          for (const phi &p : bb.phis)
            {
              if (p.def >= nv || find (p.def) != p.def)
                continue;
              vec<value_id> key;
              bool ok = true;
              for (value_id a : p.args)
                {
                  ok &= a < nv;
                  key.push_back (a < nv ? find (a) : a);
                }
              if (!ok)
                continue;
              value_id only = no_value;
              bool several = false;
              for (value_id a : key)
                if (a != p.def)
                  {
                    several |= only != no_value && only != a;
                    only = a;
                  }
              if (only != no_value && !several && same_shape (p.def, only))
                {
                  up[p.def] = only;
                  merged = true;
                  continue;
                }
              auto [it, fresh] = first.emplace (std::move (key), p.def);
              if (!fresh && same_shape (p.def, it->second))
                {
                  up[p.def] = it->second;
                  merged = true;
                }
            }
        }
      if (!merged)
        break;
    }
  canon_.assign (nv, 0);
  for (value_id v = 0; v < nv; ++v)
    canon_[v] = find (v);
}

std::vector<std::string>
checker::run ()
{
  std::string bad = verify_function (f_, t_);
  if (!bad.empty ())
    return { "input: " + bad };
  if (!check_shapes ())
    return errors_;
  file_of_.assign (max_hard_regs, no_file);
  for (size_t f = 0; f < t_.files.size (); ++f)
    for (hreg h : t_.files[f].regs)
      file_of_[h] = file_id (f);
  compute_canon ();
  index_edits ();
  check_slots_and_used_regs ();
  for (const block &bb : f_.blocks)
    for (const insn &in : bb.insns)
      if (in.saves_for_receiver != no_hreg
          && in.saves_for_receiver < max_hard_regs)
        saved_regs_.set (in.saves_for_receiver);

  // Fixed point, in reverse post-order.
  size_t n = f_.blocks.size ();
  vec<block_id> rpo;
  {
    vec<uint8_t> seen (n, 0);
    vec<std::pair<block_id, size_t>> stack { { 0, 0 } };
    seen[0] = 1;
    while (!stack.empty ())
      {
        auto [b, k] = stack.back ();
        if (k < f_.blocks[b].succs.size ())
          {
            ++stack.back ().second;
            block_id s = f_.blocks[b].succs[k];
            if (!seen[s])
              {
                seen[s] = 1;
                stack.push_back ({ s, 0 });
              }
          }
        else
          {
            rpo.push_back (b);
            stack.pop_back ();
          }
      }
    std::reverse (rpo.begin (), rpo.end ());
  }
  size_t cells = cell_count ();
  content top { content::kind::top, 0, 0 };
  vec<state> in (n, state (cells, top));
  entry_state (in[0]);
  vec<uint8_t> dirty (n, 0);
  dirty[0] = 1;
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (block_id b : rpo)
        {
          if (!dirty[b])
            continue;
          dirty[b] = 0;
          state s = in[b];
          walk_block (b, s, reporting::quiet);
          for (size_t k = 0; k < f_.blocks[b].succs.size (); ++k)
            {
              state e = s;
              walk_edge (b, k, e, reporting::quiet);
              block_id sb = f_.blocks[b].succs[k];
              if (meet_into (in[sb], e))
                {
                  dirty[sb] = 1;
                  changed = true;
                }
            }
        }
    }

  // Report, block by block.
  for (block_id b = 0; b < n; ++b)
    {
      state s = in[b];
      walk_block (b, s, reporting::loud);
      for (size_t k = 0; k < f_.blocks[b].succs.size (); ++k)
        {
          state e = s;
          walk_edge (b, k, e, reporting::loud);
        }
    }
  return errors_;
}

} // namespace

std::vector<std::string>
check_allocation (const function &f, const target &t, const allocation &a)
{
  checker c (f, t, a);
  return c.run ();
}

} // namespace ssara
