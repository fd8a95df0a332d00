//===-- InputFile.cpp - Bounded reading of the files a user names ---------===//
//
// POSIX open/fstat/read rather than streams: streams throw or fail silently on
// a directory and read a character device forever. A regular file is read up
// to its size; anything else (a pipe, a terminal, /dev/zero) in chunks until
// end of file or one byte past the limit.
//
//===----------------------------------------------------------------------===//
#include "support/InputFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace simt {

namespace {

const char *kindName(InputKind kind) {
  switch (kind) {
  case InputKind::AsmSource: return "an assembly source";
  case InputKind::Object: return "an object file";
  case InputKind::Script: return "a command file";
  case InputKind::RawWords: return "a binary of instruction words";
  case InputKind::BufferData: break;
  }
  return "an input file";
}

Error cannotRead(std::string_view path, const std::string &reason) {
  return makeError("cannot read '" + std::string(path) + "': " + reason);
}

Error tooLarge(std::string_view path, InputKind kind, uint64_t limit) {
  if (kind == InputKind::BufferData)
    return cannotRead(path, "more than " + std::to_string(limit) + " bytes, the size of the buffer");
  return cannotRead(path, "more than " + std::to_string(limit) + " bytes, the limit for " +
                              kindName(kind));
}

/// Closes a descriptor it opened (not standard input).
struct Fd {
  int fd = -1;
  bool owned = false;
  ~Fd() {
    if (owned && fd >= 0)
      ::close(fd);
  }
};

/// Opens `path` and checks what it is: a directory is an error (reading one
/// fails only at the first read, with a less clear message).
Status openChecked(std::string_view path, bool allowStdin, Fd &f, struct stat &st) {
  if (allowStdin && path == "-") {
    f.fd = STDIN_FILENO;
  } else {
    if (path.empty())
      return cannotRead(path, "no file name");
    do
      f.fd = ::open(std::string(path).c_str(), O_RDONLY | O_CLOEXEC);
    while (f.fd < 0 && errno == EINTR);
    if (f.fd < 0)
      return cannotRead(path, std::strerror(errno));
    f.owned = true;
  }
  if (::fstat(f.fd, &st) != 0)
    return cannotRead(path, std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    return cannotRead(path, std::strerror(EISDIR));
  return {};
}

} // namespace

uint64_t inputLimit(InputKind kind) {
  switch (kind) {
  case InputKind::AsmSource: return kMaxAsmSourceBytes;
  case InputKind::Object: return kMaxObjectBytes;
  case InputKind::Script: return kMaxScriptBytes;
  case InputKind::BufferData: return uint64_t(1) << 40;
  case InputKind::RawWords: return kMaxRawWordsBytes;
  }
  return kMaxScriptBytes;
}

Expected<std::string> readInputFile(std::string_view path, InputKind kind, bool allowStdin) {
  return readInputFile(path, kind, inputLimit(kind), allowStdin);
}

Expected<std::string> readInputFile(std::string_view path, InputKind kind, uint64_t limit,
                                    bool allowStdin) {
  Fd f;
  struct stat st;
  if (Status s = openChecked(path, allowStdin, f, st); !s)
    return s.error();
  std::string out;
  if (S_ISREG(st.st_mode)) {
    if (uint64_t(st.st_size) > limit)
      return tooLarge(path, kind, limit);
    out.reserve(size_t(st.st_size));
  }
  // Read until end of file; a regular file that grows while being read is
  // bounded by the same check as a pipe.
  char chunk[1 << 16];
  while (true) {
    ssize_t n = ::read(f.fd, chunk, sizeof(chunk));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return cannotRead(path, std::strerror(errno));
    }
    if (n == 0)
      break;
    if (uint64_t(n) > limit - out.size())
      return tooLarge(path, kind, limit);
    out.append(chunk, size_t(n));
  }
  return out;
}

Status checkInputFile(std::string_view path, InputKind kind) {
  Fd f;
  struct stat st;
  if (Status s = openChecked(path, false, f, st); !s)
    return s;
  if (!S_ISREG(st.st_mode))
    return cannotRead(path, "not a regular file");
  if (uint64_t(st.st_size) > inputLimit(kind))
    return tooLarge(path, kind, inputLimit(kind));
  return {};
}

} // namespace simt
