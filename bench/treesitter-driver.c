/* treesitter-driver.c -- a fixed workload for the Tree-sitter parsing
   library (lib.c from the tree-sitter npm package) and its JSON grammar
   (the generated parser.c from the tree-sitter-json npm package), both
   fetched at bench time: parse a generated JSON document, walk the
   syntax tree, edit the text and reparse incrementally, run a query.
   Prints node counts and checksums, the same for every correct
   compiler.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"

const TSLanguage *tree_sitter_json (void);

static char *doc;
static size_t len, cap;

static void
put (const char *s)
{
  size_t n = strlen (s);
  if (len + n + 1 > cap)
    {
      cap = 2 * (len + n + 1);
      doc = realloc (doc, cap);
    }
  memcpy (doc + len, s, n + 1);
  len += n;
}

/* A JSON array of records with nested arrays, strings and numbers.  */
static void
generate (int records, unsigned seed)
{
  static const char *const words[]
    = { "alloc", "phi", "spill", "reg", "copy", "swap", "ssa", "live" };
  char buf[128];
  put ("[\n");
  for (int i = 0; i < records; i++)
    {
      seed = seed * 1103515245u + 12345u;
      snprintf (buf, sizeof buf, "  {\"id\": %d, \"name\": \"%s-%u\", "
                "\"weight\": %u.%02u, \"ok\": %s, \"tags\": [", i,
                words[(seed >> 16) % 8], seed % 1000, (seed >> 8) % 100,
                seed % 100, seed & 1 ? "true" : "false");
      put (buf);
      for (unsigned t = 0; t < 1 + (seed >> 20) % 5; t++)
        {
          snprintf (buf, sizeof buf, "%s\"%s\"", t ? ", " : "",
                    words[(seed >> (t * 3)) % 8]);
          put (buf);
        }
      put ("], \"next\": ");
      put ((seed >> 4) % 3 ? "null" : "{\"a\": [1, 2, {\"b\": -3e2}]}");
      put (i + 1 < records ? "},\n" : "}\n");
    }
  put ("]\n");
}

static unsigned long long
walk (TSTree *tree, unsigned *nodes, unsigned *named)
{
  TSTreeCursor c = ts_tree_cursor_new (ts_tree_root_node (tree));
  unsigned long long sum = 0;
  *nodes = *named = 0;
  for (;;)
    {
      TSNode n = ts_tree_cursor_current_node (&c);
      (*nodes)++;
      *named += ts_node_is_named (n);
      sum = sum * 31 + ts_node_symbol (n) * 7919u + ts_node_start_byte (n)
            + ts_node_end_byte (n) * 3u;
      if (ts_tree_cursor_goto_first_child (&c))
        continue;
      while (!ts_tree_cursor_goto_next_sibling (&c))
        if (!ts_tree_cursor_goto_parent (&c))
          {
            ts_tree_cursor_delete (&c);
            return sum;
          }
    }
}

int
main (void)
{
  TSParser *parser = ts_parser_new ();
  unsigned nodes, named;
  if (!ts_parser_set_language (parser, tree_sitter_json ()))
    return 2;
  generate (1200, 99);
  TSTree *tree = ts_parser_parse_string (parser, NULL, doc, len);
  unsigned long long sum = walk (tree, &nodes, &named);
  printf ("parse: %zu bytes, %u nodes, %u named, error %d, checksum %016llx\n",
          len, nodes, named, ts_node_has_error (ts_tree_root_node (tree)), sum);

  /* Edits: turn a value into a string, then reparse incrementally.  */
  for (int e = 0; e < 40; e++)
    {
      char *p = strstr (doc + (len / 40) * e, "null");
      if (!p)
        continue;
      uint32_t at = (uint32_t) (p - doc);
      memcpy (p, "\"nu\"", 4);
      TSPoint pt = { 0, 0 };
      TSInputEdit edit = { at, at + 4, at + 4, pt, pt, pt };
      ts_tree_edit (tree, &edit);
      TSTree *next = ts_parser_parse_string (parser, tree, doc, len);
      ts_tree_delete (tree);
      tree = next;
    }
  sum = walk (tree, &nodes, &named);
  printf ("edits: %u nodes, %u named, checksum %016llx\n", nodes, named, sum);

  /* A query: every pair whose key is "name" and its string value.  */
  uint32_t off;
  TSQueryError qerr;
  const char *src = "(pair key: (string) @k value: (string) @v)";
  TSQuery *q = ts_query_new (tree_sitter_json (), src, strlen (src), &off, &qerr);
  if (!q)
    return 3;
  TSQueryCursor *qc = ts_query_cursor_new ();
  ts_query_cursor_exec (qc, q, ts_tree_root_node (tree));
  TSQueryMatch m;
  unsigned matches = 0;
  unsigned long long qs = 0;
  while (ts_query_cursor_next_match (qc, &m))
    {
      matches++;
      for (unsigned i = 0; i < m.capture_count; i++)
        qs = qs * 131 + ts_node_start_byte (m.captures[i].node);
    }
  printf ("query: %u matches, checksum %016llx\n", matches, qs);
  ts_query_cursor_delete (qc);
  ts_query_delete (q);
  ts_tree_delete (tree);
  ts_parser_delete (parser);
  free (doc);
  return 0;
}
