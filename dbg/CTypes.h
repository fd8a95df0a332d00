//===-- CTypes.h - C types of the variables simt-dbg shows ------*- C++ -*-===//
//
// The types `print`, `ptype` and `whatis` work with: base types (integers,
// characters, bool, floats), pointers (with the memory they point into:
// global, or a window of this ISA), arrays, structs, unions, enums, and the
// typedefs and qualifiers over them, as gdb shows them. They come from an
// object's DWARF (TypeCache, one per object: a type is made once, and a
// struct that points to itself works), or are the debugger's own (the
// results of arithmetic, CUDA's uint3 and dim3 for threadIdx and friends).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/DebugInfo/DWARF/DWARFDie.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace simt::dbg {

struct CType;
using TypeRef = std::shared_ptr<const CType>;

struct CType {
  enum Kind : uint8_t {
    Void, Bool, Int, Char, Float, Pointer, Array, Struct, Union, Enum, Function,
    Typedef, Const, Volatile, // over `target`
  };
  /// C++'s access to a member (DW_AT_accessibility's values).
  enum Access : uint8_t { Public = 1, Protected = 2, Private = 3 };
  struct Member {
    std::string name;
    uint64_t offset = 0; // bytes
    TypeRef type;
    unsigned bitSize = 0, bitOffset = 0; // a bit-field: bits from the offset's byte 0
    Access access = Public;
  };
  /// A member function as ptype declares it (`void step(float);`).
  struct Method {
    std::string declaration;
    Access access = Public;
  };
  Kind kind = Void;
  std::string name;     // a base type's, a tag's ("Pair"), a typedef's
  uint64_t size = 0;    // bytes
  bool isSigned = false;
  TypeRef target;       // a pointer's pointee, an array's element, what a typedef names
  uint64_t count = 0;   // an array's elements (0: unknown)
  uint16_t addressClass = 0; // a pointer's memory (isa/SIMTDwarf.h AddressClass)
  bool reference = false;    // a Pointer that is a C++ reference (`T &`, `T &&`)
  std::vector<Member> members;
  std::vector<Method> methods; // a struct's or class's own, not the compiler's
  bool isClass = false;        // declared `class`: members private by default
  std::vector<std::pair<std::string, int64_t>> enumerators;
};

/// T without typedefs and qualifiers (null stays null).
TypeRef stripped(TypeRef T);
bool isScalar(const TypeRef &T); // integers, characters, bool, floats, pointers, enums

/// A base type of the debugger's own: "int", "unsigned int", "long",
/// "unsigned long", "float", "double", "bool", "char".
TypeRef builtinType(const std::string &name);
/// CUDA's `uint3` (threadIdx, blockIdx) and `dim3` (blockDim, gridDim).
TypeRef cudaVectorType(const std::string &name);
/// A pointer to T into memory of `addressClass`.
TypeRef pointerTo(TypeRef T, uint16_t addressClass = 0);
/// An array of `count` T (`print *p@8`).
TypeRef arrayOf(TypeRef T, uint64_t count);

/// The name as C writes it: "float *", "const int [4]", "Pair".
std::string typeName(const TypeRef &T);
/// `ptype`: the type with a struct's, union's or enum's body spelled out,
/// typedefs looked through at the top.
std::string typeBody(const TypeRef &T);

/// The scopes that hold DIE `d`, as C++ qualifies its name: "geo::",
/// "Outer::Inner::", "(anonymous namespace)::"; "" at a unit's level.
std::string scopePrefix(const llvm::DWARFDie &d);

/// The C types of one object's DWARF.
class TypeCache {
public:
  /// The type DIE `d` describes (void when `d` is null).
  TypeRef typeOf(const llvm::DWARFDie &d);

private:
  TypeRef make(const llvm::DWARFDie &d, std::shared_ptr<CType> &out);
  /// A member's access: DWARF's, else the default of a class or a struct.
  static CType::Access accessOf(const llvm::DWARFDie &m, bool inClass);
  /// A member function as ptype shows it: `void step(float)`, `int get(void)
  /// const`, `Counter(int)`.
  std::string methodDeclaration(const llvm::DWARFDie &m, const std::string &className);
  std::map<uint64_t, TypeRef> cache_;
};

} // namespace simt::dbg
