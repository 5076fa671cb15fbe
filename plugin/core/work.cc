// work.cc -- the working copy and its helpers (see work.h).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

work::~work ()
{
  recycle_liveness (live);
}

work::work (const function &f, const target &t, const alloc_options &o)
  : in (f), tgt (t), opts (o), fn (f)
{
  wb.resize (f.blocks.size ());
  for (block_id b = 0; b < f.blocks.size (); ++b)
    {
      wb[b].in_block = b;
      wb[b].insns.resize (f.blocks[b].insns.size ());
      for (uint32_t i = 0; i < f.blocks[b].insns.size (); ++i)
        wb[b].insns[i].in_insn = i;
    }
  wv.resize (f.values.size ());
  phi_parent.resize (f.values.size ());
  for (value_id v = 0; v < f.values.size (); ++v)
    phi_parent[v] = v;
  file_of.assign (max_hard_regs, no_file);
  for (size_t fi = 0; fi < t.files.size (); ++fi)
    for (hreg h : t.files[fi].regs)
      if (h < max_hard_regs)
        file_of[h] = file_id (fi);
  remat_at.resize (f.values.size ());
  for (block_id b = 0; b < f.blocks.size (); ++b)
    for (uint32_t i = 0; i < f.blocks[b].insns.size (); ++i)
      if (f.blocks[b].insns[i].rematerializable)
        {
          value_id v = f.blocks[b].insns[i].ops[0].value;
          // (A value that reaches memory through another file is
          // reloaded through a temp of that file: loaded, never
          // recomputed.)
          if (t.files[f.values[v].file].memory_direct)
            remat_at[v] = { b, i };
        }
  // Nor is a value read in another file (a GPR pair as an FPR): its
  // operand temp is loaded straight from the value's cell, which needs
  // no register of the value's own file there.
  for (const block &blk : f.blocks)
    for (const insn &i : blk.insns)
      for (const operand &o : i.ops)
        if (o.kind == operand_kind::use && remat_at[o.value].block != no_block
            && (o.allowed & starts (f.values[o.value].file,
                                    f.values[o.value].width)).none ())
          remat_at[o.value] = insn_ref ();
}

work::point_key
work::key_of (block_id b, size_t j) const
{
  const vec<winsn> &wi = wb[b].insns;
  for (; j < wi.size (); ++j)
    if (wi[j].role == wrole::input)
      return { b, wi[j].in_insn };
  return { b, relief_end };
}

bool
work::all_relievable (const vec<shortfall> &short_of)
{
  return std::all_of (short_of.begin (), short_of.end (),
                      [] (const shortfall &s) { return s.relievable (); });
}

value_id
work::add_value (const value &v, vorigin o, spillability s)
{
  value_id id = fn.add_value (v);
  wvalue x;
  x.origin = o;
  x.spill = s;
  wv.push_back (x);
  phi_parent.push_back (id);
  return id;
}

value_id
work::add_temp_like (value_id v, file_id f, const char *suffix,
                     value_id carries)
{
  value x = fn.values[v];
  if (f != x.file)
    {
      // Through a via file (CR, CTR, LR: one word in a GPR).
      x.file = f;
      x.allowed = starts (f, x.width);
      x.bytes = 0;
    }
  x.memory_only = false;
  x.name += suffix;
  value_id t = add_value (x, vorigin::reload_temp, spillability::unspillable);
  wv[t].carries = carries;
  return t;
}

value_id
work::phi_class (value_id v)
{
  while (phi_parent[v] != v)
    {
      phi_parent[v] = phi_parent[phi_parent[v]];
      v = phi_parent[v];
    }
  return v;
}

cell_id
work::add_cell (uint32_t size)
{
  cell c;
  c.size = size;
  c.align = size >= 8 ? 8 : size;
  cells.push_back (c);
  return cell_id (cells.size () - 1);
}

const operand *
work::input_operand (block_id b, size_t j, size_t k) const
{
  const winsn &cw = wb[b].insns[j];
  const block_id ib = wb[b].in_block;
  if (cw.role != wrole::input || ib == no_block)
    return nullptr;
  const insn &i = in.blocks[ib].insns[cw.in_insn];
  return k < i.ops.size () ? &i.ops[k] : nullptr;
}

hreg_set
work::reload_set (value_id v, block_id b, size_t j, const insn &cur) const
{
  const value &x = fn.values[v];
  hreg_set a = starts (x.file, x.width);
  for (size_t k = 0; k < cur.ops.size (); ++k)
    {
      if (cur.ops[k].kind != operand_kind::use || cur.ops[k].value != v)
        continue;
      const operand *io = input_operand (b, j, k);
      if (io && io->kind == operand_kind::use
          && io->value < in.values.size ()
          && in.values[io->value].file == x.file
          && in.values[io->value].width == x.width)
        a &= io->allowed & in.values[io->value].allowed;
      else
        a &= x.allowed;
    }
  return a.none () ? x.allowed : a;
}

hreg_set
work::starts (file_id f, unsigned w) const
{
  hreg_set s;
  if (f >= tgt.files.size ())
    return s;
  for (hreg h : tgt.files[f].regs)
    {
      bool ok = true;
      for (unsigned k = 0; k < w; ++k)
        if (h + k >= max_hard_regs || file_of[h + k] != f)
          ok = false;
      if (ok)
        s.set (h);
    }
  return s;
}

uint32_t
work::mem_size (value_id v) const
{
  const value &x = fn.values[v];
  const reg_file &rf = tgt.files[x.file];
  unsigned bytes = rf.bytes_per_reg;
  if (!rf.memory_direct && rf.via_file < tgt.files.size ())
    bytes = tgt.files[rf.via_file].bytes_per_reg;
  return bytes * x.width;
}

void
drop_dead_remats (work &w)
{
  vec<bool> read (w.fn.values.size (), false);
  for (const block &blk : w.fn.blocks)
    {
      for (const phi &ph : blk.phis)
        for (value_id a : ph.args)
          read[a] = true;
      for (const insn &i : blk.insns)
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::use)
            read[o.value] = true;
    }
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    for (size_t j = 0; j < w.fn.blocks[b].insns.size (); ++j)
      {
        insn &i = w.fn.blocks[b].insns[j];
        if (w.wb[b].insns[j].role != wrole::input || !i.rematerializable
            || i.ops.size () != 1 || i.ops[0].kind != operand_kind::def
            || read[i.ops[0].value])
          continue;
        value_id v = i.ops[0].value;
        w.wv[v].origin = vorigin::dead;
        if (v < w.live.intervals.size ())
          w.live.intervals[v].clear ();
        i.ops.clear ();
        w.wb[b].insns[j].role = wrole::folded;
      }
}

value_id
work::stable_of (value_id v) const
{
  // A reload carries a value that is stable, or a shared reload that
  // carries one: two hops at most; four bound the walk.
  for (unsigned hop = 0; hop < 4 && v != no_value; ++hop)
    {
      if (v < stable_count)
        return v;
      v = wv[v].carries;
    }
  return no_value;
}

bool
can_spill (const work &w, value_id v)
{
  return w.wv[v].spill == spillability::spillable && !w.wv[v].spilled
         && w.wv[v].origin != vorigin::dead;
}

} // namespace ssara::ra
