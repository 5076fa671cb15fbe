// gcc-target.cc -- see gcc-target.h.

#include "gcc-includes.h"
#include "gcc-target.h"

namespace ssara {

namespace {

// Return true if hard register R may hold an allocated value in the
// current function, whose hard frame pointer is HFP.
bool
allocatable_p (unsigned r, hfp_role hfp)
{
  if (fixed_regs[r])
    return false;
  if (r == HARD_FRAME_POINTER_REGNUM && hfp != hfp_role::eliminated)
    return false;
  return true;
}

} // anon namespace

target
build_target (unsigned reserved, hfp_role hfp)
{
  target t;
  t.files.resize (num_rs6000_files);
  t.files[file_gpr].name = "gpr";
  t.files[file_gpr].bytes_per_reg = UNITS_PER_WORD;
  t.files[file_gpr].swap = swap_method::xor3;

  t.files[file_fpr].name = "fpr";
  t.files[file_fpr].bytes_per_reg = 8;
  t.files[file_fpr].swap = swap_method::via_free_reg_or_memory;
  t.files[file_fpr].narrow_converts = true;

  // CR fields, CTR and LR reach memory only through a GPR (mfcr/mtcrf,
  // mfctr/mtctr, mflr/mtlr), and CR fields are swapped through one.
  const struct { rs6000_file f; const char *name; } special[] = {
    { file_cr, "cr" }, { file_ctr, "ctr" }, { file_lr, "lr" } };
  for (const auto &s : special)
    {
      reg_file &rf = t.files[s.f];
      rf.name = s.name;
      rf.bytes_per_reg = 4;
      rf.memory_direct = false;
      rf.via_file = file_gpr;
      rf.swap = swap_method::via_other_file;
    }
  // The prologue saves the call-saved CR fields with one mfcr and one
  // store, and restores them with one load and one mtcrf
  // (rs6000_emit_prologue, the SVR4 ABI's CR save word).
  t.files[file_cr].saved_as_one = true;

  for (int i = 0; i < FIRST_PSEUDO_REGISTER; ++i)
    {
      unsigned r = reg_alloc_order[i];
      if (!allocatable_p (r, hfp) || r == reserved)
        continue;
      if (r <= 31)
        t.files[file_gpr].regs.push_back (r);
      else if (r >= 32 && r <= 63)
        t.files[file_fpr].regs.push_back (r);
      else if (r >= CR0_REGNO && r <= CR7_REGNO)
        t.files[file_cr].regs.push_back (r);
      else if (r == CTR_REGNO)
        t.files[file_ctr].regs.push_back (r);
      else if (r == LR_REGNO)
        t.files[file_lr].regs.push_back (r);
    }

  // What a caller expects back: the call-saved GPRs, FPRs and CR fields
  // (the prologue saves only those).
  for (unsigned r = 0; r < FIRST_PSEUDO_REGISTER && r < max_hard_regs; ++r)
    if ((r <= 63 || (r >= CR0_REGNO && r <= CR7_REGNO))
        && !crtl->abi->clobbers_full_reg_p (r))
      t.call_saved.set (r);

  unsigned n = num_rs6000_files;
  t.direct_copy.assign (n, std::vector<bool> (n, false));
  for (unsigned f = 0; f < n; ++f)
    t.direct_copy[f][f] = true;
  for (rs6000_file f : { file_cr, file_ctr, file_lr })
    t.direct_copy[f][file_gpr] = t.direct_copy[file_gpr][f] = true;
  return t;
}

} // namespace ssara
