// spill_required.cc -- values that must live in memory (phase 5a, seed
// 001 section 4.6's spill code for them): input values marked
// memory_only, both sides of a phi over an abnormal edge, every value
// live into a block over an abnormal edge, every value live across an
// instruction that wants every value in memory (a call to setjmp), and
// under spill_mode::everything (allocate ()'s last resort) every value
// that may be spilled.  They go to memory before the spiller runs
// (place_spill_code, spill_placement.cc); a terminator's def before an
// abnormal out-edge is made unspillable instead (its store could not be
// placed).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

std::string
spill_required (work &w)
{
  w.stable_count = w.fn.values.size ();
  // A terminator's def cannot be stored on an abnormal out-edge: keep
  // such values in registers.
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      if (blk.insns.empty () || !blk.insns.back ().terminator)
        continue;
      bool abnormal_out = false;
      for (block_id s : blk.succs)
        if (w.wb[s].in_block != no_block)
          abnormal_out = true;
      if (abnormal_out)
        for (const operand &o : blk.insns.back ().ops)
          if (o.kind == operand_kind::def)
            w.wv[o.value].spill = spillability::unspillable;
    }

  // Values that must live in memory from the start.
  vec<value_id> pre;
  auto must_spill = [&] (value_id v, const char *why) -> std::string {
    if (w.wv[v].spilled
        || std::find (pre.begin (), pre.end (), v) != pre.end ())
      return "";
    if (w.wv[v].spill != spillability::spillable)
      return "value " + w.fn.values[v].name + " " + why
             + " but cannot be spilled";
    pre.push_back (v);
    return "";
  };
  for (value_id v = 0; v < w.in.values.size (); ++v)
    if (w.fn.values[v].memory_only && w.wv[v].origin == vorigin::input)
      if (std::string e = must_spill (v, "is memory_only"); !e.empty ())
        return e;
  for (const block &blk : w.fn.blocks)
    for (const phi &ph : blk.phis)
      for (size_t k = 0; k < ph.args.size (); ++k)
        if (blk.pred_abnormal.size () > k && blk.pred_abnormal[k])
          {
            for (value_id v : { ph.def, ph.args[k] })
              if (std::string e = must_spill (v, "crosses an abnormal edge");
                  !e.empty ())
                return e;
          }
  // A value live across an instruction that wants every value in
  // memory (a call to setjmp: registers are not restored on its second
  // return).
  for (value_id v = 0; v < w.live.across_in_memory.size (); ++v)
    if (w.live.across_in_memory[v])
      if (std::string e = must_spill (v, "is live across an instruction "
                                         "that needs all values in memory");
          !e.empty ())
        return e;
  // A value live into a block over an abnormal edge (a nonlocal goto or
  // setjmp receiver, a computed goto's target, an EH landing pad) lives
  // in memory: such an edge carries no code, and a nonlocal goto restores
  // no register.  The value's slot is the one location every edge agrees
  // on.
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      bool abnormal_in = false;
      for (size_t k = 0; k < blk.pred_abnormal.size (); ++k)
        abnormal_in |= blk.pred_abnormal[k];
      if (abnormal_in)
        for (value_id v : w.live.live_in[b])
          if (std::string e = must_spill (v, "is live over an abnormal edge");
              !e.empty ())
            return e;
    }
  if (w.opts.spill == spill_mode::everything)
    {
      vec<bool> defined (w.fn.values.size (), false);
      for (const block &blk : w.fn.blocks)
        {
          for (const phi &ph : blk.phis)
            defined[ph.def] = true;
          for (const insn &i : blk.insns)
            for (const operand &o : i.ops)
              if (o.kind == operand_kind::def)
                defined[o.value] = true;
        }
      for (value_id v = 0; v < w.fn.values.size (); ++v)
        if (defined[v] && can_spill (w, v))
          pre.push_back (v);
    }
  // Values allocate () chose to spill whole where relief did not help
  // (shortfall::whole), where they still may be.
  for (value_id v : w.whole)
    if (v < w.fn.values.size () && can_spill (w, v)
        && std::find (pre.begin (), pre.end (), v) == pre.end ())
      pre.push_back (v);
  if (!pre.empty ())
    return place_spill_code (w, pre);
  return "";
}

} // namespace ssara::ra
