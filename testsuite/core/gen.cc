// gen.cc -- random generator of valid SSA programs (see gen.h).

#include "gen.h"

#include "test-targets.h"

#include <algorithm>
#include <random>

namespace ssara::test {

namespace {

class generator
{
public:
  generator (const target &t, uint64_t seed, const gen_options &o)
    : t_ (t), rng_ (seed * 0x9e3779b97f4a7c15ull + 12345), o_ (o)
  {}
  function run ();

private:
  // A value's file, width and bytes (value::bytes, 0 when it fills its
  // registers): what phis and ties must agree on.
  struct shape
  {
    file_id file;
    unsigned width;
    unsigned bytes = 0;
    bool operator== (const shape &s) const
    { return file == s.file && width == s.width && bytes == s.bytes; }
  };

  // Another register file an operand may take a value in, and how many
  // registers of it the value fills there (its bytes over the file's
  // register size: a GPR pair is one FPR, a float one GPR).
  struct cross
  {
    file_id file = no_file;
    unsigned width = 0;
  };

  unsigned rnd (unsigned n) { return n ? unsigned (rng_ () % n) : 0; }
  bool chance (unsigned pct) { return rnd (100) < pct; }
  bool has (feature x) const { return o_.features & uint32_t (x); }

  block_id new_block (unsigned depth);
  void add_edge (block_id a, block_id b, bool abnormal = false);
  shape pick_shape ();
  hreg_set value_allowed (shape s);
  value_id new_value (shape s, const hreg_set &allowed);
  shape shape_of (value_id v) const
  {
    return { f_.values[v].file, f_.values[v].width, f_.values[v].bytes };
  }
  hreg pick_witness (const hreg_set &cands, unsigned w,
                     const hreg_set &blocked);
  hreg_set operand_allowed (value_id v, hreg witness);
  bool cross_file_chance (unsigned pct)
  {
    return has (feature::cross_file_operands) && has (feature::other_files)
           && chance (pct);
  }
  cross pick_cross (value_id v);
  hreg_set cross_allowed (cross c, hreg witness);
  static void block_range (hreg_set &s, hreg h, unsigned w)
  {
    for (unsigned k = 0; k < w; ++k)
      s.set (h + k);
  }
  // Mark IN rematerializable, sometimes, where ir.h allows it: a lone
  // def of a memory-direct file that accepts all its value's registers.
  void mark_remat (insn &in)
  {
    if (!has (feature::remat) || in.ops.size () != 1
        || in.ops[0].kind != operand_kind::def || in.clobbers.any ())
      return;
    const value &v = f_.values[in.ops[0].value];
    if (t_.files[v.file].memory_direct
        && (v.allowed & ~in.ops[0].allowed).none () && chance (50))
      in.rematerializable = true;
  }
  void push (insn in)
  {
    in.origin = next_origin_++;
    f_.blocks[cur_].insns.push_back (std::move (in));
  }

  void emit_normal (unsigned max_uses = 3, unsigned max_defs = 2,
                    bool defs_only = false);
  value_id emit_def (shape s);
  value_id find_or_def (shape s, const hreg_set &blocked, hreg_set *used);
  bool emit_extend ();
  void emit_call ();
  void emit_branch_term ();
  void emit_seq (unsigned level, unsigned n);
  void emit_branches (unsigned level, unsigned ncases, bool direct);
  void emit_loop (unsigned level);
  void emit_entry ();
  void emit_exit ();

  const target &t_;
  std::mt19937_64 rng_;
  gen_options o_;
  function f_;
  // Values whose definition dominates the current point, oldest first.
  std::vector<value_id> avail_;
  // Hard registers holding an argument or result still to be read.
  hreg_set hard_live_;
  block_id cur_ = 0;
  unsigned depth_ = 0;
  unsigned next_origin_ = 1;
  unsigned remaining_ = 0;
  bool in_ctr_loop_ = false;
};

block_id
generator::new_block (unsigned depth)
{
  f_.blocks.emplace_back ();
  f_.blocks.back ().loop_depth = depth;
  f_.blocks.back ().origin = unsigned (f_.blocks.size ()) + 1000;
  return block_id (f_.blocks.size () - 1);
}

void
generator::add_edge (block_id a, block_id b, bool abnormal)
{
  f_.blocks[a].succs.push_back (b);
  f_.blocks[b].preds.push_back (a);
  f_.blocks[b].pred_abnormal.push_back (abnormal);
}

generator::shape
generator::pick_shape ()
{
  file_id file = gpr_file;
  if (has (feature::other_files))
    {
      unsigned r = rnd (100);
      if (r < 22 && !t_.files[fpr_file].regs.empty ())
        file = fpr_file;
      else if (r < 34 && !t_.files[cr_file].regs.empty ())
        file = cr_file;
      else if (r < 37)
        file = ctr_file;
      else if (r < 40)
        file = lr_file;
    }
  unsigned width = 1;
  if (has (feature::wide_values) && (file == gpr_file || file == fpr_file))
    {
      unsigned r = rnd (100);
      if (r < 12)
        width = 2;
      else if (r < 15 && file == gpr_file)
        width = 4;
      if (start_regs (t_, file, width).none ())
        width = 1;
    }
  unsigned bytes = 0;
  // A float: 4 bytes in an 8-byte FPR (value::bytes); a char or short in
  // a GPR.
  if (has (feature::narrow_values) && file == fpr_file && width == 1
      && chance (40))
    bytes = 4;
  else if (has (feature::narrow_values) && file == gpr_file && width == 1
           && chance (15))
    bytes = chance (50) ? 1 : 2;
  return { file, width, bytes };
}

hreg_set
generator::value_allowed (shape s)
{
  hreg_set all = start_regs (t_, s.file, s.width);
  if (!has (feature::narrow_sets))
    return all;
  hreg_set a = all;
  unsigned r = rnd (100);
  if (r < 10 && s.file == gpr_file && all.test (0) && all.count () > 1)
    a.reset (0);  // a base register: anything but r0
  else if (r < 15 && all.count () > 2)
    {
      // A random half.
      for (unsigned h = 0; h < max_hard_regs; ++h)
        if (all.test (h) && chance (50))
          a.reset (h);
      if (a.none ())
        a = all;
    }
  return a;
}

value_id
generator::new_value (shape s, const hreg_set &allowed)
{
  value v;
  v.file = s.file;
  v.width = uint8_t (s.width);
  v.bytes = uint8_t (s.bytes);
  v.allowed = allowed;
  v.origin = unsigned (f_.values.size ()) + 100;
  if (has (feature::memory_only_values) && chance (2))
    v.memory_only = true;
  return f_.add_value (v);
}

hreg
generator::pick_witness (const hreg_set &cands, unsigned w,
                         const hreg_set &blocked)
{
  std::vector<hreg> ok;
  for (unsigned h = 0; h < max_hard_regs; ++h)
    if (cands.test (h))
      {
        bool free = true;
        for (unsigned k = 0; k < w && free; ++k)
          free = h + k < max_hard_regs && !blocked.test (h + k);
        if (free)
          ok.push_back (hreg (h));
      }
  return ok.empty () ? no_hreg : ok[rnd (unsigned (ok.size ()))];
}

hreg_set
generator::operand_allowed (value_id v, hreg witness)
{
  const value &val = f_.values[v];
  if (!has (feature::narrow_sets))
    return val.allowed;
  unsigned r = rnd (100);
  hreg_set s;
  if (r < 60)
    return val.allowed;
  if (r < 75)
    {
      s.set (witness);  // a single-register class (cr0, CTR, r3...)
      return s;
    }
  if (r < 88 && witness != 0 && val.file == gpr_file)
    {
      s = val.allowed;
      s.reset (0);
      return s;
    }
  // A random set of start registers of the file containing the witness.
  s = start_regs (t_, val.file, val.width);
  for (unsigned h = 0; h < max_hard_regs; ++h)
    if (s.test (h) && h != witness && chance (50))
      s.reset (h);
  return s;
}

// Return a file other than V's in which an operand may take V
// (cross_file_ok in ir.cc: the core copies V over, directly between a
// GPR and CR, CTR or LR, through memory between a GPR and an FPR), with
// V's width there; a `cross` with no_file if there is none.  Only a
// one-word GPR value goes to CR, CTR or LR; an FPR value goes to GPRs,
// a GPR value of any width to FPRs.
generator::cross
generator::pick_cross (value_id v)
{
  const value &val = f_.values[v];
  std::vector<cross> opts;
  auto add = [&] (file_id g) {
    unsigned per = t_.files[g].bytes_per_reg;
    unsigned wg = std::max (1u, (value_bytes (t_, val) + per - 1) / per);
    if (start_regs (t_, g, wg).any ())
      opts.push_back ({ g, wg });
  };
  // (A char or short stays in GPRs, as the adapter's do.)
  if (val.file == gpr_file && val.bytes != 0)
    return cross ();
  if (val.file == gpr_file)
    {
      add (fpr_file);
      if (val.width == 1 && val.bytes == 0)
        {
          add (fpr_file);  // weight: half of the crossings are GPR <-> FPR
          add (cr_file);
          add (ctr_file);
          add (lr_file);
        }
    }
  else
    add (gpr_file);
  return opts.empty () ? cross () : opts[rnd (unsigned (opts.size ()))];
}

// Return an allowed set in file C.file for an operand whose witness is
// WITNESS: all the start registers of width C.width, the witness alone,
// or a random part of them.
hreg_set
generator::cross_allowed (cross c, hreg witness)
{
  hreg_set all = start_regs (t_, c.file, c.width);
  unsigned r = rnd (100);
  if (r < 40)
    return all;
  hreg_set s;
  s.set (witness);
  if (r < 70)
    return s;
  for (unsigned h = 0; h < max_hard_regs; ++h)
    if (all.test (h) && chance (50))
      s.set (h);
  return s;
}

// Emit one instruction with up to MAX_USES uses of available values and
// up to MAX_DEFS new values.
void
generator::emit_normal (unsigned max_uses, unsigned max_defs, bool defs_only)
{
  if (!defs_only && has (feature::narrow_values) && chance (10)
      && emit_extend ())
    return;
  insn in;
  hreg_set use_regs;             // witnesses of the uses
  std::vector<hreg> use_witness; // per operand index (no_hreg for defs)
  std::vector<bool> use_cross;   // per use: in another file than its value
  unsigned nuse = defs_only || avail_.empty () ? 0 : rnd (max_uses + 1);
  for (unsigned k = 0; k < nuse; ++k)
    {
      value_id v = avail_[rnd (unsigned (avail_.size ()))];
      // Prefer older values half of the time: longer live ranges.
      if (chance (50))
        v = avail_[rnd (unsigned (avail_.size ()) / 2 + 1)];
      const value &val = f_.values[v];
      operand op;
      op.kind = operand_kind::use;
      op.value = v;
      hreg w = no_hreg;
      unsigned width = val.width;
      if (cross_file_chance (12))
        {
          // A float read as a word, a word read as a float...
          cross c = pick_cross (v);
          if (c.file != no_file)
            w = pick_witness (start_regs (t_, c.file, c.width), c.width,
                              hard_live_ | use_regs);
          if (w != no_hreg)
            {
              width = c.width;
              op.allowed = cross_allowed (c, w);
            }
        }
      bool crossing = w != no_hreg;
      if (!crossing)
        {
          w = pick_witness (val.allowed, val.width, hard_live_ | use_regs);
          if (w == no_hreg)
            continue;
          op.allowed = operand_allowed (v, w);
        }
      in.ops.push_back (op);
      use_witness.push_back (w);
      use_cross.push_back (crossing);
      block_range (use_regs, w, width);
    }
  unsigned nuses = unsigned (in.ops.size ());
  unsigned ndef = rnd (max_defs + 1);
  if (nuses == 0 && ndef == 0)
    ndef = 1;
  hreg_set def_regs, ec_regs;
  std::vector<value_id> new_defs;
  for (unsigned k = 0; k < ndef; ++k)
    {
      operand op;
      op.kind = operand_kind::def;
      // A tie to one of the uses.
      if (has (feature::ties) && nuses > 0 && chance (20))
        {
          unsigned u = rnd (nuses);
          value_id uv = in.ops[u].value;
          shape s = shape_of (uv);
          hreg w = use_witness[u];
          hreg_set range;
          block_range (range, w, s.width);
          // A tie needs its use in the value's own file.
          if (!use_cross[u] && !(range & (def_regs | hard_live_)).any ())
            {
              op.value = new_value (s, start_regs (t_, s.file, s.width));
              op.allowed = in.ops[u].allowed;
              op.tied_to = operand_index (u);
              def_regs |= range;
              new_defs.push_back (op.value);
              in.ops.push_back (op);
              continue;
            }
        }
      shape s = pick_shape ();
      hreg_set allowed = value_allowed (s);
      bool ec = has (feature::earlyclobbers) && nuses > 0 && chance (12);
      hreg_set blocked = hard_live_ | def_regs;
      if (ec)
        blocked |= use_regs;
      hreg w = pick_witness (allowed, s.width, blocked);
      if (w == no_hreg)
        continue;
      op.value = new_value (s, allowed);
      op.allowed = operand_allowed (op.value, w);
      op.earlyclobber = ec;
      unsigned width = s.width;
      if (cross_file_chance (10))
        {
          // Written in another file (an FPR result kept in a GPR...).
          cross c = pick_cross (op.value);
          hreg cw = c.file == no_file
                      ? no_hreg
                      : pick_witness (start_regs (t_, c.file, c.width),
                                      c.width, blocked);
          if (cw != no_hreg)
            {
              w = cw;
              width = c.width;
              op.allowed = cross_allowed (c, cw);
            }
        }
      block_range (def_regs, w, width);
      if (ec)
        block_range (ec_regs, w, width);
      in.ops.push_back (op);
      // A scratch def is never used.
      if (!chance (8))
        new_defs.push_back (op.value);
    }
  if (has (feature::clobbers) && chance (5))
    {
      const reg_file &rf = t_.files[pick_shape ().file];
      for (hreg h : rf.regs)
        // An earlyclobber def may not sit in a register its instruction
        // clobbers (ir.h): keep its witness unclobbered.
        if (!hard_live_.test (h) && chance (40) && !ec_regs.test (h))
          in.clobbers.set (h);
    }
  if (in.ops.empty () && in.clobbers.none ())
    return;
  mark_remat (in);
  push (in);
  avail_.insert (avail_.end (), new_defs.begin (), new_defs.end ());
}

// Emit an extension of an available char or short into a new word
// (insn::extends_narrow), if there is one; return whether it did.
bool
generator::emit_extend ()
{
  std::vector<value_id> narrow;
  for (value_id v : avail_)
    if (f_.values[v].file == gpr_file && f_.values[v].bytes != 0
        && f_.values[v].width == 1)
      narrow.push_back (v);
  if (narrow.empty ())
    return false;
  value_id u = narrow[rnd (unsigned (narrow.size ()))];
  hreg uw = pick_witness (f_.values[u].allowed, 1, hard_live_);
  if (uw == no_hreg)
    return false;
  hreg_set blocked = hard_live_;
  blocked.set (uw);
  hreg_set all = start_regs (t_, gpr_file, 1);
  if (pick_witness (all, 1, blocked) == no_hreg)
    return false;
  insn in;
  operand d;
  d.kind = operand_kind::def;
  d.value = new_value ({ gpr_file, 1, 0 }, all);
  d.allowed = all;
  operand o;
  o.kind = operand_kind::use;
  o.value = u;
  o.allowed = f_.values[u].allowed;
  in.ops = { d, o };
  in.extends_narrow = true;
  push (in);
  avail_.push_back (d.value);
  return true;
}

// Emit an instruction that defines one new value of shape S and return it.
value_id
generator::emit_def (shape s)
{
  hreg_set allowed = start_regs (t_, s.file, s.width);
  hreg w = pick_witness (allowed, s.width, hard_live_);
  if (w == no_hreg)
    return no_value;
  insn in;
  operand op;
  op.kind = operand_kind::def;
  op.value = new_value (s, allowed);
  op.allowed = allowed;
  in.ops.push_back (op);
  // Read an older value too, when there is one (keeps it live).
  if (!avail_.empty () && chance (60))
    {
      value_id u = avail_[rnd (unsigned (avail_.size ()))];
      hreg_set blocked = hard_live_;
      hreg uw = pick_witness (f_.values[u].allowed, f_.values[u].width,
                              blocked);
      if (uw != no_hreg)
        {
          operand uo;
          uo.kind = operand_kind::use;
          uo.value = u;
          uo.allowed = f_.values[u].allowed;
          in.ops.push_back (uo);
        }
    }
  mark_remat (in);
  push (in);
  avail_.push_back (op.value);
  return op.value;
}

// Return an available value of shape S that can be in a register outside
// BLOCKED, defining one if needed; mark its witness in *USED.
value_id
generator::find_or_def (shape s, const hreg_set &blocked, hreg_set *used)
{
  std::vector<value_id> c;
  for (value_id v : avail_)
    if (shape_of (v) == s)
      c.push_back (v);
  for (unsigned tries = 0; tries < 4 && !c.empty (); ++tries)
    {
      value_id v = c[rnd (unsigned (c.size ()))];
      hreg w = pick_witness (f_.values[v].allowed, s.width, blocked);
      if (w != no_hreg)
        {
          if (used)
            block_range (*used, w, s.width);
          return v;
        }
    }
  hreg_set saved = hard_live_;
  hard_live_ |= blocked;
  value_id v = emit_def (s);
  hard_live_ = saved;
  return v;
}

void
generator::emit_call ()
{
  // Arguments: up to three GPRs among r3-r10 (leaving one GPR free) and
  // maybe f1.
  std::vector<hreg> args;
  unsigned ngpr = unsigned (t_.files[gpr_file].regs.size ());
  unsigned nargs = rnd (std::min (3u, ngpr - 1) + 1);
  for (hreg r = 3; r <= 10 && args.size () < nargs; ++r)
    if (t_.file_of (r) == gpr_file)
      args.push_back (r);
  if (has (feature::other_files) && t_.files[fpr_file].regs.size () >= 2
      && t_.file_of (fpr (1)) == fpr_file && chance (30))
    args.push_back (fpr (1));
  for (hreg r : args)
    {
      shape s { t_.file_of (r), 1 };
      value_id v = find_or_def (s, hard_live_, nullptr);
      if (v == no_value)
        continue;
      insn cp;
      cp.kind = insn_kind::copy;
      operand d;
      d.kind = operand_kind::def_hard;
      d.reg = r;
      operand u;
      u.kind = operand_kind::use;
      u.value = v;
      u.allowed = f_.values[v].allowed;
      cp.ops = { d, u };
      push (cp);
      hard_live_.set (r);
    }
  insn call;
  call.kind = insn_kind::call;
  for (hreg r = 0; r < max_hard_regs; ++r)
    if (hard_live_.test (r))
      {
        operand u;
        u.kind = operand_kind::use_hard;
        u.reg = r;
        call.ops.push_back (u);
      }
  call.clobbers = rs6000_call_clobbered ();
  call.values_across_in_memory = has (feature::mem_across_calls) && chance (3);
  // The result: r3, the pair r3:r4, f1, or nothing.
  unsigned r = rnd (100);
  operand res;
  res.kind = operand_kind::def_hard;
  shape rs { gpr_file, 1 };
  if (r < 50)
    res.reg = gpr (3);
  else if (r < 62 && has (feature::wide_values)
           && start_regs (t_, gpr_file, 2).any ())
    {
      res.reg = gpr (3);
      res.width = 2;
      rs.width = 2;
    }
  else if (r < 75 && has (feature::other_files)
           && t_.file_of (fpr (1)) == fpr_file)
    {
      res.reg = fpr (1);
      rs.file = fpr_file;
    }
  if (res.reg != no_hreg)
    call.ops.push_back (res);
  push (call);
  hard_live_.reset ();
  if (res.reg != no_hreg && chance (90))
    {
      insn cp;
      cp.kind = insn_kind::copy;
      operand d;
      d.kind = operand_kind::def;
      d.value = new_value (rs, start_regs (t_, rs.file, rs.width));
      d.allowed = f_.values[d.value].allowed;
      operand u;
      u.kind = operand_kind::use_hard;
      u.reg = res.reg;
      u.width = res.width;
      cp.ops = { d, u };
      push (cp);
      avail_.push_back (d.value);
    }
}

// End the current block with a branch reading a CR field or a GPR.
void
generator::emit_branch_term ()
{
  insn in;
  in.terminator = true;
  shape s { gpr_file, 1 };
  if (has (feature::other_files) && !t_.files[cr_file].regs.empty ()
      && chance (60))
    s.file = cr_file;
  if (chance (90))
    {
      value_id v = no_value;
      if (chance (50))
        {
          // A fresh compare right before the branch.
          v = emit_def (s);
        }
      else
        v = find_or_def (s, hard_live_, nullptr);
      if (v != no_value)
        {
          operand u;
          u.kind = operand_kind::use;
          u.value = v;
          hreg w = pick_witness (f_.values[v].allowed, 1, hard_live_);
          u.allowed = w == no_hreg ? f_.values[v].allowed
                                   : operand_allowed (v, w);
          in.ops.push_back (u);
        }
    }
  push (in);
}

void
generator::emit_seq (unsigned level, unsigned n)
{
  for (unsigned k = 0; k < n && remaining_ > 0; ++k)
    {
      --remaining_;
      unsigned r = rnd (100);
      bool room = level < 4 && f_.blocks.size () < 60;
      if (r < 50)
        emit_normal ();
      else if (r < 60 && has (feature::calls))
        emit_call ();
      else if (r < 72 && room)
        emit_branches (level, chance (30) ? 1 : 2, false);
      else if (r < 80 && room && has (feature::switches))
        emit_branches (level, 2 + rnd (3), chance (50));
      else if (r < 90 && room && has (feature::loops))
        emit_loop (level);
      else
        emit_normal (4, 3);
    }
}

// Branch from the current block to NCASES new blocks (and, if DIRECT or
// NCASES == 1, straight to the join), generate each case, and join them
// with phis.
void
generator::emit_branches (unsigned level, unsigned ncases, bool direct)
{
  if (ncases == 1)
    direct = true;
  // Phi shapes, decided first so the direct edge's arguments exist.
  std::vector<shape> shapes (rnd (4));
  for (shape &s : shapes)
    s = pick_shape ();
  std::vector<std::vector<value_id>> args;
  std::vector<value_id> direct_args;
  if (direct)
    for (shape s : shapes)
      direct_args.push_back (find_or_def (s, hreg_set (), nullptr));
  emit_branch_term ();
  block_id head = cur_;
  size_t mark = avail_.size ();
  std::vector<block_id> ends;
  // Which case reaches the join over an abnormal edge (none if ncases).
  unsigned abnormal = has (feature::abnormal_edges) && chance (8)
                        ? rnd (ncases) : ncases;
  for (unsigned c = 0; c < ncases; ++c)
    {
      block_id b = new_block (depth_);
      add_edge (head, b);
      cur_ = b;
      emit_seq (level + 1, 1 + rnd (4));
      std::vector<value_id> a;
      for (shape s : shapes)
        {
          value_id v = no_value;
          if (c != abnormal && chance (70))
            {
              std::vector<value_id> cands;
              for (value_id x : avail_)
                if (shape_of (x) == s)
                  cands.push_back (x);
              if (!cands.empty ())
                v = cands[rnd (unsigned (cands.size ()))];
            }
          if (v == no_value)
            {
              // Over an abnormal edge: a fresh value that dies there.
              v = emit_def (s);
              if (c == abnormal)
                avail_.pop_back ();
            }
          a.push_back (v);
        }
      args.push_back (a);
      if (chance (30))
        {
          insn j;
          j.terminator = true;
          push (j);
        }
      ends.push_back (cur_);
      avail_.resize (mark);
    }
  block_id join = new_block (depth_);
  for (unsigned c = 0; c < ncases; ++c)
    add_edge (ends[c], join, c == abnormal);
  if (direct)
    {
      add_edge (head, join);
      args.push_back (direct_args);
    }
  // A failed emit_def leaves no_value: drop that phi.
  for (size_t k = 0; k < shapes.size (); ++k)
    {
      phi p;
      bool ok = true;
      for (auto &a : args)
        {
          ok = ok && a[k] != no_value;
          p.args.push_back (a[k]);
        }
      if (!ok)
        continue;
      p.def = new_value (shapes[k], start_regs (t_, shapes[k].file,
                                                 shapes[k].width));
      f_.blocks[join].phis.push_back (p);
      avail_.push_back (p.def);
    }
  cur_ = join;
}

void
generator::emit_loop (unsigned level)
{
  block_id pre = cur_;
  bool ctr = has (feature::ctr_loops) && !in_ctr_loop_ && chance (30);
  value_id ctr_init = no_value;
  if (ctr)
    {
      value_id g = find_or_def ({ gpr_file, 1 }, hard_live_, nullptr);
      if (g == no_value)
        ctr = false;
      else
        {
          insn cp;
          cp.kind = insn_kind::copy;
          operand d;
          d.kind = operand_kind::def;
          d.value = new_value ({ ctr_file, 1 },
                               start_regs (t_, ctr_file, 1));
          d.allowed = f_.values[d.value].allowed;
          operand u;
          u.kind = operand_kind::use;
          u.value = g;
          u.allowed = f_.values[g].allowed;
          cp.ops = { d, u };
          push (cp);
          ctr_init = d.value;
        }
    }
  // Loop-carried phis start from available values.
  std::vector<value_id> inits;
  unsigned nphis = 1 + rnd (4);
  for (unsigned k = 0; k < nphis && !avail_.empty (); ++k)
    inits.push_back (avail_[rnd (unsigned (avail_.size ()))]);
  if (ctr)
    inits.push_back (ctr_init);

  ++depth_;
  block_id head = new_block (depth_);
  add_edge (pre, head);
  std::vector<value_id> phis;
  for (value_id x : inits)
    {
      shape s = shape_of (x);
      phis.push_back (new_value (s, start_regs (t_, s.file, s.width)));
    }
  // The phis are added once the latch arguments are known.
  cur_ = head;
  size_t mark = avail_.size ();
  for (size_t k = 0; k + (ctr ? 1 : 0) < phis.size (); ++k)
    avail_.push_back (phis[k]);
  bool saved_ctr = in_ctr_loop_;
  in_ctr_loop_ = in_ctr_loop_ || ctr;
  emit_seq (level + 1, 1 + rnd (6));
  in_ctr_loop_ = saved_ctr;
  block_id latch = cur_;

  // Latch arguments: rotations among phis of one shape, values of the
  // body, or the phi itself.
  size_t nplain = phis.size () - (ctr ? 1 : 0);
  std::vector<value_id> latch_args (phis.size (), no_value);
  if (has (feature::cycles) && nplain >= 2 && chance (60))
    {
      std::vector<size_t> group;
      shape s = shape_of (phis[rnd (unsigned (nplain))]);
      for (size_t k = 0; k < nplain; ++k)
        if (shape_of (phis[k]) == s && group.size () < 3)
          group.push_back (k);
      for (size_t i = 0; i < group.size () && group.size () >= 2; ++i)
        latch_args[group[i]] = phis[group[(i + 1) % group.size ()]];
    }
  for (size_t k = 0; k < nplain; ++k)
    if (latch_args[k] == no_value)
      {
        shape s = shape_of (phis[k]);
        std::vector<value_id> cands;
        for (size_t i = mark; i < avail_.size (); ++i)
          if (shape_of (avail_[i]) == s)
            cands.push_back (avail_[i]);
        if (!cands.empty () && chance (80))
          latch_args[k] = cands[rnd (unsigned (cands.size ()))];
        else
          latch_args[k] = emit_def (s);
        if (latch_args[k] == no_value)
          latch_args[k] = phis[k];
      }
  insn term;
  term.terminator = true;
  if (ctr)
    {
      // bdnz: the terminator decrements CTR.
      operand d;
      d.kind = operand_kind::def;
      d.value = new_value ({ ctr_file, 1 }, start_regs (t_, ctr_file, 1));
      d.allowed = f_.values[d.value].allowed;
      d.tied_to = 1;
      operand u;
      u.kind = operand_kind::use;
      u.value = phis.back ();
      u.allowed = f_.values[u.value].allowed;
      term.ops = { d, u };
      latch_args.back () = d.value;
      push (term);
    }
  else
    emit_branch_term ();
  for (size_t k = 0; k < phis.size (); ++k)
    f_.blocks[head].phis.push_back ({ phis[k], { inits[k], latch_args[k] } });
  --depth_;
  block_id exit = new_block (depth_);
  if (chance (50))
    {
      add_edge (latch, head);
      add_edge (latch, exit);
    }
  else
    {
      add_edge (latch, exit);
      add_edge (latch, head);
    }
  // Values of the body dominate the exit (the latch is its only pred).
  cur_ = exit;
}

void
generator::emit_entry ()
{
  // Incoming arguments: copied out of r3.. (and f1) first thing.
  unsigned ngpr = unsigned (t_.files[gpr_file].regs.size ());
  unsigned nargs = rnd (std::min (3u, ngpr) + 1);
  std::vector<hreg> args;
  for (hreg r = 3; r <= 10 && args.size () < nargs; ++r)
    if (t_.file_of (r) == gpr_file)
      args.push_back (r);
  if (has (feature::other_files) && t_.file_of (fpr (1)) == fpr_file
      && chance (30))
    args.push_back (fpr (1));
  for (hreg r : args)
    hard_live_.set (r);
  for (hreg r : args)
    {
      hard_live_.reset (r);
      shape s { t_.file_of (r), 1 };
      hreg_set allowed = start_regs (t_, s.file, 1);
      if (pick_witness (allowed, 1, hard_live_) == no_hreg)
        {
          hard_live_.set (r);
          continue;  // left unread: the token just dies
        }
      insn cp;
      cp.kind = insn_kind::copy;
      operand d;
      d.kind = operand_kind::def;
      d.value = new_value (s, allowed);
      d.allowed = allowed;
      operand u;
      u.kind = operand_kind::use_hard;
      u.reg = r;
      cp.ops = { d, u };
      push (cp);
      avail_.push_back (d.value);
    }
  hard_live_.reset ();
  // Build up pressure: several values defined early.
  unsigned n = 1 + rnd (6);
  for (unsigned k = 0; k < n; ++k)
    emit_normal (1, 2, chance (50));
}

void
generator::emit_exit ()
{
  // Sinks: keep many values live to the end.
  unsigned n = 1 + rnd (4);
  for (unsigned k = 0; k < n && !avail_.empty (); ++k)
    emit_normal (3, 0);
  // Return a value in r3.
  insn term;
  term.terminator = true;
  if (chance (80))
    {
      value_id v = find_or_def ({ gpr_file, 1 }, hreg_set (), nullptr);
      if (v != no_value)
        {
          insn cp;
          cp.kind = insn_kind::copy;
          operand d;
          d.kind = operand_kind::def_hard;
          d.reg = gpr (3);
          operand u;
          u.kind = operand_kind::use;
          u.value = v;
          u.allowed = f_.values[v].allowed;
          cp.ops = { d, u };
          push (cp);
          operand h;
          h.kind = operand_kind::use_hard;
          h.reg = gpr (3);
          term.ops.push_back (h);
        }
    }
  push (term);
}

function
generator::run ()
{
  f_.name = "gen";
  cur_ = new_block (0);
  emit_entry ();
  remaining_ = o_.size;
  emit_seq (0, o_.size);
  emit_exit ();
  return f_;
}

} // namespace

function
generate (const target &t, uint64_t seed, const gen_options &opts)
{
  generator g (t, seed, opts);
  return g.run ();
}

} // namespace ssara::test
