//===-- ElementFiles.cpp - Buffer elements read from file(PATH, OFFSET) ---===//
#include "runtime/ElementFiles.h"
#include "support/InputFile.h"

#include <fstream>

namespace simt::rt {

std::string fileSliceText(const FileSlice &file) {
  return "file(" + file.path + (file.offset ? ", " + std::to_string(file.offset) : "") + ")";
}

Expected<std::string> readElementFile(const Buffer &b, uint64_t first,
                                      std::optional<uint64_t> last, const FileSlice &file,
                                      const std::filesystem::path &baseDir, std::string_view cmd) {
  const std::string what = std::string(cmd) + ": " + fileSliceText(file) + ": ";
  const uint64_t end = last ? *last + 1 : b.count;
  if (first >= b.count || end > b.count)
    return Error{what + b.name + "[" + std::to_string(last ? *last : first) +
                 "] is past the end (" + std::to_string(b.count) + " elements)"};
  const unsigned size = sizeOf(b.type);
  const uint64_t room = (end - first) * size;
  std::filesystem::path path(file.path);
  if (path.is_relative())
    path = baseDir / path;
  std::string bytes;
  if (!file.offset && !last) {
    // The whole file: it must fit (reading stops past the room).
    auto whole = readInputFile(path.string(), InputKind::BufferData, room, false);
    if (!whole)
      return Error{what + whole.message()};
    bytes = std::move(*whole);
  } else {
    if (Status st = checkInputFile(path.string(), InputKind::BufferData); !st)
      return Error{what + st.message()};
    std::error_code ec;
    const uint64_t fileBytes = std::filesystem::file_size(path, ec);
    const uint64_t want = last ? room : fileBytes - std::min(fileBytes, file.offset);
    if (ec || file.offset > fileBytes || want > fileBytes - file.offset)
      return Error{what + "the file has " + std::to_string(fileBytes) + " bytes; " +
                   std::to_string(want) + " are needed from byte " + std::to_string(file.offset)};
    if (want > room)
      return Error{what + std::to_string(want) + " bytes from byte " +
                   std::to_string(file.offset) + " are more than the " + std::to_string(room) +
                   " from " + b.name + "[" + std::to_string(first) + "] to its end"};
    bytes.resize(want);
    std::ifstream in(path, std::ios::binary);
    in.seekg(std::streamoff(file.offset));
    if (!in.read(bytes.data(), std::streamsize(want)))
      return Error{what + "cannot read '" + file.path + "'"};
  }
  if (bytes.empty() || bytes.size() % size)
    return Error{what + std::to_string(bytes.size()) + " bytes are not a whole number of " +
                 std::string(typeName(b.type)) + " elements"};
  return bytes;
}

} // namespace simt::rt
