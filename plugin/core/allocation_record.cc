// allocation_record.cc -- the allocation record (allocation.h) from the
// working copy's decisions.
//
// Walking each working block: an input instruction gives its operands'
// locations; an inserted instruction gives an edit at the program point
// before the next input instruction of its input block (or on the edge,
// for a block that splits an edge); the block's parallel-copy edits
// follow, before the terminator.  Copies whose both sides got the same
// register vanish (coalesced).  Cells become stack slots.

#include "work.h"

#include <algorithm>
#include <tuple>

namespace ssara::ra {

namespace {

// The origin of an inserted copy DEF <- USE, from the phases that created
// its values: a copy that touches an operand temp is constraint lifting's,
// one that touches a reload temp spill placement's, and the rest
// (PhiLifting's copies, which join phi-related values) are phi copies.
edit_origin
copy_origin (const work &w, value_id def, value_id use)
{
  auto either = [&] (vorigin o) {
    return w.wv[def].origin == o || w.wv[use].origin == o;
  };
  if (either (vorigin::constraint_temp))
    return edit_origin::operand_copy;
  if (either (vorigin::reload_temp))
    return edit_origin::spill_copy;
  return edit_origin::phi_copy;
}

} // anon namespace

std::string
build_record (work &w, allocation &out)
{
  const function &in = w.in;
  out.operand_loc.assign (in.blocks.size (), {});
  out.removed.assign (in.blocks.size (), {});
  out.phi_loc.assign (in.blocks.size (), {});
  out.phi_also.clear ();
  for (block_id b = 0; b < in.blocks.size (); ++b)
    {
      out.operand_loc[b].resize (in.blocks[b].insns.size ());
      out.removed[b].assign (in.blocks[b].insns.size (), false);
      for (size_t i = 0; i < in.blocks[b].insns.size (); ++i)
        out.operand_loc[b][i].resize (in.blocks[b].insns[i].ops.size ());
    }
  auto slot_of = [&] (cell_id c) {
    return c == no_cell || c >= w.cells.size () ? no_slot : w.cells[c].slot;
  };
  auto loc_of = [&] (value_id v) -> location {
    if (w.wv[v].spilled)
      return location::in_slot (slot_of (w.wv[v].cell));
    if (w.wv[v].reg != no_hreg)
      return location::in_reg (w.wv[v].reg);
    return location ();
  };
  hreg_set used;
  auto mark = [&] (hreg r, unsigned width) {
    if (r != no_hreg)
      used |= work::span (r, width);
  };

  out.edits.clear ();
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      const wblock &x = w.wb[b];
      uint32_t next_input = 0;
      auto point = [&] () {
        program_point p;
        if (x.in_block == no_block && x.at_pred_end)
          {
            // Before EDGE_FROM's terminator (edge_code.cc), after the
            // block's own code there: this block's index is higher.
            const block &ib = in.blocks[x.edge_from];
            p.k = program_point::kind::before_insn;
            p.block = x.edge_from;
            p.insn = uint32_t (ib.insns.size ()) - 1;
          }
        else if (x.in_block == no_block)
          {
            p.k = program_point::kind::on_edge;
            p.block = x.edge_from;
            p.succ = x.edge_to;
          }
        else
          {
            p.k = program_point::kind::before_insn;
            p.block = x.in_block;
            p.insn = next_input;
          }
        return p;
      };
      auto add = [&] (edit e) {
        e.at = point ();
        if (e.slot != no_slot)
          e.slot = slot_of (e.slot);
        mark (e.dst_reg, e.width);
        mark (e.temp, e.width);
        if (e.k == edit::kind::swap)
          mark (e.src_reg, e.width);
        switch (e.k)
          {
          case edit::kind::copy: ++w.stats.copies; break;
          case edit::kind::swap: ++w.stats.swaps; break;
          case edit::kind::load: ++w.stats.loads; break;
          case edit::kind::store: ++w.stats.stores; break;
          case edit::kind::remat: ++w.stats.remats; break;
          }
        out.edits.push_back (e);
      };
      for (size_t j = 0; j < blk.insns.size (); ++j)
        {
          const insn &i = blk.insns[j];
          const winsn &wi = x.insns[j];
          auto reg = [&] (size_t k) { return w.wv[i.ops[k].value].reg; };
          auto width = [&] (size_t k) {
            return w.fn.values[i.ops[k].value].width;
          };
          auto name = [&] (size_t k) {
            return w.fn.values[i.ops[k].value].name;
          };
          switch (wi.role)
            {
            case wrole::input:
              {
                auto &locs = out.operand_loc[x.in_block][wi.in_insn];
                for (size_t k = 0; k < i.ops.size (); ++k)
                  {
                    const operand &o = i.ops[k];
                    if (o.kind == operand_kind::use_hard
                        || o.kind == operand_kind::def_hard)
                      {
                        locs[k] = location::in_reg (o.reg);
                        if (o.kind == operand_kind::def_hard)
                          mark (o.reg, o.width);
                        continue;
                      }
                    if (reg (k) == no_hreg)
                      return "internal: operand " + std::to_string (k)
                             + " of block " + std::to_string (x.in_block)
                             + " insn " + std::to_string (wi.in_insn)
                             + " has no register";
                    locs[k] = location::in_reg (reg (k));
                    if (o.kind == operand_kind::def)
                      mark (reg (k), width (k));
                  }
                next_input = wi.in_insn + 1;
                break;
              }
            case wrole::copy:
              {
                if (reg (0) == no_hreg || reg (1) == no_hreg)
                  return "internal: uncoloured copy of " + name (0);
                if (reg (0) == reg (1))
                  break;
                edit e;
                e.k = edit::kind::copy;
                e.origin = copy_origin (w, i.ops[0].value, i.ops[1].value);
                e.width = width (0);
                e.dst_reg = reg (0);
                e.src_reg = reg (1);
                e.what = name (0);
                add (e);
                break;
              }
            case wrole::hard_copy:
              {
                // A pre-coloured register or the value that carries it.
                auto reg_of = [&] (const operand &o) {
                  return o.kind == operand_kind::def_hard
                             || o.kind == operand_kind::use_hard
                           ? o.reg : w.wv[o.value].reg;
                };
                hreg dst = reg_of (i.ops[0]), src = reg_of (i.ops[1]);
                if (dst == no_hreg || src == no_hreg)
                  return "internal: uncoloured copy of a pre-coloured "
                         "register";
                if (dst == src)
                  break;
                edit e;
                e.k = edit::kind::copy;
                e.origin = edit_origin::operand_copy;
                e.width = i.ops[0].width;
                if (i.ops[0].kind == operand_kind::def)
                  e.width = width (0);
                e.dst_reg = dst;
                e.src_reg = src;
                e.what = i.ops[0].kind == operand_kind::def ? name (0)
                                                            : name (1);
                add (e);
                break;
              }
            case wrole::load:
            case wrole::store:
              {
                if (reg (0) == no_hreg)
                  return "internal: uncoloured spill temp " + name (0);
                edit e;
                e.k = wi.role == wrole::load ? edit::kind::load
                                             : edit::kind::store;
                e.origin = wi.role == wrole::load ? edit_origin::reload
                                                  : edit_origin::spill_store;
                e.width = width (0);
                e.bytes = w.fn.values[i.ops[0].value].bytes;
                (wi.role == wrole::load ? e.dst_reg : e.src_reg) = reg (0);
                e.slot = wi.cell;
                e.what = name (0);
                if (wi.role == wrole::load && wi.extends)
                  {
                    // Input instruction in_insn, the extension it
                    // replaces, goes; the load moves the extended
                    // value's bytes.
                    e.bytes = w.fn.values[wi.from].bytes;
                    e.extends = true;
                    next_input = wi.in_insn;
                    add (e);
                    out.removed[x.in_block][wi.in_insn] = true;
                    next_input = wi.in_insn + 1;
                    break;
                  }
                add (e);
                break;
              }
            case wrole::remat:
              {
                if (reg (0) == no_hreg)
                  return "internal: uncoloured remat temp " + name (0);
                value_id v = w.wv[i.ops[0].value].carries;
                if (!w.rematerializable (v))
                  return "internal: remat of " + name (0)
                         + " carries no rematerializable value";
                edit e;
                e.k = edit::kind::remat;
                e.origin = edit_origin::remat;
                e.width = width (0);
                e.dst_reg = reg (0);
                e.def_block = w.remat_at[v].block;
                e.def_insn = w.remat_at[v].insn;
                e.what = name (0);
                add (e);
                break;
              }
            case wrole::folded:
              out.removed[x.in_block][wi.in_insn] = true;
              next_input = wi.in_insn + 1;
              break;
            case wrole::nop:
              break;
            }
        }
      if (x.in_block != no_block)
        {
          const block &ib = in.blocks[x.in_block];
          next_input = uint32_t (ib.insns.size ());
          if (!ib.insns.empty () && ib.insns.back ().terminator)
            --next_input;
        }
      for (const edit &e : x.end_edits)
        add (e);
    }

  auto key = [] (const program_point &p) {
    return std::make_tuple (p.block, p.k == program_point::kind::on_edge,
                            p.succ, p.insn,
                            p.k == program_point::kind::after_insn);
  };
  std::stable_sort (out.edits.begin (), out.edits.end (),
                    [&] (const edit &a, const edit &b) {
                      return key (a.at) < key (b.at);
                    });

  // The first phis of a working block are its input block's that copy
  // folding kept, in order; those after them are spilling.cc's (SSA
  // reconstruction), whose moves are edits like any other.  A phi that
  // copy folding merged into an earlier phi of its block is where that
  // phi is; one it folded into its argument (a trivial phi) has no
  // location: its reads read the argument.
  for (block_id b = 0; b < in.blocks.size (); ++b)
    {
      const vec<phi> &phis = in.blocks[b].phis;
      size_t kw = 0;
      for (size_t k = 0; k < phis.size (); ++k)
        {
          value_id into = w.wv[phis[k].def].folded_into;
          if (into != no_value)
            {
              size_t q = 0;
              while (q < k && phis[q].def != into)
                ++q;
              location l = q < k ? out.phi_loc[b][q] : location ();
              out.phi_loc[b].push_back (l);
              continue;
            }
          const phi &ph = w.fn.blocks[b].phis[kw++];
          location l = loc_of (ph.def);
          out.phi_loc[b].push_back (l);
          // A phi in a register that its cell holds too: the cell's slot
          // holds it at the block's start as well.
          if (l.is_reg () && w.wv[ph.def].lands_in_cell
              && slot_of (w.wv[ph.def].cell) != no_slot)
            {
              if (out.phi_also.empty ())
                out.phi_also.assign (in.blocks.size (), {});
              if (out.phi_also[b].empty ())
                out.phi_also[b].assign (phis.size (), no_slot);
              out.phi_also[b][k] = slot_of (w.wv[ph.def].cell);
            }
          if (l.is_reg ())
            mark (l.reg, w.fn.values[ph.def].width);
        }
    }
  out.value_loc.assign (in.values.size (), location ());
  for (value_id v = 0; v < in.values.size (); ++v)
    out.value_loc[v] = loc_of (w.wv[v].folded_into != no_value
                               ? w.wv[v].folded_into : v);
  out.slots = w.slots;
  out.used_regs = used;
  w.stats.values = unsigned (in.values.size ());
  w.stats.stack_bytes = 0;
  for (const stack_slot &s : out.slots)
    w.stats.stack_bytes += s.size;
  out.stats = w.stats;
  return "";
}

} // namespace ssara::ra
