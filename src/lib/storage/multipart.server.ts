import type { Context } from 'hono';
import { ApiError } from '../http/errors.server.ts';
import { safeText } from '../http/safe-text.ts';
import { say } from '../i18n/said.ts';

/** Room in a multipart body for the boundaries, part headers and small fields around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** Parts a form may have: the file and a few fields beside it (decision 054). */
export const MULTIPART_PARTS_MAX = 16;

export interface UploadedFile {
  bytes: Uint8Array;
  /** What the browser said (made safe, decision 057); never trusted for the file's type. */
  name: string;
  declaredType: string;
  /** The form's other text fields (e.g. a confirmation ticked beside the file). */
  fields: Record<string, string>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, say('The file is larger than {size}: choose a smaller file', { size: megabytes(maxBytes) }));
}

/**
 * Reads the multipart/form-data body of an upload and returns the file of field `field`. The
 * size limit holds while the body streams in: a body past the limit (plus room for the
 * multipart framing) is cut off with a 413 before more of it is read, whatever Content-Length
 * said. Anything malformed is a 4xx.
 */
export async function readUploadedFile(
  c: Context,
  options: { field: string; maxBytes: number },
): Promise<UploadedFile> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data;.*\bboundary=/i.test(contentType)) {
    throw new ApiError(
      415,
      say('Send the file as multipart/form-data in a field named "{field}"', { field: options.field }),
    );
  }
  const maxBody = options.maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBody) throw tooLarge(options.maxBytes);

  const body = await readBounded(c.req.raw.body, maxBody);
  if (body === null) throw tooLarge(options.maxBytes);
  // The form parser works through every part at once, on the event loop: a body of thousands of
  // tiny parts held it for seconds. Counting them first is a native search.
  if (partCount(body, contentType) > MULTIPART_PARTS_MAX) {
    throw new ApiError(
      400,
      say('The upload holds more than {max} parts: send the file on its own', { max: MULTIPART_PARTS_MAX }),
    );
  }

  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw new ApiError(400, 'The upload is not valid multipart/form-data');
  }
  const file = form.get(options.field);
  if (!(file instanceof File)) {
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: options.field }), {
      [options.field]: ['is required: attach a file'],
    });
  }
  if (file.size > options.maxBytes) throw tooLarge(options.maxBytes);
  if (file.size === 0)
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: options.field }), {
      [options.field]: ['is empty'],
    });
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (typeof value === 'string' && !(key in fields)) fields[key] = safeText(value.slice(0, 200));
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: safeText(file.name),
    declaredType: file.type,
    fields,
  };
}

/** The parts of a multipart body (its delimiters but the closing one), counted up to one past the limit. */
function partCount(body: Uint8Array, contentType: string): number {
  const boundary = /\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return 0;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let count = 0;
  for (
    let at = bytes.indexOf(delimiter);
    at >= 0 && count <= MULTIPART_PARTS_MAX + 1;
    at = bytes.indexOf(delimiter, at + delimiter.length)
  )
    count++;
  return count - 1;
}

/** The whole stream, or null as soon as it passes `max` bytes (the rest is not read). */
async function readBounded(stream: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
