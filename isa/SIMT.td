//===-- SIMT.td - SIMT GPU instruction set, top level ------*- tablegen -*-===//
//
// The single description of the ISA (docs/ISA.md). Everything that
// knows an opcode, an operand or a modifier -- the assembler, the printer, the
// code emitter, the disassembler, the emulator's decode tables and the ISA
// reference page -- is generated from these records. This file only includes.
//
//===----------------------------------------------------------------------===//

include "llvm/Target/Target.td"

include "SIMTLevels.td"
include "SIMTRegisterInfo.td"
include "SIMTModifiers.td"
include "SIMTOperands.td"
include "SIMTEvents.td"
include "SIMTInstrFormats.td"
include "SIMTInstrInteger.td"
include "SIMTInstrFloat.td"
include "SIMTInstrDouble.td"
include "SIMTInstrConvert.td"
include "SIMTInstrPredicate.td"
include "SIMTInstrVideo.td"
include "SIMTInstrMemory.td"
include "SIMTInstrWarp.td"
include "SIMTInstrControl.td"
include "SIMTAliases.td"

def SIMTInstrInfo : InstrInfo;

def SIMTAsmParser : AsmParser {
  // Registers, predicates and modifiers are parsed by hand (SIMTAsmParser.cpp):
  // the generated matcher only checks operand classes.
  let ShouldEmitMatchRegisterName = false;
}

def SIMTAsmWriter : AsmWriter {
  int PassSubtarget = 0;
}

def SIMT : Target {
  let InstructionSet = SIMTInstrInfo;
  let AssemblyParsers = [SIMTAsmParser];
  let AssemblyWriters = [SIMTAsmWriter];
  let AllowRegisterRenaming = 0;
}

// The processors are the levels (SIMTLevels.td); no scheduling model: the
// emulator's timing is its own.
