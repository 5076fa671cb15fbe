/* In a reg+reg address one register is the base and the other the
   index, and the index may be r0 (legitimate_indexed_address_p takes
   either order; print_operand_address prints an r0 second).  The import
   gave both the base registers' class, so with five GPRs (r0, r3-r6) the
   jump-table load below wanted five base registers live at once (buf, m,
   q, the table and the scaled index) of the four there are, and q was
   stored on entry and reloaded in every case that reads it (the shape
   of SQLite's sqlite3VdbeSerialGet).  With the index free to take r0,
   nothing goes to the stack (-fno-pie: with PIE the prologue saves
   the PIC register, r30, on the stack).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fno-pie -fplugin-arg-ssara-fallback=none" } */

struct mem { int hi, lo; unsigned short flags; };

void
get (const unsigned char *buf, unsigned t, struct mem *m, const int *q)
{
  switch (t)
    {
    case 0: m->flags = 1; break;
    case 1: m->lo = (signed char) buf[0]; m->hi = q[1]; m->flags = 4; break;
    case 2: m->lo = (signed char) buf[0] << 8 | buf[1]; m->hi = q[2]; m->flags = 4; break;
    case 3: m->lo = buf[0] << 16 | buf[1] << 8 | buf[2]; m->hi = q[3]; m->flags = 4; break;
    case 4: m->lo = buf[3]; m->hi = buf[2]; m->flags = 8; break;
    case 5: m->lo = buf[1] ^ buf[3]; m->hi = q[5]; m->flags = 8; break;
    case 6: m->lo = buf[2]; m->hi = buf[1]; m->flags = 16; break;
    default: m->lo = t; m->hi = 0; m->flags = 2; break;
    }
}

/* { dg-final { scan-assembler {\tlwzx [0-9]+,[0-9]+,[0-9]+\n} } } */
/* { dg-final { scan-assembler-not {\tstw [0-9]+,[0-9]+\(1\)} } } */
/* { dg-final { scan-assembler-not {\tlwz [0-9]+,[0-9]+\(1\)} } } */
