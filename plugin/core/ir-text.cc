// ir-text.cc -- printer and parser of the textual IR (see ir-text.h).

#include "ir-text.h"

#include <cstdlib>
#include <map>
#include <sstream>

namespace ssara {

// ---------------------------------------------------------------------
// Registers and sets.

namespace {

// Split register R into a class prefix and a number within the class.
void
split_reg (hreg r, std::string *prefix, unsigned *n)
{
  if (r < 32)
    *prefix = "r", *n = r;
  else if (r < 64)
    *prefix = "f", *n = r - 32;
  else if (r >= 100 && r < 108)
    *prefix = "cr", *n = r - 100;
  else
    *prefix = "h", *n = r;
}

// Parse a decimal number that is all of S; return false if S is not one.
bool
parse_uint (const std::string &s, unsigned long *out)
{
  if (s.empty () || s.size () > 9)
    return false;
  unsigned long v = 0;
  for (char c : s)
    {
      if (c < '0' || c > '9')
        return false;
      v = v * 10 + unsigned (c - '0');
    }
  *out = v;
  return true;
}

} // namespace

std::string
reg_name (hreg r)
{
  if (r == 96)
    return "lr";
  if (r == 97)
    return "ctr";
  if (r == no_hreg)
    return "noreg";
  std::string p;
  unsigned n;
  split_reg (r, &p, &n);
  return p + std::to_string (n);
}

hreg
parse_reg_name (const std::string &name)
{
  if (name == "lr")
    return 96;
  if (name == "ctr")
    return 97;
  unsigned long n;
  if (name.size () > 2 && name.compare (0, 2, "cr") == 0)
    return parse_uint (name.substr (2), &n) && n < 8 ? hreg (100 + n)
                                                      : no_hreg;
  if (name.size () < 2)
    return no_hreg;
  if (!parse_uint (name.substr (1), &n))
    return no_hreg;
  switch (name[0])
    {
    case 'r':
      return n < 32 ? hreg (n) : no_hreg;
    case 'f':
      return n < 32 ? hreg (32 + n) : no_hreg;
    case 'h':
      return n < max_hard_regs ? hreg (n) : no_hreg;
    default:
      return no_hreg;
    }
}

std::string
print_reg_set (const hreg_set &s)
{
  std::string out = "{";
  bool first = true;
  for (unsigned r = 0; r < max_hard_regs;)
    {
      if (!s.test (r))
        {
          ++r;
          continue;
        }
      // Extend the run while the next register is in the set and in the
      // same class; lr and ctr never join a run.
      std::string p;
      unsigned n;
      split_reg (hreg (r), &p, &n);
      unsigned end = r;
      if (r != 96 && r != 97)
        while (end + 1 < max_hard_regs && s.test (end + 1)
               && end + 1 != 96 && end + 1 != 97)
          {
            std::string p2;
            unsigned n2;
            split_reg (hreg (end + 1), &p2, &n2);
            if (p2 != p)
              break;
            ++end;
          }
      if (!first)
        out += ',';
      first = false;
      if (end >= r + 2)
        {
          out += reg_name (hreg (r)) + "-" + reg_name (hreg (end));
          r = end + 1;
        }
      else
        {
          out += reg_name (hreg (r));
          ++r;
        }
    }
  return out + "}";
}

namespace {

// Parse {ITEM,...} in S into *OUT; return false on a syntax error.
bool
parse_reg_set (const std::string &s, hreg_set *out)
{
  out->reset ();
  if (s.size () < 2 || s.front () != '{' || s.back () != '}')
    return false;
  std::string body = s.substr (1, s.size () - 2);
  std::string item;
  std::istringstream in (body);
  while (std::getline (in, item, ','))
    {
      // Drop blanks.
      std::string t;
      for (char c : item)
        if (c != ' ' && c != '\t')
          t += c;
      if (t.empty ())
        continue;
      size_t dash = t.find ('-');
      hreg a, b;
      if (dash == std::string::npos)
        a = b = parse_reg_name (t);
      else
        {
          a = parse_reg_name (t.substr (0, dash));
          b = parse_reg_name (t.substr (dash + 1));
        }
      if (a == no_hreg || b == no_hreg || b < a)
        return false;
      for (unsigned r = a; r <= b; ++r)
        out->set (r);
    }
  return true;
}

} // namespace

std::string
print_location (const location &l)
{
  switch (l.k)
    {
    case location::kind::reg:
      return reg_name (l.reg);
    case location::kind::slot:
      return "s" + std::to_string (l.slot);
    default:
      return "none";
    }
}

// ---------------------------------------------------------------------
// Printer.

namespace {

// Return the valid start registers of a width-W value of file F.
hreg_set
default_allowed (const target &t, file_id f, unsigned w)
{
  hreg_set in, s;
  if (f >= t.files.size ())
    return s;
  for (hreg h : t.files[f].regs)
    in.set (h);
  for (hreg h : t.files[f].regs)
    {
      bool ok = true;
      for (unsigned k = 1; k < w && ok; ++k)
        ok = h + k < max_hard_regs && in.test (h + k);
      if (ok)
        s.set (h);
    }
  return s;
}

std::string
file_name (const target &t, file_id f)
{
  if (f < t.files.size () && !t.files[f].name.empty ())
    return t.files[f].name;
  return "file" + std::to_string (f);
}

std::string
print_operand (const function &f, const operand &op)
{
  std::ostringstream o;
  switch (op.kind)
    {
    case operand_kind::use:
    case operand_kind::def:
      o << (op.kind == operand_kind::use ? "use:v" : "def:v") << op.value;
      if (op.value >= f.values.size ()
          || op.allowed != f.values[op.value].allowed)
        o << print_reg_set (op.allowed);
      if (op.tied_to != no_operand)
        o << ",tied=" << op.tied_to;
      if (op.earlyclobber)
        o << ",ec";
      break;
    case operand_kind::use_hard:
    case operand_kind::def_hard:
      o << (op.kind == operand_kind::use_hard ? "use_hard:" : "def_hard:")
        << reg_name (op.reg);
      if (op.width != 1)
        o << ",w=" << unsigned (op.width);
      break;
    }
  return o.str ();
}

const char *
kind_name (insn_kind k)
{
  switch (k)
    {
    case insn_kind::copy:
      return "copy";
    case insn_kind::call:
      return "call";
    default:
      return "insn";
    }
}

void
print_block_header (std::ostringstream &o, const function &f, block_id b)
{
  const block &bb = f.blocks[b];
  o << "block " << b;
  o << " preds=";
  for (size_t j = 0; j < bb.preds.size (); ++j)
    o << (j ? "," : "") << bb.preds[j]
      << (j < bb.pred_abnormal.size () && bb.pred_abnormal[j] ? "*" : "");
  o << " succs=";
  for (size_t j = 0; j < bb.succs.size (); ++j)
    o << (j ? "," : "") << bb.succs[j];
  o << " depth=" << bb.loop_depth;
  if (bb.frequency >= 0)
    {
      // Exactly: parse_function (print_function (F)) == F.
      std::ostringstream x;
      x.precision (17);
      x << bb.frequency;
      o << " freq=" << x.str ();
    }
  if (bb.returns)
    o << " returns";
  if (bb.receiver)
    o << " receiver";
  if (bb.origin)
    o << " origin=" << bb.origin;
  o << "\n";
}

void
print_insn_flags (std::ostringstream &o, const insn &in)
{
  if (in.clobbers.any ())
    o << " clobbers=" << print_reg_set (in.clobbers);
  if (in.values_across_in_memory)
    o << " mem_across";
  if (in.saves_for_receiver != no_hreg)
    {
      o << " saves=" << reg_name (in.saves_for_receiver);
      if (in.saved_operand != no_operand)
        o << "," << in.saved_operand;
    }
  if (in.terminator)
    o << " term";
  if (in.rematerializable)
    o << " remat";
  if (in.extends_narrow)
    o << " extends";
  if (in.moves_low_part)
    o << " lowpart";
  if (in.origin)
    o << " origin=" << in.origin;
}

void
print_values (std::ostringstream &o, const function &f, const target &t)
{
  for (value_id v = 0; v < f.values.size (); ++v)
    {
      const value &val = f.values[v];
      o << "value v" << v << " " << file_name (t, val.file);
      if (val.width != 1)
        o << " w=" << unsigned (val.width);
      if (val.bytes != 0)
        o << " bytes=" << unsigned (val.bytes);
      if (val.allowed != default_allowed (t, val.file, val.width))
        o << " allowed=" << print_reg_set (val.allowed);
      if (val.memory_only)
        o << " mem";
      if (!val.name.empty ())
        o << " name=" << val.name;
      if (val.origin)
        o << " origin=" << val.origin;
      o << "\n";
    }
}

} // namespace

std::string
print_function (const function &f, const target &t)
{
  std::ostringstream o;
  o << "function " << (f.name.empty () ? "-" : f.name);
  if (f.frame_saved.any ())
    o << " frame_saved=" << print_reg_set (f.frame_saved);
  o << "\n";
  print_values (o, f, t);
  for (block_id b = 0; b < f.blocks.size (); ++b)
    {
      const block &bb = f.blocks[b];
      print_block_header (o, f, b);
      for (const phi &p : bb.phis)
        {
          o << "  phi v" << p.def << " =";
          for (value_id a : p.args)
            o << " v" << a;
          o << "\n";
        }
      for (const insn &in : bb.insns)
        {
          o << "  " << kind_name (in.kind);
          for (const operand &op : in.ops)
            o << " " << print_operand (f, op);
          print_insn_flags (o, in);
          o << "\n";
        }
    }
  return o.str ();
}

std::string
print_edit (const edit &e)
{
  std::ostringstream o;
  switch (e.k)
    {
    case edit::kind::copy:
      o << "copy " << reg_name (e.dst_reg) << " <- " << reg_name (e.src_reg);
      break;
    case edit::kind::swap:
      o << "swap " << reg_name (e.dst_reg) << " <-> "
        << reg_name (e.src_reg);
      if (e.temp != no_hreg)
        o << " temp " << reg_name (e.temp);
      else if (e.slot != no_slot)
        o << " via s" << e.slot;
      break;
    case edit::kind::load:
      o << "load " << reg_name (e.dst_reg) << " <- s" << e.slot;
      break;
    case edit::kind::store:
      o << "store s" << e.slot << " <- " << reg_name (e.src_reg);
      break;
    case edit::kind::remat:
      o << "remat " << reg_name (e.dst_reg) << " <- b" << e.def_block
        << ".i" << e.def_insn;
      break;
    }
  if (e.width != 1)
    o << " (w" << unsigned (e.width) << ")";
  if (e.bytes != 0)
    o << " (" << unsigned (e.bytes) << " bytes)";
  switch (e.at.k)
    {
    case program_point::kind::before_insn:
      o << " before b" << e.at.block << ".i" << e.at.insn;
      break;
    case program_point::kind::after_insn:
      o << " after b" << e.at.block << ".i" << e.at.insn;
      break;
    case program_point::kind::on_edge:
      o << " on edge " << e.at.block << "->" << e.at.succ;
      break;
    }
  if (!e.what.empty ())
    o << " [" << e.what << "]";
  return o.str ();
}

std::string
print_allocation (const function &f, const target &t, const allocation &a)
{
  std::ostringstream o;
  o << "function " << (f.name.empty () ? "-" : f.name);
  if (f.frame_saved.any ())
    o << " frame_saved=" << print_reg_set (f.frame_saved);
  o << "\n";
  print_values (o, f, t);
  for (value_id v = 0; v < a.value_loc.size (); ++v)
    o << "; home v" << v << " " << print_location (a.value_loc[v]) << "\n";
  for (slot_id s = 0; s < a.slots.size (); ++s)
    o << "; slot s" << s << " size=" << a.slots[s].size
      << " align=" << a.slots[s].align << "\n";

  // Group the edits by program point; keep their order.
  auto edits_at = [&] (program_point::kind k, block_id b, uint32_t i,
                       block_id s) {
    for (const edit &e : a.edits)
      if (e.at.k == k && e.at.block == b
          && (k == program_point::kind::on_edge ? e.at.succ == s
                                                : e.at.insn == i))
        o << "    ! " << print_edit (e) << "\n";
  };
  for (block_id b = 0; b < f.blocks.size (); ++b)
    {
      const block &bb = f.blocks[b];
      print_block_header (o, f, b);
      for (size_t k = 0; k < bb.phis.size (); ++k)
        {
          const phi &p = bb.phis[k];
          o << "  phi v" << p.def;
          if (b < a.phi_loc.size () && k < a.phi_loc[b].size ())
            o << "@" << print_location (a.phi_loc[b][k]);
          if (a.phi_also_at (b, k) != no_slot)
            o << "+s" << a.phi_also_at (b, k);
          o << " =";
          for (value_id x : p.args)
            o << " v" << x;
          o << "\n";
        }
      for (uint32_t i = 0; i < bb.insns.size (); ++i)
        {
          edits_at (program_point::kind::before_insn, b, i, no_block);
          const insn &in = bb.insns[i];
          o << "  " << kind_name (in.kind);
          for (size_t k = 0; k < in.ops.size (); ++k)
            {
              o << " " << print_operand (f, in.ops[k]);
              if (b < a.operand_loc.size () && i < a.operand_loc[b].size ()
                  && k < a.operand_loc[b][i].size ())
                o << "@" << print_location (a.operand_loc[b][i][k]);
            }
          print_insn_flags (o, in);
          if (a.is_removed (b, i))
            o << " ; removed";
          o << "\n";
          edits_at (program_point::kind::after_insn, b, i, no_block);
        }
      edits_at (program_point::kind::before_insn, b,
                uint32_t (bb.insns.size ()), no_block);
      for (block_id s : bb.succs)
        edits_at (program_point::kind::on_edge, b, 0, s);
    }
  return o.str ();
}

// ---------------------------------------------------------------------
// Parser.

namespace {

// Split LINE into blank-separated tokens, keeping {...} together and
// dropping a ; comment.
vec<std::string>
tokenize (const std::string &line)
{
  vec<std::string> toks;
  std::string cur;
  int depth = 0;
  for (char c : line)
    {
      if (c == ';' && depth == 0)
        break;
      if (c == '{')
        ++depth;
      else if (c == '}' && depth > 0)
        --depth;
      if ((c == ' ' || c == '\t' || c == '\r') && depth == 0)
        {
          if (!cur.empty ())
            toks.push_back (cur);
          cur.clear ();
          continue;
        }
      cur += c;
    }
  if (!cur.empty ())
    toks.push_back (cur);
  return toks;
}

// Split "key=value" at the first '='.
bool
split_kv (const std::string &tok, std::string *k, std::string *v)
{
  size_t eq = tok.find ('=');
  if (eq == std::string::npos)
    return false;
  *k = tok.substr (0, eq);
  *v = tok.substr (eq + 1);
  return true;
}

bool
parse_value_ref (const std::string &s, unsigned long *v)
{
  return s.size () >= 2 && s[0] == 'v' && parse_uint (s.substr (1), v);
}

// Parse a comma-separated list of block numbers, each optionally
// followed by '*' (recorded in *MARKS).
bool
parse_block_list (const std::string &s, vec<block_id> *out,
                  vec<bool> *marks)
{
  out->clear ();
  if (marks)
    marks->clear ();
  std::istringstream in (s);
  std::string item;
  while (std::getline (in, item, ','))
    {
      if (item.empty ())
        continue;
      bool star = item.back () == '*';
      if (star)
        {
          if (!marks)
            return false;
          item.pop_back ();
        }
      unsigned long n;
      if (!parse_uint (item, &n))
        return false;
      out->push_back (block_id (n));
      if (marks)
        marks->push_back (star);
    }
  return true;
}

class parser
{
public:
  parser (const target &t, function *f) : t_ (t), f_ (*f) {}
  std::string run (const std::string &text);

private:
  std::string fail (const std::string &what)
  {
    return "line " + std::to_string (line_) + ": " + what;
  }
  std::string value_line (const vec<std::string> &toks);
  std::string block_line (const vec<std::string> &toks);
  std::string phi_line (const vec<std::string> &toks);
  std::string insn_line (const vec<std::string> &toks);
  std::string operand_token (const std::string &tok, operand *op);

  const target &t_;
  function &f_;
  unsigned line_ = 0;
  block_id cur_ = no_block;
  vec<bool> value_seen_;
  vec<bool> block_seen_;
  vec<bool> has_preds_;
  // Operands without {SET}: filled in with the value's allowed set once
  // every value is known.
  struct pending
  {
    block_id b;
    size_t i, k;
  };
  vec<pending> default_ops_;
};

std::string
parser::value_line (const vec<std::string> &toks)
{
  unsigned long id;
  if (toks.size () < 3 || !parse_value_ref (toks[1], &id))
    return fail ("expected: value vN FILE ...");
  if (id > 10000000)
    return fail ("value id too large");
  if (id >= f_.values.size ())
    {
      f_.values.resize (id + 1);
      value_seen_.resize (id + 1, false);
    }
  if (value_seen_[id])
    return fail ("value v" + std::to_string (id) + " declared twice");
  value_seen_[id] = true;
  value &v = f_.values[id];
  v = value ();
  v.file = no_file;
  for (size_t f = 0; f < t_.files.size (); ++f)
    if (t_.files[f].name == toks[2])
      v.file = file_id (f);
  unsigned long n;
  if (v.file == no_file)
    {
      if (toks[2].compare (0, 4, "file") == 0
          && parse_uint (toks[2].substr (4), &n) && n < t_.files.size ())
        v.file = file_id (n);
      else
        return fail ("unknown register file " + toks[2]);
    }
  bool have_allowed = false;
  for (size_t i = 3; i < toks.size (); ++i)
    {
      std::string k, val;
      if (toks[i] == "mem")
        v.memory_only = true;
      else if (!split_kv (toks[i], &k, &val))
        return fail ("unexpected " + toks[i]);
      else if (k == "w" && parse_uint (val, &n) && n <= 255)
        v.width = uint8_t (n);
      else if (k == "bytes" && parse_uint (val, &n) && n <= 255)
        v.bytes = uint8_t (n);
      else if (k == "allowed")
        {
          if (!parse_reg_set (val, &v.allowed))
            return fail ("bad register set " + val);
          have_allowed = true;
        }
      else if (k == "name")
        v.name = val;
      else if (k == "origin" && parse_uint (val, &n))
        v.origin = uint32_t (n);
      else
        return fail ("unexpected " + toks[i]);
    }
  if (!have_allowed)
    v.allowed = default_allowed (t_, v.file, v.width);
  return "";
}

std::string
parser::block_line (const vec<std::string> &toks)
{
  unsigned long id;
  if (toks.size () < 2 || !parse_uint (toks[1], &id) || id > 10000000)
    return fail ("expected: block N ...");
  if (id >= f_.blocks.size ())
    {
      f_.blocks.resize (id + 1);
      block_seen_.resize (id + 1, false);
      has_preds_.resize (id + 1, false);
    }
  if (block_seen_[id])
    return fail ("block " + std::to_string (id) + " declared twice");
  block_seen_[id] = true;
  cur_ = block_id (id);
  block &bb = f_.blocks[id];
  for (size_t i = 2; i < toks.size (); ++i)
    {
      std::string k, val;
      unsigned long n;
      if (toks[i] == "returns")
        {
          bb.returns = true;
          continue;
        }
      if (toks[i] == "receiver")
        {
          bb.receiver = true;
          continue;
        }
      if (!split_kv (toks[i], &k, &val))
        return fail ("unexpected " + toks[i]);
      if (k == "preds")
        {
          vec<bool> marks;
          if (!parse_block_list (val, &bb.preds, &marks))
            return fail ("bad block list " + val);
          bb.pred_abnormal = marks;
          has_preds_[id] = true;
        }
      else if (k == "succs")
        {
          if (!parse_block_list (val, &bb.succs, nullptr))
            return fail ("bad block list " + val);
        }
      else if (k == "depth" && parse_uint (val, &n))
        bb.loop_depth = unsigned (n);
      else if (k == "freq")
        {
          char *end = nullptr;
          double x = std::strtod (val.c_str (), &end);
          if (val.empty () || *end || !(x >= 0))
            return fail ("bad frequency " + val);
          bb.frequency = x;
        }
      else if (k == "origin" && parse_uint (val, &n))
        bb.origin = uint32_t (n);
      else
        return fail ("unexpected " + toks[i]);
    }
  return "";
}

std::string
parser::phi_line (const vec<std::string> &toks)
{
  unsigned long id;
  if (toks.size () < 3 || !parse_value_ref (toks[1], &id) || toks[2] != "=")
    return fail ("expected: phi vD = vA ...");
  phi p;
  p.def = value_id (id);
  for (size_t i = 3; i < toks.size (); ++i)
    {
      if (!parse_value_ref (toks[i], &id))
        return fail ("bad phi argument " + toks[i]);
      p.args.push_back (value_id (id));
    }
  f_.blocks[cur_].phis.push_back (p);
  return "";
}

std::string
parser::operand_token (const std::string &tok, operand *op)
{
  size_t colon = tok.find (':');
  if (colon == std::string::npos)
    return fail ("unexpected " + tok);
  std::string kind = tok.substr (0, colon);
  std::string rest = tok.substr (colon + 1);
  if (kind == "use")
    op->kind = operand_kind::use;
  else if (kind == "def")
    op->kind = operand_kind::def;
  else if (kind == "use_hard")
    op->kind = operand_kind::use_hard;
  else if (kind == "def_hard")
    op->kind = operand_kind::def_hard;
  else
    return fail ("unknown operand kind " + kind);

  // NAME, then optional {SET}, then ,attr...
  size_t end = rest.find_first_of ("{,");
  std::string name = rest.substr (0, end);
  rest = end == std::string::npos ? "" : rest.substr (end);
  bool hard = op->kind == operand_kind::use_hard
              || op->kind == operand_kind::def_hard;
  unsigned long n;
  if (hard)
    {
      op->reg = parse_reg_name (name);
      if (op->reg == no_hreg)
        return fail ("bad register " + name);
    }
  else if (!parse_value_ref (name, &n))
    return fail ("bad value " + name);
  else
    op->value = value_id (n);
  op->allowed.reset ();
  if (!rest.empty () && rest[0] == '{')
    {
      size_t close = rest.find ('}');
      if (close == std::string::npos || hard
          || !parse_reg_set (rest.substr (0, close + 1), &op->allowed))
        return fail ("bad register set in " + tok);
      rest = rest.substr (close + 1);
    }
  else if (!hard)
    // The operand index is set by insn_line once the operand is added.
    default_ops_.push_back ({ cur_, f_.blocks[cur_].insns.size (), 0 });
  std::istringstream in (rest);
  std::string attr;
  while (std::getline (in, attr, ','))
    {
      std::string k, v;
      if (attr.empty ())
        continue;
      if (attr == "ec" && !hard)
        op->earlyclobber = true;
      else if (!split_kv (attr, &k, &v))
        return fail ("bad operand attribute " + attr);
      else if (k == "tied" && !hard && parse_uint (v, &n) && n < 1000)
        op->tied_to = operand_index (n);
      else if (k == "w" && hard && parse_uint (v, &n) && n > 0 && n < 256)
        op->width = uint8_t (n);
      else
        return fail ("bad operand attribute " + attr);
    }
  return "";
}

std::string
parser::insn_line (const vec<std::string> &toks)
{
  insn in;
  if (toks[0] == "copy")
    in.kind = insn_kind::copy;
  else if (toks[0] == "call")
    in.kind = insn_kind::call;
  for (size_t i = 1; i < toks.size (); ++i)
    {
      const std::string &tok = toks[i];
      std::string k, v;
      unsigned long n;
      if (tok == "term")
        in.terminator = true;
      else if (tok == "remat")
        in.rematerializable = true;
      else if (tok == "extends")
        in.extends_narrow = true;
      else if (tok == "lowpart")
        in.moves_low_part = true;
      else if (tok == "mem_across")
        in.values_across_in_memory = true;
      else if (tok.compare (0, 6, "saves=") == 0)
        {
          std::string what = tok.substr (6);
          size_t comma = what.find (',');
          in.saves_for_receiver = parse_reg_name (what.substr (0, comma));
          if (in.saves_for_receiver == no_hreg)
            return fail ("bad register in " + tok);
          if (comma != std::string::npos)
            {
              if (!parse_uint (what.substr (comma + 1), &n) || n >= 1000)
                return fail ("bad operand in " + tok);
              in.saved_operand = operand_index (n);
            }
        }
      else if (tok.compare (0, 9, "clobbers=") == 0)
        {
          if (!parse_reg_set (tok.substr (9), &in.clobbers))
            return fail ("bad register set in " + tok);
        }
      else if (tok.compare (0, 7, "origin=") == 0)
        {
          if (!parse_uint (tok.substr (7), &n))
            return fail ("bad origin " + tok);
          in.origin = uint32_t (n);
        }
      else
        {
          operand op;
          size_t before = default_ops_.size ();
          std::string err = operand_token (tok, &op);
          if (!err.empty ())
            return err;
          if (default_ops_.size () != before)
            default_ops_.back ().k = in.ops.size ();
          in.ops.push_back (op);
        }
    }
  f_.blocks[cur_].insns.push_back (in);
  return "";
}

std::string
parser::run (const std::string &text)
{
  f_ = function ();
  std::istringstream in (text);
  std::string line;
  bool have_header = false;
  while (std::getline (in, line))
    {
      ++line_;
      vec<std::string> toks = tokenize (line);
      if (toks.empty ())
        continue;
      std::string err;
      const std::string &w = toks[0];
      if (w == "function")
        {
          if (have_header || toks.size () < 2 || toks.size () > 3)
            return fail ("expected one: function NAME [frame_saved=SET]");
          have_header = true;
          f_.name = toks[1] == "-" ? "" : toks[1];
          if (toks.size () == 3
              && (toks[2].compare (0, 12, "frame_saved=") != 0
                  || !parse_reg_set (toks[2].substr (12), &f_.frame_saved)))
            return fail ("unexpected " + toks[2]);
        }
      else if (w == "value")
        err = value_line (toks);
      else if (w == "block")
        err = block_line (toks);
      else if (w == "phi" || w == "insn" || w == "copy" || w == "call")
        {
          if (cur_ == no_block)
            return fail (w + " outside a block");
          err = w == "phi" ? phi_line (toks) : insn_line (toks);
        }
      else
        return fail ("unexpected " + w);
      if (!err.empty ())
        return err;
    }
  line_ = 0;
  for (size_t v = 0; v < value_seen_.size (); ++v)
    if (!value_seen_[v])
      return "value v" + std::to_string (v) + " is not declared";
  for (size_t b = 0; b < block_seen_.size (); ++b)
    if (!block_seen_[b])
      return "block " + std::to_string (b) + " is not declared";
  if (f_.blocks.empty ())
    return "no blocks";

  // Derive missing preds from the succs lists.
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    for (block_id s : f_.blocks[b].succs)
      if (s < f_.blocks.size () && !has_preds_[s])
        {
          f_.blocks[s].preds.push_back (b);
          f_.blocks[s].pred_abnormal.push_back (false);
        }

  // Check value references and fill in default operand sets.
  auto bad = [&] (value_id v) { return v >= f_.values.size (); };
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      for (const phi &p : f_.blocks[b].phis)
        {
          if (bad (p.def))
            return "block " + std::to_string (b) + ": phi of unknown value";
          for (value_id a : p.args)
            if (bad (a))
              return "block " + std::to_string (b)
                     + ": phi argument is an unknown value";
        }
      for (const insn &i : f_.blocks[b].insns)
        for (const operand &op : i.ops)
          if ((op.kind == operand_kind::use || op.kind == operand_kind::def)
              && bad (op.value))
            return "block " + std::to_string (b)
                   + ": operand names unknown value v"
                   + std::to_string (op.value);
    }
  for (const pending &p : default_ops_)
    {
      operand &op = f_.blocks[p.b].insns[p.i].ops[p.k];
      op.allowed = f_.values[op.value].allowed;
    }
  return "";
}

} // namespace

std::string
parse_function (const std::string &text, const target &t, function *out)
{
  parser p (t, out);
  return p.run (text);
}

} // namespace ssara
