// rtl-import.cc -- see rtl-import.h.
//
// Scope of this version: integer values in GPRs (one, two or four
// registers wide), floating-point values in FPRs (or GPRs), CR fields;
// extended asm like any insn (extract_insn decodes its constraints),
// basic asm as an insn without operands.  Anything else (vectors,
// pseudos set outside operands, unrecognised insns) is a reason to
// decline the function, named in the result.

#include "gcc-includes.h"
#include "rtl-import.h"
#include "constraints.h"
#include "gcc-target.h"

#include <map>
#include <set>
#include <unordered_map>

namespace ssara {

namespace {

// One pseudo's role at one instruction, merged over all its occurrences.
// A map from register numbers to V for one insn, which names a handful:
// a vector sorted by key (std::map's order, without a node per entry).
// operator[] may move the entries: a reference it returns lasts until
// the next insertion.
template <typename V> class regno_map
{
public:
  using entry = std::pair<unsigned, V>;

  V &operator[] (unsigned k)
  {
    auto it = lower (k);
    if (it == m_.end () || it->first != k)
      it = m_.insert (it, entry (k, V ()));
    return it->second;
  }
  const V &at (unsigned k) const
  {
    auto it = std::lower_bound (m_.begin (), m_.end (), k, less);
    gcc_assert (it != m_.end () && it->first == k);
    return it->second;
  }
  size_t count (unsigned k) const
  {
    auto it = std::lower_bound (m_.begin (), m_.end (), k, less);
    return it != m_.end () && it->first == k;
  }
  // Empty, keeping the storage.
  void clear () { m_.clear (); }
  typename std::vector<entry>::iterator begin () { return m_.begin (); }
  typename std::vector<entry>::iterator end () { return m_.end (); }

private:
  static bool less (const entry &e, unsigned k) { return e.first < k; }
  typename std::vector<entry>::iterator lower (unsigned k)
  {
    return std::lower_bound (m_.begin (), m_.end (), k, less);
  }
  std::vector<entry> m_;
};

// A set of register numbers as a flag per number (shape_of_mode asks
// for every operand of every alternative: a std::set's search cost 4%
// of the import).
class regno_set
{
public:
  void insert (unsigned r)
  {
    if (r >= m_.size ())
      m_.resize (r + 1, false);
    m_[r] = true;
  }
  size_t count (unsigned r) const { return r < m_.size () && m_[r]; }

private:
  std::vector<bool> m_;
};

// The most insns old_value_overwritten follows from a word-wise write
// to the write that completes the pseudo (two or three at -O0 for a
// DImode operation; a TImode one has four words).
constexpr unsigned max_word_write_chain = 16;

struct pseudo_access
{
  // The registers the occurrences accept (intersection); set when the
  // access exists.
  bool used = false;
  hreg_set use_allowed;
  bool defined = false;
  hreg_set def_allowed;
  bool earlyclobber = false;
  // The def must reuse the register of the use of this pseudo (a "0"
  // constraint, a '+' operand, a partial definition).
  unsigned tied_use_regno = INVALID_REGNUM;
};

class importer
{
public:
  importer (const target &t, hfp_role hfp, rtl_ssa::function_info &ssa,
            import_result &out)
    : m_target (t), m_hfp (hfp), m_ssa (ssa), m_out (out), m_fn (out.fn),
      m_map (out.map)
  {
    for (unsigned r = 0; r < FIRST_PSEUDO_REGISTER; ++r)
      m_file_of[r] = t.file_of (r);
  }

  // Import the whole function; on failure m_out.error says why.
  void run ();

private:
  bool fail (const std::string &why);
  file_id file_of_hard (unsigned r) const
  {
    return r < FIRST_PSEUDO_REGISTER ? m_file_of[r] : no_file;
  }
  bool shape_of_mode (machine_mode mode, unsigned regno, file_id &file,
                      unsigned &width);
  void classify_pseudos ();
  void add_gpr_tied_asm_operands (rtx_insn *insn);
  hreg_set start_regs (file_id file, machine_mode mode, unsigned width);
  value_id new_value (unsigned regno, uint32_t origin);
  bool extends_narrow_p (rtx_insn *rtl, const insn &out) const;
  bool moves_low_part_p (rtx_insn *rtl, const insn &out) const;
  value_id value_of_set (rtl_ssa::set_info *set);
  rtl_ssa::set_info *resolve_set (rtl_ssa::set_info *set);
  value_id undefined_value (unsigned regno, std::vector<insn> &before);
  bool old_value_overwritten (rtl_ssa::insn_info *ii, unsigned regno);
  void drop_dead_phis ();
  hreg_set class_set (unsigned regno, rtx op, reg_class_t cl);
  int operand_fit (int i, const operand_alternative *alt);
  int choose_alternative (rtx_insn *rtl);
  bool add_address_uses (rtx x, regno_map<pseudo_access> &acc);
  bool collect_operands (rtx_insn *rtl, int alt,
                         regno_map<pseudo_access> &acc,
                         std::vector<std::pair<int, reg_class_t>> &scratch_ops,
                         hreg_set &earlyclobber_hard);
  bool import_insn (rtl_ssa::insn_info *ii, block_id b, bool last);
  void import_phis (rtl_ssa::ebb_info *ebb, block_id b);
  void import_phi (rtl_ssa::phi_info *p, block_id b);
  void import_orphan_phis ();
  bool undefined_set_p (rtl_ssa::set_info *set);
  void import_exit (rtl_ssa::bb_info *bb, block_id b);
  void import_head_defs (rtl_ssa::bb_info *bb, block_id b);
  void mark_receiver_save (rtl_ssa::insn_info *ii,
                           const regno_map<operand_index> &use_index,
                           insn &out);

  const target &m_target;
  hfp_role m_hfp;
  rtl_ssa::function_info &m_ssa;
  import_result &m_out;
  function &m_fn;
  import_map &m_map;

  // Made-up definitions of undefined phi arguments, to go at the end of
  // each predecessor block (before its terminator) once it is imported.
  std::map<block_id, std::vector<insn>> m_end_defs;
  // The values undefined_value made (each defined by a made-up
  // instruction with that one def and nothing else).
  std::vector<value_id> m_undefined;

  // Core block of each basic block index (0, the core's entry block,
  // for a block not imported).
  std::vector<block_id> m_block_of_bb;
  // Floating-point pseudos that must live in GPRs (classify_pseudos).
  regno_set m_gpr_only;
  // Integer pseudos that live in FPRs (classify_pseudos).
  regno_set m_fpr_int;
  // Loop counters that live in CTR (classify_pseudos).
  regno_set m_ctr;

  // The phis already given a definition in the core's IR.
  std::set<rtl_ssa::set_info *> m_imported_phis;

  // Value of each rtl-ssa definition of a pseudo (an open-addressing
  // table: a std::unordered_map made a node per definition), and those
  // definitions in the order they got their values.
  hash_map<rtl_ssa::set_info *, value_id> m_value_of_set;
  std::vector<rtl_ssa::set_info *> m_sets;

  // import_insn's per-instruction lists, emptied for each instruction
  // but keeping their storage (made anew, they were six allocations per
  // instruction).
  struct insn_lists
  {
    std::vector<insn> before;
    regno_map<pseudo_access> acc;
    std::vector<std::pair<int, reg_class_t>> scratch_ops;
    regno_map<value_id> use_value, def_value;
    regno_map<operand_index> use_index;
    std::vector<operand> value_ops;
  } m_lists;

  // target::file_of of each hard register (a search through the files;
  // asked per register per instruction).
  file_id m_file_of[FIRST_PSEUDO_REGISTER];

  // start_regs answers per file, mode and width (asked per operand).
  struct start_key
  {
    file_id file;
    machine_mode mode;
    unsigned width;
    bool operator< (const start_key &o) const
    {
      if (file != o.file)
        return file < o.file;
      if (mode != o.mode)
        return mode < o.mode;
      return width < o.width;
    }
  };
  std::map<start_key, hreg_set> m_start_regs;
  // class_set answers per file, mode, width and class, and for a SUBREG
  // operand per its outer mode and byte too (VOIDmode and 0 for a REG);
  // asked per operand and alternative.
  struct class_key
  {
    start_key shape;
    int cl;
    machine_mode outer;
    unsigned byte;
    bool operator< (const class_key &o) const
    {
      if (cl != o.cl)
        return cl < o.cl;
      if (outer != o.outer)
        return outer < o.outer;
      if (byte != o.byte)
        return byte < o.byte;
      return shape < o.shape;
    }
  };
  std::map<class_key, hreg_set> m_class_sets;
};

bool
importer::fail (const std::string &why)
{
  if (m_out.error.empty ())
    m_out.error = why;
  return false;
}

// Set FILE and WIDTH for a value of MODE of pseudo REGNO (INVALID_REGNUM
// for a scratch); return false (and record why) if this version cannot
// allocate such values.  Integers live in GPRs, condition codes in CR
// fields, floating-point values in FPRs unless the pseudo has a subreg
// that cannot change mode inside an FPR (then in GPRs).
bool
importer::shape_of_mode (machine_mode mode, unsigned regno, file_id &file,
                         unsigned &width)
{
  if (GET_MODE_CLASS (mode) == MODE_CC)
    {
      file = file_cr;
      width = 1;
      return true;
    }
  if (VECTOR_MODE_P (mode))
    return fail (std::string ("vector value (") + GET_MODE_NAME (mode)
                 + ") is not supported");
  if (m_ctr.count (regno))
    file = file_ctr;
  else if ((FLOAT_MODE_P (mode) && !m_gpr_only.count (regno))
           || m_fpr_int.count (regno))
    file = file_fpr;
  else if (SCALAR_INT_MODE_P (mode) || FLOAT_MODE_P (mode)
           || GET_MODE_CLASS (mode) == MODE_COMPLEX_INT)
    file = file_gpr;
  else
    return fail (std::string ("value of mode ") + GET_MODE_NAME (mode)
                 + " is not supported yet");
  unsigned nregs = hard_regno_nregs (file == file_fpr ? 32
                                     : file == file_ctr ? CTR_REGNO : 3,
                                     mode);
  if (nregs != 1 && nregs != 2 && nregs != 4)
    return fail (std::string ("value of mode ") + GET_MODE_NAME (mode)
                 + " needs " + std::to_string (nregs) + " registers");
  width = nregs;
  return true;
}

// Call F (I, X, ENABLED) for every operand I of INSN (recognised, or an
// asm) that is a pseudo register X, with the insn extracted, its
// constraints preprocessed and ENABLED its enabled alternatives.
template <typename F>
static void
for_each_pseudo_operand (rtx_insn *insn, F f)
{
  extract_insn (insn);
  preprocess_constraints (insn);
  alternative_mask enabled = get_enabled_alternatives (insn);
  for (int i = 0; i < recog_data.n_operands; ++i)
    {
      rtx x = recog_data.operand[i];
      if (REG_P (x) && !HARD_REGISTER_P (x))
        f (i, x, enabled);
    }
  recog_data.insn = nullptr;
}

// Record the floating-point pseudos that asm INSN ties ("+r", or "=r"
// and "0") in operands that no alternative lets into an FPR (a float
// passed through "+r" as an optimization barrier): the core ties only
// values of one file, so those live in GPRs, as LRA would keep them.
void
importer::add_gpr_tied_asm_operands (rtx_insn *insn)
{
  for_each_pseudo_operand (insn, [&] (int i, rtx x, alternative_mask)
    {
      if (!FLOAT_MODE_P (GET_MODE (x)))
        return;
      int n = recog_data.n_operands;
      bool tied = recog_data.operand_type[i] == OP_INOUT;
      bool fpr = false;
      for (int a = 0; a < recog_data.n_alternatives; ++a)
        {
          const operand_alternative &alt = recog_op_alt[a * n + i];
          int m = alt.matches >= 0 ? alt.matches : alt.matched;
          tied |= m >= 0;
          int c = alt.matches >= 0 ? alt.matches : i;
          reg_class_t cl = recog_op_alt[a * n + c].cl;
          if (recog_op_alt[a * n + c].anything_ok
              || in_hard_reg_set_p (reg_class_contents[(int) cl],
                                    GET_MODE (x), 32))
            fpr = true;
        }
      if (tied && !fpr)
        m_gpr_only.insert (REGNO (x));
    });
}

// Which files some enabled alternative lets operand I of the extracted
// insn, the pseudo X, live in (a memory alternative: either, since
// reload would store it).
struct operand_files
{
  bool gpr = false;
  bool fpr = false;
};

static operand_files
files_of_operand (int i, rtx x, alternative_mask enabled)
{
  const int n = recog_data.n_operands;
  operand_files r;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      const operand_alternative &alt = recog_op_alt[a * n + i];
      const HARD_REG_SET &cl = reg_class_contents[(int) alt.cl];
      if (alt.anything_ok || alt.memory_ok)
        r.gpr = r.fpr = true;
      r.fpr |= in_hard_reg_set_p (cl, GET_MODE (x), 32);
      r.gpr |= in_hard_reg_set_p (cl, GET_MODE (x), 3);
    }
  return r;
}

// Whether some enabled alternative allows operand I of the extracted
// insn (or the operand it matches) only in CTR among CTR and the GPRs.
static bool
ctr_only_operand (int i, alternative_mask enabled)
{
  const int n = recog_data.n_operands;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      const operand_alternative &alt = recog_op_alt[a * n + i];
      const int m = alt.matches;
      reg_class_t cl = m >= 0 ? recog_op_alt[a * n + m].cl : alt.cl;
      const HARD_REG_SET &hs = reg_class_contents[(int) cl];
      if (TEST_HARD_REG_BIT (hs, CTR_REGNO) && !TEST_HARD_REG_BIT (hs, 3))
        return true;
    }
  return false;
}

// Record, in one walk over the insns, the pseudos whose file
// is not their mode's:
// - Floating-point pseudos with a subreg that an FPR cannot hold
//   ((subreg:SI (reg:DF)) when bit-twiddling a double), and those that
//   an asm ties in GPR-only operands (add_gpr_tied_asm_operands): those
//   live in GPRs (m_gpr_only).
// - Integer pseudos that some operand can only have in an FPR (the
//   DImode result of fctiwz, the input of fcfid) and that every other
//   reference can have in an FPR as well: those live in FPRs, so that no
//   value has to cross between GPRs and FPRs, which takes memory
//   (m_fpr_int).
// - With optimization, the loop counters of counted loops: pseudos that
//   an operand of some jump can have in CTR alone (operand 1 of the
//   doloop branch bdnz/bdz, whose first alternative is "c" tied to its
//   decrement) and that every other insn only copies or sets (the count
//   computed before the loop).  Those live in CTR (m_ctr), so that the
//   branch is one bdnz instead of the split add, compare and branch of
//   its GPR alternative.  doloop makes no counted loop that calls or
//   jumps through a table, so nothing else in the loop wants CTR.
// A pseudo referenced other than as a judged operand (in a subreg, an
// address, a USE, a call's function usage) wants a GPR: it blocks the
// other files.
void
importer::classify_pseudos ()
{
  enum : uint8_t
  {
    fpr_wanted = 1,
    fpr_blocked = 2,
    ctr_wanted = 4,
    ctr_blocked = 8
  };
  std::vector<uint8_t> mark (max_reg_num (), 0);
  // The operands each judgement has judged (a few per insn; pseudos are
  // shared rtxes, so a pointer names the register).
  std::vector<const_rtx> fpr_ops, ctr_ops;
  auto judged = [] (const std::vector<const_rtx> &ops, const_rtx x) {
    return std::find (ops.begin (), ops.end (), x) != ops.end ();
  };
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (!NONDEBUG_INSN_P (insn))
        continue;
      fpr_ops.clear ();
      ctr_ops.clear ();
      // A move: any file will do for CTR's purposes.
      rtx set = single_set (insn);
      const bool ctr_move
        = (set && !CALL_P (insn) && REG_P (SET_DEST (set))
           && (REG_P (SET_SRC (set)) || CONST_INT_P (SET_SRC (set)))
           && GET_MODE (SET_DEST (set)) == SImode);
      const bool ctr_scan = optimize && !ctr_move;
      if (recog_memoized (insn) >= 0)
        for_each_pseudo_operand (insn, [&] (int i, rtx x,
                                            alternative_mask enabled)
          {
            if (SCALAR_INT_MODE_P (GET_MODE (x))
                && known_le (GET_MODE_SIZE (GET_MODE (x)), 8))
              {
                const operand_files files = files_of_operand (i, x, enabled);
                fpr_ops.push_back (x);
                if (files.fpr && !files.gpr)
                  mark[REGNO (x)] |= fpr_wanted;
                if (!files.fpr)
                  mark[REGNO (x)] |= fpr_blocked;
              }
            if (!ctr_scan || GET_MODE (x) != SImode)
              return;
            if (!JUMP_P (insn))
              {
                // Computed elsewhere (n / 2 for an unrolled loop): the
                // core copies the result into CTR.  Read elsewhere: it
                // would cross back out of CTR at every read.
                if (recog_data.operand_type[i] == OP_OUT)
                  ctr_ops.push_back (x);
                return;
              }
            ctr_ops.push_back (x);
            mark[REGNO (x)] |= (ctr_only_operand (i, enabled) ? ctr_wanted
                                                              : ctr_blocked);
          });
      // Every other reference wants a GPR.
      auto other_reference = [&] (const_rtx x) {
        if (!judged (fpr_ops, x))
          mark[REGNO (x)] |= fpr_blocked;
        if (ctr_scan && !judged (ctr_ops, x))
          mark[REGNO (x)] |= ctr_blocked;
      };
      subrtx_iterator::array_type array;
      FOR_EACH_SUBRTX (iter, array, PATTERN (insn), NONCONST)
        {
          const_rtx x = *iter;
          if (!x)
            continue;
          if (REG_P (x) && !HARD_REGISTER_P (x))
            other_reference (x);
          if (GET_CODE (x) != SUBREG || !REG_P (SUBREG_REG (x))
              || HARD_REGISTER_P (SUBREG_REG (x)))
            continue;
          machine_mode inner = GET_MODE (SUBREG_REG (x));
          if (FLOAT_MODE_P (inner)
              && simplify_subreg_regno (33, inner, SUBREG_BYTE (x),
                                        GET_MODE (x)) < 0)
            m_gpr_only.insert (REGNO (SUBREG_REG (x)));
        }
      if (CALL_P (insn) && CALL_INSN_FUNCTION_USAGE (insn))
        FOR_EACH_SUBRTX (iter, array, CALL_INSN_FUNCTION_USAGE (insn),
                         NONCONST)
          if (*iter && REG_P (*iter) && !HARD_REGISTER_P (*iter))
            {
              mark[REGNO (*iter)] |= fpr_blocked;
              if (ctr_scan)
                mark[REGNO (*iter)] |= ctr_blocked;
            }
      if (asm_noperands (PATTERN (insn)) >= 0)
        add_gpr_tied_asm_operands (insn);
    }
  for (unsigned r = 0; r < mark.size (); ++r)
    {
      if ((mark[r] & (fpr_wanted | fpr_blocked)) == fpr_wanted)
        m_fpr_int.insert (r);
      if ((mark[r] & (ctr_wanted | ctr_blocked)) == ctr_wanted)
        m_ctr.insert (r);
    }
}

// Return the start registers at which a value WIDTH registers wide
// would cover a member of REGS.
static hreg_set
overlapping_starts (const hreg_set &regs, unsigned width)
{
  // A start R - K for each member R and each K < WIDTH with K <= R.
  if (width == 0)
    return hreg_set ();
  hreg_set s = regs;
  for (unsigned k = 1; k < width; ++k)
    s |= regs >> k;
  return s;
}

// Return the registers of FILE at which a value of MODE, WIDTH registers
// wide, can start: the mode is valid there and every register it covers
// is allocatable in the same file.
hreg_set
importer::start_regs (file_id file, machine_mode mode, unsigned width)
{
  // (try_emplace makes no node where the key is there already.)
  auto [it, fresh] = m_start_regs.try_emplace (start_key { file, mode, width },
                                               hreg_set ());
  if (!fresh)
    return it->second;
  hreg_set in_file, s;
  for (hreg h : m_target.files[file].regs)
    in_file.set (h);
  for (hreg h : m_target.files[file].regs)
    {
      if (!targetm.hard_regno_mode_ok (h, mode))
        continue;
      bool all = true;
      for (unsigned k = 1; k < width && all; ++k)
        all = h + k < max_hard_regs && in_file.test (h + k);
      if (all)
        s.set (h);
    }
  it->second = s;
  return s;
}

// Return value::bytes for a value of MODE in FILE: 4 for a float in an
// FPR (held there as a double, stored and loaded with stfs and lfs); 1
// or 2 for a QImode or HImode value in a GPR, whose other bits mean
// nothing (rs6000 has no WORD_REGISTER_OPERATIONS): stored with stb or
// sth and reloaded with lbz or lhz, so that a zero_extend of it can be
// its reload (extends_narrow_p; GCC's ree pass, which would merge them,
// is off on rs6000); 0 for every other value, which fills its registers
// or is only ever moved whole (an integer in an FPR).
static uint8_t
narrow_bytes (machine_mode mode, file_id file)
{
  if (file == file_gpr && (mode == QImode || mode == HImode))
    return mode == QImode ? 1 : 2;
  return file == file_fpr && mode == SFmode ? 4 : 0;
}

// The value def and the value use of OUT, or false if it lacks one.
static bool
def_and_use (const insn &out, const operand *&d, const operand *&u)
{
  d = u = nullptr;
  for (const operand &o : out.ops)
    if (o.kind == operand_kind::def)
      d = &o;
    else if (o.kind == operand_kind::use)
      u = &o;
  return d && u;
}

// Whether insn RTL, imported as OUT (two operands, no clobbers), is
// (set (reg:SI D) (zero_extend:SI (reg:QI U))) (or HImode U) of two
// pseudos in GPRs, U narrow (narrow_bytes): what lbz (lhz) of U's slot
// computes, so that where U is in memory the core may load D instead
// (insn::extends_narrow; LRA substitutes the spilled pseudo's slot in
// the same pattern, zero_extendqisi2's "m" alternative).
bool
importer::extends_narrow_p (rtx_insn *rtl, const insn &out) const
{
  rtx pat = PATTERN (rtl);
  if (GET_CODE (pat) != SET || !REG_P (SET_DEST (pat))
      || GET_MODE (SET_DEST (pat)) != SImode
      || GET_CODE (SET_SRC (pat)) != ZERO_EXTEND
      || !REG_P (XEXP (SET_SRC (pat), 0)))
    return false;
  const operand *d, *u;
  if (!def_and_use (out, d, u))
    return false;
  const value &x = m_fn.values[u->value], &y = m_fn.values[d->value];
  machine_mode inner = GET_MODE (XEXP (SET_SRC (pat), 0));
  return x.file == file_gpr && y.file == file_gpr && x.width == 1
         && y.width == 1 && y.bytes == 0
         && x.bytes == narrow_bytes (inner, file_gpr) && x.bytes != 0;
}

// Whether insn RTL, imported as OUT (two operands, no clobbers), sets
// a pseudo to the low part of another, in another mode, with no other
// operation: (set (reg:QI D) (subreg:QI (reg:SI U) 3)), or a lowpart
// subreg as the destination.  Given one register, the two values make
// it a no-op move of one hard register, which the rewrite deletes
// (insn::moves_low_part).
bool
importer::moves_low_part_p (rtx_insn *rtl, const insn &out) const
{
  rtx pat = PATTERN (rtl);
  if (GET_CODE (pat) != SET)
    return false;
  auto pseudo_of = [] (rtx x) -> rtx {
    if (SUBREG_P (x) && subreg_lowpart_p (x))
      x = SUBREG_REG (x);
    return REG_P (x) && !HARD_REGISTER_P (x) ? x : NULL_RTX;
  };
  rtx d = pseudo_of (SET_DEST (pat)), s = pseudo_of (SET_SRC (pat));
  if (!d || !s || (!SUBREG_P (SET_DEST (pat)) && !SUBREG_P (SET_SRC (pat))))
    return false;
  const operand *od, *ou;
  if (!def_and_use (out, od, ou))
    return false;
  const value &x = m_fn.values[ou->value], &y = m_fn.values[od->value];
  return x.file == y.file && x.width == 1 && y.width == 1;
}

value_id
importer::new_value (unsigned regno, uint32_t origin)
{
  machine_mode mode = PSEUDO_REGNO_MODE (regno);
  file_id file = file_gpr;
  unsigned width = 1;
  if (!shape_of_mode (mode, regno, file, width))
    file = file_gpr;  // the import fails; keep the IR consistent meanwhile
  value v;
  v.file = file;
  v.width = width;
  v.bytes = narrow_bytes (mode, file);
  v.allowed = start_regs (file, mode, width);
  v.name = "r" + std::to_string (regno);
  v.origin = origin;
  value_id id = m_fn.add_value (v);
  m_map.value_regno.push_back (regno);
  m_map.value_scratch_op.push_back (-1);
  return id;
}

// If SET is a phi at a join (a block with two or more predecessors), or
// at a block whose one incoming edge is abnormal, whose inputs are all one
// definition, or the phi itself, return that definition (following chains
// of such phis); otherwise SET.  rtl-ssa keeps such phis (degenerate phis
// at EBB heads); imported, a phi whose input stays live after it forces a
// copy on every edge into the join, since the two values overlap (zlib's
// longest_match: one move per iteration of its hottest loop), and over
// an abnormal edge, where no copy can go, the allocation fails (a
// computed goto's target in comp-goto-1.c).  A one-input phi on a normal
// edge stays; the core folds it into its input (copy_folding.cc).
static rtl_ssa::set_info *
trivial_phi_input (rtl_ssa::set_info *set)
{
  for (unsigned depth = 0; depth < 100 && set->insn ()->is_phi (); ++depth)
    {
      auto *p = static_cast<rtl_ssa::phi_info *> (set);
      basic_block bb = p->ebb ()->first_bb ()->cfg_bb ();
      if (EDGE_COUNT (bb->preds) < 2
          && !(EDGE_COUNT (bb->preds) == 1
               && (EDGE_PRED (bb, 0)->flags & EDGE_ABNORMAL)))
        return set;
      rtl_ssa::set_info *unique = nullptr;
      for (unsigned i = 0; i < p->num_inputs (); ++i)
        {
          rtl_ssa::set_info *in = p->input_value (i);
          if (in == set)
            continue;
          if (!in || (unique && in != unique))
            return set;
          unique = in;
        }
      if (!unique)
        return set;
      set = unique;
    }
  return set;
}

// Return SET, or the definition that a trivial phi SET stands for
// (trivial_phi_input), unless either is undefined.
rtl_ssa::set_info *
importer::resolve_set (rtl_ssa::set_info *set)
{
  if (undefined_set_p (set))
    return set;
  rtl_ssa::set_info *r = trivial_phi_input (set);
  return undefined_set_p (r) ? set : r;
}

value_id
importer::value_of_set (rtl_ssa::set_info *set)
{
  set = resolve_set (set);
  bool existed;
  value_id &slot = m_value_of_set.get_or_insert (set, &existed);
  if (existed)
    return slot;
  uint32_t origin = set->insn ()->is_real () ? set->insn ()->uid () : 0;
  // new_value inserts nothing into the table: SLOT stays valid.
  value_id v = new_value (set->regno (), origin);
  m_fn.values[v].name += set->is_artificial () ? ".phi" : "";
  slot = v;
  m_sets.push_back (set);
  return v;
}

// Return a fresh value for an undefined use of REGNO, defined by a made-up
// instruction appended to BEFORE.
value_id
importer::undefined_value (unsigned regno, std::vector<insn> &before)
{
  value_id v = new_value (regno, 0);
  m_fn.values[v].name += ".undef";
  m_undefined.push_back (v);
  insn i;
  operand d;
  d.kind = operand_kind::def;
  d.value = v;
  d.allowed = m_fn.values[v].allowed;
  i.ops.push_back (d);
  before.push_back (i);
  return v;
}

// How an insn's pattern accesses the words of a multi-word pseudo: bit W
// for word W.
struct word_access
{
  // False if the pattern accesses the pseudo some other way than the
  // word reads and writes below (a clobber, a write of part of a word).
  bool ok = true;
  // Words read: a subreg reads the words it overlaps, the whole register
  // all of them.
  unsigned read = 0;
  // Words written by a set of a subreg of whole words.
  unsigned written = 0;
};

// The words of its inner register that subreg X overlaps, or ~0u when
// that is not known.
static unsigned
subreg_words (const_rtx x)
{
  unsigned b, n;
  if (!SUBREG_BYTE (x).is_constant (&b)
      || !GET_MODE_SIZE (GET_MODE (x)).is_constant (&n) || !n
      || (b + n + UNITS_PER_WORD - 1) / UNITS_PER_WORD > 8)
    return ~0u;
  unsigned words = 0;
  for (unsigned w = b / UNITS_PER_WORD;
       w < (b + n + UNITS_PER_WORD - 1) / UNITS_PER_WORD; ++w)
    words |= 1u << w;
  return words;
}

// Note in ACC the words of pseudo REGNO that X reads.
static void
note_word_reads (rtx x, unsigned regno, word_access &acc)
{
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, x, NONCONST)
    {
      const_rtx y = *iter;
      if (GET_CODE (y) == SUBREG && REG_P (SUBREG_REG (y))
          && REGNO (SUBREG_REG (y)) == regno)
        {
          acc.read |= subreg_words (y);
          iter.skip_subrtxes ();
        }
      else if (REG_P (y) && REGNO (y) == regno)
        acc.read = ~0u;
    }
}

// Return how PAT accesses the words of pseudo REGNO.
static word_access
word_accesses (rtx pat, unsigned regno)
{
  word_access acc;
  auto note = [&] (rtx x) {
    if (GET_CODE (x) == SET)
      {
        rtx dest = SET_DEST (x);
        if (GET_CODE (dest) == SUBREG && REG_P (SUBREG_REG (dest))
            && REGNO (SUBREG_REG (dest)) == regno)
          {
            unsigned w = subreg_words (dest);
            if (w == ~0u
                || !multiple_p (SUBREG_BYTE (dest), UNITS_PER_WORD)
                || !multiple_p (GET_MODE_SIZE (GET_MODE (dest)),
                                UNITS_PER_WORD))
              acc.ok = false;
            else
              acc.written |= w;
          }
        else
          // A whole-register destination counts as a read: this insn
          // is then no word-wise write.
          note_word_reads (dest, regno, acc);
        note_word_reads (SET_SRC (x), regno, acc);
      }
    else if (GET_CODE (x) == CLOBBER && reg_overlap_mentioned_p
             (regno_reg_rtx[regno], XEXP (x, 0)))
      acc.ok = false;
    else
      note_word_reads (x, regno, acc);
  };
  if (GET_CODE (pat) == PARALLEL)
    for (int i = 0; i < XVECLEN (pat, 0); ++i)
      note (XVECEXP (pat, 0, i));
  else
    note (pat);
  return acc;
}

// Return true if the value pseudo REGNO holds before insn II is dead
// although II reads it: II writes some words of REGNO and reads none,
// and the one reader of its result is an insn that reads only words
// written since and writes words the same way, and so on until every
// word is written (GCC expands a DImode operation at -O0, where nothing
// splits the pseudo, as word-wise sets of subregs, one word perhaps
// read back and written again: a shift's high word).  rtl-ssa counts
// the first write as a use of the previous value, which, where that is
// a phi or undefined, kept a register pair (or a stack slot, with
// stores on every back edge) live all through the function's loops.
// The words left over after II are then undefined until written.
bool
importer::old_value_overwritten (rtl_ssa::insn_info *ii, unsigned regno)
{
  unsigned size;
  if (!GET_MODE_SIZE (PSEUDO_REGNO_MODE (regno)).is_constant (&size)
      || size % UNITS_PER_WORD)
    return false;
  unsigned nwords = size / UNITS_PER_WORD;
  if (nwords < 2 || nwords > 8)
    return false;
  unsigned all = (1u << nwords) - 1;
  unsigned words = 0;
  rtl_ssa::insn_info *at = ii;
  // The chain follows defs to their one use in a later insn (not a
  // phi), so it never comes back to an insn; the cap bounds the work.
  for (unsigned step = 0; step < max_word_write_chain; ++step)
    {
      if (!at->is_real () || at->is_debug_insn ())
        return false;
      word_access acc = word_accesses (PATTERN (at->rtl ()), regno);
      if (!acc.ok || !acc.written || (acc.read & ~words))
        return false;
      words |= acc.written;
      if ((words & all) == all)
        return true;
      rtl_ssa::set_info *result = nullptr;
      for (rtl_ssa::def_info *def : at->defs ())
        if (def->is_reg () && def->regno () == regno
            && def->kind () == rtl_ssa::access_kind::SET)
          result = static_cast<rtl_ssa::set_info *> (def);
      if (!result)
        return false;
      rtl_ssa::use_info *u = result->first_use ();
      if (!u || u->next_use () || !u->is_in_nondebug_insn ())
        return false;
      at = u->insn ();
    }
  return false;
}

// Return the start registers at which REGNO's value can sit so that OP
// (REGNO itself, or a subreg of it) is in class CL.  Registers of the
// value's own file when there are any; otherwise registers of files the
// value can be copied to and from directly (an SImode value for an
// operand that wants CTR): the core then copies the value into that file
// for the instruction.
hreg_set
importer::class_set (unsigned regno, rtx op, reg_class_t cl)
{
  hreg_set s;
  machine_mode mode = PSEUDO_REGNO_MODE (regno);
  file_id file;
  unsigned width;
  if (!shape_of_mode (mode, regno, file, width))
    return s;
  // (A SUBREG_BYTE is a compile-time constant on this target.)
  const bool sub = GET_CODE (op) == SUBREG;
  const class_key key { start_key { file, mode, width }, int (cl),
                        sub ? GET_MODE (op) : VOIDmode,
                        sub ? unsigned (SUBREG_BYTE (op).to_constant ()) : 0 };
  auto found = m_class_sets.find (key);
  if (found != m_class_sets.end ())
    return found->second;
  auto add_file = [&] (file_id f)
    {
      unsigned wf = f == file ? width
                    : hard_regno_nregs (m_target.files[f].regs[0], mode);
      hreg_set starts = start_regs (f, mode, wf);
      for (hreg h : m_target.files[f].regs)
        {
          if (!starts.test (h))
            continue;
          if (GET_CODE (op) == SUBREG)
            {
              int r = simplify_subreg_regno (h, mode, SUBREG_BYTE (op),
                                             GET_MODE (op));
              if (r >= 0 && in_hard_reg_set_p (reg_class_contents[(int) cl],
                                               GET_MODE (op), r))
                s.set (h);
            }
          else if (in_hard_reg_set_p (reg_class_contents[(int) cl], mode, h))
            s.set (h);
        }
    };
  add_file (file);
  // Through memory, MODE's bytes read in file F: either they fill F's
  // registers, or MODE is a float in an FPR (the core's narrow loads
  // and stores, lfs and stfs, convert).
  auto memory_in = [&] (machine_mode m, file_id f, unsigned nregs)
    {
      return m_target.files[f].memory_direct
             && (known_eq (GET_MODE_SIZE (m),
                           nregs * m_target.files[f].bytes_per_reg)
                 || (nregs == 1 && narrow_bytes (m, f) != 0));
    };
  // A subreg that reinterprets all of the value in another mode that
  // lives in another file ((subreg:SF (reg:SI)) of a union): the core
  // copies the value over through memory, which is the reinterpretation.
  if (s.none () && GET_CODE (op) == SUBREG
      && known_eq (SUBREG_BYTE (op), 0)
      && known_eq (GET_MODE_SIZE (GET_MODE (op)), GET_MODE_SIZE (mode))
      && memory_in (mode, file, width))
    for (file_id f = 0; f < m_target.files.size (); ++f)
      {
        machine_mode outer = GET_MODE (op);
        if (f == file || m_target.files[f].regs.empty ())
          continue;
        unsigned wf = hard_regno_nregs (m_target.files[f].regs[0], outer);
        if (!memory_in (outer, f, wf))
          continue;
        hreg_set starts = start_regs (f, outer, wf);
        for (hreg h : m_target.files[f].regs)
          if (starts.test (h)
              && in_hard_reg_set_p (reg_class_contents[(int) cl], outer, h))
            s.set (h);
      }
  // Another file that the value can move to and from: directly (GPR <->
  // CR, CTR, LR, one register wide on both sides), or through memory
  // when both files reach memory directly (GPR <-> FPR: a double in an
  // FPR is a GPR pair there, a float one GPR); the core copies the value
  // over for the operand.
  if (s.none () && GET_CODE (op) != SUBREG)
    for (file_id f = 0; f < m_target.files.size (); ++f)
      {
        if (f == file || m_target.files[f].regs.empty ())
          continue;
        bool direct = m_target.direct_copy[file][f]
                      && m_target.direct_copy[f][file]
                      && width == 1
                      && hard_regno_nregs (m_target.files[f].regs[0],
                                           mode) == 1;
        unsigned wf = hard_regno_nregs (m_target.files[f].regs[0], mode);
        bool memory = memory_in (mode, file, width)
                      && memory_in (mode, f, wf);
        if (direct || memory)
          add_file (f);
      }
  m_class_sets.emplace (key, s);
  return s;
}



// Return how operand I fits the alternative whose operand descriptions
// start at ALT: fit_none, fit_own_file, or fit_other_file (a pseudo that
// would need a copy into another register file).
enum { fit_none = -1, fit_own_file = 0, fit_other_file = 1 };

int
importer::operand_fit (int i, const operand_alternative *alt)
{
  rtx x = recog_data.operand[i];
  int a = (alt - recog_op_alt) / recog_data.n_operands;
  int m = alt[i].matches;
  if (m >= 0 && !pseudo_operand_p (x) && !pseudo_operand_p (recog_data.operand[m])
      && !rtx_equal_p (x, recog_data.operand[m]))
    return fit_none;
  if (m >= 0 && (pseudo_operand_p (x) != pseudo_operand_p (recog_data.operand[m])))
    return fit_none;
  // The core ties only values of one file and width: a TFmode input
  // tied to a DFmode output (trunctfdf2's "0"), or a float pun of an
  // integer value tied to an FPR output (extendsfdf2's "0" reading
  // (subreg:SF (reg:SI))), takes another alternative.
  auto inner = [] (rtx y) { return SUBREG_P (y) ? SUBREG_REG (y) : y; };
  rtx x_inner = inner (x);
  rtx m_inner = m >= 0 ? inner (recog_data.operand[m]) : NULL_RTX;
  if (m_inner && REG_P (x_inner) && REG_P (m_inner)
      && !HARD_REGISTER_P (x_inner) && !HARD_REGISTER_P (m_inner))
    {
      file_id f1, f2;
      unsigned w1, w2;
      unsigned r1 = REGNO (x_inner), r2 = REGNO (m_inner);
      if (shape_of_mode (PSEUDO_REGNO_MODE (r1), r1, f1, w1)
          && shape_of_mode (PSEUDO_REGNO_MODE (r2), r2, f2, w2)
          && (f1 != f2 || w1 != w2))
        return fit_none;
    }
  if (pseudo_operand_p (x))
    {
      if (alt[i].anything_ok)
        return fit_own_file;
      reg_class_t cl = alternative_class (alt, i);
      if (cl == NO_REGS)
        return fit_none;
      rtx inner = GET_CODE (x) == SUBREG ? SUBREG_REG (x) : x;
      hreg_set s = class_set (REGNO (inner), x, cl);
      if (s.none ())
        return fit_none;
      file_id own;
      unsigned width;
      shape_of_mode (PSEUDO_REGNO_MODE (REGNO (inner)), REGNO (inner), own,
                     width);
      for (hreg h : m_target.files[own].regs)
        if (s.test (h))
          return fit_own_file;
      return fit_other_file;
    }
  if (GET_CODE (x) == SCRATCH)
    {
      if (alt[i].anything_ok)
        return fit_own_file;
      reg_class_t cl = alternative_class (alt, i);
      if (cl == NO_REGS)
        return fit_none;
      file_id file;
      unsigned width;
      if (!shape_of_mode (GET_MODE (x), INVALID_REGNUM, file, width))
        return fit_none;
      for (hreg h : m_target.files[file].regs)
        if (in_hard_reg_set_p (reg_class_contents[(int) cl], GET_MODE (x), h))
          return fit_own_file;
      return fit_none;
    }
  return nonpseudo_fits (x, alternative_text (i, a)) ? fit_own_file : fit_none;
}

// Return the enabled alternative of the extracted insn RTL that fits every
// operand with the smallest reject cost, or -1.  Alternatives that keep
// every pseudo in its own register file come first.
int
importer::choose_alternative (rtx_insn *rtl)
{
  alternative_mask enabled = get_enabled_alternatives (rtl);
  int n = recog_data.n_operands;
  int best = -1;
  int best_reject = INT_MAX;
  int best_ties = INT_MAX;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      const operand_alternative *alt = &recog_op_alt[a * n];
      bool ok = true;
      int reject = 0;
      int ties = 0;
      for (int i = 0; i < n && ok; ++i)
        {
          if (recog_data.is_operator[i])
            continue;
          reject += alt[i].reject;
          // A use tied to a def of a different pseudo ("0") costs a copy
          // wherever the two cannot share a register.
          if (alt[i].matches >= 0
              && !rtx_equal_p (recog_data.operand[i],
                               recog_data.operand[alt[i].matches]))
            ++ties;
          int fit = operand_fit (i, alt);
          ok = fit != fit_none;
          // A copy into another file costs more than any '?' or '!'.
          if (fit == fit_other_file)
            reject += 10000;
        }
      // Between alternatives of one cost, the one with fewer ties (the
      // record-form move: "mr." with its flags in cr0 rather than a
      // compare of the tied register, stock's choice, which saves the
      // copy out of the tie).
      if (ok && (reject < best_reject
                 || (reject == best_reject && ties < best_ties)))
        {
          best = a;
          best_reject = reject;
          best_ties = ties;
          if (reject == 0 && ties == 0)
            break;
        }
    }
  return best;
}

// Record every pseudo in address X as a use that needs a base register,
// and the base of an auto-increment address also as a tied def.
bool
importer::add_address_uses (rtx x, regno_map<pseudo_access> &acc)
{
  // In a reg+reg address, one register is the base and the other the
  // index, which may be r0 (GCC's legitimate_indexed_address_p takes
  // either order, and print_operand_address and rs6000_split_multireg_move
  // put an r0 in the index place).  The second of two distinct pseudos
  // is the index: INDEX_REG_CLASS (with 5 GPRs, sqlite3VdbeSerialGet's
  // jump-table load needed five base registers of the four there are,
  // and stored and reloaded the record pointer on every call).
  const_rtx index = NULL_RTX;
  if (GET_CODE (x) == PLUS && REG_P (XEXP (x, 0)) && REG_P (XEXP (x, 1))
      && !HARD_REGISTER_P (XEXP (x, 0)) && !HARD_REGISTER_P (XEXP (x, 1))
      && REGNO (XEXP (x, 0)) != REGNO (XEXP (x, 1)))
    index = XEXP (x, 1);
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, x, NONCONST)
    {
      const_rtx y = *iter;
      if (GET_RTX_CLASS (GET_CODE (y)) == RTX_AUTOINC)
        {
          // The base register is read and written: a def tied to the use,
          // both in a base register.  The walk records the use below.
          rtx base = XEXP (y, 0);
          if (!REG_P (base))
            return fail ("auto-increment of a non-register");
          if (HARD_REGISTER_P (base))
            continue;
          pseudo_access &pa = acc[REGNO (base)];
          hreg_set s = class_set (REGNO (base), base, BASE_REG_CLASS);
          pa.def_allowed = pa.defined ? (pa.def_allowed & s) : s;
          pa.defined = true;
          pa.tied_use_regno = REGNO (base);
        }
      if (REG_P (y) && !HARD_REGISTER_P (y))
        {
          pseudo_access &pa = acc[REGNO (y)];
          hreg_set s = class_set (REGNO (y), CONST_CAST_RTX (y),
                                  y == index ? INDEX_REG_CLASS
                                             : BASE_REG_CLASS);
          pa.use_allowed = pa.used ? (pa.use_allowed & s) : s;
          pa.used = true;
        }
    }
  return true;
}

// Return true if operand I of the extracted insn RTL is the register of
// one of its pattern's CLOBBERs.
static bool
clobbered_operand_p (rtx_insn *rtl, int i)
{
  rtx pat = PATTERN (rtl);
  if (GET_CODE (pat) != PARALLEL)
    return false;
  for (int k = 0; k < XVECLEN (pat, 0); ++k)
    {
      rtx e = XVECEXP (pat, 0, k);
      if (GET_CODE (e) == CLOBBER && &XEXP (e, 0) == recog_data.operand_loc[i])
        return true;
    }
  return false;
}

// Fill ACC with the pseudo operands of the extracted insn RTL under
// alternative ALT, SCRATCH_OPS with the scratch operands that need a
// register, and EARLYCLOBBER_HARD with the hard registers of earlyclobber
// outputs (bswapsi2_reg's "=&r" result set straight into r3 at -Os).
bool
importer::collect_operands (rtx_insn *rtl, int alt_index,
                            regno_map<pseudo_access> &acc,
                            std::vector<std::pair<int, reg_class_t>> &scratch_ops,
                            hreg_set &earlyclobber_hard)
{
  int n = recog_data.n_operands;
  // ALT_INDEX -2: no constraints at all; see import_insn.
  const operand_alternative *alt
    = alt_index >= 0 ? &recog_op_alt[alt_index * n] : nullptr;
  for (int i = 0; i < n; ++i)
    {
      if (recog_data.is_operator[i])
        continue;
      rtx x = recog_data.operand[i];
      if (REG_P (x) && !HARD_REGISTER_P (x) && clobbered_operand_p (rtl, i))
        {
          // A pseudo the insn only clobbers (the expander's stand-in for
          // a scratch, as in fix_trunc_helper): an insn-local scratch.
          if (!alt || alt[i].anything_ok
              || alternative_class (alt, i) == NO_REGS)
            return fail ("clobbered pseudo without a register class in insn "
                         + std::to_string (INSN_UID (rtl)));
          scratch_ops.push_back ({ i, alternative_class (alt, i) });
          continue;
        }
      if (pseudo_operand_p (x))
        {
          rtx inner = GET_CODE (x) == SUBREG ? SUBREG_REG (x) : x;
          unsigned regno = REGNO (inner);
          hreg_set s;
          if (!alt || alt[i].anything_ok)
            s = class_set (regno, x, ALL_REGS);
          else
            s = class_set (regno, x, alternative_class (alt, i));
          pseudo_access &pa = acc[regno];
          bool partial = (GET_CODE (x) == SUBREG
                          && maybe_lt (GET_MODE_SIZE (GET_MODE (x)),
                                       GET_MODE_SIZE (GET_MODE (inner))));
          enum op_type type = recog_data.operand_type[i];
          if (type == OP_IN || type == OP_INOUT || partial)
            {
              pa.use_allowed = pa.used ? (pa.use_allowed & s) : s;
              pa.used = true;
            }
          if (type == OP_OUT || type == OP_INOUT)
            {
              pa.def_allowed = pa.defined ? (pa.def_allowed & s) : s;
              pa.defined = true;
              pa.earlyclobber |= alt && alt[i].earlyclobber;
              if (type == OP_INOUT || partial)
                pa.tied_use_regno = regno;
            }
          // A matching constraint ties the output to the input.
          int m = alt ? alt[i].matches : -1;
          if (m >= 0 && pseudo_operand_p (recog_data.operand[m]))
            {
              rtx other = recog_data.operand[m];
              if (GET_CODE (other) == SUBREG)
                other = SUBREG_REG (other);
              int out = recog_data.operand_type[i] == OP_OUT ? i : m;
              int in = out == i ? m : i;
              rtx out_x = recog_data.operand[out];
              rtx in_x = recog_data.operand[in];
              // A subreg of a one-register value is that register: tie
              // the values.  A word of a wider value cannot be tied yet.
              auto one_reg = [&] (rtx y) {
                if (GET_CODE (y) != SUBREG)
                  return true;
                rtx r = SUBREG_REG (y);
                file_id f;
                unsigned w;
                return (shape_of_mode (GET_MODE (r), REGNO (r), f, w)
                        && w == 1
                        && hard_regno_nregs (0, GET_MODE (y)) == 1);
              };
              if (!one_reg (out_x) || !one_reg (in_x))
                return fail ("matching constraint on a subreg is not "
                             "supported yet (insn "
                             + std::to_string (INSN_UID (rtl)) + ")");
              if (GET_CODE (out_x) == SUBREG)
                out_x = SUBREG_REG (out_x);
              if (GET_CODE (in_x) == SUBREG)
                in_x = SUBREG_REG (in_x);
              acc[REGNO (out_x)].tied_use_regno = REGNO (in_x);
            }
          continue;
        }
      if (GET_CODE (x) == SCRATCH)
        {
          if (alt && !alt[i].anything_ok
              && alternative_class (alt, i) != NO_REGS)
            scratch_ops.push_back ({ i, alternative_class (alt, i) });
          continue;
        }
      if (MEM_P (x))
        {
          if (!add_address_uses (XEXP (x, 0), acc))
            return false;
          continue;
        }
      rtx hard = GET_CODE (x) == SUBREG ? SUBREG_REG (x) : x;
      if (alt && alt[i].earlyclobber && REG_P (hard) && HARD_REGISTER_P (hard)
          && recog_data.operand_type[i] != OP_IN)
        {
          // Written before the inputs are read: no input may sit in it.
          // A subreg output clobbers its whole inner register, to be safe.
          for (unsigned r = REGNO (hard); r < END_REGNO (hard); ++r)
            if (file_of_hard (r) != no_file)
              earlyclobber_hard.set (r);
          continue;
        }
      // Constants and hard registers; an address operand may hold pseudos.
      if (!add_address_uses (x, acc))
        return false;
    }
  return true;
}

// Return true if X, the source of a set, computes the same wherever it
// runs and reads no register the allocation moves, nor memory: an
// integer or floating constant, the address of a symbol that is not
// thread-local or a label, the high part of one (lis), or an address in
// the frame (the soft frame pointer is the same all through the body).
static bool
rematerializable_src_p (const_rtx x)
{
  switch (GET_CODE (x))
    {
    case CONST_INT:
    case CONST_DOUBLE:
    case CONST_WIDE_INT:
    case LABEL_REF:
      return true;
    case SYMBOL_REF:
      return !SYMBOL_REF_TLS_MODEL (x);
    case HIGH:
      return rematerializable_src_p (XEXP (x, 0));
    case PLUS:
      // A frame address: the soft frame pointer or the argument pointer,
      // which the rewrite eliminates, plus an offset (addi from r1).
      return (XEXP (x, 0) == frame_pointer_rtx
              || XEXP (x, 0) == arg_pointer_rtx)
             && CONST_INT_P (XEXP (x, 1));
    case CONST:
      // (const (plus (symbol_ref) (const_int))); not an unspec.
      return GET_CODE (XEXP (x, 0)) == PLUS
             && GET_CODE (XEXP (XEXP (x, 0), 0)) == SYMBOL_REF
             && !SYMBOL_REF_TLS_MODEL (XEXP (XEXP (x, 0), 0))
             && CONST_INT_P (XEXP (XEXP (x, 0), 1));
    default:
      return false;
    }
}

// Import the real nondebug instruction II into core block B.  LAST is
// true for the block's last such instruction.
bool
importer::import_insn (rtl_ssa::insn_info *ii, block_id b, bool last)
{
  rtx_insn *rtl = ii->rtl ();
  block &blk = m_fn.blocks[b];
  std::vector<insn> &before = m_lists.before;
  before.clear ();
  insn out;
  out.origin = INSN_UID (rtl);
  out.terminator = last && JUMP_P (rtl);

  regno_map<pseudo_access> &acc = m_lists.acc;
  acc.clear ();
  std::vector<std::pair<int, reg_class_t>> &scratch_ops
    = m_lists.scratch_ops;
  scratch_ops.clear ();
  hreg_set earlyclobber_hard;
  rtx pat = PATTERN (rtl);
  bool is_asm = asm_noperands (pat) >= 0;
  if (GET_CODE (pat) == ASM_INPUT)
    {
      // A basic asm has no operands; rtl-ssa gives its hard-register
      // accesses, if any.
    }
  else if (!is_asm && recog_memoized (rtl) < 0)
    {
      if (GET_CODE (pat) == CLOBBER && REG_P (XEXP (pat, 0)))
        {
          // A clobber of a whole register before word-wise sets: no
          // value; the rewrite deletes the insn if the register is a
          // pseudo.  A hard register stays clobbered in the final RTL
          // (df sees it die there), so nothing may live in it across:
          // each register gets a def_hard of an unknown value, which a
          // later (use (reg)) may read (__builtin_apply's result).
          rtx reg = XEXP (pat, 0);
          if (HARD_REGISTER_P (reg))
            for (unsigned r = REGNO (reg); r < END_REGNO (reg); ++r)
              if (file_of_hard (r) != no_file)
                {
                  operand o;
                  o.kind = operand_kind::def_hard;
                  o.reg = r;
                  out.ops.push_back (o);
                }
          blk.insns.push_back (std::move (out));
          m_map.insn_rtl[b].push_back (rtl);
          return true;
        }
      if (GET_CODE (pat) == USE || GET_CODE (pat) == CLOBBER)
        {
          if (!add_address_uses (XEXP (pat, 0), acc))
            return false;
        }
      else
        {
          char buf[64];
          snprintf (buf, sizeof buf, "unrecognised insn %d", INSN_UID (rtl));
          return fail (buf);
        }
    }
  else
    {
      extract_insn (rtl);
      preprocess_constraints (rtl);
      // A pattern without constraints (jump, trap, stack_tie) accepts any
      // register: treat it as one alternative with no constraints.
      int alt = recog_data.n_alternatives ? choose_alternative (rtl) : -2;
      if (alt == -1)
        {
          if (is_asm)
            m_out.impossible_asm = rtl;
          char buf[128];
          snprintf (buf, sizeof buf, "no alternative of %s (insn %d) fits",
                    is_asm ? "an asm statement"
                    : get_insn_name (INSN_CODE (rtl)), INSN_UID (rtl));
          return fail (buf);
        }
      if (!collect_operands (rtl, alt, acc, scratch_ops, earlyclobber_hard))
        return false;
    }

  // Values from rtl-ssa: what each use reads, what each def writes.
  regno_map<value_id> &use_value = m_lists.use_value;
  regno_map<value_id> &def_value = m_lists.def_value;
  use_value.clear ();
  def_value.clear ();
  for (rtl_ssa::use_info *use : ii->uses ())
    {
      if (!use->is_reg () || use->only_occurs_in_notes ())
        continue;
      unsigned regno = use->regno ();
      if (HARD_REGISTER_NUM_P (regno))
        {
          if (file_of_hard (regno) != no_file)
            {
              operand o;
              o.kind = operand_kind::use_hard;
              o.reg = regno;
              out.ops.push_back (o);
            }
          continue;
        }
      rtl_ssa::set_info *set = use->def ();
      bool dead_read = (acc.count (regno) && acc.at (regno).defined
                        && acc.at (regno).tied_use_regno == regno
                        && old_value_overwritten (ii, regno));
      use_value[regno] = set && !undefined_set_p (set) && !dead_read
                         ? value_of_set (set)
                         : undefined_value (regno, before);
      if (!acc.count (regno))
        {
          // Outside the operands (a USE in a call's function usage):
          // any register of the value's file.
          pseudo_access &pa = acc[regno];
          pa.used = true;
          pa.use_allowed = m_fn.values[use_value[regno]].allowed;
        }
    }
  for (rtl_ssa::def_info *def : ii->defs ())
    {
      if (!def->is_reg ())
        continue;
      unsigned regno = def->regno ();
      if (HARD_REGISTER_NUM_P (regno))
        {
          if (file_of_hard (regno) == no_file)
            continue;
          if (def->kind () == rtl_ssa::access_kind::SET)
            {
              operand o;
              o.kind = operand_kind::def_hard;
              o.reg = regno;
              out.ops.push_back (o);
            }
          else
            out.clobbers.set (regno);
          continue;
        }
      if (def->kind () != rtl_ssa::access_kind::SET)
        {
          bool scratch = false;
          for (auto &so : scratch_ops)
            scratch |= (REG_P (recog_data.operand[so.first])
                        && REGNO (recog_data.operand[so.first]) == regno);
          if (scratch)
            continue;
          return fail ("clobber of a pseudo inside an insn is not supported");
        }
      def_value[regno] = value_of_set (static_cast<rtl_ssa::set_info *> (def));
      if (!acc.count (regno) || !acc[regno].defined)
        return fail ("pseudo set outside the insn's operands");
    }

  // Uses first, so that ties can name them by index.
  regno_map<operand_index> &use_index = m_lists.use_index;
  std::vector<operand> &value_ops = m_lists.value_ops;
  use_index.clear ();
  value_ops.clear ();
  for (auto &entry : acc)
    {
      unsigned regno = entry.first;
      pseudo_access &pa = entry.second;
      if (!pa.used)
        continue;
      if (!use_value.count (regno))
        {
          // rtl-ssa has no use (e.g. a tied partial def of a value that
          // was never set): the use reads an undefined value.
          use_value[regno] = undefined_value (regno, before);
        }
      operand o;
      o.kind = operand_kind::use;
      o.value = use_value[regno];
      o.allowed = pa.use_allowed & m_fn.values[o.value].allowed;
      if (o.allowed.none ())
        o.allowed = pa.use_allowed;  // another file: the core copies
      o.allowed &= ~overlapping_starts (earlyclobber_hard,
                                        m_fn.values[o.value].width);
      if (o.allowed.none ())
        return fail ("no register satisfies every use of a pseudo in insn "
                     + std::to_string (INSN_UID (rtl)));
      use_index[regno] = value_ops.size ();
      value_ops.push_back (o);
    }
  for (auto &entry : acc)
    {
      unsigned regno = entry.first;
      pseudo_access &pa = entry.second;
      if (!pa.defined)
        continue;
      if (!def_value.count (regno))
        return fail ("an output operand has no rtl-ssa definition");
      operand o;
      o.kind = operand_kind::def;
      o.value = def_value[regno];
      o.allowed = pa.def_allowed & m_fn.values[o.value].allowed;
      if (o.allowed.none ())
        o.allowed = pa.def_allowed;  // another file: the core copies
      o.earlyclobber = pa.earlyclobber;
      if (pa.tied_use_regno != INVALID_REGNUM)
        {
          if (!use_index.count (pa.tied_use_regno))
            return fail ("tied output without its input");
          o.tied_to = use_index[pa.tied_use_regno];
        }
      if (o.allowed.none ())
        return fail ("no register satisfies an output of insn "
                     + std::to_string (INSN_UID (rtl)));
      value_ops.push_back (o);
    }
  for (auto &scratch : scratch_ops)
    {
      int i = scratch.first;
      rtx x = recog_data.operand[i];
      file_id file;
      unsigned width;
      if (!shape_of_mode (GET_MODE (x), INVALID_REGNUM, file, width))
        return false;
      value v;
      v.file = file;
      v.width = width;
      v.bytes = narrow_bytes (GET_MODE (x), file);
      hreg_set s;
      hreg_set starts = start_regs (file, GET_MODE (x), width);
      for (hreg h : m_target.files[file].regs)
        if (starts.test (h)
            && in_hard_reg_set_p (reg_class_contents[(int) scratch.second],
                                  GET_MODE (x), h))
          s.set (h);
      if (s.none ())
        return fail ("no register for a scratch of insn "
                     + std::to_string (INSN_UID (rtl)));
      v.allowed = s;
      v.name = "scratch" + std::to_string (i);
      v.origin = INSN_UID (rtl);
      value_id id = m_fn.add_value (v);
      m_map.value_regno.push_back (INVALID_REGNUM);
      m_map.value_scratch_op.push_back (i);
      operand o;
      o.kind = operand_kind::def;
      o.value = id;
      o.allowed = s;
      o.earlyclobber = true;
      value_ops.push_back (o);
    }
  // Value operands first (tie indices refer to them), then the hard ones,
  // in a list of their exact size (VALUE_OPS keeps its storage).
  vec<operand> ops;
  ops.reserve (value_ops.size () + out.ops.size ());
  ops.insert (ops.end (), value_ops.begin (), value_ops.end ());
  ops.insert (ops.end (), out.ops.begin (), out.ops.end ());
  out.ops.swap (ops);
  mark_receiver_save (ii, use_index, out);

  if (CALL_P (rtl))
    {
      out.kind = insn_kind::call;
      HARD_REG_SET clob = insn_callee_abi (rtl).full_and_partial_reg_clobbers ();
      for (unsigned r = 0; r < FIRST_PSEUDO_REGISTER; ++r)
        if (TEST_HARD_REG_BIT (clob, r) && file_of_hard (r) != no_file)
          out.clobbers.set (r);
      if (find_reg_note (rtl, REG_SETJMP, NULL_RTX))
        out.values_across_in_memory = true;
    }
  else if (out.ops.size () == 2 && out.clobbers.none ())
    {
      rtx set = single_set (rtl);
      auto is_def = [] (const operand &o)
        { return o.kind == operand_kind::def || o.kind == operand_kind::def_hard; };
      auto is_use = [] (const operand &o)
        { return o.kind == operand_kind::use || o.kind == operand_kind::use_hard; };
      // Hard operands are one register each: a copy of a wider value
      // to or from hard registers is not a copy in the core's sense.
      auto width_of = [&] (const operand &o)
        { return o.value == no_value ? 1u : m_fn.values[o.value].width; };
      if (set && REG_P (SET_SRC (set)) && REG_P (SET_DEST (set))
          && GET_MODE (SET_SRC (set)) == GET_MODE (SET_DEST (set))
          && width_of (out.ops[0]) == width_of (out.ops[1])
          && ((is_def (out.ops[0]) && is_use (out.ops[1]))
              || (is_use (out.ops[0]) && is_def (out.ops[1]))))
        out.kind = insn_kind::copy;
      else if (!out.terminator)
        {
          out.extends_narrow = extends_narrow_p (rtl, out);
          out.moves_low_part = !out.extends_narrow
                               && moves_low_part_p (rtl, out);
        }
    }

  else if (out.ops.size () == 1 && out.ops[0].kind == operand_kind::def
           && out.clobbers.none () && !out.terminator)
    {
      // A constant or a symbol's address set into a pseudo, by an insn
      // whose alternative takes every register the value may have: the
      // core may recompute it instead of spilling it.
      rtx pat = PATTERN (rtl);
      const value &v = m_fn.values[out.ops[0].value];
      if (GET_CODE (pat) == SET && REG_P (SET_DEST (pat))
          && !HARD_REGISTER_P (SET_DEST (pat))
          && rematerializable_src_p (SET_SRC (pat))
          && m_target.files[v.file].memory_direct
          && (v.allowed & ~out.ops[0].allowed).none ())
        out.rematerializable = true;
    }

  for (insn &i : before)
    {
      blk.insns.push_back (std::move (i));
      m_map.insn_rtl[b].push_back (nullptr);
    }
  blk.insns.push_back (std::move (out));
  m_map.insn_rtl[b].push_back (rtl);
  return true;
}

// Return true if SET is a phi of the entry EBB or an artificial
// definition in the entry block: the value a pseudo has before anything
// defines it.  Every use of it gets a made-up definition
// of its own just before it (at the end of the predecessor for a phi
// input), so that no undefined value lives from the entry block on.
bool
importer::undefined_set_p (rtl_ssa::set_info *set)
{
  if (!set->is_artificial ())
    return false;
  basic_block bb = set->insn ()->is_phi () ? set->ebb ()->first_bb ()->cfg_bb ()
                                           : set->bb ()->cfg_bb ();
  return bb == ENTRY_BLOCK_PTR_FOR_FN (cfun)
         || m_block_of_bb[bb->index] == 0;
}

// Import the phis of EBB, which starts with core block B.
void
importer::import_phis (rtl_ssa::ebb_info *ebb, block_id b)
{
  for (rtl_ssa::phi_info *p : ebb->phis ())
    if (p->is_reg () && !HARD_REGISTER_NUM_P (p->regno ())
        && resolve_set (p) == p)
      import_phi (p, b);
}

// Import phi P into core block B.
void
importer::import_phi (rtl_ssa::phi_info *p, block_id b)
{
  m_imported_phis.insert (p);
    {
      phi ph;
      ph.def = value_of_set (p);
      block &blk = m_fn.blocks[b];
      for (unsigned e = 0; e < blk.preds.size (); ++e)
        {
          rtl_ssa::set_info *in = p->input_value (p->is_degenerate () ? 0 : e);
          if (in && !undefined_set_p (in))
            ph.args.push_back (value_of_set (in));
          else
            {
              // Undefined on this edge: define a value at the end of the
              // predecessor, before its terminator.
              value_id v = undefined_value (p->regno (),
                                            m_end_defs[blk.preds[e]]);
              ph.args.push_back (v);
            }
        }
      m_fn.blocks[b].phis.push_back (ph);
    }
}

// Define every phi that a use or phi input refers to but that no EBB's
// phi list holds (rtl-ssa keeps some, for registers read before any
// definition, only as the target of uses).  A phi of the entry EBB, or one
// whose inputs do not match its block's edges, is an undefined value
// defined at the start of its block (the entry block for the entry EBB);
// the others become ordinary phis.
// Importing a phi can refer to further phis: repeat until none is left
// (each round imports at least one phi of the finite function, so this
// ends).
void
importer::import_orphan_phis ()
{
  for (;;)
    {
      std::vector<rtl_ssa::set_info *> orphans;
      for (rtl_ssa::set_info *set : m_sets)
        if (set->is_artificial () && !m_imported_phis.count (set))
          orphans.push_back (set);
      if (orphans.empty ())
        return;
      for (rtl_ssa::set_info *p : orphans)
        {
          // A phi, or an artificial definition in a block's head insn.
          bool is_phi = p->insn ()->is_phi ();
          block_id b = m_block_of_bb[is_phi ? p->ebb ()->first_bb ()->index ()
                                            : p->bb ()->index ()];
          block &blk = m_fn.blocks[b];
          auto *ph = is_phi ? static_cast<rtl_ssa::phi_info *> (p) : nullptr;
          if (ph && b != 0 && (ph->is_degenerate ()
                               || ph->num_inputs () == blk.preds.size ()))
            {
              import_phi (ph, b);
              continue;
            }
          m_imported_phis.insert (p);
          // For the entry EBB this is core block 0, the entry block, which
          // holds no RTL: the made-up definition reaches every use.
          block_id at = b;
          insn i;
          operand d;
          d.kind = operand_kind::def;
          d.value = value_of_set (p);
          d.allowed = m_fn.values[d.value].allowed;
          i.ops.push_back (d);
          m_fn.blocks[at].insns.insert (m_fn.blocks[at].insns.begin (), i);
          m_map.insn_rtl[at].insert (m_map.insn_rtl[at].begin (), nullptr);
        }
    }
}

// If insn II is the setup of __builtin_setjmp storing the frame value
// into the buffer, (set (mem) r31), from which the longjmp restores r31
// for the receivers, say so in OUT (insn::saves_for_receiver): when the
// hard frame pointer is eliminated, what is stored is a pseudo copied
// from it (split_eliminable_operands), that is the stack pointer plus an
// offset, and OUT saves that operand; otherwise r31 itself, which
// neither the allocation nor the rewrite changes.  USE_INDEX gives the
// operand of each pseudo OUT reads.
void
importer::mark_receiver_save (
  rtl_ssa::insn_info *ii, const regno_map<operand_index> &use_index,
  insn &out)
{
  if (!cfun->has_nonlocal_label)
    return;
  rtx set = single_set (ii->rtl ());
  if (!set || !MEM_P (SET_DEST (set)) || !REG_P (SET_SRC (set)))
    return;
  rtx src = SET_SRC (set);
  if (REGNO (src) == HARD_FRAME_POINTER_REGNUM)
    {
      out.saves_for_receiver = HARD_FRAME_POINTER_REGNUM;
      return;
    }
  if (HARD_REGISTER_P (src) || !use_index.count (REGNO (src)))
    return;
  // A pseudo: the store saves the frame value if the pseudo's definition
  // copies the hard frame pointer.
  for (rtl_ssa::use_info *use : ii->uses ())
    if (use->is_reg () && use->regno () == REGNO (src) && use->def ()
        && use->def ()->insn ()->is_real ())
      {
        rtx dset = single_set (use->def ()->insn ()->rtl ());
        if (!dset || !REG_P (SET_SRC (dset))
            || REGNO (SET_SRC (dset)) != HARD_FRAME_POINTER_REGNUM)
          return;
        out.saves_for_receiver = HARD_FRAME_POINTER_REGNUM;
        if (m_hfp == hfp_role::eliminated)
          out.saved_operand = use_index.at (REGNO (src));
        return;
      }
}

// Give core block B, which stands for BB, a first instruction that
// defines the allocatable hard registers BB's head defines artificially:
// an EH landing pad starts with the exception data in r3 and r4, set by
// the unwinder, not by the insn before the throwing call.
void
importer::import_head_defs (rtl_ssa::bb_info *bb, block_id b)
{
  insn out;
  for (rtl_ssa::def_info *def : bb->head_insn ()->defs ())
    if (def->is_reg () && HARD_REGISTER_NUM_P (def->regno ())
        && file_of_hard (def->regno ()) != no_file)
      {
        operand o;
        o.kind = operand_kind::def_hard;
        o.reg = def->regno ();
        out.ops.push_back (o);
      }
  if (out.ops.empty ())
    return;
  block &blk = m_fn.blocks[b];
  blk.insns.insert (blk.insns.begin (), out);
  m_map.insn_rtl[b].insert (m_map.insn_rtl[b].begin (), nullptr);
}

// Add to S the hard registers of the return value X (a REG or a
// PARALLEL of them).
static void
add_return_regs (rtx x, hreg_set &s)
{
  if (!x)
    return;
  if (REG_P (x) && HARD_REGISTER_P (x))
    for (unsigned r = REGNO (x); r < END_REGNO (x); ++r)
      s.set (r);
  else if (GET_CODE (x) == PARALLEL)
    for (int i = 0; i < XVECLEN (x, 0); ++i)
      add_return_regs (XEXP (XVECEXP (x, 0, i), 0), s);
}

// Give the exit block B one instruction reading the allocatable hard
// registers that hold the return value.  The exit block's other
// artificial uses (the frame pointer, the PIC register before reload)
// are not values; IRA ignores them the same way.
void
importer::import_exit (rtl_ssa::bb_info *bb, block_id b)
{
  insn out;
  hreg_set ret;
  add_return_regs (crtl->return_rtx, ret);
  hreg_set seen;
  for (rtl_ssa::insn_info *i : bb->all_insns ())
    for (rtl_ssa::use_info *use : i->uses ())
      if (use->is_reg () && HARD_REGISTER_NUM_P (use->regno ())
          && ret.test (use->regno ())
          && file_of_hard (use->regno ()) != no_file
          && !seen.test (use->regno ()))
        {
          seen.set (use->regno ());
          operand o;
          o.kind = operand_kind::use_hard;
          o.reg = use->regno ();
          out.ops.push_back (o);
        }
  if (!out.ops.empty ())
    {
      m_fn.blocks[b].insns.push_back (std::move (out));
      m_map.insn_rtl[b].push_back (nullptr);
    }
  m_fn.blocks[b].returns = true;
}

// Return true if BB is a nonlocal goto or __builtin_setjmp receiver: its
// label is one of the function's nonlocal goto handlers.
static bool
nonlocal_receiver_p (basic_block bb)
{
  rtx_insn *head = BB_HEAD (bb);
  if (!head || !LABEL_P (head))
    return false;
  for (rtx_insn_list *x = nonlocal_goto_handler_labels; x; x = x->next ())
    if (x->insn () == head)
      return true;
  return false;
}

void
importer::run ()
{
  m_fn.name = function_name (cfun);
  classify_pseudos ();

  // Blocks: entry first, then reverse postorder, exit last.
  std::vector<rtl_ssa::bb_info *> order;
  rtl_ssa::bb_info *exit_bb = nullptr;
  for (rtl_ssa::bb_info *bb : m_ssa.bbs ())
    {
      if (bb->index () == EXIT_BLOCK)
        exit_bb = bb;
      else
        order.push_back (bb);
    }
  // A function that never returns has no edge into the exit block, which
  // then is no part of the core's CFG.
  size_t expected = n_basic_blocks_for_fn (cfun);
  if (EDGE_COUNT (exit_bb->cfg_bb ()->preds) > 0)
    order.push_back (exit_bb);
  else
    --expected;
  if (order.size () != expected)
    {
      fail ("the function has unreachable blocks");
      return;
    }
  m_block_of_bb.assign (last_basic_block_for_fn (cfun), 0);
  for (rtl_ssa::bb_info *bb : order)
    {
      block_id id = m_fn.blocks.size ();
      m_block_of_bb[bb->index ()] = id;
      m_fn.blocks.emplace_back ();
      m_map.block_bb.push_back (bb->cfg_bb ());
      m_map.insn_rtl.emplace_back ();
    }
  for (rtl_ssa::bb_info *bb : order)
    {
      block &blk = m_fn.blocks[m_block_of_bb[bb->index ()]];
      basic_block cfg = bb->cfg_bb ();
      blk.origin = cfg->index;
      blk.receiver = nonlocal_receiver_p (cfg);
      if (optimize && cfg->loop_father)
        blk.loop_depth = loop_depth (cfg->loop_father);
      // GCC's estimate of how often the block runs, per entry.
      profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (cfun)->count;
      if (optimize && cfg->count.initialized_p () && entry.initialized_p ()
          && entry.nonzero_p ())
        blk.frequency = cfg->count.to_sreal_scale (entry).to_double ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, cfg->preds)
        {
          blk.preds.push_back (m_block_of_bb[e->src->index]);
          blk.pred_abnormal.push_back ((e->flags & EDGE_COMPLEX) != 0);
        }
      FOR_EACH_EDGE (e, ei, cfg->succs)
        blk.succs.push_back (m_block_of_bb[e->dest->index]);
    }

  for (rtl_ssa::bb_info *bb : order)
    {
      block_id b = m_block_of_bb[bb->index ()];
      if (bb->index () == EXIT_BLOCK)
        {
          import_exit (bb, b);
          continue;
        }
      if (bb->ebb ()->first_bb () == bb && bb->index () != ENTRY_BLOCK)
        import_phis (bb->ebb (), b);
      if (!m_out.error.empty ())
        return;
      if (bb->index () != ENTRY_BLOCK)
        import_head_defs (bb, b);
      rtl_ssa::insn_info *last = nullptr;
      size_t count = 0;
      for (rtl_ssa::insn_info *i : bb->real_nondebug_insns ())
        {
          last = i;
          ++count;
        }
      // At least this many (an undefined use adds a definition).
      m_fn.blocks[b].insns.reserve (count);
      m_map.insn_rtl[b].reserve (count);
      for (rtl_ssa::insn_info *i : bb->real_nondebug_insns ())
        if (!import_insn (i, b, i == last))
          return;
    }

  import_orphan_phis ();
  if (!m_out.error.empty ())
    return;

  // The made-up definitions go before the block's last insn when that
  // one ends the block in GCC's CFG: a jump (the core's terminator) or a
  // call with an abnormal or EH edge (a nonlocal goto's receiver,
  // gcc.dg/torture/pr57036-2.c).  Nothing may follow such a call in its
  // block, so neither the definition nor the spill store that comes
  // right after it may go there: the rewrite would emit them after
  // BB_END, and sched2 would find insns outside its regions.
  for (auto &entry : m_end_defs)
    {
      block &pred = m_fn.blocks[entry.first];
      std::vector<rtx_insn *> &rtl = m_map.insn_rtl[entry.first];
      size_t at = pred.insns.size ();
      if (at && (pred.insns.back ().terminator
                 || (rtl.back () && control_flow_insn_p (rtl.back ()))))
        --at;
      pred.insns.insert (pred.insns.begin () + at, entry.second.begin (),
                         entry.second.end ());
      rtl.insert (rtl.begin () + at, entry.second.size (), nullptr);
    }
  drop_dead_phis ();
}

// Drop the phis that nothing reads, directly or through other phis (a
// phi whose one reader was a dead read, old_value_overwritten), the
// made-up definitions of undefined values that nothing reads (the
// arguments of such phis), and their values, numbering the others
// again.  A dead phi would keep its arguments live to the ends of its
// predecessors, around loops, and take a register or a slot itself.
void
importer::drop_dead_phis ()
{
  size_t n = m_fn.values.size ();
  // phi_at[v]: the block and row of the phi defining V, if one does.
  std::vector<std::pair<block_id, unsigned>> phi_at (n, { no_block, 0 });
  for (block_id b = 0; b < m_fn.blocks.size (); ++b)
    for (unsigned k = 0; k < m_fn.blocks[b].phis.size (); ++k)
      phi_at[m_fn.blocks[b].phis[k].def] = { b, k };
  // Live: read by an instruction, or an argument of a live phi.
  std::vector<char> live (n, 0);
  std::vector<value_id> work;
  auto mark = [&] (value_id v) {
    if (!live[v])
      {
        live[v] = 1;
        work.push_back (v);
      }
  };
  for (const block &blk : m_fn.blocks)
    for (const insn &i : blk.insns)
      for (const operand &o : i.ops)
        if (o.kind == operand_kind::use)
          mark (o.value);
  // Each value enters WORK once: this ends.
  while (!work.empty ())
    {
      value_id v = work.back ();
      work.pop_back ();
      if (phi_at[v].first != no_block)
        for (value_id a : m_fn.blocks[phi_at[v].first].phis[phi_at[v].second].args)
          mark (a);
    }
  std::vector<bool> keep (n, true);
  bool any = false;
  for (value_id v = 0; v < n; ++v)
    if (phi_at[v].first != no_block && !live[v])
      {
        keep[v] = false;
        any = true;
      }
  for (value_id v : m_undefined)
    if (!live[v])
      {
        keep[v] = false;
        any = true;
      }
  if (!any)
    return;

  for (block_id b = 0; b < m_fn.blocks.size (); ++b)
    {
      block &blk = m_fn.blocks[b];
      vec<phi> phis;
      for (phi &p : blk.phis)
        if (keep[p.def])
          phis.push_back (std::move (p));
      blk.phis.swap (phis);
      std::vector<rtx_insn *> &rtl = m_map.insn_rtl[b];
      vec<insn> insns;
      std::vector<rtx_insn *> insn_rtl;
      for (size_t i = 0; i < blk.insns.size (); ++i)
        {
          const insn &in = blk.insns[i];
          if (!rtl[i] && in.ops.size () == 1
              && in.ops[0].kind == operand_kind::def && !keep[in.ops[0].value])
            continue;
          insns.push_back (std::move (blk.insns[i]));
          insn_rtl.push_back (rtl[i]);
        }
      blk.insns.swap (insns);
      rtl.swap (insn_rtl);
    }

  keep_values (m_fn, keep);
  std::vector<unsigned> value_regno;
  std::vector<int> value_scratch_op;
  for (value_id v = 0; v < n; ++v)
    if (keep[v])
      {
        value_regno.push_back (m_map.value_regno[v]);
        value_scratch_op.push_back (m_map.value_scratch_op[v]);
      }
  m_map.value_regno.swap (value_regno);
  m_map.value_scratch_op.swap (value_scratch_op);
  m_value_of_set.empty ();
  m_sets.clear ();
  m_undefined.clear ();
}

} // anon namespace

import_result
import_function (const target &t, hfp_role hfp)
{
  import_result r;
  rtl_ssa::function_info ssa (cfun);
  importer imp (t, hfp, ssa, r);
  imp.run ();
  // What the prologue saves whatever the allocation writes: the
  // call-saved registers live before allocation (GCC's save_reg_p).
  for (unsigned reg = 0; reg < FIRST_PSEUDO_REGISTER && reg < max_hard_regs;
       ++reg)
    if (t.call_saved.test (reg) && !fixed_regs[reg]
        && df_regs_ever_live_p (reg))
      r.fn.frame_saved.set (reg);
  return r;
}

} // namespace ssara
