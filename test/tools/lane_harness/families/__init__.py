"""One module per instruction family: its reference model, written from
ISA.md, and the harnesses (test files) it generates. A module provides
`harnesses()`, a list of harness.Harness; list it here."""
FAMILIES = ["integer", "predicate", "float", "double", "convert", "warp", "video", "operands"]
