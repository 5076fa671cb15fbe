// rtl-prepare.h -- normalise the pre-allocation RTL before the import.
//
// What LRA would fix while reloading, made explicit as ordinary insns so
// that the allocator sees it as values and the rewrite has nothing to
// reload.

#ifndef SSARA_RTL_PREPARE_H
#define SSARA_RTL_PREPARE_H

namespace ssara {

// Give every operand that is the bare frame or argument pointer (sfp, ap,
// or the hard frame pointer when it is eliminated) a pseudo copied from
// it just before its insn, except in a plain copy into a register.
// After elimination such an operand would be (plus sp N), which no
// register operand accepts; the copy becomes an add.  Returns the number
// of copies made.
unsigned split_eliminable_operands ();

// Move every insn that sets a call's argument register from values
// nothing else changes down to just before the call (the first scheduling
// pass hoists them, which pins the register long before the call and
// leaves colour assignment fewer registers).  Returns the number moved.
unsigned sink_argument_setups ();

} // namespace ssara

#endif
