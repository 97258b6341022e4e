import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * HarfBuzz's subsetter (hb-subset, shipped by harfbuzzjs as its own WebAssembly module without
 * a JavaScript API): cuts a font down to the glyphs or characters given.
 */

interface SubsetExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  _initialize(): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

/** hb_subset_flags_t */
export const SubsetFlag = { noHinting: 0x1, retainGids: 0x2, desubroutinize: 0x4, noLayoutClosure: 0x200 } as const;
/** hb_subset_sets_t */
const SETS = { glyphs: 0, unicodes: 1, dropTables: 3 } as const;

function tag(name: string): number {
  return (
    ((name.charCodeAt(0) << 24) | (name.charCodeAt(1) << 16) | (name.charCodeAt(2) << 8) | name.charCodeAt(3)) >>> 0
  );
}

let module: Promise<SubsetExports> | undefined;
function load(): Promise<SubsetExports> {
  module ??= (async () => {
    const require = createRequire(import.meta.url);
    const bytes = await readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, {});
    const exports = instance.exports as unknown as SubsetExports;
    exports._initialize();
    return exports;
  })();
  return module;
}

export interface SubsetRequest {
  /** Index of the face in a font collection (.ttc). */
  faceIndex?: number;
  glyphs?: Iterable<number>;
  unicodes?: Iterable<number>;
  dropTables?: string[];
  flags?: number;
}

/** The font `font` cut down as asked; throws if HarfBuzz cannot subset it. */
export async function subsetFont(font: Uint8Array, request: SubsetRequest): Promise<Uint8Array> {
  const hb = await load();
  const fontPtr = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer, fontPtr, font.byteLength).set(font);
  // HB_MEMORY_MODE_WRITABLE (2): HarfBuzz reads the bytes where they are; they are freed below.
  const blob = hb.hb_blob_create(fontPtr, font.byteLength, 2, 0, 0);
  const face = hb.hb_face_create(blob, request.faceIndex ?? 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('HarfBuzz could not start a subset');
    for (const glyph of request.glyphs ?? []) hb.hb_set_add(hb.hb_subset_input_set(input, SETS.glyphs), glyph);
    for (const unicode of request.unicodes ?? []) hb.hb_set_add(hb.hb_subset_input_set(input, SETS.unicodes), unicode);
    for (const table of request.dropTables ?? [])
      hb.hb_set_add(hb.hb_subset_input_set(input, SETS.dropTables), tag(table));
    hb.hb_subset_input_set_flags(input, request.flags ?? 0);
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('HarfBuzz could not subset the font');
    const out = hb.hb_face_reference_blob(subset);
    const length = hb.hb_blob_get_length(out);
    const data = hb.hb_blob_get_data(out, 0);
    const bytes = new Uint8Array(hb.memory.buffer, data, length).slice();
    hb.hb_blob_destroy(out);
    hb.hb_face_destroy(subset);
    return bytes;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(fontPtr);
  }
}
