/* Plain C in the same program: the host reference's offset. */
float hostOffset(int i) { return (float)(i % 7); }
