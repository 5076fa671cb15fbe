/* ts_parser__check_progress from tree-sitter, shaped for
   cheaper-margin-r12.c and spill-auto-O2.c: with 12 GPRs (r31 the only
   call-saved one), self and lookahead both live across calls.  */

typedef struct { unsigned long long v; } clk;
struct state { unsigned current_byte_offset; int has_error; };
struct opts { int (*progress_callback) (struct state *); };
struct tree { void *ptr; };
struct parser
{
  unsigned operation_count;
  struct state parse_state;
  int has_error;
  volatile int *cancellation_flag;
  clk end_clock;
  struct opts parse_options;
  int tree_pool;
};
extern clk clock_now (void);
extern void release (int *, struct tree);

static inline int clock_is_null (clk c) { return !c.v; }
static inline int clock_is_gt (clk a, clk b) { return a.v > b.v; }

int
check_progress (struct parser *self, struct tree *lookahead,
                const unsigned *position, unsigned operations)
{
  self->operation_count += operations;
  if (self->operation_count >= 100)
    self->operation_count = 0;
  if (position != 0)
    {
      self->parse_state.current_byte_offset = *position;
      self->parse_state.has_error = self->has_error;
    }
  if (self->operation_count == 0
      && ((self->cancellation_flag && *self->cancellation_flag)
          || (!clock_is_null (self->end_clock)
              && clock_is_gt (clock_now (), self->end_clock))
          || (self->parse_options.progress_callback
              && self->parse_options.progress_callback (&self->parse_state))))
    {
      if (lookahead && lookahead->ptr)
        release (&self->tree_pool, *lookahead);
      return 0;
    }
  return 1;
}
