import { createInflateRaw } from 'node:zlib';

/**
 * Reading a ZIP archive (an .xlsx workbook is one) without trusting it: the archive's directory
 * must be readable, and only the entries the caller reads are unpacked, in small pieces against
 * a budget of bytes, so a "zip bomb" (a small file that unpacks to gigabytes, whatever sizes it
 * declares) is refused after at most the budget's worth of work and never held in memory whole
 * (decision 054).
 */

export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated (the only two an .xlsx uses). */
  method: 0 | 8;
  /** The entry's packed bytes, within the archive. */
  data: Uint8Array;
  /** The unpacked size the directory states (not trusted). */
  declared: number;
}

/** What may still be unpacked; shared by the entries read for one file. */
export interface UnpackBudget {
  left: number;
}

/** An archive that unpacks past its budget. */
export class ZipTooLargeError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The size of the pieces an entry is unpacked in. */
const PIECE = 64 * 1024;

/** Whether the bytes start as a ZIP archive does ("PK\3\4"). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function endOfDirectory(view: DataView): number {
  const last = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= last; at--) if (view.getUint32(at, true) === EOCD) return at;
  return -1;
}

/** One directory record at `at`: the entry and where the next record starts; null when it is not one. */
function entryAt(bytes: Uint8Array, view: DataView, at: number): { entry: ZipEntry | 'zip64'; next: number } | null {
  if (view.getUint32(at, true) !== CENTRAL) return null;
  const flags = view.getUint16(at + 8, true);
  const method = view.getUint16(at + 10, true);
  const packed = view.getUint32(at + 20, true);
  const declared = view.getUint32(at + 24, true);
  const header = view.getUint32(at + 42, true);
  const nameLength = view.getUint16(at + 28, true);
  const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  // 0xffffffff: a ZIP64 entry, of 4 GB or more.
  if (packed === 0xffffffff || declared === 0xffffffff) return { entry: 'zip64', next };
  // Bit 0: an encrypted entry, which no workbook of figures is.
  if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) return null;
  if (view.getUint32(header, true) !== LOCAL) return null;
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  if (start + packed > bytes.length) return null;
  const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
  return { entry: { name, method, data: bytes.subarray(start, start + packed), declared }, next };
}

/** The archive's entries as its directory lists them; 'not-zip' when it cannot be read, 'too-large' for ZIP64. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | 'not-zip' | 'too-large' {
  if (!looksLikeZip(bytes) || bytes.length < 22) return 'not-zip';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = endOfDirectory(view);
  if (eocd < 0) return 'not-zip';
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const record = entryAt(bytes, view, at);
      if (!record) return 'not-zip';
      if (record.entry === 'zip64') return 'too-large';
      entries.push(record.entry);
      at = record.next;
    }
  } catch {
    // A record that runs past the end of the bytes (DataView's RangeError).
    return 'not-zip';
  }
  return entries;
}

/**
 * The entry's bytes, unpacked in pieces of at most 64 KB; each piece is taken from `budget`, and
 * ZipTooLargeError is thrown as soon as it is spent (the rest is never unpacked). Damaged packed
 * data throws zlib's error.
 */
export async function* unpack(entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Uint8Array> {
  if (entry.declared > budget.left) throw new ZipTooLargeError();
  if (entry.method === 0) {
    for (let at = 0; at < entry.data.length; at += PIECE) {
      const piece = entry.data.subarray(at, at + PIECE);
      budget.left -= piece.length;
      if (budget.left < 0) throw new ZipTooLargeError();
      yield piece;
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: PIECE });
  inflater.end(entry.data);
  try {
    for await (const piece of inflater as AsyncIterable<Buffer>) {
      budget.left -= piece.length;
      if (budget.left < 0) throw new ZipTooLargeError();
      yield piece;
    }
  } finally {
    inflater.destroy();
  }
}
