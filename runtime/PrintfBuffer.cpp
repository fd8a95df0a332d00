//===-- PrintfBuffer.cpp - Device printf records, formatted at wait -------===//
#include "runtime/PrintfBuffer.h"
#include "isa/SIMTLimits.h"
#include "support/PrintfFormat.h"
#include "support/Text.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

namespace simt::rt {

namespace pf = simt::printf_format;

bool usesPrintfBuffer(const std::vector<emu::Inst> &code) {
  constexpr uint32_t first = limits::kEnvRegSlot + 4 * limits::kPrintfBufferEnvReg,
                     end = first + 12;
  return std::any_of(code.begin(), code.end(), [](const emu::Inst &i) {
    return i.sb.kind == emu::SrcKind::Const && i.sb.bank == limits::kRuntimeBank && i.sb.offset >= first &&
           i.sb.offset < end;
  });
}

namespace {

uint64_t readLE(std::span<const uint8_t> bytes, uint32_t at, uint32_t size) {
  uint64_t v = 0;
  for (uint32_t i = 0; i < size && at + i < bytes.size(); ++i)
    v |= uint64_t(bytes[at + i]) << (8 * i);
  return v;
}

/// snprintf of one conversion into a string.
template <class T> std::string cformat(const std::string &spec, T value) {
  int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (n < 0)
    return "<printf: cannot format '" + spec + "'>";
  std::string s(size_t(n) + 1, '\0');
  std::snprintf(s.data(), s.size(), spec.c_str(), value);
  s.pop_back();
  return s;
}

/// The value of an integer conversion, as its length modifier reads it.
int64_t signedValue(const pf::Directive &d, uint64_t raw) {
  switch (d.length) {
  case pf::Length::HH: return int8_t(raw);
  case pf::Length::H: return int16_t(raw);
  default: return d.size == 4 ? int64_t(int32_t(raw)) : int64_t(raw);
  }
}
uint64_t unsignedValue(const pf::Directive &d, uint64_t raw) {
  switch (d.length) {
  case pf::Length::HH: return uint8_t(raw);
  case pf::Length::H: return uint16_t(raw);
  default: return d.size == 4 ? uint64_t(uint32_t(raw)) : raw;
  }
}

} // namespace

std::string formatPrintf(std::string_view format, std::span<const uint8_t> args, bool pointer32,
                         const DeviceStringReader &readString) {
  pf::Format f;
  size_t errorPos = 0;
  if (std::string e = pf::parseFormat(format, pointer32 ? 4 : 8, f, errorPos); !e.empty())
    return "<" + e + ">\n";
  if (f.argBytes > args.size())
    return "<printf: the record holds " + std::to_string(args.size()) +
           " argument bytes, the format needs " + std::to_string(f.argBytes) + ">\n";
  std::string out;
  for (const pf::Directive &d : f.directives) {
    if (!d.conv) {
      out += d.text;
      continue;
    }
    if (d.conv == '%') {
      out += '%';
      continue;
    }
    // The conversion as the host's printf takes it: `*` values written in,
    // integers always as long long.
    std::string spec = "%" + d.flags;
    if (d.starWidth)
      spec += std::to_string(int32_t(readLE(args, d.widthOffset, 4)));
    else if (d.width >= 0)
      spec += std::to_string(d.width);
    if (d.starPrecision) {
      int32_t p = int32_t(readLE(args, d.precisionOffset, 4));
      if (p >= 0) // a negative precision is as if none was given
        spec += "." + std::to_string(p);
    } else if (d.precision >= 0) {
      spec += "." + std::to_string(d.precision);
    }
    const uint64_t raw = readLE(args, d.offset, d.size);
    switch (d.conv) {
    case 'd':
    case 'i':
      out += cformat(spec + "ll" + d.conv, (long long)signedValue(d, raw));
      break;
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      out += cformat(spec + "ll" + d.conv, (unsigned long long)unsignedValue(d, raw));
      break;
    case 'c':
      out += cformat(spec + "c", int(int32_t(raw)));
      break;
    case 'p':
      out += cformat(spec + "p", reinterpret_cast<void *>(uintptr_t(raw)));
      break;
    case 's': {
      std::optional<std::string> s =
          raw ? readString(raw) : std::optional<std::string>("(null)");
      out += cformat(spec + "s", s ? s->c_str() : ("<bad string address " + hex(raw) + ">").c_str());
      break;
    }
    default: { // the floating conversions
      double v;
      std::memcpy(&v, &raw, sizeof v);
      out += cformat(spec + d.conv, v);
      break;
    }
    }
  }
  return out;
}

void printPrintfRecords(const PrintfLaunch &l, emu::AddressSpace &mem,
                        const DeviceStringReader &readConstString, std::ostream &out,
                        std::ostream &err) {
  const uint8_t *base = mem.translate(l.buffer, l.bytes);
  if (!base || l.bytes < pf::kBufferHeaderBytes)
    return;
  const std::span<const uint8_t> buf(base, l.bytes);
  const uint64_t cursor = readLE(buf, pf::kCursorOffset, 8);
  const uint32_t dropped = uint32_t(readLE(buf, pf::kDroppedOffset, 4));
  // Records that fit are a prefix: a reservation past the end fails for
  // every later (higher) one too.
  const uint64_t end = pf::kBufferHeaderBytes +
                       std::min<uint64_t>(cursor, l.bytes - pf::kBufferHeaderBytes);
  auto readString = [&](uint64_t addr) -> std::optional<std::string> {
    const emu::MemRange *a = mem.findAllocation(addr);
    if (!a)
      return std::nullopt;
    const uint8_t *p = a->host + (addr - a->base);
    const uint8_t *stop = a->host + a->size;
    const uint8_t *nul = std::find(p, stop, uint8_t(0));
    if (nul == stop)
      return std::nullopt;
    return std::string(reinterpret_cast<const char *>(p), size_t(nul - p));
  };
  struct Line {
    uint64_t cta, thread;
    std::string text;
  };
  std::vector<Line> lines;
  std::map<uint64_t, std::optional<std::string>> formats;
  for (uint64_t at = pf::kBufferHeaderBytes; at + pf::kRecordHeaderBytes <= end;) {
    const std::span<const uint8_t> rec = buf.subspan(at);
    const uint32_t size = uint32_t(readLE(rec, pf::kRecordSizeOffset, 4));
    if (size == 0)
      break; // reserved, and its thread stopped before its size: no way past
    if (size < pf::kRecordHeaderBytes || size % 8 || at + size > end) {
      err << "printf buffer of kernel " << l.kernel << " (grid " << l.grid
          << ") is corrupt at offset " << at << ": a record of " << size << " bytes\n";
      break;
    }
    const uint32_t flags = uint32_t(readLE(rec, pf::kRecordFlagsOffset, 4));
    if (flags & pf::kRecordWriting) { // its thread stopped while writing it
      at += size;
      continue;
    }
    const uint64_t fmtAddr = readLE(rec, pf::kRecordFormatOffset, 8);
    uint32_t ctaid[3], tid[3];
    for (int i = 0; i < 3; ++i) {
      ctaid[i] = uint32_t(readLE(rec, pf::kRecordCtaidOffset + 4 * i, 4));
      tid[i] = uint32_t(readLE(rec, pf::kRecordTidOffset + 4 * i, 4));
    }
    auto [it, fresh] = formats.try_emplace(fmtAddr);
    if (fresh)
      it->second = readString(fmtAddr);
    Line line;
    line.cta = ctaid[0] + uint64_t(l.gridDim[0]) * (ctaid[1] + uint64_t(l.gridDim[1]) * ctaid[2]);
    line.thread = tid[0] + uint64_t(l.blockDim[0]) * (tid[1] + uint64_t(l.blockDim[1]) * tid[2]);
    line.text = it->second ? formatPrintf(*it->second,
                                          rec.subspan(pf::kRecordHeaderBytes,
                                                      size - pf::kRecordHeaderBytes),
                                          flags & pf::kRecordPointer32,
                                          flags & pf::kRecordConstStrings ? readConstString
                                                                          : readString)
                           : "<printf: no format string at " + hex(fmtAddr) + ">\n";
    lines.push_back(std::move(line));
    at += size;
  }
  std::stable_sort(lines.begin(), lines.end(), [](const Line &a, const Line &b) {
    return a.cta != b.cta ? a.cta < b.cta : a.thread < b.thread;
  });
  for (const Line &line : lines)
    out << line.text;
  out.flush();
  if (dropped)
    err << "printf buffer full: " << dropped << " record" << (dropped == 1 ? "" : "s")
        << " of kernel " << l.kernel << " dropped (buffer " << l.bytes
        << " bytes; --printf-buffer)\n";
}

} // namespace simt::rt
