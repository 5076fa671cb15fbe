/* Input of options.exp: six functions, none inlined into another.
   sixth has a __builtin_setjmp receiver (abnormal edges); the tests of
   the fallback paths decline it with -fplugin-arg-ssara-decline=sixth.  */
int first (int a) { return a + 1; }
int second (int a, int b) { return a * b; }
__attribute__ ((noinline)) int third (int *p) { return *p + 3; }
int fourth (int *p) { return third (p) + 2; }
__attribute__ ((noinline)) int fifth (void) { return 5; }
int sixth (int x) { static void *buf[5]; if (__builtin_setjmp (buf)) return 0; return x; }
