//===-- TextureBinding.cpp - A texture reference's binding words ----------===//
#include "runtime/TextureBinding.h"

#include <bit>
#include <cstdio>

namespace simt::rt {

Expected<TextureWords> textureBindingWords(const TextureBinding &c) {
  using namespace simt::limits;
  TextureWords words = {};
  const ElemType type = c.channelType;
  const uint64_t addr = c.addr, bytes = c.bytes;
  if (bytes > UINT32_MAX)
    return makeError(std::to_string(bytes) + " bytes; a texture binding holds at most 4 GiB - 1");
  const uint64_t channel = sizeOf(type), texel = channel * c.channels;
  if (texel > 16)
    return makeError("texels of " + std::to_string(c.channels) + " " +
                     std::string(typeName(type)) + " elements (" + std::to_string(texel) +
                     " bytes); a texel has at most 16 bytes");
  // The geometry: by default one row of every texel the range holds.
  if ((c.extent[1] && !c.extent[0]) || (c.extent[2] && !c.extent[1]))
    return makeError(c.extent[2] ? "depth= needs height=" : "height= needs width=");
  const uint64_t width = c.extent[0].value_or(bytes / texel);
  const uint64_t height = c.extent[1].value_or(1), depth = c.extent[2].value_or(1);
  const uint64_t pitch = c.pitch.value_or(width * texel);
  if (pitch < width * texel)
    return makeError("pitch=" + std::to_string(pitch) + " is less than a row of " +
                     std::to_string(width) + " texels of " + std::to_string(texel) + " bytes");
  // height * depth < 2^64; past `bytes` (< 2^32) no product is computed.
  const uint64_t rows = height * depth;
  const uint64_t needed = rows > bytes ? UINT64_MAX : (rows - 1) * pitch + width * texel;
  if (c.extent[0] && needed > bytes)
    return makeError("a " + std::to_string(width) + "x" + std::to_string(height) + "x" +
                     std::to_string(depth) + " texture of " + std::to_string(texel) +
                     "-byte texels, rows " + std::to_string(pitch) + " bytes apart, needs " +
                     (rows > bytes ? "more than " + std::to_string(bytes) : std::to_string(needed)) +
                     " bytes; " + c.memory + " binds " +
                     std::to_string(bytes));
  for (TexAddressMode m : c.address)
    if (!c.normalized && (m == TexAddressMode::Wrap || m == TexAddressMode::Mirror))
      return makeError("address=wrap and address=mirror need normalized coordinates "
                       "(`normalized`), as in CUDA");
  const TexelKind kind = isFloat(type)        ? TexelKind::Float
                         : isSignedInt(type) ? TexelKind::Signed
                                                : TexelKind::Unsigned;
  uint32_t sampling = uint32_t(c.linear) << kTexLinearFilterBit |
                      uint32_t(c.normalized) << kTexNormalizedBit;
  for (unsigned d = 0; d < 3; ++d)
    sampling |= uint32_t(c.address[d]) << (kTexAddressModeBit + d * kTexAddressModeBits);
  words[0] = uint32_t(addr);
  words[1] = uint32_t(addr >> 32);
  words[kTexBytesWord] = uint32_t(bytes);
  words[kTexFormatWord] = uint32_t(std::countr_zero(texel)) << kTexelLog2BytesBit |
                          c.channels << kTexelChannelsBit |
                          uint32_t(channel) << kTexelChannelBytesBit |
                          uint32_t(kind) << kTexelKindBit;
  words[kTexWidthWord] = uint32_t(width);
  words[kTexWidthWord + 1] = uint32_t(height);
  words[kTexWidthWord + 2] = uint32_t(depth);
  words[kTexPitchWord] = uint32_t(pitch);
  words[kTexSamplingWord] = sampling;
  return words;
}

Expected<ConstCommand> textureBindingCommand(const VarInfo &tex,
                                             const std::optional<TextureBinding> &binding) {
  TextureWords words = {};
  if (binding) {
    auto bound = textureBindingWords(*binding);
    if (!bound)
      return makeError("bind: " + bound.message());
    words = *bound;
  }
  ConstCommand out;
  out.bank = tex.bank;
  out.offset = uint32_t(tex.offset);
  out.type = ElemType::U32;
  for (uint32_t word : words)
    out.values.push_back(Value::fromBits(ElemType::U32, word));
  return out;
}

std::string describeTextureWords(const TextureWords &w) {
  using namespace simt::limits;
  const uint32_t format = w[kTexFormatWord], sampling = w[kTexSamplingWord];
  if (!format)
    return "  not bound (every word 0): reads return 0\n";
  auto field = [&](uint32_t bit) { return (format >> bit) & ((1u << kTexelFieldBits) - 1); };
  const uint32_t channels = field(kTexelChannelsBit), channelBytes = field(kTexelChannelBytesBit);
  const auto kind = TexelKind(field(kTexelKindBit));
  const char *kindName = kind == TexelKind::Float ? "f" : kind == TexelKind::Signed ? "s" : "u";
  static const char *modes[] = {"clamp", "border", "wrap", "mirror"};
  std::string address;
  for (unsigned d = 0; d < 3; ++d)
    address += std::string(d ? " / " : "") +
               modes[(sampling >> (kTexAddressModeBit + d * kTexAddressModeBits)) & 3];
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "  memory:      0x%llx, %u bytes\n"
                "  texel:       %u x %s%u (%u bytes)\n"
                "  extent:      %u x %u x %u texels, rows %u bytes apart\n"
                "  filter:      %s\n"
                "  address:     %s (x / y / z)\n"
                "  coordinates: %s\n",
                static_cast<unsigned long long>(uint64_t(w[1]) << 32 | w[0]), w[kTexBytesWord],
                channels, kindName, channelBytes * 8, 1u << field(kTexelLog2BytesBit),
                w[kTexWidthWord], w[kTexWidthWord + 1], w[kTexWidthWord + 2], w[kTexPitchWord],
                (sampling >> kTexLinearFilterBit) & 1 ? "linear" : "point", address.c_str(),
                (sampling >> kTexNormalizedBit) & 1 ? "normalized" : "texel (unnormalized)");
  return buf;
}

} // namespace simt::rt
