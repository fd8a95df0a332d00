//===-- ObjectFile.cpp - Loader of simt-as ELF objects --------------------===//
//
// ELF parsing goes through llvm::object::ELFFile, which bounds-checks every
// header, table and string it hands out; everything LLVM stays in this file.
// Each kernel's image is laid out, copied and relocated independently, so a
// device function's relocations are resolved once per kernel that carries it.
//
//===----------------------------------------------------------------------===//
#include "runtime/ObjectFile.h"
#include "isa/SIMTLimits.h"
#include "support/InputFile.h"
#include "runtime/SourceLines.h"
#include "runtime/Values.h"
#include "support/Text.h"

// LLVM's headers are not -Wextra clean; keep our build warning-free however
// they are included (-I or -isystem).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wredundant-move"
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>

namespace simt::rt {

namespace {

using ELFT = llvm::object::ELF64LE;
using ELFFile = llvm::object::ELFFile<ELFT>;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;

std::optional<uint32_t> parseU32(std::string_view s) {
  auto v = parseUInt(s);
  if (!v || *v > UINT32_MAX)
    return std::nullopt;
  return uint32_t(*v);
}

/// Takes the error out of an llvm::Expected / llvm::Error as text.
template <class T> std::string take(llvm::Expected<T> &e) { return llvm::toString(e.takeError()); }

/// The absolute relocations write S + A as a little-endian word of this width.
unsigned absRelocWidth(uint32_t type) { return type == R_SIMT_ABS64 ? 8 : 4; }
const char *absRelocName(uint32_t type) {
  return type == R_SIMT_ABS64 ? "R_SIMT_ABS64" : "R_SIMT_ABS32";
}

struct CodeSection {
  unsigned index = 0;       ///< ELF section index
  std::string sectionName;  ///< ".text.NAME"
  std::string entity;       ///< "NAME"
  llvm::ArrayRef<uint8_t> bytes;
  bool isKernel = false;
};

struct RelocSet {
  unsigned target = 0; ///< section index the relocations apply to
  std::string name;
  std::vector<ELFT::Rela> relas;
};

struct SymbolEntry {
  std::string name;
  uint8_t type = 0, binding = 0;
  uint16_t shndx = 0;
  uint64_t value = 0;
};

/// A kernel's image before its words are made: its sections in order and
/// their bytes, relocated in place.
struct ImageLayout {
  std::vector<const CodeSection *> order; ///< the kernel, then every function section
  std::map<unsigned, uint64_t> baseOf;    ///< section index -> image address
  std::vector<uint8_t> bytes;
};

class Loader {
public:
  Loader(std::span<const uint8_t> bytes, std::string_view name) : name_(name) {
    // LLVM reads the ELF structures in place: give it an 8-byte aligned copy.
    storage_.resize((bytes.size() + 7) / 8);
    if (!bytes.empty())
      std::memcpy(storage_.data(), bytes.data(), bytes.size());
    size_ = bytes.size();
  }

  Expected<LoadedObject> run();
  Expected<ObjectContents> contents();

private:
  /// Everything loadObject and readObjectContents share: the ELF structures,
  /// the metadata against the code sections, every relocation's type, symbol
  /// and offset. Loading also needs `.simt.info` and whole instruction words
  /// (simt-objdump prints trailing bytes as data).
  Status parse(bool forLoading);
  /// `.simt.info`, the module variables' sections, the code sections and
  /// the one symbol table, by kind.
  Status readSections(llvm::ArrayRef<Shdr> sections, bool forLoading, const Shdr *&symtab,
                      unsigned &symtabIndex);
  Status addCodeSection(size_t i, const Shdr &s, bool forLoading);
  Status readSymbols(const Shdr &symtab);
  /// The relocation sections that apply to code, every entry checked.
  Status readRelocations(llvm::ArrayRef<Shdr> sections, const Shdr *symtab,
                         unsigned symtabIndex);
  /// Marks the kernels' code sections against `.simt.info`'s records.
  Status sortCodeSections();
  Status checkRelocation(const RelocSet &set, size_t r) const;
  std::string relocSymbolName(const SymbolEntry &sym) const;
  Error fail(const std::string &msg) const { return makeError(name_ + ": " + msg); }
  const uint8_t *data() const { return reinterpret_cast<const uint8_t *>(storage_.data()); }
  Status checkHeader() const;
  Expected<LoadedKernel> buildImage(const KernelInfo &k, const CodeSection &ks);
  /// The kernel ks, then every function section in section order, each
  /// described in `sections`.
  Expected<ImageLayout> layOut(const KernelInfo &k, const CodeSection &ks,
                               std::vector<ImageSection> &sections) const;
  /// Resolves every relocation of the image's sections in its bytes.
  Status relocate(const KernelInfo &k, ImageLayout &img) const;
  Status applyRelocation(const KernelInfo &k, const RelocSet &set, size_t r, uint64_t secBase,
                         ImageLayout &img) const;
  /// S of a relocation: sym's address in the image.
  Expected<uint64_t> symbolAddress(const KernelInfo &k, const SymbolEntry &sym,
                                   const std::string &symName, const std::string &where,
                                   const ImageLayout &img) const;
  /// The image's symbols by address, every kernel and function named.
  std::vector<ImageSymbol> imageSymbols(const ImageLayout &img) const;
  /// Each module variable of `.simt.info` with its bytes from its section.
  Expected<std::vector<LoadedVar>> collectVars() const;
  std::string sectionLabel(unsigned index) const;
  /// The object's line table (`.debug_line`), or null: none, or one that
  /// does not read (simt-objdump -l reports why; a run only loses positions).
  std::shared_ptr<const SourceLines> lineTable() const;

  std::string name_;
  std::vector<uint64_t> storage_;
  size_t size_ = 0;
  std::optional<ELFFile> file_;
  std::vector<std::string> sectionNames_;
  std::vector<CodeSection> code_;          ///< all code sections, in section order
  std::map<unsigned, size_t> codeByIndex_; ///< section index -> code_ index
  std::vector<SymbolEntry> symbols_;
  std::vector<RelocSet> relocs_;
  std::optional<SimtInfo> info_;
  /// `.simt.const.BANK` and `.simt.global` by name; absent contents (NOBITS),
  /// and everything past a section's last byte, read as zeros.
  std::map<std::string, llvm::ArrayRef<uint8_t>> varSections_;
};

Status Loader::checkHeader() const {
  const uint8_t *d = data();
  if (size_ < 4 || std::memcmp(d, "\x7f" "ELF", 4) != 0)
    return fail("not an ELF file");
  if (size_ < sizeof(ELFT::Ehdr))
    return fail("truncated ELF header (" + std::to_string(size_) + " bytes)");
  if (d[llvm::ELF::EI_CLASS] != llvm::ELF::ELFCLASS64)
    return fail("not a 64-bit ELF file (a simt-as object is ELF64)");
  if (d[llvm::ELF::EI_DATA] != llvm::ELF::ELFDATA2LSB)
    return fail("not a little-endian ELF file");
  ELFT::Ehdr h;
  std::memcpy(&h, d, sizeof(h));
  if (h.e_machine != EM_SIMT)
    return fail("foreign machine " + hex(h.e_machine) + " (a simt-as object has EM_SIMT " +
                hex(EM_SIMT) + ")");
  if (h.e_type != llvm::ELF::ET_REL)
    return fail("ELF type " + std::to_string(h.e_type) +
                " is not a relocatable object (ET_REL)");
  return {};
}

std::string Loader::sectionLabel(unsigned index) const {
  if (index < sectionNames_.size() && !sectionNames_[index].empty())
    return sectionNames_[index];
  return "section " + std::to_string(index);
}

Status Loader::parse(bool forLoading) {
  if (auto st = checkHeader(); !st)
    return st;
  llvm::StringRef buf(reinterpret_cast<const char *>(data()), size_);
  auto fileOrErr = ELFFile::create(buf);
  if (!fileOrErr)
    return fail(take(fileOrErr));
  file_.emplace(std::move(*fileOrErr));
  auto sectionsOrErr = file_->sections();
  if (!sectionsOrErr)
    return fail(take(sectionsOrErr));
  auto sections = *sectionsOrErr;

  // Names first, so that later errors can name sections.
  sectionNames_.resize(sections.size());
  for (size_t i = 0; i < sections.size(); ++i) {
    auto n = file_->getSectionName(sections[i]);
    if (!n)
      return fail("section " + std::to_string(i) + ": " + take(n));
    sectionNames_[i] = n->str();
  }

  const Shdr *symtab = nullptr;
  unsigned symtabIndex = 0;
  if (auto st = readSections(sections, forLoading, symtab, symtabIndex); !st)
    return st;
  if (!info_ && forLoading)
    return fail("no .simt.info section: not an object written by simt-as");
  if (symtab)
    if (auto st = readSymbols(*symtab); !st)
      return st;
  if (auto st = readRelocations(sections, symtab, symtabIndex); !st)
    return st;
  return sortCodeSections();
}

Status Loader::readSections(llvm::ArrayRef<Shdr> sections, bool forLoading,
                            const Shdr *&symtab, unsigned &symtabIndex) {
  const ELFFile &file = *file_;
  for (size_t i = 0; i < sections.size(); ++i) {
    const Shdr &s = sections[i];
    const std::string &sname = sectionNames_[i];
    if (sname == ".simt.info") {
      if (info_)
        return fail("more than one .simt.info section");
      if (s.sh_type != llvm::ELF::SHT_PROGBITS)
        return fail(".simt.info is not SHT_PROGBITS");
      auto c = file.getSectionContents(s);
      if (!c)
        return fail(".simt.info: " + take(c));
      auto parsed = parseSimtInfo(
          std::string_view(reinterpret_cast<const char *>(c->data()), c->size()));
      if (!parsed)
        return fail(".simt.info " + parsed.message());
      info_ = std::move(*parsed);
    } else if (sname.rfind(".simt.const.", 0) == 0 || sname == ".simt.global") {
      llvm::ArrayRef<uint8_t> bytes;
      if (s.sh_type != llvm::ELF::SHT_NOBITS) {
        auto c = file.getSectionContents(s);
        if (!c)
          return fail(sname + ": " + take(c));
        bytes = *c;
      }
      if (!varSections_.emplace(sname, bytes).second)
        return fail("two sections named " + sname);
    } else if (s.sh_type == llvm::ELF::SHT_SYMTAB) {
      if (symtab)
        return fail("more than one symbol table");
      symtab = &s;
      symtabIndex = unsigned(i);
    } else if ((s.sh_flags & llvm::ELF::SHF_EXECINSTR) && (s.sh_flags & llvm::ELF::SHF_ALLOC)) {
      if (auto st = addCodeSection(i, s, forLoading); !st)
        return st;
    }
  }
  return {};
}

Status Loader::addCodeSection(size_t i, const Shdr &s, bool forLoading) {
  const std::string &sname = sectionNames_[i];
  if (s.sh_type != llvm::ELF::SHT_PROGBITS)
    return fail("code section " + sname + " has no contents (not SHT_PROGBITS)");
  auto c = file_->getSectionContents(s);
  if (!c)
    return fail(sname + ": " + take(c));
  if (c->size() > limits::kMaxCodeBytes)
    return fail(sname + ": " + std::to_string(c->size()) + " bytes of code exceed the " +
                std::to_string(limits::kMaxCodeBytes) + "-byte limit of a code section");
  if (c->size() % 8 && forLoading)
    return fail(sname + ": size " + std::to_string(c->size()) +
                " is not a multiple of 8 (instructions are 8 bytes)");
  CodeSection cs;
  cs.index = unsigned(i);
  cs.sectionName = sname;
  cs.entity = sname.rfind(".text.", 0) == 0 ? sname.substr(6) : sname;
  cs.bytes = *c;
  codeByIndex_[cs.index] = code_.size();
  code_.push_back(std::move(cs));
  return {};
}

Status Loader::readSymbols(const Shdr &symtab) {
  const ELFFile &file = *file_;
  auto syms = file.symbols(&symtab);
  if (!syms)
    return fail("symbol table: " + take(syms));
  auto strtab = file.getStringTableForSymtab(symtab);
  if (!strtab)
    return fail("symbol table: " + take(strtab));
  for (const Sym &s : *syms) {
    SymbolEntry e;
    auto n = s.getName(*strtab);
    if (!n)
      return fail("symbol " + std::to_string(symbols_.size()) + ": " + take(n));
    e.name = n->str();
    e.type = s.getType();
    e.binding = s.getBinding();
    e.shndx = s.st_shndx;
    e.value = s.st_value;
    symbols_.push_back(std::move(e));
  }
  return {};
}

Status Loader::readRelocations(llvm::ArrayRef<Shdr> sections, const Shdr *symtab,
                               unsigned symtabIndex) {
  const ELFFile &file = *file_;
  for (size_t i = 0; i < sections.size(); ++i) {
    const Shdr &s = sections[i];
    if (s.sh_type != llvm::ELF::SHT_RELA && s.sh_type != llvm::ELF::SHT_REL)
      continue;
    unsigned target = s.sh_info;
    if (!codeByIndex_.count(target))
      continue; // relocations of non-code sections do not reach an image
    if (s.sh_type == llvm::ELF::SHT_REL)
      return fail(sectionNames_[i] + ": SHT_REL relocations are not supported (expected SHT_RELA)");
    if (!symtab || s.sh_link != symtabIndex)
      return fail(sectionNames_[i] + ": sh_link " + std::to_string(s.sh_link) +
                  " is not the symbol table");
    auto relas = file.relas(s);
    if (!relas)
      return fail(sectionNames_[i] + ": " + take(relas));
    RelocSet set;
    set.target = target;
    set.name = sectionNames_[i];
    set.relas.assign(relas->begin(), relas->end());
    relocs_.push_back(std::move(set));
  }
  for (const RelocSet &set : relocs_)
    for (size_t r = 0; r < set.relas.size(); ++r)
      if (Status st = checkRelocation(set, r); !st)
        return st;
  return {};
}

Status Loader::sortCodeSections() {
  std::map<std::string, size_t> codeByName;
  for (size_t i = 0; i < code_.size(); ++i)
    if (!codeByName.emplace(code_[i].sectionName, i).second)
      return fail("two code sections named " + code_[i].sectionName);
  if (!info_)
    return {};
  for (const KernelInfo &k : info_->kernels) {
    auto it = codeByName.find(".text." + k.name);
    if (it == codeByName.end())
      return fail("kernel '" + k.name + "' has no code section .text." + k.name);
    code_[it->second].isKernel = true;
  }
  for (const FunctionInfo &f : info_->functions) {
    auto it = codeByName.find(".text." + f.name);
    if (it == codeByName.end())
      return fail("function '" + f.name + "' has no code section .text." + f.name);
    if (code_[it->second].isKernel)
      return fail("'" + f.name + "' is both a kernel and a function");
  }
  return {};
}

std::string Loader::relocSymbolName(const SymbolEntry &sym) const {
  return sym.name.empty() && sym.type == llvm::ELF::STT_SECTION && sym.shndx < sectionNames_.size()
             ? sectionNames_[sym.shndx]
             : sym.name;
}

/// What can be checked without an image: the type, the symbol index and that
/// the bytes patched lie inside the section.
Status Loader::checkRelocation(const RelocSet &set, size_t r) const {
  const CodeSection &target = code_[codeByIndex_.at(set.target)];
  const ELFT::Rela &rel = set.relas[r];
  const uint32_t type = rel.getType(false);
  const uint32_t symIndex = rel.getSymbol(false);
  const uint64_t off = rel.r_offset;
  std::string where = set.name + " entry " + std::to_string(r) + " (" + target.sectionName + "+" +
                      hex(off) + ")";
  switch (type) {
  case R_SIMT_NONE:
    return {};
  case R_SIMT_PCREL24:
    if (off % 8 || off > target.bytes.size() || target.bytes.size() - off < 8)
      return fail(where + ": R_SIMT_PCREL24 offset " + hex(off) +
                  " is not an instruction of the section");
    break;
  case R_SIMT_ABS32:
  case R_SIMT_ABS64: {
    const uint64_t width = absRelocWidth(type);
    if (off > target.bytes.size() || target.bytes.size() - off < width)
      return fail(where + ": " + absRelocName(type) + " offset " + hex(off) +
                  " is outside the section");
    break;
  }
  default:
    return fail(where + ": unknown relocation type " + std::to_string(type));
  }
  if (symIndex >= symbols_.size())
    return fail(where + ": symbol index " + std::to_string(symIndex) + " out of range");
  return {};
}

std::shared_ptr<const SourceLines> Loader::lineTable() const {
  if (std::find(sectionNames_.begin(), sectionNames_.end(), ".debug_line") == sectionNames_.end())
    return nullptr;
  auto lines = SourceLines::read(
      llvm::StringRef(reinterpret_cast<const char *>(data()), size_), name_);
  if (!lines) {
    llvm::consumeError(lines.takeError());
    return nullptr;
  }
  if (lines->empty())
    return nullptr;
  return std::make_shared<const SourceLines>(std::move(*lines));
}

Expected<LoadedObject> Loader::run() {
  if (Status st = parse(/*forLoading=*/true); !st)
    return st.error();
  LoadedObject obj;
  obj.path = name_;
  obj.target = info_->target;
  obj.functions = info_->functions;
  const std::shared_ptr<const SourceLines> lines = lineTable();
  for (const KernelInfo &k : info_->kernels) {
    const CodeSection &ks = *std::find_if(code_.begin(), code_.end(), [&](const CodeSection &c) {
      return c.sectionName == ".text." + k.name;
    });
    auto img = buildImage(k, ks);
    if (!img)
      return img.error();
    img->lines = lines;
    img->target = info_->target;
    obj.kernels.push_back(std::move(*img));
  }
  auto vars = collectVars();
  if (!vars)
    return vars.error();
  obj.vars = std::move(*vars);
  return obj;
}

Expected<std::vector<LoadedVar>> Loader::collectVars() const {
  std::vector<LoadedVar> out;
  if (!info_)
    return out;
  for (const VarInfo &v : info_->vars) {
    std::string sec = v.isConst ? ".simt.const." + std::to_string(v.bank) : ".simt.global";
    auto it = varSections_.find(sec);
    if (it == varSections_.end())
      return fail("variable '" + v.name + "' has no section " + sec);
    LoadedVar lv;
    lv.info = v;
    lv.bytes.assign(v.size, 0);
    // A section's bytes end at its last initialised byte: what lies past
    // them (an uninitialised variable at the end, the device heap) is zero.
    const llvm::ArrayRef<uint8_t> b = it->second;
    if (v.offset < b.size())
      std::memcpy(lv.bytes.data(), b.data() + v.offset,
                  std::min<uint64_t>(v.size, b.size() - v.offset));
    out.push_back(std::move(lv));
  }
  return out;
}

Expected<ObjectContents> Loader::contents() {
  if (Status st = parse(/*forLoading=*/false); !st)
    return st.error();
  ObjectContents out;
  out.info = info_;
  for (const CodeSection &c : code_) {
    ObjectSection os;
    os.section = c.sectionName;
    os.entity = c.entity;
    os.bytes.assign(c.bytes.begin(), c.bytes.end());
    const bool plain = c.sectionName == ".text";
    for (const SymbolEntry &sym : symbols_) {
      if (sym.shndx != c.index || sym.type == llvm::ELF::STT_FILE)
        continue;
      std::string n = relocSymbolName(sym);
      if (n.empty() || n.rfind(".L", 0) == 0 || (!plain && n == c.entity))
        continue;
      os.symbols[sym.value] = n;
    }
    for (const RelocSet &set : relocs_)
      if (set.target == c.index)
        for (const ELFT::Rela &rel : set.relas)
          if (rel.getType(false) != R_SIMT_NONE)
            os.relocations[rel.r_offset] = relocSymbolName(symbols_[rel.getSymbol(false)]);
    out.code.push_back(std::move(os));
  }
  auto vars = collectVars();
  if (!vars)
    return vars.error();
  out.vars = std::move(*vars);
  return out;
}

Expected<ImageLayout> Loader::layOut(const KernelInfo &k, const CodeSection &ks,
                                     std::vector<ImageSection> &sections) const {
  ImageLayout img;
  img.order.push_back(&ks);
  for (const CodeSection &c : code_)
    if (!c.isKernel)
      img.order.push_back(&c);
  uint64_t addr = 0;
  for (const CodeSection *c : img.order) {
    img.baseOf[c->index] = addr;
    ImageSection is;
    is.name = c->entity;
    is.section = c->sectionName;
    is.addr = addr;
    is.size = c->bytes.size();
    is.isKernel = c->isKernel;
    sections.push_back(is);
    addr += c->bytes.size();
  }
  if (addr > limits::kMaxCodeBytes)
    return fail("kernel '" + k.name + "': its image (the kernel and every device function) has " +
                std::to_string(addr) + " bytes, more than the " +
                std::to_string(limits::kMaxCodeBytes) + "-byte limit");
  img.bytes.resize(addr);
  for (const CodeSection *c : img.order)
    if (!c->bytes.empty())
      std::memcpy(img.bytes.data() + img.baseOf[c->index], c->bytes.data(), c->bytes.size());
  return img;
}

Expected<uint64_t> Loader::symbolAddress(const KernelInfo &k, const SymbolEntry &sym,
                                         const std::string &symName, const std::string &where,
                                         const ImageLayout &img) const {
  if (sym.shndx == llvm::ELF::SHN_UNDEF)
    return fail("kernel '" + k.name + "': undefined symbol '" + symName + "' (" + where + ")");
  if (sym.shndx == llvm::ELF::SHN_ABS)
    return sym.value;
  if (sym.shndx >= llvm::ELF::SHN_LORESERVE)
    return fail(where + ": symbol '" + symName + "' has unsupported section index " +
                hex(sym.shndx));
  auto b = img.baseOf.find(sym.shndx);
  if (b == img.baseOf.end())
    return fail("kernel '" + k.name + "': unresolved symbol '" + symName + "' in " +
                sectionLabel(sym.shndx) + ", which is not part of its image (" + where + ")");
  return b->second + sym.value;
}

Status Loader::applyRelocation(const KernelInfo &k, const RelocSet &set, size_t r,
                               uint64_t secBase, ImageLayout &img) const {
  const CodeSection &target = code_[codeByIndex_.at(set.target)];
  const ELFT::Rela &rel = set.relas[r];
  uint32_t type = rel.getType(false);
  uint32_t symIndex = rel.getSymbol(false);
  uint64_t off = rel.r_offset;
  int64_t addend = rel.r_addend;
  std::string where = set.name + " entry " + std::to_string(r) + " (" + target.sectionName +
                      "+" + hex(off) + ")";
  if (type == R_SIMT_NONE)
    return {};
  // parse() checked the type, the symbol index and the offset.
  const SymbolEntry &sym = symbols_[symIndex];
  std::string symName = relocSymbolName(sym);
  auto S = symbolAddress(k, sym, symName, where, img);
  if (!S)
    return S.error();
  uint64_t P = secBase + off;
  // S and the addend come from the file: any 64-bit values.
  int64_t value, delta;
  if (__builtin_add_overflow(int64_t(*S), addend, &value) ||
      __builtin_sub_overflow(value, int64_t(P + 8), &delta))
    return fail(where + ": the value of '" + symName + "'" +
                (addend ? "+" + std::to_string(addend) : std::string()) + " overflows 64 bits");
  switch (type) {
  case R_SIMT_PCREL24: {
    if (delta % 8)
      return fail(where + ": R_SIMT_PCREL24 target '" + symName + "'" +
                  (addend ? "+" + std::to_string(addend) : std::string()) +
                  " is not 8-byte aligned");
    int64_t field = delta / 8;
    if (field < -(int64_t(1) << 23) || field >= (int64_t(1) << 23))
      return fail(where + ": R_SIMT_PCREL24 target '" + symName + "' is out of range (" +
                  std::to_string(field) + " instructions, the field holds -8388608..8388607)");
    uint64_t word;
    std::memcpy(&word, img.bytes.data() + P, 8);
    word = setPcRel24(word, int32_t(field));
    std::memcpy(img.bytes.data() + P, &word, 8);
    break;
  }
  case R_SIMT_ABS32:
  case R_SIMT_ABS64: {
    // A code address as data (`.word label`, `.quad label`): S + A, never
    // negative, little-endian in the relocation's width.
    const unsigned width = absRelocWidth(type);
    if (value < 0 || (width == 4 && value > int64_t(UINT32_MAX)))
      return fail(where + ": " + absRelocName(type) + " value of '" + symName + "' (" +
                  std::to_string(value) + ") does not fit " + std::to_string(width * 8) +
                  " bits");
    for (unsigned i = 0; i < width; ++i)
      img.bytes[P + i] = uint8_t(uint64_t(value) >> (8 * i));
    break;
  }
  default:
    break;
  }
  return {};
}

Status Loader::relocate(const KernelInfo &k, ImageLayout &img) const {
  for (const RelocSet &set : relocs_) {
    auto baseIt = img.baseOf.find(set.target);
    if (baseIt == img.baseOf.end())
      continue; // another kernel's section
    for (size_t r = 0; r < set.relas.size(); ++r)
      if (auto st = applyRelocation(k, set, r, baseIt->second, img); !st)
        return st;
  }
  return {};
}

std::vector<ImageSymbol> Loader::imageSymbols(const ImageLayout &img) const {
  std::vector<ImageSymbol> symbols;
  auto sectionOf = [&](unsigned index) -> const CodeSection * {
    auto it = codeByIndex_.find(index);
    return it == codeByIndex_.end() ? nullptr : &code_[it->second];
  };
  const auto &order = img.order;
  std::vector<bool> entryNamed(order.size(), false);
  for (const SymbolEntry &s : symbols_) {
    if (s.name.empty() || s.type == llvm::ELF::STT_SECTION || s.type == llvm::ELF::STT_FILE)
      continue;
    if (s.shndx == llvm::ELF::SHN_UNDEF || s.shndx >= llvm::ELF::SHN_LORESERVE)
      continue;
    auto b = img.baseOf.find(s.shndx);
    if (b == img.baseOf.end())
      continue;
    const CodeSection *cs = sectionOf(s.shndx);
    ImageSymbol is;
    is.addr = b->second + s.value;
    is.name = s.name;
    is.global = s.binding != llvm::ELF::STB_LOCAL;
    is.kind = ImageSymbol::Label;
    if (cs && s.value == 0 && s.name == cs->entity) {
      is.kind = cs->isKernel ? ImageSymbol::Kernel : ImageSymbol::Function;
      for (size_t i = 0; i < order.size(); ++i)
        if (order[i] == cs)
          entryNamed[i] = true;
    }
    symbols.push_back(std::move(is));
  }
  // Every kernel and (non-empty) function section is named even without its
  // symbol.
  for (size_t i = 0; i < order.size(); ++i)
    if (!entryNamed[i] && (order[i]->isKernel || !order[i]->bytes.empty())) {
      ImageSymbol is;
      is.addr = img.baseOf.at(order[i]->index);
      is.name = order[i]->entity;
      is.kind = order[i]->isKernel ? ImageSymbol::Kernel : ImageSymbol::Function;
      is.global = true;
      symbols.push_back(std::move(is));
    }
  std::stable_sort(symbols.begin(), symbols.end(), [](const ImageSymbol &a, const ImageSymbol &b) {
    if (a.addr != b.addr)
      return a.addr < b.addr;
    if (a.kind != b.kind)
      return a.kind < b.kind;
    return a.name < b.name;
  });
  return symbols;
}

Expected<LoadedKernel> Loader::buildImage(const KernelInfo &k, const CodeSection &ks) {
  LoadedKernel lk;
  lk.info = k;
  lk.objectPath = name_;
  auto img = layOut(k, ks, lk.sections);
  if (!img)
    return img.error();
  if (auto st = relocate(k, *img); !st)
    return st.error();
  lk.image.resize(img->bytes.size() / 8);
  for (size_t i = 0; i < lk.image.size(); ++i) {
    uint64_t w = 0;
    for (int b = 0; b < 8; ++b)
      w |= uint64_t(img->bytes[i * 8 + b]) << (8 * b);
    lk.image[i] = w;
  }
  lk.symbols = imageSymbols(*img);
  return lk;
}

} // namespace

//===-- .simt.info --------------------------------------------------------===//

const KernelInfo *SimtInfo::findKernel(std::string_view name) const {
  for (const KernelInfo &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

namespace {

/// One record of `.simt.info`: its words and the prefix of its errors.
struct InfoRecord {
  std::vector<std::string_view> w;
  std::string at; ///< "line N: "
  unsigned lineNo = 0;

  /// The NAME of a `KIND NAME ...` record.
  Expected<std::string> name() const {
    if (w.size() < 2)
      return makeError(at + "'" + std::string(w[0]) + "' record without a name");
    return std::string(w[1]);
  }

  /// Hands each KEY=VALUE word from `from` on to apply; words without '='
  /// are ignored like unknown keys.
  template <class F> Status keyValues(size_t from, F &&apply) const {
    for (size_t i = from; i < w.size(); ++i) {
      size_t eq = w[i].find('=');
      if (eq == std::string_view::npos)
        continue;
      std::string_view key = w[i].substr(0, eq), val = w[i].substr(eq + 1);
      auto st = apply(key, val);
      if (!st)
        return makeError(at + st.message());
    }
    return {};
  }
};

/// A parameter record, attached to its kernel once every kernel is known.
struct PendingParam {
  std::string kernel;
  ParamInfo param;
  unsigned line;
};

/// A value and its limit (SIMTLimits.h): the assembler never writes more.
Status limitedU32(std::string_view key, std::string_view val, uint32_t &out,
                  uint32_t max = UINT32_MAX, const char *what = "") {
  auto v = parseU32(val);
  if (!v)
    return makeError("bad value '" + std::string(val) + "' for " + std::string(key));
  if (*v > max)
    return makeError(std::string(key) + "=" + std::to_string(*v) + " exceeds the limit of " +
                     std::to_string(max) + what);
  out = *v;
  return {};
}

Status parseKernelRecord(const InfoRecord &r, SimtInfo &info) {
  auto name = r.name();
  if (!name)
    return name.error();
  KernelInfo k;
  k.name = *name;
  if (info.findKernel(k.name))
    return makeError(r.at + "kernel '" + k.name + "' is described twice");
  auto st = r.keyValues(2, [&](std::string_view key, std::string_view val) -> Status {
    if (key == "regs")
      return limitedU32(key, val, k.regs, limits::kMaxRegs, " registers (R0..R62)");
    if (key == "shared")
      return limitedU32(key, val, k.shared, limits::kMaxSharedBytes, " bytes of shared memory");
    if (key == "local")
      return limitedU32(key, val, k.local, limits::kMaxLocalBytes,
                        " bytes of local memory per thread");
    if (key == "max_stack")
      return limitedU32(key, val, k.maxStack, limits::kMaxStackDepth, " SIMT stack entries");
    if (key == "listing") {
      if (val != "0" && val != "1")
        return makeError("bad value '" + std::string(val) + "' for listing (0 or 1)");
      k.listing = val == "1";
      return {};
    }
    if (key == "abi") {
      if (val != "64" && val != "32")
        return makeError("bad value '" + std::string(val) + "' for abi (64 or 32)");
      k.abi = val == "64" ? 64 : 32;
      return {};
    }
    return {};
  });
  if (!st)
    return st.error();
  info.kernels.push_back(std::move(k));
  return {};
}

Expected<PendingParam> parseParamRecord(const InfoRecord &r) {
  const auto &w = r.w;
  if (w.size() < 6)
    return makeError(r.at + "'param' record needs KERNEL NAME OFFSET SIZE ALIGN");
  PendingParam p;
  p.kernel = std::string(w[1]);
  p.param.name = std::string(w[2]);
  p.line = r.lineNo;
  auto off = parseU32(w[3]), size = parseU32(w[4]), align = parseU32(w[5]);
  if (!off || !size || !align)
    return makeError(r.at + "bad number in 'param' record");
  if (*off < limits::kFirstParamOffset || *size == 0 ||
      uint64_t(*off) + *size > limits::kConstBankBytes)
    return makeError(r.at + "parameter '" + std::string(w[2]) + "' at offset " +
                     std::to_string(*off) + ", size " + std::to_string(*size) +
                     ", is not inside constant bank 0 (from 0x20 to 0x10000)");
  p.param.offset = *off;
  p.param.size = *size;
  p.param.align = *align;
  return p;
}

Status parseFuncRecord(const InfoRecord &r, SimtInfo &info) {
  auto name = r.name();
  if (!name)
    return name.error();
  FunctionInfo f;
  f.name = *name;
  for (const FunctionInfo &g : info.functions)
    if (g.name == f.name)
      return makeError(r.at + "function '" + f.name + "' is described twice");
  auto st = r.keyValues(2, [&](std::string_view key, std::string_view val) -> Status {
    if (key == "regs")
      return limitedU32(key, val, f.regs, limits::kMaxRegs, " registers (R0..R62)");
    return {};
  });
  if (!st)
    return st.error();
  info.functions.push_back(std::move(f));
  return {};
}

/// A `const` or `global` record: a module variable.
Status parseVarRecord(const InfoRecord &r, SimtInfo &info) {
  const bool isConst = r.w[0] == "const";
  auto name = r.name();
  if (!name)
    return name.error();
  VarInfo v;
  v.name = *name;
  v.isConst = isConst;
  for (const VarInfo &o : info.vars)
    if (o.name == v.name)
      return makeError(r.at + "variable '" + v.name + "' is described twice");
  bool haveType = false;
  auto st = r.keyValues(2, [&](std::string_view key, std::string_view val) -> Status {
    auto num = [&](uint64_t &out) -> Status {
      auto n = parseUInt(val);
      if (!n)
        return makeError("bad value '" + std::string(val) + "' for " + std::string(key));
      out = *n;
      return {};
    };
    if (key == "bank" && isConst) {
      uint64_t b = 0;
      if (auto e = num(b); !e)
        return e;
      if (b < limits::kFirstUserConstBank || b > limits::kLastConstBank)
        return makeError("bank=" + std::to_string(b) + " is not a user constant bank (2..15)");
      v.bank = uint32_t(b);
      return {};
    }
    if (key == "offset")
      return num(v.offset);
    if (key == "size")
      return num(v.size);
    if (key == "align" && !isConst)
      return num(v.align);
    if (key == "type" && isConst && val == "texref") {
      v.type = ElemType::U32;
      v.isTexture = haveType = true;
      return {};
    }
    if (key == "type") {
      auto t = parseElemType(val);
      if (!t)
        return makeError("bad value '" + std::string(val) + "' for type");
      v.type = *t;
      haveType = true;
      return {};
    }
    return {};
  });
  if (!st)
    return st.error();
  std::string what = r.at + "variable '" + v.name + "' ";
  if (isConst && !v.bank)
    return makeError(what + "has no bank=");
  if (!haveType || v.size == 0)
    return makeError(what + "needs size= (positive) and type=");
  const uint64_t room = isConst ? limits::kConstBankBytes : limits::kMaxGlobalVarBytes;
  if (v.offset > room || v.size > room - v.offset)
    return makeError(what + "(offset " + std::to_string(v.offset) + ", size " +
                     std::to_string(v.size) + ") does not fit " +
                     (isConst ? "its 64 KiB constant bank" : "the 1 GiB global-variable block"));
  if (v.align == 0 || (v.align & (v.align - 1)) || v.align > limits::kMaxAlignBytes ||
      v.offset % v.align)
    return makeError(what + "has a bad alignment " + std::to_string(v.align));
  info.vars.push_back(std::move(v));
  return {};
}

/// An `addr` record: given to its variable, described before it.
Status parseAddrRecord(const InfoRecord &r, SimtInfo &info) {
  auto name = r.name();
  if (!name)
    return name.error();
  auto holder = std::find_if(info.vars.begin(), info.vars.end(),
                             [&](const VarInfo &v) { return v.name == *name; });
  if (holder == info.vars.end())
    return makeError(r.at + "address in unknown variable '" + *name + "'");
  VarAddress a;
  bool haveAt = false;
  auto st = r.keyValues(2, [&](std::string_view key, std::string_view val) -> Status {
    if (key == "target") {
      a.target = std::string(val);
      return {};
    }
    if (key == "at" || key == "addend") {
      const bool negative = key == "addend" && !val.empty() && val[0] == '-';
      auto n = parseUInt(negative ? val.substr(1) : val);
      if (!n)
        return makeError("bad value '" + std::string(val) + "' for " + std::string(key));
      if (key == "at") {
        a.at = *n;
        haveAt = true;
      } else {
        a.addend = negative ? int64_t(0 - *n) : int64_t(*n);
      }
    }
    return {};
  });
  if (!st)
    return st.error();
  std::string what = r.at + "address in '" + *name + "' ";
  auto target = std::find_if(info.vars.begin(), info.vars.end(),
                             [&](const VarInfo &v) { return v.name == a.target; });
  if (!haveAt || target == info.vars.end() || target->isConst)
    return makeError(what + "needs at= and target= naming a __device__ variable");
  if (holder->isTexture)
    return makeError(what + "is a texture reference's binding");
  if (a.at > holder->size || holder->size - a.at < 8)
    return makeError(what + "at=" + std::to_string(a.at) + " runs past its end");
  holder->addresses.push_back(std::move(a));
  return {};
}

/// Gives each parameter record to its kernel, which may be described after it.
Status attachParams(std::vector<PendingParam> &params, SimtInfo &info) {
  for (PendingParam &p : params) {
    auto it = std::find_if(info.kernels.begin(), info.kernels.end(),
                           [&](const KernelInfo &k) { return k.name == p.kernel; });
    if (it == info.kernels.end())
      return makeError("line " + std::to_string(p.line) + ": parameter '" + p.param.name +
                       "' of unknown kernel '" + p.kernel + "'");
    for (const ParamInfo &q : it->params)
      if (q.name == p.param.name)
        return makeError("line " + std::to_string(p.line) + ": kernel '" + p.kernel +
                         "' declares parameter '" + p.param.name + "' twice");
    it->params.push_back(std::move(p.param));
  }
  return {};
}

} // namespace

Expected<SimtInfo> parseSimtInfo(std::string_view text) {
  SimtInfo info;
  std::vector<PendingParam> params;
  unsigned lineNo = 0;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = trim(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++lineNo;
    // Trailing NULs pad some sections.
    while (!line.empty() && line.back() == '\0')
      line.remove_suffix(1);
    if (line.empty() || line[0] == '#')
      continue;
    InfoRecord r{splitWords(line), "line " + std::to_string(lineNo) + ": ", lineNo};
    const std::string_view kind = r.w[0];
    Status st;
    if (kind == "target") {
      const levels::Level *lv = r.w.size() == 2 ? levels::byArch(r.w[1]) : nullptr;
      if (!lv)
        return makeError(r.at + "'target' names no level of the ISA (" + levels::archList() +
                         ")");
      info.target = lv->sm;
    } else if (kind == "kernel") {
      st = parseKernelRecord(r, info);
    } else if (kind == "param") {
      auto p = parseParamRecord(r);
      if (!p)
        return p.error();
      params.push_back(std::move(*p));
    } else if (kind == "func") {
      st = parseFuncRecord(r, info);
    } else if (kind == "const" || kind == "global") {
      st = parseVarRecord(r, info);
    } else if (kind == "addr") {
      st = parseAddrRecord(r, info);
    }
    // Other record kinds: ignored (forward compatibility).
    if (!st)
      return st.error();
  }
  if (auto st = attachParams(params, info); !st)
    return st.error();
  return info;
}

std::string formatSimtInfo(const SimtInfo &info) {
  std::string s;
  if (info.target != levels::kBase)
    s += "target " + levels::archName(info.target) + "\n";
  for (const KernelInfo &k : info.kernels) {
    s += "kernel " + k.name + " regs=" + std::to_string(k.regs) +
         " shared=" + std::to_string(k.shared) + " local=" + std::to_string(k.local) +
         " max_stack=" + std::to_string(k.maxStack) + " listing=" + (k.listing ? "1" : "0") +
         " abi=" + std::to_string(k.abi) + "\n";
    for (const ParamInfo &p : k.params)
      s += "param " + k.name + " " + p.name + " " + std::to_string(p.offset) + " " +
           std::to_string(p.size) + " " + std::to_string(p.align) + "\n";
  }
  for (const FunctionInfo &f : info.functions)
    s += "func " + f.name + " regs=" + std::to_string(f.regs) + "\n";
  for (const VarInfo &v : info.vars) {
    s += (v.isConst ? "const " : "global ") + v.name;
    if (v.isConst)
      s += " bank=" + std::to_string(v.bank);
    s += " offset=" + std::to_string(v.offset) + " size=" + std::to_string(v.size);
    if (!v.isConst)
      s += " align=" + std::to_string(v.align);
    s += " type=" + std::string(typeName(v.type)) + "\n";
  }
  for (const VarInfo &v : info.vars)
    for (const VarAddress &a : v.addresses)
      s += "addr " + v.name + " at=" + std::to_string(a.at) + " target=" + a.target +
           " addend=" + std::to_string(a.addend) + "\n";
  return s;
}

//===-- LoadedKernel / LoadedObject ---------------------------------------===//

const ImageSymbol *LoadedKernel::symbolAt(uint64_t addr) const {
  auto it = std::lower_bound(symbols.begin(), symbols.end(), addr,
                             [](const ImageSymbol &s, uint64_t a) { return s.addr < a; });
  return it != symbols.end() && it->addr == addr ? &*it : nullptr;
}

const ImageSection *LoadedKernel::sectionAt(uint64_t addr) const {
  for (const ImageSection &s : sections)
    if (addr >= s.addr && addr - s.addr < s.size)
      return &s;
  return nullptr;
}

const ImageSymbol *LoadedKernel::symbolBefore(uint64_t addr) const {
  const ImageSection *sec = sectionAt(addr);
  if (!sec)
    return nullptr;
  auto it = std::upper_bound(symbols.begin(), symbols.end(), addr,
                             [](uint64_t a, const ImageSymbol &s) { return a < s.addr; });
  if (it == symbols.begin())
    return nullptr;
  --it;
  if (it->addr < sec->addr)
    return nullptr;
  // Prefer the first symbol at that address (kernel/function before labels).
  uint64_t at = it->addr;
  while (it != symbols.begin() && (it - 1)->addr == at)
    --it;
  return &*it;
}

std::optional<uint64_t> LoadedKernel::addressOf(std::string_view n) const {
  for (const ImageSymbol &s : symbols)
    if (s.name == n)
      return s.addr;
  return std::nullopt;
}

std::string LoadedKernel::describe(uint64_t addr) const {
  const ImageSymbol *s = symbolBefore(addr);
  if (!s)
    return hex(addr);
  if (s->addr == addr)
    return s->name;
  return s->name + "+" + hex(addr - s->addr);
}

std::vector<uint8_t> LoadedVar::bytesAt(uint64_t blockBase,
                                        const std::vector<LoadedVar> &vars) const {
  std::vector<uint8_t> out = bytes;
  for (const VarAddress &a : info.addresses) {
    auto target = std::find_if(vars.begin(), vars.end(),
                               [&](const LoadedVar &v) { return v.info.name == a.target; });
    if (target == vars.end()) // parseSimtInfo checked it
      continue;
    const uint64_t value = blockBase + target->info.offset + uint64_t(a.addend);
    if (out.size() < a.at + 8)
      out.resize(a.at + 8, 0);
    for (unsigned b = 0; b < 8; ++b)
      out[a.at + b] = uint8_t(value >> (8 * b));
  }
  return out;
}

uint64_t LoadedObject::globalBlockBytes() const {
  uint64_t end = 0;
  for (const LoadedVar &v : vars)
    if (!v.info.isConst)
      end = std::max(end, v.info.offset + v.info.size);
  return end;
}

uint64_t LoadedObject::globalBlockAlign() const {
  uint64_t a = 1;
  for (const LoadedVar &v : vars)
    if (!v.info.isConst)
      a = std::max(a, v.info.align);
  return a;
}

const LoadedKernel *LoadedObject::findKernel(std::string_view n) const {
  for (const LoadedKernel &k : kernels)
    if (k.info.name == n)
      return &k;
  return nullptr;
}

Expected<ObjectContents> readObjectContents(std::span<const uint8_t> bytes, std::string_view name) {
  Loader loader(bytes, name);
  return loader.contents();
}

Expected<LoadedObject> loadObject(std::span<const uint8_t> bytes, std::string_view name) {
  Loader loader(bytes, name);
  return loader.run();
}

Expected<LoadedObject> loadObject(const std::filesystem::path &path) {
  auto data = readInputFile(path.string(), InputKind::Object);
  if (!data)
    return data.error();
  return loadObject(std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(data->data()),
                                             data->size()),
                    path.string());
}

bool looksLikeObject(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  if (!in || !in.read(magic, 4))
    return false;
  return std::memcmp(magic, "\x7f" "ELF", 4) == 0;
}

} // namespace simt::rt
