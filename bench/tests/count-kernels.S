/* count-kernels.S -- PowerPC routines whose dynamic counts are known by
   hand, for testing tools/qemu-count.c (bench/tests/run.sh).  The comment
   on each instruction says what the counter must see: L load, S store,
   sp = addressed off r1.  The expected totals are written in run.sh.  */
	.section .note.GNU-stack,"",@progbits
	.section ".bss"
	.align 4
buf:	.space 256

	.section ".text"
/* loop_kernel (int n): 4 + 5*n + 4 instructions for n >= 1.
   Per iteration: 1 load off sp, 1 store off sp, 1 load off r9.  */
	.align 2
	.globl loop_kernel
	.type loop_kernel, @function
loop_kernel:
	stwu 1,-32(1)		# S sp
	lis 9,buf@ha
	la 9,buf@l(9)
	mtctr 3
.Lloop:
	lwz 5,8(1)		# L sp
	lwz 6,0(9)		# L
	add 5,5,6
	stw 5,8(1)		# S sp
	bdnz .Lloop
	lwz 3,8(1)		# L sp
	li 3,0
	addi 1,1,32
	blr
	.size loop_kernel,.-loop_kernel

/* forms_kernel (void): every load and store form once, straight line.
   78 instructions, 33 loads (4 off sp), 31 stores (5 off sp).  */
	.align 2
	.globl forms_kernel
	.type forms_kernel, @function
forms_kernel:
	stwu 1,-64(1)		# S sp
	stmw 29,52(1)		# S sp
	lis 9,buf@ha
	la 9,buf@l(9)
	li 10,0
	mr 11,9
	lwz 3,0(9)		# L
	lbz 3,0(9)		# L
	lhz 3,0(9)		# L
	lha 3,0(9)		# L
	lwzu 3,4(11)		# L
	lbzu 3,4(11)		# L
	lhzu 3,4(11)		# L
	lhau 3,4(11)		# L
	lfs 0,0(9)		# L
	lfd 0,8(9)		# L
	lfsu 0,4(11)		# L
	lfdu 0,8(11)		# L
	lwzx 3,9,10		# L
	lbzx 3,9,10		# L
	lhzx 3,9,10		# L
	lhax 3,9,10		# L
	lwbrx 3,9,10		# L
	lhbrx 3,9,10		# L
	lfsx 0,9,10		# L
	lfdx 0,9,10		# L
	mr 11,9
	lwzux 3,11,10		# L
	lbzux 3,11,10		# L
	lhzux 3,11,10		# L
	lhaux 3,11,10		# L
	lfsux 0,11,10		# L
	lfdux 0,11,10		# L
	lswi 5,9,8		# L
	li 12,8
	mtxer 12
	lswx 5,9,10		# L
	lwarx 3,9,10		# L
	stwcx. 3,9,10		# S
	li 3,0
	stw 3,16(9)		# S
	stb 3,16(9)		# S
	sth 3,16(9)		# S
	stfs 0,16(9)		# S
	stfd 0,16(9)		# S
	mr 11,9
	stwu 3,4(11)		# S
	stbu 3,4(11)		# S
	sthu 3,4(11)		# S
	stfsu 0,4(11)		# S
	stfdu 0,8(11)		# S
	stwx 3,9,10		# S
	stbx 3,9,10		# S
	sthx 3,9,10		# S
	stwbrx 3,9,10		# S
	sthbrx 3,9,10		# S
	stfsx 0,9,10		# S
	stfdx 0,9,10		# S
	stfiwx 0,9,10		# S
	mr 11,9
	stwux 3,11,10		# S
	stbux 3,11,10		# S
	sthux 3,11,10		# S
	stfsux 0,11,10		# S
	stfdux 0,11,10		# S
	stswi 5,9,8		# S
	stswx 5,9,10		# S
	dcbt 9,10
	lwz 3,8(1)		# L sp
	stw 3,12(1)		# S sp
	lfd 0,16(1)		# L sp
	stfd 0,24(1)		# S sp
	lwzx 3,1,10		# L sp
	stwx 3,1,10		# S sp
	lmw 29,52(1)		# L sp
	li 3,0
	addi 1,1,64
	blr
	.size forms_kernel,.-forms_kernel
