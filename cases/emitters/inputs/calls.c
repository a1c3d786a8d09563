/* Input of the uftrace case: a fixed call tree (main -> g -> f, three times). */
#include <stdio.h>

int f(int x) { return x * 2; }
int g(int x) { return f(x) + 1; }

int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) s += g(i);
  printf("%d\n", s);
  return 0;
}
