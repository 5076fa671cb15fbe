// test-util.cc -- see test-util.h.

#include "test-util.h"

#include "ir-text.h"

namespace ssara::test {

function
parse (const std::string &text, const target &t)
{
  function f;
  std::string err = parse_function (text, t, &f);
  EXPECT_EQ (err, "");
  EXPECT_EQ (verify_function (f, t), "") << text;
  return f;
}

allocation
blank (const function &f)
{
  allocation a;
  a.operand_loc.resize (f.blocks.size ());
  a.phi_loc.resize (f.blocks.size ());
  for (block_id b = 0; b < f.blocks.size (); ++b)
    {
      a.phi_loc[b].resize (f.blocks[b].phis.size ());
      for (const insn &in : f.blocks[b].insns)
        {
          vec<location> l (in.ops.size ());
          for (size_t k = 0; k < in.ops.size (); ++k)
            if (in.ops[k].kind == operand_kind::use_hard
                || in.ops[k].kind == operand_kind::def_hard)
              l[k] = location::in_reg (in.ops[k].reg);
          a.operand_loc[b].push_back (l);
        }
    }
  a.value_loc.resize (f.values.size ());
  a.used_regs.set ();
  return a;
}

edit
mk (edit::kind k, program_point at, hreg dst, hreg src, slot_id slot,
    hreg temp, uint8_t width)
{
  edit e;
  e.k = k;
  e.at = at;
  e.dst_reg = dst;
  e.src_reg = src;
  e.slot = slot;
  e.temp = temp;
  e.width = width;
  return e;
}

program_point
before (block_id b, uint32_t i)
{
  return { program_point::kind::before_insn, b, i, no_block };
}

program_point
after (block_id b, uint32_t i)
{
  return { program_point::kind::after_insn, b, i, no_block };
}

program_point
on_edge (block_id b, block_id s)
{
  return { program_point::kind::on_edge, b, 0, s };
}

::testing::AssertionResult
has (const std::vector<std::string> &errs, const std::string &needle)
{
  for (const std::string &e : errs)
    if (e.find (needle) != std::string::npos)
      return ::testing::AssertionSuccess ();
  return ::testing::AssertionFailure ()
         << "no message contains \"" << needle << "\"; got:\n"
         << joined (errs);
}

std::string
joined (const std::vector<std::string> &errs)
{
  std::string all;
  for (const std::string &e : errs)
    all += e + "\n";
  return all;
}

std::string
gpr_values (unsigned n)
{
  std::string all;
  for (unsigned k = 0; k < n; ++k)
    all += "value v" + std::to_string (k) + " gpr\n";
  return all;
}

std::string
def_insns (unsigned first, unsigned last)
{
  std::string all;
  for (unsigned k = first; k <= last; ++k)
    all += "  insn def:v" + std::to_string (k) + "\n";
  return all;
}

} // namespace ssara::test
