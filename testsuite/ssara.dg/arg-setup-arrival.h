struct head { int *node; int a, b; };
struct stack { struct head *heads; unsigned size; int pool[8]; };
typedef struct { int x, y; } pair;
extern int *node_new (int *prev, pair *sub, int pending, int state,
                      int *pool);

__attribute__((noinline)) void
push (struct stack *self, unsigned version, pair subtree, int pending,
      int state)
{
  struct head *head = &self->heads[version];
  int *n = node_new (head->node, &subtree, pending, state, self->pool);
  head->node = n;
}
