/**
 * Small PDFs written byte by byte for the tests, with a correct cross-reference table: pages with
 * a line of text, and, on request, a signature field (/Sig with /ByteRange, /Contents, /Name, /M)
 * or an /Encrypt entry. The signature is only what the file records: it is not cryptographically
 * valid, and the portal reports it as invalid (decision 056). Really signed PDFs: signed-pdf.ts.
 */
export interface TestPdfOptions {
  /** Pages, each with one line of text (0 makes a PDF without pages). */
  pages?: number;
  /** Text on the first page. */
  title?: string;
  /** Bytes of padding inside an unused stream, to make a large file. */
  padding?: number;
  signature?: { name?: string; m?: string; contents?: Uint8Array };
  encrypted?: boolean;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
/** A PDF text string as UTF-16BE hex with its byte-order mark: any script. */
const textString = (text: string) => {
  const units = [0xfe, 0xff];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const pairs = code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code];
    for (const unit of pairs) units.push(unit >> 8, unit & 0xff);
  }
  return `<${hex(new Uint8Array(units))}>`;
};

export function testPdf(options: TestPdfOptions = {}): Uint8Array {
  const pageCount = options.pages ?? 1;
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let i = 0; i < pageCount; i++) {
    const line = i === 0 ? (options.title ?? 'National report: signed copy') : `Page ${i + 1}`;
    const text = `BT /F1 20 Tf 72 760 Td (${line.replace(/[()\\]/g, '')}) Tj ET\n0 0 1 RG 72 700 m 520 700 l S`;
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R ` +
          `>> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  let acroForm = '';
  if (options.signature) {
    const s = options.signature;
    const contents = s.contents ?? new Uint8Array(64);
    const parts = [
      '/Type /Sig',
      '/Filter /Adobe.PPKLite',
      '/SubFilter /adbe.pkcs7.detached',
      '/ByteRange [0 100 200 300]',
      `/Contents <${hex(contents).padEnd(512, '0')}>`,
    ];
    if (s.name !== undefined) parts.push(`/Name ${textString(s.name)}`);
    if (s.m !== undefined) parts.push(`/M (${s.m})`);
    const value = add(`<< ${parts.join(' ')} >>`);
    const field = add(
      `<< /FT /Sig /T (Signature1) /V ${value} 0 R /Subtype /Widget /Rect [0 0 0 0] /P ${kids[0] ?? pagesObj} 0 R >>`,
    );
    acroForm = ` /AcroForm << /Fields [${field} 0 R] /SigFlags 3 >>`;
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R${acroForm} >>`;
  // The padding's bytes are put in by place-holder, not as a string of millions of characters.
  const PAD = '\u0000PADDING\u0000';
  if (options.padding) add(`<< /Length ${options.padding} >>\nstream\n${PAD}\nendstream`);
  const encrypt = options.encrypted ? add('<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>') : 0;

  const pad = options.padding ?? 0;
  let out = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length + (out.includes(PAD) ? pad - PAD.length : 0));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length + (out.includes(PAD) ? pad - PAD.length : 0);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out +=
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 ` +
    `R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<01> <01>]` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  // latin1: one byte per character (the binary comment line and the offsets stay true).
  const [before, after = ''] = out.split(PAD);
  const head = Buffer.from(before!, 'latin1');
  const tail = Buffer.from(after, 'latin1');
  const bytes = new Uint8Array(head.length + (out.includes(PAD) ? pad : 0) + tail.length);
  bytes.set(head);
  if (out.includes(PAD)) bytes.fill(0x20, head.length, head.length + pad);
  bytes.set(tail, bytes.length - tail.length);
  return bytes;
}
