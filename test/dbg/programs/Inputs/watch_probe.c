// lit.cfg.py's probe: does a hardware watchpoint fire on this machine?
volatile int watched;

int main(void) {
  watched = 1;
  watched = 2;
  return watched == 2 ? 0 : 1;
}
