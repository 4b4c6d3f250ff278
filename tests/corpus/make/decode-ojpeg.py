#!/usr/bin/env python3
"""Wraps a baseline JPEG in an old-style JPEG-in-TIFF (TIFF 6.0 compression 6), the way scanners and
fax software wrote them in the 1990s: the whole JPEG stream lives in the file, found through
JPEGInterchangeFormat (513) and its length (514); one strip points at the same bytes."""
import struct, sys
src, dst, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
jpeg = open(src, 'rb').read()
entries = [
    (256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, None), (259, 3, 1, 6), (262, 3, 1, 6),
    (273, 4, 1, None), (277, 3, 1, 3), (278, 4, 1, height), (279, 4, 1, len(jpeg)),
    (284, 3, 1, 1), (512, 3, 1, 1), (513, 4, 1, None), (514, 4, 1, len(jpeg)),
]
ifd_at = 8
bps_at = ifd_at + 2 + len(entries) * 12 + 4
jpeg_at = bps_at + 6
out = bytearray(b'II*\x00' + struct.pack('<I', ifd_at))
out += struct.pack('<H', len(entries))
for tag, typ, count, value in entries:
    if tag == 258: value = bps_at
    if tag in (273, 513): value = jpeg_at
    out += struct.pack('<HHI', tag, typ, count)
    out += struct.pack('<HH', value, 0) if typ == 3 and count == 1 else struct.pack('<I', value)
out += struct.pack('<I', 0)
out += struct.pack('<HHH', 8, 8, 8)
out += jpeg
open(dst, 'wb').write(out)
