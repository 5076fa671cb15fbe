// rtl-rewrite.cc -- see rtl-rewrite.h.
//
// Every hard register this file creates comes from gen_raw_REG: the
// shared objects gen_rtx_REG returns for r1, r30, r31 would be taken for
// the stack, PIC or frame pointer (an allocated r31 mistaken for the hard
// frame pointer would be "eliminated" into r1).
//
// Order (notes recipe A6-B16): mark the registers the allocation writes
// as ever-live and allocate the stack slots, so that the frame layout is
// final; compute the eliminations; build every new pattern and every edit
// sequence on the side; dry-run them with reload_completed set; only then
// install them, reset stale debug binds, set up reload1's elimination
// table for var-tracking and dwarf2out, set reload_completed, re-recognise
// every insn and rebuild df.

#include "gcc-includes.h"
#include "rtl-rewrite.h"
#include "gcc-target.h"
#include "attribution.h"

#include <algorithm>

namespace ssara {

namespace {

// Whether a walk is inside a destination (a def) or a source (a use).
enum class access_role { use, def };

// The hard register of each pseudo an insn reads or writes: a few
// entries, searched in order (a std::map made a node per operand).
// Invariant: no regno appears twice (set replaces).
class reg_assignments
{
public:
  void clear () { m_entries.clear (); }
  void set (unsigned regno, hreg h)
  {
    for (auto &e : m_entries)
      if (e.first == regno)
        {
          e.second = h;
          return;
        }
    m_entries.push_back ({ regno, h });
  }
  // REGNO's register, or null if it has none.
  const hreg *find (unsigned regno) const
  {
    for (const auto &e : m_entries)
      if (e.first == regno)
        return &e.second;
    return nullptr;
  }

private:
  std::vector<std::pair<unsigned, hreg>> m_entries;
};

struct insn_regs
{
  reg_assignments use;
  reg_assignments def;
};

// One elimination: a register replaced by TO plus OFFSET.
struct elimination
{
  unsigned from = 0;
  rtx to = NULL_RTX;
  HOST_WIDE_INT offset = 0;
};

// A rewritten instruction, not yet installed.
struct new_insn
{
  rtx_insn *insn = nullptr;
  rtx pattern = NULL_RTX;
  rtx usage = NULL_RTX;   // CALL_INSN_FUNCTION_USAGE for calls
  bool remove = false;    // a standalone clobber of a pseudo
  // When the insn's frame offset is too large for a 16-bit displacement:
  // (set BASE (plus SP-or-FP HIGH)) to emit just before it, and when BASE
  // is a borrowed register (far_base), the store that saves it before
  // the setup and the load that restores it just after the insn.
  rtx setup = NULL_RTX;
  rtx save = NULL_RTX;
  rtx restore = NULL_RTX;
  // The insn code the dry run recognised PATTERN as (-1 until then).
  int code = -1;
};

// Which way an edit moves a register's contents to or from a stack slot.
// A load, a store, or a narrow load that zero-extends into the whole
// register (edit::extends: lbz or lhz as zero_extendqisi2 or
// zero_extendhisi2 with a memory operand).
enum class slot_move { load, store, load_extend };

// A sequence of edit insns for one program point, not yet emitted.
struct edit_group
{
  program_point at;
  rtx_insn *seq = nullptr;
};

class rewriter
{
public:
  rewriter (const function &fn, const import_map &map, const target &t,
            const allocation &a, unsigned frame_scratch, hfp_role hfp)
    : m_fn (fn), m_map (map), m_target (t), m_alloc (a),
      m_frame_scratch (frame_scratch), m_hfp (hfp)
  {}

  std::string run ();

private:
  bool fail (const std::string &why);
  void prepare_frame ();
  void compute_eliminations ();
  rtx eliminate (rtx x);
  rtx split_frame_offsets (rtx x, unsigned base, rtx *setup);
  unsigned far_base_of (rtx pat) const;
  unsigned borrowable_reg (rtx avoid) const;
  rtx hard_reg_for (rtx pseudo, hreg h);
  void subst_use (rtx *loc, const insn_regs &r);
  void subst_dest (rtx *loc, const insn_regs &r);
  void subst_reg (rtx *loc, const reg_assignments &regs);
  bool frame_pattern (rtx_insn *rtl, rtx pat, new_insn &ni);
  void build_insns ();
  rtx reg_rtx (hreg h, unsigned k);
  rtx slot_mem (slot_id s, hreg h, unsigned k, unsigned bytes);
  void emit_slot_move (slot_move dir, slot_id s, hreg h, unsigned k,
                       unsigned bytes, unsigned reg);
  rtx remat_set (const edit &e) const;
  void emit_edit (const edit &e);
  void build_edits ();
  bool check_insn (rtx_insn *insn);
  bool dry_run ();
  void undo ();
  void install ();
  void emit_groups ();
  void emit_frame_setups ();
  void fix_debug_insns ();
  void finish ();

  const function &m_fn;
  const import_map &m_map;
  const target &m_target;
  const allocation &m_alloc;
  // The GPR kept out of allocation to rebuild frame offsets past 16 bits,
  // or INVALID_REGNUM (adapter.cc, frame_scratch_reg).  The RTL never
  // names it, so it is free everywhere.
  unsigned m_frame_scratch;
  // What the hard frame pointer is (adapter.cc, decide_hard_frame_pointer).
  hfp_role m_hfp;
  std::string m_error;

  // Registers this rewrite made ever-live (undone on failure).
  std::vector<unsigned> m_new_live;
  // The BLKmode MEM of each stack slot.
  std::vector<rtx> m_slots;
  std::vector<elimination> m_elims;
  std::vector<new_insn> m_insns;
  std::vector<edit_group> m_groups;
  bool m_edge_insertions = false;
  // Whether subst_use or subst_dest met the stack, frame or argument
  // pointer since it was last cleared (build_insns: a pattern without
  // them has nothing to eliminate and no frame offset to split).
  bool m_saw_frame_reg = false;
  // The patterns the dry run recognised and found to satisfy their
  // constraints, installed with their insn codes: finish need not check
  // an insn again while its pattern is one of these (the check cost 13%
  // of the rewrite; brotli's encode.c).  Sorted at the end of the dry
  // run, searched by finish (a hash set's inserts cost 10% of the
  // rewrite on sqlite3.c).
  std::vector<const_rtx> m_verified;
};

bool
rewriter::fail (const std::string &why)
{
  if (m_error.empty ())
    m_error = why;
  return false;
}

// Mark every register the allocation writes as ever-live (the prologue
// saves the callee-saved ones) and allocate the stack slots, then align
// the frame as LRA does.  After this the frame layout is final.
void
rewriter::prepare_frame ()
{
  for (unsigned r = 0; r < FIRST_PSEUDO_REGISTER; ++r)
    if (m_alloc.used_regs.test (r) && !df_regs_ever_live_p (r))
      {
        df_set_regs_ever_live (r, true);
        m_new_live.push_back (r);
      }
  if (m_frame_scratch != INVALID_REGNUM
      && !df_regs_ever_live_p (m_frame_scratch))
    {
      df_set_regs_ever_live (m_frame_scratch, true);
      m_new_live.push_back (m_frame_scratch);
    }
  for (const stack_slot &s : m_alloc.slots)
    {
      unsigned align = MAX (s.align, 1u) * BITS_PER_UNIT;
      m_slots.push_back (assign_stack_local (BLKmode, s.size, align));
    }
  if (maybe_ne (get_frame_size (), 0) && crtl->stack_alignment_needed)
    assign_stack_local (BLKmode, 0, crtl->stack_alignment_needed);
}

// Choose, for the soft frame pointer and the argument pointer, the first
// allowed elimination of ELIMINABLE_REGS and its offset.
void
rewriter::compute_eliminations ()
{
  static const struct { int from, to; } table[] = ELIMINABLE_REGS;
  for (unsigned from : { (unsigned) FRAME_POINTER_REGNUM,
                         (unsigned) ARG_POINTER_REGNUM })
    for (const auto &e : table)
      {
        if ((unsigned) e.from != from)
          continue;
        if (e.to == STACK_POINTER_REGNUM && frame_pointer_needed)
          continue;
        if (!targetm.can_eliminate (e.from, e.to))
          continue;
        elimination el;
        el.from = from;
        el.to = e.to == STACK_POINTER_REGNUM ? stack_pointer_rtx
                                             : hard_frame_pointer_rtx;
        HOST_WIDE_INT off;
        INITIAL_ELIMINATION_OFFSET (e.from, e.to, off);
        el.offset = off;
        m_elims.push_back (el);
        break;
      }
}

// Return X with F applied to each of its operands, X shallow-copied where
// one changed (X itself is never modified).  F returns NULL_RTX for a
// non-null operand to fail; then so does this.
template <typename F>
rtx
map_operands (rtx x, F f)
{
  const char *fmt = GET_RTX_FORMAT (GET_CODE (x));
  rtx copy = x;
  for (int i = 0; i < GET_RTX_LENGTH (GET_CODE (x)); ++i)
    {
      if (fmt[i] == 'e')
        {
          rtx sub = f (XEXP (x, i));
          if (!sub && XEXP (x, i))
            return NULL_RTX;
          if (sub != XEXP (x, i))
            {
              if (copy == x)
                copy = shallow_copy_rtx (x);
              XEXP (copy, i) = sub;
            }
        }
      else if (fmt[i] == 'E')
        for (int j = 0; j < XVECLEN (x, i); ++j)
          {
            rtx sub = f (XVECEXP (x, i, j));
            if (!sub && XVECEXP (x, i, j))
              return NULL_RTX;
            if (sub != XVECEXP (x, i, j))
              {
                if (copy == x)
                  {
                    copy = shallow_copy_rtx (x);
                    XVEC (copy, i) = shallow_copy_rtvec (XVEC (x, i));
                  }
                XVECEXP (copy, i, j) = sub;
              }
          }
    }
  return copy;
}

// Make the ASM_OPERANDS of every SET of a multi-output asm PATTERN share
// the first one's input, constraint and label vectors again, as
// asm_noperands wants: eliminate and split_frame_offsets copy the vectors
// they change (a frame address in an "m" input), once per SET.  The
// copies are equal, since the SETs shared the vectors before.
static void
share_asm_vectors (rtx pattern)
{
  if (GET_CODE (pattern) != PARALLEL)
    return;
  rtx first = NULL_RTX;
  for (int i = 0; i < XVECLEN (pattern, 0); ++i)
    {
      rtx e = XVECEXP (pattern, 0, i);
      if (GET_CODE (e) != SET || GET_CODE (SET_SRC (e)) != ASM_OPERANDS)
        continue;
      rtx asm_op = SET_SRC (e);
      if (!first)
        {
          first = asm_op;
          continue;
        }
      ASM_OPERANDS_INPUT_VEC (asm_op) = ASM_OPERANDS_INPUT_VEC (first);
      ASM_OPERANDS_INPUT_CONSTRAINT_VEC (asm_op)
        = ASM_OPERANDS_INPUT_CONSTRAINT_VEC (first);
      ASM_OPERANDS_LABEL_VEC (asm_op) = ASM_OPERANDS_LABEL_VEC (first);
    }
}

// Return X with the soft frame pointer and argument pointer replaced by
// their eliminations (and the shared hard frame pointer by the stack
// pointer when it is hfp_role::eliminated; a kept one stays r31).
// Shares nothing it changes.
rtx
rewriter::eliminate (rtx x)
{
  if (!x)
    return x;
  if (REG_P (x))
    {
      for (const elimination &el : m_elims)
        if (REGNO (x) == el.from)
          return plus_constant (Pmode, el.to, el.offset);
      if (x == hard_frame_pointer_rtx && m_hfp == hfp_role::eliminated)
        {
          HOST_WIDE_INT off;
          INITIAL_ELIMINATION_OFFSET (HARD_FRAME_POINTER_REGNUM,
                                      STACK_POINTER_REGNUM, off);
          return plus_constant (Pmode, stack_pointer_rtx, off);
        }
      return x;
    }
  if (GET_CODE (x) == PLUS && REG_P (XEXP (x, 0))
      && CONST_INT_P (XEXP (x, 1)))
    {
      rtx base = eliminate (XEXP (x, 0));
      if (base != XEXP (x, 0))
        return plus_constant (Pmode, base, INTVAL (XEXP (x, 1)));
      return x;
    }
  return map_operands (x, [this] (rtx sub) { return eliminate (sub); });
}

// Frame offsets a displacement reaches: 16 bits signed, less room for the
// last word of a multi-word access split after allocation.
constexpr HOST_WIDE_INT max_frame_disp = 32767 - 16;
constexpr HOST_WIDE_INT min_frame_disp = -32768;

// Return X with every (plus SP-or-FP OFFSET) whose OFFSET no displacement
// reaches rewritten as (plus BASE LOW), and set *SETUP to the
// (set BASE (plus SP-or-FP HIGH)) that must run just before.  One insn
// gets one such setup; a second, different offset, or no BASE
// (INVALID_REGNUM), fails (returns NULL_RTX).  X is unshared where it
// changes.
rtx
rewriter::split_frame_offsets (rtx x, unsigned base, rtx *setup)
{
  if (!x)
    return x;
  if (GET_CODE (x) == PLUS && CONST_INT_P (XEXP (x, 1))
      && (XEXP (x, 0) == stack_pointer_rtx
          || XEXP (x, 0) == hard_frame_pointer_rtx))
    {
      HOST_WIDE_INT off = INTVAL (XEXP (x, 1));
      if (off >= min_frame_disp && off <= max_frame_disp)
        return x;
      if (base == INVALID_REGNUM)
        return NULL_RTX;
      HOST_WIDE_INT low = ((off & 0xffff) ^ 0x8000) - 0x8000;
      HOST_WIDE_INT high = off - low;
      rtx scratch = gen_raw_REG (Pmode, base);
      rtx want = gen_rtx_SET (scratch, gen_rtx_PLUS (Pmode, XEXP (x, 0),
                                                     GEN_INT (high)));
      if (*setup && !rtx_equal_p (*setup, want))
        return NULL_RTX;
      *setup = want;
      return plus_constant (Pmode, scratch, low);
    }
  return map_operands (x, [this, base, setup] (rtx sub)
                        { return split_frame_offsets (sub, base, setup); });
}

// Return true if X contains an SP- or FP-relative offset that no
// displacement reaches.
static bool
far_frame_offset_p (const_rtx x)
{
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, x, ALL)
    {
      const_rtx y = *iter;
      if (GET_CODE (y) == PLUS && CONST_INT_P (XEXP (y, 1))
          && (XEXP (y, 0) == stack_pointer_rtx
              || XEXP (y, 0) == hard_frame_pointer_rtx)
          && (INTVAL (XEXP (y, 1)) < min_frame_disp
              || INTVAL (XEXP (y, 1)) > max_frame_disp))
        return true;
    }
  return false;
}

// Return true if hard register R can be the base of a rebuilt frame
// address: a base register (not r0) that is neither fixed nor the frame
// pointer in use.
static bool
far_base_reg_p (unsigned r)
{
  return (in_hard_reg_set_p (reg_class_contents[BASE_REG_CLASS], Pmode, r)
          && !fixed_regs[r] && !global_regs[r]
          && !(r == HARD_FRAME_POINTER_REGNUM && frame_pointer_needed));
}

// Return the register through which the rewritten pattern PAT reaches a
// frame offset past a 16-bit displacement without borrowing one: its
// destination when that is one GPR that its source does not read (a load,
// an address computed into a register), which is dead before the insn;
// else the kept m_frame_scratch, or INVALID_REGNUM.
unsigned
rewriter::far_base_of (rtx pat) const
{
  if (GET_CODE (pat) == SET && REG_P (SET_DEST (pat)))
    {
      rtx dest = SET_DEST (pat);
      if (HARD_REGISTER_P (dest) && REG_NREGS (dest) == 1
          && far_base_reg_p (REGNO (dest))
          && !reg_overlap_mentioned_p (dest, SET_SRC (pat)))
        return REGNO (dest);
    }
  return m_frame_scratch;
}

// With no register at hand for a far frame offset (no kept register, and
// not a load into a GPR), the access borrows one: it is saved in the word
// at 4(sp) just before, set to the high part of the address, and restored
// from that word just after.  In the V.4 ABI that word belongs to this
// function's callees, which store their return address there (it is the
// "caller's saved LR" of the frame layout in rs6000-logue.cc); between
// calls nothing reads or writes it, and the borrowing never spans a call.
constexpr HOST_WIDE_INT borrow_save_offset = 4;

// Return the memory a borrowed register is saved in.
static rtx
borrow_save_mem ()
{
  return gen_rtx_MEM (SImode, plus_constant (Pmode, stack_pointer_rtx,
                                             borrow_save_offset));
}

// Return an allocatable GPR that can be a base and that AVOID (a
// pattern or a register) does not mention, to borrow (borrow_save_offset);
// INVALID_REGNUM if there is none, or the ABI has no such word.
unsigned
rewriter::borrowable_reg (rtx avoid) const
{
  if (DEFAULT_ABI != ABI_V4)
    return INVALID_REGNUM;
  for (hreg r : m_target.files[file_gpr].regs)
    if (far_base_reg_p (r) && !refers_to_regno_p (r, r + 1, avoid, NULL))
      return r;
  return INVALID_REGNUM;
}

// Return hard register H in PSEUDO's mode, carrying PSEUDO's attributes
// (var-tracking and dwarf2out read REG_EXPR and REG_OFFSET).
rtx
rewriter::hard_reg_for (rtx pseudo, hreg h)
{
  rtx r = gen_raw_REG (GET_MODE (pseudo), h);
  ORIGINAL_REGNO (r) = REGNO (pseudo);
  REG_ATTRS (r) = REG_ATTRS (pseudo);
  REG_POINTER (r) = REG_POINTER (pseudo);
  REG_USERVAR_P (r) = REG_USERVAR_P (pseudo);
  return r;
}

// Replace the pseudo REG or SUBREG of one at *LOC by its register in REGS.
void
rewriter::subst_reg (rtx *loc, const reg_assignments &regs)
{
  rtx x = *loc;
  rtx inner = GET_CODE (x) == SUBREG ? SUBREG_REG (x) : x;
  const hreg *reg = regs.find (REGNO (inner));
  if (!reg)
    {
      fail ("pseudo " + std::to_string (REGNO (inner))
            + " has no register at insn");
      return;
    }
  rtx hard = hard_reg_for (inner, *reg);
  if (GET_CODE (x) == SUBREG
      && !targetm.hard_regno_mode_ok (*reg, GET_MODE (inner))
      && known_eq (SUBREG_BYTE (x), 0)
      && known_eq (GET_MODE_SIZE (GET_MODE (x)),
                   GET_MODE_SIZE (GET_MODE (inner))))
    {
      // The core copied the value into another file for this operand
      // (through memory, which reinterprets it): the register in the
      // subreg's mode.
      *loc = hard_reg_for (inner, *reg);
      PUT_MODE (*loc, GET_MODE (x));
      return;
    }
  if (GET_CODE (x) == SUBREG)
    {
      rtx s = simplify_gen_subreg (GET_MODE (x), hard, GET_MODE (inner),
                                   SUBREG_BYTE (x));
      if (!s)
        {
          fail ("invalid subreg of a hard register");
          return;
        }
      hard = s;
    }
  *loc = hard;
}

// Whether X is a register eliminate or split_frame_offsets may change.
static bool
frame_reg_p (const_rtx x)
{
  if (!REG_P (x))
    return false;
  unsigned r = REGNO (x);
  return (r == STACK_POINTER_REGNUM || r == FRAME_POINTER_REGNUM
          || r == ARG_POINTER_REGNUM || r == HARD_FRAME_POINTER_REGNUM);
}

static bool
pseudo_p (const_rtx x)
{
  if (GET_CODE (x) == SUBREG)
    x = SUBREG_REG (x);
  return REG_P (x) && !HARD_REGISTER_P (x);
}

// Substitute in the destination *LOC of a SET or CLOBBER.
void
rewriter::subst_dest (rtx *loc, const insn_regs &r)
{
  rtx x = *loc;
  if (pseudo_p (x))
    {
      subst_reg (loc, r.def);
      return;
    }
  switch (GET_CODE (x))
    {
    case MEM:
      subst_use (&XEXP (x, 0), r);
      return;
    case STRICT_LOW_PART:
      subst_dest (&XEXP (x, 0), r);
      return;
    case ZERO_EXTRACT:
    case SIGN_EXTRACT:
      subst_dest (&XEXP (x, 0), r);
      subst_use (&XEXP (x, 1), r);
      subst_use (&XEXP (x, 2), r);
      return;
    case PARALLEL:
      for (int i = 0; i < XVECLEN (x, 0); ++i)
        {
          rtx e = XVECEXP (x, 0, i);
          if (GET_CODE (e) == EXPR_LIST)
            subst_dest (&XEXP (e, 0), r);
          else
            subst_dest (&XVECEXP (x, 0, i), r);
        }
      return;
    default:
      // A register, or (conservatively) anything else the cases above
      // do not look into.
      if (REG_P (x))
        m_saw_frame_reg |= frame_reg_p (x);
      else if (GET_CODE (x) != PC && GET_CODE (x) != SCRATCH)
        m_saw_frame_reg = true;
      return;
    }
}

// Substitute in the source expression *LOC.
void
rewriter::subst_use (rtx *loc, const insn_regs &r)
{
  rtx x = *loc;
  if (!x)
    return;
  if (pseudo_p (x))
    {
      subst_reg (loc, r.use);
      return;
    }
  if (REG_P (x))
    {
      m_saw_frame_reg |= frame_reg_p (x);
      return;
    }
  switch (GET_CODE (x))
    {
    case SET:
      subst_dest (&SET_DEST (x), r);
      subst_use (&SET_SRC (x), r);
      return;
    case CLOBBER:
      if (MEM_P (XEXP (x, 0)))
        subst_use (&XEXP (XEXP (x, 0), 0), r);
      else
        subst_dest (&XEXP (x, 0), r);
      return;
    default:
      break;
    }
  const char *fmt = GET_RTX_FORMAT (GET_CODE (x));
  for (int i = 0; i < GET_RTX_LENGTH (GET_CODE (x)); ++i)
    if (fmt[i] == 'e')
      subst_use (&XEXP (x, i), r);
    else if (fmt[i] == 'E')
      for (int j = 0; j < XVECLEN (x, i); ++j)
        subst_use (&XVECEXP (x, i, j), r);
}

// Set NI's pattern to PAT, the substituted pattern of RTL, with the
// frame registers eliminated and each frame offset past a displacement
// rebuilt (NI's setup, and the save and restore of a borrowed register);
// return false (and record why) where an offset cannot be.
bool
rewriter::frame_pattern (rtx_insn *rtl, rtx pat, new_insn &ni)
{
  rtx elim = eliminate (pat);
  unsigned base = far_base_of (elim);
  if (base == INVALID_REGNUM && far_frame_offset_p (elim)
      && !CALL_P (rtl) && !control_flow_insn_p (rtl))
    {
      base = borrowable_reg (elim);
      if (base != INVALID_REGNUM)
        {
          rtx reg = gen_raw_REG (SImode, base);
          ni.save = gen_rtx_SET (borrow_save_mem (), reg);
          ni.restore = gen_rtx_SET (reg, borrow_save_mem ());
        }
    }
  ni.pattern = split_frame_offsets (elim, base, &ni.setup);
  if (!ni.pattern)
    return fail ("a frame offset of insn " + std::to_string (INSN_UID (rtl))
                 + " needs more than 16 bits"
                 + (base == INVALID_REGNUM
                    ? " and no register can hold its high part"
                    : " twice"));
  return true;
}

// Build the rewritten pattern of every imported insn.
void
rewriter::build_insns ()
{
  // Cleared, not made anew, for each insn.
  insn_regs regs;
  std::vector<std::pair<int, hreg>> scratches;
  size_t count = 0;
  for (const block &blk : m_fn.blocks)
    count += blk.insns.size ();
  m_insns.reserve (count);
  for (block_id b = 0; b < m_fn.blocks.size (); ++b)
    for (size_t i = 0; i < m_fn.blocks[b].insns.size (); ++i)
      {
        rtx_insn *rtl = m_map.insn_rtl[b][i];
        if (!rtl)
          continue;
        const insn &in = m_fn.blocks[b].insns[i];
        new_insn ni;
        ni.insn = rtl;
        rtx pat = PATTERN (rtl);
        // A copy the allocation deleted (allocation::removed: its def is
        // read where its source is), and a clobber of a pseudo, go.
        if (m_alloc.is_removed (b, uint32_t (i))
            || (GET_CODE (pat) == CLOBBER && pseudo_p (XEXP (pat, 0))))
          {
            ni.remove = true;
            m_insns.push_back (ni);
            continue;
          }
        regs.use.clear ();
        regs.def.clear ();
        scratches.clear ();
        for (size_t k = 0; k < in.ops.size (); ++k)
          {
            const operand &o = in.ops[k];
            if (o.kind != operand_kind::use && o.kind != operand_kind::def)
              continue;
            const location &l = m_alloc.operand_loc[b][i][k];
            if (!l.is_reg ())
              {
                fail ("operand without a register at insn "
                      + std::to_string (INSN_UID (rtl)));
                return;
              }
            unsigned regno = m_map.value_regno[o.value];
            if (regno == INVALID_REGNUM)
              scratches.push_back ({ m_map.value_scratch_op[o.value], l.reg });
            else if (o.kind == operand_kind::use)
              regs.use.set (regno, l.reg);
            else
              regs.def.set (regno, l.reg);
          }
        // Scratches sit at recog operand positions: substitute them in a
        // copy installed just long enough to find those positions.
        // copy_insn keeps the input vector a multi-output asm shares.
        rtx copy = copy_insn (pat);
        if (!scratches.empty ())
          {
            PATTERN (rtl) = copy;
            extract_insn (rtl);
            for (auto &s : scratches)
              {
                rtx reg = gen_raw_REG (GET_MODE (recog_data.operand[s.first]),
                                       s.second);
                *recog_data.operand_loc[s.first] = reg;
                for (int d = 0; d < recog_data.n_dups; ++d)
                  if (recog_data.dup_num[d] == s.first)
                    *recog_data.dup_loc[d] = reg;
              }
            PATTERN (rtl) = pat;
            recog_data.insn = nullptr;
          }
        m_saw_frame_reg = false;
        subst_use (&copy, regs);
        // Without the stack, frame or argument pointer (the walk saw
        // every register of the pattern) there is nothing to eliminate
        // and no frame offset to split (most insns: the two walks cost
        // 1% of the pass on SQLite at -O2).
        if (!m_saw_frame_reg)
          ni.pattern = copy;
        else if (!frame_pattern (rtl, copy, ni))
          return;
        share_asm_vectors (ni.pattern);
        if (CALL_P (rtl) && CALL_INSN_FUNCTION_USAGE (rtl))
          {
            rtx usage = copy_rtx (CALL_INSN_FUNCTION_USAGE (rtl));
            subst_use (&usage, regs);
            ni.usage = eliminate (usage);
          }
        m_insns.push_back (ni);
      }
}

// Return register K of a value whose first register is H, in the mode
// that moves one register of its file.
rtx
rewriter::reg_rtx (hreg h, unsigned k)
{
  unsigned r = h + k;
  switch (m_target.file_of (r))
    {
    case file_fpr:
      return gen_raw_REG (DFmode, r);
    case file_cr:
      return gen_raw_REG (CCmode, r);
    default:
      return gen_raw_REG (SImode, r);
    }
}

// Return the memory of register K of a value in slot S moved through
// register H's file, its address eliminated (possibly past a 16-bit
// displacement).  NARROW is the edit's `bytes`: 4 moves a float
// between an FPR and memory (lfs, stfs), 1 or 2 the low byte or half
// word of a GPR at the slot's start (stb and lbz, sth and lhz), 0 whole
// registers.
rtx
rewriter::slot_mem (slot_id s, hreg h, unsigned k, unsigned narrow)
{
  file_id f = m_target.file_of (h);
  unsigned bytes = m_target.files[f].bytes_per_reg;
  machine_mode mode = f == file_fpr ? (machine_mode) DFmode : (machine_mode) SImode;
  if (narrow == 4 && f == file_fpr)
    mode = SFmode;
  else if (f == file_gpr && (narrow == 1 || narrow == 2))
    mode = narrow == 1 ? (machine_mode) QImode : (machine_mode) HImode;
  else if (narrow != 0 && narrow != bytes)
    fail ("no narrow load or store of " + std::to_string (narrow)
          + " bytes in this register file");
  // Not adjust_address: it would force a large address into a pseudo.
  rtx mem = adjust_address_nv (m_slots[s], mode, k * bytes);
  return replace_equiv_address_nv (mem, eliminate (copy_rtx (XEXP (mem, 0))));
}

// Emit into the current sequence the move of register REG to or from
// (DIR) register K of a value in slot S moved through register H's file
// (slot_mem; NARROW likewise).  A slot past a 16-bit displacement is
// reached through a base register set up just before: REG itself when it
// is a GPR being loaded (dead until then), else the kept m_frame_scratch,
// else a borrowed GPR, saved and restored around the access.
void
rewriter::emit_slot_move (slot_move dir, slot_id s, hreg h, unsigned k,
                          unsigned narrow, unsigned reg)
{
  rtx mem = slot_mem (s, h, k, narrow);
  rtx r = gen_raw_REG (GET_MODE (mem), reg);
  auto move = [&] (rtx m)
    {
      if (dir == slot_move::load_extend)
        {
          emit_insn (gen_rtx_SET (gen_raw_REG (SImode, reg),
                                  gen_rtx_ZERO_EXTEND (SImode, m)));
          return;
        }
      emit_insn (dir == slot_move::load ? gen_rtx_SET (r, m)
                                        : gen_rtx_SET (m, r));
    };
  if (!far_frame_offset_p (XEXP (mem, 0)))
    {
      move (mem);
      return;
    }
  unsigned base = (dir != slot_move::store
                   && m_target.file_of (reg) == file_gpr
                   && far_base_reg_p (reg) ? reg : m_frame_scratch);
  bool borrowed = base == INVALID_REGNUM;
  if (borrowed)
    base = borrowable_reg (r);
  rtx setup = NULL_RTX;
  rtx addr = split_frame_offsets (XEXP (mem, 0), base, &setup);
  if (!addr)
    {
      fail ("a stack slot lies beyond a 16-bit displacement and no "
            "register can hold its high part");
      return;
    }
  rtx b = gen_raw_REG (SImode, base);
  if (borrowed)
    emit_insn (gen_rtx_SET (borrow_save_mem (), b));
  emit_insn (setup);
  move (replace_equiv_address_nv (mem, addr));
  if (borrowed)
    emit_insn (gen_rtx_SET (b, borrow_save_mem ()));
}

// Return the single set of the insn remat edit E runs again, or null.
rtx
rewriter::remat_set (const edit &e) const
{
  if (e.k != edit::kind::remat || e.def_block >= m_map.insn_rtl.size ()
      || e.def_insn >= m_map.insn_rtl[e.def_block].size ())
    return NULL_RTX;
  rtx_insn *def = m_map.insn_rtl[e.def_block][e.def_insn];
  return def ? single_set (def) : NULL_RTX;
}

// Emit the insns of edit E into the current sequence.  A value several
// registers wide moves one register at a time, in the order that does not
// overwrite a source register before it is read.
void
rewriter::emit_edit (const edit &e)
{
  unsigned w = e.width;
  switch (e.k)
    {
    case edit::kind::copy:
      {
        bool down = e.dst_reg > e.src_reg;
        for (unsigned j = 0; j < w; ++j)
          {
            unsigned k = down ? w - 1 - j : j;
            rtx dst = reg_rtx (e.dst_reg, k);
            rtx src = reg_rtx (e.src_reg, k);
            // A move between files uses the destination's mode on both
            // sides (mfcr/mtcrf move CCmode through a GPR).
            if (GET_MODE (dst) != GET_MODE (src))
              {
                machine_mode m = m_target.file_of (e.dst_reg) == file_cr
                                 || m_target.file_of (e.src_reg) == file_cr
                                 ? CCmode : SImode;
                dst = gen_raw_REG (m, REGNO (dst));
                src = gen_raw_REG (m, REGNO (src));
              }
            emit_insn (gen_rtx_SET (dst, src));
          }
        return;
      }
    case edit::kind::load:
      for (unsigned k = 0; k < w; ++k)
        emit_slot_move (e.extends ? slot_move::load_extend : slot_move::load,
                        e.slot, e.dst_reg, k, e.bytes,
                        e.dst_reg + k);
      return;
    case edit::kind::store:
      for (unsigned k = 0; k < w; ++k)
        emit_slot_move (slot_move::store, e.slot, e.src_reg, k, e.bytes,
                        e.src_reg + k);
      return;
    case edit::kind::remat:
      {
        // The def insn's source again, into the edit's register (the
        // import flagged only a plain set of a constant or a frame
        // address; dry_run recognises the copy).
        rtx set = remat_set (e);
        if (!set)
          {
            fail ("a recomputed value has no defining insn");
            return;
          }
        // A frame address is eliminated as the def insn's is; one whose
        // offset needs more than 16 bits takes its high part in the
        // destination first.
        rtx setup = NULL_RTX;
        rtx src = split_frame_offsets (eliminate (copy_rtx (SET_SRC (set))),
                                       e.dst_reg, &setup);
        if (!src)
          {
            fail ("a recomputed frame address needs more than 16 bits");
            return;
          }
        if (setup)
          emit_insn (setup);
        emit_insn (gen_rtx_SET (gen_raw_REG (GET_MODE (SET_DEST (set)),
                                             e.dst_reg), src));
        return;
      }
    case edit::kind::swap:
      for (unsigned k = 0; k < w; ++k)
        {
          rtx a = reg_rtx (e.dst_reg, k);
          rtx b = reg_rtx (e.src_reg, k);
          file_id f = m_target.file_of (e.dst_reg);
          if (m_target.files[f].swap == swap_method::xor3
              && e.temp == no_hreg)
            {
              // Three xors; they do not touch CA or any CR field.
              emit_insn (gen_rtx_SET (a, gen_rtx_XOR (SImode, a, b)));
              emit_insn (gen_rtx_SET (b, gen_rtx_XOR (SImode, b, a)));
              emit_insn (gen_rtx_SET (a, gen_rtx_XOR (SImode, a, b)));
            }
          else if (e.temp != no_hreg)
            {
              machine_mode m = GET_MODE (a);
              rtx t = gen_raw_REG (m, e.temp + k);
              emit_insn (gen_rtx_SET (t, gen_raw_REG (m, REGNO (a))));
              emit_insn (gen_rtx_SET (a, b));
              emit_insn (gen_rtx_SET (gen_raw_REG (m, REGNO (b)), t));
            }
          else
            {
              emit_slot_move (slot_move::store, e.slot, e.dst_reg, k, 0,
                              REGNO (a));
              emit_insn (gen_rtx_SET (a, b));
              emit_slot_move (slot_move::load, e.slot, e.dst_reg, k, 0,
                              REGNO (b));
            }
        }
      return;
    }
}

// Turn the edits into one insn sequence per program point.
void
rewriter::build_edits ()
{
  std::vector<const edit *> order;
  for (const edit &e : m_alloc.edits)
    order.push_back (&e);
  // Block, then position: before insn i, after insn i, before insn i+1;
  // edge edits by successor.  Stable: the core's order within a point is
  // the order of execution.
  auto key = [] (const program_point &p)
    {
      uint64_t pos = p.k == program_point::kind::on_edge
                     ? (uint64_t) 1 << 40 | p.succ
                     : (uint64_t) p.insn * 2
                       + (p.k == program_point::kind::after_insn);
      return std::make_pair (p.block, pos);
    };
  std::stable_sort (order.begin (), order.end (),
                    [&] (const edit *a, const edit *b)
                    { return key (a->at) < key (b->at); });
  // Stack slots are addressed from the hard frame pointer when there is
  // one; after an insn of the block sets it (a nonlocal goto restoring
  // its target's frame) a slot access would read the wrong frame, and so
  // would a recomputed frame address.  A clobber of it is no such insn:
  // it emits nothing, and the register keeps this frame until the set
  // that follows it in the nonlocal goto (which reads its value, so a
  // reload of that comes before it); LRA, too, reloads from the frame
  // between the two (nestfunc-6.c's compare with four GPRs).
  auto sets_frame_pointer = [] (rtx_insn *insn) {
    const_rtx s = set_of (hard_frame_pointer_rtx, insn);
    return s && GET_CODE (s) != CLOBBER;
  };
  auto frame_remat = [&] (const edit &e) {
    rtx set = remat_set (e);
    return set && GET_CODE (SET_SRC (set)) == PLUS;
  };
  if (frame_pointer_needed)
    for (const edit *e : order)
      {
        if (e->slot == no_slot && !frame_remat (*e))
          continue;
        const program_point &p = e->at;
        if (p.block >= m_map.insn_rtl.size ())
          continue;
        const std::vector<rtx_insn *> &rtl = m_map.insn_rtl[p.block];
        size_t end = p.k == program_point::kind::on_edge ? rtl.size ()
                     : p.insn + (p.k == program_point::kind::after_insn);
        for (size_t j = 0; j < end && j < rtl.size (); ++j)
          if (rtl[j] && sets_frame_pointer (rtl[j]))
            {
              fail (std::string (e->slot != no_slot
                                 ? "a stack slot is accessed"
                                 : "a frame address is recomputed")
                    + " after insn " + std::to_string (INSN_UID (rtl[j]))
                    + " sets the frame pointer");
              return;
            }
      }
  // Nothing may follow an insn that ends its block in the CFG (a jump,
  // a call with an abnormal or EH edge): edits there would be lost to
  // the scheduler.  The import puts none there; should the core, the
  // function is declined here, before the point of no return (emit_groups
  // asserts it).
  for (const edit *e : order)
    {
      const program_point &p = e->at;
      if (p.k == program_point::kind::on_edge
          || p.block >= m_map.insn_rtl.size ())
        continue;
      const std::vector<rtx_insn *> &rtl = m_map.insn_rtl[p.block];
      basic_block bb = m_map.block_bb[p.block];
      size_t j = p.insn + (p.k == program_point::kind::after_insn);
      if (j >= rtl.size () && bb != ENTRY_BLOCK_PTR_FOR_FN (cfun)
          && BB_END (bb) && control_flow_insn_p (BB_END (bb)))
        {
          fail ("an edit would follow insn "
                + std::to_string (INSN_UID (BB_END (bb)))
                + ", which ends its block");
          return;
        }
    }
  for (size_t i = 0; i < order.size ();)
    {
      size_t j = i;
      start_sequence ();
      while (j < order.size () && key (order[j]->at) == key (order[i]->at))
        {
          const edit &e = *order[j++];
          rtx_insn *last = get_last_insn ();
          emit_edit (e);
          for (rtx_insn *n = last ? NEXT_INSN (last) : get_insns (); n;
               n = NEXT_INSN (n))
            attribution_tag (n, insn_origin_of (e.origin));
        }
      edit_group g;
      g.at = order[i]->at;
      g.seq = get_insns ();
      end_sequence ();
      m_groups.push_back (g);
      i = j;
    }
}

// Return true if INSN, with reload_completed set, is recognised and
// satisfies its constraints strictly.
bool
rewriter::check_insn (rtx_insn *insn)
{
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) == USE || GET_CODE (pat) == CLOBBER
      || GET_CODE (pat) == ASM_INPUT)
    return true;
  INSN_CODE (insn) = -1;
  if (asm_noperands (pat) < 0 && recog_memoized (insn) < 0)
    return false;
  // extract_insn decodes an asm's operands and constraints as well.
  extract_insn (insn);
  return constrain_operands (1, get_enabled_alternatives (insn));
}

// Check every new pattern and every edit insn; restore the old patterns.
bool
rewriter::dry_run ()
{
  bool ok = true;
  reload_completed = 1;
  for (new_insn &ni : m_insns)
    {
      if (ni.remove)
        continue;
      rtx old = PATTERN (ni.insn);
      int old_code = INSN_CODE (ni.insn);
      PATTERN (ni.insn) = ni.pattern;
      bool good = check_insn (ni.insn);
      if (good)
        {
          ni.code = INSN_CODE (ni.insn);
          m_verified.push_back (ni.pattern);
        }
      for (rtx extra : { ni.setup, ni.save, ni.restore })
        if (good && extra)
          good = check_insn (make_insn_raw (extra));
      PATTERN (ni.insn) = old;
      INSN_CODE (ni.insn) = old_code;
      if (!good)
        {
          char buf[160];
          snprintf (buf, sizeof buf, "insn %d (%s) does not satisfy its "
                    "constraints after allocation", INSN_UID (ni.insn),
                    old_code >= 0 ? get_insn_name (old_code) : "?");
          ok = fail (buf);
          break;
        }
    }
  for (edit_group &g : m_groups)
    for (rtx_insn *i = g.seq; ok && i; i = NEXT_INSN (i))
      if (!check_insn (i))
        ok = fail (std::string ("an inserted copy, load or store is not a "
                                "valid insn: ")
                   + str_pattern_slim (PATTERN (i)));
      else
        m_verified.push_back (PATTERN (i));
  std::sort (m_verified.begin (), m_verified.end ());
  reload_completed = 0;
  recog_data.insn = nullptr;
  return ok;
}

// Take back what prepare_frame did that IRA would see.
void
rewriter::undo ()
{
  for (unsigned r : m_new_live)
    df_set_regs_ever_live (r, false);
}

// Install the new patterns and delete the removed insns.
void
rewriter::install ()
{
  for (new_insn &ni : m_insns)
    {
      if (ni.remove)
        {
          delete_insn (ni.insn);
          continue;
        }
      PATTERN (ni.insn) = ni.pattern;
      INSN_CODE (ni.insn) = ni.code;
      if (ni.usage)
        CALL_INSN_FUNCTION_USAGE (ni.insn) = ni.usage;
      // Liveness notes are recomputed; equivalences between a pseudo and
      // an expression are meaningless for a reused hard register.
      rtx *np = &REG_NOTES (ni.insn);
      while (*np)
        {
          enum reg_note k = REG_NOTE_KIND (*np);
          if (k == REG_DEAD || k == REG_UNUSED || k == REG_EQUIV
              || k == REG_EQUAL || k == REG_INC)
            *np = XEXP (*np, 1);
          else
            np = &XEXP (*np, 1);
        }
    }
}

// Emit every edit group at its program point.
void
rewriter::emit_groups ()
{
  for (edit_group &g : m_groups)
    {
      const program_point &p = g.at;
      if (p.k == program_point::kind::on_edge)
        {
          edge e = find_edge (m_map.block_bb[p.block], m_map.block_bb[p.succ]);
          gcc_assert (e);
          insert_insn_on_edge (g.seq, e);
          m_edge_insertions = true;
          continue;
        }
      basic_block bb = m_map.block_bb[p.block];
      if (bb == ENTRY_BLOCK_PTR_FOR_FN (cfun))
        {
          insert_insn_on_edge (g.seq, single_succ_edge (bb));
          m_edge_insertions = true;
          continue;
        }
      // The exit block holds no insns (its reads are the return value's
      // artificial uses): its edits go on every edge into it, each edge
      // a copy of the sequence.
      if (bb == EXIT_BLOCK_PTR_FOR_FN (cfun))
        {
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->preds)
            {
              start_sequence ();
              for (rtx_insn *i = g.seq; i; i = NEXT_INSN (i))
                emit_insn (copy_insn (PATTERN (i)));
              insert_insn_on_edge (get_insns (), e);
              end_sequence ();
            }
          m_edge_insertions = true;
          continue;
        }
      const std::vector<rtx_insn *> &rtl = m_map.insn_rtl[p.block];
      // install () deleted the copies that became no-ops; edits next to
      // one go next to the insns around it.
      auto present = [&] (size_t j) { return rtl[j] && !rtl[j]->deleted (); };
      if (p.k == program_point::kind::after_insn && present (p.insn))
        {
          emit_insn_after (g.seq, rtl[p.insn]);
          continue;
        }
      // Before the first real insn at or after the point, else at the end
      // of the block (which then has no terminator).
      size_t j = p.insn + (p.k == program_point::kind::after_insn);
      while (j < rtl.size () && !present (j))
        ++j;
      if (j < rtl.size ())
        emit_insn_before (g.seq, rtl[j]);
      else
        {
          // Nothing may follow an insn that ends its block in the CFG
          // (a jump is the core's terminator; a call with an abnormal or
          // EH edge gets no made-up definitions after it, see
          // importer::run): the scheduler would lose what does.
          gcc_assert (!control_flow_insn_p (BB_END (bb)));
          emit_insn_after (g.seq, BB_END (bb));
        }
    }
}

// Emit the setup of each insn's far frame offset just before it, after
// the edits emit_groups put there (which may use the same register), and
// a borrowed register's save before that and its restore just after the
// insn, before the edits there.
void
rewriter::emit_frame_setups ()
{
  for (new_insn &ni : m_insns)
    {
      if (ni.remove || !ni.setup)
        continue;
      if (ni.save)
        emit_insn_before (ni.save, ni.insn);
      emit_insn_before (ni.setup, ni.insn);
      if (ni.restore)
        emit_insn_after (ni.restore, ni.insn);
    }
}

// Reset debug binds that still name a pseudo (the value's location at that
// point is not known here), eliminate frame registers in the others.
void
rewriter::fix_debug_insns ()
{
  rtx_insn *insn;
  for (insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (!DEBUG_BIND_INSN_P (insn))
        continue;
      rtx loc = INSN_VAR_LOCATION_LOC (insn);
      bool stale = false;
      subrtx_iterator::array_type array;
      FOR_EACH_SUBRTX (iter, array, loc, ALL)
        if (REG_P (*iter) && !HARD_REGISTER_P (*iter))
          stale = true;
      if (stale)
        INSN_VAR_LOCATION_LOC (insn) = gen_rtx_UNKNOWN_VAR_LOC ();
      else
        INSN_VAR_LOCATION_LOC (insn) = eliminate (loc);
    }
}

// Leave the state IRA and LRA leave: reload1's elimination table (where
// debug info is made: var-tracking, dwarf2out and dbxout are its only
// readers after allocation), reload_completed, recognised insns, a clean
// CFG and rebuilt df.
void
rewriter::finish ()
{
  if (m_edge_insertions)
    commit_edge_insertions ();
  resize_reg_info ();
  max_regno = max_reg_num ();
  // The table costs a walk over every insn (3% of the pass on SQLite at
  // -O2): only for debug info.
  if (write_symbols != NO_DEBUG || flag_var_tracking)
    {
      grow_reg_equivs ();
      calculate_elim_costs_all_insns ();
      // reg_equivs lives in GC memory but is no GC root: free it as IRA
      // does after LRA, or the next function that IRA allocates finds it
      // collected (seen as a crash in grow_reg_equivs on SQLite).
      vec_free (reg_equivs);
      reg_equivs = NULL;
    }
  ira_use_lra_p = false;
  reload_completed = 1;

  rtx_insn *insn, *next;
  for (insn = get_insns (); insn; insn = next)
    {
      next = NEXT_INSN (insn);
      if (!NONDEBUG_INSN_P (insn))
        continue;
      rtx set = single_set (insn);
      if (set && REG_P (SET_SRC (set)) && REG_P (SET_DEST (set))
          && REGNO (SET_SRC (set)) == REGNO (SET_DEST (set))
          && GET_MODE (SET_SRC (set)) == GET_MODE (SET_DEST (set))
          && GET_CODE (PATTERN (insn)) == SET)
        {
          delete_insn (insn);
          continue;
        }
      rtx pat = PATTERN (insn);
      if (GET_CODE (pat) == USE || GET_CODE (pat) == CLOBBER
          || GET_CODE (pat) == ASM_INPUT || asm_noperands (pat) >= 0)
        continue;
      // The dry run checked this pattern (an edit insn keeps the code
      // it found, install gave the others theirs); any other insn, or
      // one whose pattern changed since, is checked here.
      if (!std::binary_search (m_verified.begin (), m_verified.end (),
                               const_rtx (pat))
          || INSN_CODE (insn) < 0)
        {
          INSN_CODE (insn) = -1;
          if (recog_memoized (insn) < 0)
            fatal_insn_not_found (insn);
          extract_insn (insn);
          if (!constrain_operands (1, get_enabled_alternatives (insn)))
            fatal_insn_not_found (insn);
        }
      // install () dropped the REG_INC notes with the others.
      add_auto_inc_notes (insn, PATTERN (insn));
    }

  if (optimize)
    cleanup_cfg (CLEANUP_EXPENSIVE);
  // The scan info is thrown away and made anew just below (as IRA's
  // do_reload does): the entry and exit blocks' refs, and the call
  // insns' that df_finish_pass would rescan first because prepare_frame
  // changed regs_ever_live (df_update_entry_exit_and_calls, 2.5% of the
  // pass on SQLite at -O2), are scanned again by df_scan_blocks from the
  // final regs_ever_live.  Nothing else is pending: the insns changed
  // under DF_NO_INSN_RESCAN.
  df->redo_entry_and_exit = false;
  df_finish_pass (true);
  df_scan_alloc (NULL);
  df_scan_blocks ();
  if (optimize > 1)
    {
      df_live_add_problem ();
      df_live_set_all_dirty ();
    }
  df_note_add_problem ();
  df_analyze ();
}

std::string
rewriter::run ()
{
  prepare_frame ();
  compute_eliminations ();
  build_insns ();
  if (m_error.empty ())
    build_edits ();
  if (!m_error.empty () || !dry_run ())
    {
      undo ();
      return m_error;
    }
  // The point of no return.
  df_set_flags (DF_NO_INSN_RESCAN);
  install ();
  emit_groups ();
  emit_frame_setups ();
  fix_debug_insns ();
  finish ();
  return std::string ();
}

} // anon namespace

std::string
rewrite_function (const function &fn, const import_map &map,
                  const target &t, const allocation &a,
                  unsigned frame_scratch, hfp_role hfp)
{
  rewriter rw (fn, map, t, a, frame_scratch, hfp);
  return rw.run ();
}

} // namespace ssara
