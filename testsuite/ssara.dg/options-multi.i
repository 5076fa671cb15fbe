/* Input of options.exp: five functions, none inlined into another.  */
int first (int a) { return a + 1; }
int second (int a, int b) { return a * b; }
__attribute__ ((noinline)) int third (int *p) { return *p + 3; }
int fourth (int *p) { return third (p) + 2; }
__attribute__ ((noinline)) int fifth (void) { return 5; }
