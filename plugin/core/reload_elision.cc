// reload_elision.cc -- loads into a register that already holds the
// slot's contents go, across blocks and calls, and then the stores
// nothing reads (after the record).
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
// still holding the value.  Then the stores whose slot no load reads
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
  bool operator< (const holding &o) const
  {
    return std::tie (reg, width, slot) < std::tie (o.reg, o.width, o.slot);
  }
  bool operator== (const holding &o) const
  {
    return reg == o.reg && width == o.width && slot == o.slot;
  }
};

// The holdings at a point, sorted.  At most max_holdings: dropping one
// only forgets what a register holds, which is safe.
constexpr size_t max_holdings = 64;
using holdings = std::vector<holding>;

// Edge-load sinking moves an edge's N loads to its successor's start
// where the edge runs at least sink_margin * N times as often as the
// successor's other in-edges together: the jump saved against the
// loads added, a load counted as two.
constexpr double sink_margin = 2;

// Whether edit E moves whole registers (not a value of fewer bytes than
// its register, a single float in an FPR).
bool
whole (const edit &e)
{
  return e.bytes == 0;
}

void
kill_regs (holdings &h, const hreg_set &regs)
{
  if (regs.none ())
    return;
  h.erase (std::remove_if (h.begin (), h.end (),
                           [&] (const holding &x) {
                             return (work::span (x.reg, x.width) & regs).any ();
                           }),
           h.end ());
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
  std::vector<block_id> list_;
  std::vector<bool> queued_;
  size_t max_pops_, pops_ = 0;
  bool gave_up_ = false;
};

class elider
{
public:
  elider (const function &f, const target &t, allocation &a)
    : f_ (f), t_ (t), a_ (a)
  {}

  void run ();

private:
  const function &f_;
  const target &t_;
  allocation &a_;
  // The edits of block B are a_.edits[first_[B] .. first_[B + 1]):
  // those in the block first, by instruction, before ones ahead of
  // after ones; then those on its out-edges, by successor (the order
  // build_record sorts them in; run () checks it).
  std::vector<size_t> first_;
  bool on_edge (size_t k) const
  {
    return a_.edits[k].at.k == program_point::kind::on_edge;
  }
  // Whether edit K is in its block at instruction J, KIND.
  bool at (size_t k, uint32_t j, program_point::kind kind) const
  {
    return a_.edits[k].at.k == kind && a_.edits[k].at.insn == j;
  }
  // The first of block B's edits on an out-edge.
  size_t edge_begin (block_id b) const
  {
    size_t k = first_[b];
    while (k < first_[b + 1] && !on_edge (k))
      ++k;
    return k;
  }
  std::vector<bool> drop_;
  std::vector<block_id> done_;

  // The registers value V takes from R on: in another file than its own
  // (an operand that reads or writes it there), as many as its bytes
  // need.
  unsigned regs_at (value_id v, hreg r) const
  {
    const file_id g = t_.file_of (r);
    return g == no_file ? f_.values[v].width
                        : regs_in_file (t_, f_.values[v], g);
  }
  // Whether some load may go: one whose register and slot another load
  // or a store also moves (or, by copies, another register: those stay).
  bool may_elide () const;
  // Apply edit E to H; with MARK, mark a load that H already holds.
  void apply (const edit &e, size_t index, holdings &h, bool mark);
  void apply_insn (block_id b, uint32_t j, holdings &h) const;
  // Run block B from IN; call AT_EDGE (SUCC, H) for each out-edge with
  // the holdings at its end.
  template <typename F>
  void walk (block_id b, const holdings &in, bool mark, F at_edge);
  // walk's holdings, in the block and on an edge (kept from walk to
  // walk for their storage).
  holdings cur_, edge_;
  // Follow paths: only where loads went, the stores of slots read
  // somewhere; without, the stores of slots nothing reads.
  enum class store_scan : uint8_t { unread_slots, follow_paths };
  void drop_dead_stores (store_scan scan);
  // Whether slot S is some value's home (value_loc, a memory phi's).
  std::vector<bool> home_slots () const;
  void erase_dropped ();

  // Edge-load sinking (sink_edge_loads).  A critical edge P -> S (P
  // has other successors, S other predecessors) whose edits are all
  // whole loads and remats, none into a register or from a slot where a
  // phi of S lands: a candidate.
  struct sink_candidate
  {
    block_id from, to;
  };
  std::vector<sink_candidate> sink_candidates () const;
  // The number of edits on edge P -> S if they may all move to S's
  // start (loads and remats only, none of a phi's location), else 0.
  size_t sinkable_edits (block_id p, block_id s) const;
  // Whether block B starts with no holdings: the entry, a receiver, a
  // block with an abnormal in-edge.
  bool starts_empty (block_id b) const;
  // Move the edits of the candidates whose loads every other in-edge
  // of S brings in their registers already (IN: the fixed point) to
  // the start of S; drops what drop_ marks.  Resets drop_ and first_.
  void sink_edge_loads (const std::vector<sink_candidate> &cands,
                        const std::vector<holdings> &in,
                        const std::vector<bool> &known);
  void regroup ();
};

void
elider::apply (const edit &e, size_t index, holdings &h, bool mark)
{
  switch (e.k)
    {
    case edit::kind::load:
      {
        const holding x { e.dst_reg, e.width, e.slot };
        if (whole (e) && holds (h, x))
          {
            if (mark)
              drop_[index] = true;
            return;
          }
        kill_regs (h, work::span (e.dst_reg, e.width));
        if (whole (e))
          add (h, x);
        return;
      }
    case edit::kind::store:
      kill_slot (h, e.slot);
      if (whole (e))
        add (h, { e.src_reg, e.width, e.slot });
      return;
    case edit::kind::copy:
      {
        holdings from;
        for (const holding &x : h)
          if (x.reg == e.src_reg && x.width == e.width)
            from.push_back ({ e.dst_reg, e.width, x.slot });
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
            moved.push_back ({ e.dst_reg, e.width, x.slot });
          else if (x.reg == e.dst_reg && x.width == e.width)
            moved.push_back ({ e.src_reg, e.width, x.slot });
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
  hreg_set written = i.clobbers;
  for (size_t k = 0; k < i.ops.size (); ++k)
    {
      const operand &o = i.ops[k];
      if (o.kind == operand_kind::def_hard)
        written |= work::span (o.reg, o.width);
      else if (o.kind == operand_kind::def)
        {
          const location &l = a_.operand_loc[b][j][k];
          if (l.is_reg ())
            written |= work::span (l.reg, regs_at (o.value, l.reg));
        }
    }
  kill_regs (h, written);
}

template <typename F>
void
elider::walk (block_id b, const holdings &in, bool mark, F at_edge)
{
  holdings &h = cur_;
  h.assign (in.begin (), in.end ());
  const uint32_t n = uint32_t (f_.blocks[b].insns.size ());
  // A phi's def is a value of its own where it lands, though its bits
  // are an argument's: what a load of an argument's slot would give is
  // not what the phi's register or cell now holds (the checker follows
  // values, not bits).
  const std::vector<phi> &phis = f_.blocks[b].phis;
  for (size_t k = 0; k < phis.size () && k < a_.phi_loc[b].size (); ++k)
    {
      const location &l = a_.phi_loc[b][k];
      if (l.is_reg ())
        kill_regs (h, work::span (l.reg, f_.values[phis[k].def].width));
      else if (l.is_slot ())
        kill_slot (h, l.slot);
    }
  size_t k = first_[b];
  const size_t end = first_[b + 1];
  for (uint32_t j = 0; j <= n; ++j)
    {
      for (; k < end && at (k, j, program_point::kind::before_insn); ++k)
        apply (a_.edits[k], k, h, mark);
      if (j == n)
        break;
      apply_insn (b, j, h);
      for (; k < end && at (k, j, program_point::kind::after_insn); ++k)
        apply (a_.edits[k], k, h, mark);
    }
  // Each out-edge once, with its own edits (a successor reached twice,
  // a conditional branch to one block, is one edge for the edits).
  const size_t edges = k;
  done_.clear ();
  for (block_id s : f_.blocks[b].succs)
    {
      if (std::find (done_.begin (), done_.end (), s) != done_.end ())
        continue;
      done_.push_back (s);
      edge_.assign (h.begin (), h.end ());
      for (size_t q = edges; q < end; ++q)
        if (a_.edits[q].at.succ == s)
          apply (a_.edits[q], q, edge_, mark);
      at_edge (s, edge_);
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
  const std::vector<sink_candidate> cands = sink_candidates ();
  // Most functions have no load to drop or move, and skip the dataflow.
  if (!may_elide () && cands.empty ())
    {
      drop_dead_stores (store_scan::unread_slots);
      erase_dropped ();
      return;
    }

  std::vector<bool> empty_start (nb, false);
  for (block_id b = 0; b < nb; ++b)
    empty_start[b] = starts_empty (b);

  // The fixed point: in_[b] is the intersection of what the in-edges
  // walked so far bring (a block no edge has reached yet is unknown,
  // not empty).  Termination: a block is walked again only when its
  // start set shrank, a set only shrinks, and it has at most
  // max_holdings entries; the work list's cap stops it all the same,
  // and a fixed point not reached removes nothing.
  std::vector<holdings> in (nb);
  std::vector<bool> known (nb, false);
  block_work_list work_list (nb, (max_holdings + 2) * nb + 16);
  known[0] = true;
  work_list.push (0);
  block_id b;
  while (work_list.next (&b))
    {
      walk (b, in[b], false, [&] (block_id s, const holdings &h) {
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
            holdings meet;
            std::set_intersection (in[s].begin (), in[s].end (), h.begin (),
                                   h.end (), std::back_inserter (meet));
            if (meet.size () != in[s].size ())
              {
                in[s] = std::move (meet);
                changed = true;
              }
          }
        if (changed)
          work_list.push (s);
      });
    }
  if (work_list.gave_up ())
    return;

  for (block_id b = 0; b < nb; ++b)
    if (known[b])
      walk (b, in[b], true, [] (block_id, const holdings &) {});
  unsigned dropped = 0;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    dropped += drop_[k];
  a_.stats.loads -= std::min (a_.stats.loads, dropped);
  a_.stats.elided_loads = dropped;
  // Before the stores go: a moved load reads its slot on more paths.
  if (!cands.empty ())
    sink_edge_loads (cands, in, known);
  drop_dead_stores (dropped ? store_scan::follow_paths
                            : store_scan::unread_slots);
  erase_dropped ();
}

bool
elider::may_elide () const
{
  std::vector<std::pair<slot_id, hreg>> made;
  for (const edit &e : a_.edits)
    if (e.k == edit::kind::store && whole (e))
      made.push_back ({ e.slot, e.src_reg });
    else if (e.k == edit::kind::load && whole (e))
      made.push_back ({ e.slot, e.dst_reg });
  std::sort (made.begin (), made.end ());
  for (const edit &e : a_.edits)
    if (e.k == edit::kind::load && whole (e))
      {
        auto r = std::equal_range (made.begin (), made.end (),
                                   std::make_pair (e.slot, e.dst_reg));
        // Itself, and another.
        if (r.second - r.first > 1)
          return true;
      }
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
  std::vector<bool> read = home_slots ();
  const std::vector<bool> home = read;
  for (size_t k = 0; k < a_.edits.size (); ++k)
    if (!drop_[k] && a_.edits[k].k != edit::kind::store
        && a_.edits[k].slot < ns)
      read[a_.edits[k].slot] = true;
  std::vector<bool> was (drop_);
  auto count_dead = [&] {
    unsigned dead = 0;
    for (size_t k = 0; k < drop_.size (); ++k)
      dead += drop_[k] && !was[k];
    a_.stats.stores -= std::min (a_.stats.stores, dead);
    a_.stats.elided_stores = dead;
  };
  // index[s]: the bit of a slot the dataflow follows, or -1.
  std::vector<int> index (ns, -1);
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
  using slots = std::vector<uint64_t>;
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
  std::vector<slots> live_in (nb, slots (words, 0));
  // Walk block B backwards from its successors' live_in; with MARK,
  // mark its dead stores.  Return the slots live at its start.
  slots live (words, 0), edge (words, 0);
  auto walk_back = [&] (block_id b, bool mark) -> const slots & {
    std::fill (live.begin (), live.end (), 0);
    const size_t start = first_[b], edges = edge_begin (b), end = first_[b + 1];
    std::vector<block_id> &done = done_;
    done.clear ();
    for (block_id s : f_.blocks[b].succs)
      {
        if (std::find (done.begin (), done.end (), s) != done.end ())
          continue;
        done.push_back (s);
        edge = live_in[s];
        for (size_t q = end; q-- > edges;)
          if (a_.edits[q].at.succ == s)
            back (q, edge, mark);
        for (size_t x = 0; x < words; ++x)
          live[x] |= edge[x];
      }
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

std::vector<bool>
elider::home_slots () const
{
  const size_t ns = a_.slots.size ();
  std::vector<bool> home (ns, false);
  for (const location &l : a_.value_loc)
    if (l.is_slot () && l.slot < ns)
      home[l.slot] = true;
  for (const std::vector<location> &ls : a_.phi_loc)
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
      a_.edits[kept++] = std::move (a_.edits[k]);
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
  const std::vector<phi> &phis = f_.blocks[s].phis;
  hreg_set phi_regs;
  std::vector<slot_id> phi_slots;
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
            || (e.k == edit::kind::load && whole (e))))
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

std::vector<elider::sink_candidate>
elider::sink_candidates () const
{
  std::vector<sink_candidate> out;
  const size_t nb = f_.blocks.size ();
  auto distinct = [] (std::vector<block_id> v) {
    std::sort (v.begin (), v.end ());
    return size_t (std::unique (v.begin (), v.end ()) - v.begin ());
  };
  for (block_id p = 0; p < nb; ++p)
    {
      const block &bp = f_.blocks[p];
      if (edge_begin (p) == first_[p + 1] || distinct (bp.succs) < 2
          || bp.frequency < 0)
        continue;
      std::vector<block_id> seen;
      for (block_id s : bp.succs)
        {
          if (std::find (seen.begin (), seen.end (), s) != seen.end ())
            continue;
          seen.push_back (s);
          const block &bs = f_.blocks[s];
          if (starts_empty (s) || distinct (bs.preds) < 2
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

void
elider::sink_edge_loads (const std::vector<sink_candidate> &cands,
                         const std::vector<holdings> &in,
                         const std::vector<bool> &known)
{
  const size_t nb = f_.blocks.size ();
  // The holdings at the end of every edge into a candidate's S.
  std::vector<bool> wanted (nb, false);
  for (const sink_candidate &c : cands)
    wanted[c.to] = true;
  struct edge_end
  {
    block_id from, to;
    holdings h;
  };
  std::vector<edge_end> ends;
  for (block_id b = 0; b < nb; ++b)
    {
      if (!known[b])
        continue;
      bool any = false;
      for (block_id s : f_.blocks[b].succs)
        any |= wanted[s];
      if (any)
        walk (b, in[b], false, [&] (block_id s, const holdings &h) {
          if (wanted[s])
            ends.push_back ({ b, s, h });
        });
    }
  // sink_to[k]: the block edit K moves to the start of, or no_block.
  std::vector<block_id> sink_to (a_.edits.size (), no_block);
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
          const holding x { e.dst_reg, e.width, e.slot };
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
  std::vector<std::vector<edit>> at_start (nb);
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
  std::vector<edit> out;
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
}

} // namespace

void
elide_reloads (const function &f, const target &t, allocation &a)
{
  elider (f, t, a).run ();
}

} // namespace ssara::ra
