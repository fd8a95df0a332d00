// The real ISA plus malformed records: simt_tablegen.py must name each
// record and field (tablegen-errors.test).
include "SIMT.td"

// Two spellings, one enumerator.
def MG_Bad : ModGroup<["A", "B"]> { let Values = ["A"]; }

// Claims IntType's enum with other spellings.
def MG_BadType : ModGroup<["U8", "S8"]> { let Enum = "IntType"; }

// NAN is a <cmath> macro: not usable as an enumerator.
def MG_BadNaN : ModGroup<["NUM", "NAN"]>;

// A load that does not say which group sizes its access.
let SemClass = "Memory", mayLoad = true in
def BADLD : FmtMem<0xf0, "BADLD", (ins GPROp:$rd, MemAddr:$addr), "", "$rd, $addr">;

// SizedBy names an operand the record does not have.
let SemClass = "Memory", mayLoad = true, AccessSize = MG_Width,
    SizedBy = (ops MG_Width:$rx) in
def BADLD2 : FmtMem<0xf1, "BADLD2", (ins modWidthLd:$width, GPROp:$rd, MemAddr:$addr),
                    "$width", "$rd, $addr">;

// An operand class without OperandKind: the loader could not lower it.
def NoKindImm : Operand<i32>;
let SemClass = "Integer" in
def BADK : FmtALU<0xf2, "BADK", (ins GPROp:$rd, NoKindImm:$imm), "", "$rd, $imm">;

// An event no instruction counts: its counter would always read zero.
def EV_Unused : CountedEvent<"never counted">;

// An atomic that does not write memory, and a lock instruction that both
// takes (loads) and releases (stores).
let SemClass = "Memory", MemSpace = "global", mayLoad = true, IsAtomic = true,
    AccessSize = MG_Width in
def BADATOM : FmtMem<0xf3, "BADATOM", (ins modWidthLd:$width, GPROp:$rd, MemAddr:$addr),
                     "$width", "$rd, $addr">;
let SemClass = "Memory", MemSpace = "shared", mayLoad = true, mayStore = true,
    IsLock = true, AccessSize = MG_Width in
def BADLK : FmtMem<0xf4, "BADLK", (ins modWidthLd:$width, GPROp:$rd, MemAddr:$addr),
                   "$width", "$rd, $addr">;
