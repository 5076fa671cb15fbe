/* qemu-count.c -- a QEMU TCG plugin that counts what a 32-bit PowerPC
   program's own code executes under qemu-ppc (user mode): instructions,
   loads, stores, and the loads and stores addressed off the stack pointer
   (RA field == 1), which is where spill code and saves go.

   Build (host compiler, no QEMU headers needed):
     gcc -O2 -shared -fPIC -o qemu-count.so tools/qemu-count.c
   Use:
     qemu-ppc -plugin qemu-count.so,lo=0x10000400,hi=0x10080000,out=FILE prog
   Only instructions whose address lies in [lo, hi) are classified and
   counted (the executable's text; libc and the dynamic loader are
   outside it); "all=" counts every instruction executed.  Without out=
   the result goes through qemu's log (stderr).  The output is one line:
     insns=N loads=N stores=N sp_loads=N sp_stores=N all=N

   Debian's qemu-user is built with plugin support but ships no
   qemu-plugin.h, so the few declarations used are written out below.
   They follow QEMU's documented plugin API at the version of QEMU 7.2
   (QEMU_PLUGIN_VERSION 1); qemu refuses a plugin whose version it does
   not support, so a mismatch is reported, not miscounted.

   Counting is inline (no helper call per instruction): at translation
   time each block's instructions are decoded once and the block gets one
   inline add per non-zero counter.  A block left early by a fault is
   still counted whole; user-mode programs here do not fault.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU plugin API (QEMU 7.2, API version 1), declarations only.  */
#define QEMU_PLUGIN_EXPORT __attribute__ ((visibility ("default")))
#define QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t
{
  const char *target_name;
  struct
  {
    int min;
    int cur;
  } version;
  bool system_emulation;
  union
  {
    struct
    {
      int smp_vcpus;
      int max_vcpus;
    } system;
  };
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_op
{
  QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t) (qemu_plugin_id_t id,
                                                struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t) (qemu_plugin_id_t id, void *userdata);

extern void qemu_plugin_register_vcpu_tb_trans_cb
  (qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
extern void qemu_plugin_register_vcpu_tb_exec_inline
  (struct qemu_plugin_tb *tb, enum qemu_plugin_op op, void *ptr,
   uint64_t imm);
extern void qemu_plugin_register_atexit_cb (qemu_plugin_id_t id,
                                            qemu_plugin_udata_cb_t cb,
                                            void *userdata);
extern size_t qemu_plugin_tb_n_insns (const struct qemu_plugin_tb *tb);
extern struct qemu_plugin_insn *
qemu_plugin_tb_get_insn (const struct qemu_plugin_tb *tb, size_t idx);
extern const void *qemu_plugin_insn_data (const struct qemu_plugin_insn *insn);
extern size_t qemu_plugin_insn_size (const struct qemu_plugin_insn *insn);
extern uint64_t qemu_plugin_insn_vaddr (const struct qemu_plugin_insn *insn);
extern void qemu_plugin_outs (const char *string);

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;
/* ---- end of the API declarations.  */

enum counter
{
  C_INSNS, C_LOADS, C_STORES, C_SP_LOADS, C_SP_STORES, C_ALL, C_NUM
};
static const char *const counter_names[C_NUM]
  = { "insns", "loads", "stores", "sp_loads", "sp_stores", "all" };
static uint64_t counts[C_NUM];
static uint64_t range_lo, range_hi = UINT64_MAX;
static char *out_path;
static char *pcs_path;

/* pcs=: one record per translated block, counted by one inline add per
   execution; at exit the records of every block are merged by address
   (a block translated twice, or two blocks sharing a tail, add up).  */
struct tb_rec
{
  uint64_t count;
  uint32_t n;
  /* The address in the low 32 bits, the class letter above.  */
  uint64_t insn[];
};
static struct tb_rec **recs;
static size_t nrecs, caprecs;

/* Is the PowerPC instruction word W a register move: mr (or rA,rS,rS)
   or fmr?  */
static bool
ppc_move_p (uint32_t w)
{
  unsigned op = w >> 26;
  unsigned xo = (w >> 1) & 0x3ff;
  if (op == 31 && xo == 444)
    return ((w >> 21) & 0x1f) == ((w >> 11) & 0x1f);
  return op == 63 && xo == 72;
}

int ppc_mem_kind (uint32_t w);

/* The pcs= class letter of the instruction word W.  */
static char
pc_class (uint32_t w)
{
  int kind = ppc_mem_kind (w);
  bool sp = ((w >> 16) & 0x1f) == 1;
  unsigned op = w >> 26;
  unsigned xo = (w >> 1) & 0x3ff;
  if (kind == 1)
    return sp ? 'l' : 'L';
  if (kind == 2)
    return sp ? 's' : 'S';
  if (ppc_move_p (w))
    return 'M';
  if (op == 31 && xo == 316)                /* xor */
    return 'X';
  if (op == 31 && (xo == 144 || xo == 19))  /* mtcrf, mfcr */
    return 'C';
  if (op == 18 && (w & 1) == 0)             /* b (not bl) */
    return 'B';
  return '-';
}

/* Memory access kind of the PowerPC instruction word W: 0 none, 1 load,
   2 store.  Integer, floating-point, multiple, string, byte-reversed and
   reservation forms, D and X forms, with and without update.  Cache
   management (dcbz etc.) is not counted.  */
int
ppc_mem_kind (uint32_t w)
{
  unsigned op = w >> 26;
  switch (op)
    {
    case 32: case 33: case 34: case 35:   /* lwz lwzu lbz lbzu */
    case 40: case 41: case 42: case 43:   /* lhz lhzu lha lhau */
    case 46:                              /* lmw */
    case 48: case 49: case 50: case 51:   /* lfs lfsu lfd lfdu */
      return 1;
    case 36: case 37: case 38: case 39:   /* stw stwu stb stbu */
    case 44: case 45:                     /* sth sthu */
    case 47:                              /* stmw */
    case 52: case 53: case 54: case 55:   /* stfs stfsu stfd stfdu */
      return 2;
    case 31:
      switch ((w >> 1) & 0x3ff)
        {
        case 20:                          /* lwarx */
        case 23: case 55:                 /* lwzx lwzux */
        case 87: case 119:                /* lbzx lbzux */
        case 279: case 311:               /* lhzx lhzux */
        case 343: case 375:               /* lhax lhaux */
        case 533: case 597:               /* lswx lswi */
        case 534: case 790:               /* lwbrx lhbrx */
        case 535: case 567:               /* lfsx lfsux */
        case 599: case 631:               /* lfdx lfdux */
        case 855: case 887:               /* lfiwax lfiwzx */
          return 1;
        case 150:                         /* stwcx. */
        case 151: case 183:               /* stwx stwux */
        case 215: case 247:               /* stbx stbux */
        case 407: case 439:               /* sthx sthux */
        case 661: case 725:               /* stswx stswi */
        case 662: case 918:               /* stwbrx sthbrx */
        case 663: case 695:               /* stfsx stfsux */
        case 727: case 759:               /* stfdx stfdux */
        case 983:                         /* stfiwx */
          return 2;
        }
      return 0;
    }
  return 0;
}

static void
add_inline (struct qemu_plugin_tb *tb, enum counter c, uint64_t n)
{
  if (n)
    qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                              &counts[c], n);
}

static void
tb_trans (qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  uint64_t n[C_NUM] = { 0 };
  size_t ninsns = qemu_plugin_tb_n_insns (tb);
  struct tb_rec *rec = NULL;
  (void) id;
  if (pcs_path)
    {
      rec = calloc (1, sizeof *rec + ninsns * sizeof rec->insn[0]);
      if (!rec)
        abort ();
    }
  for (size_t i = 0; i < ninsns; i++)
    {
      struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn (tb, i);
      uint64_t va = qemu_plugin_insn_vaddr (insn);
      n[C_ALL]++;
      if (va < range_lo || va >= range_hi
          || qemu_plugin_insn_size (insn) != 4)
        continue;

      const unsigned char *b = qemu_plugin_insn_data (insn);
      /* The guest is big-endian: the bytes are in memory order.  */
      uint32_t w = ((uint32_t) b[0] << 24) | ((uint32_t) b[1] << 16)
                   | ((uint32_t) b[2] << 8) | b[3];
      int kind = ppc_mem_kind (w);
      bool sp = ((w >> 16) & 0x1f) == 1;
      if (rec)
        rec->insn[rec->n++] = (uint32_t) va | (uint64_t) pc_class (w) << 32;
      n[C_INSNS]++;
      if (kind == 1)
        {
          n[C_LOADS]++;
          n[C_SP_LOADS] += sp;
        }
      else if (kind == 2)
        {
          n[C_STORES]++;
          n[C_SP_STORES] += sp;
        }
    }
  for (int c = 0; c < C_NUM; c++)
    add_inline (tb, (enum counter) c, n[c]);
  if (rec && rec->n == 0)
    free (rec);
  else if (rec)
    {
      if (nrecs == caprecs)
        {
          caprecs = caprecs ? 2 * caprecs : 1024;
          recs = realloc (recs, caprecs * sizeof *recs);
          if (!recs)
            abort ();
        }
      recs[nrecs++] = rec;
      qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                                &rec->count, 1);
    }
}

struct pc_count
{
  uint64_t insn;
  uint64_t count;
};

static int
cmp_pc (const void *a, const void *b)
{
  uint32_t x = (uint32_t) ((const struct pc_count *) a)->insn;
  uint32_t y = (uint32_t) ((const struct pc_count *) b)->insn;
  return x < y ? -1 : x > y;
}

static void
write_pcs (void)
{
  size_t total = 0, k = 0;
  for (size_t r = 0; r < nrecs; r++)
    if (recs[r]->count)
      total += recs[r]->n;
  struct pc_count *pcs = malloc ((total ? total : 1) * sizeof *pcs);
  FILE *f = fopen (pcs_path, "w");
  if (!pcs || !f)
    {
      fprintf (stderr, "qemu-count: cannot write %s\n", pcs_path);
      exit (1);
    }
  for (size_t r = 0; r < nrecs; r++)
    if (recs[r]->count)
      for (uint32_t i = 0; i < recs[r]->n; i++)
        pcs[k++] = (struct pc_count) { recs[r]->insn[i], recs[r]->count };
  qsort (pcs, k, sizeof *pcs, cmp_pc);
  for (size_t i = 0; i < k;)
    {
      size_t j = i;
      uint64_t c = 0;
      while (j < k && (uint32_t) pcs[j].insn == (uint32_t) pcs[i].insn)
        c += pcs[j++].count;
      fprintf (f, "%08" PRIx32 " %" PRIu64 " %c\n", (uint32_t) pcs[i].insn,
               c, (char) (pcs[i].insn >> 32));
      i = j;
    }
  fclose (f);
  free (pcs);
}

static void
at_exit (qemu_plugin_id_t id, void *userdata)
{
  char line[512];
  int len = 0;
  (void) id;
  (void) userdata;
  if (pcs_path)
    write_pcs ();
  for (int c = 0; c < C_NUM; c++)
    len += snprintf (line + len, sizeof line - len, "%s%s=%" PRIu64,
                     c ? " " : "", counter_names[c], counts[c]);
  snprintf (line + len, sizeof line - len, "\n");
  if (out_path)
    {
      FILE *f = fopen (out_path, "w");
      if (f)
        {
          fputs (line, f);
          fclose (f);
          return;
        }
    }
  qemu_plugin_outs (line);
}

static bool
parse_u64 (const char *s, uint64_t *v)
{
  char *end;
  *v = strtoull (s, &end, 0);
  return *s && !*end;
}

QEMU_PLUGIN_EXPORT int
qemu_plugin_install (qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                     char **argv)
{
  if (strcmp (info->target_name, "ppc") != 0)
    {
      fprintf (stderr, "qemu-count: target %s is not ppc\n",
               info->target_name);
      return -1;
    }
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      bool ok = true;
      if (strncmp (a, "lo=", 3) == 0)
        ok = parse_u64 (a + 3, &range_lo);
      else if (strncmp (a, "hi=", 3) == 0)
        ok = parse_u64 (a + 3, &range_hi);
      else if (strncmp (a, "out=", 4) == 0)
        out_path = strdup (a + 4);
      else if (strncmp (a, "pcs=", 4) == 0)
        pcs_path = strdup (a + 4);
      else
        ok = false;
      if (!ok)
        {
          fprintf (stderr, "qemu-count: bad argument '%s' (lo=ADDR hi=ADDR "
                   "out=FILE pcs=FILE)\n", a);
          return -1;
        }
    }
  qemu_plugin_register_vcpu_tb_trans_cb (id, tb_trans);
  qemu_plugin_register_atexit_cb (id, at_exit, NULL);
  return 0;
}
