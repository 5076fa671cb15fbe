// spill_placement.cc -- spill code placement (seed 001, section 4.6).
//
// place_spill_code () rewrites the working function for the values
// spill_required sends to memory whole, before the spiller runs (no
// other phase calls it; colour assignment spills nothing, and no reload
// exists yet).  A spilled value lives in the memory cell
// of its phi class (PhiMemCoalesce made the members of a class
// interference-free, so they can share it):
//   * its def keeps a register for an instant and is followed by one
//     store (single assignment: one store suffices); a def by a
//     terminator is stored on each out-edge instead (those edges have
//     blocks of their own, see phi_lifting.cc);
//   * each instruction that uses it reads a fresh reload temp loaded just
//     before it (one per instruction, whatever the number of operands),
//     except that reads close together in a block (at most share_window
//     instructions from the first) share one: a *shared reload*, loaded
//     before the first of them, or copied from the def's register just
//     after its store when the def is in the block.  (Seed 001 reloads
//     at every use; a reload per read cost Argon2 three loads of one
//     slot in five instructions.)
//   * phi defs and arguments need nothing here: SSA deconstruction moves
//     them to and from memory;
//   * a copy between two values spilled to the same cell becomes a nop.
// A value of a file that cannot reach memory directly (CR, LR, CTR) goes
// through a temp of the file's via_file.  A rematerializable value
// (work::remat_at), or a shared reload of one, needs no cell and no
// store: its reloads recompute it -- unless it is a phi def or argument,
// which SSA deconstruction moves through a cell.
//
// reuse_loads () runs after the last colouring round: within a block, a
// load into a register that still holds that cell's value (from an
// earlier load or store, nothing having written the register since) is
// dropped.

#include "work.h"

#include <algorithm>
#include <tuple>

namespace ssara::ra {

namespace {

// Reads of a spilled value at most this many instructions apart share
// one reload (measured on the benchmarks: 30 to 150 all gain on Argon2,
// 60 most).
constexpr unsigned share_window = 60;

insn
make_insn (insn_kind k, vec<operand> ops)
{
  insn i;
  i.kind = k;
  i.ops = std::move (ops);
  return i;
}

operand
op_of (const work &w, operand_kind k, value_id v)
{
  operand o;
  o.kind = k;
  o.value = v;
  o.allowed = w.fn.values[v].allowed;
  return o;
}

// Return true if value V's registers reach memory, directly or through
// their file's via_file.
bool
reaches_memory (const work &w, value_id v)
{
  const reg_file &rf = w.tgt.files[w.fn.values[v].file];
  return rf.memory_direct
         || (rf.via_file < w.tgt.files.size ()
             && w.tgt.files[rf.via_file].memory_direct);
}

// Where a shared reload takes its value from: the def's register (just
// after the def's store) or the cell.
enum class shared_from { def, cell };

struct rewriter
{
  work &w;
  vec<insn> out;
  vec<winsn> out_w;

  explicit rewriter (work &x) : w (x) {}

  void add (insn i, wrole r, cell_id c, vec<insn> &to,
            vec<winsn> &to_w)
  {
    winsn x;
    x.role = r;
    x.cell = c;
    to.push_back (std::move (i));
    to_w.push_back (x);
  }

  // A temp like LIKE in file F that carries CARRIES, the spilled value
  // whose cell it loads or stores (stack slot sharing follows a cell's
  // reloads to that value's def).
  value_id temp_like (value_id like, file_id f, const char *suffix,
                      value_id carries)
  {
    return w.add_temp_like (like, f, suffix, carries);
  }

  // Append to TO the definition of a shared reload of spilled V: a copy
  // from V's register when FROM is from_def (just after V's store), else
  // a load; return the temp.
  value_id shared (value_id v, shared_from from, vec<insn> &to,
                   vec<winsn> &to_w)
  {
    bool copy = from == shared_from::def;
    value_id t = temp_like (v, w.fn.values[v].file, copy ? ".c" : ".r", v);
    w.wv[t].spill = spillability::spillable;
    w.wv[t].shared_reload = true;
    if (copy)
      add (make_insn (insn_kind::copy, { op_of (w, operand_kind::def, t),
                                         op_of (w, operand_kind::use, v) }),
           wrole::copy, no_cell, to, to_w);
    else if (recomputes (v, t))
      add (make_insn (insn_kind::normal, { op_of (w, operand_kind::def, t) }),
           wrole::remat, no_cell, to, to_w);
    else
      add (make_insn (insn_kind::normal, { op_of (w, operand_kind::def, t) }),
           wrole::load, w.wv[v].cell, to, to_w);
    return t;
  }

  // Append the reload of V into a fresh temp to TO; return the temp.
  value_id reload (value_id v, vec<insn> &to, vec<winsn> &to_w)
  {
    value_id t = temp_like (v, w.fn.values[v].file, ".r", v);
    reload_into (v, t, to, to_w);
    return t;
  }

  // Make cell C big enough for a load of T: a word in an 8-byte FPR
  // (lfs) loads from a cell of one GPR, but the slot must hold the whole
  // register.
  void fit_cell (cell_id c, value_id t)
  {
    const value &x = w.fn.values[t];
    const reg_file &rf = w.tgt.files[x.file];
    unsigned per = rf.memory_direct ? rf.bytes_per_reg
                                    : w.tgt.files[rf.via_file].bytes_per_reg;
    cell &cl = w.cells[c];
    cl.size = std::max (cl.size, per * x.width);
    cl.align = std::max (cl.align, std::min (cl.size, 8u));
  }

  // Return true if a reload of V into T recomputes V (a
  // rematerializable value has no cell): T is in V's file, at its width.
  bool recomputes (value_id v, value_id t) const
  {
    return w.rematerializable (v)
           && w.fn.values[t].file == w.fn.values[v].file
           && w.fn.values[t].width == w.fn.values[v].width;
  }

  // Append the reload of V into T to TO.  T is a value of V's file and
  // width, or a copy of V in another file (an operand temp, see
  // constraint_lifting.cc): it is loaded through its own file, or that
  // file's via_file, from V's cell, which holds V's bytes either way.
  void reload_into (value_id v, value_id t, vec<insn> &to,
                    vec<winsn> &to_w)
  {
    const reg_file &rf = w.tgt.files[w.fn.values[t].file];
    cell_id c = w.wv[v].cell;
    // Stack slot sharing finds a cell's reloads through `carries`.
    w.wv[t].carries = v;
    if (recomputes (v, t))
      {
        add (make_insn (insn_kind::normal,
                        { op_of (w, operand_kind::def, t) }),
             wrole::remat, no_cell, to, to_w);
        return;
      }
    if (rf.memory_direct)
      {
        fit_cell (c, t);
        add (make_insn (insn_kind::normal,
                        { op_of (w, operand_kind::def, t) }),
             wrole::load, c, to, to_w);
        return;
      }
    value_id g = temp_like (t, rf.via_file, ".rv", v);
    fit_cell (c, g);
    add (make_insn (insn_kind::normal, { op_of (w, operand_kind::def, g) }),
         wrole::load, c, to, to_w);
    add (make_insn (insn_kind::copy, { op_of (w, operand_kind::def, t),
                                       op_of (w, operand_kind::use, g) }),
         wrole::copy, no_cell, to, to_w);
  }

  // Append the store of V to TO.
  void store (value_id v, vec<insn> &to, vec<winsn> &to_w)
  {
    store_from (v, v, to, to_w);
  }

  // Append to TO the store into spilled V's cell of T: V itself, or an
  // operand temp V is copied out of, possibly of another file (a GPR
  // written as a CR field), which then stands for V's def (stack slot
  // sharing finds it through `carries`).
  void store_from (value_id t, value_id v, vec<insn> &to,
                   vec<winsn> &to_w)
  {
    const reg_file &rf = w.tgt.files[w.fn.values[t].file];
    cell_id c = w.wv[v].cell;
    if (t != v)
      w.wv[t].carries = v;
    if (rf.memory_direct)
      {
        fit_cell (c, t);
        add (make_insn (insn_kind::normal,
                        { op_of (w, operand_kind::use, t) }),
             wrole::store, c, to, to_w);
        return;
      }
    value_id g = temp_like (t, rf.via_file, ".sv", v);
    fit_cell (c, g);
    add (make_insn (insn_kind::copy, { op_of (w, operand_kind::def, g),
                                       op_of (w, operand_kind::use, t) }),
         wrole::copy, no_cell, to, to_w);
    add (make_insn (insn_kind::normal, { op_of (w, operand_kind::use, g) }),
         wrole::store, c, to, to_w);
  }
};

} // namespace

std::string
place_spill_code (work &w, const vec<value_id> &newly)
{
  const size_t nv = w.fn.values.size ();
  vec<bool> is_new (nv, false);
  // Phi defs and arguments: SSA deconstruction moves a spilled one
  // through its class's cell, so even a rematerializable one is stored.
  vec<bool> in_phi (nv, false);
  for (const block &blk : w.fn.blocks)
    for (const phi &ph : blk.phis)
      {
        in_phi[ph.def] = true;
        for (value_id a : ph.args)
          in_phi[a] = true;
      }
  if (w.class_cell.size () < nv)
    w.class_cell.resize (nv, no_cell);
  for (value_id v : newly)
    {
      if (w.wv[v].spilled)
        continue;
      const reg_file &rf = w.tgt.files[w.fn.values[v].file];
      if (!rf.memory_direct
          && (rf.via_file >= w.tgt.files.size ()
              || !w.tgt.files[rf.via_file].memory_direct))
        return "value " + w.fn.values[v].name + " cannot reach memory";
      is_new[v] = true;
      w.wv[v].spilled = true;
      w.wv[v].spill = spillability::unspillable;
      // NEWLY holds no reload: spill_required runs before any phase
      // makes one.  (One sent here would be an ordinary value, stored
      // after its def into a cell of its own: correct, a store dearer.)
      w.wv[v].shared_reload = false;
      // Recomputed where it is read: no cell, no store.
      if (w.rematerializable (v) && !in_phi[v])
        continue;
      value_id r = w.phi_class (v);
      if (w.class_cell[r] == no_cell)
        w.class_cell[r] = w.add_cell (w.mem_size (v));
      cell &c = w.cells[w.class_cell[r]];
      c.size = std::max (c.size, w.mem_size (v));
      c.align = std::max (c.align, std::min (c.size, 8u));
      w.wv[v].cell = w.class_cell[r];
      if (w.wv[v].origin == vorigin::input)
        ++w.stats.spilled;
    }

  // A spilled input value needs a register only at its def (its uses get
  // reload temps with their own sets): it may have any register its def
  // operand and the input value accept again, rather than the set
  // constraint lifting narrowed it to for its uses (which might leave
  // the def, say next to pre-coloured argument registers, none).
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      block_id ib = w.wb[b].in_block;
      if (ib == no_block)
        continue;
      for (size_t j = 0; j < w.fn.blocks[b].insns.size (); ++j)
        {
          const winsn &x = w.wb[b].insns[j];
          const insn &i = w.fn.blocks[b].insns[j];
          // The def operand's own set: the input operand's (constraint
          // lifting narrowed the working one to the value's), or that of
          // a copy constraint lifting put after an instruction to carry
          // its def out (seed 8875: a tied def's copy out could take only
          // the registers the instruction's other defs held there).
          auto def_set = [&] (size_t k) -> const hreg_set * {
            if (x.role == wrole::copy && k == 0)
              return &i.ops[0].allowed;
            if (x.role != wrole::input)
              return nullptr;
            const insn &in = w.in.blocks[ib].insns[x.in_insn];
            if (k >= in.ops.size () || in.ops[k].value != i.ops[k].value)
              return nullptr;
            return &in.ops[k].allowed;
          };
          for (size_t k = 0; k < i.ops.size (); ++k)
            {
              const operand &o = i.ops[k];
              // (A tied def keeps the set its tie needs.)
              if (o.kind != operand_kind::def || !is_new[o.value]
                  || o.tied_to != no_operand
                  || w.wv[o.value].origin != vorigin::input)
                continue;
              const hreg_set *d = def_set (k);
              if (!d)
                continue;
              hreg_set a = *d & w.in.values[o.value].allowed
                           & w.starts (w.fn.values[o.value].file,
                                       w.fn.values[o.value].width);
              if (a.any ())
                w.fn.values[o.value].allowed = a;
            }
        }
    }

  // Stores owed to the out-edges of blocks whose terminator defines a
  // newly spilled value: edge block -> instructions to prepend.
  vec<std::pair<block_id, value_id>> edge_stores;

  // Per block, for each newly spilled value read there: the instructions
  // reading it and its shared reloads, found through slot_of[value] (an
  // index into the block's list, no_slot elsewhere; reset when the block
  // is done).  A search of the block's list per read was quadratic in
  // the block's length (generated blocks of 100k values: seconds).
  constexpr uint32_t no_slot = ~0u;
  struct spilled_here
  {
    value_id v;
    // Instructions reading V, ascending.
    vec<uint32_t> reads;
    // (shared reload, last instruction it serves), in creation order.
    vec<std::pair<value_id, uint32_t>> temps;
  };
  vec<uint32_t> slot_of (w.fn.values.size (), no_slot);
  vec<spilled_here> here;
  vec<uint32_t> barrier;

  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      block &blk = w.fn.blocks[b];
      bool touched = false;
      for (const insn &i : blk.insns)
        for (const operand &o : i.ops)
          if ((o.kind == operand_kind::use || o.kind == operand_kind::def)
              && is_new[o.value])
            touched = true;
      if (!touched)
        continue;
      rewriter R (w);
      // Stores through another file (CR, CTR, LR via a GPR) of the defs
      // of an instruction wait until the copies out of the temps it
      // defined (constraint lifting's copy-outs) have freed their
      // registers: the via_file register they need may be one of them.
      vec<value_id> late;
      auto flush_late = [&] () {
        for (value_id v : late)
          R.store (v, R.out, R.out_w);
        late.clear ();
      };
      // Reads close together share one reload: `here` lists, per newly
      // spilled v read in this block, the instructions that read it and
      // its shared reloads (with the last instruction each serves).
      // Only for files that reach memory directly, and never for a
      // shared reload itself.
      for (const spilled_here &h : here)
        slot_of[h.v] = no_slot;
      here.clear ();
      auto entry = [&] (value_id v) -> spilled_here & {
        if (v >= slot_of.size ())
          slot_of.resize (v + 1, no_slot);
        if (slot_of[v] == no_slot)
          {
            slot_of[v] = uint32_t (here.size ());
            here.push_back ({ v, {}, {} });
          }
        return here[slot_of[v]];
      };
      // barrier[j]: the first instruction from J on that wants every
      // value in memory (a call to setjmp), or the block's length.  A
      // shared reload ends there (read by it, not live across it).
      const uint32_t nj = uint32_t (blk.insns.size ());
      barrier.assign (nj + 1, nj);
      for (uint32_t q = nj; q-- > 0;)
        barrier[q] = blk.insns[q].values_across_in_memory ? q
                                                           : barrier[q + 1];
      // The last read of V after instruction J, within share_window
      // instructions of it and not after a barrier, or J.
      auto last_near = [&] (value_id v, uint32_t j) -> uint32_t {
        if (v >= slot_of.size () || slot_of[v] == no_slot)
          return j;
        const vec<uint32_t> &rs = here[slot_of[v]].reads;
        const uint32_t upto = std::min (j + share_window,
                                        barrier[std::min (j + 1, nj)]);
        auto it = std::upper_bound (rs.begin (), rs.end (), upto);
        if (it == rs.begin () || *(it - 1) <= j)
          return j;
        return *(it - 1);
      };
      auto temp_of = [&] (value_id v, uint32_t j) -> value_id {
        if (v >= slot_of.size () || slot_of[v] == no_slot)
          return no_value;
        for (auto [t, last] : here[slot_of[v]].temps)
          if (j <= last)
            return t;
        return no_value;
      };
      // Under spill_mode::everything (allocate ()'s last resort) every
      // read has its own reload: nothing else is in a register between
      // instructions.
      auto may_share = [&] (value_id v) {
        return w.tgt.files[w.fn.values[v].file].memory_direct
               && w.opts.spill != spill_mode::everything
               && std::find (w.unshared.begin (), w.unshared.end (), v)
                    == w.unshared.end ();
      };
      for (uint32_t q = 0; q < blk.insns.size (); ++q)
        for (const operand &o : blk.insns[q].ops)
          if (o.kind == operand_kind::use && is_new[o.value]
              && may_share (o.value))
            {
              vec<uint32_t> &rs = entry (o.value).reads;
              if (rs.empty () || rs.back () != q)
                rs.push_back (q);
            }
      // Reloads through another file (CR, CTR, LR via a GPR) need a
      // register of that file for an instant: append EARLY to R.out, but
      // before the run of copies and loads at its end into temps in
      // NEEDED (the temps the instruction being reloaded for reads), or
      // that a later copy of the run reads (an earlier reload through
      // another file into an operand temp), which could fill that file.
      auto hoist = [&] (const vec<insn> &early,
                        const vec<winsn> &early_w,
                        vec<value_id> needed) {
        size_t at = R.out.size ();
        while (at > 0)
          {
            const insn &p = R.out[at - 1];
            wrole r = R.out_w[at - 1].role;
            // A nop (a store into the scratch cell that a load from a
            // spilled value's cell replaced) is part of the run, and so
            // is a store into the scratch cell (the first half of an
            // operand copy through memory): it occupies no register.
            if ((r == wrole::nop && p.ops.empty ())
                || (r == wrole::store && R.out_w[at - 1].cell == w.scratch
                    && w.scratch != no_cell))
              {
                --at;
                continue;
              }
            if ((r != wrole::copy && r != wrole::load && r != wrole::remat)
                || p.ops.empty ()
                || p.ops[0].kind != operand_kind::def)
              break;
            value_id t = p.ops[0].value;
            vorigin o = w.wv[t].origin;
            if (o != vorigin::constraint_temp && o != vorigin::reload_temp)
              break;
            // A shared reload copied from its value's def: before the
            // copy the spilled def still holds its register.
            if (r == wrole::copy && w.wv[t].shared_reload)
              break;
            if (std::find (needed.begin (), needed.end (), t)
                == needed.end ())
              break;
            for (const operand &x : p.ops)
              if (x.kind == operand_kind::use)
                needed.push_back (x.value);
            --at;
          }
        R.out.insert (R.out.begin () + at, early.begin (), early.end ());
        R.out_w.insert (R.out_w.begin () + at, early_w.begin (),
                        early_w.end ());
      };
      for (size_t j = 0; j < blk.insns.size (); ++j)
        {
          insn cur = blk.insns[j];
          winsn cw = w.wb[b].insns[j];
          // Keep instruction J's place as a nop (its work is done
          // elsewhere or not needed).
          auto keep_as_nop = [&] ()
            {
              cur.ops.clear ();
              cur.kind = insn_kind::normal;
              cw.role = wrole::nop;
              cw.cell = no_cell;
              R.out.push_back (cur);
              R.out_w.push_back (cw);
            };
          // A newly spilled value copied out of an operand temp through
          // the scratch cell (see below) takes the temp's store into the
          // scratch cell for its own and its load goes, before owed
          // stores are flushed: it needs no register.
          if (cw.role == wrole::load && cw.cell == w.scratch
              && cw.cell != no_cell && cur.ops.size () == 1
              && is_new[cur.ops[0].value]
              && w.wv[cur.ops[0].value].cell != no_cell && !R.out.empty ()
              && R.out_w.back ().role == wrole::store
              && R.out_w.back ().cell == w.scratch
              && R.out.back ().ops.size () == 1
              && !w.wv[R.out.back ().ops[0].value].spilled)
            {
              value_id v = cur.ops[0].value, t = R.out.back ().ops[0].value;
              R.out_w.back ().cell = w.wv[v].cell;
              w.wv[t].carries = v;
              R.fit_cell (w.wv[v].cell, t);
              keep_as_nop ();
              continue;
            }
          // Earlier rounds' stores (and their copies into the via_file) may
          // sit among those copies.  A copy of a value whose store is
          // still owed (an operand copy of a later instruction) must
          // follow the store.  A value defined by a copy out of an
          // operand temp (a tied def's) waits for the copies out of the
          // instruction's other temps too.  A copy out reads an operand
          // temp; any other copy (into an operand temp of a later
          // instruction, even from a def of this one) follows the stores,
          // whose registers it may need.
          if (!late.empty () && cw.role != wrole::store
              && !(cw.role == wrole::copy && cur.ops.size () == 2
                   && cur.ops[1].kind == operand_kind::use
                   && !is_new[cur.ops[1].value]
                   && w.wv[cur.ops[1].value].origin
                        == vorigin::constraint_temp))
            flush_late ();
          if (cw.role == wrole::copy && cur.ops.size () == 2
              && cur.ops[0].kind == operand_kind::def
              && cur.ops[1].kind == operand_kind::use)
            {
              value_id d = cur.ops[0].value, u = cur.ops[1].value;
              if (w.wv[d].spilled && w.wv[u].spilled
                  && w.wv[d].cell == w.wv[u].cell && w.wv[d].cell != no_cell
                  && (is_new[d] || is_new[u]))
                {
                  keep_as_nop ();
                  continue;
                }
            }
          // A newly spilled value copied out of an operand temp in
          // another file (a def in another file, see constraint
          // lifting) is stored straight from the temp: the value itself
          // would need a register of its file for an instant, and the
          // stores of the instruction's other defs through that file may
          // be waiting for the temp's register (`late`).  (Through the
          // scratch cell, a store and a load, GPR <-> FPR, the temp's
          // store goes to the value's cell and the load goes: above.)
          if (cw.role == wrole::copy && cur.ops.size () == 2
              && cur.ops[0].kind == operand_kind::def
              && cur.ops[1].kind == operand_kind::use
              && is_new[cur.ops[0].value]
              && w.wv[cur.ops[0].value].cell != no_cell
              && !is_new[cur.ops[1].value]
              && !w.wv[cur.ops[1].value].spilled
              && w.wv[cur.ops[1].value].origin == vorigin::constraint_temp
              && w.fn.values[cur.ops[0].value].file
                   != w.fn.values[cur.ops[1].value].file
              && reaches_memory (w, cur.ops[1].value))
            {
              R.store_from (cur.ops[1].value, cur.ops[0].value, R.out,
                            R.out_w);
              continue;
            }
          // An operand temp in another file than its value, copied
          // through the scratch cell (a store and a load, GPR <-> FPR),
          // from a newly spilled value loads straight from the value's
          // cell: storing it would need a register of its own file for
          // an instant, and the instruction's other operands may fill
          // that file.
          if (cw.role == wrole::store && cw.cell == w.scratch
              && cw.cell != no_cell && cur.ops.size () == 1
              && is_new[cur.ops[0].value]
              && w.wv[cur.ops[0].value].cell != no_cell
              && j + 1 < blk.insns.size ()
              && w.wb[b].insns[j + 1].role == wrole::load
              && w.wb[b].insns[j + 1].cell == w.scratch)
            {
              value_id u = cur.ops[0].value;
              value_id t = blk.insns[j + 1].ops[0].value;
              winsn &lw = w.wb[b].insns[j + 1];
              lw.cell = w.wv[u].cell;
              w.wv[t].carries = u;
              R.fit_cell (lw.cell, t);
              keep_as_nop ();
              continue;
            }
          // A copy into an operand temp (constraint lifting) or a reload
          // temp from a newly spilled value reloads straight into the
          // temp: a separate reload temp would need a register of its own
          // while the copy's destination is chosen, and the operand's
          // single-register class may be exactly the one it took.  An
          // operand temp may be in another file (a CR field read as a
          // GPR): it loads the value's bytes through its own file.
          if (cw.role == wrole::copy && cur.ops.size () == 2
              && cur.ops[0].kind == operand_kind::def
              && cur.ops[1].kind == operand_kind::use
              && is_new[cur.ops[1].value] && !w.wv[cur.ops[0].value].spilled
              && w.wv[cur.ops[0].value].spill == spillability::unspillable
              && (w.wv[cur.ops[1].value].cell != no_cell
                  || R.recomputes (cur.ops[1].value, cur.ops[0].value))
              && ((w.fn.values[cur.ops[0].value].file
                     == w.fn.values[cur.ops[1].value].file
                   && w.fn.values[cur.ops[0].value].width
                        == w.fn.values[cur.ops[1].value].width)
                  || (w.wv[cur.ops[0].value].origin
                        == vorigin::constraint_temp
                      && reaches_memory (w, cur.ops[0].value))))
            {
              value_id u = cur.ops[1].value, t = cur.ops[0].value;
              if (w.tgt.files[w.fn.values[t].file].memory_direct)
                {
                  R.reload_into (u, t, R.out, R.out_w);
                  continue;
                }
              // Through another file: before the operand copies and
              // loads of the instruction that reads T.
              vec<insn> early;
              vec<winsn> early_w;
              R.reload_into (u, t, early, early_w);
              vec<value_id> needed;
              for (size_t q = j + 1; q < blk.insns.size () && needed.empty ();
                   ++q)
                for (const operand &x : blk.insns[q].ops)
                  if (x.kind == operand_kind::use && x.value == t)
                    {
                      for (const operand &y : blk.insns[q].ops)
                        if (y.kind == operand_kind::use)
                          needed.push_back (y.value);
                      break;
                    }
              hoist (early, early_w, needed);
              continue;
            }
          vec<std::pair<value_id, value_id>> temps;
          // Reloads through another file go first (hoist).
          vec<insn> early;
          vec<winsn> early_w;
          // A reload temp serves this instruction alone (work::reload_set).
          auto reload_set = [&] (value_id v) {
            return w.reload_set (v, b, j, cur);
          };
          for (operand &o : cur.ops)
            if (o.kind == operand_kind::use && is_new[o.value])
              {
                value_id t = no_value;
                for (auto [v, x] : temps)
                  if (v == o.value
                      && (!w.wv[x].shared_reload
                          || (w.fn.values[x].allowed & o.allowed).any ()))
                    t = x;
                if (t != no_value && w.wv[t].shared_reload)
                  w.fn.values[t].allowed &= o.allowed;
                if (t == no_value && may_share (o.value))
                  {
                    t = temp_of (o.value, uint32_t (j));
                    uint32_t last = last_near (o.value, uint32_t (j));
                    if (t == no_value && last > j)
                      {
                        t = R.shared (o.value, shared_from::cell, R.out,
                                      R.out_w);
                        entry (o.value).temps.push_back ({ t, last });
                      }
                    // A shared reload serves several reads: its registers
                    // are those every read it serves accepts (the spilled
                    // value's own `allowed` may be wider again).
                    if (t != no_value)
                      {
                        hreg_set a = w.fn.values[t].allowed & o.allowed;
                        if (a.none ())
                          t = no_value;
                        else
                          {
                            w.fn.values[t].allowed = a;
                            temps.push_back ({ o.value, t });
                          }
                      }
                  }
                if (t == no_value)
                  {
                    bool via = !w.tgt.files[w.fn.values[o.value].file]
                                  .memory_direct;
                    hreg_set a = reload_set (o.value);
                    t = via ? R.reload (o.value, early, early_w)
                            : R.reload (o.value, R.out, R.out_w);
                    w.fn.values[t].allowed = a;
                    temps.push_back ({ o.value, t });
                  }
                o.value = t;
              }
          if (!early.empty ())
            {
              vec<value_id> needed;
              for (const operand &x : cur.ops)
                if (x.kind == operand_kind::use)
                  needed.push_back (x.value);
              hoist (early, early_w, needed);
            }
          vec<value_id> stores;
          for (const operand &o : cur.ops)
            if (o.kind == operand_kind::def && is_new[o.value]
                && w.wv[o.value].cell != no_cell)
              stores.push_back (o.value);
          bool term = cur.terminator;
          R.out.push_back (cur);
          R.out_w.push_back (cw);
          for (value_id v : stores)
            {
              if (!term && !w.tgt.files[w.fn.values[v].file].memory_direct)
                {
                  late.push_back (v);
                  continue;
                }
              if (!term)
                {
                  R.store (v, R.out, R.out_w);
                  // Later reads in the block take it from its register.
                  uint32_t last = last_near (v, uint32_t (j));
                  if (last > j)
                    {
                      value_id t = R.shared (v, shared_from::def, R.out,
                                             R.out_w);
                      entry (v).temps.push_back ({ t, last });
                    }
                  continue;
                }
              for (size_t k = 0; k < blk.succs.size (); ++k)
                {
                  block_id s = blk.succs[k];
                  if (w.wb[s].in_block != no_block)
                    return "spilled value " + w.fn.values[v].name
                           + " is defined by a terminator with an abnormal "
                             "out-edge";
                  edge_stores.push_back ({ s, v });
                }
            }
        }
      flush_late ();
      blk.insns = std::move (R.out);
      w.wb[b].insns = std::move (R.out_w);
    }

  for (auto [s, v] : edge_stores)
    {
      rewriter R (w);
      R.store (v, R.out, R.out_w);
      block &blk = w.fn.blocks[s];
      blk.insns.insert (blk.insns.begin (), R.out.begin (), R.out.end ());
      w.wb[s].insns.insert (w.wb[s].insns.begin (), R.out_w.begin (),
                            R.out_w.end ());
    }
  drop_dead_remats (w);
  // The function has changed: its liveness is analysed again.
  w.live_current = false;
  return "";
}

void
reuse_loads (work &w)
{
  // A register range known to hold the contents of a cell.
  struct holding
  {
    cell_id c;
    hreg reg;
    unsigned width;
  };
  // Known holdings per block; bounded so the scan stays linear.
  constexpr size_t max_holdings = 16;
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      block &blk = w.fn.blocks[b];
      vec<holding> held;
      auto clobber = [&] (const hreg_set &s) {
        held.erase (std::remove_if (held.begin (), held.end (),
                                    [&] (const holding &h) {
                                      return (work::span (h.reg, h.width) & s)
                                        .any ();
                                    }),
                    held.end ());
      };
      auto remember = [&] (cell_id c, hreg r, unsigned wd) {
        held.erase (std::remove_if (held.begin (), held.end (),
                                    [&] (const holding &h) {
                                      return h.c == c;
                                    }),
                    held.end ());
        if (held.size () < max_holdings)
          held.push_back ({ c, r, wd });
      };
      for (size_t j = 0; j < blk.insns.size (); ++j)
        {
          insn &i = blk.insns[j];
          winsn &x = w.wb[b].insns[j];
          if (x.role == wrole::load || x.role == wrole::remat)
            {
              value_id t = i.ops[0].value;
              hreg r = w.wv[t].reg;
              unsigned wd = w.fn.values[t].width;
              // A recomputed value counts as a cell of its own, past the
              // real ones (nothing stores to it).
              cell_id c = x.role == wrole::load
                            ? x.cell
                            : cell_id (w.cells.size () + w.wv[t].carries);
              // An extension's load stays (the register's other bits may
              // not be zero), and leaves the extension's def, not the
              // cell's value.
              if (x.extends)
                {
                  clobber (work::span (r, wd));
                  continue;
                }
              bool have = false;
              for (const holding &h : held)
                if (h.c == c && h.reg == r && h.width == wd)
                  have = true;
              if (have)
                {
                  // The register already holds the cell: drop the load
                  // but keep the def so that liveness stays intact.
                  x.role = wrole::nop;
                  x.cell = no_cell;
                  continue;
                }
              clobber (work::span (r, wd));
              remember (c, r, wd);
              continue;
            }
          if (x.role == wrole::store)
            {
              value_id v = i.ops[0].value;
              // The cell now holds a new value: registers holding its old
              // contents no longer match it.
              remember (x.cell, w.wv[v].reg, w.fn.values[v].width);
              continue;
            }
          // Registers do not survive an instruction that wants every
          // value in memory (the second return of setjmp).
          if (i.values_across_in_memory)
            {
              held.clear ();
              continue;
            }
          hreg_set written = i.clobbers;
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::def && w.wv[o.value].reg != no_hreg)
              written |= work::span (w.wv[o.value].reg,
                                     w.fn.values[o.value].width);
            else if (o.kind == operand_kind::def_hard)
              written |= work::span (o.reg, o.width);
          clobber (written);
        }
    }
}

} // namespace ssara::ra
