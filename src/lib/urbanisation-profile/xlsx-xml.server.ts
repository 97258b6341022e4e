import { SaxesParser } from 'saxes';
import { unpack, ZipTooLargeError, type UnpackBudget, type ZipEntry } from '../storage/zip-guard.server.ts';
import { TooManyRowsError, XML_TEXT_RUN_MAX } from './import-limits.ts';

/**
 * One XML part of a workbook read as a stream of tags (saxes): unpacked piece by piece, decoded
 * piece by piece, never held whole. Tag names lose their namespace prefix (`x:row` is `row`, as
 * some writers put it). What a part may cost is bounded: unpacked bytes and elements across the
 * parts of one file, bytes between two tags (a text or attribute no spreadsheet writes), no
 * DOCTYPE (so no entity of a DTD can expand).
 */

/** A workbook this import cannot read; the message says what to do. */
export class XlsxReadError extends Error {
  /** The message as said (by key and values, decision 064). */
  readonly said: string;
  constructor(message: string) {
    super(String(message));
    this.said = message;
  }
}

/** The messages of a workbook refused as a whole, as the import's file problem words them. */
export const XLSX_MESSAGES = {
  notWorkbook: 'the file is not an Excel workbook (.xlsx): save it again from Excel as .xlsx or as CSV',
  tooLarge: 'the workbook is too large once unpacked: keep only the sheet of figures, or import it in parts',
  noSheet: 'the workbook has no sheet: put the figures in its first sheet',
};

export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** What reading one file may still cost. */
export interface XmlBudget {
  unpacked: UnpackBudget;
  elements: number;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function parserFor(handlers: XmlHandlers, budget: XmlBudget, seen: { tag: boolean }): SaxesParser {
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => {
    seen.tag = true;
    if (--budget.elements < 0) throw new XlsxReadError(XLSX_MESSAGES.tooLarge);
    handlers.open(localName(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    seen.tag = true;
    handlers.close?.(localName(tag.name));
  });
  if (handlers.text) {
    const text = (value: string) => handlers.text?.(value);
    parser.on('text', text);
    parser.on('cdata', text);
  }
  parser.on('doctype', () => {
    throw new XlsxReadError(XLSX_MESSAGES.notWorkbook);
  });
  return parser;
}

/** Feeds the entry's XML to `handlers`; throws XlsxReadError (or what a handler throws). */
export async function readXmlPart(entry: ZipEntry, budget: XmlBudget, handlers: XmlHandlers): Promise<void> {
  const seen = { tag: false };
  const parser = parserFor(handlers, budget, seen);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let sinceTag = 0;
  try {
    for await (const piece of unpack(entry, budget.unpacked)) {
      seen.tag = false;
      parser.write(decoder.decode(piece, { stream: true }));
      sinceTag = seen.tag ? 0 : sinceTag + piece.length;
      // Spaces padding a zip bomb, or a text far past Excel's 32,767 characters a cell.
      if (sinceTag > XML_TEXT_RUN_MAX) throw new XlsxReadError(XLSX_MESSAGES.tooLarge);
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof XlsxReadError || error instanceof TooManyRowsError) throw error;
    if (error instanceof ZipTooLargeError) throw new XlsxReadError(XLSX_MESSAGES.tooLarge);
    // saxes's "not well-formed", zlib's damaged data, bytes that are not UTF-8.
    throw new XlsxReadError(XLSX_MESSAGES.notWorkbook);
  }
}
