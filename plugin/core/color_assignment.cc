// color_assignment.cc -- colour assignment (seed 001, section 4.4).
//
// Blocks are visited in pre-order of the dominator tree and, within a
// block, position by position; a value gets its register at its def, when
// every value it interferes with and that is already coloured is live
// (SSA: of two interfering values one is live at the other's def).  The
// register is the free one (over its whole width) that the value may have
// (allowed set), that is not occupied by a pre-coloured hard register or
// struck by a clobber anywhere in its live range (liveness::forbidden),
// and that its preferences rank first:
//   * a copy whose source dies at the copy prefers the source's register
//     (local coalescing; a copy from or to a hard register likewise);
//   * ComputePreference: a phi def prefers its coloured arguments'
//     registers, a phi argument its phi's def's register, one point per
//     fixed point gained.
// At an instruction: earlyclobber defs are coloured while its uses still
// hold their registers, then the uses that die there release theirs, then
// tied defs take their tied use's register, then the other defs.
//
// Colour assignment spills nothing: the spiller (spilling.cc) has brought
// register demand down to the registers there are, class by class, and
// spill_required has sent what must live in memory there.  Where a
// value still finds no register (a register a class needs held by a
// value that could have had another, pairs fragmented by pre-coloured
// registers), the walk first moves an occupant that may take a free
// register (move_occupant); failing that the value goes without one
// and the walk goes on: its point is a shortfall (work::shortfall),
// and assign_colors returns them all, for allocate () to relieve
// (one more register taken at that point in the next run's spiller)
// or, where relief does not help, to send the values they name to
// memory whole before the spiller (walker::victim, allocate.cc
// run_whole), and failing that every value (the last resort).  One
// walk, no rounds: nothing to terminate but the walk itself.

#include "work.h"

#include <algorithm>
#include <array>
#include <limits>

namespace ssara::ra {

// When a value gets its register, the values up to this many affinities
// away that have none yet learn it (walker::propagate), at most
// max_propagation_visits of them: a breadth-first walk over a finite
// graph with a visited mark, cut at both bounds.
constexpr unsigned max_propagation_hops = 4;
constexpr unsigned max_propagation_visits = 64;
// Weight kept at each hop beyond the first.
constexpr double propagation_decay = 0.5;
// How many instructions ahead colour assignment looks for values whose
// preferred register a def would take (walker::claimed_ahead).
constexpr size_t lookahead_insns = 8;

namespace {

// What color () adds for a register the value must hold at a tight
// point (tight_registers): above any preference (copy weights are
// frequencies), below leaving a later def no register (1e6).
constexpr double tight_bonus = 1e5;

// For each value, the registers it should hold because at some point of
// its life the values live there that may not take such a register H
// (not allowed, or forbidden: a clobber or a pre-coloured range in their
// life), with the pre-coloured registers occupied there, fill all the
// other registers of H's file: then the values that may take H and are
// live there (at most one, if the spiller left demand at most the file's
// size) find a register only if one of them holds H.  Found by sweeps
// over positions, file by file, for each register some value of the file
// may not take; only in files whose demand reaches their size somewhere.
// Hard registers count where instructions read their uses (U_j) and at
// block ends, where interval analysis records them.  Colour assignment
// gives a value one register for its whole life, and the spiller counts
// registers class by class (spilling.cc, fit_classes); without this, an
// unrestricted value took r3 at its def and a loop later found the
// base-address registers full and r0 free (sqlite3LookasideUsed with 5
// GPRs, a second round).  (Making the other values live with such a
// value keep clear of H saved more second rounds but cost SQLite's
// sqlite3VdbeExec with 5 GPRs 1.1 M more phi copies: not kept.)
static vec<hreg_set>
tight_registers (const work &w)
{
  const function &fn = w.fn;
  vec<hreg_set> out (fn.values.size ());
  const pos_t n = w.live.npos;
  vec<int> all, excl;
  vec<uint32_t> tight_prefix;
  // Add COUNT over positions [A, B] to the difference array D.
  auto add = [] (vec<int> &d, pos_t a, pos_t b, int count) {
    d[a] += count;
    d[b + 1] -= count;
  };
  for (file_id f = 0; f < w.tgt.files.size (); ++f)
    {
      const reg_file &file = w.tgt.files[f];
      if (!file.memory_direct)
        continue;
      hreg_set regs;
      for (hreg h : file.regs)
        regs.set (h);
      const int size = int (file.regs.size ());
      // The hard registers of F occupied at U_j and block ends.
      auto hard_points = [&] (auto &&at) {
        for (block_id b = 0; b < fn.blocks.size (); ++b)
          {
            for (uint32_t j = 0; j < w.live.hard_at_use[b].size (); ++j)
              at (w.pos_use (b, j), w.live.hard_at_use[b][j] & regs);
            at (w.pos_end (b), w.live.hard_at_end[b] & regs);
          }
      };
      all.assign (n + 2, 0);
      hreg_set refused;
      for (value_id v = 0; v < fn.values.size (); ++v)
        {
          const value &x = fn.values[v];
          if (x.file != f || w.wv[v].spilled)
            continue;
          for (auto [a, b] : w.live.intervals[v])
            add (all, a, b, x.width);
          hreg_set a = x.allowed & regs;
          if (a.any ())
            refused |= regs & (~a | w.live.forbidden[v]);
        }
      hard_points ([&] (pos_t p, const hreg_set &s) {
        add (all, p, p, int (s.count ()));
      });
      // From differences to the demand at each position.
      int peak = 0;
      for (pos_t p = 0; p <= n; ++p)
        {
          if (p > 0)
            all[p] += all[p - 1];
          peak = std::max (peak, all[p]);
        }
      if (peak < size)
        continue;
      for (hreg h : file.regs)
        {
          if (!refused.test (h))
            continue;
          excl.assign (n + 2, 0);
          for (value_id v = 0; v < fn.values.size (); ++v)
            {
              const value &x = fn.values[v];
              if (x.file != f || w.wv[v].spilled
                  || (x.allowed.test (h) && !w.live.forbidden[v].test (h)))
                continue;
              for (auto [a, b] : w.live.intervals[v])
                add (excl, a, b, x.width);
            }
          hard_points ([&] (pos_t p, const hreg_set &s) {
            hreg_set t = s;
            t.reset (h);
            add (excl, p, p, int (t.count ()));
          });
          tight_prefix.assign (n + 2, 0);
          int ne = 0;
          for (pos_t p = 0; p <= n; ++p)
            {
              ne += excl[p];
              tight_prefix[p + 1]
                = tight_prefix[p] + (ne >= size - 1 && all[p] > ne ? 1 : 0);
            }
          if (tight_prefix[n + 1] == 0)
            continue;
          for (value_id v = 0; v < fn.values.size (); ++v)
            {
              const value &x = fn.values[v];
              if (x.file != f || w.wv[v].spilled || !x.allowed.test (h)
                  || w.live.forbidden[v].test (h))
                continue;
              for (auto [a, b] : w.live.intervals[v])
                if (tight_prefix[b + 1] != tight_prefix[a])
                  {
                    out[v].set (h);
                    break;
                  }
            }
        }
    }
  return out;
}

// Where a group member needs its register (walker::member_fits): at U_j
// with the uses, or at D_j with the defs.
enum class member_at { use, def };

// walker::wanted: the tie-break applies where at most this many
// registers of the file are free besides the value's own.
constexpr unsigned scarce_free = 2;

// walker::short_of_ahead: where registers are plentiful, it looks ahead
// only when a value the next instructions define accepts at most this
// many of the free registers (one that crosses a call and needs a
// call-saved register: sqlite3RowSetClear with 12 GPRs, r31 the only
// call-saved one, gave r31 to a loop-header phi whose next node, made
// from it two instructions later and live across the loop's calls,
// then found none, and was spilled whole).
constexpr unsigned narrow_ahead = 1;

// When walker::short_of_ahead looks ahead: always (registers are
// scarce), or only for a def ahead with few registers (narrow_ahead).
enum class ahead_check { always, if_narrow };

// Lists of values per instruction of a block, in one array that keeps
// its storage from block to block (a list per instruction cost an
// allocation wherever a block had more instructions than any before).
// Invariant: whoever fills them fills instruction j's list whole
// (open (j), then push (j, ...)) before opening another, so each list
// is one run of `items_`.
class insn_lists
{
public:
  struct run
  {
    const value_id *b, *e;
    const value_id *begin () const { return b; }
    const value_id *end () const { return e; }
  };

  void reset (size_t n)
  {
    items_.clear ();
    lo_.assign (n, 0);
    hi_.assign (n, 0);
  }
  void open (size_t j) { lo_[j] = hi_[j] = uint32_t (items_.size ()); }
  void push (size_t j, value_id v)
  {
    items_.push_back (v);
    hi_[j] = uint32_t (items_.size ());
  }
  run operator[] (size_t j) const
  {
    return { items_.data () + lo_[j], items_.data () + hi_[j] };
  }

private:
  vec<value_id> items_;
  vec<uint32_t> lo_, hi_;
};

struct walker
{
  work &w;
  // unplaced[v]: V found no register in this walk (a shortfall,
  // work::shortfall); it holds none, and the walk goes on without it.
  vec<bool> unplaced;
  // The first shortfall, in words (the failure's detail).
  std::string error;

  // occ[h]: the value whose register covers h here, or no_value.
  value_id occ[max_hard_regs];
  // occ_set: the registers whose occ is a value (occupy and release keep
  // it so), for counting and testing free registers as bits.
  hreg_set occ_set;
  // Values coloured at the current point (victims may not be among them).
  vec<value_id> here;

  // For the block being walked: group_at[j] lists the values defined in
  // the block that instruction j reads first (operand temps, reload
  // temps, shared reloads: spilled or not, j reads each in a register)
  // and the earlyclobber defs of j, spillable or not: they all need
  // distinct registers at j; read_at[v] is the first instruction after
  // its def that reads v, valid while def_stamp[v] is the block's stamp.
  insn_lists group_at;
  vec<uint32_t> read_at, def_stamp;
  // die_at[v]: the instruction of the block being walked where v is read
  // last, when v is not live out; valid while die_stamp[v] is the
  // block's stamp.
  vec<uint32_t> die_at, die_stamp;
  uint32_t cur_stamp = 0;
  const block *cur_blk = nullptr;
  block_id cur_b = 0;
  const insn *group_insn = nullptr;
  // The instruction whose defs are being coloured, or null (phis).
  const insn *cur_insn = nullptr;
  // For the group being tested: the index of its instruction in the
  // block, the index of its first def member (~0: none), the registers
  // of the value being coloured if it keeps them at D_j, the registers
  // chosen for the members.
  size_t group_j = 0, cur_j = 0;
  size_t def_split = ~size_t (0);
  hreg_set head_keep;
  vec<hreg> chosen;
  // dying[j]: the values whose last use in the block is instruction j and
  // that are not live out.
  insn_lists dying;
  // dead[j]: the defs of instruction j that are never read.
  insn_lists dead;
  // The defs of the instruction being coloured, earlyclobber and plain.
  vec<value_id> ec_defs, plain_defs;
  // Search budget of group_fits per walk: the search is exponential in
  // the group size (a handful of operands), so it gives up rather than
  // slow down on pathological instructions.
  unsigned search_budget = 200000;

  // dyn[v]: registers v's affinity neighbours took in this walk, with
  // the weight of the copy that v in that register would save
  // (walker::propagate).  Added to the static work::pref at v's def.
  vec<vec<std::pair<hreg, double>>> dyn;
  vec<uint32_t> visit_stamp;
  uint32_t visit_cur = 0;

  // Call-saved registers that cost nothing more to write: the frame saves
  // them anyway, or a value has one already in this walk.
  hreg_set saved_in_use;
  // Call-saved registers the frame saves or a value has in this walk
  // (saved_in_use counts all of them in a function with calls).
  hreg_set saved_written;
  // file_regs[f]: the registers of file f.
  vec<hreg_set> file_regs;
  // barred[h]: barred_ahead's weight against register h for the value
  // color () colours; claimed[h] and short_ahead[h] likewise from
  // claimed_ahead and short_of_ahead.  Each call sets them for the
  // registers of the value's file alone, and color () reads no other
  // (zeroing all max_hard_regs of the three per value was 1% of the
  // core's instructions on SQLite's replay).
  std::array<double, max_hard_regs> barred;
  std::array<double, max_hard_regs> claimed;
  // short_ahead[h]: how many of the values the next lookahead_insns
  // instructions define while V is live would find no free register
  // if V took h (walker::short_of_ahead; where registers are scarce,
  // or a def ahead accepts few of them: ahead_check).
  std::array<unsigned, max_hard_regs> short_ahead {};
  // wanted[h]: how many values of the function may take register h.
  // Where registers are scarce (at most scarce_free free besides the
  // value's own), between registers of a memory-direct file otherwise
  // equal, color () takes the one fewest values may take (r0, which no
  // base address may use), so that the others are still free when a
  // value that needs one of them comes: the spiller counts registers
  // class by class (spilling.cc, fit_classes), but a value keeps its one
  // register for its whole life.  Not where registers are plentiful:
  // GCC's order gives r0 last, and inline asm that reads an "r" operand
  // as a base (addi %0,%1,1) relies on it (asm-run.c).  Not for CR
  // fields, which the spiller leaves alone: keeping cr0 for record-form
  // results cost LZ4HC 5.5 M more CR copies through GPRs.  Counted at
  // the first tie-break that needs it (wanted_of): most functions have
  // none, and the count was a pass over every value and register.  No
  // value is added, and no allowed set changes, during a walker's life.
  std::array<unsigned, max_hard_regs> wanted {};
  bool wanted_made = false;
  unsigned wanted_of (hreg h)
  {
    if (!wanted_made)
      {
        wanted_made = true;
        for (const value &y : w.fn.values)
          for (hreg r : w.tgt.files[y.file].regs)
            if (y.allowed.test (r))
              ++wanted[r];
      }
    return wanted[h];
  }
  // tight[v]: registers V should hold because somewhere in its life the
  // values that may not take them fill every other register of the file
  // (tight_registers); color () ranks them above any preference.
  vec<hreg_set> tight;
  // weight ()'s, once made.
  vec<double> weights_;

  // The paper's spill weight of V (compute_weights), for choosing what
  // to spill whole where relief does not help (victim).  Made for
  // the whole function at the first call: most functions have no
  // shortfall, and the walk changes neither the intervals nor the
  // spilled flags the weights are made of.
  double weight (value_id v)
  {
    if (weights_.empty () && !w.fn.values.empty ())
      weights_ = compute_weights (w);
    return weights_[v];
  }

  // What to send to memory for V, which found no register here, where
  // relief does not help (work::shortfall::whole and ::unshare), by the
  // paper's choice (seed 001 section 4.4): the cheaper by weight of V
  // itself and the occupants of one register V could take.  A value
  // goes whole (named by its stable id, work::stable_of, and still
  // spillable); a shared reload of a value in memory already
  // (place_spill_code) goes by its value's reads getting reloads of
  // their own.  Where neither V nor such a register qualifies, the
  // lightest such occupant of any register of V's file (an operand temp
  // whose registers temps hold: a call's eight arguments set up with
  // eight GPRs, SQLite's sqlite3VdbeExec).  One occupant of a wide
  // register: the next run names another if it is still short.
  void victim (value_id v, const hreg_set &allowed, const hreg_set &forbid,
               work::shortfall &s)
  {
    double best_cost = std::numeric_limits<double>::infinity ();
    // Whether occupant O may go, and how: into WHOLE or UNSHARE.
    auto goes = [&] (value_id o, value_id &whole, value_id &unshare) {
      const value_id so = w.stable_of (o);
      whole = unshare = no_value;
      if (so == no_value)
        return false;
      if (can_spill (w, so))
        whole = so;
      else if (w.wv[o].shared_reload && w.wv[so].spilled
               && std::find (w.unshared.begin (), w.unshared.end (), so)
                    == w.unshared.end ())
        unshare = so;
      return whole != no_value || unshare != no_value;
    };
    value_id wv0, un0;
    if (goes (v, wv0, un0) && wv0 != no_value)
      {
        s.whole = wv0;
        best_cost = weight (v);
      }
    const value &x = w.fn.values[v];
    for (int pass = 0; pass < 2; ++pass)
      {
        for (hreg h : w.tgt.files[x.file].regs)
          {
            if (pass == 0 && !fits (v, h, allowed, forbid))
              continue;
            double cost = 0;
            value_id pw = no_value, pu = no_value;
            bool ok = true, any = false;
            for (unsigned k = 0; k < (pass == 0 ? x.width : 1u) && ok; ++k)
              {
                const value_id o = occ[h + k];
                if (o == no_value)
                  continue;
                value_id ow, ou;
                if (!goes (o, ow, ou))
                  ok = false;
                else
                  {
                    cost += weight (o);
                    if (!any)
                      {
                        pw = ow;
                        pu = ou;
                        any = true;
                      }
                  }
              }
            if (ok && any && cost < best_cost)
              {
                s.whole = pw;
                s.unshare = pu;
                best_cost = cost;
              }
          }
        if (s.whole != no_value || s.unshare != no_value)
          return;
      }
  }

  explicit walker (work &x) : w (x)
  {
    saved_in_use = w.fn.frame_saved;
    saved_written = w.fn.frame_saved;
    file_regs.assign (w.tgt.files.size (), hreg_set ());
    for (size_t f = 0; f < w.tgt.files.size (); ++f)
      for (hreg h : w.tgt.files[f].regs)
        file_regs[f].set (h);
    // In a function with calls, values across them take call-saved
    // registers anyway, at points colour assignment cannot foresee:
    // counting the first one against an early value only moves it (LZ4HC
    // -O2: 1.052x -> 1.091x).  In a leaf function every call-saved
    // register written is a save and a restore more.
    bool leaf = true;
    for (const block &blk : w.fn.blocks)
      for (const insn &i : blk.insns)
        if (i.kind == insn_kind::call)
          leaf = false;
    if (!leaf)
      saved_in_use |= w.tgt.call_saved;
    size_t nv = w.fn.values.size ();
    unplaced.assign (nv, false);
    read_at.assign (nv, 0);
    def_stamp.assign (nv, 0);
    die_at.assign (nv, 0);
    die_stamp.assign (nv, 0);
    dyn.assign (nv, {});
    visit_stamp.assign (nv, 0);
    tight = tight_registers (w);
  }

  // Walk the values without a register around V, breadth first along
  // affinities (copies, phis, ties: work::affinities), at most
  // max_propagation_hops away and max_propagation_visits of them, and
  // call VISIT (U, WT) for each: WT is the weakest affinity on the way,
  // halved per hop beyond the first.  VISIT returns whether the walk goes
  // on through U.
  // walk_uncoloured's frontiers, kept between calls (one walk per
  // value coloured).
  vec<std::pair<value_id, double>> walk_frontier, walk_next;
  template <typename F> void walk_uncoloured (value_id v, F visit)
  {
    ++visit_cur;
    visit_stamp[v] = visit_cur;
    vec<std::pair<value_id, double>> &frontier = walk_frontier,
                                             &next = walk_next;
    frontier.assign (1, { v, -1.0 });
    unsigned visits = 0;
    double decay = 1.0;
    for (unsigned hop = 0; hop < max_propagation_hops; ++hop)
      {
        next.clear ();
        for (auto [x, wt] : frontier)
          for (const work::affinity &af : w.affinities[x])
            {
              value_id u = af.other;
              if (visit_stamp[u] == visit_cur || w.wv[u].reg != no_hreg
                  || w.wv[u].origin == vorigin::dead
                  || visits == max_propagation_visits)
                continue;
              visit_stamp[u] = visit_cur;
              ++visits;
              double uw = wt < 0 ? af.weight : std::min (wt, af.weight);
              if (visit (u, decay * uw))
                next.push_back ({ u, uw });
            }
        frontier.swap (next);
        decay *= propagation_decay;
      }
  }

  // V has just got its register R: tell the values around it that have
  // none yet (walk_uncoloured), so that a copy between them can vanish.
  // This is how a loop-header phi, coloured before its back-edge
  // argument exists, draws that argument and the copies and phis feeding
  // it to its register, with the back edge's frequency.
  void propagate (value_id v)
  {
    hreg r = w.wv[v].reg;
    if (r == no_hreg || w.wv[v].spilled)
      return;
    walk_uncoloured (v, [&] (value_id u, double wt) {
      if (w.fn.values[u].allowed.test (r))
        add_preference (dyn[u], r, wt);
      return true;
    });
  }

  // The registers that V's uncoloured affinity neighbours
  // (walk_uncoloured; not through spilled ones) may not take (outside
  // their allowed set, or struck by a clobber in their live range: a
  // value live across a call may not take a call-clobbered register),
  // each with the weight of the copy V there would leave between them.
  // Colour assignment counts them against V's preferences, so that a
  // loop-header phi whose back-edge chain crosses a call takes a
  // register the whole chain can keep, instead of one that costs a copy
  // on every iteration.
  // (Into `barred`, per register.)
  void barred_ahead (value_id v)
  {
    const reg_file &rf = w.tgt.files[w.fn.values[v].file];
    for (hreg h : rf.regs)
      barred[h] = 0.0;
    const hreg_set &regs = file_regs[w.fn.values[v].file];
    walk_uncoloured (v, [&] (value_id u, double wt) {
      if (w.wv[u].spilled)
        return false;
      const value &y = w.fn.values[u];
      // H is barred if U may not start there or any register of U's
      // width from H on is forbidden.
      hreg_set bar = w.live.forbidden[u];
      for (unsigned k = 1; k < y.width; ++k)
        bar |= w.live.forbidden[u] >> k;
      bar = (bar | ~y.allowed) & regs;
      if (bar.any ())
        for (hreg h : rf.regs)
          if (bar.test (h))
            barred[h] += wt;
      return true;
    });
  }

  // Give V register H (free) and tell its neighbours.
  // Put V in register H: note the call-saved registers it takes, and
  // occupy them.
  void take (value_id v, hreg h)
  {
    saved_in_use |= work::span (h, w.fn.values[v].width) & w.tgt.call_saved;
    saved_written |= work::span (h, w.fn.values[v].width) & w.tgt.call_saved;
    w.wv[v].reg = h;
    occupy (v);
  }

  void assign (value_id v, hreg h)
  {
    take (v, h);
    here.push_back (v);
    propagate (v);
  }

  // Return true if V holds a register (a spilled value holds one from
  // its def to its store).
  bool usable (value_id v) const { return w.wv[v].reg != no_hreg; }

  // Return true if V's register is its home, worth preferring.
  bool home_in_reg (value_id v) const
  {
    return usable (v) && !w.wv[v].spilled;
  }

  void occupy (value_id v)
  {
    const value &x = w.fn.values[v];
    for (unsigned k = 0; k < x.width; ++k)
      {
        occ[w.wv[v].reg + k] = v;
        occ_set.set (w.wv[v].reg + k);
      }
  }

  void release (value_id v)
  {
    if (w.wv[v].reg == no_hreg)
      return;
    const value &x = w.fn.values[v];
    for (unsigned k = 0; k < x.width; ++k)
      if (occ[w.wv[v].reg + k] == v)
        {
          occ[w.wv[v].reg + k] = no_value;
          occ_set.reset (w.wv[v].reg + k);
        }
  }

  // Whether O may be moved to another register: one register wide, not
  // spilled, not coloured at this point, and neither a tied copy nor the
  // def it is tied to.
  bool movable (value_id o) const
  {
    if (w.fn.values[o].width != 1 || w.wv[o].tie_def != no_value
        || std::find (here.begin (), here.end (), o) != here.end ())
      return false;
    for (value_id u = 0; u < w.wv.size (); ++u)
      if (w.wv[u].tie_def == o)
        return false;
    return true;
  }

  // Whether U, coloured and no longer live here, may take H instead of
  // its register: movable, H fits it, and no value in H but the one H
  // holds here lives where U does.
  bool swappable (value_id u, hreg h) const
  {
    if (!movable (u) || occ[w.wv[u].reg] == u)
      return false;
    hreg_set u_allowed, u_forbid;
    limits (u, u_allowed, u_forbid);
    if (!fits (u, h, u_allowed, u_forbid))
      return false;
    for (value_id y = 0; y < w.wv.size (); ++y)
      if (y != u && y != occ[h] && usable (y) && w.wv[y].reg <= h
          && h < w.wv[y].reg + w.fn.values[y].width && w.live.meet (y, u))
        return false;
    return true;
  }

  // V, of allowed set ALLOWED and forbidden set FORBID, finds every
  // register it may take held here.  Where such a register H is held by
  // a value O that may take a register G free here, and no value that
  // has G in this walk lives where O does, O takes G for its whole
  // life and V takes H: the greedy order gave O a register that V
  // needed while one that V cannot take stayed free.  Where one value U
  // that has G lives where O does, no longer live here, and may take H
  // (nothing else in H lives where it does), U and O swap (SQLite's
  // sqlite3StrICmp with 5 GPRs: a reload read by a base register's def
  // took r0, the one register free where it was made, and the base
  // register then found r3-r6 held by values that r0 would serve).  O
  // and U have no tie, are no members of a group and were not coloured
  // at this point, so nothing coloured so far depends on their
  // registers but their neighbours' occupancy, which the overlap tests
  // cover; a value coloured later sees them where they are.  One scan
  // of the values per occupant tried (and one per swap partner): it
  // runs only where V would otherwise spill.  Return whether V is
  // coloured.
  bool move_occupant (value_id v, const hreg_set &allowed,
                      const hreg_set &forbid)
  {
    const value &x = w.fn.values[v];
    if (x.width != 1)
      return false;
    for (hreg h : w.tgt.files[x.file].regs)
      {
        const value_id o = occ[h];
        if (!fits (v, h, allowed, forbid) || o == no_value || !movable (o))
          continue;
        hreg_set o_allowed, o_forbid;
        limits (o, o_allowed, o_forbid);
        // The values with a register in this walk that live where O does.
        vec<value_id> near;
        for (value_id u = 0; u < w.wv.size (); ++u)
          if (u != o && usable (u) && w.live.meet (u, o))
            near.push_back (u);
        for (hreg g : w.tgt.files[x.file].regs)
          {
            if (g == h || !fits (o, g, o_allowed, o_forbid)
                || !free_at (o, g))
              continue;
            // Those in G: none, or one, U, no longer live here, that may
            // take H instead (nothing else in H lives where it does): O
            // and U swap.
            value_id partner = no_value;
            bool clash = false;
            for (value_id u : near)
              if (!clash && w.wv[u].reg <= g
                  && g < w.wv[u].reg + w.fn.values[u].width)
                {
                  clash = partner != no_value || !swappable (u, h);
                  partner = u;
                }
            if (clash)
              continue;
            release (o);
            take (o, g);
            if (partner != no_value)
              w.wv[partner].reg = h;
            assign (v, h);
            return true;
          }
      }
    return false;
  }

  // Return true if V at H would be inside its allowed set and forbidden
  // set FORBID (not looking at occupancy).
  bool fits (value_id v, hreg h, const hreg_set &allowed,
             const hreg_set &forbid) const
  {
    if (!allowed.test (h))
      return false;
    const unsigned width = w.fn.values[v].width;
    if (width == 1)
      return !forbid.test (h);
    return (work::span (h, width) & forbid).none ();
  }

  bool free_at (value_id v, hreg h) const
  {
    const unsigned width = w.fn.values[v].width;
    if (width == 1)
      return !occ_set[h];
    for (unsigned k = 0; k < width; ++k)
      if (occ[h + k] != no_value)
        return false;
    return true;
  }

  // The registers V may take and the ones it must not touch (a tied
  // use's copy also answers for its def).
  void limits (value_id v, hreg_set &allowed, hreg_set &forbid) const
  {
    allowed = w.fn.values[v].allowed;
    forbid = w.live.forbidden[v];
    if (w.wv[v].tie_def != no_value)
      {
        allowed &= w.fn.values[w.wv[v].tie_def].allowed;
        forbid |= w.live.forbidden[w.wv[v].tie_def];
      }
  }

  // Return true if V (coloured, or a pending member of the group) keeps
  // its register at D_j of the group's instruction j: a tied use's copy
  // (its def takes the register over) or an earlyclobber def of j.
  bool keeps_at_def (value_id v) const
  {
    if (w.wv[v].tie_def != no_value)
      return true;
    if (group_insn)
      for (const operand &o : group_insn->ops)
        if (o.kind == operand_kind::def && o.value == v && o.earlyclobber)
          return true;
    return false;
  }

  // Return true if def member M of the group may take H at D_j of the
  // group's instruction GROUP_J: each occupant is a use of j that dies
  // there (and does not hand its register to a tied def).
  bool def_available (value_id m, hreg h) const
  {
    for (unsigned q = 0; q < w.fn.values[m].width; ++q)
      {
        value_id o = occ[h + q];
        if (o == no_value)
          continue;
        const auto &d = dying[group_j];
        if (std::find (d.begin (), d.end (), o) == d.end ()
            || keeps_at_def (o))
          return false;
      }
    return true;
  }

  // Return true if the values PENDING[K..] can take distinct registers
  // outside TAKEN, each on registers free here.
  // Members from DEF_SPLIT on are defs of the group's instruction j,
  // written at D_j: they must be distinct among themselves and from the
  // registers kept at D_j (HEAD_KEEP and keeps_at_def members), but may
  // take the registers of uses that die at j.  CHOSEN records the
  // members' registers.
  bool group_fits (const vec<value_id> &pending, size_t k,
                   hreg_set &taken)
  {
    if (k == pending.size ())
      return true;
    if (search_budget == 0)
      return true;  // Give up: do not constrain the choice.
    --search_budget;
    if (k == def_split)
      {
        hreg_set at_def = head_keep;
        for (size_t i = 0; i < k; ++i)
          if (keeps_at_def (pending[i]))
            at_def |= work::span (chosen[i], w.fn.values[pending[i]].width);
        hreg_set saved = taken;
        taken = at_def;
        bool fine = member_fits (pending, k, taken, member_at::def);
        taken = saved;
        return fine;
      }
    return member_fits (pending, k, taken,
                        k >= def_split ? member_at::def : member_at::use);
  }

  bool member_fits (const vec<value_id> &pending, size_t k,
                    hreg_set &taken, member_at at)
  {
    value_id m = pending[k];
    unsigned wd = w.fn.values[m].width;
    hreg_set allowed, forbid;
    limits (m, allowed, forbid);
    for (hreg h : w.tgt.files[w.fn.values[m].file].regs)
      {
        if (!fits (m, h, allowed, forbid | taken))
          continue;
        if (at == member_at::def ? !def_available (m, h) : !free_at (m, h))
          continue;
        hreg_set span = work::span (h, wd);
        taken |= span;
        chosen[k] = h;
        bool fine = group_fits (pending, k + 1, taken);
        taken &= ~span;
        if (fine)
          return true;
      }
    return false;
  }

  // Return true if V at H leaves the rest of its group, PENDING,
  // satisfiable.
  bool group_ok (value_id v, hreg h, const vec<value_id> &pending)
  {
    hreg_set taken = work::span (h, w.fn.values[v].width);
    head_keep = keeps_at_def (v) ? taken : hreg_set ();
    chosen.assign (pending.size (), no_hreg);
    return group_fits (pending, 0, taken);
  }

  // The values that must find registers at the instruction that reads
  // unspillable V next, once V has one: the rest of its group not yet
  // coloured.
  // A def of the instruction being coloured (CUR_INSN) likewise leaves
  // room for the instruction's other unspillable defs.  Sets GROUP_INSN
  // to the instruction concerned.
  vec<value_id> pending_group (value_id v)
  {
    vec<value_id> p;
    group_insn = nullptr;
    def_split = ~size_t (0);
    if (cur_insn)
      for (const operand &o : cur_insn->ops)
        if (o.kind == operand_kind::def && o.value == v)
          {
            // An earlyclobber def is coloured while the uses still hold
            // their registers: the other earlyclobber defs must fit now,
            // the plain ones at D_j, where the uses that die here have
            // let go.  Spillable defs count too: spilling a def leaves
            // it its register at j.
            for (int pass = 0; pass < 2; ++pass)
              {
                if (pass == 1 && o.earlyclobber)
                  def_split = p.size ();
                for (const operand &d : cur_insn->ops)
                  if (d.kind == operand_kind::def && d.value != v
                      && d.tied_to == no_operand
                      && w.wv[d.value].reg == no_hreg
                      && d.earlyclobber == (pass == 0))
                    p.push_back (d.value);
              }
            if (!p.empty ())
              {
                group_insn = cur_insn;
                group_j = cur_j;
                return p;
              }
            def_split = ~size_t (0);
            break;
          }
    if (can_spill (w, v) || def_stamp[v] != cur_stamp)
      return p;
    size_t j = read_at[v];
    for (value_id u : group_at[j])
      if (u != v && w.wv[u].reg == no_hreg && !unplaced[u])
        p.push_back (u);
    // The defs of j need registers at D_j, where the tied defs take
    // their uses' registers; spillable ones too (a spilled def still
    // has a register at its def).
    def_split = p.size ();
    for (const operand &d : cur_blk->insns[j].ops)
      if (d.kind == operand_kind::def && d.tied_to == no_operand
          && !d.earlyclobber && w.wv[d.value].reg == no_hreg)
        p.push_back (d.value);
    if (!p.empty ())
      {
        group_insn = &cur_blk->insns[j];
        group_j = j;
      }
    return p;
  }

  // Colour V.  PREFS are (register, points) pairs.  Return true on
  // success; on failure V is unplaced.
  bool color (value_id v, const vec<std::pair<hreg, double>> &prefs)
  {
    const value &x = w.fn.values[v];
    hreg_set allowed, forbid;
    limits (v, allowed, forbid);
    hreg best = no_hreg;
    // An unspillable temp leaves room for the other temps of the
    // instruction that reads it (operand copies, reloads), which cannot
    // be spilled out of its way either: first only registers that keep
    // them satisfiable, then any.
    vec<value_id> pending = pending_group (v);
    // First stay clear of pre-coloured values' registers, then not.
    hreg_set avoid = w.live.avoid[v];
    if (w.wv[v].tie_def != no_value)
      avoid |= w.live.avoid[w.wv[v].tie_def];
    barred_ahead (v);
    claimed_ahead (v);
    bool tie_by_wanted = false;
    if (w.tgt.files[x.file].memory_direct)
      {
        const unsigned nfree
          = unsigned ((file_regs[x.file] & ~occ_set).count ());
        tie_by_wanted = nfree <= scarce_free + x.width;
      }
    for (hreg h : w.tgt.files[x.file].regs)
      short_ahead[h] = 0;
    short_of_ahead (v, allowed, tie_by_wanted ? ahead_check::always
                                              : ahead_check::if_narrow);
    // A value no call clobbers all the registers of (live across no call)
    // takes a call-saved register nothing has yet only when nothing else
    // is as good: a tie-break, below any weight.  (A scratch in r31 cost
    // btreeParseCellPtr a frame on its hot path, shrink-wrapped there.)
    const hreg_set clobbered = file_regs[x.file] & ~w.tgt.call_saved;
    const bool crosses_call = clobbered.any ()
                              && (clobbered & ~w.live.forbidden[v]).none ();
    // Pass 0 keeps the group satisfiable, pass 1 does not care.
    auto pick_free = [&] (int pass) {
      // The call-saved registers nothing holds yet, and those nothing
      // has written, and how many of them H would cover; made once per
      // call (nothing is assigned during it), not per register.
      const hreg_set fresh_use = w.tgt.call_saved & ~saved_in_use;
      const hreg_set fresh_write = w.tgt.call_saved & ~saved_written;
      const double entry_freq = block_frequency (w, 0);
      auto covered = [&] (const hreg_set &s, hreg h) {
        return x.width == 1 ? unsigned (s[h])
                            : unsigned ((work::span (h, x.width) & s).count ());
      };
      for (const hreg_set &f : { forbid | avoid, forbid })
        {
          double best_points = -std::numeric_limits<double>::infinity ();
          // A value of one register: the registers that fit and are
          // free, at once (fits and free_at, register by register, for
          // the others).
          const hreg_set unit_ok = allowed & ~f & ~occ_set;
          for (hreg h : w.tgt.files[x.file].regs)
            {
              if (x.width == 1 ? !unit_ok.test (h)
                               : !fits (v, h, allowed, f) || !free_at (v, h))
                continue;
              double points = 0;
              for (auto [r, p] : prefs)
                if (r == h)
                  points += p;
              if (tight[v].test (h))
                points += tight_bonus;
              points -= barred[h];
              points -= claimed[h];
              // A call-saved register nothing uses yet costs a save in
              // the prologue and a restore in the epilogue, once per
              // call of the function (the entry block's frequency).
              // (GCC's order lists r12 after r31-r14 on this ABI:
              // without the cost a scratch in a leaf function took r31,
              // and the function a frame to save it.)
              if (unsigned fresh = covered (fresh_use, h))
                points -= 2.0 * fresh * entry_freq;
              // Leaving a later def no register costs it a spill: above
              // any preference.
              points -= 1e6 * short_ahead[h];
              // A tie-break only: below any weight.
              if (tie_by_wanted)
                points -= 1e-9 * wanted_of (h);
              if (!crosses_call && covered (fresh_write, h))
                points -= 1e-6;
              if (points <= best_points)
                continue;
              if (pass == 0)
                {
                  if (!group_ok (v, h, pending))
                    continue;
                }
              best = h;
              best_points = points;
            }
          if (best != no_hreg)
            break;
        }
    };
    pick_free (pending.empty () ? 1 : 0);
    if (best != no_hreg)
      {
        assign (v, best);
        return true;
      }
    // No free register leaves room for the group: any free register.
    if (!pending.empty ())
      {
        pick_free (1);
        if (best != no_hreg)
          {
            assign (v, best);
            return true;
          }
      }
    // A register of V's held by a value that could have taken a free
    // one: that value moves there for its whole life (move_occupant).
    if (pending.empty ()
        && std::find (ec_defs.begin (), ec_defs.end (), v) == ec_defs.end ()
        && move_occupant (v, allowed, forbid))
      return true;
    // Nothing fits: V goes without (a shortfall; colour_noting).
    unplaced[v] = true;
    if (error.empty ())
      error = "no register for " + x.name + " at " + where ();
    return false;
  }

  // Whether U, a value of FILE, is still to be coloured in this walk:
  // no register yet, and not in memory.
  bool awaits_colour (value_id u, file_id file) const
  {
    return w.fn.values[u].file == file && w.wv[u].reg == no_hreg
           && !w.wv[u].spilled && !unplaced[u];
  }

  // The registers that values defined by the next lookahead_insns
  // instructions of the block, while V is still live, prefer (into
  // `claimed`, with their weights): V taking one would leave that value
  // a copy (sqlite3GetVarint: the high word of a result, made first,
  // took the register the low word's phi had, and three moves swapped
  // them at the join).
  // Call F (operand) for each def, in V's file, of the instructions
  // after the current one up to V's last read among the next
  // lookahead_insns (all of those when V lives past them: live out, or
  // read later) that has no register yet and is not V, spilled, or
  // tied (a tied def takes its use's register, whatever it prefers).
  // V's last read is known from the block's pre-scan (die_at): until
  // 2026-11-29 a value read inside the window but defined more than
  // lookahead_insns before the block's end counted as live to the
  // window's end, and the defs after its death claimed its register
  // (tree-sitter's walk: a frame address recomputed for a call's r3
  // took r9, since the call's result, defined after the address died,
  // wanted r3; a move per call).
  // Requires cur_blk.
  template <typename F>
  void for_each_def_ahead (value_id v, F f)
  {
    const block &blk = *cur_blk;
    // After the current instruction, or from the block's first for a
    // phi.
    const size_t from = cur_insn != nullptr ? cur_j + 1 : 0;
    const size_t end = std::min (blk.insns.size (), from + lookahead_insns);
    size_t last = from;
    const auto &out = w.live.live_out[cur_b];
    if (std::binary_search (out.begin (), out.end (), v))
      last = end;
    else if (die_stamp[v] == cur_stamp)
      last = std::max (from, std::min (end, size_t (die_at[v])));
    const file_id file = w.fn.values[v].file;
    for (size_t k = from; k < last; ++k)
      for (const operand &o : blk.insns[k].ops)
        {
          if (o.kind != operand_kind::def || o.value == v
              || o.tied_to != no_operand)
            continue;
          if (!awaits_colour (o.value, file))
            continue;
          f (o);
        }
  }

  // Fill short_ahead for V, whose allowed registers are ALLOWED: for
  // each free register h V may take, how many of the single-register
  // values of V's file that the next lookahead_insns instructions define
  // while V is live would be left no free register they accept, were V
  // in h (a greedy match, most restricted first; registers freed by
  // values dying in the window are not counted, which errs towards
  // seeing a shortage, alike for every h).  Where registers are scarce
  // a value that may take r0 otherwise takes r14 by GCC's order and
  // leaves the next two defs, which may not take r0, one register
  // (LZ4HC: the constant `back` was evicted and spilled whole, 1.9 M
  // stores).
  // short_of_ahead's lists, cleared, not reallocated, per call.
  vec<hreg_set> ahead_scratch_;
  vec<size_t> ahead_order_;
  void short_of_ahead (value_id v, const hreg_set &allowed, ahead_check when)
  {
    if (cur_blk == nullptr)
      return;
    const value &x = w.fn.values[v];
    if (x.width != 1)
      return;
    const hreg_set free_now = file_regs[x.file] & ~occ_set;
    vec<hreg_set> &ahead = ahead_scratch_;
    ahead.clear ();
    for_each_def_ahead (v, [&] (const operand &o) {
      const value &y = w.fn.values[o.value];
      if (y.width == 1)
        ahead.push_back (y.allowed & o.allowed
                         & ~w.live.forbidden[o.value]);
    });
    if (ahead.empty ())
      return;
    if (when == ahead_check::if_narrow)
      {
        bool narrow = false;
        for (const hreg_set &a : ahead)
          narrow = narrow || (a & free_now).count () <= narrow_ahead;
        if (!narrow)
          return;
      }
    vec<size_t> &order = ahead_order_;
    order.resize (ahead.size ());
    for (hreg h : w.tgt.files[x.file].regs)
      {
        if (!allowed.test (h) || !free_now.test (h))
          continue;
        hreg_set left = free_now;
        left.reset (h);
        for (size_t i = 0; i < order.size (); ++i)
          order[i] = i;
        std::sort (order.begin (), order.end (), [&] (size_t a, size_t b) {
          return (ahead[a] & left).count () < (ahead[b] & left).count ();
        });
        unsigned shortfall = 0;
        for (size_t i : order)
          {
            hreg_set c = ahead[i] & left;
            if (c.none ())
              {
                ++shortfall;
                continue;
              }
            left.reset (c._Find_first ());
          }
        short_ahead[h] = shortfall;
      }
  }

  // Fill `claimed` for V: the registers that values defined while V is
  // live want, weighted by how much they want them.  For an instruction
  // def, the defs of the next lookahead_insns instructions (while V is
  // live); for a phi def, the block's other phi defs not yet coloured.
  // A register such a def must hold (tight_registers) counts as much as
  // V's own tight registers count for V: with five GPRs,
  // sqlite3PExprAddSelect's v0, live one instruction, took r0, the only
  // register the next def could hold later (two base addresses and r3,
  // r4 live to a call took the others), and sqlite3LookasideUsed's phi
  // v33 took r0 before its block's other phi v90, which had to hold it
  // at the next loop's header; each spilled a value whole in a second
  // round.
  void claimed_ahead (value_id v)
  {
    const file_id file = w.fn.values[v].file;
    for (hreg h : w.tgt.files[file].regs)
      claimed[h] = 0.0;
    if (cur_blk == nullptr)
      return;
    auto claim_tight = [&] (value_id u) {
      const hreg_set &t = tight[u];
      if (t.any ())
        for (hreg h : w.tgt.files[file].regs)
          if (t.test (h))
            claimed[h] += tight_bonus;
    };
    if (cur_insn == nullptr)
      {
        for (const phi &ph : cur_blk->phis)
          {
            if (ph.def != v && awaits_colour (ph.def, file))
              claim_tight (ph.def);
          }
        return;
      }
    for_each_def_ahead (v, [&] (const operand &o) {
      for (auto [h, x] : prefs_of (o.value, ahead_prefs))
        if (x > 0)
          claimed[h] += x;
      claim_tight (o.value);
    });
  }

  // Return the preferences of V at its def: the static ones
  // (preferences.cc) and what its coloured neighbours passed on.
  // Most values have nothing passed on: their static list as it is, no
  // copy; otherwise a copy in BUF, which must outlive the use.
  const vec<std::pair<hreg, double>> &
  prefs_of (value_id v, vec<std::pair<hreg, double>> &buf) const
  {
    if (dyn[v].empty ())
      return w.pref[v];
    buf = w.pref[v];
    for (auto [h, x] : dyn[v])
      add_preference (buf, h, x);
    return buf;
  }
  // The buffers of prefs_of for color's argument and for claimed_ahead
  // (which color calls while it reads its argument).
  vec<std::pair<hreg, double>> color_prefs, ahead_prefs;

  // Where colouring is, for an error message.
  std::string where () const
  {
    if (cur_insn == nullptr)
      return "start of block " + std::to_string (cur_b);
    return "block " + std::to_string (cur_b) + " insn "
           + std::to_string (cur_j);
  }

  // Sort the defs DEFS of one instruction so that those with the fewest
  // choices come first: unspillable ones (temps of narrow operands, which
  // have nowhere else to go), then by the number of registers they may
  // take.  Greedy colouring of the others then works around them.
  void most_constrained_first (vec<value_id> &defs) const
  {
    auto choices = [&] (value_id v) {
      hreg_set a = w.fn.values[v].allowed;
      for (hreg h = 0; h < max_hard_regs; ++h)
        if (a.test (h)
            && (work::span (h, w.fn.values[v].width)
                & w.live.forbidden[v]).any ())
          a.reset (h);
      return std::make_pair (can_spill (w, v), a.count ());
    };
    // An instruction defines few values: a stable insertion sort on
    // keys computed once (std::stable_sort took a buffer from the heap
    // per instruction, and computed the keys per comparison).
    constexpr size_t few = 8;
    if (defs.size () < 2)
      return;
    if (defs.size () > few)
      {
        std::stable_sort (defs.begin (), defs.end (),
                          [&] (value_id x, value_id y) {
                            return choices (x) < choices (y);
                          });
        return;
      }
    std::pair<std::pair<bool, size_t>, value_id> keyed[few];
    const size_t n = defs.size ();
    for (size_t i = 0; i < n; ++i)
      {
        auto key = std::make_pair (choices (defs[i]), defs[i]);
        size_t j = i;
        for (; j > 0 && key.first < keyed[j - 1].first; --j)
          keyed[j] = keyed[j - 1];
        keyed[j] = key;
      }
    for (size_t i = 0; i < n; ++i)
      defs[i] = keyed[i].second;
  }

  // The values this walk found no register for, where they were
  // coloured (work::shortfall).
  vec<work::shortfall> shortfalls;

  // Colour V at the current point (the block's phis, or instruction
  // cur_j); where that fails, note V's shortfall.
  void colour_noting (value_id v)
  {
    if (color (v, prefs_of (v, color_prefs)))
      return;
    const value &x = w.fn.values[v];
    // The phantom stands for V as it is: the starts V may take whose
    // registers are not forbidden over its life (for a value across a
    // call, a call-saved one: SQLite's resolveExprStep at -O2, a CR phi
    // whose phantoms took call-clobbered fields and freed none of
    // cr2-cr4).  Where there are none (held by a pre-coloured range,
    // clobbered by a call it crosses), no relief helps: that is the
    // spiller's own doing (a reload of its kept live across a call that
    // leaves no register, with 8 GPRs), which allocate ()'s whole-value
    // runs undo.
    hreg_set allowed, forbid;
    limits (v, allowed, forbid);
    hreg_set open;
    for (hreg h : w.tgt.files[x.file].regs)
      if (allowed.test (h) && (work::span (h, x.width) & forbid).none ())
        open.set (h);
    work::shortfall s;
    s.where = cur_insn ? w.key_of (cur_b, cur_j)
                       : work::point_key { cur_b, work::relief_entry };
    s.file = x.file;
    s.allowed = open;
    s.any = x.allowed & w.starts (x.file, x.width);
    s.width = x.width;
    victim (v, allowed, forbid, s);
    shortfalls.push_back (s);
  }

  void walk_block (block_id b, vec<uint32_t> &stamp, uint32_t st)
  {
    const block &blk = w.fn.blocks[b];
    for (auto &o : occ)
      o = no_value;
    occ_set.reset ();
    for (value_id v : w.live.live_in[b])
      if (usable (v))
        occupy (v);

    // Backward pre-scan: the uses that die at each instruction and the
    // defs that are dead.
    size_t n = blk.insns.size ();
    // The per-instruction lists keep their storage from block to block.
    dying.reset (n);
    dead.reset (n);
    for (value_id v : w.live.live_out[b])
      stamp[v] = st;
    for (size_t j = n; j-- > 0;)
      {
        dying.open (j);
        dead.open (j);
        for (const operand &o : blk.insns[j].ops)
          if (o.kind == operand_kind::def && stamp[o.value] != st)
            dead.push (j, o.value);
        for (const operand &o : blk.insns[j].ops)
          if (o.kind == operand_kind::use && stamp[o.value] != st)
            {
              stamp[o.value] = st;
              dying.push (j, o.value);
              die_at[o.value] = uint32_t (j);
              die_stamp[o.value] = st;
            }
      }

    cur_stamp = st;
    cur_blk = &blk;
    cur_b = b;
    group_at.reset (n);
    for (size_t j = 0; j < n; ++j)
      {
        group_at.open (j);
        for (const operand &o : blk.insns[j].ops)
          if (o.kind == operand_kind::use && def_stamp[o.value] == st
              && read_at[o.value] == ~0u)
            {
              read_at[o.value] = uint32_t (j);
              group_at.push (j, o.value);
            }
        for (const operand &o : blk.insns[j].ops)
          if (o.kind == operand_kind::def)
            {
              def_stamp[o.value] = st;
              read_at[o.value] = ~0u;
              if (o.earlyclobber)
                group_at.push (j, o.value);
            }
      }
    // Values defined here and never read in the block have no group.
    for (size_t j = 0; j < n; ++j)
      for (const operand &o : blk.insns[j].ops)
        if (o.kind == operand_kind::def && read_at[o.value] == ~0u)
          def_stamp[o.value] = 0;

    here.clear ();
    cur_insn = nullptr;
    for (const phi &ph : blk.phis)
      {
        value_id v = ph.def;
        if (w.wv[v].spilled)
          continue;
        colour_noting (v);
      }
    for (const phi &ph : blk.phis)
      if (stamp[ph.def] != st && usable (ph.def))
        release (ph.def);

    for (size_t j = 0; j < n; ++j)
      {
        const insn &i = blk.insns[j];
        here.clear ();
        cur_insn = &i;
        cur_j = j;
        ec_defs.clear ();
        plain_defs.clear ();
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::def && o.tied_to == no_operand)
            (o.earlyclobber ? ec_defs : plain_defs).push_back (o.value);
        most_constrained_first (ec_defs);
        most_constrained_first (plain_defs);
        for (value_id v : ec_defs)
          {
            colour_noting (v);
          }
        for (value_id v : dying[j])
          if (usable (v))
            release (v);
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::def && !o.earlyclobber
              && o.tied_to != no_operand)
            {
              value_id u = i.ops[o.tied_to].value;
              hreg h = w.wv[u].reg;
              if (h != no_hreg && !unplaced[u]
                  && fits (o.value, h, w.fn.values[o.value].allowed,
                           w.live.forbidden[o.value])
                  && free_at (o.value, h))
                assign (o.value, h);
              else
                colour_noting (o.value);
            }
        for (value_id v : plain_defs)
          {
            colour_noting (v);
          }
        for (value_id v : dead[j])
          if (usable (v))
            release (v);
      }
  }
};

} // namespace

failure
assign_colors (work &w)
{
  if (!w.live_current)
    analyse_intervals (w);
  // Every value live across an instruction that wants every value in
  // memory (a call to setjmp) is in memory: spill_required sent those
  // of the function it saw, the reads it gave reloads end at such an
  // instruction, and the spiller evicts nothing across one
  // (compute_evictable).  One in a register would be wrong code.
  for (value_id v = 0; v < w.fn.values.size (); ++v)
    if (w.live.across_in_memory[v] && !w.wv[v].spilled)
      return { alloc_failure::internal,
               "value v" + std::to_string (v) + " " + w.fn.values[v].name
               + " is live across an instruction that needs all values "
                 "in memory, in a register" };
  compute_avoid (w);
  w.live_current = false;
  // Preferences describe the working function as it is: built here if
  // allocate () has not (the unit tests) or if the function has grown
  // since.
  if (w.pref.size () != w.fn.values.size ())
    compute_preferences (w);

  for (wvalue &x : w.wv)
    x.reg = no_hreg;
  walker k (w);
  vec<uint32_t> stamp (w.fn.values.size (), 0);
  uint32_t st = 0;
  for (block_id b : w.dom.preorder ())
    k.walk_block (b, stamp, ++st);
  if (k.shortfalls.empty ())
    return {};
  // The walk does not spill: what it found no register for goes back to
  // allocate () (relief for the spiller, values spilled whole, or the
  // last resort).
  w.shortfalls = std::move (k.shortfalls);
  return { alloc_failure::short_of_registers,
           k.error + " (" + std::to_string (w.shortfalls.size ())
             + " values without a register)" };
}

} // namespace ssara::ra
