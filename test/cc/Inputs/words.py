"""Operand words for the integer run scripts (video.py, dot.py,
mad_carry.py): a 64-bit LCG's high halves, and words made of edge bytes."""

MASK32 = (1 << 32) - 1


class Words:
    def __init__(self, seed):
        self.state = seed

    def rand32(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        return self.state >> 32

    def edge_word(self):
        """Four bytes from 0, 1, 0x7f, 0x80, 0xff."""
        return sum([0x00, 0x01, 0x7F, 0x80, 0xFF][self.rand32() % 5] << (8 * k) for k in range(4))
