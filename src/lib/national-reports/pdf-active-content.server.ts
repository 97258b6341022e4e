import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';

/**
 * What a PDF may carry besides its pages that a reader could run or open (decision 056): scripts,
 * launch actions, embedded files and rich media. The portal refuses such a file instead of
 * removing them, because removing anything from a signed PDF breaks its signature.
 */

export const ACTIVE_CONTENT = ['javascript', 'launch', 'embedded_files', 'rich_media'] as const;
export type ActiveContent = (typeof ACTIVE_CONTENT)[number];

/** How each is named in the refusal's message (terms of the API's catalogues, `activeContent:…`). */
export const ACTIVE_CONTENT_WORDS: Record<ActiveContent, string> = {
  javascript: 'JavaScript',
  launch: 'a launch action',
  embedded_files: 'embedded files',
  rich_media: 'rich media',
};

const name = (dict: PDFDict, key: string): string | null => {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : null;
};

/** The kinds of active content one dictionary is (or names). */
function kindsOf(dict: PDFDict): ActiveContent[] {
  const found: ActiveContent[] = [];
  const has = (key: string) => dict.has(PDFName.of(key));
  const action = name(dict, 'S');
  const subtype = name(dict, 'Subtype');
  // An action of type JavaScript, any /JS entry (actions, renditions), or a names tree of scripts.
  if (action === 'JavaScript' || has('JS') || has('JavaScript')) found.push('javascript');
  if (action === 'Launch' || has('Launch')) found.push('launch');
  if (has('EmbeddedFiles') || has('EF') || name(dict, 'Type') === 'EmbeddedFile' || subtype === 'FileAttachment')
    found.push('embedded_files');
  if (subtype === 'RichMedia' || has('RichMediaContent') || has('RichMediaSettings')) found.push('rich_media');
  return found;
}

/** Every dictionary in `object`, nested ones included (indirect ones are visited as objects of their own). */
function eachDict(object: PDFObject, visit: (dict: PDFDict) => void, depth = 0): void {
  if (depth > 32) return;
  if (object instanceof PDFStream || object instanceof PDFRawStream) return eachDict(object.dict, visit, depth + 1);
  if (object instanceof PDFDict) {
    visit(object);
    for (const [, value] of object.entries()) eachDict(value, visit, depth + 1);
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) eachDict(value, visit, depth + 1);
  }
}

/** The kinds of active content anywhere in the document's objects (object streams included), in a fixed order. */
export function activeContentOf(doc: PDFDocument): ActiveContent[] {
  const found = new Set<ActiveContent>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    eachDict(object, (dict) => kindsOf(dict).forEach((kind) => found.add(kind)));
  }
  return ACTIVE_CONTENT.filter((kind) => found.has(kind));
}
