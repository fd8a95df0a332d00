//===-- SIMTInstrMemory.td - Loads, stores, atomics, locks ----------------===//
//
// ISA.md sections 2, 3.3 and 4 "Memory". Memory format: data register 4..9,
// address 10..39 ([Ra+imm24]); width 40..42, .E 43, and on the global and
// local loads and stores (LD, ST, LDL, STL) the cache operator 44..46
// (SIMTModifiers.td: no effect on results). Atomics use a 20-bit
// offset so that Rb and Rc fit: address 10..35, Rb 36..41, Rc 42..47.
//
//===----------------------------------------------------------------------===//

// An atomic's address [Ra+imm20]: register in bits 0..5, offset in 6..25.
def MemAddr20 : Operand<i32>, OperandKind<"MemAddr", 32> {
  let MIOperandInfo = (ops GPR:$base, i32imm:$offset);
  let ParserMatchClass = SIMTAsmOperand<"MemAddr20",
      "expected a memory address [Ra], [Ra+imm] or [imm] with a 20-bit signed offset">;
  let PrintMethod = "printMemAddr";
  let EncoderMethod = "getMemAddr20Value";
  let DecoderMethod = "decodeMemAddr20";
}

let SemClass = "Memory" in {

// `cacheOp`: the form takes a cache operator (LdCache/StCache, bits 44..46),
// printed after .E and before the width (`LD.E.CG.64`).
class Load<bits<8> opc, string mn, string space, dag ext, string extstr,
           bit cacheOp = false>
    : MemLoad<opc, mn,
              !con(ext, !if(cacheOp, (ins modLdCache:$cop), (ins)),
                   (ins modWidthLd:$width)),
              extstr # !if(cacheOp, "$cop", "") # "$width"> {
  bits<3> width; bits<3> cop;
  let Inst{42-40} = width;
  let Inst{46-44} = !if(cacheOp, cop, ?);
  let MemSpace = space; let mayLoad = true;
  let AccessSize = MG_Width;
  let SizedBy = !con((ops MG_Width:$rd),
                     !if(!empty(extstr), (ops), (ops MG_E:$addr)));
  let Summary = "Rd = " # space # " memory at addr"
                # !if(cacheOp, " (the cache operator changes no result)", "");
}
class Store<bits<8> opc, string mn, string space, dag ext, string extstr,
            bit cacheOp = false>
    : MemStore<opc, mn,
               !con(ext, !if(cacheOp, (ins modStCache:$cop), (ins)),
                    (ins modWidthLd:$width)),
               extstr # !if(cacheOp, "$cop", "") # "$width"> {
  bits<3> width; bits<3> cop;
  let Inst{42-40} = width;
  let Inst{46-44} = !if(cacheOp, cop, ?);
  let MemSpace = space; let mayStore = true;
  let AccessSize = MG_Width;
  let SizedBy = !con((ops MG_Width:$rb),
                     !if(!empty(extstr), (ops), (ops MG_E:$addr)));
  let Summary = space # " memory at addr = Rb"
                # !if(cacheOp, " (the cache operator changes no result)", "");
}

def LD  : Load<0x50, "LD", "global", (ins modE:$e), "$e", true> {
  bits<1> e; let Inst{43} = e;
}
def LDU : Load<0x51, "LDU", "global", (ins modE:$e), "$e"> {
  bits<1> e; let Inst{43} = e;
}
def ST  : Store<0x52, "ST", "global", (ins modE:$e), "$e", true> {
  bits<1> e; let Inst{43} = e;
}
// sm_35's read-only global load (PTX ld.global.nc, __ldg): on Kepler it
// goes through the texture cache, which is not coherent with stores of
// the same kernel; here every load sees memory as it is.
let Level = SM35, Counts = EV_ReadOnlyLoad in
def LDG : Load<0x5f, "LDG", "global", (ins modE:$e), "$e"> {
  bits<1> e; let Inst{43} = e;
  let Summary = "Rd = global memory at addr, read-only for the kernel (non-coherent)";
}
def LDS : Load<0x53, "LDS", "shared", (ins), "">;
def STS : Store<0x54, "STS", "shared", (ins), "">;
def LDL : Load<0x55, "LDL", "local", (ins), "", true>;
def STL : Store<0x56, "STL", "local", (ins), "", true>;

let MemSpace = "const", mayLoad = true,
    Summary = "Rd = constant bank at a per-thread offset" in
def LDC : SIMTSyncInst<0x57, "LDC", (ins modWidthLd:$width, GPROp:$rd,
                       ConstAddr:$addr), "$width", "$rd, $addr"> {
  bits<6> rd; bits<26> addr; bits<3> width;
  let Inst{9-4} = rd; let Inst{35-10} = addr; let Inst{42-40} = width;
  let AccessSize = MG_Width; let SizedBy = (ops MG_Width:$rd);
}

// Load-and-lock / store-and-unlock (3.3): Pd 40..42 (LDLK), width 43..45,
// .E 46.
let IsLock = true in {
let mayLoad = true, Summary = "Rd = memory at addr; Pd = took the lock of addr" in {
def LDLK : MemLoadLock<0x58, "LDLK", (ins modE:$e, modWidthLd:$width), "$e$width"> {
  bits<3> width; bits<1> e;
  let Inst{45-43} = width; let Inst{46} = e;
  let MemSpace = "global";
  let AccessSize = MG_Width; let SizedBy = (ops MG_Width:$rd, MG_E:$addr);
}
def LDSLK : MemLoadLock<0x59, "LDSLK", (ins modWidthLd:$width), "$width"> {
  bits<3> width;
  let Inst{45-43} = width;
  let MemSpace = "shared";
  let AccessSize = MG_Width; let SizedBy = (ops MG_Width:$rd);
}
}
let mayStore = true, Summary = "memory at addr = Rb, then release its lock" in {
def STUL : MemStore<0x5a, "STUL", (ins modE:$e, modWidthLd:$width), "$e$width"> {
  bits<3> width; bits<1> e;
  let Inst{45-43} = width; let Inst{46} = e;
  let MemSpace = "global";
  let AccessSize = MG_Width; let SizedBy = (ops MG_Width:$rb, MG_E:$addr);
}
def STSUL : MemStore<0x5b, "STSUL", (ins modWidthLd:$width), "$width"> {
  bits<3> width;
  let Inst{45-43} = width;
  let MemSpace = "shared";
  let AccessSize = MG_Width; let SizedBy = (ops MG_Width:$rb);
}
}
} // IsLock

// Atomics: op 48..51, type 52..53, .E 54.
let MemSpace = "global", mayLoad = true, mayStore = true, IsAtomic = true,
    AccessSize = MG_AtomTy, Counts = EV_Atomic in {
let Summary = "Rd = old value; memory at addr = old op Rb, per thread in lane order" in
def ATOM : FmtAtom<0x5c, "ATOM", (ins GPROp:$rd), (ins MemAddr20:$addr, GPROp:$rb),
                   (ins modE:$e, modAtomNoCAS:$op, modAtomTy20:$ty), "$e$op$ty",
                   "$rd, $addr, $rb"> {
  bits<4> op; bits<2> ty; bits<1> e;
  let Inst{51-48} = op; let Inst{53-52} = ty; let Inst{54} = e;
  let SizedBy = (ops MG_AtomTy:$rd, MG_AtomTy:$rb, MG_E:$addr);
}
let Summary = "Rd = old value; memory at addr = (old == Rb) ? Rc : old" in
def ATOMCAS : FmtAtom<0x5d, "ATOM", (ins GPROp:$rd),
                      (ins MemAddr20:$addr, GPROp:$rb, GPROp:$rc),
                      (ins modE:$e, modAtomCAS:$op, modAtomTy20:$ty), "$e$op$ty",
                      "$rd, $addr, $rb, $rc"> {
  bits<4> op; bits<2> ty; bits<1> e;
  let Inst{51-48} = op; let Inst{53-52} = ty; let Inst{54} = e;
  let SizedBy = (ops MG_AtomTy:$rd, MG_AtomTy:$rb, MG_AtomTy:$rc, MG_E:$addr);
}
// sm_35: signed 64-bit MIN and MAX (the unsigned and bitwise 64-bit
// operations are ATOM's .U64). Type 42..44.
let Level = SM35, Summary = "Rd = old value; memory at addr = old min/max Rb, signed 64-bit" in
def ATOMS64 : FmtAtom<0x4f, "ATOM", (ins GPROp:$rd), (ins MemAddr20:$addr, GPROp:$rb),
                      (ins modE:$e, modAtomMinMax:$op, modAtomS64:$ty), "$e$op$ty",
                      "$rd, $addr, $rb"> {
  bits<4> op; bits<3> ty; bits<1> e;
  let Inst{44-42} = ty; let Inst{51-48} = op; let Inst{54} = e;
  let SizedBy = (ops MG_AtomTy:$rd, MG_AtomTy:$rb, MG_E:$addr);
}
let Summary = "memory at addr = old op Rb (no result)" in
def RED : FmtAtom<0x5e, "RED", (ins), (ins MemAddr20:$addr, GPROp:$rb),
                  (ins modE:$e, modRedOp:$op, modAtomTy20:$ty), "$e$op$ty",
                  "$addr, $rb"> {
  bits<4> op; bits<2> ty; bits<1> e;
  let Inst{51-48} = op; let Inst{53-52} = ty; let Inst{54} = e;
  let SizedBy = (ops MG_AtomTy:$rb, MG_E:$addr);
}
}

} // SemClass = "Memory"
