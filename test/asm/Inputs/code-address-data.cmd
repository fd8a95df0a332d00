break k
run
disassemble
continue
