// test-targets.cc -- see test-targets.h.

#include "test-targets.h"

#include <algorithm>

namespace ssara::test {

namespace {

// Return the first N of ORDER, sorted by register number.
std::vector<hreg>
pick (const std::vector<hreg> &order, unsigned n)
{
  n = std::min<unsigned> (n, order.size ());
  std::vector<hreg> r (order.begin (), order.begin () + n);
  std::sort (r.begin (), r.end ());
  return r;
}

const std::vector<hreg> &
gpr_order ()
{
  static const std::vector<hreg> order = {
    3, 4, 30, 31, 5, 6, 28, 29, 7, 8, 26, 27, 9, 10, 24, 25, 11, 12, 22, 23,
    0, 20, 21, 18, 19, 16, 17, 14, 15, 13, 2, 1
  };
  return order;
}

const std::vector<hreg> &
fpr_order ()
{
  static const std::vector<hreg> order = [] {
    std::vector<hreg> o;
    for (unsigned n : { 1, 2, 30, 31, 3, 4, 28, 29, 5, 6, 26, 27, 7, 8, 24,
                        25, 9, 10, 22, 23, 11, 12, 20, 21, 13, 0, 18, 19,
                        16, 17, 14, 15 })
      o.push_back (fpr (n));
    return o;
  }();
  return order;
}

const std::vector<hreg> &
cr_order ()
{
  static const std::vector<hreg> order = {
    cr (0), cr (1), cr (5), cr (6), cr (7), cr (2), cr (3), cr (4)
  };
  return order;
}

target
make_target (std::vector<hreg> gprs, std::vector<hreg> fprs,
             std::vector<hreg> crs)
{
  target t;
  t.files.resize (5);
  reg_file &g = t.files[gpr_file];
  g.name = "gpr";
  g.regs = std::move (gprs);
  g.bytes_per_reg = 4;
  g.swap = swap_method::xor3;

  reg_file &f = t.files[fpr_file];
  f.name = "fpr";
  f.regs = std::move (fprs);
  f.bytes_per_reg = 8;
  f.swap = swap_method::via_free_reg_or_memory;
  f.narrow_converts = true;

  reg_file &c = t.files[cr_file];
  c.name = "cr";
  c.regs = std::move (crs);
  c.bytes_per_reg = 4;
  c.memory_direct = false;
  c.via_file = gpr_file;
  c.swap = swap_method::via_other_file;
  c.saved_as_one = true;

  for (file_id id : { ctr_file, lr_file })
    {
      reg_file &s = t.files[id];
      s.name = id == ctr_file ? "ctr" : "lr";
      s.regs = { id == ctr_file ? ctr_reg : lr_reg };
      s.bytes_per_reg = 4;
      s.memory_direct = false;
      s.via_file = gpr_file;
      s.swap = swap_method::via_other_file;
    }

  t.direct_copy.assign (5, std::vector<bool> (5, false));
  for (file_id i = 0; i < 5; ++i)
    {
      t.direct_copy[i][i] = true;
      if (i != fpr_file)
        t.direct_copy[i][gpr_file] = t.direct_copy[gpr_file][i] = true;
    }
  return t;
}

} // namespace

target
make_test_target (unsigned ngpr, unsigned nfpr, unsigned ncr)
{
  return make_target (pick (gpr_order (), ngpr), pick (fpr_order (), nfpr),
                      pick (cr_order (), ncr));
}

target
rs6000_target ()
{
  std::vector<hreg> gprs;
  for (hreg h = 0; h < 32; ++h)
    if (h != 1 && h != 2 && h != 13)
      gprs.push_back (h);
  std::vector<hreg> fprs;
  for (unsigned n = 0; n < 32; ++n)
    fprs.push_back (fpr (n));
  std::vector<hreg> crs;
  for (unsigned n = 0; n < 8; ++n)
    crs.push_back (cr (n));
  return make_target (gprs, fprs, crs);
}

target
rs6000_gcc_order_target ()
{
  std::vector<hreg> gprs = { 9, 10, 8, 7, 6, 5, 4, 3, 12, 11, 0 };
  for (hreg h = 31; h >= 14; --h)
    gprs.push_back (h);
  std::vector<hreg> fprs = { fpr (0) };
  for (unsigned n = 12; n >= 2; --n)
    fprs.push_back (fpr (n));
  fprs.push_back (fpr (13));
  fprs.push_back (fpr (1));
  for (unsigned n = 31; n >= 14; --n)
    fprs.push_back (fpr (n));
  std::vector<hreg> crs;
  for (unsigned n : { 0, 7, 5, 6, 1, 4, 3, 2 })
    crs.push_back (cr (n));
  return make_target (gprs, fprs, crs);
}

hreg_set
rs6000_call_saved ()
{
  hreg_set s;
  for (unsigned n = 14; n <= 31; ++n)
    s.set (gpr (n)).set (fpr (n));
  for (unsigned n = 2; n <= 4; ++n)
    s.set (cr (n));
  return s;
}

hreg_set
rs6000_call_clobbered ()
{
  hreg_set s;
  s.set (gpr (0));
  for (unsigned n = 3; n <= 12; ++n)
    s.set (gpr (n));
  for (unsigned n = 0; n <= 13; ++n)
    s.set (fpr (n));
  s.set (lr_reg);
  s.set (ctr_reg);
  for (unsigned n : { 0, 1, 5, 6, 7 })
    s.set (cr (n));
  return s;
}

hreg_set
file_regs (const target &t, file_id f)
{
  hreg_set s;
  for (hreg h : t.files[f].regs)
    s.set (h);
  return s;
}

hreg_set
start_regs (const target &t, file_id f, unsigned width)
{
  hreg_set in = file_regs (t, f);
  hreg_set s;
  for (hreg h : t.files[f].regs)
    {
      bool ok = true;
      for (unsigned w = 1; w < width && ok; ++w)
        ok = h + w < max_hard_regs && in.test (h + w);
      if (ok)
        s.set (h);
    }
  return s;
}

} // namespace ssara::test
