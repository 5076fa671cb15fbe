/* sqlite-driver.c -- a fixed workload for the SQLite amalgamation (from
   the better-sqlite3 npm package, fetched at bench time): an in-memory
   database with two tables, thousands of inserted rows, an index,
   indexed lookups, updates, a join, aggregates and sorting.  Every query
   result is folded into a checksum and printed, so the output is the same
   for every correct compiler.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"

#define ROWS 4000
#define CUSTOMERS 400
#define LOOKUPS 2000

static sqlite3 *db;
static unsigned long long sum;

static void
die (const char *what)
{
  fprintf (stderr, "%s: %s\n", what, sqlite3_errmsg (db));
  exit (2);
}

static void
exec (const char *sql)
{
  char *err = 0;
  if (sqlite3_exec (db, sql, 0, 0, &err) != SQLITE_OK)
    {
      fprintf (stderr, "%s: %s\n", sql, err);
      exit (2);
    }
}

static sqlite3_stmt *
prepare (const char *sql)
{
  sqlite3_stmt *s;
  if (sqlite3_prepare_v2 (db, sql, -1, &s, 0) != SQLITE_OK)
    die (sql);
  return s;
}

/* Fold every column of every row of S into the checksum; return the
   number of rows.  */
static int
fold_rows (sqlite3_stmt *s)
{
  int rows = 0, rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      rows++;
      for (int c = 0; c < sqlite3_column_count (s); c++)
        {
          const unsigned char *t = sqlite3_column_text (s, c);
          sum = sum * 1000003u + (unsigned long long) sqlite3_column_int64 (s, c);
          for (; t && *t; t++)
            sum = sum * 31u + *t;
        }
    }
  if (rc != SQLITE_DONE)
    die ("step");
  sqlite3_reset (s);
  return rows;
}

static unsigned
lcg (unsigned *seed)
{
  *seed = *seed * 1103515245u + 12345u;
  return *seed >> 8;
}

static void
query (const char *label, const char *sql)
{
  sqlite3_stmt *s = prepare (sql);
  int rows = fold_rows (s);
  sqlite3_finalize (s);
  printf ("%-10s %5d rows, checksum %016llx\n", label, rows, sum);
}

int
main (void)
{
  static const char *const words[]
    = { "alloc", "phi", "spill", "reg", "copy", "swap", "ssa", "coalesce",
        "liveness", "interval", "dominator", "split" };
  unsigned seed = 2026;
  char text[64];

  if (sqlite3_open (":memory:", &db) != SQLITE_OK)
    die ("open");
  exec ("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, "
        "region INTEGER, credit REAL)");
  exec ("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER, "
        "item TEXT, qty INTEGER, price REAL, day INTEGER)");

  exec ("BEGIN");
  sqlite3_stmt *ins = prepare ("INSERT INTO customer VALUES (?, ?, ?, ?)");
  for (int i = 0; i < CUSTOMERS; i++)
    {
      snprintf (text, sizeof text, "%s-%s-%d", words[lcg (&seed) % 12],
                words[lcg (&seed) % 12], i);
      sqlite3_bind_int (ins, 1, i);
      sqlite3_bind_text (ins, 2, text, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (ins, 3, lcg (&seed) % 17);
      sqlite3_bind_double (ins, 4, (lcg (&seed) % 100000) / 100.0);
      if (sqlite3_step (ins) != SQLITE_DONE)
        die ("insert customer");
      sqlite3_reset (ins);
    }
  sqlite3_finalize (ins);
  ins = prepare ("INSERT INTO orders (customer, item, qty, price, day) "
                 "VALUES (?, ?, ?, ?, ?)");
  for (int i = 0; i < ROWS; i++)
    {
      snprintf (text, sizeof text, "%s %u", words[lcg (&seed) % 12],
                lcg (&seed) % 1000);
      sqlite3_bind_int (ins, 1, lcg (&seed) % CUSTOMERS);
      sqlite3_bind_text (ins, 2, text, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (ins, 3, 1 + lcg (&seed) % 20);
      sqlite3_bind_double (ins, 4, (lcg (&seed) % 50000) / 100.0);
      sqlite3_bind_int (ins, 5, lcg (&seed) % 365);
      if (sqlite3_step (ins) != SQLITE_DONE)
        die ("insert orders");
      sqlite3_reset (ins);
    }
  sqlite3_finalize (ins);
  exec ("COMMIT");
  exec ("CREATE INDEX orders_customer ON orders (customer, day)");
  exec ("CREATE INDEX customer_region ON customer (region)");
  printf ("inserted %d customers, %d orders\n", CUSTOMERS, ROWS);

  /* Indexed point lookups through a prepared statement.  */
  sqlite3_stmt *look = prepare ("SELECT count(*), sum(qty * price), max(day) "
                                "FROM orders WHERE customer = ? AND day >= ?");
  int found = 0;
  for (int i = 0; i < LOOKUPS; i++)
    {
      sqlite3_bind_int (look, 1, lcg (&seed) % CUSTOMERS);
      sqlite3_bind_int (look, 2, lcg (&seed) % 365);
      found += fold_rows (look);
    }
  sqlite3_finalize (look);
  printf ("lookups    %5d rows, checksum %016llx\n", found, sum);

  exec ("UPDATE orders SET price = price * 1.1 WHERE qty > 15");
  exec ("DELETE FROM orders WHERE day % 50 = 7");
  query ("join", "SELECT c.region, count(*), sum(o.qty), round(sum(o.qty * o.price), 2) "
         "FROM orders o JOIN customer c ON o.customer = c.id "
         "GROUP BY c.region ORDER BY c.region");
  query ("aggregate", "SELECT customer, count(*), avg(price), min(item), max(item) "
         "FROM orders GROUP BY customer HAVING count(*) > 10 ORDER BY 2 DESC, 1");
  query ("sort", "SELECT item, qty, price FROM orders ORDER BY item, price DESC LIMIT 500");
  query ("subquery", "SELECT name, credit FROM customer WHERE id IN "
         "(SELECT customer FROM orders WHERE qty = 20) ORDER BY credit DESC");
  query ("text", "SELECT substr(item, 1, 3) AS w, count(*), group_concat(DISTINCT qty) "
         "FROM orders GROUP BY w ORDER BY w");
  query ("window", "SELECT id, sum(qty) OVER (PARTITION BY customer ORDER BY day "
         "ROWS 3 PRECEDING) FROM orders WHERE customer < 40 ORDER BY id");
  sqlite3_close (db);
  return 0;
}
