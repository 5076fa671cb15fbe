/* Input of options.exp: six functions, none inlined into another.
   sixth has an asm statement, which ssara declines until asm operands
   are supported: it exercises the fallback paths.  */
int first (int a) { return a + 1; }
int second (int a, int b) { return a * b; }
__attribute__ ((noinline)) int third (int *p) { return *p + 3; }
int fourth (int *p) { return third (p) + 2; }
__attribute__ ((noinline)) int fifth (void) { return 5; }
int sixth (int x) { int y; __asm__ ("mr %0,%1" : "=r" (y) : "r" (x)); return y; }
