//===-- RunScriptTest.cpp - runtime/RunScript unit tests ------------------===//
//
// Every command of the run-script language and every error it reports, the
// `FILE:LINE: error:` diagnostics of a whole script, the one-line entry point
// of the debugger, the flag-form helpers of simt-emu and the constant bank 0
// built for a launch.
//
//===----------------------------------------------------------------------===//
#include "runtime/LaunchArgs.h"
#include "runtime/LaunchBlock.h"
#include "runtime/RunScript.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

using namespace simt::rt;

namespace {

Command one(std::string_view line) {
  auto c = parseCommandLine(line, 7);
  EXPECT_TRUE(c.ok()) << line << ": " << (c ? "" : c.message());
  if (!c || !*c) {
    ADD_FAILURE() << "no command from: " << line;
    return Command{};
  }
  EXPECT_EQ((*c)->line, 7u);
  return **c;
}

template <class T> T op(std::string_view line) {
  Command c = one(line);
  const T *t = std::get_if<T>(&c.op);
  EXPECT_NE(t, nullptr) << line;
  return t ? *t : T{};
}

std::string err(std::string_view line) {
  auto c = parseCommandLine(line);
  EXPECT_FALSE(c.ok()) << line << " parsed";
  return c ? std::string() : c.message();
}

} // namespace

//===-- Lines, comments, diagnostics --------------------------------------===//

TEST(RunScriptLine, BlankAndCommentLines) {
  for (const char *l : {"", "   ", "\t", "# a comment", "   # indented comment", "\r"}) {
    auto c = parseCommandLine(l);
    ASSERT_TRUE(c.ok()) << l;
    EXPECT_FALSE(*c) << l;
  }
}

TEST(RunScriptLine, TrailingCommentsAndSource) {
  Command c = one("  stats   # print them\r");
  EXPECT_TRUE(std::holds_alternative<StatsCommand>(c.op));
  EXPECT_EQ(c.source, "stats");
}

TEST(RunScriptLine, UnknownCommand) {
  EXPECT_EQ(err("frobnicate x"), "unknown command 'frobnicate'");
  EXPECT_EQ(err("Alloc a u32[1]"), "unknown command 'Alloc'");
  EXPECT_TRUE(isRunScriptCommand("launch"));
  EXPECT_TRUE(isRunScriptCommand("stats"));
  EXPECT_FALSE(isRunScriptCommand("break"));
}

TEST(RunScript, CollectsEveryErrorWithFileAndLine) {
  std::string text = "# header\n"
                     "alloc a u32[4] = iota\n"
                     "alloc b u32[0]\n"
                     "\n"
                     "launch k grid=0 block=32 args=(a)\n"
                     "wait\n"
                     "bogus\n"
                     "dump a";
  ParseResult r = parseScript(text, "t.simt");
  ASSERT_EQ(r.errors.size(), 3u);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.errors[0].str(), "t.simt:3: error: alloc: b: the count must be at least 1");
  EXPECT_EQ(r.errors[1].str(), "t.simt:5: error: launch: grid=0: dimension x must be at least 1");
  EXPECT_EQ(r.errors[2].str(), "t.simt:7: error: unknown command 'bogus'");
  EXPECT_EQ(r.errorText(), "t.simt:3: error: alloc: b: the count must be at least 1\n"
                           "t.simt:5: error: launch: grid=0: dimension x must be at least 1\n"
                           "t.simt:7: error: unknown command 'bogus'\n");
  // The good lines are still there, with their line numbers.
  ASSERT_EQ(r.script.commands.size(), 3u);
  EXPECT_EQ(r.script.commands[0].line, 2u);
  EXPECT_EQ(r.script.commands[1].line, 6u);
  EXPECT_EQ(r.script.commands[2].line, 8u); // last line without '\n'
  EXPECT_EQ(r.script.file, "t.simt");
}

TEST(RunScript, CrLfAndEmptyScript) {
  ParseResult r = parseScript("alloc a u8[2]\r\nstats\r\n", "w.simt");
  ASSERT_TRUE(r.ok()) << r.errorText();
  ASSERT_EQ(r.script.commands.size(), 2u);
  EXPECT_EQ(r.script.commands[1].line, 2u);
  EXPECT_TRUE(parseScript("", "e.simt").ok());
  EXPECT_TRUE(parseScript("", "e.simt").script.commands.empty());
}

TEST(RunScript, DiagnosticFormats) {
  EXPECT_EQ((Diagnostic{"a.simt", 3, "boom"}).str(), "a.simt:3: error: boom");
  EXPECT_EQ((Diagnostic{"", 0, "boom"}).str(), "error: boom");
  EXPECT_EQ((Diagnostic{"", 4, "boom"}).str(), "<script>:4: error: boom");
}

TEST(RunScript, ParseScriptFile) {
  auto path = std::filesystem::temp_directory_path() /
              ("simt_runscript_" + std::to_string(::getpid()) + ".simt");
  {
    std::ofstream out(path);
    out << "alloc x f32[2] = 1.5\nexpect x[1] == 1.5\nexpect x[9 == 1\n";
  }
  auto r = parseScriptFile(path);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->errors.size(), 1u);
  EXPECT_EQ(r->errors[0].str(), path.string() + ":3: error: expect: expected ']' after the index");
  EXPECT_EQ(r->script.commands.size(), 2u);
  std::filesystem::remove(path);
  auto missing = parseScriptFile(path);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "cannot read '" + path.string() + "': No such file or directory");
  auto dir = parseScriptFile(path.parent_path());
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.message(), "cannot read '" + path.parent_path().string() + "': Is a directory");
}

//===-- load / context / wait / advance / stats / save ---------------------===//

TEST(RunScriptCommands, Load) {
  EXPECT_EQ(op<LoadCommand>("load other.o").path, "other.o");
  EXPECT_EQ(op<LoadCommand>("load \"dir with space/k.o\"").path, "dir with space/k.o");
  EXPECT_EQ(op<LoadCommand>("load \"a\\\"b.o\"  # c").path, "a\"b.o");
  EXPECT_EQ(err("load"), "load: expected a file name");
  EXPECT_EQ(err("load a.o b.o"), "load: unexpected 'b.o' (options: globals=NAME at=ADDR)");
  EXPECT_EQ(err("load \"a.o"), "load: missing closing '\"' in the file name");
  EXPECT_EQ(err("load \"\""), "load: empty file name");
  // A capture's: the `__device__` variables as buffer `g`, at their address.
  LoadCommand placed = op<LoadCommand>("load k.o at=0x10000100 globals=g");
  EXPECT_EQ(placed.path, "k.o");
  EXPECT_EQ(placed.globals, "g");
  EXPECT_EQ(placed.at, 0x10000100u);
  EXPECT_FALSE(op<LoadCommand>("load k.o").at);
  EXPECT_EQ(err("load k.o globals="), "load: globals= needs a buffer name");
  EXPECT_EQ(err("load k.o at=x"), "load: at=x: expected a device address (decimal or 0x hex)");
  EXPECT_EQ(err("load k.o at=1 at=2"),
            "load: unexpected 'at=2' (options: globals=NAME at=ADDR)");
}

TEST(RunScriptCommands, ContextWaitAdvanceStats) {
  EXPECT_EQ(op<ContextCommand>("context second").name, "second");
  EXPECT_EQ(err("context"), "context: expected a context name");
  EXPECT_EQ(err("context a b"), "context: unexpected 'b'");
  EXPECT_EQ(err("context 9x"), "context: expected a context name, found '9x'");

  EXPECT_FALSE(op<WaitCommand>("wait").grid);
  EXPECT_EQ(op<WaitCommand>("wait g1").grid, "g1");
  EXPECT_EQ(err("wait g1 g2"), "wait: unexpected 'g2'");
  EXPECT_EQ(err("wait 5"), "wait: expected a grid name, found '5'");

  EXPECT_EQ(op<AdvanceCommand>("advance 1000").cycles, 1000u);
  EXPECT_EQ(op<AdvanceCommand>("advance 0x10").cycles, 16u);
  EXPECT_EQ(err("advance"), "advance: expected a cycle count at the end of the line");
  EXPECT_EQ(err("advance -5"), "advance: expected a cycle count, found '-5'");
  EXPECT_EQ(err("advance 12x"), "advance: a cycle count '12x' is not a non-negative integer "
                                "(decimal or 0x hex) below 2^64");
  EXPECT_EQ(err("advance 1 2"), "advance: unexpected '2'");

  (void)op<StatsCommand>("stats");
  EXPECT_EQ(err("stats now"), "stats: unexpected 'now'");
}

TEST(RunScriptCommands, Save) {
  SaveCommand s = op<SaveCommand>("save out out.bin");
  EXPECT_EQ(s.buffer, "out");
  EXPECT_EQ(s.path, "out.bin");
  EXPECT_EQ(op<SaveCommand>("save out \"my out.bin\"").path, "my out.bin");
  EXPECT_EQ(err("save"), "save: expected a buffer name");
  EXPECT_EQ(err("save out"), "save: expected a file name");
  EXPECT_EQ(err("save out a b"), "save: unexpected 'b'");
}

//===-- alloc ---------------------------------------------------------------===//

TEST(RunScriptCommands, AllocForms) {
  AllocCommand a = op<AllocCommand>("alloc a u32[1024]");
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.type, ElemType::U32);
  EXPECT_EQ(a.count, 1024u);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(a.init));

  EXPECT_EQ(op<AllocCommand>("alloc h u8[0x100]").count, 256u);
  EXPECT_TRUE(std::holds_alternative<InitIota>(op<AllocCommand>("alloc b s32[8] = iota").init));
  AllocCommand r = op<AllocCommand>("alloc r f32[16]=random(1234)");
  EXPECT_EQ(std::get<InitRandom>(r.init).seed, 1234u);
  EXPECT_EQ(std::get<InitFile>(op<AllocCommand>("alloc f u8[12] = file(in.bin)").init).path,
            "in.bin");
  EXPECT_EQ(std::get<InitFile>(op<AllocCommand>("alloc f u8[12] = file(\"a b.bin\")").init).path,
            "a b.bin");
  AllocCommand v = op<AllocCommand>("alloc v f64[3] = -1.5");
  EXPECT_EQ(std::get<InitValue>(v.init).value.asF64(), -1.5);
  AllocCommand l = op<AllocCommand>("alloc l s16[3] = [1, -2, 0x3]");
  ASSERT_EQ(std::get<InitList>(l.init).values.size(), 3u);
  EXPECT_EQ(std::get<InitList>(l.init).values[1].asSigned(), -2);
  // Count from the list.
  AllocCommand at = op<AllocCommand>("alloc p u32[4] at=0x10002000 = file(p.in)");
  EXPECT_EQ(at.at, 0x10002000u);
  EXPECT_EQ(std::get<InitFile>(at.init).path, "p.in");
  EXPECT_FALSE(op<AllocCommand>("alloc q u32[4]").at);
  AllocCommand c = op<AllocCommand>("alloc c f32[] = [1.5, nan, -inf, 1e-45]");
  EXPECT_EQ(c.count, 4u);
  EXPECT_EQ(std::get<InitList>(c.init).values[3].bits, 1u);
  // Every element type.
  for (ElemType t : kAllElemTypes) {
    std::string line = "alloc x " + std::string(typeName(t)) + "[2] = 1";
    EXPECT_EQ(op<AllocCommand>(line).type, t) << line;
  }
}

TEST(RunScriptCommands, AllocErrors) {
  EXPECT_EQ(err("alloc"), "alloc: expected a buffer name");
  EXPECT_EQ(err("alloc 1a u32[1]"), "alloc: expected a buffer name, found '1a'");
  EXPECT_EQ(err("alloc a"), "alloc: expected an element type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  EXPECT_EQ(err("alloc a i32[4]"),
            "alloc: unknown element type 'i32' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  EXPECT_EQ(err("alloc a u32"), "alloc: expected '[COUNT]' after the type 'u32'");
  EXPECT_EQ(err("alloc a u32[4"), "alloc: expected ']' after the count");
  EXPECT_EQ(err("alloc a u32[x]"),
            "alloc: count 'x' is not a non-negative integer (decimal or 0x hex) below 2^64");
  EXPECT_EQ(err("alloc a u32[0]"), "alloc: a: the count must be at least 1");
  EXPECT_EQ(err("alloc a u32[]"), "alloc: a: the count may be left out only with a list "
                                  "initialiser ([v0, v1, ...])");
  EXPECT_EQ(err("alloc a u32[] = iota"), "alloc: a: the count may be left out only with a list "
                                         "initialiser ([v0, v1, ...])");
  EXPECT_EQ(err("alloc a u32[] = []"), "alloc: a: the count must be at least 1");
  EXPECT_EQ(err("alloc a u32[4] = [1, 2]"), "alloc: a: the list has 2 values for 4 elements");
  EXPECT_EQ(err("alloc a u32[4] iota"), "alloc: unexpected 'iota' (an initialiser follows '=')");
  EXPECT_EQ(err("alloc a u32[4] ="), "alloc: expected an initialiser after '='");
  EXPECT_EQ(err("alloc a u8[4] = 256"), "alloc: '256' is out of range for u8 (-128..255)");
  EXPECT_EQ(err("alloc a u32[4] = 1.5"), "alloc: '1.5' is not an integer (type u32)");
  EXPECT_EQ(err("alloc a u32[4] = [1, x]"), "alloc: list element 1: 'x' is not a number");
  EXPECT_EQ(err("alloc a u32[4] = random(x)"),
            "alloc: random(SEED): 'x' is not a non-negative integer below 2^64");
  EXPECT_EQ(err("alloc a u64[0x10000000000]"),
            "alloc: a: 1099511627776 x u64 is larger than 1 TiB");
}

//===-- write / const ---------------------------------------------------------===//

TEST(RunScriptCommands, Write) {
  WriteCommand w = op<WriteCommand>("write buf[3] = 0x10");
  EXPECT_EQ(w.buffer, "buf");
  EXPECT_EQ(w.index, 3u);
  EXPECT_EQ(w.value.text, "0x10");
  EXPECT_EQ(w.value.resolve(ElemType::U32)->bits, 16u);
  EXPECT_EQ(w.value.resolve(ElemType::F32)->bits, 16u); // a bit pattern for floats
  EXPECT_EQ(op<WriteCommand>("write f[0]=-1.5e3").value.resolve(ElemType::F64)->asF64(), -1500.0);
  EXPECT_EQ(op<WriteCommand>("write f [ 1 ] = nan").index, 1u);
  EXPECT_EQ(op<WriteCommand>("write f[0] = 2f32").value.resolve(ElemType::F32)->asF32(), 2.0f);
  auto mismatch = op<WriteCommand>("write f[0] = 2f32").value.resolve(ElemType::U32);
  ASSERT_FALSE(mismatch.ok());
  EXPECT_EQ(mismatch.message(), "value '2f32' has type f32, expected u32");

  EXPECT_EQ(err("write"), "write: expected a buffer name");
  EXPECT_EQ(err("write buf = 1"), "write: expected '[INDEX]'");
  EXPECT_EQ(err("write buf[] = 1"), "write: expected index, found ']'");
  EXPECT_EQ(err("write buf[1] 1"), "write: expected '=' after buf[1]");
  EXPECT_EQ(err("write buf[1] ="), "write: expected a value at the end of the line");
  EXPECT_EQ(err("write buf[1] = pi"), "write: 'pi' is not a number");
  EXPECT_EQ(err("write buf[1] = 1 2"), "write: unexpected '2'");
  WriteCommand f = op<WriteCommand>("write buf[8] = file(\"a b.in\")");
  EXPECT_EQ(f.index, 8u);
  EXPECT_FALSE(f.last);
  ASSERT_TRUE(f.file);
  EXPECT_EQ(f.file->path, "a b.in");
  EXPECT_EQ(f.file->offset, 0u);
  WriteCommand r = op<WriteCommand>("write buf[64..127] = file( d/x.in , 0x100 )");
  EXPECT_EQ(r.index, 64u);
  EXPECT_EQ(r.last, 127u);
  EXPECT_EQ(r.file->path, "d/x.in");
  EXPECT_EQ(r.file->offset, 256u);
  EXPECT_EQ(err("write buf[0] = file(x.in"), "write: missing ')' after file(x.in");
  EXPECT_EQ(err("write buf[0] = file()"), "write: file(PATH): empty path");
  EXPECT_EQ(err("write buf[0] = file(x, y)"),
            "write: the byte offset of file(PATH, OFFSET) 'y' is not a non-negative integer "
            "(decimal or 0x hex) below 2^64");
  EXPECT_EQ(err("write buf[0] = file(x) 1"), "write: unexpected '1'");
  EXPECT_EQ(err("write buf[0..3] = 1"),
            "write: a range of elements is written from file(PATH[, OFFSET])");
  EXPECT_EQ(err("write buf[3..1] = file(x)"),
            "write: empty range 3..1 (TO is inclusive and must be >= FROM)");
}

TEST(RunScriptCommands, ConstBySymbol) {
  ConstCommand l = op<ConstCommand>("const coef = [1.5, 2, -3]");
  EXPECT_EQ(l.symbol, "coef");
  EXPECT_FALSE(l.symbolType);
  EXPECT_EQ(l.index, 0u);
  ASSERT_EQ(l.literals.size(), 3u);
  EXPECT_EQ(l.literals[2].text, "-3");
  ConstCommand e = op<ConstCommand>("const coef:f32[4] = 0.25");
  EXPECT_EQ(e.symbolType, ElemType::F32);
  EXPECT_EQ(e.index, 4u);
  ASSERT_EQ(e.literals.size(), 1u);
  EXPECT_EQ(e.literals[0].text, "0.25");
  EXPECT_EQ(err("const coef 1"), "const: expected '=' after coef");
  EXPECT_EQ(err("const coef[2] 1"), "const: expected '=' after coef[2]");
  EXPECT_EQ(err("const coef = 1"),
            "const: expected a list '[V0, V1, ...]' after '=' (or coef[INDEX] = VALUE)");
  EXPECT_EQ(err("const coef = []"), "const: the list is empty");
  EXPECT_EQ(err("const coef:q8 = [1]"),
            "const: unknown element type 'q8' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  EXPECT_EQ(err("const coef[1] = 1 2"), "const: unexpected '2'");
}

TEST(RunScriptCommands, Const) {
  ConstCommand c = op<ConstCommand>("const 2 0x10 u32 1, 2, 0xffffffff");
  EXPECT_EQ(c.bank, 2u);
  EXPECT_EQ(c.offset, 16u);
  EXPECT_EQ(c.type, ElemType::U32);
  ASSERT_EQ(c.values.size(), 3u);
  std::vector<uint8_t> bytes = c.bytes();
  ASSERT_EQ(bytes.size(), 12u);
  EXPECT_EQ(bytes[0], 1);
  EXPECT_EQ(bytes[4], 2);
  EXPECT_EQ(bytes[8], 0xff);
  EXPECT_EQ(bytes[11], 0xff);
  ConstCommand f = op<ConstCommand>("const 15 0 f32 1.5");
  EXPECT_EQ(f.bank, 15u);
  EXPECT_EQ(f.bytes(), (std::vector<uint8_t>{0, 0, 0xc0, 0x3f}));
  EXPECT_EQ(op<ConstCommand>("const 3 0xfff8 f64 -0").values[0].bits, 0x8000000000000000ull);

  EXPECT_EQ(err("const"), "const: expected bank at the end of the line");
  EXPECT_EQ(err("const 0 0 u32 1"),
            "const: bank 0 is not a user constant bank (bank 0 is the launch block, bank 1 the "
            "runtime's; use banks 2..15)");
  EXPECT_EQ(err("const 1 0 u32 1"),
            "const: bank 1 is not a user constant bank (bank 0 is the launch block, bank 1 the "
            "runtime's; use banks 2..15)");
  EXPECT_EQ(err("const 16 0 u32 1"), "const: bank 16 does not exist (banks 0..15)");
  EXPECT_EQ(err("const 2 0x10000 u32 1"), "const: offset 65536 is outside the 64 KiB bank");
  EXPECT_EQ(err("const 2 0xfffc u32 1, 2"),
            "const: 2 x u32 at offset 65532 run past the end of the 64 KiB bank");
  EXPECT_EQ(err("const 2 0 u32"), "const: expected a value at the end of the line");
  EXPECT_EQ(err("const 2 0 x32 1"),
            "const: unknown element type 'x32' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  EXPECT_EQ(err("const 2 0 u8 1, 256"), "const: '256' is out of range for u8 (-128..255)");
  EXPECT_EQ(err("const 2 0 u32 1 2"), "const: expected ',' between values, found '2'");
  EXPECT_EQ(err("const 2 0 u32 1,"), "const: expected a value at the end of the line");
}

//===-- launch ----------------------------------------------------------------===//

TEST(RunScriptCommands, LaunchFull) {
  LaunchCommand l = op<LaunchCommand>(
      "launch vadd grid=4,2 block=128 shared=1024 max_stack=16 as g1 "
      "args=(a, b:32, out:64, 7u32, -1.5f32, nanf64)");
  EXPECT_EQ(l.kernel, "vadd");
  EXPECT_EQ(l.grid, (Dim3{4, 2, 1}));
  EXPECT_EQ(l.block, (Dim3{128, 1, 1}));
  EXPECT_EQ(l.shared, 1024u);
  EXPECT_EQ(l.maxStack, 16u);
  EXPECT_EQ(l.name, "g1");
  ASSERT_EQ(l.args.size(), 6u);
  EXPECT_EQ(std::get<BufferArg>(l.args[0].arg).name, "a");
  EXPECT_FALSE(std::get<BufferArg>(l.args[0].arg).addr32);
  EXPECT_EQ(std::get<BufferArg>(l.args[1].arg).name, "b");
  EXPECT_TRUE(std::get<BufferArg>(l.args[1].arg).addr32);
  EXPECT_FALSE(std::get<BufferArg>(l.args[2].arg).addr32);
  EXPECT_EQ(std::get<Value>(l.args[3].arg), Value::fromBits(ElemType::U32, 7));
  EXPECT_EQ(std::get<Value>(l.args[4].arg).asF32(), -1.5f);
  EXPECT_TRUE(std::get<Value>(l.args[5].arg).isNaN());
  EXPECT_EQ(l.args[5].text, "nanf64");
  // Columns point at each argument in the line.
  std::string line = "launch k grid=1 block=1 args=( a ,  7u32)";
  LaunchCommand c = op<LaunchCommand>(line);
  ASSERT_EQ(c.args.size(), 2u);
  EXPECT_EQ(line.substr(c.args[0].column - 1, 1), "a");
  EXPECT_EQ(line.substr(c.args[1].column - 1, 4), "7u32");
}

TEST(RunScriptCommands, LaunchDefaultsAndOrder) {
  LaunchCommand l = op<LaunchCommand>("launch _Z3fooPf.clone block=32,4,2 grid=7");
  EXPECT_EQ(l.kernel, "_Z3fooPf.clone");
  EXPECT_EQ(l.grid, (Dim3{7, 1, 1}));
  EXPECT_EQ(l.block, (Dim3{32, 4, 2}));
  EXPECT_EQ(l.shared, 0u);
  EXPECT_FALSE(l.maxStack);
  EXPECT_TRUE(l.name.empty());
  EXPECT_TRUE(l.args.empty());
  EXPECT_TRUE(op<LaunchCommand>("launch k grid=1 block=1 args=()").args.empty());
  EXPECT_TRUE(op<LaunchCommand>("launch k grid=1 block=1 args=(  )").args.empty());
  // args= need not come last.
  LaunchCommand m = op<LaunchCommand>("launch k args=(x) grid=0x10 block=1024 as late");
  EXPECT_EQ(m.grid.x, 16u);
  EXPECT_EQ(m.block.count(), 1024u);
  EXPECT_EQ(m.name, "late");
  ASSERT_EQ(m.args.size(), 1u);
}

TEST(RunScriptCommands, LaunchErrors) {
  EXPECT_EQ(err("launch"), "launch: expected a kernel name");
  EXPECT_EQ(err("launch 3k grid=1 block=1"), "launch: expected a kernel name, found '3k'");
  EXPECT_EQ(err("launch k block=1"), "launch: missing grid=X[,Y,Z]");
  EXPECT_EQ(err("launch k grid=1"), "launch: missing block=X[,Y,Z]");
  EXPECT_EQ(err("launch k grid=1 grid=2 block=1"), "launch: grid= given twice");
  EXPECT_EQ(err("launch k grid=1 block=1 as a as b"), "launch: 'as NAME' given twice");
  EXPECT_EQ(err("launch k grid=1 block=1 as"), "launch: expected a grid name after 'as'");
  EXPECT_EQ(err("launch k grid=1 block=1 threads=4"),
            "launch: unknown option 'threads=' (options: grid= block= shared= max_stack= as "
            "NAME args=(...))");
  EXPECT_EQ(err("launch k grid=1 block=1 fast"),
            "launch: unexpected 'fast' (options: grid= block= shared= max_stack= as NAME "
            "args=(...))");
  EXPECT_EQ(err("launch k grid=1 block=1 ,"), "launch: unexpected ','");
  EXPECT_EQ(err("launch k grid=1 block=1 shared=x"),
            "launch: shared=x: expected a byte count (decimal or 0x hex)");
  EXPECT_EQ(err("launch k grid=1 block=1 shared=49153"),
            "launch: shared=49153: 49153 bytes exceed the 49152 bytes of shared memory of an SM");
  EXPECT_EQ(err("launch k grid=1 block=1 max_stack=0"),
            "launch: max_stack=0: expected a stack depth of at least 1 entry");
  EXPECT_EQ(err("launch k grid=1 block=1 max_stack=65537"),
            "launch: max_stack=65537: at most 65536 entries");
  EXPECT_EQ(err("launch k grid=1 block=1 args=a"), "launch: expected '(' after args=");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(a, b"), "launch: missing ')' after args=(");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(a,,b)"), "launch: argument 2 is empty");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(a,)"), "launch: argument 2 is empty");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(a, 7)"),
            "launch: argument 2 '7': a value needs a type suffix, e.g. 7u32, 7s32 or 7f32");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(1.5)"),
            "launch: argument 1 '1.5': a value needs a type suffix, e.g. 1.5u32, 1.5s32 or "
            "1.5f32");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(a:16)"),
            "launch: argument 1 'a:16': a buffer argument is NAME (its 64-bit address) or "
            "NAME:32 (4 bytes), not 'a:16'");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(300u8)"),
            "launch: argument 1 '300u8': '300u8' is out of range for u8 (-128..255)");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(1.5s32)"),
            "launch: argument 1 '1.5s32': '1.5s32' is not an integer (type s32)");
  EXPECT_EQ(err("launch k grid=1 block=1 args=(a) args=(b)"), "launch: args= given twice");
}

TEST(RunScriptCommands, LaunchShapeErrors) {
  EXPECT_EQ(err("launch k grid=0 block=1"), "launch: grid=0: dimension x must be at least 1");
  EXPECT_EQ(err("launch k grid=1,0 block=1"), "launch: grid=1,0: dimension y must be at least 1");
  EXPECT_EQ(err("launch k grid=1,1,0 block=1"),
            "launch: grid=1,1,0: dimension z must be at least 1");
  EXPECT_EQ(err("launch k grid=1,,2 block=1"), "launch: grid=1,,2: dimension y is empty");
  EXPECT_EQ(err("launch k grid=1,2,3,4 block=1"), "launch: grid=1,2,3,4: at most 3 dimensions (X,Y,Z)");
  EXPECT_EQ(err("launch k grid=a block=1"),
            "launch: grid=a: dimension x 'a' is not a number (decimal or 0x hex)");
  EXPECT_EQ(err("launch k grid= block=1"), "launch: grid=: expected X[,Y,Z]");
  EXPECT_EQ(err("launch k grid=1 block=1 shared= 4"),
            "launch: shared=: expected a byte count (decimal or 0x hex)");
  EXPECT_EQ(err("launch k grid=1,65536 block=1"),
            "launch: grid=1,65536: dimension y is 65536, the limit is 65535");
  EXPECT_EQ(err("launch k grid=2147483648 block=1"),
            "launch: grid=2147483648: dimension x is 2147483648, the limit is 2147483647");
  EXPECT_EQ(err("launch k grid=1,4294967296 block=1"),
            "launch: grid=1,4294967296: dimension y is 4294967296, more than 32 bits");
  EXPECT_EQ(err("launch k grid=1 block=2048"),
            "launch: block=2048: dimension x is 2048, the limit is 1024");
  EXPECT_EQ(err("launch k grid=1 block=1,1,65"),
            "launch: block=1,1,65: dimension z is 65, the limit is 64");
  EXPECT_EQ(err("launch k grid=1 block=64,32"),
            "launch: block=64,32: 2048 threads, more than 1024 per CTA");
  EXPECT_EQ(err("launch k grid=1 block=-1"),
            "launch: block=-1: dimension x '-1' is not a number (decimal or 0x hex)");
}

//===-- dump / expect -----------------------------------------------------------===//

TEST(RunScriptCommands, Dump) {
  DumpCommand d = op<DumpCommand>("dump out");
  EXPECT_EQ(d.buffer, "out");
  EXPECT_FALSE(d.type);
  EXPECT_FALSE(d.from);
  EXPECT_FALSE(d.to);
  DumpCommand t = op<DumpCommand>("dump out:f32 0..7");
  EXPECT_EQ(t.type, ElemType::F32);
  EXPECT_EQ(t.from, 0u);
  EXPECT_EQ(t.to, 7u);
  DumpCommand h = op<DumpCommand>("dump out 0x10..0x1f");
  EXPECT_EQ(h.from, 16u);
  EXPECT_EQ(h.to, 31u);
  DumpCommand open = op<DumpCommand>("dump out:u8 4..");
  EXPECT_EQ(open.from, 4u);
  EXPECT_FALSE(open.to);
  EXPECT_EQ(op<DumpCommand>("dump out 3 .. 3").to, 3u);

  EXPECT_EQ(err("dump"), "dump: expected a buffer name");
  EXPECT_EQ(err("dump out:"), "dump: expected an element type (u8 s8 u16 s16 u32 s32 u64 s64 "
                              "f32 f64)");
  EXPECT_EQ(err("dump out:i8"),
            "dump: unknown element type 'i8' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  EXPECT_EQ(err("dump out 5"), "dump: expected '..' in FROM..TO");
  EXPECT_EQ(err("dump out 5..2"), "dump: empty range 5..2 (TO is inclusive and must be >= FROM)");
  EXPECT_EQ(err("dump out ..2"), "dump: expected the first index of FROM..TO, found '..2'");
  EXPECT_EQ(err("dump out 1..x"), "dump: the last index of FROM..TO 'x' is not a non-negative "
                                  "integer (decimal or 0x hex) below 2^64");
  EXPECT_EQ(err("dump out 1..2 3"), "dump: unexpected '3'");
}

TEST(RunScriptCommands, ExpectElement) {
  ExpectCommand e = op<ExpectCommand>("expect out[3] == 42");
  EXPECT_EQ(e.buffer, "out");
  EXPECT_EQ(e.index, 3u);
  ASSERT_EQ(e.values.size(), 1u);
  EXPECT_EQ(e.values[0].text, "42");
  EXPECT_EQ(e.tolerance.kind, Tolerance::Exact);
  EXPECT_EQ(op<ExpectCommand>("expect f[0]==-inf").values[0].text, "-inf");

  ExpectCommand u = op<ExpectCommand>("expect f[1] ~= 0.1 ulp 2");
  EXPECT_EQ(u.tolerance.kind, Tolerance::Ulp);
  EXPECT_EQ(u.tolerance.ulps, 2u);
  ExpectCommand w = op<ExpectCommand>("expect f[1] ~= 1.5e3 within 1e-3");
  EXPECT_EQ(w.tolerance.kind, Tolerance::Within);
  EXPECT_EQ(w.tolerance.eps, 1e-3);
  EXPECT_EQ(w.values[0].resolve(ElemType::F32)->asF32(), 1500.0f);
}

TEST(RunScriptCommands, ExpectWholeBuffer) {
  ExpectCommand e = op<ExpectCommand>("expect out == [1, 2, -3, 0x4]");
  EXPECT_FALSE(e.index);
  ASSERT_EQ(e.values.size(), 4u);
  EXPECT_EQ(e.values[2].text, "-3");
  EXPECT_TRUE(op<ExpectCommand>("expect out == []").values.empty());
  ExpectCommand a = op<ExpectCommand>("expect f ~= [0.1, nan, inf] ulp 1");
  EXPECT_EQ(a.values.size(), 3u);
  EXPECT_EQ(a.tolerance.kind, Tolerance::Ulp);
  ExpectCommand f = op<ExpectCommand>("expect out == file(out.bin)");
  EXPECT_FALSE(f.index);
  EXPECT_EQ(f.file->path, "out.bin");
  ExpectCommand r = op<ExpectCommand>("expect out[64..127] == file(o.out, 512)");
  EXPECT_EQ(r.index, 64u);
  EXPECT_EQ(r.last, 127u);
  EXPECT_EQ(r.file->offset, 512u);
  EXPECT_EQ(err("expect out[0..1] == [1, 2]"),
            "expect: a range of elements is compared with file(PATH[, OFFSET])");
  EXPECT_EQ(err("expect out ~= file(o.bin) ulp 1"),
            "expect: a file is compared bit for bit: use '==', not '~='");
}

TEST(RunScriptCommands, ExpectErrors) {
  EXPECT_EQ(err("expect"), "expect: expected a buffer name");
  EXPECT_EQ(err("expect out[1]"), "expect: expected '==' or '~='");
  EXPECT_EQ(err("expect out[1] = 3"), "expect: expected '==' or '~=', found '='");
  EXPECT_EQ(err("expect out[1] == "), "expect: expected a value at the end of the line");
  EXPECT_EQ(err("expect out[1] == seven"), "expect: 'seven' is not a number");
  EXPECT_EQ(err("expect out[1] == 1 2"), "expect: unexpected '2'");
  EXPECT_EQ(err("expect out == 5"), "expect: the whole buffer out is compared with a list [v0, "
                                    "v1, ...]; use out[INDEX] for one element");
  EXPECT_EQ(err("expect out[0] == [1]"),
            "expect: out[0] is one element: compare it with one value, not a list");
  EXPECT_EQ(err("expect out == [1, 2"), "expect: expected ',' or ']' in the list, found ''");
  EXPECT_EQ(err("expect out == [1 2]"), "expect: expected ',' or ']' in the list, found '2]'");
  EXPECT_EQ(err("expect out == [1, x]"), "expect: 'x' is not a number (list element 1)");
  EXPECT_EQ(err("expect out[0] ~= 1.0"), "expect: '~=' needs a tolerance: 'ulp N' or 'within EPS'");
  EXPECT_EQ(err("expect out[0] ~= 1.0 ulps 2"),
            "expect: '~=' needs a tolerance: 'ulp N' or 'within EPS', found 'ulps'");
  EXPECT_EQ(err("expect out[0] ~= 1.0 ulp"), "expect: expected an ulp count at the end of the line");
  EXPECT_EQ(err("expect out[0] ~= 1.0 ulp -1"), "expect: expected an ulp count, found '-1'");
  EXPECT_EQ(err("expect out[0] ~= 1.0 within -1"),
            "expect: within -1: expected a non-negative number");
  EXPECT_EQ(err("expect out[0] ~= 1.0 within"), "expect: within ...: expected a non-negative number");
  EXPECT_EQ(err("expect out[0] ~= 1.0 within nan"),
            "expect: within nan: expected a non-negative number");
  EXPECT_EQ(err("expect out[0] == 1 ulp 2"), "expect: unexpected 'ulp'");
}

//===-- Flag forms -----------------------------------------------------------===//

TEST(RunScriptFlags, Dim3) {
  EXPECT_EQ(*parseDim3("8", "grid"), (Dim3{8, 1, 1}));
  EXPECT_EQ(*parseDim3("8,4", "grid"), (Dim3{8, 4, 1}));
  EXPECT_EQ(*parseDim3("0x20,2,2", "block"), (Dim3{32, 2, 2}));
  EXPECT_EQ(parseDim3("", "grid").message(), "grid=: expected X[,Y,Z]");
  EXPECT_EQ(parseDim3("32,33", "block").message(), "block=32,33: 1056 threads, more than 1024 per CTA");
  EXPECT_EQ(parseDim3("4,", "grid").message(), "grid=4,: dimension y is empty");
}

TEST(RunScriptFlags, LaunchArg) {
  auto a = parseLaunchArg("buf");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(std::get<BufferArg>(a->arg).name, "buf");
  auto b = parseLaunchArg("buf:32");
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(std::get<BufferArg>(b->arg).addr32);
  auto v = parseLaunchArg("0x10u64");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(std::get<Value>(v->arg), Value::fromBits(ElemType::U64, 16));
  auto inf = parseLaunchArg("inff32");
  ASSERT_TRUE(inf.ok());
  EXPECT_EQ(std::get<Value>(inf->arg).bits, 0x7f800000u);
  EXPECT_EQ(parseLaunchArg("").message(), "empty argument");
  EXPECT_EQ(parseLaunchArg("4").message(), "a value needs a type suffix, e.g. 4u32, 4s32 or 4f32");
  EXPECT_EQ(parseLaunchArg("a-b").message(),
            "'a-b' is neither a buffer name nor a typed value (e.g. 7u32, 1.5f32)");
  EXPECT_EQ(parseLaunchArg("1.5u32").message(), "'1.5u32' is not an integer (type u32)");
}

TEST(RunScriptFlags, Alloc) {
  auto a = parseAllocFlag("in=f32[1024]=random(7)");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->name, "in");
  EXPECT_EQ(a->type, ElemType::F32);
  EXPECT_EQ(a->count, 1024u);
  EXPECT_EQ(std::get<InitRandom>(a->init).seed, 7u);
  auto z = parseAllocFlag("out=u32[16]");
  ASSERT_TRUE(z.ok());
  EXPECT_TRUE(std::holds_alternative<std::monostate>(z->init));
  auto l = parseAllocFlag("v=s8[]=[1,2,3]");
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l->count, 3u);
  EXPECT_EQ(parseAllocFlag("x").message(), "--alloc x: expected NAME=TYPE[COUNT][=INIT]");
  EXPECT_EQ(parseAllocFlag("x=u32").message(), "--alloc x=u32: expected NAME=TYPE[COUNT][=INIT]");
  EXPECT_EQ(parseAllocFlag("x=u32[4]iota").message(), "--alloc x=u32[4]iota: expected '=INIT' after ']'");
  EXPECT_EQ(parseAllocFlag("x=q32[4]").message(),
            "--alloc x=q32[4]: unknown element type 'q32' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  EXPECT_EQ(parseAllocFlag("x=u8[4]=999").message(),
            "--alloc x=u8[4]=999: '999' is out of range for u8 (-128..255)");
}

TEST(RunScriptFlags, Dump) {
  auto d = parseDumpFlag("out");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->buffer, "out");
  auto t = parseDumpFlag("out:s16");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->type, ElemType::S16);
  EXPECT_EQ(parseDumpFlag("out:x").message(),
            "--dump out:x: unknown element type 'x' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
}

//===-- Launch block -----------------------------------------------------------===//

namespace {

uint64_t readLE(const std::vector<uint8_t> &b, size_t off, unsigned size) {
  uint64_t v = 0;
  for (unsigned i = 0; i < size; ++i)
    v |= uint64_t(b.at(off + i)) << (8 * i);
  return v;
}

BufferAddressFn buffers() {
  return [](std::string_view n) -> std::optional<uint64_t> {
    if (n == "a")
      return 0x10000000;
    if (n == "b")
      return 0x10001100;
    if (n == "high")
      return 0x10000000000;
    return std::nullopt;
  };
}

} // namespace

// The parameters from c[0x0][0x20] (the device writes the launch block
// before them: EmuDeviceTest); bytes[i] is c[0x0][0x20 + i].
TEST(LaunchBlock, NaturalPacking) {
  LaunchCommand l = op<LaunchCommand>(
      "launch k grid=5,6,7 block=32,2,3 shared=512 args=(7u8, a, -3s16, 1.5f32, b:32, 9u64)");
  KernelInfo k;
  k.name = "k";
  auto params = packLaunchParams(l, k, buffers());
  ASSERT_TRUE(params.ok()) << params.message();
  const auto &b = *params;
  EXPECT_EQ(readLE(b, 0x00, 1), 7u);           // u8 at c[0x0][0x20]
  EXPECT_EQ(readLE(b, 0x08, 8), 0x10000000u);  // pointer aligned to 8
  EXPECT_EQ(readLE(b, 0x10, 2), 0xfffdu);      // s16 at 0x30
  EXPECT_EQ(readLE(b, 0x14, 4), 0x3fc00000u);  // f32 at 0x34
  EXPECT_EQ(readLE(b, 0x18, 4), 0x10001100u);  // b:32 at 0x38
  EXPECT_EQ(readLE(b, 0x20, 8), 9u);           // u64 aligned to 0x40
  EXPECT_EQ(b.size(), 0x28u);
}

TEST(LaunchBlock, Abi32PassesFourBytePointers) {
  LaunchCommand l = op<LaunchCommand>("launch k grid=1 block=1 args=(a, b, 5u32)");
  KernelInfo k;
  k.name = "k";
  k.abi = 32;
  auto params = packLaunchParams(l, k, buffers());
  ASSERT_TRUE(params.ok()) << params.message();
  EXPECT_EQ(readLE(*params, 0x0, 4), 0x10000000u);
  EXPECT_EQ(readLE(*params, 0x4, 4), 0x10001100u);
  EXPECT_EQ(readLE(*params, 0x8, 4), 5u);
  EXPECT_EQ(params->size(), 0xcu);
}

// A listing kernel's code was compiled for Fermi's launch block (blockDim at
// 0x8, gridDim at 0x14); its parameters start at 0x20 all the same.
TEST(LaunchBlock, ListingKernelsGetFermiLayout) {
  LaunchCommand l = op<LaunchCommand>(
      "launch k grid=5,6,7 block=32,2,3 shared=512 args=(a:32, 9u32)");
  KernelInfo k;
  k.name = "k";
  EXPECT_EQ(launchLayoutOf(k), simt::emu::LaunchLayout::Isa);
  k.listing = true;
  k.abi = 32;
  EXPECT_EQ(launchLayoutOf(k), simt::emu::LaunchLayout::Fermi);
  auto params = packLaunchParams(l, k, buffers());
  ASSERT_TRUE(params.ok()) << params.message();
  EXPECT_EQ(readLE(*params, 0x0, 4), 0x10000000u);
  EXPECT_EQ(readLE(*params, 0x4, 4), 9u);
  EXPECT_EQ(params->size(), 0x8u);
}

// Up to the end of bank 0's 64 KiB; the argument past it is named.
TEST(LaunchBlock, ArgumentsOverflowingBankZero) {
  std::string args = "{";
  for (unsigned i = 0; i < 8188; ++i) // 0x20 + 8188 * 8 = 64 KiB
    args += (i ? ", " : "") + std::string("1u64");
  args += "}";
  KernelInfo k;
  k.name = "k";
  LaunchCommand fits = op<LaunchCommand>("launch k grid=1 block=1 args=(" + args + ")");
  ASSERT_TRUE(packLaunchParams(fits, k, buffers()).ok());
  LaunchCommand over = op<LaunchCommand>("launch k grid=1 block=1 args=(" + args + ", 1u8)");
  EXPECT_EQ(packLaunchParams(over, k, buffers()).message(),
            "argument 2 '1u8': the arguments overflow constant bank 0");
}

TEST(LaunchBlock, DeclaredParamsGiveOffsetsAndChecks) {
  KernelInfo k;
  k.name = "vadd";
  k.params = {{"x", 0x20, 8, 8}, {"n", 0x28, 4, 4}, {"scale", 0x30, 4, 16}};
  LaunchCommand good = op<LaunchCommand>("launch vadd grid=1 block=1 args=(a, 10u32, 2f32)");
  auto params = packLaunchParams(good, k, buffers());
  ASSERT_TRUE(params.ok()) << params.message();
  EXPECT_EQ(readLE(*params, 0x0, 8), 0x10000000u);  // x at 0x20
  EXPECT_EQ(readLE(*params, 0x8, 4), 10u);          // n at 0x28
  EXPECT_EQ(readLE(*params, 0x10, 4), 0x40000000u); // scale at its declared 0x30, not 0x2c
  EXPECT_EQ(readLE(*params, 0xc, 4), 0u);

  LaunchCommand few = op<LaunchCommand>("launch vadd grid=1 block=1 args=(a)");
  EXPECT_EQ(packLaunchParams(few, k, buffers()).message(),
            "kernel 'vadd' takes 3 parameters (x, n, scale), the launch passes 1");
  LaunchCommand size = op<LaunchCommand>("launch vadd grid=1 block=1 args=(a, 10u64, 2f32)");
  EXPECT_EQ(packLaunchParams(size, k, buffers()).message(),
            "argument 2 '10u64' is 8 bytes, parameter 2 'n' of kernel 'vadd' is 4 bytes");
  LaunchCommand ptr32 = op<LaunchCommand>("launch vadd grid=1 block=1 args=(a:32, 10u32, 2f32)");
  EXPECT_EQ(packLaunchParams(ptr32, k, buffers()).message(),
            "argument 1 'a:32' is 4 bytes, parameter 1 'x' of kernel 'vadd' is 8 bytes");

  KernelInfo bad;
  bad.name = "bad";
  bad.params = {{"p", 0x10, 4, 4}};
  LaunchCommand one1 = op<LaunchCommand>("launch bad grid=1 block=1 args=(1u32)");
  EXPECT_EQ(packLaunchParams(one1, bad, buffers()).message(),
            "parameter 'p' of kernel 'bad' at c[0x0][16] overlaps the launch block");
  bad.params = {{"p", 0xfffc, 8, 8}};
  LaunchCommand last = op<LaunchCommand>("launch bad grid=1 block=1 args=(1u64)");
  EXPECT_EQ(packLaunchParams(last, bad, buffers()).message(),
            "parameter 'p' of kernel 'bad' lies outside constant bank 0");
}

TEST(LaunchBlock, BufferErrors) {
  KernelInfo k;
  k.name = "k";
  LaunchCommand unknown = op<LaunchCommand>("launch k grid=1 block=1 args=(a, nobuf)");
  EXPECT_EQ(packLaunchParams(unknown, k, buffers()).message(),
            "argument 2 'nobuf': no buffer named 'nobuf'");
  LaunchCommand high = op<LaunchCommand>("launch k grid=1 block=1 args=(high:32)");
  EXPECT_EQ(packLaunchParams(high, k, buffers()).message(),
            "argument 1 'high:32': buffer 'high' lies above 4 GiB, its address does not fit 32 "
            "bits");
  LaunchCommand high64 = op<LaunchCommand>("launch k grid=1 block=1 args=(high)");
  EXPECT_TRUE(packLaunchParams(high64, k, buffers()).ok());
  EXPECT_FALSE(packLaunchParams(unknown, k, nullptr).ok());
}
