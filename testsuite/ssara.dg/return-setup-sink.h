struct entry { int *subtree; int a, b, c, d; };
struct cursor { int *tree; struct entry *stack; unsigned size; };
struct node { int context[4]; int *id; int *tree; };

__attribute__((noinline)) struct node
current (const struct cursor *self)
{
  struct entry *last = &self->stack[self->size - 1];
  struct node n;
  n.context[0] = last->a;
  n.context[1] = last->b;
  n.context[2] = last->c;
  n.context[3] = (*last->subtree & 1) ? 0 : last->d;
  n.id = last->subtree;
  n.tree = self->tree;
  return n;
}
