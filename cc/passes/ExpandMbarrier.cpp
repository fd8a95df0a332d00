//===-- ExpandMbarrier.cpp - mbarrier objects as words and atomics --------===//
#include "cc/passes/ExpandMbarrier.h"
#include "cc/passes/InstructionBuilder.h"

using namespace llvm;

namespace simt::cc {

namespace {

using namespace ptx_types;
constexpr int64_t kPhaseShift = 52, kExpectedShift = 32, kExpectedMask = 0xfffff;

class MbarrierExpander : InstructionBuilder {
public:
  MbarrierExpander(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%mbar") {}
  bool run();

private:
  Operand imm(int64_t V) const { return Operand::imm(V, Site.Loc); }
  /// Op (a .u32 register or constant) as a .u64 register.
  Operand wide(const Operand &Op);
  /// An instruction on the object at Addr, in the site's state space.
  Instruction &onObject(Instruction &I) {
    I.Space = Site.Space;
    return I;
  }
  bool init(const Operand &Addr, const Operand &Count);
  /// arrive, arrive_drop, arrive.noComplete: Count arrivals; State the
  /// register for the state, or none.
  bool arrive(const Operand *State, const Operand &Addr, const Operand &Count);
  bool wait(const Operand &Done, const Operand &Addr, const Operand &Of);
};

Operand MbarrierExpander::wide(const Operand &Op) {
  Operand R = temp(U64);
  if (Op.K == Operand::Imm)
    emit(Opcode::Mov, {U64}, {R, imm(Op.Int & 0xffffffff)});
  else
    emit(Opcode::Cvt, {U64, U32}, {R, Op});
  return R;
}

bool MbarrierExpander::init(const Operand &Addr, const Operand &Count) {
  Operand C = wide(Count), V = temp(B64);
  emit(Opcode::Shl, {B64}, {V, C, imm(kExpectedShift)});
  emit(Opcode::Or, {B64}, {V, V, C});
  onObject(emit(Opcode::St, {U64}, {Addr, V}));
  return true;
}

bool MbarrierExpander::arrive(const Operand *State, const Operand &Addr, const Operand &Count) {
  const bool Drop = Site.has(Modifier::ArriveDrop);
  Operand C = wide(Count), Delta = temp(U64), Old = temp(U64);
  if (Drop) { // the expected count goes down with the pending one
    emit(Opcode::Shl, {B64}, {Delta, C, imm(kExpectedShift)});
    emit(Opcode::Add, {U64}, {Delta, Delta, C});
    emit(Opcode::Neg, {PTXType::S64}, {Delta, Delta});
  } else {
    emit(Opcode::Neg, {PTXType::S64}, {Delta, C});
  }
  onObject(emit(Opcode::Atom, {U64}, {Old, Addr, Delta}, {Modifier::Add}));
  if (State)
    emit(Opcode::Mov, {B64}, {*State, Old});
  if (Site.has(Modifier::NoComplete))
    return true; // the program promises this arrival does not complete
  // The arrival that finds Count pending completes the phase: the next
  // one's pending count is the expected count (less the drop), its phase
  // one more.
  Operand Pending = temp(U64), Completes = temp(Pred), Expected = temp(U64), Next = temp(U64);
  emit(Opcode::And, {B64}, {Pending, Old, imm(0xffffffff)});
  emit(Opcode::Setp, {U64}, {Completes, Pending, C}, {Modifier::Eq});
  emit(Opcode::Shr, {U64}, {Expected, Old, imm(kExpectedShift)});
  emit(Opcode::And, {B64}, {Expected, Expected, imm(kExpectedMask)});
  if (Drop)
    emit(Opcode::Sub, {U64}, {Expected, Expected, C});
  emit(Opcode::Add, {U64}, {Next, Expected, imm(int64_t(1) << kPhaseShift)});
  onObject(guarded(withGuard(Completes), Opcode::Red, {U64}, {Addr, Next})).Mods = {Modifier::Add};
  return true;
}

bool MbarrierExpander::wait(const Operand &Done, const Operand &Addr, const Operand &Of) {
  Operand Word = temp(U64), Phase = temp(U64), Then = temp(U64);
  Instruction &Load = onObject(emit(Opcode::Ld, {U64}, {Word, Addr}));
  Load.Mods = {Modifier::Volatile};
  emit(Opcode::Shr, {U64}, {Phase, Word, imm(kPhaseShift)});
  if (Site.has(Modifier::Parity)) {
    emit(Opcode::And, {B64}, {Phase, Phase, imm(1)});
    Then = wide(Of);
  } else {
    emit(Opcode::Shr, {U64}, {Then, Of, imm(kPhaseShift)});
  }
  emit(Opcode::Setp, {U64}, {Done, Phase, Then}, {Modifier::Ne});
  return true;
}

bool MbarrierExpander::run() {
  if (Site.Op == Opcode::Cp) {
    // cp.async.mbarrier.arrive{.noinc} [a]: an arrival once the thread's
    // copies are complete, which they are; without .noinc the pending
    // count was raised by one for it first: no change.
    if (!Site.has(Modifier::Mbarrier) || !Site.has(Modifier::Arrive) || Site.Ops.size() != 1 ||
        op(0).K != Operand::Address)
      return false;
    return !Site.has(Modifier::Noinc) || arrive(nullptr, op(0), imm(1));
  }
  if (Site.has(Modifier::ExpectTx) || Site.has(Modifier::CompleteTx) ||
      Site.has(Modifier::PendingCount) || Site.has(Modifier::Cluster))
    return false;
  const size_t N = Site.Ops.size();
  auto isAddr = [&](unsigned I) { return N > I && op(I).K == Operand::Address; };
  if (Site.has(Modifier::Inval))
    return N == 1 && isAddr(0); // nothing to undo
  if (Site.has(Modifier::Init))
    return N == 2 && isAddr(0) && init(op(0), op(1));
  if (Site.has(Modifier::Arrive) || Site.has(Modifier::ArriveDrop)) {
    if ((N != 2 && N != 3) || !isAddr(1) ||
        (op(0).K != Operand::Reg && op(0).K != Operand::Sink))
      return false;
    return arrive(op(0).K == Operand::Reg ? &op(0) : nullptr, op(1), N == 3 ? op(2) : imm(1));
  }
  if (Site.has(Modifier::TestWait) || Site.has(Modifier::TryWait)) {
    // try_wait's suspend-time hint, a fourth operand, is a hint
    if (N < 3 || N > 4 || op(0).K != Operand::Reg || !isAddr(1))
      return false;
    return wait(op(0), op(1), op(2));
  }
  return false;
}

} // namespace

bool expandMbarrier(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return runExpander<MbarrierExpander>(F, Site, Out);
}

} // namespace simt::cc
