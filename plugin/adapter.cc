// adapter.cc -- the RTL adapter (see adapter.h).
//
// Steps (notes recipe A1-B16): decline early what is not supported,
// set up the frame state IRA would (is_leaf, eliminable registers), read
// the target's register files, import the function through rtl-ssa,
// verify the import, allocate, apply.  The rewrite into hard-register RTL
// (rtl-rewrite.cc) is the only step that changes the RTL.

#include "gcc-includes.h"
#include "adapter.h"

#include "gcc-target.h"
#include "rtl-import.h"
#include "rtl-prepare.h"
#include "rtl-rewrite.h"
#include "core/allocate.h"
#include "core/ir-text.h"

namespace ssara {

namespace {

// Return the reason to decline the current function before looking at
// its insns, or an empty string.
std::string
early_decline_reason ()
{
  return std::string ();
}

// A frame bigger than this (locals and the outgoing argument area,
// before spill slots) may put offsets past a 16-bit displacement: keep a
// GPR to rebuild them.  (Without one, the rewrite borrows a register
// around each such access, which costs a store and a load more.)
constexpr HOST_WIDE_INT large_frame_bytes = 16384;

// Return the GPR to keep out of allocation for large frame offsets, or
// INVALID_REGNUM when the frame is small: a call-clobbered GPR the RTL
// never names (r12 first; r11 is the static chain).
unsigned
frame_scratch_reg ()
{
  if (!maybe_gt (get_frame_size () + crtl->outgoing_args_size,
                 large_frame_bytes))
    return INVALID_REGNUM;
  for (unsigned r = 12; r >= 3; --r)
    if (!fixed_regs[r] && !global_regs[r] && default_function_abi.clobbers_full_reg_p (r)
        && !df_regs_ever_live_p (r))
      return r;
  return INVALID_REGNUM;
}

// Return true if insn pattern X reads the hard frame pointer in a way
// that forbids eliminating it into the stack pointer, as LRA's
// mark_not_eliminable sees it: a (use r31) (setjmp and nonlocal goto
// receivers emit one: r31 is what the longjmp restored), or r31 as the
// base of an auto-increment.  A set of r31 (the longjmp restoring it)
// does not count, in LRA neither.
bool
reads_hard_frame_pointer_p (rtx x)
{
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, x, ALL)
    {
      const_rtx sub = *iter;
      if ((GET_CODE (sub) == USE
           || GET_RTX_CLASS (GET_CODE (sub)) == RTX_AUTOINC)
          && REG_P (XEXP (sub, 0))
          && REGNO (XEXP (sub, 0)) == HARD_FRAME_POINTER_REGNUM)
        return true;
    }
  return false;
}

// Decide what the hard frame pointer is in the current function, after
// ira_setup_eliminable_regset () and the adapter's own frame_pointer_needed
// decision.  Without a frame pointer the elimination HFP->SP is valid
// unless an insn reads r31 itself; then LRA keeps r31 as it is and out
// of allocation, and so does ssara (hfp_role::kept).
hfp_role
decide_hard_frame_pointer ()
{
  if (frame_pointer_needed)
    return hfp_role::frame_pointer;
  rtx_insn *insn;
  for (insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (NONDEBUG_INSN_P (insn) && reads_hard_frame_pointer_p (PATTERN (insn)))
      return hfp_role::kept;
  return hfp_role::eliminated;
}

// Return true if a block entered over an abnormal edge (a nonlocal goto
// or setjmp receiver) reaches the exit over normal edges, or if not
// optimizing (LRA's has_nonexceptional_receiver).  A longjmp into such a
// block skips the epilogues of the functions in between, so the
// call-saved registers hold whatever those left in them.
bool
nonlocal_receiver_reaches_exit_p ()
{
  if (!optimize)
    return true;
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  bitmap_clear (seen);
  auto_vec<basic_block> work;
  work.safe_push (EXIT_BLOCK_PTR_FOR_FN (cfun));
  bitmap_set_bit (seen, EXIT_BLOCK);
  // Each block is pushed once (SEEN): the walk ends.
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->preds)
        {
          if (e->flags & EDGE_ABNORMAL)
            return true;
          if (bitmap_set_bit (seen, e->src->index))
            work.safe_push (e->src);
        }
    }
  return false;
}

// With at most this many allocatable GPRs, insns that read a word of a
// long long read a copy of it (split_wide_word_uses): the core gives such
// an insn the whole pair, and four GPRs hold two pairs at most (one with
// r30 the PIC register).  make bench and the torture wide matrix need it
// nowhere above four (csmith seed 39 at four GPRs does: gpr4-undef-pair.c).
const unsigned word_split_max_gprs = 4;

adapter_result
decline (const std::string &why)
{
  adapter_result r;
  r.outcome = adapter_outcome::declined;
  r.reason = why;
  return r;
}

// The core's spilling policy for a function of goal GOAL under the
// plugin's spill=CHOICE.  spill=auto: the splitting spiller alone where
// the goal is speed (spill=cheaper's second allocation with the paper's
// spilling cost a third of the core's time for 0.1% of instructions with
// all registers, and nothing under pressure), spill=cheaper where it is
// size (the splitting spiller's code is larger): docs/core.md, phase 5c.
spill_policy
policy_for (spill_choice choice, cost_goal goal)
{
  switch (choice)
    {
    case spill_choice::split:
      return spill_policy::split;
    case spill_choice::pereira:
      return spill_policy::pereira;
    case spill_choice::cheaper:
      return spill_policy::cheaper;
    case spill_choice::automatic:
      break;
    }
  return goal == cost_goal::size ? spill_policy::cheaper
                                 : spill_policy::split;
}

} // anon namespace

adapter_result
allocate_function (const plugin_options &opts)
{
  // With opts.times: the user time of each step since the last lap
  // (user_ms, allocate.h).  A system call: only where asked for (two
  // calls per function cost about 30 ms on SQLite at -O2).
  std::vector<phase_time> times;
  double last = opts.times ? user_ms () : 0;
  auto lap = [&] (const char *step) {
    if (!opts.times)
      return;
    double now = user_ms ();
    times.push_back ({ step, now - last });
    last = now;
  };
  std::string why = early_decline_reason ();
  if (!why.empty ())
    return decline (why);

  crtl->is_leaf = leaf_function_p ();
  ira_setup_eliminable_regset ();
  // LRA turns the frame pointer on when the body changes the stack
  // pointer (a nonlocal goto restores it), because eliminating the frame
  // into sp is then wrong; decide it here, before r31 is handed out.
  if (!frame_pointer_needed && !crtl->sp_is_unchanging)
    {
      frame_pointer_needed = true;
      df_set_regs_ever_live (HARD_FRAME_POINTER_REGNUM, true);
    }
  hfp_role hfp = decide_hard_frame_pointer ();
  // A nonlocal label that reaches the exit: the prologue saves, and the
  // epilogue restores, every call-saved register for the caller, as LRA
  // does (lra.cc): the longjmp into the label skipped the epilogues that
  // would have restored them.  IRA and LRA, should they take the
  // function after all, would mark the same.
  if (cfun->has_nonlocal_label && nonlocal_receiver_reaches_exit_p ())
    {
      crtl->saves_all_registers = 1;
      for (unsigned r = 0; r < FIRST_PSEUDO_REGISTER; ++r)
        if (!crtl->abi->clobbers_full_reg_p (r) && !fixed_regs[r]
            && !LOCAL_REGNO (r))
          df_set_regs_ever_live (r, true);
    }

  if (optimize)
    loop_optimizer_init (AVOID_CFG_MODIFICATIONS);
  calculate_dominance_info (CDI_DOMINATORS);
  if (optimize)
    {
      sink_argument_setups ();
      moved_accesses moved = move_block_local_accesses ();
      if (dump_file && (moved.loads_sunk || moved.stores_hoisted))
        fprintf (dump_file, ";; ssara: %s: %u loads sunk to their readers, "
                 "%u stores hoisted to their defs\n",
                 current_function_name (), moved.loads_sunk,
                 moved.stores_hoisted);
    }
  reload_addresses ();
  split_hard_ties ();
  split_foreign_hard_operands ();
  split_partial_puns ();
  // The registers, as far as the prepare steps' frame leaves them all
  // allocatable (built again below if a register goes to frame_scratch).
  target t = build_target (INVALID_REGNUM, hfp);
  if (t.files[file_gpr].regs.size () <= word_split_max_gprs)
    split_wide_word_uses ();
  split_tied_words ();
  split_asm_ties ();
  reload_asm_operands (t.files[file_gpr].regs.size ());
  reload_memory_operands ();
  split_eliminable_operands (hfp);
  // After the prepare steps, which may add stack slots to the frame.
  unsigned frame_scratch = frame_scratch_reg ();
  if (frame_scratch != INVALID_REGNUM)
    t = build_target (frame_scratch, hfp);
  lap ("prepare");

  // Import and allocate.  An asm statement that no alternative fits is
  // reported and deleted (an asm goto, which the CFG needs, loses its
  // operands instead, as LRA's ira_nullify_asm_goto does), and the import
  // runs again without it.  Termination: each time one asm of the finite
  // function goes or loses its operands (an asm without operands fits);
  // max_asm_errors caps it all the same.
  const unsigned max_asm_errors = 100;
  unsigned asm_errors = 0;
  import_result imp;
  alloc_result ar;
  for (;;)
    {
      df_analyze ();
      imp = import_function (t, hfp);
      lap ("import");
      if (!imp.impossible_asm || asm_errors >= max_asm_errors)
        break;
      // GCC's usual error, as LRA gives it; the asm goes, and the rest
      // of the function is allocated (the compile fails anyway).
      error_for_asm (imp.impossible_asm,
                     "inconsistent operand constraints in an %<asm%>");
      if (JUMP_P (imp.impossible_asm))
        ira_nullify_asm_goto (imp.impossible_asm);
      else
        delete_insn (imp.impossible_asm);
      ++asm_errors;
    }
  // remat=off: no instruction is recomputed.
  if (!opts.remat)
    for (block &blk : imp.fn.blocks)
      for (insn &i : blk.insns)
        i.rematerializable = false;
  if (imp.error.empty ())
    {
      std::string bad = verify_function (imp.fn, t);
      if (!bad.empty ())
        {
          if (dump_file)
            fprintf (dump_file, ";; ssara: invalid import\n%s\n",
                     print_function (imp.fn, t).c_str ());
          imp.error = ("internal error: the imported function is not valid: "
                       + bad);
        }
      lap ("verify_import");
    }
  if (imp.error.empty ())
    {
      if (dump_file)
        fprintf (dump_file, ";; ssara: imported function\n%s\n",
                 print_function (imp.fn, t).c_str ());

      alloc_options aopts;
      aopts.verified = true;
      aopts.goal = optimize_function_for_size_p (cfun) ? cost_goal::size
                                                       : cost_goal::speed;
      aopts.check = opts.checker == checker_policy::on ? check_mode::on
                                                       : check_mode::off;
      aopts.policy = policy_for (opts.spill, aopts.goal);
      std::vector<phase_time> core_times;
      if (opts.times)
        aopts.times = &core_times;
      ar = allocate (imp.fn, t, aopts);
      times.insert (times.end (), core_times.begin (), core_times.end ());
      if (opts.times)
        last = user_ms ();
      if (!ar.error.empty () && dump_file)
        fprintf (dump_file, ";; ssara: allocation failed: %s\n",
                 ar.error.c_str ());
    }
  free_dominance_info (CDI_DOMINATORS);
  if (optimize)
    loop_optimizer_finalize ();
  if (!imp.error.empty ())
    return decline (imp.error);
  // An unmet constraint is a limit of the input or of ssara (operands
  // that need more registers than there are); the other kinds are
  // ssara's own failures.
  if (!ar.error.empty ())
    return decline (ar.failure == alloc_failure::unmet_constraint
                    ? "unmet constraint: " + ar.error
                    : "internal error: allocation failed: " + ar.error);
  if (dump_file)
    fprintf (dump_file, ";; ssara: allocation\n%s\n",
             print_allocation (imp.fn, t, ar.alloc).c_str ());

  std::string err = rewrite_function (imp.fn, imp.map, t, ar.alloc,
                                     frame_scratch, hfp);
  if (!err.empty ())
    return decline (err);
  lap ("rewrite");

  adapter_result r;
  r.outcome = adapter_outcome::allocated;
  r.stats = ar.alloc.stats;
  r.times = std::move (times);
  return r;
}

} // namespace ssara
