// attribution.cc -- origin tags of the final code's insns (attribution.h).

#include "gcc-includes.h"
#include "rtlhash.h"
#include "attribution.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ssara {

const char *
insn_origin_name (insn_origin o)
{
  switch (o)
    {
    case insn_origin::original: return "original";
    case insn_origin::operand_copy: return "operand_copy";
    case insn_origin::phi_copy: return "phi_copy";
    case insn_origin::phi_swap: return "phi_swap";
    case insn_origin::reload: return "reload";
    case insn_origin::spill_store: return "spill_store";
    case insn_origin::spill_copy: return "spill_copy";
    case insn_origin::remat: return "remat";
    case insn_origin::prepare: return "prepare";
    case insn_origin::edge_jump: return "edge_jump";
    case insn_origin::prologue: return "prologue";
    case insn_origin::ra_copy: return "ra_copy";
    case insn_origin::ra_reload: return "ra_reload";
    case insn_origin::ra_spill: return "ra_spill";
    case insn_origin::ra_other: return "ra_other";
    case insn_origin::after_ra: return "after_ra";
    }
  return "?";
}

insn_origin
insn_origin_of (edit_origin o)
{
  switch (o)
    {
    case edit_origin::operand_copy: return insn_origin::operand_copy;
    case edit_origin::phi_copy: return insn_origin::phi_copy;
    case edit_origin::phi_swap: return insn_origin::phi_swap;
    case edit_origin::reload: return insn_origin::reload;
    case edit_origin::spill_store: return insn_origin::spill_store;
    case edit_origin::spill_copy: return insn_origin::spill_copy;
    case edit_origin::remat: return insn_origin::remat;
    }
  return insn_origin::after_ra;
}

namespace {

// An insn at the last reconcile: its UID and the hash of its pattern.
struct snap_entry
{
  int uid;
  hashval_t hash;
};

hashval_t
pattern_hash (const rtx_insn *insn)
{
  inchash::hash h;
  inchash::add_rtx (PATTERN (insn), h);
  return h.end ();
}

// The function being followed, from the ssara pass to final.
//
// Invariant: while DECL is set, TAG holds a tag for every non-debug insn
// of the function as it was at the last reconcile () (SNAPSHOT lists
// their UIDs in stream order), and LAST_PASS names the pass that has run
// since then, whose new insns the next reconcile () tags.
struct tracker
{
  bool enabled = false;
  std::string file;
  tree decl = NULL_TREE;
  std::unordered_map<int, insn_origin> tag;
  std::vector<snap_entry> snapshot;
  std::string last_pass;
};

tracker T;

bool
tracked_insn_p (const rtx_insn *insn)
{
  return NONDEBUG_INSN_P (insn);
}

// The tag of INSN, made by IRA or LRA, from its shape.
insn_origin
ra_origin (const rtx_insn *insn)
{
  rtx set = single_set (insn);
  if (!set)
    return insn_origin::ra_other;
  rtx dst = SET_DEST (set), src = SET_SRC (set);
  if (MEM_P (dst))
    return insn_origin::ra_spill;
  if (MEM_P (src))
    return insn_origin::ra_reload;
  if (REG_P (dst) && REG_P (src))
    return insn_origin::ra_copy;
  return insn_origin::ra_other;
}

bool
pass_is (const char *name)
{
  return T.last_pass == name;
}


// Tag the insns LAST_PASS made.  A pass's new insns are those without a
// tag.  Each gets:
//   - when the ssara pass made it and its rewrite did not tag it,
//     edge_jump for a jump (of a block on a split edge), prepare for the
//     rest (the preparation's copies, an address setup);
//   - prologue, when it is a prologue or epilogue insn;
//   - when pro_and_epilogue made it: the tag of a gone insn with the same
//     pattern (shrink-wrapping moves insns), else prologue (separate
//     shrink-wrapping's saves and restores);
//   - its shape's ra_* tag, when IRA or LRA made it;
//   - the tag of the insn it replaced: the insn of the snapshot right
//     after the nearest tagged insn before it, if that one is gone (a
//     split or a peephole);
//   - for an insn that is not a jump, the tag of an insn of the snapshot
//     with the same pattern (a block duplicated by block reordering);
//   - after_ra otherwise.
void
reconcile ()
{
  std::unordered_set<int> present;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (tracked_insn_p (insn))
      present.insert (INSN_UID (insn));
  std::unordered_map<int, size_t> snap_pos;
  for (size_t k = 0; k < T.snapshot.size (); ++k)
    snap_pos[T.snapshot[k].uid] = k;
  // Built on first need: pattern hash -> tag, of the gone snapshot insns
  // (GONE) and of all of them (ANY).
  std::unordered_map<hashval_t, insn_origin> gone, any;
  bool maps_built = false;
  enum class among { gone_insns, any_insns };
  auto by_pattern = [&] (const rtx_insn *insn, among which,
                         insn_origin *o) {
    if (!maps_built)
      {
        for (const snap_entry &e : T.snapshot)
          {
            insn_origin t = T.tag[e.uid];
            any.emplace (e.hash, t);
            if (!present.count (e.uid))
              gone.emplace (e.hash, t);
          }
        maps_built = true;
      }
    const auto &m = which == among::gone_insns ? gone : any;
    auto t = m.find (pattern_hash (insn));
    if (t == m.end ())
      return false;
    *o = t->second;
    return true;
  };
  // The snapshot index just after the last tagged insn seen.  A new insn
  // replaced the insn there if that one is gone; all the insns a split
  // makes take its tag.
  size_t gap = 0;
  bool ssara_pass = pass_is ("ssara");
  bool prologue_pass = pass_is ("pro_and_epilogue");
  bool ra_pass = pass_is ("ira") || pass_is ("reload");
  std::vector<snap_entry> now;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (!tracked_insn_p (insn))
        continue;
      int uid = INSN_UID (insn);
      now.push_back ({ uid, pattern_hash (insn) });
      if (T.tag.count (uid))
        {
          auto p = snap_pos.find (uid);
          if (p != snap_pos.end ())
            gap = p->second + 1;
          continue;
        }
      insn_origin o = insn_origin::after_ra;
      if (ssara_pass)
        o = JUMP_P (insn) ? insn_origin::edge_jump : insn_origin::prepare;
      else if (prologue_epilogue_contains (insn))
        o = insn_origin::prologue;
      else if (prologue_pass)
        {
          if (!by_pattern (insn, among::gone_insns, &o))
            o = insn_origin::prologue;
        }
      else if (ra_pass)
        o = ra_origin (insn);
      else if (gap < T.snapshot.size ()
               && !present.count (T.snapshot[gap].uid))
        o = T.tag[T.snapshot[gap].uid];
      else if (JUMP_P (insn) || !by_pattern (insn, among::any_insns, &o))
        // Jumps of block reordering: a jump's pattern does not hash its
        // label, so its twin would be any jump.
        o = insn_origin::after_ra;
      T.tag[uid] = o;
    }
  T.snapshot.swap (now);
}

void
on_pass_execution (void *gcc_data, void *)
{
  if (!T.decl || !cfun || cfun->decl != T.decl)
    return;
  reconcile ();
  const opt_pass *pass = static_cast<const opt_pass *> (gcc_data);
  T.last_pass = pass && pass->name ? pass->name : "";
}

void
write_tags ()
{
  FILE *f = fopen (T.file.c_str (), "a");
  if (!f)
    {
      error ("ssara: cannot open %qs for the tags: %s", T.file.c_str (),
             xstrerror (errno));
      return;
    }
  const char *name = get_fnname_from_decl (current_function_decl);
  if (name[0] == '*')
    ++name;
  fprintf (f, "function %s\n", name);
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (tracked_insn_p (insn))
      {
        auto t = T.tag.find (INSN_UID (insn));
        fprintf (f, "%d %s\n", INSN_UID (insn),
                 insn_origin_name (t != T.tag.end () ? t->second
                                                     : insn_origin::after_ra));
      }
  fclose (f);
}

const pass_data pass_data_ssara_tags =
{
  RTL_PASS,                     /* type */
  "ssara-tags",                 /* name */
  OPTGROUP_NONE,                /* optinfo_flags */
  TV_PLUGIN_RUN,                /* tv_id */
  0, 0, 0, 0, 0
};

// Immediately before "final": the last reconcile and the function's lines.
class pass_ssara_tags : public rtl_opt_pass
{
public:
  pass_ssara_tags (gcc::context *ctxt)
    : rtl_opt_pass (pass_data_ssara_tags, ctxt)
  {}
  opt_pass *clone () final override { return new pass_ssara_tags (m_ctxt); }
  unsigned int execute (::function *fun) final override
  {
    // The pass-execution callback has just reconciled (this pass ran).
    if (T.decl && fun->decl == T.decl)
      write_tags ();
    T.decl = NULL_TREE;
    T.tag.clear ();
    T.snapshot.clear ();
    return 0;
  }
};

} // anon namespace

void
register_attribution (const char *plugin_name, const plugin_options &opts)
{
  if (opts.tags_file.empty ())
    return;
  T.enabled = true;
  T.file = opts.tags_file;
  register_callback (plugin_name, PLUGIN_PASS_EXECUTION, on_pass_execution,
                     nullptr);
  struct register_pass_info info;
  info.pass = new pass_ssara_tags (g);
  info.reference_pass_name = "final";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &info);
}

void
attribution_begin_function ()
{
  if (!T.enabled)
    return;
  T.decl = current_function_decl;
  T.tag.clear ();
  T.snapshot.clear ();
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (tracked_insn_p (insn))
      {
        T.tag[INSN_UID (insn)] = insn_origin::original;
        T.snapshot.push_back ({ INSN_UID (insn), pattern_hash (insn) });
      }
  T.last_pass = "ssara";
}

void
attribution_tag (const rtx_insn *insn, insn_origin o)
{
  if (T.enabled && T.decl)
    T.tag[INSN_UID (insn)] = o;
}

void
attribution_end_ssara ()
{
  if (T.enabled && T.decl)
    reconcile ();
}

} // namespace ssara
