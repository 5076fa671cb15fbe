// ir-text.h -- a readable textual form of `function` (and of allocations).
//
// Tests are written in it, dumps are printed in it, and
// parse_function (print_function (F)) == F for every well-formed F.
// One item per line; `;` starts a comment; tokens are separated by
// blanks (blanks inside {...} are allowed when parsing).
//
//   function NAME [frame_saved=SET]
//   value vN FILE [w=W] [bytes=B] [allowed=SET] [mem] [name=NAME] [origin=N]
//   block N [preds=P,P*,..] [succs=S,..] [depth=D] [returns] [receiver]
//           [origin=N]
//     phi vD = vA vB ...
//     KIND OPERAND... [clobbers=SET] [mem_across] [saves=REG[,K]] [term]
//          [remat] [extends] [origin=N]
//
// FILE is the target's file name (gpr, fpr, cr, ...).  W defaults to 1.
// A value's allowed SET defaults to every register of its file at which a
// value of width W may start; `mem` sets memory_only.  Values are declared
// densely (v0, v1, ...), in any order, before or after the blocks.
//
// Blocks are declared densely in any order; the instruction and phi lines
// after a block line belong to it.  preds lists predecessors in phi
// argument order, `*` marking an abnormal edge; when a block has no
// preds= it gets its predecessors from the other blocks' succs lists in
// increasing block order (convenient for hand-written tests; the printer
// always prints preds=).  phi arguments are in preds order.
//
// KIND is insn, copy or call.  An OPERAND is one token:
//   use:vN[{SET}]                  reads vN; SET is operand.allowed
//   def:vN[{SET}][,tied=K][,ec]    writes vN; tied to operand K; earlyclobber
//   use_hard:REG[,w=W]             reads hard registers REG .. REG+W-1
//   def_hard:REG[,w=W]             writes them
// A use/def without {SET} accepts exactly its value's allowed set.
// saves=REG[,K] sets insn::saves_for_receiver to REG and saved_operand
// to K (none: the register itself); `remat` and `extends` set
// insn::rematerializable and insn::extends_narrow; `returns` and
// `receiver` set the block's flags.
//
// A REG is an rs6000 register name (r0-r31, f0-f31, lr, ctr, cr0-cr7 for
// GCC regnos 0-31, 32-63, 96, 97, 100-107) or hN for any other number N.
// A SET is {} or {ITEM,ITEM,...} with ITEM = REG or REG-REG (inclusive
// range by number), e.g. {r0,r3-r12,f1,cr0}.
//
// Example:
//   function f
//   value v0 gpr
//   value v1 gpr
//   block 0 succs=1 depth=0
//     insn def:v0{r3-r10}
//     copy def_hard:r3 use:v0
//     call use_hard:r3 def_hard:r3 clobbers={r0,r3-r12,lr,ctr}
//     copy def:v1 use_hard:r3
//   block 1 preds=0
//     insn use:v1 term

#ifndef SSARA_CORE_IR_TEXT_H
#define SSARA_CORE_IR_TEXT_H

#include "allocation.h"
#include "ir.h"

#include <string>

namespace ssara {

// Return the textual form of F (see the grammar above).
std::string print_function (const function &f, const target &t);

// Parse TEXT into *OUT.  Return "" on success, otherwise "line N: what".
// Checks only the syntax and the ranges of ids; call verify_function for
// the rest.
std::string parse_function (const std::string &text, const target &t,
                            function *out);

// Return the name of register R: r3, f1, cr0, lr, ctr, or hN.
std::string reg_name (hreg r);

// Return the register named NAME, or no_hreg.
hreg parse_reg_name (const std::string &name);

// Return S as {r0,r3-r12,f1}.
std::string print_reg_set (const hreg_set &s);

// Return L as r3, s2 (slot 2) or none.
std::string print_location (const location &l);

// Return one line describing E, e.g. "copy r3 <- r9 (w1) on edge 2->5".
std::string print_edit (const edit &e);

// Return F annotated with A: every operand and phi with its location,
// the edits at their program points, the slots.
std::string print_allocation (const function &f, const target &t,
                              const allocation &a);

} // namespace ssara

#endif
