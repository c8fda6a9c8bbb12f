"""Python's zlib and gzip as the reference for the content-coding tests (stdlib only).

Records are fields, each a 4-byte big-endian length and that many bytes.

  deflate_reference.py compress INPUTS OUT   INPUTS: one field per input. OUT: for each input and
                                             each variant, four fields: variant name, format
                                             (gzip|zlib|raw), input index (decimal), stream.
  deflate_reference.py decompress CASES      CASES: three fields a case: format, input, stream.
                                             Prints one line a case ("ok" or what went wrong);
                                             exits 1 if any case failed.
"""
import gzip
import io
import struct
import sys
import zlib

WBITS = {"raw": -15, "zlib": 15, "gzip": 31}


def read_fields(path):
    data = open(path, "rb").read()
    fields, offset = [], 0
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        fields.append(data[offset + 4:offset + 4 + length])
        offset += 4 + length
    return fields


def field(data):
    return struct.pack(">I", len(data)) + data


def deflate(data, fmt, level=6, strategy=zlib.Z_DEFAULT_STRATEGY, flush_every=0, mode=zlib.Z_SYNC_FLUSH,
            wbits=15, mem_level=8):
    bits = {"raw": -wbits, "zlib": wbits, "gzip": 16 + wbits}[fmt]
    compressor = zlib.compressobj(level, zlib.DEFLATED, bits, mem_level, strategy)
    out = b""
    if flush_every:
        for start in range(0, len(data), flush_every):
            out += compressor.compress(data[start:start + flush_every]) + compressor.flush(mode)
    else:
        out += compressor.compress(data)
    return out + compressor.flush()


def gzip_with_all_fields(data):
    """A member with FEXTRA, FNAME, FCOMMENT and FHCRC, which Python's gzip module never writes."""
    extra = b"AP" + struct.pack("<H", 6) + b"kitchn"
    header = b"\x1f\x8b\x08" + bytes([0x04 | 0x08 | 0x10 | 0x02]) + struct.pack("<I", 0) + b"\x00\xff"
    header += struct.pack("<H", len(extra)) + extra + b"body.json\x00" + b"recorded by a test\x00"
    header += struct.pack("<H", zlib.crc32(header) & 0xFFFF)
    return header + deflate(data, "raw", 9) + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def gzip_named(data):
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="kitchen.json", mode="wb", fileobj=buffer, mtime=0) as file:
        file.write(data)
    return buffer.getvalue()


def variants(data):
    for fmt in ("raw", "zlib", "gzip"):
        for level in (0, 1, 6, 9):
            yield "level%d" % level, fmt, deflate(data, fmt, level)
    for name, strategy in (("fixed", zlib.Z_FIXED), ("huffman-only", zlib.Z_HUFFMAN_ONLY), ("rle", zlib.Z_RLE),
                           ("filtered", zlib.Z_FILTERED)):
        yield name, "zlib", deflate(data, "zlib", 6, strategy)
        yield name, "raw", deflate(data, "raw", 9, strategy)
    yield "sync-flush-997", "zlib", deflate(data, "zlib", 6, flush_every=997, mode=zlib.Z_SYNC_FLUSH)
    yield "full-flush-1500", "gzip", deflate(data, "gzip", 9, flush_every=1500, mode=zlib.Z_FULL_FLUSH)
    yield "sync-flush-fixed-300", "raw", deflate(data, "raw", 6, zlib.Z_FIXED, flush_every=300)
    yield "window-512", "zlib", deflate(data, "zlib", 9, wbits=9)
    yield "memlevel-1", "gzip", deflate(data, "gzip", 9, mem_level=1)
    yield "gzip-module", "gzip", gzip.compress(data, mtime=0)
    yield "gzip-fname", "gzip", gzip_named(data)
    yield "gzip-all-fields", "gzip", gzip_with_all_fields(data)
    half = len(data) // 2
    yield "gzip-members", "gzip", (gzip.compress(data[:half], 1, mtime=0) + gzip.compress(b"", mtime=0)
                                   + gzip_with_all_fields(data[half:]))


def compress(inputs_path, out_path):
    out = b""
    for index, data in enumerate(read_fields(inputs_path)):
        for name, fmt, stream in variants(data):
            out += field(name.encode()) + field(fmt.encode()) + field(str(index).encode()) + field(stream)
    open(out_path, "wb").write(out)


def decompress(cases_path):
    fields = read_fields(cases_path)
    failed = False
    for case in range(0, len(fields), 3):
        fmt, expected, stream = fields[case].decode(), fields[case + 1], fields[case + 2]
        try:
            actual = gzip.decompress(stream) if fmt == "gzip" else zlib.decompress(stream, WBITS[fmt])
            ok = actual == expected
            print("ok" if ok else "case %d (%s): decoded %d bytes, expected %d" % (case // 3, fmt, len(actual), len(expected)))
        except Exception as error:  # the report names the case, whatever Python raised
            ok = False
            print("case %d (%s): %s" % (case // 3, fmt, error))
        failed = failed or not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if sys.argv[1] == "compress":
        compress(sys.argv[2], sys.argv[3])
    else:
        decompress(sys.argv[2])
