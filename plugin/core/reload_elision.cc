// reload_elision.cc -- loads into a register that already holds the
// slot's contents go, across blocks and calls, and stores of what the
// slot holds already, and then the stores nothing reads (after the
// record).
//
// The splitting spiller decides that a value leaves its register at a
// call (stored before it, reloaded after it) before colour assignment
// chooses registers.  Where colour assignment then gave the value and
// its reload the same call-saved register, and nothing wrote that
// register in between, the load reads back what the register still
// holds (SQLite's sqlite3BtreeInsert: a value stored from r20 on the
// in-edges of a block, and loaded into r20 after the block's call).
// reuse_loads (spill_placement.cc) drops such loads within a block,
// before SSA deconstruction adds the moves of the edges; this runs on
// the finished record, where every move is an edit, and follows the
// holdings over edges.
//
// A forward dataflow over the input function's blocks.  A holding says
// that registers REG .. REG + WIDTH - 1 hold what slot SLOT holds.  An
// edit `load` or `store` makes one (whole registers only: a value of
// fewer bytes than its register, a single float in an FPR, is left
// alone); a copy passes the source's holdings on to its destination; a
// store to a slot ends the other holdings of the slot; a write to a
// register (an instruction's def, def_hard or clobber, an edit's
// destination or temporary) ends the holdings of that register; an
// instruction that wants every value in memory ends them all.  At a
// block's start the holdings are those of every in-edge (none at the
// entry and where an in-edge is abnormal), less those of the registers
// and slots its phis' defs land in.  A load whose destination
// already holds its slot, with the same width, goes from the record; the
// checker, which runs on the record as it is returned, sees the register
// still holding the value.  So does a store from a register that holds
// its slot already: it changes no bit (a memory phi's move through a
// register where stack slots gave the argument's and the phi's cells
// one slot).  Then the stores whose slot no load reads
// afterwards on any path go too (drop_dead_stores), but not into a slot
// that is a value's home, where the adapter's debug binds look.  A
// function with no load that another load or store of the same register
// and slot could serve, and no edge to sink loads from, skips both
// dataflows, and drops only the stores to slots nothing reads.
//
// Edge-load sinking, before the stores go: a critical edge P -> S (its
// own block in the final code, and often a jump) whose edits are all
// whole loads and remats, none into a register or from a slot a phi of
// S lands in, moves them to the start of S where every other in-edge of
// S brings each load's register holding its slot (there the load reads
// back what the register holds; a remat recomputes what it holds), if
// the edge runs at least sink_margin times as often per load as the
// other in-edges together (sink_candidates).  The typical case is a
// loop's back edge from a latch that also leaves the loop.
//
// Phi-store sinking, last: a store of a phi's def from its register at
// the start of its block moves to the in-edges at whose end the register
// does not hold the slot already, and the phi also lands in the slot
// (allocation::phi_also; sink_phi_stores).  A loop-carried value its
// loop's body evicts is stored at the header on every iteration though
// the back edge reloads it from that very slot.

#include "work.h"

#include <algorithm>
#include <tuple>

namespace ssara::ra {

namespace {

struct holding
{
  hreg reg;
  uint8_t width;
  slot_id slot;
  // The edits' `bytes` (0: whole registers).
  uint8_t bytes;
  bool operator< (const holding &o) const
  {
    return std::tie (reg, width, slot, bytes)
           < std::tie (o.reg, o.width, o.slot, o.bytes);
  }
  bool operator== (const holding &o) const
  {
    return reg == o.reg && width == o.width && slot == o.slot
           && bytes == o.bytes;
  }
};

// The holdings at a point, sorted.  At most max_holdings: dropping one
// only forgets what a register holds, which is safe.
constexpr size_t max_holdings = 64;
using holdings = vec<holding>;

// Edge-load sinking moves an edge's N loads to its successor's start
// where the edge runs at least sink_margin * N times as often as the
// successor's other in-edges together: the jump saved against the
// loads added, a load counted as two.
constexpr double sink_margin = 2;

// Whether edit E moves its value's bits unchanged: whole registers, or
// the low bytes of a char or short in a GPR (lbz, stb), not a single
// float between an FPR and memory (lfs, stfs convert).  A holding
// records the bytes too: a register and a slot hold the same value as
// moves of those bytes see it.
bool
whole (const target &t, const edit &e)
{
  if (e.bytes == 0)
    return true;
  const file_id f = t.file_of (e.k == edit::kind::store ? e.src_reg
                                                        : e.dst_reg);
  return f != no_file && !t.files[f].narrow_converts;
}

void
kill_regs (holdings &h, const hreg_set &regs)
{
  if (regs.none () || h.empty ())
    return;
  auto hit = [&] (const holding &x) {
    for (unsigned w = 0; w < x.width; ++w)
      if (x.reg + w < max_hard_regs && regs.test (x.reg + w))
        return true;
    return false;
  };
  auto first = std::find_if (h.begin (), h.end (), hit);
  if (first != h.end ())
    h.erase (std::remove_if (first, h.end (), hit), h.end ());
}

void
kill_slot (holdings &h, slot_id s)
{
  h.erase (std::remove_if (h.begin (), h.end (),
                           [&] (const holding &x) { return x.slot == s; }),
           h.end ());
}

void
add (holdings &h, const holding &x)
{
  auto it = std::lower_bound (h.begin (), h.end (), x);
  if (it != h.end () && *it == x)
    return;
  if (h.size () >= max_holdings)
    return;
  h.insert (it, x);
}

bool
holds (const holdings &h, const holding &x)
{
  return std::binary_search (h.begin (), h.end (), x);
}

// The number of distinct blocks in V (a block's successors or
// predecessors, where a conditional branch to one block lists it twice).
size_t
distinct_blocks (vec<block_id> v)
{
  std::sort (v.begin (), v.end ());
  return size_t (std::unique (v.begin (), v.end ()) - v.begin ());
}

// A work list of blocks, each in it at most once, that gives up after
// MAX_POPS pops (each use says why it should never need that many).
class block_work_list
{
public:
  block_work_list (size_t nb, size_t max_pops)
    : queued_ (nb, false), max_pops_ (max_pops)
  {}

  void push (block_id b)
  {
    if (!queued_[b])
      {
        queued_[b] = true;
        list_.push_back (b);
      }
  }

  // Set *B to the next block; return false when the list is empty or
  // has given up.
  bool next (block_id *b)
  {
    if (list_.empty ())
      return false;
    if (++pops_ > max_pops_)
      {
        gave_up_ = true;
        return false;
      }
    *b = list_.back ();
    list_.pop_back ();
    queued_[*b] = false;
    return true;
  }

  bool gave_up () const { return gave_up_; }

private:
  vec<block_id> list_;
  vec<bool> queued_;
  size_t max_pops_, pops_ = 0;
  bool gave_up_ = false;
};

class elider
{
public:
  elider (const function &f, const target &t, allocation &a,
          cost_goal goal)
    : f_ (f), t_ (t), a_ (a), goal_ (goal)
  {}

  void run ();

private:
  const function &f_;
  const target &t_;
  allocation &a_;
  const cost_goal goal_;
  // The edits of block B are a_.edits[first_[B] .. first_[B + 1]):
  // those in the block first, by instruction, before ones ahead of
  // after ones; then those on its out-edges, by successor (the order
  // build_record sorts them in; run () checks it).
  vec<size_t> first_;
  bool on_edge (size_t k) const
  {
    return a_.edits[k].at.k == program_point::kind::on_edge;
  }
  // Whether edit K is in its block at instruction J, KIND.
  bool at (size_t k, uint32_t j, program_point::kind kind) const
  {
    return a_.edits[k].at.k == kind && a_.edits[k].at.insn == j;
  }
  // The first of block B's edits on an out-edge (regroup makes them).
  vec<size_t> edges_at_;
  size_t edge_begin (block_id b) const { return edges_at_[b]; }
  vec<bool> drop_;
  // The stores that went because the slot held what they store.
  unsigned redundant_stores_ = 0;
  // Call F (S, BEGIN, END) once for each successor S of block B, with
  // the range of B's edits on the edge to S (empty where there are
  // none): one pass, the edits on out-edges being sorted by successor
  // (a successor reached twice, a conditional branch to one block, is
  // one edge for the edits).
  template <typename F>
  void each_edge (block_id b, F f);
  // each_edge's marks of the successors seen, by pass.
  vec<uint32_t> edge_stamp_;
  uint32_t stamp_ = 0;

  // The registers value V takes from R on: in another file than its own
  // (an operand that reads or writes it there), as many as its bytes
  // need.
  unsigned regs_at (value_id v, hreg r) const
  {
    const file_id g = t_.file_of (r);
    return g == no_file ? f_.values[v].width
                        : regs_in_file (t_, f_.values[v], g);
  }
  // Whether some load or store may go: one whose register and slot
  // another load or store also moves (or, by copies, another register:
  // those stay).
  bool may_elide () const;
  // What a walk marks as it goes, as flags: nothing (finding the
  // holdings), the loads and stores whose holding is there already
  // (drop_), the loads another register's holding may serve
  // (copy_from_), or both.
  enum class marking : uint8_t
  {
    none = 0,
    drops = 1,
    copies = 2,
    drops_and_copies = 3
  };
  static bool marks (marking mark, marking what)
  {
    return (uint8_t (mark) & uint8_t (what)) != 0;
  }
  // Apply edit E to H, marking as MARK says.
  void apply (const edit &e, size_t index, holdings &h, marking mark);
  // Walk every block an edge reached (KNOWN) from IN, marking as MARK
  // says.
  void mark_blocks (const vec<holdings> &in,
                    const vec<bool> &known, marking mark);
  // A register other than load E's destination, of its file, whose
  // WIDTH registers hold E's slot whole (bytes 0) in H and do not
  // overlap the destination's; no_hreg if none.
  hreg other_holder (const holdings &h, const edit &e) const;
  // Loads served by a copy (copy_loads): copy_from_[K] is the register
  // edit K, a load, copies instead (no_hreg: it stays a load).  Marked
  // by a walk of its own after the dead loads went (a register loaded
  // for nothing holds no slot then), which the holdings of a load and of
  // a copy from a register holding its slot leave alike.
  vec<hreg> copy_from_;
  // Whether edit K is on a sink candidate's edge: it may move to the
  // successor's start, where another register need not hold its slot,
  // and stays a load.
  vec<bool> on_candidate_edge_;
  // Turn each load copy_from_ names into that copy; return how many.
  unsigned copy_loads ();
  void apply_insn (block_id b, uint32_t j, holdings &h) const;
  // Run block B from IN; call AT_EDGE (SUCC, H) for each out-edge with
  // the holdings at its end.
  template <typename F>
  void walk (block_id b, const holdings &in, marking mark, F at_edge);
  // walk's holdings, in the block and on an edge (kept from walk to
  // walk for their storage).
  holdings cur_, edge_;
  // Follow paths: only where loads went, the stores of slots read
  // somewhere; without, the stores of slots nothing reads.
  enum class store_scan : uint8_t { unread_slots, follow_paths };
  void drop_dead_stores (store_scan scan);
  // Whether slot S is some value's home (value_loc, a memory phi's).
  vec<bool> home_slots () const;
  void erase_dropped ();

  // Edge-load sinking (sink_edge_loads).  A critical edge P -> S (P
  // has other successors, S other predecessors) whose edits are all
  // whole loads and remats, none into a register or from a slot where a
  // phi of S lands: a candidate.
  struct sink_candidate
  {
    block_id from, to;
  };
  vec<sink_candidate> sink_candidates () const;
  // The number of edits on edge P -> S if they may all move to S's
  // start (loads and remats only, none of a phi's location), else 0.
  size_t sinkable_edits (block_id p, block_id s) const;
  // Whether block B starts with no holdings: the entry, a receiver, a
  // block with an abnormal in-edge.
  bool starts_empty (block_id b) const;
  // Move the edits of the candidates whose loads every other in-edge
  // of S brings in their registers already (IN: the fixed point) to
  // the start of S; drops what drop_ marks.  Resets drop_ and first_.
  void sink_edge_loads (const vec<sink_candidate> &cands,
                        const vec<holdings> &in,
                        const vec<bool> &known);
  void regroup ();

  // The holdings at the end of every edge into a block of WANTED, from
  // the blocks an edge reached (KNOWN), walked from IN.
  struct edge_end
  {
    block_id from, to;
    holdings h;
  };
  vec<edge_end> edge_ends (const vec<bool> &wanted,
                                   const vec<holdings> &in,
                                   const vec<bool> &known);

  // The forward fixed point of the holdings at each block's start
  // (IN; KNOWN: reached by an edge); false where its cap was reached.
  bool fixed_point (vec<holdings> &in, vec<bool> &known);

  // Phi-store sinking (sink_phi_stores): a store of phi PHI's def from
  // its register at the start of block S, edit EDIT.
  struct phi_store
  {
    block_id s;
    size_t edit;
    size_t phi;
  };
  vec<phi_store> phi_store_candidates () const;
  void sink_phi_stores ();

  // Dead loads, after stores went (drop_dead_loads).  The registers
  // edit K writes and reads (none where it was dropped); edit K
  // backwards over LIVE; the registers instruction J of block B writes
  // and reads.
  void edit_rw (size_t k, hreg_set &written, hreg_set &read) const;
  void edit_back (size_t k, hreg_set &live) const;
  // The registers each instruction writes (its defs' locations, def_hards
  // and clobbers) and reads, found once (find_insn_regs) for the
  // dataflows: instruction J of block B is insn_regs_[insn_base_[B] + J].
  struct insn_regs
  {
    hreg_set written, read;
  };
  vec<insn_regs> insn_regs_;
  vec<uint32_t> insn_base_;
  // Instruction J of block B's registers (what find_insn_regs keeps).
  insn_regs regs_found (block_id b, uint32_t j) const;
  void find_insn_regs ();
  const insn_regs &regs_of (block_id b, uint32_t j) const
  {
    return insn_regs_[insn_base_[b] + j];
  }
  // Block B backwards, before its out-edges' edits: ON_EDIT (K) for
  // each of its edits, ON_INSN (J) for each instruction not removed.
  template <typename E, typename I>
  void each_back (block_id b, E on_edit, I on_insn) const;
  // The registers live at the start of the edge to S whose edits are
  // BEGIN .. END: S's live-in and its phis' registers (the checker reads
  // the arguments there), back over the edits.
  hreg_set edge_out (block_id s, size_t begin, size_t end,
                     const vec<hreg_set> &live_in,
                     const vec<hreg_set> &phi_regs) const;
  // Walk block B backwards from its out-edges' live registers, marking
  // the loads whose registers are dead after them.
  void mark_dead_loads (block_id b, const vec<hreg_set> &live_in,
                        const vec<hreg_set> &phi_regs);
  // Mark the loads whose destination no instruction or edit reads
  // before it is written again; return how many, or 0 where the fixed
  // point was not reached.
  unsigned drop_dead_loads ();
};

void
elider::apply (const edit &e, size_t index, holdings &h, marking mark)
{
  switch (e.k)
    {
    case edit::kind::load:
      {
        // A load that stands for a deleted extension (edit::extends)
        // leaves the extension's def, not the slot's value: it stays,
        // and its register holds no slot.
        if (e.extends)
          {
            kill_regs (h, work::span (e.dst_reg, e.width));
            return;
          }
        const holding x { e.dst_reg, e.width, e.slot, e.bytes };
        if (whole (t_, e) && holds (h, x))
          {
            if (marks (mark, marking::drops))
              drop_[index] = true;
            return;
          }
        if (marks (mark, marking::copies) && e.bytes == 0
            && !on_candidate_edge_[index])
          {
            const hreg r = other_holder (h, e);
            if (r != no_hreg)
              copy_from_[index] = r;
          }
        kill_regs (h, work::span (e.dst_reg, e.width));
        if (whole (t_, e))
          add (h, x);
        return;
      }
    case edit::kind::store:
      {
        // A store of what the slot holds already changes no bit: it
        // goes, and every holding of the slot stays true.
        const holding x { e.src_reg, e.width, e.slot, e.bytes };
        if (whole (t_, e) && holds (h, x))
          {
            if (marks (mark, marking::drops))
              drop_[index] = true;
            return;
          }
        kill_slot (h, e.slot);
        if (whole (t_, e))
          add (h, x);
        return;
      }
    case edit::kind::copy:
      {
        holdings from;
        for (const holding &x : h)
          if (x.reg == e.src_reg && x.width == e.width)
            from.push_back ({ e.dst_reg, e.width, x.slot, x.bytes });
        kill_regs (h, work::span (e.dst_reg, e.width));
        for (const holding &x : from)
          add (h, x);
        return;
      }
    case edit::kind::swap:
      {
        holdings moved;
        for (const holding &x : h)
          if (x.reg == e.src_reg && x.width == e.width)
            moved.push_back ({ e.dst_reg, e.width, x.slot, x.bytes });
          else if (x.reg == e.dst_reg && x.width == e.width)
            moved.push_back ({ e.src_reg, e.width, x.slot, x.bytes });
        hreg_set touched = work::span (e.dst_reg, e.width)
                           | work::span (e.src_reg, e.width);
        if (e.temp != no_hreg)
          touched |= work::span (e.temp, e.width);
        kill_regs (h, touched);
        if (e.temp == no_hreg && e.slot != no_slot)
          kill_slot (h, e.slot);
        for (const holding &x : moved)
          add (h, x);
        return;
      }
    case edit::kind::remat:
      kill_regs (h, work::span (e.dst_reg, e.width));
      return;
    }
}

void
elider::mark_blocks (const vec<holdings> &in,
                     const vec<bool> &known, marking mark)
{
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    if (known[b])
      walk (b, in[b], mark, [] (block_id, const holdings &) {});
}

hreg
elider::other_holder (const holdings &h, const edit &e) const
{
  const file_id f = t_.file_of (e.dst_reg);
  if (f == no_file)
    return no_hreg;
  const hreg_set dst = work::span (e.dst_reg, e.width);
  for (const holding &y : h)
    if (y.slot == e.slot && y.width == e.width && y.bytes == 0
        && y.reg != e.dst_reg && t_.file_of (y.reg) == f
        && (work::span (y.reg, y.width) & dst).none ())
      return y.reg;
  return no_hreg;
}

unsigned
elider::copy_loads ()
{
  unsigned n = 0;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    if (copy_from_[k] != no_hreg && !drop_[k])
      {
        edit &e = a_.edits[k];
        e.k = edit::kind::copy;
        e.origin = edit_origin::spill_copy;
        e.src_reg = copy_from_[k];
        e.slot = no_slot;
        ++n;
      }
  return n;
}

void
elider::apply_insn (block_id b, uint32_t j, holdings &h) const
{
  if (h.empty () || a_.is_removed (b, j))
    return;
  const insn &i = f_.blocks[b].insns[j];
  if (i.values_across_in_memory)
    {
      h.clear ();
      return;
    }
  kill_regs (h, regs_of (b, j).written);
}

template <typename F>
void
elider::walk (block_id b, const holdings &in, marking mark, F at_edge)
{
  holdings &h = cur_;
  h.assign (in.begin (), in.end ());
  const uint32_t n = uint32_t (f_.blocks[b].insns.size ());
  // A phi's def is a value of its own where it lands, though its bits
  // are an argument's: what a load of an argument's slot would give is
  // not what the phi's register or cell now holds (the checker follows
  // values, not bits).
  const vec<phi> &phis = f_.blocks[b].phis;
  for (size_t k = 0; k < phis.size () && k < a_.phi_loc[b].size (); ++k)
    {
      const location &l = a_.phi_loc[b][k];
      if (l.is_reg ())
        kill_regs (h, work::span (l.reg, f_.values[phis[k].def].width));
      else if (l.is_slot ())
        kill_slot (h, l.slot);
      if (a_.phi_also_at (b, k) != no_slot)
        kill_slot (h, a_.phi_also_at (b, k));
    }
  // A phi that also lands in a slot: its register holds the slot.
  for (size_t k = 0; k < phis.size () && k < a_.phi_loc[b].size (); ++k)
    if (a_.phi_also_at (b, k) != no_slot)
      add (h, { a_.phi_loc[b][k].reg,
                uint8_t (f_.values[phis[k].def].width),
                a_.phi_also_at (b, k), f_.values[phis[k].def].bytes });
  // The edits that went are not there (a load its register held, a
  // store its slot held, a dead load).
  auto run_edit = [&] (size_t q, holdings &x) {
    if (!drop_[q])
      apply (a_.edits[q], q, x, mark);
  };
  size_t k = first_[b];
  const size_t end = first_[b + 1];
  for (uint32_t j = 0; j <= n; ++j)
    {
      for (; k < end && at (k, j, program_point::kind::before_insn); ++k)
        run_edit (k, h);
      if (j == n)
        break;
      apply_insn (b, j, h);
      for (; k < end && at (k, j, program_point::kind::after_insn); ++k)
        run_edit (k, h);
    }
  // Each out-edge once, with its own edits.
  each_edge (b, [&] (block_id s, size_t begin, size_t stop) {
    edge_.assign (h.begin (), h.end ());
    for (size_t q = begin; q < stop; ++q)
      run_edit (q, edge_);
    at_edge (s, edge_);
  });
}

template <typename F>
void
elider::each_edge (block_id b, F f)
{
  const size_t nb = f_.blocks.size ();
  if (edge_stamp_.size () != nb || stamp_ == ~uint32_t (0))
    {
      edge_stamp_.assign (nb, 0);
      stamp_ = 0;
    }
  const uint32_t mark = ++stamp_;
  const size_t end = first_[b + 1];
  for (size_t q = edge_begin (b); q < end;)
    {
      const block_id s = a_.edits[q].at.succ;
      size_t e = q + 1;
      while (e < end && a_.edits[e].at.succ == s)
        ++e;
      edge_stamp_[s] = mark;
      f (s, q, e);
      q = e;
    }
  for (block_id s : f_.blocks[b].succs)
    if (edge_stamp_[s] != mark)
      {
        edge_stamp_[s] = mark;
        f (s, end, end);
      }
}

void
elider::run ()
{
  const size_t nb = f_.blocks.size ();
  if (nb == 0)
    return;
  drop_.assign (a_.edits.size (), false);
  // Group the edits by block, checking build_record's order: anything
  // else and nothing is dropped or moved.
  {
    using key = std::tuple<block_id, bool, block_id, uint32_t, bool>;
    auto key_of = [] (const program_point &p) {
      return key (p.block, p.k == program_point::kind::on_edge, p.succ,
                  p.insn, p.k == program_point::kind::after_insn);
    };
    for (size_t k = 0; k < a_.edits.size (); ++k)
      {
        const program_point &p = a_.edits[k].at;
        if (p.block >= nb || p.insn > f_.blocks[p.block].insns.size ()
            || (k > 0 && key_of (p) < key_of (a_.edits[k - 1].at)))
          return;
      }
  }
  regroup ();
  const vec<sink_candidate> cands = sink_candidates ();
  // Most functions have no load to drop or move, no phi store to move,
  // and skip the dataflow.
  if (!may_elide () && cands.empty () && phi_store_candidates ().empty ())
    {
      drop_dead_stores (store_scan::unread_slots);
      erase_dropped ();
      return;
    }

  find_insn_regs ();
  vec<holdings> in;
  vec<bool> known;
  if (!fixed_point (in, known))
    return;

  // Loads another register's holding serves become copies (below).
  // None that may be sunk: at the successor's start another register
  // need not hold the slot.
  copy_from_.assign (a_.edits.size (), no_hreg);
  on_candidate_edge_.assign (a_.edits.size (), false);
  for (const sink_candidate &c : cands)
    for (size_t k = edge_begin (c.from); k < first_[c.from + 1]; ++k)
      if (a_.edits[k].at.succ == c.to)
        on_candidate_edge_[k] = true;
  mark_blocks (in, known, marking::drops_and_copies);
  unsigned dropped = 0;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    if (drop_[k])
      {
        if (a_.edits[k].k == edit::kind::load)
          ++dropped;
        else
          ++redundant_stores_;
      }
  // A store that went leaves the load that fed it (a memory phi's move
  // through a register) loading what nothing reads.
  if (redundant_stores_ > 0)
    {
      const unsigned dead = drop_dead_loads ();
      dropped += dead;
      // The registers those loads went from hold no slot there: the
      // copies are found again, from the holdings found again.  (The
      // loads and stores that went because the holding was there
      // already change no holding.  A sunk load loads what its slot
      // holds on every path, and the slot still holds it where a dead
      // load went: sink_edge_loads keeps IN.)
      if (dead > 0)
        {
          copy_from_.assign (a_.edits.size (), no_hreg);
          vec<holdings> in_now;
          vec<bool> known_now;
          if (fixed_point (in_now, known_now))
            mark_blocks (in_now, known_now, marking::copies);
        }
    }
  a_.stats.loads -= std::min (a_.stats.loads, dropped);
  a_.stats.stores -= std::min (a_.stats.stores, redundant_stores_);
  a_.stats.elided_loads = dropped;
  // Before the stores are found dead: such a copy reads its source
  // register, and no longer its slot.
  const unsigned copied = copy_loads ();
  a_.stats.loads -= std::min (a_.stats.loads, copied);
  a_.stats.copies += copied;
  a_.stats.copied_loads = copied;
  // Before the stores go: a moved load reads its slot on more paths.
  if (!cands.empty ())
    sink_edge_loads (cands, in, known);
  drop_dead_stores (dropped || copied ? store_scan::follow_paths
                                      : store_scan::unread_slots);
  // After the dead stores went: a phi's store left is read afterwards
  // (moved, a dead one would become stores on edges that the checker's
  // reading of the phi_also slot keeps), and the holdings are those of
  // the stores left, found again.
  sink_phi_stores ();
  erase_dropped ();
}

bool
elider::fixed_point (vec<holdings> &in, vec<bool> &known)
{
  const size_t nb = f_.blocks.size ();
  vec<bool> empty_start (nb, false);
  for (block_id b = 0; b < nb; ++b)
    empty_start[b] = starts_empty (b);

  // The fixed point: in_[b] is the intersection of what the in-edges
  // walked so far bring (a block no edge has reached yet is unknown,
  // not empty).  Termination: a block is walked again only when its
  // start set shrank, a set only shrinks, and it has at most
  // max_holdings entries; the work list's cap stops it all the same,
  // and a fixed point not reached removes nothing.
  in.assign (nb, holdings ());
  known.assign (nb, false);
  block_work_list work_list (nb, (max_holdings + 2) * nb + 16);
  known[0] = true;
  work_list.push (0);
  block_id b;
  // The intersection of a start set with what an edge brings: one list,
  // whose storage the sets swap in (most meets change nothing).
  holdings meet;
  while (work_list.next (&b))
    {
      walk (b, in[b], marking::none, [&] (block_id s, const holdings &h) {
        bool changed = false;
        if (empty_start[s])
          {
            changed = !known[s];
            known[s] = true;
          }
        else if (!known[s])
          {
            in[s] = h;
            known[s] = true;
            changed = true;
          }
        else
          {
            meet.clear ();
            std::set_intersection (in[s].begin (), in[s].end (), h.begin (),
                                   h.end (), std::back_inserter (meet));
            if (meet.size () != in[s].size ())
              {
                in[s].swap (meet);
                changed = true;
              }
          }
        if (changed)
          work_list.push (s);
      });
    }
  return !work_list.gave_up ();
}

bool
elider::may_elide () const
{
  // (slot, register, whether a load of whole registers that a copy
  // could serve).
  vec<std::tuple<slot_id, hreg, bool>> made;
  for (const edit &e : a_.edits)
    if (e.k == edit::kind::store && whole (t_, e))
      made.push_back ({ e.slot, e.src_reg, false });
    else if (e.k == edit::kind::load && whole (t_, e))
      made.push_back ({ e.slot, e.dst_reg, e.bytes == 0 && !e.extends });
  std::sort (made.begin (), made.end ());
  // A load or store whose register and slot another load or store
  // also moves (itself, and another); or a load whose slot another
  // load or store moves through another register (a copy may serve it).
  for (size_t k = 1; k < made.size (); ++k)
    if (std::get<0> (made[k]) == std::get<0> (made[k - 1])
        && (std::get<1> (made[k]) == std::get<1> (made[k - 1])
            || std::get<2> (made[k]) || std::get<2> (made[k - 1])))
      return true;
  return false;
}

// Stores whose slot nothing reads afterwards go.  The stores to a slot
// that no edit reads at all go in any case.  With follow_paths (some
// loads just went), also a backward dataflow of live slots over the
// other slots that are stored: a load (or a swap through a slot) reads
// its slot, a store that fills the whole slot ends its life above it.
// Not a slot that is some value's home (allocation::value_loc, a memory
// phi's): the adapter's debug binds point there.
void
elider::drop_dead_stores (store_scan scan)
{
  const size_t nb = f_.blocks.size (), ns = a_.slots.size ();
  vec<bool> read = home_slots ();
  const vec<bool> home = read;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    if (!drop_[k] && a_.edits[k].k != edit::kind::store
        && a_.edits[k].slot < ns)
      read[a_.edits[k].slot] = true;

  vec<bool> was (drop_);
  auto count_dead = [&] {
    unsigned dead = 0;
    for (size_t k = 0; k < drop_.size (); ++k)
      dead += drop_[k] && !was[k];
    a_.stats.stores -= std::min (a_.stats.stores, dead);
    a_.stats.elided_stores = dead + redundant_stores_;
  };
  // index[s]: the bit of a slot the dataflow follows, or -1.
  vec<int> index (ns, -1);
  unsigned m = 0;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    {
      const edit &e = a_.edits[k];
      if (e.k != edit::kind::store || e.slot >= ns || home[e.slot])
        continue;
      if (!read[e.slot])
        drop_[k] = true;
      else if (scan == store_scan::follow_paths && index[e.slot] < 0)
        index[e.slot] = int (m++);
    }
  if (m == 0)
    {
      count_dead ();
      return;
    }
  const size_t words = (m + 63) / 64;
  using slots = vec<uint64_t>;
  auto bit = [] (slots &x, int i, bool on) {
    if (on)
      x[size_t (i) / 64] |= uint64_t (1) << (i % 64);
    else
      x[size_t (i) / 64] &= ~(uint64_t (1) << (i % 64));
  };
  auto test = [] (const slots &x, int i) {
    return (x[size_t (i) / 64] >> (i % 64)) & 1;
  };
  // Walk edit K backwards over LIVE; with MARK, mark a dead store.
  auto back = [&] (size_t k, slots &live, bool mark) {
    const edit &e = a_.edits[k];
    if (drop_[k] || e.slot >= ns || index[e.slot] < 0)
      return;
    const int i = index[e.slot];
    if (e.k == edit::kind::store)
      {
        if (mark && !test (live, i))
          drop_[k] = true;
        const file_id g = t_.file_of (e.src_reg);
        const unsigned bytes
          = e.bytes ? e.bytes
                    : e.width * (g == no_file ? 0 : t_.files[g].bytes_per_reg);
        if (bytes >= a_.slots[e.slot].size)
          bit (live, i, false);
      }
    else
      bit (live, i, true);
  };
  vec<slots> live_in (nb, slots (words, 0));
  // Walk block B backwards from its successors' live_in; with MARK,
  // mark its dead stores.  Return the slots live at its start.
  slots live (words, 0), edge (words, 0);
  auto walk_back = [&] (block_id b, bool mark) -> const slots & {
    std::fill (live.begin (), live.end (), 0);
    const size_t start = first_[b], edges = edge_begin (b);
    each_edge (b, [&] (block_id s, size_t begin, size_t stop) {
      edge = live_in[s];
      for (size_t q = stop; q-- > begin;)
        back (q, edge, mark);
      for (size_t x = 0; x < words; ++x)
        live[x] |= edge[x];
    });
    for (size_t q = edges; q-- > start;)
      back (q, live, mark);
    return live;
  };
  // The fixed point, backwards.  Termination: a block is walked again
  // only when a successor's live-in set grew, sets only grow, and they
  // are bounded by the M slots; the work list's cap stops it all the
  // same, and a fixed point not reached drops no store.
  block_work_list work_list (nb, (m + 2) * nb + 16);
  for (block_id b = 0; b < nb; ++b)
    work_list.push (b);
  block_id b;
  while (work_list.next (&b))
    {
      const slots &li = walk_back (b, false);
      if (li == live_in[b])
        continue;
      live_in[b] = li;
      for (block_id p : f_.blocks[b].preds)
        work_list.push (p);
    }
  if (!work_list.gave_up ())
    for (block_id b = 0; b < nb; ++b)
      walk_back (b, true);
  count_dead ();
}

vec<bool>
elider::home_slots () const
{
  const size_t ns = a_.slots.size ();
  vec<bool> home (ns, false);
  for (const location &l : a_.value_loc)
    if (l.is_slot () && l.slot < ns)
      home[l.slot] = true;
  for (const vec<location> &ls : a_.phi_loc)
    for (const location &l : ls)
      if (l.is_slot () && l.slot < ns)
        home[l.slot] = true;
  return home;
}

void
elider::erase_dropped ()
{
  size_t kept = 0;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    if (!drop_[k])
      {
        // (Not onto itself: a string moved onto itself may come out
        // empty.)
        if (kept != k)
          a_.edits[kept] = std::move (a_.edits[k]);
        ++kept;
      }
  a_.edits.resize (kept);
}

bool
elider::starts_empty (block_id b) const
{
  const block &blk = f_.blocks[b];
  return b == 0 || blk.receiver
         || std::find (blk.pred_abnormal.begin (), blk.pred_abnormal.end (),
                       true) != blk.pred_abnormal.end ();
}

size_t
elider::sinkable_edits (block_id p, block_id s) const
{
  const vec<phi> &phis = f_.blocks[s].phis;
  hreg_set phi_regs;
  vec<slot_id> phi_slots;
  for (size_t k = 0; k < phis.size () && k < a_.phi_loc[s].size (); ++k)
    {
      const location &l = a_.phi_loc[s][k];
      if (l.is_reg ())
        phi_regs |= work::span (l.reg, f_.values[phis[k].def].width);
      else if (l.is_slot ())
        phi_slots.push_back (l.slot);
    }
  hreg_set written;
  size_t n = 0;
  for (size_t q = edge_begin (p); q < first_[p + 1]; ++q)
    {
      const edit &e = a_.edits[q];
      if (e.at.succ != s)
        continue;
      ++n;
      if (!(e.k == edit::kind::remat
            || (e.k == edit::kind::load && whole (t_, e))))
        return 0;
      const hreg_set regs = work::span (e.dst_reg, e.width);
      if ((regs & (phi_regs | written)).any ())
        return 0;
      if (e.k == edit::kind::load
          && std::find (phi_slots.begin (), phi_slots.end (), e.slot)
               != phi_slots.end ())
        return 0;
      written |= regs;
    }
  return n;
}

vec<elider::sink_candidate>
elider::sink_candidates () const
{
  vec<sink_candidate> out;
  const size_t nb = f_.blocks.size ();
  for (block_id p = 0; p < nb; ++p)
    {
      const block &bp = f_.blocks[p];
      if (edge_begin (p) == first_[p + 1] || distinct_blocks (bp.succs) < 2
          || bp.frequency < 0)
        continue;
      vec<block_id> seen;
      for (block_id s : bp.succs)
        {
          if (std::find (seen.begin (), seen.end (), s) != seen.end ())
            continue;
          seen.push_back (s);
          const block &bs = f_.blocks[s];
          if (starts_empty (s) || distinct_blocks (bs.preds) < 2
              || bs.frequency < 0)
            continue;
          // The edge's block and its jump go; the loads run on the
          // other in-edges too.  Their frequencies are estimated as the
          // edge's at most its ends', the others' as the rest of S's.
          const size_t n = sinkable_edits (p, s);
          const double edge = std::min (bp.frequency, bs.frequency);
          const double others = std::max (0.0, bs.frequency - edge);
          if (n > 0 && edge >= sink_margin * double (n) * others)
            out.push_back ({ p, s });
        }
    }
  return out;
}

vec<elider::edge_end>
elider::edge_ends (const vec<bool> &wanted,
                   const vec<holdings> &in,
                   const vec<bool> &known)
{
  vec<edge_end> ends;
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      if (!known[b])
        continue;
      bool any = false;
      for (block_id s : f_.blocks[b].succs)
        any |= wanted[s];
      if (any)
        walk (b, in[b], marking::none,
              [&] (block_id s, const holdings &h) {
          if (wanted[s])
            ends.push_back ({ b, s, h });
        });
    }
  return ends;
}

void
elider::sink_edge_loads (const vec<sink_candidate> &cands,
                         const vec<holdings> &in,
                         const vec<bool> &known)
{
  const size_t nb = f_.blocks.size ();
  // The holdings at the end of every edge into a candidate's S.
  vec<bool> wanted (nb, false);
  for (const sink_candidate &c : cands)
    wanted[c.to] = true;
  const vec<edge_end> ends = edge_ends (wanted, in, known);
  // sink_to[k]: the block edit K moves to the start of, or no_block.
  vec<block_id> sink_to (a_.edits.size (), no_block);
  unsigned moved = 0;
  for (const sink_candidate &c : cands)
    {
      if (!known[c.from] || !known[c.to])
        continue;
      bool ok = true;
      // Every other in-edge must have been walked...
      for (block_id q : f_.blocks[c.to].preds)
        if (q != c.from && !known[q])
          ok = false;
      // ... and bring each load's register holding its slot (a remat
      // recomputes what the register holds there already).
      for (size_t k = edge_begin (c.from); ok && k < first_[c.from + 1]; ++k)
        {
          const edit &e = a_.edits[k];
          if (e.at.succ != c.to || drop_[k] || e.k != edit::kind::load)
            continue;
          const holding x { e.dst_reg, e.width, e.slot, e.bytes };
          for (const edge_end &ee : ends)
            if (ee.to == c.to && ee.from != c.from && !holds (ee.h, x))
              ok = false;
        }
      if (!ok)
        continue;
      for (size_t k = edge_begin (c.from); k < first_[c.from + 1]; ++k)
        if (a_.edits[k].at.succ == c.to && !drop_[k])
          {
            sink_to[k] = c.to;
            ++moved;
          }
    }
  if (moved == 0)
    return;
  // Rebuild the edits in build_record's order: the moved ones first in
  // their block, before instruction 0, in their order on the edge (a
  // block's edits start there: it is the smallest point in it).
  vec<vec<edit>> at_start (nb);
  for (size_t k = 0; k < a_.edits.size (); ++k)
    if (sink_to[k] != no_block)
      {
        edit e = a_.edits[k];
        e.at.k = program_point::kind::before_insn;
        e.at.block = sink_to[k];
        e.at.insn = 0;
        e.at.succ = no_block;
        at_start[sink_to[k]].push_back (std::move (e));
      }
  vec<edit> out;
  out.reserve (a_.edits.size ());
  for (block_id b = 0; b < nb; ++b)
    {
      for (edit &e : at_start[b])
        out.push_back (std::move (e));
      for (size_t k = first_[b]; k < first_[b + 1]; ++k)
        if (!drop_[k] && sink_to[k] == no_block)
          out.push_back (std::move (a_.edits[k]));
    }
  a_.edits = std::move (out);
  a_.stats.sunk_edge_loads = moved;
  drop_.assign (a_.edits.size (), false);
  regroup ();
}

vec<elider::phi_store>
elider::phi_store_candidates () const
{
  vec<phi_store> out;
  const size_t nb = f_.blocks.size ();
  for (block_id s = 0; s < nb; ++s)
    {
      const block &bs = f_.blocks[s];
      if (bs.phis.empty () || starts_empty (s) || first_[s] == first_[s + 1]
          || distinct_blocks (bs.preds) < 2)
        continue;
      // What the instructions and edits before it in S write (registers)
      // and what the edits touch (slots; no instruction touches one).
      hreg_set written;
      vec<slot_id> touched;
      for (size_t k = 0; k < bs.phis.size () && k < a_.phi_loc[s].size ();
           ++k)
        if (a_.phi_loc[s][k].is_slot ())
          touched.push_back (a_.phi_loc[s][k].slot);
      // The instructions before NEXT have been counted in WRITTEN.
      uint32_t next = 0;
      for (size_t q = first_[s]; q < edge_begin (s); ++q)
        {
          if (drop_[q])
            continue;
          const edit &e = a_.edits[q];
          // The instructions before the edit's point (an edit after
          // instruction J follows it).
          const uint32_t upto = e.at.insn
                                + (e.at.k == program_point::kind::after_insn);
          // (Found here: the early test in run () asks before
          // find_insn_regs.)
          for (; next < upto; ++next)
            written |= regs_found (s, next).written;
          const bool slot_touched
            = e.slot != no_slot
              && std::find (touched.begin (), touched.end (), e.slot)
                   != touched.end ();
          if (e.k == edit::kind::store && whole (t_, e) && !slot_touched
              && (work::span (e.src_reg, e.width) & written).none ())
            for (size_t k = 0; k < bs.phis.size (); ++k)
              {
                const location &l = a_.phi_loc[s][k];
                if (l.is_reg () && l.reg == e.src_reg
                    && f_.values[bs.phis[k].def].width == e.width
                    && a_.phi_also_at (s, k) == no_slot)
                  {
                    out.push_back ({ s, q, k });
                    break;
                  }
              }
          if (e.dst_reg != no_hreg)
            written |= work::span (e.dst_reg, e.width);
          if (e.k == edit::kind::swap && e.src_reg != no_hreg)
            written |= work::span (e.src_reg, e.width);
          if (e.temp != no_hreg)
            written |= work::span (e.temp, e.width);
          if (e.slot != no_slot)
            touched.push_back (e.slot);
        }
    }
  return out;
}

// A store of a phi's def from its register in its block S (before any
// instruction or edit there that writes the register, and any edit that
// touches the slot: the slot's earlier contents are dead, the store
// overwriting them on every path) moves to the in-edges at whose end the register does not hold the
// slot already: on the others the slot holds the phi's argument there,
// which is what the store would write.  The slot then holds the phi's
// def at S's start as its register does (allocation::phi_also, which
// the checker follows).  The typical case is a loop-carried value the
// loop's body evicts: its header phi is stored on every iteration, and
// the back edge reloads it from that slot (sqlite3VdbeExec's dispatch
// loop).  Only where each edge that needs the store has a place for it
// already (a predecessor with S its one successor, or an edge with
// edits, which has a block of its own), and some edge needs none: each
// run of S comes by one in-edge, so the stores run no more often than
// before, whatever the frequencies (which -O0 does not estimate).  Where
// the goal is size, only where at most one edge needs the store.
void
elider::sink_phi_stores ()
{
  const vec<phi_store> cands = phi_store_candidates ();
  if (cands.empty ())
    return;
  vec<holdings> in;
  vec<bool> known;
  if (!fixed_point (in, known))
    return;
  const size_t nb = f_.blocks.size ();
  vec<bool> wanted (nb, false);
  for (const phi_store &c : cands)
    wanted[c.s] = true;
  const vec<edge_end> ends = edge_ends (wanted, in, known);
  auto edge_has_edits = [&] (block_id p, block_id x) {
    for (size_t q = edge_begin (p); q < first_[p + 1]; ++q)
      if (a_.edits[q].at.succ == x && !drop_[q])
        return true;
    return false;
  };
  // The stores to add, on edges (from, S), each a copy of the store it
  // replaces.
  vec<edit> added;
  unsigned moved = 0;
  vec<block_id> need;
  for (const phi_store &c : cands)
    {
      const block &bs = f_.blocks[c.s];
      const edit &e = a_.edits[c.edit];
      const holding x { e.src_reg, e.width, e.slot, e.bytes };
      if (!known[c.s])
        continue;
      // The record names one slot a phi is in at its block's start
      // (phi_also): a phi that has one already (build_record's, or an
      // earlier candidate's: its register stored into its own cell and
      // into a memory phi's of the next block) keeps this store where it
      // is.  Sinking both left the checker one slot, and a later reload
      // from the other read a slot it held unknown (fuzz seed 20653,
      // spill=pereira).
      if (a_.phi_also_at (c.s, c.phi) != no_slot)
        continue;
      bool ok = true;
      need.clear ();
      unsigned edges = 0;
      for (const edge_end &ee : ends)
        {
          if (ee.to != c.s)
            continue;
          ++edges;
          if (holds (ee.h, x))
            continue;
          if (distinct_blocks (f_.blocks[ee.from].succs) > 1
              && !edge_has_edits (ee.from, c.s))
            {
              ok = false;
              break;
            }
          need.push_back (ee.from);
        }
      // Every in-edge walked (a block no edge reached has none), and
      // some edge that needs no store.
      for (block_id p : bs.preds)
        ok &= known[p];
      if (!ok || need.size () >= edges
          || (goal_ == cost_goal::size && need.size () > 1))
        continue;
      for (block_id p : need)
        {
          edit n = e;
          n.at = program_point ();
          n.at.k = program_point::kind::on_edge;
          n.at.block = p;
          n.at.succ = c.s;
          added.push_back (n);
        }
      drop_[c.edit] = true;
      if (a_.phi_also.empty ())
        a_.phi_also.assign (nb, {});
      if (a_.phi_also[c.s].empty ())
        a_.phi_also[c.s].assign (bs.phis.size (), no_slot);
      a_.phi_also[c.s][c.phi] = e.slot;
      ++moved;
    }
  if (moved == 0)
    return;
  // Rebuild the edits in build_record's order: each added store after
  // the edits of its edge (a stable sort of the block's edge edits by
  // successor).
  vec<vec<edit>> at_end (nb);
  for (edit &n : added)
    at_end[n.at.block].push_back (std::move (n));
  vec<edit> out;
  out.reserve (a_.edits.size () + added.size ());
  for (block_id b = 0; b < nb; ++b)
    {
      const size_t mid = edge_begin (b);
      for (size_t k = first_[b]; k < mid; ++k)
        if (!drop_[k])
          out.push_back (std::move (a_.edits[k]));
      const size_t from = out.size ();
      for (size_t k = mid; k < first_[b + 1]; ++k)
        if (!drop_[k])
          out.push_back (std::move (a_.edits[k]));
      for (edit &n : at_end[b])
        out.push_back (std::move (n));
      std::stable_sort (out.begin () + from, out.end (),
                        [] (const edit &p, const edit &q) {
                          return p.at.succ < q.at.succ;
                        });
    }
  a_.edits = std::move (out);
  a_.stats.stores += unsigned (added.size ());
  a_.stats.stores -= std::min (a_.stats.stores, moved);
  a_.stats.phi_stores = moved;
  drop_.assign (a_.edits.size (), false);
  regroup ();
}

void
elider::edit_rw (size_t k, hreg_set &written, hreg_set &read) const
{
  written.reset ();
  read.reset ();
  if (drop_[k])
    return;
  const edit &e = a_.edits[k];
  const hreg_set dst = e.dst_reg == no_hreg ? hreg_set ()
                                            : work::span (e.dst_reg, e.width);
  const hreg_set src = e.src_reg == no_hreg ? hreg_set ()
                                            : work::span (e.src_reg, e.width);
  switch (e.k)
    {
    case edit::kind::copy:
      written = dst;
      read = src;
      return;
    case edit::kind::load:
    case edit::kind::remat:
      written = dst;
      return;
    case edit::kind::store:
      read = src;
      return;
    case edit::kind::swap:
      if (e.temp != no_hreg)
        written = work::span (e.temp, e.width);
      read = dst | src;
      return;
    }
}

void
elider::edit_back (size_t k, hreg_set &live) const
{
  hreg_set w, r;
  edit_rw (k, w, r);
  live &= ~w;
  live |= r;
}

void
elider::find_insn_regs ()
{
  const size_t nb = f_.blocks.size ();
  insn_base_.assign (nb + 1, 0);
  for (block_id b = 0; b < nb; ++b)
    insn_base_[b + 1] = insn_base_[b] + uint32_t (f_.blocks[b].insns.size ());
  insn_regs_.assign (insn_base_[nb], insn_regs ());
  for (block_id b = 0; b < nb; ++b)
    for (uint32_t j = 0; j < f_.blocks[b].insns.size (); ++j)
      insn_regs_[insn_base_[b] + j] = regs_found (b, j);
}

elider::insn_regs
elider::regs_found (block_id b, uint32_t j) const
{
  const insn &i = f_.blocks[b].insns[j];
  insn_regs x;
  x.written = i.clobbers;
  for (size_t o = 0; o < i.ops.size (); ++o)
    {
      const operand &op = i.ops[o];
      if (op.kind == operand_kind::def_hard)
        x.written |= work::span (op.reg, op.width);
      else if (op.kind == operand_kind::use_hard)
        x.read |= work::span (op.reg, op.width);
      else
        {
          const location &l = a_.operand_loc[b][j][o];
          if (!l.is_reg ())
            continue;
          const hreg_set r = work::span (l.reg, regs_at (op.value, l.reg));
          (op.kind == operand_kind::def ? x.written : x.read) |= r;
        }
    }
  return x;
}

template <typename E, typename I>
void
elider::each_back (block_id b, E on_edit, I on_insn) const
{
  const uint32_t n = uint32_t (f_.blocks[b].insns.size ());
  size_t k = edge_begin (b);
  const size_t start = first_[b];
  for (uint32_t j = n + 1; j-- > 0;)
    {
      for (; k > start && at (k - 1, j, program_point::kind::after_insn); --k)
        on_edit (k - 1);
      if (j < n && !a_.is_removed (b, j))
        on_insn (j);
      for (; k > start && at (k - 1, j, program_point::kind::before_insn); --k)
        on_edit (k - 1);
    }
}

hreg_set
elider::edge_out (block_id s, size_t begin, size_t end,
                  const vec<hreg_set> &live_in,
                  const vec<hreg_set> &phi_regs) const
{
  hreg_set live = live_in[s] | phi_regs[s];
  for (size_t q = end; q-- > begin;)
    edit_back (q, live);
  return live;
}

void
elider::mark_dead_loads (block_id b, const vec<hreg_set> &live_in,
                         const vec<hreg_set> &phi_regs)
{
  hreg_set live;
  each_edge (b, [&] (block_id s, size_t begin, size_t end) {
    live |= edge_out (s, begin, end, live_in, phi_regs);
  });
  each_back (
    b,
    [&] (size_t q) {
      const edit &e = a_.edits[q];
      if (!drop_[q] && e.k == edit::kind::load
          && (work::span (e.dst_reg, e.width) & live).none ())
        drop_[q] = true;
      edit_back (q, live);
    },
    [&] (uint32_t j) {
      live &= ~regs_of (b, j).written;
      live |= regs_of (b, j).read;
    });
}

unsigned
elider::drop_dead_loads ()
{
  const size_t nb = f_.blocks.size ();
  // Each block's instructions and in-block edits, once: the registers
  // they read before writing them (use) and those they write (def).
  vec<hreg_set> use (nb), def (nb);
  for (block_id b = 0; b < nb; ++b)
    {
      auto step = [&] (const hreg_set &w, const hreg_set &r) {
        use[b] &= ~w;
        use[b] |= r;
        def[b] |= w;
      };
      each_back (
        b,
        [&] (size_t q) {
          hreg_set w, r;
          edit_rw (q, w, r);
          step (w, r);
        },
        [&] (uint32_t j) {
          step (regs_of (b, j).written, regs_of (b, j).read);
        });
    }
  // The registers of each block's phis: the checker reads them at the
  // end of its in-edges.
  vec<hreg_set> phi_regs (nb);
  for (block_id b = 0; b < nb; ++b)
    {
      const vec<phi> &phis = f_.blocks[b].phis;
      for (size_t k = 0; k < phis.size () && k < a_.phi_loc[b].size (); ++k)
        {
          const location &l = a_.phi_loc[b][k];
          if (l.is_reg ())
            phi_regs[b] |= work::span (l.reg, f_.values[phis[k].def].width);
        }
    }
  vec<hreg_set> live_in (nb);
  auto out_of = [&] (block_id b) {
    hreg_set live;
    each_edge (b, [&] (block_id x, size_t begin, size_t end) {
      live |= edge_out (x, begin, end, live_in, phi_regs);
    });
    return live;
  };
  // The fixed point, backwards.  Termination: a block is computed again
  // only when a successor's live-in set grew, sets only grow, and they
  // are bounded by the hard registers; the work list's cap stops it all
  // the same, and a fixed point not reached drops nothing.
  block_work_list work_list (nb, (max_hard_regs + 2) * nb + 16);
  for (block_id b = nb; b-- > 0;)
    work_list.push (b);
  block_id b;
  while (work_list.next (&b))
    {
      const hreg_set li = use[b] | (out_of (b) & ~def[b]);
      if (li == live_in[b])
        continue;
      live_in[b] = li;
      for (block_id q : f_.blocks[b].preds)
        work_list.push (q);
    }
  if (work_list.gave_up ())
    return 0;
  // The blocks with a load (on an out-edge too).
  const vec<bool> was (drop_);
  for (block_id x = 0; x < nb; ++x)
    {
      bool any = false;
      for (size_t q = first_[x]; q < first_[x + 1] && !any; ++q)
        any = !drop_[q] && a_.edits[q].k == edit::kind::load;
      if (any)
        mark_dead_loads (x, live_in, phi_regs);
    }
  unsigned n = 0;
  for (size_t k = 0; k < drop_.size (); ++k)
    n += drop_[k] && !was[k];
  return n;
}

// first_ for the edits as they are now (in build_record's order).
void
elider::regroup ()
{
  const size_t nb = f_.blocks.size ();
  first_.assign (nb + 1, 0);
  for (const edit &e : a_.edits)
    ++first_[e.at.block + 1];
  for (block_id b = 0; b < nb; ++b)
    first_[b + 1] += first_[b];
  edges_at_.assign (nb, 0);
  for (block_id b = 0; b < nb; ++b)
    {
      size_t k = first_[b];
      while (k < first_[b + 1] && !on_edge (k))
        ++k;
      edges_at_[b] = k;
    }
}

} // namespace

void
elide_reloads (const function &f, const target &t, allocation &a,
               cost_goal goal)
{
  elider (f, t, a, goal).run ();
}

} // namespace ssara::ra
