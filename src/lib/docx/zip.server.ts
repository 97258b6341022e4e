import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer (PKWARE APPNOTE 6.3, no ZIP64): enough for an office document (.docx, decision
 * 079) made in memory, each file deflated, names in UTF-8. A document is bounded well below ZIP's
 * 4 GB and 65,535 entries; past them it throws rather than write a broken archive.
 */

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
}

const LIMIT = 0xffffffff;

/** The DOS date and time ZIP stores (local time fields, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** A file's local header (APPNOTE 4.3.7) and its central directory header (4.3.12), which repeats most of it. */
function headers(
  fields: { time: number; date: number; crc: number; packed: number; size: number; name: number },
  offset: number,
) {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  local.writeUInt16LE(0x0800, 6); // names in UTF-8
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(fields.time, 10);
  local.writeUInt16LE(fields.date, 12);
  local.writeUInt32LE(fields.crc, 14);
  local.writeUInt32LE(fields.packed, 18);
  local.writeUInt32LE(fields.size, 22);
  local.writeUInt16LE(fields.name, 26);
  local.writeUInt16LE(0, 28); // no extra field
  // Central: made by 2.0 (MS-DOS attributes), then as the local header; no comment, disk 0, no attributes.
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  local.copy(central, 6, 4, 30);
  central.writeUInt32LE(offset, 42);
  return { local, central };
}

/** `entries` as the bytes of one ZIP archive, in the order given. */
export function zip(entries: readonly ZipEntry[], at = new Date()): Uint8Array {
  if (entries.length > 0xffff) throw new Error('Too many files for a ZIP archive');
  const { time, date } = dosTime(at);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const packed = deflateRawSync(raw, { level: 6 });
    if (raw.byteLength > LIMIT || offset > LIMIT) throw new Error('A file too large for a ZIP archive');
    const fields = {
      time,
      date,
      crc: crc32(raw),
      packed: packed.byteLength,
      size: raw.byteLength,
      name: name.byteLength,
    };
    const header = headers(fields, offset);
    parts.push(header.local, name, packed);
    central.push(header.central, name);
    offset += header.local.byteLength + name.byteLength + packed.byteLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}
