#!/usr/bin/env python3
"""Writes a corrupt copy of a simt-as object, for the tests of the loader's
and simt-objdump's checks (the corruptions a hostile user or a truncated
download produces).

    corrupt_object.py IN OUT info TEXT        # .simt.info replaced by TEXT (\\n for newlines)
    corrupt_object.py IN OUT offset SECTION V # SECTION's sh_offset set to V
    corrupt_object.py IN OUT size SECTION V   # SECTION's sh_size set to V
    corrupt_object.py IN OUT rela SECTION FIELD V  # first entry of SECTION: FIELD (offset|info|addend) = V
    corrupt_object.py IN OUT grow SECTION N   # SECTION becomes N zero bytes (appended)
"""
import struct
import sys


def sections(data):
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    heads = [shoff + i * shentsize for i in range(shnum)]
    strtab_off, = struct.unpack_from("<Q", data, heads[shstrndx] + 0x18)
    out = {}
    for h in heads:
        name, = struct.unpack_from("<I", data, h)
        end = data.index(b"\0", strtab_off + name)
        out[data[strtab_off + name:end].decode()] = h
    return out


def main():
    src, dst, kind = sys.argv[1:4]
    data = bytearray(open(src, "rb").read())
    heads = sections(data)
    if kind == "info":
        # Appended at the end of the file; the header points there.
        text = sys.argv[4].replace("\\n", "\n").encode()
        h = heads[".simt.info"]
        struct.pack_into("<QQ", data, h + 0x18, len(data), len(text))
        data += text
    elif kind in ("offset", "size"):
        h = heads[sys.argv[4]]
        struct.pack_into("<Q", data, h + (0x18 if kind == "offset" else 0x20), int(sys.argv[5], 0))
    elif kind == "rela":
        h = heads[sys.argv[4]]
        off, = struct.unpack_from("<Q", data, h + 0x18)
        field = {"offset": 0, "info": 8, "addend": 16}[sys.argv[5]]
        struct.pack_into("<Q", data, off + field, int(sys.argv[6], 0) & (2**64 - 1))
    elif kind == "grow":
        h = heads[sys.argv[4]]
        n = int(sys.argv[5], 0)
        struct.pack_into("<QQ", data, h + 0x18, len(data), n)
        data += bytes(n)
    else:
        sys.exit("unknown corruption " + kind)
    open(dst, "wb").write(data)


if __name__ == "__main__":
    main()
