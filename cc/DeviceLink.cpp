//===-- DeviceLink.cpp - simt-nvcc's device link of -rdc objects ----------===//
#include "cc/DeviceLink.h"

#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace simt::cc {

static constexpr StringLiteral kRelFatbinSection = "__nv_relfatbin";
static constexpr StringLiteral kRegisterPrefix = "__cudaRegisterLinkedBinary_";

/// One object's device bitcode and module ids; false if it is not an object.
static bool readObject(MemoryBufferRef Buf, RelocatableDeviceCode &Out) {
  Expected<std::unique_ptr<object::ObjectFile>> Obj = object::ObjectFile::createObjectFile(Buf);
  if (!Obj) {
    consumeError(Obj.takeError());
    return false;
  }
  for (const object::SectionRef &S : (*Obj)->sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name || *Name != kRelFatbinSection) {
      if (!Name)
        consumeError(Name.takeError());
      continue;
    }
    if (Expected<StringRef> Bytes = S.getContents())
      Out.bitcode.push_back(Bytes->str());
    else
      consumeError(Bytes.takeError());
  }
  for (const object::SymbolRef &Sym : (*Obj)->symbols()) {
    Expected<StringRef> Name = Sym.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (Name->starts_with(kRegisterPrefix))
      Out.moduleIds.insert(Name->drop_front(kRegisterPrefix.size()).str());
  }
  return true;
}

bool collectRelocatableDeviceCode(const std::vector<std::string> &Inputs,
                                  RelocatableDeviceCode &Out, std::string &Message) {
  for (const std::string &Path : Inputs) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      Message = "cannot read '" + Path + "': " + Buf.getError().message();
      return false;
    }
    MemoryBufferRef Ref = (*Buf)->getMemBufferRef();
    if (!Ref.getBuffer().starts_with("!<arch>\n")) {
      readObject(Ref, Out);
      continue;
    }
    Expected<std::unique_ptr<object::Archive>> Ar = object::Archive::create(Ref);
    if (!Ar) {
      Message = "'" + Path + "': " + toString(Ar.takeError());
      return false;
    }
    Error Err = Error::success();
    for (const object::Archive::Child &C : (*Ar)->children(Err)) {
      Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
      if (!Member) {
        consumeError(Member.takeError());
        continue;
      }
      readObject(*Member, Out);
    }
    if (Err) {
      Message = "'" + Path + "': " + toString(std::move(Err));
      return false;
    }
  }
  return true;
}

std::string registrationSource(StringRef ImagePath, const std::set<std::string> &Ids) {
  std::string S =
      "// simt-nvcc's device link: the program's device code, linked, registered\n"
      "// once with libcudart for every translation unit compiled with -rdc.\n"
      "extern \"C\" void **__cudaRegisterFatBinary(void *);\n"
      "extern \"C\" void __cudaRegisterFatBinaryEnd(void **);\n"
      "asm(\".section .rodata\\n.balign 16\\n.hidden __simt_dlink_image\\n"
      ".globl __simt_dlink_image\\n__simt_dlink_image:\\n.incbin \\\"" +
      ImagePath.str() +
      "\\\"\\n.previous\");\n"
      "extern \"C\" const unsigned char __simt_dlink_image[];\n"
      "namespace {\n"
      "struct Wrapper { int magic, version; const void *data, *unused; };\n"
      "const Wrapper wrapper = {0x466243B1, 1, __simt_dlink_image, nullptr};\n"
      "void **handle() {\n"
      "  static void **h = __cudaRegisterFatBinary((void *)&wrapper);\n"
      "  return h;\n"
      "}\n"
      "} // namespace\n";
  // CUDA 10.1's end of the registration, once every translation unit has
  // registered its globals, as nvcc's link stub ends it.
  S += "static unsigned registered = 0;\n";
  for (const std::string &Id : Ids)
    S += "extern \"C\" void __cudaRegisterLinkedBinary_" + Id +
         "(void (*registerGlobals)(void **), void *, void *, void *) {\n"
         "  registerGlobals(handle());\n"
         "  if (++registered == " +
         std::to_string(Ids.size()) +
         ")\n"
         "    __cudaRegisterFatBinaryEnd(handle());\n"
         "}\n";
  return S;
}

} // namespace simt::cc
