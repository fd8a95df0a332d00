//===-- ObjectFileTest.cpp - runtime/ObjectFile unit tests ----------------===//
//
// Loads a hand-made simt-as object (inputs/simt_object.yaml, turned into ELF
// in-process by LLVM's yaml2obj library): kernels, metadata, load images with
// every relocation kind resolved per image, symbols by address. Then breaks
// it in every way the loader must report: foreign machine, wrong class or
// type, truncation at every length, corrupt headers and relocations,
// unresolved and undefined symbols, and a byte-flipping sweep that must never
// crash (run it under ASan/UBSan).
//
//===----------------------------------------------------------------------===//
#include "runtime/ObjectFile.h"

#include <gtest/gtest.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wredundant-move"
#include <llvm/ADT/SmallString.h>
#include <llvm/ObjectYAML/yaml2obj.h>
#include <llvm/Support/YAMLTraits.h>
#include <llvm/Support/raw_ostream.h>
#pragma GCC diagnostic pop

#include <cstring>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace simt::rt;

namespace {

// test/CMakeLists.txt passes the inputs folder as an absolute path (__FILE__
// may be relative, e.g. under a compiler cache).
std::filesystem::path inputsDir() { return SIMT_TEST_INPUTS; }

const char *const kInfo = "kernel main regs=8 shared=256 local=16 max_stack=32 listing=0 abi=64\n"
                          "param main out 32 8 8\n"
                          "param main n 40 4 4\n"
                          "kernel scale regs=4 listing=1 abi=32\n"
                          "func helper regs=6\n";

std::string toHex(std::string_view s) {
  static const char d[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    out += d[c >> 4];
    out += d[c & 15];
  }
  return out;
}

void replaceAll(std::string &s, std::string_view from, std::string_view to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
}

std::vector<uint8_t> makeObject(std::string_view info = kInfo,
                                std::string_view machine = "0x5349") {
  std::ifstream in(inputsDir() / "simt_object.yaml");
  EXPECT_TRUE(in.good()) << "missing fixture " << (inputsDir() / "simt_object.yaml");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string yaml = ss.str();
  replaceAll(yaml, "@MACHINE@", machine);
  replaceAll(yaml, "@INFO@", info.empty() ? std::string("\"\"") : toHex(info));
  llvm::SmallString<0> storage;
  llvm::raw_svector_ostream os(storage);
  llvm::yaml::Input yin(yaml);
  std::string diag;
  bool ok = llvm::yaml::convertYAML(yin, os, [&](const llvm::Twine &m) { diag += m.str(); });
  EXPECT_TRUE(ok) << diag;
  return std::vector<uint8_t>(storage.begin(), storage.end());
}

Expected<LoadedObject> load(const std::vector<uint8_t> &bytes) {
  return loadObject(std::span<const uint8_t>(bytes), "t.o");
}

std::string loadError(const std::vector<uint8_t> &bytes) {
  auto o = load(bytes);
  EXPECT_FALSE(o.ok()) << "loaded";
  return o ? std::string() : o.message();
}

// Minimal ELF64 reading, independent of the loader, for patching.
uint64_t get(const std::vector<uint8_t> &b, size_t off, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i)
    v |= uint64_t(b.at(off + i)) << (8 * i);
  return v;
}
void put(std::vector<uint8_t> &b, size_t off, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    b.at(off + i) = uint8_t(v >> (8 * i));
}

struct SectionRef {
  size_t header = 0; ///< file offset of the section header
  size_t offset = 0; ///< file offset of the contents
  size_t size = 0;
};

SectionRef section(const std::vector<uint8_t> &b, std::string_view name) {
  size_t shoff = get(b, 0x28, 8);
  unsigned shnum = unsigned(get(b, 0x3c, 2)), shstrndx = unsigned(get(b, 0x3e, 2));
  size_t strOff = get(b, shoff + 64 * shstrndx + 0x18, 8);
  for (unsigned i = 0; i < shnum; ++i) {
    size_t h = shoff + 64 * i;
    const char *n = reinterpret_cast<const char *>(b.data() + strOff + get(b, h, 4));
    if (name == n)
      return SectionRef{h, size_t(get(b, h + 0x18, 8)), size_t(get(b, h + 0x20, 8))};
  }
  ADD_FAILURE() << "no section " << name;
  return {};
}

/// Offset of relocation `i` of a .rela section.
size_t rela(const std::vector<uint8_t> &b, std::string_view sec, unsigned i) {
  return section(b, sec).offset + 24 * i;
}
/// Offset of symbol `i` of .symtab (0 is the null symbol; see the fixture).
size_t symbol(const std::vector<uint8_t> &b, unsigned i) {
  return section(b, ".symtab").offset + 24 * i;
}
// Symbol indices of the fixture: 1 .text.main (section), 2 done, 3 loop,
// 4 main, 5 scale, 6 helper.
constexpr unsigned kSymDone = 2, kSymHelper = 6;

} // namespace

TEST(PcRel24, FieldHelpers) {
  uint64_t w = 0xA1000000000000A0ull;
  EXPECT_EQ(setPcRel24(w, 3), 0xA1000000000300A0ull);
  EXPECT_EQ(getPcRel24(setPcRel24(w, 3)), 3);
  EXPECT_EQ(setPcRel24(w, -1), 0xA10000FFFFFF00A0ull);
  EXPECT_EQ(getPcRel24(setPcRel24(w, -8388608)), -8388608);
  EXPECT_EQ(getPcRel24(setPcRel24(w, 8388607)), 8388607);
  EXPECT_EQ(setPcRel24(0xFFFFFFFFFFFFFFFFull, 0), 0xFFFFFF000000FFFFull);
}

TEST(SimtInfo, ParsesRecordsAndDefaults) {
  auto info = parseSimtInfo(kInfo);
  ASSERT_TRUE(info.ok()) << info.message();
  ASSERT_EQ(info->kernels.size(), 2u);
  const KernelInfo &m = info->kernels[0];
  EXPECT_EQ(m.name, "main");
  EXPECT_EQ(m.regs, 8u);
  EXPECT_EQ(m.shared, 256u);
  EXPECT_EQ(m.local, 16u);
  EXPECT_EQ(m.maxStack, 32u);
  EXPECT_FALSE(m.listing);
  EXPECT_EQ(m.abi, 64u);
  ASSERT_EQ(m.params.size(), 2u);
  EXPECT_EQ(m.params[1].name, "n");
  EXPECT_EQ(m.params[1].offset, 40u);
  EXPECT_EQ(m.params[1].size, 4u);
  EXPECT_EQ(m.params[1].align, 4u);
  const KernelInfo &s = info->kernels[1];
  EXPECT_EQ(s.maxStack, 64u); // default
  EXPECT_TRUE(s.listing);
  EXPECT_EQ(s.abi, 32u);
  EXPECT_EQ(s.shared, 0u);
  ASSERT_EQ(info->functions.size(), 1u);
  EXPECT_EQ(info->functions[0].regs, 6u);
  EXPECT_EQ(info->findKernel("scale"), &info->kernels[1]);
  EXPECT_EQ(info->findKernel("helper"), nullptr);
}

TEST(SimtInfo, ForwardCompatible) {
  auto info = parseSimtInfo("# comment\n\n"
                            "kernel k regs=0x10 colour=blue flag max_stack=8\r\n"
                            "param k a 0x20 8 8 extra\n"
                            "texture k t0 2d\n"
                            "func f regs=2 inline=1\n"
                            "\0\0");
  ASSERT_TRUE(info.ok()) << info.message();
  EXPECT_EQ(info->kernels[0].regs, 16u);
  EXPECT_EQ(info->kernels[0].maxStack, 8u);
  EXPECT_EQ(info->kernels[0].params[0].offset, 32u);
  EXPECT_EQ(info->functions[0].name, "f");
}

TEST(SimtInfo, ParamsMayPrecedeTheirKernel) {
  auto info = parseSimtInfo("param k a 32 4 4\nkernel k\n");
  ASSERT_TRUE(info.ok()) << info.message();
  EXPECT_EQ(info->kernels[0].params.size(), 1u);
}

TEST(SimtInfo, Errors) {
  auto msg = [](std::string_view text) {
    auto r = parseSimtInfo(text);
    EXPECT_FALSE(r.ok()) << text;
    return r ? std::string() : r.message();
  };
  EXPECT_EQ(msg("kernel k regs=x"), "line 1: bad value 'x' for regs");
  EXPECT_EQ(msg("kernel k\nkernel j shared=-1"), "line 2: bad value '-1' for shared");
  EXPECT_EQ(msg("kernel k local=0x100000000"), "line 1: bad value '0x100000000' for local");
  EXPECT_EQ(msg("kernel k abi=16"), "line 1: bad value '16' for abi (64 or 32)");
  EXPECT_EQ(msg("kernel k listing=yes"), "line 1: bad value 'yes' for listing (0 or 1)");
  EXPECT_EQ(msg("kernel"), "line 1: 'kernel' record without a name");
  EXPECT_EQ(msg("kernel k\nkernel k"), "line 2: kernel 'k' is described twice");
  EXPECT_EQ(msg("kernel k\nparam k a 32 4"), "line 2: 'param' record needs KERNEL NAME OFFSET SIZE ALIGN");
  EXPECT_EQ(msg("kernel k\nparam k a 32 x 4"), "line 2: bad number in 'param' record");
  EXPECT_EQ(msg("kernel k\nparam j a 32 4 4"), "line 2: parameter 'a' of unknown kernel 'j'");
  EXPECT_EQ(msg("func"), "line 1: 'func' record without a name");
  EXPECT_EQ(msg("func f\nfunc f"), "line 2: function 'f' is described twice");
  EXPECT_EQ(msg("func f regs=z"), "line 1: bad value 'z' for regs");
}

TEST(SimtInfo, FormatRoundTrips) {
  auto info = parseSimtInfo(kInfo);
  ASSERT_TRUE(info.ok());
  std::string text = formatSimtInfo(*info);
  EXPECT_EQ(text, "kernel main regs=8 shared=256 local=16 max_stack=32 listing=0 abi=64\n"
                  "param main out 32 8 8\n"
                  "param main n 40 4 4\n"
                  "kernel scale regs=4 shared=0 local=0 max_stack=64 listing=1 abi=32\n"
                  "func helper regs=6\n");
  auto back = parseSimtInfo(text);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(formatSimtInfo(*back), text);
}

TEST(SimtInfo, ModuleVariables) {
  auto info = parseSimtInfo("const coef bank=2 offset=16 size=20 type=f32\n"
                            "global counter offset=8 size=4 align=4 type=u32\n");
  ASSERT_TRUE(info.ok()) << info.message();
  ASSERT_EQ(info->vars.size(), 2u);
  const VarInfo &c = info->vars[0], &g = info->vars[1];
  EXPECT_TRUE(c.isConst);
  EXPECT_EQ(c.bank, 2u);
  EXPECT_EQ(c.offset, 16u);
  EXPECT_EQ(c.size, 20u);
  EXPECT_EQ(c.type, ElemType::F32);
  EXPECT_FALSE(g.isConst);
  EXPECT_EQ(g.align, 4u);
  EXPECT_EQ(formatSimtInfo(*info), "const coef bank=2 offset=16 size=20 type=f32\n"
                                   "global counter offset=8 size=4 align=4 type=u32\n");
  auto msg = [](std::string_view text) {
    auto r = parseSimtInfo(text);
    EXPECT_FALSE(r.ok()) << text;
    return r ? std::string() : r.message();
  };
  EXPECT_EQ(msg("const c bank=1 offset=0 size=4 type=u32"),
            "line 1: bank=1 is not a user constant bank (2..15)");
  EXPECT_EQ(msg("const c offset=0 size=4 type=u32"), "line 1: variable 'c' has no bank=");
  EXPECT_EQ(msg("global g offset=0 size=4 align=4"),
            "line 1: variable 'g' needs size= (positive) and type=");
  EXPECT_EQ(msg("const c bank=2 offset=65532 size=8 type=u8"),
            "line 1: variable 'c' (offset 65532, size 8) does not fit its 64 KiB constant bank");
  EXPECT_EQ(msg("global g offset=2 size=4 align=4 type=u32"),
            "line 1: variable 'g' has a bad alignment 4");
  EXPECT_EQ(msg("global g offset=0 size=4 align=4 type=q32"), "line 1: bad value 'q32' for type");
  EXPECT_EQ(msg("global g size=4 type=u8\nconst g bank=2 size=4 type=u8"),
            "line 2: variable 'g' is described twice");
}

// `addr` records: pointers in initialisers, which the loader writes into a
// variable's bytes for a given block address (LoadedVar::bytesAt).
TEST(SimtInfo, VariableAddresses) {
  const char *text = "global words offset=0 size=16 align=4 type=u32\n"
                     "global ptrs offset=16 size=16 align=8 type=u64\n"
                     "const cptr bank=2 offset=0 size=8 type=u64\n"
                     "addr ptrs at=8 target=words addend=12\n"
                     "addr cptr at=0 target=ptrs addend=-8\n";
  auto info = parseSimtInfo(text);
  ASSERT_TRUE(info.ok()) << info.message();
  EXPECT_EQ(formatSimtInfo(*info), text);
  ASSERT_EQ(info->vars[1].addresses.size(), 1u);
  EXPECT_EQ(info->vars[1].addresses[0].at, 8u);
  EXPECT_EQ(info->vars[2].addresses[0].addend, -8);
  std::vector<LoadedVar> vars;
  for (const VarInfo &v : info->vars)
    vars.push_back({v, {}});
  vars[1].bytes = {1, 2, 3};
  const uint64_t base = 0x10000400;
  std::vector<uint8_t> ptrs = vars[1].bytesAt(base, vars);
  ASSERT_EQ(ptrs.size(), 16u);
  EXPECT_EQ(ptrs[0], 1); // the data before the word stays
  uint64_t word = 0;
  std::memcpy(&word, ptrs.data() + 8, 8);
  EXPECT_EQ(word, base + 12);
  std::vector<uint8_t> cptr = vars[2].bytesAt(base, vars);
  ASSERT_EQ(cptr.size(), 8u);
  std::memcpy(&word, cptr.data(), 8);
  EXPECT_EQ(word, base + 16 - 8);
  auto msg = [](std::string_view t) {
    auto r = parseSimtInfo(t);
    EXPECT_FALSE(r.ok()) << t;
    return r ? std::string() : r.message();
  };
  EXPECT_EQ(msg("addr p at=0 target=g addend=0"), "line 1: address in unknown variable 'p'");
  EXPECT_EQ(msg("global p offset=0 size=8 align=8 type=u64\naddr p at=0 target=q"),
            "line 2: address in 'p' needs at= and target= naming a __device__ variable");
  EXPECT_EQ(msg("global p offset=0 size=8 align=8 type=u64\n"
                "const c bank=2 offset=0 size=4 type=u32\naddr p at=0 target=c"),
            "line 3: address in 'p' needs at= and target= naming a __device__ variable");
  EXPECT_EQ(msg("global p offset=0 size=8 align=8 type=u64\naddr p at=4 target=p"),
            "line 2: address in 'p' at=4 runs past its end");
  EXPECT_EQ(msg("global p offset=0 size=8 align=8 type=u64\naddr p at=x target=p"),
            "line 2: bad value 'x' for at");
  EXPECT_EQ(msg("global p offset=0 size=8 align=8 type=u64\n"
                "const t bank=2 offset=0 size=36 type=texref\naddr t at=0 target=p"),
            "line 3: address in 't' is a texture reference's binding");
}

TEST(ObjectFile, LoadsKernelsAndMetadata) {
  auto obj = load(makeObject());
  ASSERT_TRUE(obj.ok()) << obj.message();
  EXPECT_EQ(obj->path, "t.o");
  ASSERT_EQ(obj->kernels.size(), 2u);
  const LoadedKernel *m = obj->findKernel("main");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->name(), "main");
  EXPECT_EQ(m->info.regs, 8u);
  EXPECT_EQ(m->info.maxStack, 32u);
  ASSERT_EQ(m->info.params.size(), 2u);
  EXPECT_EQ(m->info.params[0].name, "out");
  const LoadedKernel *s = obj->findKernel("scale");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->info.abi, 32u);
  EXPECT_EQ(obj->findKernel("helper"), nullptr);
  ASSERT_EQ(obj->functions.size(), 1u);
  EXPECT_EQ(obj->functions[0].name, "helper");
}

TEST(ObjectFile, ImagesAreLaidOutAndRelocatedPerKernel) {
  auto obj = load(makeObject());
  ASSERT_TRUE(obj.ok()) << obj.message();
  const LoadedKernel &m = *obj->findKernel("main");
  // main: its 4 instructions, then helper's 2.
  ASSERT_EQ(m.image.size(), 6u);
  EXPECT_EQ(m.imageBytes(), 48u);
  EXPECT_EQ(m.image[0], 0xA1000000000300A0ull); // CAL helper: (0x20 - 0x08) / 8 = 3
  EXPECT_EQ(m.image[1], 0x00000028000000B1ull); // ABS32 helper+8 in the high word
  EXPECT_EQ(m.image[2], 0xC2000000000000C2ull); // BRA done: field -1 overwritten with 0
  EXPECT_EQ(m.image[3], 0xD3000000000000D3ull);
  EXPECT_EQ(m.image[4], 0xF1FFFF000000FFF0ull); // helper's BRA loop: 0 (next instruction)
  EXPECT_EQ(m.image[5], 0xF3000000000000F2ull);

  const LoadedKernel &s = *obj->findKernel("scale");
  ASSERT_EQ(s.image.size(), 4u);
  EXPECT_EQ(s.image[0], 0xE1000000000100E0ull); // CAL helper: (0x10 - 0x08) / 8 = 1
  EXPECT_EQ(s.image[1], 0xE3000000000000E2ull);
  EXPECT_EQ(s.image[2], 0xF1FFFF000000FFF0ull);
  EXPECT_EQ(getPcRel24(s.image[0]), 1);
}

TEST(ObjectFile, SectionsAndSymbols) {
  auto obj = load(makeObject());
  ASSERT_TRUE(obj.ok()) << obj.message();
  const LoadedKernel &m = *obj->findKernel("main");
  ASSERT_EQ(m.sections.size(), 3u); // main, the empty .text, helper
  EXPECT_EQ(m.sections[0].name, "main");
  EXPECT_EQ(m.sections[0].section, ".text.main");
  EXPECT_TRUE(m.sections[0].isKernel);
  EXPECT_EQ(m.sections[0].size, 0x20u);
  EXPECT_EQ(m.sections[1].section, ".text");
  EXPECT_EQ(m.sections[1].size, 0u);
  EXPECT_EQ(m.sections[2].name, "helper");
  EXPECT_EQ(m.sections[2].addr, 0x20u);
  EXPECT_FALSE(m.sections[2].isKernel);

  ASSERT_EQ(m.symbols.size(), 4u);
  EXPECT_EQ(m.symbols[0].name, "main");
  EXPECT_EQ(m.symbols[0].kind, ImageSymbol::Kernel);
  EXPECT_TRUE(m.symbols[0].global);
  EXPECT_EQ(m.symbols[1].name, "done");
  EXPECT_EQ(m.symbols[1].addr, 0x18u);
  EXPECT_EQ(m.symbols[1].kind, ImageSymbol::Label);
  EXPECT_FALSE(m.symbols[1].global);
  EXPECT_EQ(m.symbols[2].name, "helper");
  EXPECT_EQ(m.symbols[2].addr, 0x20u);
  EXPECT_EQ(m.symbols[2].kind, ImageSymbol::Function);
  EXPECT_EQ(m.symbols[3].name, "loop");
  EXPECT_EQ(m.symbols[3].addr, 0x28u);

  EXPECT_EQ(m.symbolAt(0x18)->name, "done");
  EXPECT_EQ(m.symbolAt(0x10), nullptr);
  EXPECT_EQ(m.symbolBefore(0x10)->name, "main");
  EXPECT_EQ(m.symbolBefore(0x2c)->name, "loop");
  EXPECT_EQ(m.symbolBefore(0x30), nullptr); // past the image
  EXPECT_EQ(m.addressOf("helper"), 0x20u);
  EXPECT_EQ(m.addressOf("loop"), 0x28u);
  EXPECT_FALSE(m.addressOf("scale"));
  EXPECT_EQ(m.describe(0x0), "main");
  EXPECT_EQ(m.describe(0x8), "main+0x8");
  EXPECT_EQ(m.describe(0x28), "loop");
  EXPECT_EQ(m.describe(0x100), "0x100");
  EXPECT_EQ(m.sectionAt(0x24)->name, "helper");

  const LoadedKernel &s = *obj->findKernel("scale");
  EXPECT_EQ(s.addressOf("helper"), 0x10u);
  EXPECT_EQ(s.addressOf("loop"), 0x18u);
  EXPECT_FALSE(s.addressOf("done")); // main's label is not in scale's image
}

TEST(ObjectFile, LoadFromPath) {
  auto path = std::filesystem::temp_directory_path() /
              ("simt_objectfile_" + std::to_string(::getpid()) + ".o");
  auto bytes = makeObject();
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
  }
  auto obj = loadObject(path);
  ASSERT_TRUE(obj.ok()) << obj.message();
  EXPECT_EQ(obj->path, path.string());
  EXPECT_EQ(obj->kernels.size(), 2u);
  std::filesystem::remove(path);
  auto missing = loadObject(path);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "cannot read '" + path.string() + "': No such file or directory");
  // A directory is an error, not an uncaught stream exception.
  auto dir = loadObject(path.parent_path());
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.message(), "cannot read '" + path.parent_path().string() + "': Is a directory");
}

TEST(ObjectFile, NegativePcRel) {
  auto b = makeObject();
  put(b, rela(b, ".rela.text.main", 2) + 16, 0, 8); // BRA .text.main+0: back to 0
  auto obj = load(b);
  ASSERT_TRUE(obj.ok()) << obj.message();
  uint64_t w = obj->findKernel("main")->image[2];
  EXPECT_EQ(getPcRel24(w), -3); // (0 - (0x10 + 8)) / 8
  EXPECT_EQ(w, 0xC20000FFFFFD00C2ull);
}

TEST(ObjectFile, MetadataVariants) {
  auto defaults = load(makeObject("kernel main\nkernel scale future=1\nfunc helper\n"));
  ASSERT_TRUE(defaults.ok()) << defaults.message();
  EXPECT_EQ(defaults->kernels[0].info.maxStack, 64u);
  EXPECT_EQ(defaults->kernels[0].info.abi, 64u);
  EXPECT_EQ(defaults->kernels[0].info.regs, 0u);
  // helper without a func record is still a device function.
  auto onlyKernels = load(makeObject("kernel main\nkernel scale\n"));
  ASSERT_TRUE(onlyKernels.ok()) << onlyKernels.message();
  EXPECT_EQ(onlyKernels->kernels[0].image.size(), 6u);
  EXPECT_TRUE(onlyKernels->functions.empty());
  // A kernel-only load: scale's section is then appended as a function.
  auto justMain = load(makeObject("kernel main\n"));
  ASSERT_TRUE(justMain.ok()) << justMain.message();
  EXPECT_EQ(justMain->kernels.size(), 1u);
  EXPECT_EQ(justMain->kernels[0].addressOf("scale"), 0x20u);
  EXPECT_EQ(justMain->kernels[0].addressOf("helper"), 0x30u);
}

TEST(ObjectFile, MetadataErrors) {
  EXPECT_EQ(loadError(makeObject("kernel main regs=many\n")),
            "t.o: .simt.info line 1: bad value 'many' for regs");
  EXPECT_EQ(loadError(makeObject("kernel main\nkernel nope\n")),
            "t.o: kernel 'nope' has no code section .text.nope");
  EXPECT_EQ(loadError(makeObject("kernel main\nfunc gone\n")),
            "t.o: function 'gone' has no code section .text.gone");
  EXPECT_EQ(loadError(makeObject("kernel main\nfunc main\n")),
            "t.o: 'main' is both a kernel and a function");
  // With only scale a kernel, main's section is a device function of its
  // image and main's relocations (to helper, to its own section) resolve.
  EXPECT_TRUE(load(makeObject("kernel scale\n")).ok());
}

TEST(ObjectFile, MissingInfoSection) {
  auto b = makeObject();
  SectionRef shstr = section(b, ".shstrtab");
  // Rename .simt.info to .simt.infx in the section name table.
  std::string_view names(reinterpret_cast<const char *>(b.data() + shstr.offset), shstr.size);
  size_t p = names.find(".simt.info");
  ASSERT_NE(p, std::string_view::npos);
  b[shstr.offset + p + 9] = 'x';
  EXPECT_EQ(loadError(b), "t.o: no .simt.info section: not an object written by simt-as");
}

TEST(ObjectFile, ForeignAndWrongHeaders) {
  EXPECT_EQ(loadError(makeObject(kInfo, "EM_X86_64")),
            "t.o: foreign machine 0x3e (a simt-as object has EM_SIMT 0x5349)");
  auto b = makeObject();
  auto c32 = b;
  c32[4] = 1;
  EXPECT_EQ(loadError(c32), "t.o: not a 64-bit ELF file (a simt-as object is ELF64)");
  auto be = b;
  be[5] = 2;
  EXPECT_EQ(loadError(be), "t.o: not a little-endian ELF file");
  auto exec = b;
  put(exec, 0x10, 2, 2);
  EXPECT_EQ(loadError(exec), "t.o: ELF type 2 is not a relocatable object (ET_REL)");
  std::vector<uint8_t> text = {'h', 'e', 'l', 'l', 'o'};
  EXPECT_EQ(loadError(text), "t.o: not an ELF file");
  EXPECT_EQ(loadError({}), "t.o: not an ELF file");
  std::vector<uint8_t> shortHdr(b.begin(), b.begin() + 20);
  EXPECT_EQ(loadError(shortHdr), "t.o: truncated ELF header (20 bytes)");
}

TEST(ObjectFile, TruncatedAtEveryLength) {
  auto b = makeObject();
  for (size_t n = 0; n < b.size(); ++n) {
    std::vector<uint8_t> cut(b.begin(), b.begin() + std::ptrdiff_t(n));
    auto o = load(cut);
    ASSERT_FALSE(o.ok()) << "loaded a " << n << "-byte prefix";
    ASSERT_EQ(o.message().rfind("t.o: ", 0), 0u) << o.message();
  }
}

TEST(ObjectFile, CorruptHeadersAndSections) {
  auto b = makeObject();
  auto shoff = b;
  put(shoff, 0x28, 0xFFFFFFFF0, 8);
  EXPECT_EQ(loadError(shoff).rfind("t.o: ", 0), 0u);
  auto shnum = b;
  put(shnum, 0x3c, 0xFFFF, 2);
  EXPECT_EQ(loadError(shnum).rfind("t.o: ", 0), 0u);
  auto strndx = b;
  put(strndx, 0x3e, 200, 2);
  EXPECT_EQ(loadError(strndx).rfind("t.o: ", 0), 0u);

  auto odd = b;
  put(odd, section(odd, ".text.main").header + 0x20, 0x1c, 8);
  EXPECT_EQ(loadError(odd), "t.o: .text.main: size 28 is not a multiple of 8 (instructions are 8 bytes)");
  auto huge = b;
  put(huge, section(huge, ".text.main").header + 0x20, 0x100000, 8);
  EXPECT_NE(loadError(huge).find(".text.main"), std::string::npos);
  auto nobits = b;
  put(nobits, section(nobits, ".text.main").header + 4, 8 /*SHT_NOBITS*/, 4);
  EXPECT_EQ(loadError(nobits), "t.o: code section .text.main has no contents (not SHT_PROGBITS)");
  auto link = b;
  put(link, section(link, ".rela.text.main").header + 0x28, 3, 4);
  EXPECT_EQ(loadError(link), "t.o: .rela.text.main: sh_link 3 is not the symbol table");
  auto rel = b;
  put(rel, section(rel, ".rela.text.main").header + 4, 9 /*SHT_REL*/, 4);
  EXPECT_EQ(loadError(rel),
            "t.o: .rela.text.main: SHT_REL relocations are not supported (expected SHT_RELA)");
  auto relaSize = b;
  put(relaSize, section(relaSize, ".rela.text.main").header + 0x20, 25, 8);
  EXPECT_NE(loadError(relaSize).find(".rela.text.main"), std::string::npos);
  auto symName = b;
  put(symName, symbol(symName, kSymHelper), 0xFFFFFF, 4);
  EXPECT_NE(loadError(symName).find("symbol 6"), std::string::npos);
}

TEST(ObjectFile, RelocationErrors) {
  auto b = makeObject();
  auto unknown = b;
  put(unknown, rela(unknown, ".rela.text.main", 0) + 8, 7, 4);
  EXPECT_EQ(loadError(unknown),
            "t.o: .rela.text.main entry 0 (.text.main+0x0): unknown relocation type 7");

  auto badSym = b;
  put(badSym, rela(badSym, ".rela.text.main", 0) + 12, 99, 4);
  EXPECT_EQ(loadError(badSym),
            "t.o: .rela.text.main entry 0 (.text.main+0x0): symbol index 99 out of range");

  auto undef = b;
  put(undef, symbol(undef, kSymHelper) + 6, 0, 2); // st_shndx = SHN_UNDEF
  EXPECT_EQ(loadError(undef), "t.o: kernel 'main': undefined symbol 'helper' (.rela.text.main "
                              "entry 0 (.text.main+0x0))");

  auto common = b;
  put(common, symbol(common, kSymHelper) + 6, 0xfff2, 2); // SHN_COMMON
  EXPECT_EQ(loadError(common), "t.o: .rela.text.main entry 0 (.text.main+0x0): symbol 'helper' "
                               "has unsupported section index 0xfff2");

  // helper's branch retargeted at main's label: fine in main's image, but
  // scale's image does not contain .text.main.
  auto foreign = b;
  put(foreign, rela(foreign, ".rela.text.helper", 0) + 12, kSymDone, 4);
  EXPECT_EQ(loadError(foreign),
            "t.o: kernel 'scale': unresolved symbol 'done' in .text.main, which is not part of "
            "its image (.rela.text.helper entry 0 (.text.helper+0x0))");

  auto far = b;
  put(far, rela(far, ".rela.text.main", 0) + 16, 0x10000000, 8);
  EXPECT_EQ(loadError(far), "t.o: .rela.text.main entry 0 (.text.main+0x0): R_SIMT_PCREL24 target "
                            "'helper' is out of range (33554435 instructions, the field holds "
                            "-8388608..8388607)");
  auto farBack = b;
  put(farBack, rela(farBack, ".rela.text.main", 0) + 16, uint64_t(-0x4000020), 8);
  EXPECT_NE(loadError(farBack).find("is out of range (-8388609 instructions"), std::string::npos);
  auto justInRange = b; // field = -8388608 exactly
  put(justInRange, rela(justInRange, ".rela.text.main", 0) + 16, uint64_t(-0x4000000 - 0x20 + 8), 8);
  auto ok = load(justInRange);
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ(getPcRel24(ok->findKernel("main")->image[0]), -8388608);

  auto misaligned = b;
  put(misaligned, rela(misaligned, ".rela.text.main", 0) + 16, 4, 8);
  EXPECT_EQ(loadError(misaligned), "t.o: .rela.text.main entry 0 (.text.main+0x0): R_SIMT_PCREL24 "
                                   "target 'helper'+4 is not 8-byte aligned");

  auto pcOff = b;
  put(pcOff, rela(pcOff, ".rela.text.main", 0), 0x20, 8);
  EXPECT_EQ(loadError(pcOff), "t.o: .rela.text.main entry 0 (.text.main+0x20): R_SIMT_PCREL24 "
                              "offset 0x20 is not an instruction of the section");
  auto pcOdd = b;
  put(pcOdd, rela(pcOdd, ".rela.text.main", 0), 0x4, 8);
  EXPECT_EQ(loadError(pcOdd), "t.o: .rela.text.main entry 0 (.text.main+0x4): R_SIMT_PCREL24 "
                              "offset 0x4 is not an instruction of the section");

  auto absBig = b;
  put(absBig, rela(absBig, ".rela.text.main", 1) + 16, 0x100000000, 8);
  EXPECT_EQ(loadError(absBig), "t.o: .rela.text.main entry 1 (.text.main+0xc): R_SIMT_ABS32 value "
                               "of 'helper' (4294967328) does not fit 32 bits");
  auto absNeg = b;
  put(absNeg, rela(absNeg, ".rela.text.main", 1) + 16, uint64_t(-0x100), 8);
  EXPECT_NE(loadError(absNeg).find("does not fit 32 bits"), std::string::npos);
  auto absOff = b;
  put(absOff, rela(absOff, ".rela.text.main", 1), 0x1e, 8);
  EXPECT_EQ(loadError(absOff), "t.o: .rela.text.main entry 1 (.text.main+0x1e): R_SIMT_ABS32 "
                               "offset 0x1e is outside the section");
  // R_SIMT_ABS64 (`.quad label` in code): S + A as a whole 64-bit word.
  auto abs64 = b;
  put(abs64, rela(abs64, ".rela.text.main", 1) + 8, R_SIMT_ABS64, 4);
  put(abs64, rela(abs64, ".rela.text.main", 1), 0x18, 8);
  auto a64 = load(abs64);
  ASSERT_TRUE(a64.ok()) << a64.message();
  EXPECT_EQ(a64->findKernel("main")->image[3], 0x28ull); // helper (0x20) + 8
  auto abs64Off = abs64;
  put(abs64Off, rela(abs64Off, ".rela.text.main", 1), 0x1c, 8);
  EXPECT_EQ(loadError(abs64Off), "t.o: .rela.text.main entry 1 (.text.main+0x1c): R_SIMT_ABS64 "
                                 "offset 0x1c is outside the section");
  auto absHuge = b;
  put(absHuge, rela(absHuge, ".rela.text.main", 1), UINT64_MAX - 1, 8);
  EXPECT_NE(loadError(absHuge).find("is outside the section"), std::string::npos);

  // Type 0 (R_SIMT_NONE) is skipped.
  auto none = b;
  put(none, rela(none, ".rela.text.main", 0) + 8, 0, 4);
  auto n = load(none);
  ASSERT_TRUE(n.ok()) << n.message();
  EXPECT_EQ(n->findKernel("main")->image[0], 0xA1000000000000A0ull);
}

TEST(ObjectFile, ByteFlipSweepNeverCrashes) {
  auto b = makeObject();
  size_t loaded = 0, failed = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    for (uint8_t v : {uint8_t(0x00), uint8_t(0xff), uint8_t(b[i] ^ 0x80), uint8_t(b[i] + 1)}) {
      auto c = b;
      c[i] = v;
      auto o = load(c);
      if (o) {
        ++loaded;
        for (const LoadedKernel &k : o->kernels)
          (void)k.describe(0x8);
      } else {
        ++failed;
        ASSERT_EQ(o.message().rfind("t.o: ", 0), 0u) << o.message();
      }
    }
  }
  EXPECT_GT(failed, 0u);
  EXPECT_GT(loaded, 0u);
}
