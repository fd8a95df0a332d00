// Names BRA with a CC test (BRAcc) and ATOM.CAS, not plain BRA or ATOM.
BRA CC.NE, loop
ATOM.E.CAS R1, [R2], R3, R4
