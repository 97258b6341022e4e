import { inflateRawSync } from 'node:zlib';

/**
 * A check of a ZIP archive (an .xlsx workbook is one) before a library unpacks it: the archive's
 * directory must be readable and its entries, once unpacked, must stay under `maxUnpacked` bytes.
 * The sizes an archive declares can lie, so each entry is inflated here with a bound on its
 * output: a "zip bomb" (a small file that unpacks to gigabytes) is refused after at most
 * `maxUnpacked` bytes of work.
 */

/** `missing`: a readable archive without the entry the caller requires (a .docx is no workbook). */
export type ZipCheck = 'ok' | 'not-zip' | 'too-large' | 'missing';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Whether the bytes start as a ZIP archive does ("PK\3\4"). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function endOfDirectory(view: DataView): number {
  const last = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= last; at--) if (view.getUint32(at, true) === EOCD) return at;
  return -1;
}

export function checkZip(bytes: Uint8Array, maxUnpacked: number, required?: string): ZipCheck {
  if (!looksLikeZip(bytes) || bytes.length < 22) return 'not-zip';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = endOfDirectory(view);
  if (eocd < 0) return 'not-zip';
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  let budget = maxUnpacked;
  let found = required === undefined;
  const decoder = new TextDecoder();
  try {
    for (let n = 0; n < entries; n++) {
      if (view.getUint32(at, true) !== CENTRAL) return 'not-zip';
      const method = view.getUint16(at + 10, true);
      const packed = view.getUint32(at + 20, true);
      const declared = view.getUint32(at + 24, true);
      const header = view.getUint32(at + 42, true);
      // 0xffffffff: a ZIP64 entry, of 4 GB or more.
      if (declared > budget || packed === 0xffffffff) return 'too-large';
      if (view.getUint32(header, true) !== LOCAL) return 'not-zip';
      const nameLength = view.getUint16(at + 28, true);
      if (!found && decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)) === required) found = true;
      const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
      const data = bytes.subarray(start, start + packed);
      if (method === 0) budget -= data.length;
      else if (method === 8) budget -= inflateRawSync(data, { maxOutputLength: budget + 1 }).length;
      else return 'not-zip';
      if (budget < 0) return 'too-large';
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too-large';
    return 'not-zip';
  }
  return found ? 'ok' : 'missing';
}
