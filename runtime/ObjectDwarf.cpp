//===-- ObjectDwarf.cpp - An object's DWARF sections, relocated -----------===//
#include "runtime/ObjectDwarf.h"

#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "support/LlvmErrors.h"

using namespace llvm;

namespace simt::rt {

ObjectDwarf::ObjectDwarf() = default;
ObjectDwarf::ObjectDwarf(ObjectDwarf &&) = default;
ObjectDwarf &ObjectDwarf::operator=(ObjectDwarf &&) = default;
ObjectDwarf::~ObjectDwarf() = default;

Expected<ObjectDwarf> ObjectDwarf::read(StringRef Bytes, StringRef Name) {
  auto Buf = MemoryBuffer::getMemBuffer(Bytes, Name, /*RequiresNullTerminator=*/false);
  auto Obj = object::ObjectFile::createObjectFile(Buf->getMemBufferRef());
  if (!Obj)
    return fileError(Name, toString(Obj.takeError()));
  auto *ELF = dyn_cast<object::ELF64LEObjectFile>(Obj->get());
  if (!ELF)
    return fileError(Name, "not an ELF64 little-endian object");
  ObjectDwarf Out;
  std::map<uint64_t, std::string> Debug; // ELF index -> bytes being relocated
  for (const object::SectionRef &S : ELF->sections()) {
    Expected<StringRef> SN = S.getName();
    if (!SN)
      return fileError(Name, toString(SN.takeError()));
    Out.sectionNames_[S.getIndex()] = SN->str();
    if (!SN->starts_with(".debug_"))
      continue;
    Expected<StringRef> Data = S.getContents();
    if (!Data)
      return fileError(Name, toString(Data.takeError()));
    Debug[S.getIndex()] = Data->str();
  }
  for (const object::SectionRef &S : ELF->sections()) {
    Expected<object::section_iterator> Target = S.getRelocatedSection();
    if (!Target) {
      consumeError(Target.takeError());
      continue;
    }
    if (*Target == ELF->section_end() || !Debug.count((*Target)->getIndex()))
      continue;
    std::string &Bytes = Debug[(*Target)->getIndex()];
    const std::string &TargetName = Out.sectionNames_[(*Target)->getIndex()];
    for (const object::ELFRelocationRef R : S.relocations()) {
      const uint64_t Type = R.getType(), Off = R.getOffset();
      const unsigned Size = Type == SIMT::R_SIMT_ABS64 ? 8 : Type == SIMT::R_SIMT_ABS32 ? 4 : 0;
      if (!Size || Off > Bytes.size() || Bytes.size() - Off < Size)
        return fileError(Name, "unexpected relocation in " + TargetName + " at offset " +
                                   Twine(Off));
      object::symbol_iterator Sym = R.getSymbol();
      Expected<int64_t> Addend = R.getAddend();
      if (Sym == ELF->symbol_end() || !Addend) {
        if (!Addend)
          consumeError(Addend.takeError());
        return fileError(Name, "bad relocation in " + TargetName + " at offset " + Twine(Off));
      }
      Expected<object::section_iterator> SymSec = Sym->getSection();
      Expected<uint64_t> Value = Sym->getValue();
      if (!SymSec || !Value || *SymSec == ELF->section_end()) {
        if (!SymSec)
          consumeError(SymSec.takeError());
        if (!Value)
          consumeError(Value.takeError());
        return fileError(Name, "relocation in " + TargetName + " at offset " + Twine(Off) +
                                   " against a symbol without a section");
      }
      uint64_t A = *Value + uint64_t(*Addend);
      if ((*SymSec)->isText()) // code: keep its section
        A = (uint64_t((*SymSec)->getIndex()) << kSectionShift) | uint32_t(A);
      for (unsigned B = 0; B < Size; ++B) // little-endian
        Bytes[Off + B] = char(A >> (8 * B));
    }
  }
  for (auto &[Index, Bytes] : Debug) {
    StringRef SN = Out.sectionNames_[Index];
    Out.sections_[SN.drop_front()] = MemoryBuffer::getMemBufferCopy(Bytes, SN);
  }
  return Out;
}

StringRef ObjectDwarf::section(StringRef Name) const {
  auto It = sections_.find(Name.drop_front());
  return It == sections_.end() ? StringRef() : It->second->getBuffer();
}

DWARFContext &ObjectDwarf::context() const {
  if (!context_)
    context_ = DWARFContext::create(sections_, /*AddrSize=*/8, /*isLittleEndian=*/true,
                                    consumeError, consumeError);
  return *context_;
}

std::optional<uint64_t> ObjectDwarf::address(StringRef Section, uint64_t Offset) const {
  for (const auto &[Index, Name] : sectionNames_)
    if (Name == Section)
      return (Index << kSectionShift) | Offset;
  return std::nullopt;
}

std::optional<std::pair<std::string, uint64_t>> ObjectDwarf::sectionOf(uint64_t Address) const {
  auto It = sectionNames_.find(Address >> kSectionShift);
  if (It == sectionNames_.end())
    return std::nullopt;
  return std::make_pair(It->second, Address & ((uint64_t(1) << kSectionShift) - 1));
}

} // namespace simt::rt
