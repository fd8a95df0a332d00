#!/usr/bin/env python3
"""Writes a copy of a simt-cc object, or of a host object that embeds one
(simt-nvcc -c), with the device object's ELF header corrupted, for the tests
of the runtime's checks of images it gets without their length
(corrupt_images.cu).

    corrupt_image.py IN OUT FIELD VALUE  # the header's FIELD set to VALUE
    corrupt_image.py IN OUT truncate N   # only the object's first N bytes

FIELD is e_shoff, e_phoff, e_phentsize, e_phnum, e_shentsize, e_shnum or
e_shstrndx.
"""
import struct
import sys

EM_SIMT = 0x5349
FIELDS = {  # offset in the ELF64 header, struct format
    "e_phoff": (0x20, "<Q"),
    "e_shoff": (0x28, "<Q"),
    "e_phentsize": (0x36, "<H"),
    "e_phnum": (0x38, "<H"),
    "e_shentsize": (0x3A, "<H"),
    "e_shnum": (0x3C, "<H"),
    "e_shstrndx": (0x3E, "<H"),
}


def device_object(data):
    """Where the device object starts: the file itself, or the first
    embedded ELF whose e_machine is EM_SIMT."""
    at = 0
    while at >= 0:
        if data[at:at + 4] == b"\x7fELF" and struct.unpack_from("<H", data, at + 18)[0] == EM_SIMT:
            return at
        at = data.find(b"\x7fELF", at + 1)
    sys.exit("no simt-cc object in the input")


def main():
    src, dst, field, value = sys.argv[1:5]
    data = bytearray(open(src, "rb").read())
    at = device_object(data)
    if field == "truncate":
        data = data[at:at + int(value, 0)]
    else:
        off, fmt = FIELDS[field]
        struct.pack_into(fmt, data, at + off, int(value, 0))
    open(dst, "wb").write(data)


if __name__ == "__main__":
    main()
