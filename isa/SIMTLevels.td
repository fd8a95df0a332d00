//===-- SIMTLevels.td - Levels of the ISA ------------------*- tablegen -*-===//
//
// The ISA has levels, as LLVM targets carry subtarget features: sm_20 (the
// Fermi-class base, ISA.md 1-6) and sm_35 (the Kepler GK110 class: warp
// shuffles, read-only global loads, funnel shifts, 64-bit atomic min/max
// and bitwise operations, ISA.md 7). Each level is a SubtargetFeature that
// implies the level below, a processor of the same name (what `.target
// sm_35` selects) and an assembler predicate the records of that level
// require. Every record states its level (SIMTInst's Level, the base level
// unless set); the generator gives the emulator and the reference page the
// same, so adding a level is one more `defm` here, nothing else.
//
//===----------------------------------------------------------------------===//

// The feature's FieldName/Value are the subtarget's `Level` field (the
// highest level wins); SM is the level as a number (20, 35), Arch its name,
// RegsPerSm the register file of an SM of a device of that level, MaxGridX
// the largest grid in x it launches, MaxCtasPerSm the CTAs an SM holds at once,
// WarpsPerSm its warp slots (the resident warps).
class SIMTLevelFeature<int sm, string desc, list<SubtargetFeature> below, int regs,
                       int gridx, int ctas, int warps>
    : SubtargetFeature<"sm_" # sm, "Level", !cast<string>(sm), desc, below> {
  int SM = sm;
  string Arch = "sm_" # sm;
  int RegsPerSm = regs;
  int MaxGridX = gridx;
  int MaxCtasPerSm = ctas;
  int WarpsPerSm = warps;
}

multiclass SIMTLevel<int sm, string desc, list<SubtargetFeature> below, int regs, int gridx,
                     int ctas, int warps> {
  def "" : SIMTLevelFeature<sm, desc, below, regs, gridx, ctas, warps>;
  def Pred : Predicate<"true">,
             AssemblerPredicate<(all_of !cast<SubtargetFeature>(NAME)), "sm_" # sm>;
  def : ProcessorModel<"sm_" # sm, NoSchedModel, [!cast<SubtargetFeature>(NAME)]>;
}

defm SM20 : SIMTLevel<20, "Fermi class (GF100): the base level", [], 32768, 65535, 8, 48>;
defm SM35 : SIMTLevel<35, "Kepler class (GK110): SHFL, LDG, SHF, ATOM.MIN/MAX.S64",
                      [SM20], 65536, 0x7fffffff, 16, 64>;

// An object without `.target` (and the assembler's default) is at the base.
def : ProcessorModel<"generic", NoSchedModel, [SM20]>;
