// rtl-prepare.cc -- see rtl-prepare.h.

#include "gcc-includes.h"
#include "rtl-prepare.h"
#include "constraints.h"

#include <algorithm>
#include <vector>

namespace ssara {

namespace {

// Return true if X is a register that elimination replaces by a sum in
// a function whose hard frame pointer is HFP.
bool
eliminable_reg_p (const_rtx x, hfp_role hfp)
{
  if (!REG_P (x))
    return false;
  unsigned r = REGNO (x);
  return (r == FRAME_POINTER_REGNUM || r == ARG_POINTER_REGNUM
          || (r == HARD_FRAME_POINTER_REGNUM && hfp == hfp_role::eliminated));
}

} // namespace

namespace {

// Call F on every recognised non-debug insn of the function, in order.
// F may emit insns before or after its insn; those after it are visited
// too.
template <typename F>
void
for_each_recognised_insn (F f)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        if (NONDEBUG_INSN_P (insn) && recog_memoized (insn) >= 0)
          f (insn);
    }
}

// Return true if INSN is a register copy (a single set from a register or
// a subreg).
bool
register_copy_p (rtx_insn *insn)
{
  rtx set = single_set (insn);
  return set && (REG_P (SET_SRC (set)) || SUBREG_P (SET_SRC (set)));
}

// Call F on every recognised non-debug insn that is not a register copy,
// with the insn extracted and its constraints preprocessed.  The splits
// below make register copies, so skipping them is what ends their walks:
// each insn of the input is visited once, whatever F emits.
template <typename F>
void
for_each_splittable_insn (F f)
{
  for_each_recognised_insn ([&] (rtx_insn *insn)
    {
      if (register_copy_p (insn))
        return;
      extract_insn (insn);
      preprocess_constraints (insn);
      f (insn);
      recog_data.insn = nullptr;
    });
}

// Whether F (I) holds for some operand I of the extracted insn.
template <typename F>
bool
any_operand (F f)
{
  for (int i = 0; i < recog_data.n_operands; ++i)
    if (f (i))
      return true;
  return false;
}

// Where a copy made by replace_by_copy goes.
enum class copy_side { before_insn, after_insn };

// Queue the replacement of operand I of the extracted INSN (and its dups)
// by a fresh pseudo of MODE, copied from SRC before INSN or to DST after
// it (SIDE), as a change of the current change group.  Return the copy,
// or null when no pattern recognises it.
rtx_insn *
replace_by_copy (rtx_insn *insn, int i, machine_mode mode, rtx other,
                 copy_side side)
{
  rtx tmp = gen_reg_rtx (mode);
  rtx_insn *copy
    = side == copy_side::after_insn
      ? emit_insn_after (gen_rtx_SET (other, tmp), insn)
      : emit_insn_before (gen_rtx_SET (tmp, other), insn);
  // recog fills recog_data.operand with the copy's operands: keep the
  // extracted INSN's, which the callers' operand walks go on reading.
  recog_data_d extracted = recog_data;
  bool recognised = recog_memoized (copy) >= 0;
  recog_data = extracted;
  if (!recognised)
    {
      delete_insn (copy);
      return nullptr;
    }
  validate_change (insn, recog_data.operand_loc[i], tmp, true);
  for (int d = 0; d < recog_data.n_dups; ++d)
    if (recog_data.dup_num[d] == i)
      validate_change (insn, recog_data.dup_loc[d], tmp, true);
  return copy;
}

// Apply the current change group; if it fails, delete COPIES.  Return how
// many copies stay.
unsigned
apply_or_delete (const std::vector<rtx_insn *> &copies)
{
  if (copies.empty ())
    return 0;
  if (apply_change_group ())
    return copies.size ();
  for (rtx_insn *copy : copies)
    delete_insn (copy);
  return 0;
}

} // namespace

unsigned
split_eliminable_operands (hfp_role hfp)
{
  unsigned made = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        {
          if (!NONDEBUG_INSN_P (insn))
            continue;
          rtx set = single_set (insn);
          // A copy into a register becomes an add after elimination, and
          // so does an add of a constant: its constant takes the offset
          // (the rewrite splits an offset beyond 16 bits).
          if (set && REG_P (SET_DEST (set))
              && (eliminable_reg_p (SET_SRC (set), hfp)
                  || (GET_CODE (SET_SRC (set)) == PLUS
                      && eliminable_reg_p (XEXP (SET_SRC (set), 0), hfp)
                      && CONST_INT_P (XEXP (SET_SRC (set), 1)))))
            continue;
          if (recog_memoized (insn) < 0 && asm_noperands (PATTERN (insn)) < 0)
            continue;
          extract_insn (insn);
          for (int i = 0; i < recog_data.n_operands; ++i)
            {
              rtx x = recog_data.operand[i];
              if (!eliminable_reg_p (x, hfp)
                  || recog_data.operand_type[i] != OP_IN)
                continue;
              rtx tmp = gen_reg_rtx (Pmode);
              emit_insn_before (gen_rtx_SET (tmp, x), insn);
              validate_change (insn, recog_data.operand_loc[i], tmp, true);
              for (int d = 0; d < recog_data.n_dups; ++d)
                if (recog_data.dup_num[d] == i)
                  validate_change (insn, recog_data.dup_loc[d], tmp, true);
              ++made;
            }
          // A change the insn does not accept is undone; the copy before
          // it is then dead, and the function is declined later if the
          // operand still cannot be eliminated.
          if (num_validated_changes () && !apply_change_group ())
            cancel_changes (0);
          recog_data.insn = nullptr;
        }
    }
  return made;
}

namespace {

// Return true if some enabled alternative of the extracted insn INSN
// accepts every memory operand as it is.
bool
memory_operands_fit (rtx_insn *insn)
{
  alternative_mask enabled = get_enabled_alternatives (insn);
  if (recog_data.n_alternatives == 0)
    return true;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      bool ok = true;
      for (int i = 0; i < recog_data.n_operands && ok; ++i)
        if (MEM_P (recog_data.operand[i]) && !recog_data.is_operator[i])
          ok = nonpseudo_fits (recog_data.operand[i],
                                alternative_text (i, a));
      if (ok)
        return true;
    }
  return false;
}

} // namespace

unsigned
reload_addresses ()
{
  unsigned made = 0;
  for_each_recognised_insn ([&] (rtx_insn *insn)
    {
      extract_insn (insn);
      if (memory_operands_fit (insn))
        return;
      // Every memory operand whose address is more than a register
      // gets that address computed into a pseudo just before the
      // insn: (mem (reg)) is the form every memory constraint of
      // this target accepts (Z, Q, Y, m).  An auto-increment address
      // becomes its base, updated by an add before (pre-) or after
      // (post-) the insn.
      auto_vec<rtx_insn *, 4> setups;
      auto_vec<rtx, 2> incremented;
      bool give_up = false;
      for (int i = 0; i < recog_data.n_operands; ++i)
        {
          rtx mem = recog_data.operand[i];
          if (!MEM_P (mem) || recog_data.is_operator[i])
            continue;
          rtx addr = XEXP (mem, 0);
          if (REG_P (addr))
            continue;
          rtx new_addr;
          rtx_insn *setup;
          if (GET_RTX_CLASS (GET_CODE (addr)) == RTX_AUTOINC)
            {
              rtx base = XEXP (addr, 0);
              poly_int64 size = GET_MODE_SIZE (GET_MODE (mem));
              rtx update;
              switch (GET_CODE (addr))
                {
                case PRE_INC: case POST_INC:
                  update = plus_constant (Pmode, base, size);
                  break;
                case PRE_DEC: case POST_DEC:
                  update = plus_constant (Pmode, base, -size);
                  break;
                default:
                  update = copy_rtx (XEXP (addr, 1));
                  break;
                }
              rtx set = gen_rtx_SET (base, update);
              bool pre = (GET_CODE (addr) == PRE_INC
                          || GET_CODE (addr) == PRE_DEC
                          || GET_CODE (addr) == PRE_MODIFY);
              // No room after an insn that ends its block.
              if (!pre && control_flow_insn_p (insn))
                {
                  give_up = true;
                  break;
                }
              setup = pre ? emit_insn_before (set, insn)
                          : emit_insn_after (set, insn);
              new_addr = base;
              incremented.safe_push (base);
            }
          else
            {
              new_addr = gen_reg_rtx (Pmode);
              setup = emit_insn_before (gen_rtx_SET (new_addr,
                                                     copy_rtx (addr)),
                                        insn);
            }
          setups.safe_push (setup);
          if (recog_memoized (setup) < 0)
            {
              // Nothing can be done for this insn; undone below.
              give_up = true;
              break;
            }
          rtx new_mem = replace_equiv_address_nv (mem, new_addr);
          validate_change (insn, recog_data.operand_loc[i], new_mem, true);
          for (int d = 0; d < recog_data.n_dups; ++d)
            if (recog_data.dup_num[d] == i)
              validate_change (insn, recog_data.dup_loc[d], new_mem,
                               true);
        }
      // Keep the change only if the insn is still recognised and an
      // alternative now fits; otherwise the import declines the insn
      // with its usual reason.
      bool changed = false;
      if (!give_up && num_validated_changes () && verify_changes (0))
        {
          extract_insn (insn);
          changed = memory_operands_fit (insn);
        }
      if (changed)
        {
          confirm_change_group ();
          for (rtx base : incremented)
            if (rtx note = find_reg_note (insn, REG_INC, base))
              remove_note (insn, note);
        }
      else
        cancel_changes (0);
      if (changed)
        made += setups.length ();
      else
        for (rtx_insn *setup : setups)
          delete_insn (setup);
      recog_data.insn = nullptr;
    });
  return made;
}

namespace {


// Return true if X is a hard register that a copy can move.
bool
movable_hard_reg_p (const_rtx x)
{
  return (REG_P (x) && HARD_REGISTER_P (x) && !fixed_regs[REGNO (x)]
          && !global_regs[REGNO (x)]);
}

// Return true if X is a hard register that a copy can read or write
// when the insn accepts it nowhere: a movable one, or a fixed one that
// holds an ordinary value (an incoming argument in r5 under -ffixed-r5),
// but not the stack pointer, the frame and argument pointers or a global
// register variable.
bool
copyable_hard_reg_p (const_rtx x)
{
  return (movable_hard_reg_p (x)
          || (REG_P (x) && HARD_REGISTER_P (x) && !global_regs[REGNO (x)]
              && REGNO (x) != STACK_POINTER_REGNUM
              && REGNO (x) != HARD_FRAME_POINTER_REGNUM
              && REGNO (x) != FRAME_POINTER_REGNUM
              && REGNO (x) != ARG_POINTER_REGNUM));
}

// Which alternatives of an insn for_each_tie looks at.
enum class which_alternatives { all, enabled };

// Call F (M, J) for every operand J of the extracted INSN that an
// alternative of W ties to operand M (J's constraint is M's digit), once
// per alternative that ties them.
template <typename F>
void
for_each_tie (rtx_insn *insn, which_alternatives w, F f)
{
  int n = recog_data.n_operands;
  alternative_mask enabled = w == which_alternatives::enabled
                             ? get_enabled_alternatives (insn)
                             : ALL_ALTERNATIVES;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    if (TEST_BIT (enabled, a))
      for (int j = 0; j < n; ++j)
        if (recog_op_alt[a * n + j].matches >= 0)
          f (recog_op_alt[a * n + j].matches, j);
}

// Return true if X, a hard-register operand of type TYPE that a matching
// constraint ties to a pseudo, can become a fresh pseudo.  An input is
// copied from X before the insn, which needs a movable X.  An output is
// copied to X after it, which LRA's match_reload does for any hard
// register but a global register variable: alloca's stwu whose base is
// a copy of the old stack pointer and whose update sets the stack
// pointer ("=b" (r1), "0" (pseudo)) becomes an update of a fresh pseudo,
// copied to r1 after the store.
bool
tie_splittable_hard_reg_p (const_rtx x, enum op_type type)
{
  if (movable_hard_reg_p (x))
    return true;
  return (type == OP_OUT && REG_P (x) && HARD_REGISTER_P (x)
          && !global_regs[REGNO (x)]);
}

} // namespace

unsigned
split_hard_ties ()
{
  unsigned made = 0;
  // Register copies are left alone (movsi's "=*h"/"0" no-op alternative
  // ties, and the copies made here are such copies).
  for_each_splittable_insn ([&] (rtx_insn *insn)
    {
      // Only a hard register operand may be split (most insns have
      // none).
      if (!any_operand ([] (int i) {
            return (REG_P (recog_data.operand[i])
                    && HARD_REGISTER_P (recog_data.operand[i]));
          }))
        return;
      // Operand pairs (hard register, pseudo) that some alternative
      // ties.
      std::vector<std::pair<int, int>> pairs;
      for_each_tie (insn, which_alternatives::all, [&] (int m, int j)
        {
          rtx out = recog_data.operand[m], in = recog_data.operand[j];
          if ((tie_splittable_hard_reg_p (out, recog_data.operand_type[m])
               && pseudo_operand_p (in))
              || (tie_splittable_hard_reg_p (in, recog_data.operand_type[j])
                  && pseudo_operand_p (out)))
            if (std::find (pairs.begin (), pairs.end (),
                           std::make_pair (m, j)) == pairs.end ())
              pairs.push_back ({ m, j });
        });
      if (pairs.empty ())
        return;
      // The hard register side of each pair becomes a fresh pseudo:
      // an output is copied to the hard register after the insn, an
      // input copied from it before.
      for (auto &pr : pairs)
        {
          int i = pseudo_operand_p (recog_data.operand[pr.second])
                  ? pr.first : pr.second;
          rtx hard = recog_data.operand[i];
          if (!REG_P (hard))
            continue;
          bool output = recog_data.operand_type[i] == OP_OUT;
          if (recog_data.operand_type[i] == OP_INOUT)
            continue;
          if (output && control_flow_insn_p (insn))
            continue;
          rtx_insn *copy
            = replace_by_copy (insn, i, GET_MODE (hard), hard,
                               output ? copy_side::after_insn
                                      : copy_side::before_insn);
          if (!copy)
            continue;
          made += apply_or_delete ({ copy });
          // The operands moved: one pair per insn and pass is enough
          // (a second would need a fresh extract).
          break;
        }
    });
  return made;
}

namespace {

// Return true if hard-register operand I of the extracted insn satisfies
// no enabled alternative (a float result for r3, where the insn wants an
// FPR).
bool
hard_operand_fits_nothing (rtx_insn *insn, int i)
{
  alternative_mask enabled = get_enabled_alternatives (insn);
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    if (TEST_BIT (enabled, a)
        && nonpseudo_fits (recog_data.operand[i], alternative_text (i, a)))
      return false;
  return true;
}

// Return true if some enabled alternative of the extracted insn accepts
// all of its operands that are not pseudos (hard registers, memory,
// constants) at once.
bool
nonpseudos_fit_together (rtx_insn *insn)
{
  alternative_mask enabled = get_enabled_alternatives (insn);
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      bool ok = true;
      for (int i = 0; i < recog_data.n_operands && ok; ++i)
        {
          rtx x = recog_data.operand[i];
          if (!recog_data.is_operator[i] && !pseudo_operand_p (x)
              && GET_CODE (x) != SCRATCH)
            ok = nonpseudo_fits (x, alternative_text (i, a));
        }
      if (ok)
        return true;
    }
  return false;
}

} // namespace

unsigned
split_foreign_hard_operands ()
{
  unsigned made = 0;
  // Register copies are left alone: the allocator moves a copy's value
  // between files itself.
  for_each_splittable_insn ([&] (rtx_insn *insn)
    {
      if (recog_data.n_alternatives == 0)
        return;
      // Only a hard register operand may be split (most insns have
      // none: the test below cost 0.5% of the pass on SQLite at -O2).
      auto splittable = [&] (int i) {
        return (!recog_data.is_operator[i]
                && copyable_hard_reg_p (recog_data.operand[i])
                && recog_data.operand_type[i] != OP_INOUT);
      };
      if (!any_operand (splittable))
        return;
      // A DFmode load into r7:r8 from a reg+reg address: r7 fits the
      // GPR alternative and the address the FPR one, but no alternative
      // takes both.
      bool split_all = !nonpseudos_fit_together (insn);
      std::vector<rtx_insn *> copies;
      for (int i = 0; i < recog_data.n_operands; ++i)
        {
          rtx hard = recog_data.operand[i];
          if (!splittable (i)
              || (!split_all && !hard_operand_fits_nothing (insn, i)))
            continue;
          bool output = recog_data.operand_type[i] == OP_OUT;
          if (output && control_flow_insn_p (insn))
            continue;
          if (rtx_insn *copy
                = replace_by_copy (insn, i, GET_MODE (hard), hard,
                                   output ? copy_side::after_insn
                                          : copy_side::before_insn))
            copies.push_back (copy);
        }
      made += apply_or_delete (copies);
    });
  // A copy between two hard registers that no alternative of the move
  // takes (r6 into f4 for a libcall's float argument, r5 and r6 fixed so
  // that no pseudo stands between) reads a pseudo copied from its source
  // instead: the allocator moves that value between the files.  The
  // copy made reads a hard register into a pseudo, which is not visited
  // again (it goes before the insn).
  for_each_recognised_insn ([&] (rtx_insn *insn)
    {
      rtx set = single_set (insn);
      if (!register_copy_p (insn) || !REG_P (SET_DEST (set))
          || !REG_P (SET_SRC (set))
          || !copyable_hard_reg_p (SET_DEST (set))
          || !copyable_hard_reg_p (SET_SRC (set)))
        return;
      extract_insn (insn);
      preprocess_constraints (insn);
      if (recog_data.n_alternatives != 0 && !nonpseudos_fit_together (insn))
        for (int i = 0; i < recog_data.n_operands; ++i)
          if (recog_data.operand_type[i] == OP_IN
              && recog_data.operand_loc[i] == &SET_SRC (set))
            if (rtx_insn *copy
                  = replace_by_copy (insn, i, GET_MODE (SET_SRC (set)),
                                     SET_SRC (set), copy_side::before_insn))
              made += apply_or_delete ({ copy });
      recog_data.insn = nullptr;
    });
  return made;
}

// Return true if operand I of the extracted insn is matched to or
// matches another operand in some alternative.
static bool
operand_tied_p (int i)
{
  int n = recog_data.n_operands;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      const operand_alternative &oa = recog_op_alt[a * n + i];
      if (oa.matches >= 0 || oa.matched >= 0)
        return true;
    }
  return false;
}

// Which inputs that read part of a wider pseudo split_part_inputs
// copies: those in a mode of the other kind (a double out of a vector),
// or those in a mode of the same kind (a word of a long long) that no
// matching constraint ties.
enum class part_kind { other_kind, same_kind };

static unsigned
split_part_inputs (part_kind kind)
{
  unsigned made = 0;
  // Register copies are left alone (for_each_splittable_insn): the
  // allocator moves a copy's value between files itself.
  for_each_splittable_insn ([&] (rtx_insn *insn)
    {
      std::vector<rtx_insn *> copies;
      for (int i = 0; i < recog_data.n_operands; ++i)
        {
          rtx x = recog_data.operand[i];
          if (recog_data.is_operator[i] || !SUBREG_P (x)
              || !REG_P (SUBREG_REG (x)) || HARD_REGISTER_P (SUBREG_REG (x)))
            continue;
          // A word written by an insn that no constraint ties
          // ((set (subreg:SI (reg:DI)) (ior ...)), a partial def the core
          // ties to the whole pair) is written to a fresh pseudo, copied
          // into the word just after the insn: the insn then needs a
          // register for the word only.  A jump cannot have a copy after
          // it.
          if (kind == part_kind::same_kind
              && recog_data.operand_type[i] == OP_OUT
              && !operand_tied_p (i) && !control_flow_insn_p (insn)
              && known_lt (GET_MODE_SIZE (GET_MODE (x)),
                           GET_MODE_SIZE (GET_MODE (SUBREG_REG (x)))))
            {
              if (rtx_insn *copy = replace_by_copy (insn, i, GET_MODE (x), x,
                                                    copy_side::after_insn))
                copies.push_back (copy);
              continue;
            }
          if (recog_data.operand_type[i] != OP_IN)
            continue;
          machine_mode outer = GET_MODE (x);
          machine_mode inner = GET_MODE (SUBREG_REG (x));
          bool same = FLOAT_MODE_P (outer) == FLOAT_MODE_P (inner);
          // A word of a pseudo the insn also writes (a partial def,
          // which the core ties to the whole value) is read from the
          // pair the insn needs anyway: a copy would only add a register.
          if (same != (kind == part_kind::same_kind)
              || (same && operand_tied_p (i))
              || (same && reg_set_p (SUBREG_REG (x), insn))
              || !known_lt (GET_MODE_SIZE (outer), GET_MODE_SIZE (inner)))
            continue;
          if (rtx_insn *copy = replace_by_copy (insn, i, outer, x,
                                                copy_side::before_insn))
            copies.push_back (copy);
        }
      made += apply_or_delete (copies);
    });
  return made;
}

unsigned
split_partial_puns ()
{
  return split_part_inputs (part_kind::other_kind);
}

unsigned
split_wide_word_uses ()
{
  return split_part_inputs (part_kind::same_kind);
}

namespace {

// Return true if X is a part of a wider pseudo ((subreg:SI (reg:DI))).
bool
word_of_wide_pseudo_p (const_rtx x)
{
  return (SUBREG_P (x) && REG_P (SUBREG_REG (x))
          && !HARD_REGISTER_P (SUBREG_REG (x))
          && known_lt (GET_MODE_SIZE (GET_MODE (x)),
                       GET_MODE_SIZE (GET_MODE (SUBREG_REG (x)))));
}

} // namespace

unsigned
split_tied_words ()
{
  unsigned made = 0;
  // Register copies are left alone (for_each_splittable_insn); the copies
  // made here are such copies, so each insn is looked at once.
  for_each_splittable_insn ([&] (rtx_insn *insn)
    {
      int n = recog_data.n_operands;
      // Only a word of a wider pseudo is split (most insns have none).
      if (!any_operand ([] (int i) {
            return word_of_wide_pseudo_p (recog_data.operand[i]);
          }))
        return;
      // The operands that an enabled alternative ties to another one
      // while one side of the tie is a word of a wider pseudo.
      std::vector<bool> split (n, false);
      for_each_tie (insn, which_alternatives::enabled, [&] (int m, int j)
        {
          rtx out = recog_data.operand[m], in = recog_data.operand[j];
          if (!pseudo_operand_p (out) || !pseudo_operand_p (in))
            return;
          if (word_of_wide_pseudo_p (out) || word_of_wide_pseudo_p (in))
            for (int k : { m, j })
              split[k] = split[k] || word_of_wide_pseudo_p (recog_data.operand[k]);
        });
      std::vector<rtx_insn *> copies;
      for (int i = 0; i < n; ++i)
        {
          if (!split[i])
            continue;
          rtx x = recog_data.operand[i];
          enum op_type type = recog_data.operand_type[i];
          // An in-out word ("+r" on a subreg) is both; such ties the
          // import handles as a partial definition.  A jump cannot have
          // a copy after it.
          if (type == OP_INOUT
              || (type == OP_OUT && control_flow_insn_p (insn)))
            continue;
          if (rtx_insn *copy
                = replace_by_copy (insn, i, GET_MODE (x), x,
                                   type == OP_OUT ? copy_side::after_insn
                                                  : copy_side::before_insn))
            copies.push_back (copy);
        }
      made += apply_or_delete (copies);
    });
  return made;
}

unsigned
split_asm_ties ()
{
  unsigned made = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        {
          // Each asm is looked at once; the copies made are not asms.
          if (!NONDEBUG_INSN_P (insn) || asm_noperands (PATTERN (insn)) < 0)
            continue;
          extract_insn (insn);
          const recog_data_d extracted = recog_data;
          std::vector<rtx_insn *> copies;
          for (int i = 0; i < recog_data.n_operands; ++i)
            {
              const char *c = recog_data.constraints[i];
              if (!ISDIGIT (*c))
                continue;
              int m = strtoul (c, nullptr, 10);
              if (m >= recog_data.n_operands
                  || recog_data.operand_type[m] != OP_OUT)
                continue;
              rtx out = recog_data.operand[m], in = recog_data.operand[i];
              rtx tmp = NULL_RTX;
              rtx_insn *copy = nullptr;
              // Only the digit: "0,m" would fit memory some other way.
              bool only_tied = c[strspn (c, "0123456789")] == 0;
              if (pseudo_operand_p (out) && only_tied
                  && (CONSTANT_P (in) || MEM_P (in)))
                {
                  // "+g" (p) with p a constant or memory: a pseudo tied
                  // to the output, loaded just before the asm, as LRA
                  // reloads a matched input (asmcons replaces only a
                  // register input by the output).  The move may take
                  // several insns (a TOC load of a symbol's address).
                  tmp = gen_reg_rtx (GET_MODE (out));
                  start_sequence ();
                  emit_move_insn (tmp, copy_rtx (in));
                  rtx_insn *seq = get_insns ();
                  end_sequence ();
                  bool recognised = true;
                  for (rtx_insn *s = seq; s; s = NEXT_INSN (s))
                    recognised = recognised && recog_memoized (s) >= 0;
                  // recog fills recog_data.operand: keep the asm's.
                  recog_data = extracted;
                  if (!recognised)
                    continue;
                  copy = emit_insn_before (seq, insn);
                  // All but the last go into COPIES here; the last is
                  // COPY, handled below.
                  for (rtx_insn *s = seq; s != copy; s = NEXT_INSN (s))
                    copies.push_back (s);
                  validate_change (insn, recog_data.operand_loc[i], tmp,
                                   true);
                }
              else if (MEM_P (out) && !rtx_equal_p (out, in)
                  && !control_flow_insn_p (insn))
                {
                  // "=g" (mem) tied to "0" (pseudo): the output goes
                  // through a register and is stored after the asm.
                  tmp = gen_reg_rtx (GET_MODE (out));
                  copy = emit_insn_after (gen_rtx_SET (copy_rtx (out), tmp),
                                          insn);
                  validate_change (insn, recog_data.operand_loc[m], tmp,
                                   true);
                }
              else if (pseudo_operand_p (out) && pseudo_operand_p (in)
                       && SCALAR_INT_MODE_P (GET_MODE (out))
                       && SCALAR_INT_MODE_P (GET_MODE (in))
                       && known_lt (GET_MODE_SIZE (GET_MODE (out)),
                                    GET_MODE_SIZE (GET_MODE (in))))
                {
                  // "=r" (int) tied to "0" (long long): the input is its
                  // low part, as LRA reloads it.
                  rtx low = lowpart_subreg (GET_MODE (out), in,
                                            GET_MODE (in));
                  if (!low)
                    continue;
                  tmp = gen_reg_rtx (GET_MODE (out));
                  copy = emit_insn_before (gen_rtx_SET (tmp, low), insn);
                  validate_change (insn, recog_data.operand_loc[i], tmp,
                                   true);
                }
              else
                continue;
              bool recognised = recog_memoized (copy) >= 0;
              recog_data = extracted;
              if (!recognised)
                {
                  cancel_changes (0);
                  delete_insn (copy);
                  for (rtx_insn *c : copies)
                    delete_insn (c);
                  copies.clear ();
                  break;
                }
              copies.push_back (copy);
            }
          if (copies.empty ())
            continue;
          if (apply_change_group ())
            made += copies.size ();
          else
            for (rtx_insn *c : copies)
              delete_insn (c);
        }
    }
  recog_data.insn = nullptr;
  return made;
}

namespace {

// How an asm operand satisfies one alternative: as it is, only as a
// stack slot in place of its pseudo, or only as a pseudo in place of its
// memory.
enum class asm_fit { none, direct, via_slot, via_pseudo };

// Return how operand I of the extracted asm satisfies alternative A.
// The reloads are for untied operands only.
asm_fit
asm_operand_fit (int i, int a)
{
  const operand_alternative *alt = &recog_op_alt[a * recog_data.n_operands];
  rtx x = recog_data.operand[i];
  bool untied = alt[i].matches < 0 && alt[i].matched < 0;
  bool reg_ok = alt[i].anything_ok || alternative_class (alt, i) != NO_REGS;
  if (pseudo_operand_p (x))
    {
      if (reg_ok)
        return asm_fit::direct;
      if (memory_accepted_p (i, a) && untied)
        return asm_fit::via_slot;
      return asm_fit::none;
    }
  if (nonpseudo_fits (x, alternative_text (i, a)))
    return asm_fit::direct;
  if (MEM_P (x) && reg_ok && untied)
    return asm_fit::via_pseudo;
  return asm_fit::none;
}

// Return the first enabled alternative of the extracted asm INSN that
// its operands fit only with reloads (asm_fit::via_slot, via_pseudo), or
// -1 when one fits them as they are (the import takes it; its number in
// *DIRECT) or none fits even with reloads (the import reports the asm;
// *DIRECT is -1 then).
int
reload_alternative (rtx_insn *insn, int *direct)
{
  alternative_mask enabled = get_enabled_alternatives (insn);
  int found = -1;
  *direct = -1;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      bool fits = true;
      bool reloads = false;
      for (int i = 0; i < recog_data.n_operands && fits; ++i)
        {
          asm_fit f = asm_operand_fit (i, a);
          fits = f != asm_fit::none;
          reloads |= f != asm_fit::direct;
        }
      if (fits && !reloads)
        {
          *direct = a;
          return -1;
        }
      if (fits && found < 0)
        found = a;
    }
  return found;
}

// Return true if every successor edge of jump INSN's block can take
// insns (no abnormal or EH edge, no edge to the exit).
bool
successors_take_insns_p (rtx_insn *insn)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, BLOCK_FOR_INSN (insn)->succs)
    if ((e->flags & (EDGE_ABNORMAL | EDGE_EH))
        || e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
      return false;
  return true;
}

// The fit of each operand of the extracted asm under alternative A, where
// A fits them as they are but its pseudo inputs in GPRs need more
// registers than GPRS, the allocatable GPRs: the untied inputs that A
// also accepts in memory ("g" (p) with p a pseudo) go to stack slots,
// last first, until the rest fit, as LRA spills an asm's operands when
// registers run out.  Empty when they fit in registers or no input can
// move.
std::vector<asm_fit>
crowded_asm_fits (int a, unsigned gprs)
{
  int n = recog_data.n_operands;
  const operand_alternative *alt = &recog_op_alt[a * n];
  auto gpr_words = [&] (int i) -> unsigned {
    rtx x = recog_data.operand[i];
    if (recog_data.operand_type[i] != OP_IN || !pseudo_operand_p (x))
      return 0;
    reg_class_t cl = alternative_class (alt, i);
    if (cl == NO_REGS || !reg_class_subset_p (cl, GENERAL_REGS))
      return 0;
    return CEIL (GET_MODE_SIZE (GET_MODE (x)).to_constant (), UNITS_PER_WORD);
  };
  unsigned words = 0;
  for (int i = 0; i < n; ++i)
    words += gpr_words (i);
  if (words <= gprs)
    return {};
  std::vector<asm_fit> fits (n, asm_fit::direct);
  for (int i = n - 1; i >= 0 && words > gprs; --i)
    if (gpr_words (i) && memory_accepted_p (i, a)
        && alt[i].matches < 0 && alt[i].matched < 0)
      {
        fits[i] = asm_fit::via_slot;
        words -= gpr_words (i);
      }
  return words <= gprs ? fits : std::vector<asm_fit> ();
}

} // namespace

unsigned
reload_asm_operands (unsigned gprs)
{
  unsigned made = 0;
  bool on_edges = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        {
          // Each asm is looked at once; the copies made are not asms.
          if (!NONDEBUG_INSN_P (insn) || asm_noperands (PATTERN (insn)) < 0)
            continue;
          extract_insn (insn);
          preprocess_constraints (insn);
          int direct;
          int a = reload_alternative (insn, &direct);
          std::vector<asm_fit> fits;
          if (a >= 0)
            for (int i = 0; i < recog_data.n_operands; ++i)
              fits.push_back (asm_operand_fit (i, a));
          else if ((a = direct) >= 0)
            fits = crowded_asm_fits (a, gprs);
          if (fits.empty ())
            continue;
          bool jump = JUMP_P (insn);
          if (jump && !successors_take_insns_p (insn))
            continue;
          // Each reloaded operand gets its replacement (a stack slot for
          // a pseudo, a pseudo for a memory): an input (or in-out)
          // operand is copied there before the insn, an output (or
          // in-out) copied back after, or, after an asm goto, at the
          // start of every successor (LRA puts a jump's output reloads
          // there too).
          std::vector<rtx> before, after;
          for (int i = 0; i < recog_data.n_operands; ++i)
            {
              asm_fit f = fits[i];
              if (f == asm_fit::direct)
                continue;
              rtx x = recog_data.operand[i];
              machine_mode mode = GET_MODE (x);
              rtx repl = (f == asm_fit::via_slot
                          ? assign_stack_local (mode, GET_MODE_SIZE (mode), 0)
                          : gen_reg_rtx (mode));
              enum op_type type = recog_data.operand_type[i];
              if (type != OP_OUT)
                before.push_back (gen_rtx_SET (copy_rtx (repl),
                                               copy_rtx (x)));
              if (type != OP_IN)
                after.push_back (gen_rtx_SET (copy_rtx (x),
                                              copy_rtx (repl)));
              validate_change (insn, recog_data.operand_loc[i], repl, true);
            }
          // Every copy must be a recognised move before anything changes.
          bool moves = true;
          for (const std::vector<rtx> *v : { &before, &after })
            for (rtx set : *v)
              moves = moves && recog_memoized (make_insn_raw (set)) >= 0;
          if (!moves || !apply_change_group ())
            {
              cancel_changes (0);
              continue;
            }
          for (rtx set : before)
            emit_insn_before (set, insn);
          rtx_insn *last = insn;
          for (rtx set : after)
            {
              if (!jump)
                {
                  last = emit_insn_after (set, last);
                  continue;
                }
              edge e;
              edge_iterator ei;
              FOR_EACH_EDGE (e, ei, bb->succs)
                insert_insn_on_edge (copy_rtx (set), e);
              on_edges = true;
            }
          made += before.size () + after.size ();
        }
    }
  recog_data.insn = nullptr;
  // The insertions split the critical edges of the asm gotos.
  if (on_edges)
    commit_edge_insertions ();
  return made;
}

namespace {

// Return false when the extracted insn INSN has no memory operand, or
// when some enabled alternative fits its operands as they are, with every
// pseudo in a register (the import takes that one).  Otherwise set *BEST
// to the cheapest enabled alternative (fewest reloads, then smallest
// reject) that fits once some memory operands are reloaded into
// registers, each of them an untied input, or an untied output when INSN
// does not end its block; or to -1 when none does.
bool
memory_reload_alternative (rtx_insn *insn, int *best)
{
  *best = -1;
  int n = recog_data.n_operands;
  bool any_mem = false;
  for (int i = 0; i < n; ++i)
    any_mem |= !recog_data.is_operator[i] && MEM_P (recog_data.operand[i]);
  if (!any_mem)
    return false;
  alternative_mask enabled = get_enabled_alternatives (insn);
  unsigned best_reloads = UINT_MAX;
  int best_reject = INT_MAX;
  for (int a = 0; a < recog_data.n_alternatives; ++a)
    {
      if (!TEST_BIT (enabled, a))
        continue;
      const operand_alternative *alt = &recog_op_alt[a * n];
      bool fits = true;
      unsigned reloads = 0;
      int reject = 0;
      for (int i = 0; i < n && fits; ++i)
        {
          if (recog_data.is_operator[i])
            continue;
          rtx x = recog_data.operand[i];
          bool reg_ok = (alt[i].anything_ok
                         || alternative_class (alt, i) != NO_REGS);
          reject += alt[i].reject;
          if (pseudo_operand_p (x) || GET_CODE (x) == SCRATCH)
            fits = reg_ok;
          else if (nonpseudo_fits (x, alternative_text (i, a)))
            ;
          else if (MEM_P (x) && reg_ok
                   && alt[i].matches < 0 && alt[i].matched < 0
                   && (recog_data.operand_type[i] == OP_IN
                       || (recog_data.operand_type[i] == OP_OUT
                           && !control_flow_insn_p (insn))))
            ++reloads;
          else
            fits = false;
        }
      if (!fits)
        continue;
      if (reloads == 0)
        return false;
      if (reloads < best_reloads
          || (reloads == best_reloads && reject < best_reject))
        {
          *best = a;
          best_reloads = reloads;
          best_reject = reject;
        }
    }
  return true;
}

} // namespace

unsigned
reload_memory_operands ()
{
  unsigned made = 0;
  for_each_splittable_insn ([&] (rtx_insn *insn)
    {
      if (asm_noperands (PATTERN (insn)) >= 0)
        return;
      int a;
      if (!memory_reload_alternative (insn, &a) || a < 0)
        return;
      const operand_alternative *alt
        = &recog_op_alt[a * recog_data.n_operands];
      std::vector<rtx_insn *> copies;
      for (int i = 0; i < recog_data.n_operands; ++i)
        {
          rtx x = recog_data.operand[i];
          if (recog_data.is_operator[i] || !MEM_P (x)
              || nonpseudo_fits (x, alternative_text (i, a)))
            continue;
          gcc_checking_assert (alt[i].matches < 0 && alt[i].matched < 0);
          bool output = recog_data.operand_type[i] == OP_OUT;
          rtx_insn *copy
            = replace_by_copy (insn, i, GET_MODE (x), x,
                               output ? copy_side::after_insn
                                      : copy_side::before_insn);
          if (!copy)
            {
              cancel_changes (0);
              for (rtx_insn *c : copies)
                delete_insn (c);
              return;
            }
          copies.push_back (copy);
        }
      made += apply_or_delete (copies);
    });
  return made;
}

namespace {

// Return true if INSN sets a call's argument register from something that
// is neither a hard register nor changed by anything else: a candidate to
// sink down to the call.  Return the register in *REG.
bool
argument_setup_p (rtx_insn *insn, rtx *reg)
{
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) != SET || !REG_P (SET_DEST (pat)))
    return false;
  rtx dest = SET_DEST (pat);
  if (!HARD_REGISTER_P (dest)
      || !FUNCTION_ARG_REGNO_P (REGNO (dest))
      || fixed_regs[REGNO (dest)])
    return false;
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, SET_SRC (pat), ALL)
    {
      const_rtx x = *iter;
      if (REG_P (x) && HARD_REGISTER_P (x) && !fixed_regs[REGNO (x)]
          && REGNO (x) != FRAME_POINTER_REGNUM
          && REGNO (x) != ARG_POINTER_REGNUM)
        return false;
      if (MEM_P (x) || side_effects_p (x))
        return false;
    }
  *reg = dest;
  return true;
}

// Return true if INSN reads hard registers that insns before it set
// for it: a call (its arguments), or the use of the return value at
// the function's end (`(use (reg 3))`, which the return reads).
bool
setup_reader_p (rtx_insn *insn)
{
  if (CALL_P (insn))
    return true;
  rtx pat = PATTERN (insn);
  return (NONJUMP_INSN_P (insn) && GET_CODE (pat) == USE
          && REG_P (XEXP (pat, 0)) && HARD_REGISTER_P (XEXP (pat, 0))
          && REG_FUNCTION_VALUE_P (XEXP (pat, 0)));
}

// If pseudo X is a copy (through at most max_arrival_copies copies) of
// a hard register, as an incoming argument's pseudo is, return that
// register, else NULL_RTX.
const unsigned max_arrival_copies = 4;

rtx
arrived_in (rtx x)
{
  for (unsigned k = 0; k < max_arrival_copies; ++k)
    {
      df_ref def = DF_REG_DEF_CHAIN (REGNO (x));
      if (!def || DF_REF_NEXT_REG (def) || DF_REF_IS_ARTIFICIAL (def))
        return NULL_RTX;
      rtx set = single_set (DF_REF_INSN (def));
      if (!set || !REG_P (SET_SRC (set)) || SET_DEST (set) != x)
        return NULL_RTX;
      x = SET_SRC (set);
      if (HARD_REGISTER_P (x))
        return x;
    }
  return NULL_RTX;
}

// The hard registers the pseudos SRC reads arrived in (arrived_in):
// moving a reader of SRC past an insn that sets one would keep the
// pseudo live where its register is taken, and cost a copy.
std::vector<rtx>
arrival_regs (rtx src)
{
  std::vector<rtx> regs;
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, src, ALL)
    {
      const_rtx x = *iter;
      if (!REG_P (x) || HARD_REGISTER_P (x))
        continue;
      if (rtx h = arrived_in (CONST_CAST_RTX (x)))
        regs.push_back (h);
    }
  return regs;
}

} // namespace

unsigned
sink_argument_setups ()
{
  unsigned moved = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        {
          if (!setup_reader_p (insn))
            continue;
          // Walk back from the reader over the block; every setup that no
          // insn in between touches moves down to just before the reader,
          // keeping the setups' order.  Stop at the block's start or
          // a call.  A return value's setup (the first scheduling pass
          // may hoist its copy into r3 above the last reads of the
          // copied value, which then cannot stay in r3) moves only if it
          // sets the register the use reads.
          rtx_insn *call = insn;
          std::vector<rtx_insn *> to_move;
          for (rtx_insn *i = PREV_INSN (call);
               i && i != PREV_INSN (BB_HEAD (bb)) && !CALL_P (i);
               i = PREV_INSN (i))
            {
              if (!NONDEBUG_INSN_P (i) || i == BB_HEAD (bb))
                continue;
              rtx reg;
              if (!argument_setup_p (i, &reg))
                continue;
              if (!CALL_P (call)
                  && !reg_overlap_mentioned_p (reg, PATTERN (call)))
                continue;
              rtx src = SET_SRC (PATTERN (i));
              const std::vector<rtx> arrivals = arrival_regs (src);
              bool ok = true;
              for (rtx_insn *j = NEXT_INSN (i); ok && j != call;
                   j = NEXT_INSN (j))
                {
                  if (!NONDEBUG_INSN_P (j)
                      || std::find (to_move.begin (), to_move.end (), j)
                         != to_move.end ())
                    continue;
                  if (reg_referenced_p (reg, PATTERN (j))
                      || reg_set_p (reg, j)
                      || modified_in_p (src, j)
                      || std::any_of (arrivals.begin (), arrivals.end (),
                                      [j] (rtx h) { return reg_set_p (h, j); }))
                    ok = false;
                }
              if (ok)
                to_move.push_back (i);
            }
          // TO_MOVE is in reverse order: the last setup first.
          rtx_insn *before = call;
          for (rtx_insn *i : to_move)
            {
              if (NEXT_INSN (i) != before)
                {
                  reorder_insns (i, i, PREV_INSN (before));
                  ++moved;
                }
              before = i;
            }
        }
    }
  return moved;
}

namespace {

// How far move_block_local_accesses moves an access, in non-debug
// insns: the scans are linear in the distance, and an access further
// from its reader or def stays where it is (a bound on compile time in
// huge blocks).
const unsigned max_move_distance = 2000;

// Call F on every pseudo mentioned in the non-debug INSN: in its
// pattern, a call's register usage, and REG_EQUAL and REG_EQUIV notes.
template <typename F>
void
for_each_pseudo_mention (rtx_insn *insn, F f)
{
  auto walk = [&] (const_rtx x) {
    if (!x)
      return;
    subrtx_iterator::array_type array;
    FOR_EACH_SUBRTX (iter, array, x, ALL)
      if (*iter && REG_P (*iter) && !HARD_REGISTER_P (*iter))
        f (REGNO (*iter));
  };
  walk (PATTERN (insn));
  if (CALL_P (insn))
    walk (CALL_INSN_FUNCTION_USAGE (insn));
  for (rtx note = REG_NOTES (insn); note; note = XEXP (note, 1))
    if (REG_NOTE_KIND (note) == REG_EQUAL || REG_NOTE_KIND (note) == REG_EQUIV)
      walk (XEXP (note, 0));
}

// Where the pseudos of a function are mentioned, for finding those that
// live in one block only.  One walk over the function finds, for each
// pseudo, the block of its first mention, whether every mention is in
// that block, and its first and last mention there (two walks, one of
// the function and one of each block, cost 0.5% of the pass on SQLite
// at -O2).  Moves within a block keep its first and last mentions of
// each pseudo (move_block_local_accesses), and no move crosses blocks,
// so what the walk found stays true.
class pseudo_mentions
{
public:
  pseudo_mentions ()
    : block_ (max_reg_num (), -1), local_ (max_reg_num (), 1),
      first_ (max_reg_num (), nullptr), last_ (max_reg_num (), nullptr)
  {
    basic_block bb;
    rtx_insn *insn;
    FOR_EACH_BB_FN (bb, cfun)
      FOR_BB_INSNS (bb, insn)
        if (NONDEBUG_INSN_P (insn))
          for_each_pseudo_mention (insn, [&] (unsigned r) {
            if (block_[r] < 0)
              {
                block_[r] = bb->index;
                first_[r] = insn;
              }
            else if (block_[r] != bb->index)
              local_[r] = 0;
            last_[r] = insn;
          });
  }

  // Look at block BB's accesses next.
  void enter (basic_block bb) { current_ = bb->index; }

  // Return true if every mention of pseudo R is in the entered block.
  bool local_p (unsigned r) const
  {
    return block_[r] == current_ && local_[r];
  }
  // The first and last insns of the entered block that mention R (when
  // local_p (R)).
  rtx_insn *first (unsigned r) const { return first_[r]; }
  rtx_insn *last (unsigned r) const { return last_[r]; }

private:
  // block_[r]: the index of the block of R's first mention, or -1;
  // local_[r]: whether all of R's mentions are there.
  std::vector<int> block_;
  std::vector<unsigned char> local_;
  std::vector<rtx_insn *> first_, last_;
  int current_ = -1;
};

// Return true if an access to MEM may move: not volatile, no side
// effects, and an address that reads only pseudos and fixed registers
// (sp, the frame and argument pointers): moving a read of any other hard
// register would pin it for longer.
bool
movable_access_p (const_rtx mem)
{
  if (MEM_VOLATILE_P (mem) || side_effects_p (mem))
    return false;
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, XEXP (mem, 0), ALL)
    if (REG_P (*iter) && HARD_REGISTER_P (*iter)
        && !fixed_regs[REGNO (*iter)]
        && REGNO (*iter) != FRAME_POINTER_REGNUM
        && REGNO (*iter) != ARG_POINTER_REGNUM)
      return false;
  return true;
}

// If INSN is a plain load into a pseudo that sinking may move (one set
// from a movable memory, and it cannot throw), return the pseudo.
rtx
movable_load_dest (rtx_insn *insn)
{
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) != SET || !REG_P (SET_DEST (pat))
      || HARD_REGISTER_P (SET_DEST (pat)) || !MEM_P (SET_SRC (pat))
      || !movable_access_p (SET_SRC (pat)) || can_throw_internal (insn))
    return NULL_RTX;
  return SET_DEST (pat);
}

// If INSN is a plain store of a pseudo that hoisting may move (one set
// of a movable memory, and it cannot throw), return the pseudo.
rtx
movable_store_src (rtx_insn *insn)
{
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) != SET || !MEM_P (SET_DEST (pat))
      || !REG_P (SET_SRC (pat)) || HARD_REGISTER_P (SET_SRC (pat))
      || !movable_access_p (SET_DEST (pat)) || can_throw_internal (insn))
    return NULL_RTX;
  return SET_SRC (pat);
}

// Return true if INSN may read or write memory that MEM may overlap.
bool
touches_memory_p (rtx_insn *insn, const_rtx mem)
{
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, PATTERN (insn), NONCONST)
    if (MEM_P (*iter)
        && (true_dependence (mem, VOIDmode, *iter)
            || output_dependence (mem, *iter)))
      return true;
  return false;
}

// Return true if the non-debug INSN mentions pseudo REG where
// pseudo_mentions counts mentions (REG_EQUAL and REG_EQUIV notes too: a
// load sunk past a note that names its value would leave the note
// describing a value not yet loaded).
bool
mentions_p (rtx_insn *insn, rtx reg)
{
  bool found = false;
  for_each_pseudo_mention (insn, [&] (unsigned r) {
    found |= r == REGNO (reg);
  });
  return found;
}

// Return true if every pseudo in ADDRESS is mentioned in READER or after
// it in block BB, or is live out of BB: moving a load of ADDRESS down to
// READER then lengthens no address register's life.
bool
address_live_at_p (const_rtx address, rtx_insn *reader, basic_block bb)
{
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, address, ALL)
    {
      const_rtx x = *iter;
      if (!REG_P (x) || HARD_REGISTER_P (x))
        continue;
      if (REGNO_REG_SET_P (df_get_live_out (bb), REGNO (x)))
        continue;
      bool mentioned = false;
      for (rtx_insn *j = reader; !mentioned && j != NEXT_INSN (BB_END (bb));
           j = NEXT_INSN (j))
        mentioned = NONDEBUG_INSN_P (j) && reg_mentioned_p (x, PATTERN (j));
      if (!mentioned)
        return false;
    }
  return true;
}

// Which mention of a pseudo in a block an access is.
enum class mention_end { first, last };

// The insns of block BB (entered in MENTIONS) for which MOVABLE gives
// a pseudo local to BB, of which they are the mention WHICH.  Collected
// before any moves: moving one changes the block's order (the first and
// last mentions stay what they were).
std::vector<rtx_insn *>
local_accesses (basic_block bb, const pseudo_mentions &mentions,
                rtx (*movable) (rtx_insn *), mention_end which)
{
  std::vector<rtx_insn *> found;
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (NONDEBUG_INSN_P (insn))
      if (rtx reg = movable (insn))
        {
          unsigned r = REGNO (reg);
          if (mentions.local_p (r)
              && (which == mention_end::first ? mentions.first (r)
                                              : mentions.last (r)) == insn)
            found.push_back (insn);
        }
  return found;
}

// Sinking (move_block_local_accesses) in block BB, entered in MENTIONS.
// Returns the number of loads moved.
unsigned
sink_loads_in (basic_block bb, const pseudo_mentions &mentions)
{
  unsigned moved = 0;
  for (rtx_insn *load : local_accesses (bb, mentions, movable_load_dest,
                                        mention_end::first))
    {
      rtx reg = SET_DEST (PATTERN (load));
      rtx mem = SET_SRC (PATTERN (load));
      // The reader is the next insn that mentions REG; nothing in
      // between may change the memory or its address.
      rtx_insn *reader = nullptr;
      unsigned distance = 0;
      bool blocked = false;
      for (rtx_insn *j = NEXT_INSN (load);
           j != NEXT_INSN (BB_END (bb)) && !reader && !blocked;
           j = NEXT_INSN (j))
        {
          if (!NONDEBUG_INSN_P (j))
            continue;
          if (mentions_p (j, reg))
            reader = j;
          else
            blocked = (++distance > max_move_distance
                       || volatile_insn_p (PATTERN (j))
                       || modified_in_p (mem, j));
        }
      if (!reader || blocked || JUMP_P (reader)
          || prev_nondebug_insn (reader) == load
          || !address_live_at_p (XEXP (mem, 0), reader, bb))
        continue;
      for (rtx_insn *j = NEXT_INSN (load); j != reader; j = NEXT_INSN (j))
        if (DEBUG_BIND_INSN_P (j)
            && reg_mentioned_p (reg, INSN_VAR_LOCATION_LOC (j)))
          {
            INSN_VAR_LOCATION_LOC (j) = gen_rtx_UNKNOWN_VAR_LOC ();
            df_insn_rescan_debug_internal (j);
          }
      reorder_insns (load, load, PREV_INSN (reader));
      ++moved;
    }
  return moved;
}

// Hoisting (move_block_local_accesses) in block BB, entered in MENTIONS.
// Returns the number of stores moved.
unsigned
hoist_stores_in (basic_block bb, const pseudo_mentions &mentions)
{
  unsigned moved = 0;
  for (rtx_insn *store : local_accesses (bb, mentions, movable_store_src,
                                         mention_end::last))
    {
      rtx reg = SET_SRC (PATTERN (store));
      rtx mem = SET_DEST (PATTERN (store));
      // The def is the first insn that mentions REG: a plain set of
      // it that does not read it.
      rtx_insn *def = mentions.first (REGNO (reg));
      rtx set = NONJUMP_INSN_P (def) ? single_set (def) : NULL_RTX;
      if (!set || GET_CODE (PATTERN (def)) != SET
          || !rtx_equal_p (SET_DEST (set), reg)
          || reg_mentioned_p (reg, SET_SRC (set))
          || next_nondebug_insn (def) == store)
        continue;
      // Nothing between the def and the store may read or write
      // memory MEM may overlap, change its address, or set part of REG
      // (a word of a TImode value through a subreg, after the def
      // zeroed the whole).  (Readers of REG in between are fine: the
      // store only reads it.)
      unsigned distance = 0;
      bool blocked = false;
      for (rtx_insn *j = PREV_INSN (store); j != def && !blocked;
           j = PREV_INSN (j))
        if (NONDEBUG_INSN_P (j))
          blocked = (++distance > max_move_distance || CALL_P (j)
                     || volatile_insn_p (PATTERN (j))
                     || reg_set_p (reg, j)
                     || modified_in_p (XEXP (mem, 0), j)
                     || touches_memory_p (j, mem));
      if (blocked)
        continue;
      reorder_insns (store, store, def);
      ++moved;
    }
  return moved;
}

} // namespace

moved_accesses
move_block_local_accesses ()
{
  pseudo_mentions mentions;
  init_alias_analysis ();
  moved_accesses moved;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      // Sinking a load keeps it the first mention of its pseudo, and
      // leaves every other insn's order alone: the mentions found stay
      // true for the hoisting.
      mentions.enter (bb);
      moved.loads_sunk += sink_loads_in (bb, mentions);
      moved.stores_hoisted += hoist_stores_in (bb, mentions);
    }
  end_alias_analysis ();
  return moved;
}

} // namespace ssara
