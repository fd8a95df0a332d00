.text
        NOP
.set later, undefyet / -0
undefyet:
        NOP
