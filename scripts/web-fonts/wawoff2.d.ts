/** wawoff2 (Google's woff2 encoder built to WebAssembly) ships no types. */
declare module 'wawoff2' {
  export function compress(font: Uint8Array): Promise<Uint8Array>;
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
