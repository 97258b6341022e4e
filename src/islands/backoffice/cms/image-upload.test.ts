import { describe, expect, it } from 'vitest';
import { CMS_UPLOAD_MAX_BYTES } from '../../../lib/cms/schema.ts';
import { ApiError } from '../lib/api.ts';
import { checkImageFile, formatBytes, TOO_LARGE_MESSAGE, uploadError, WRONG_TYPE_MESSAGE } from './image-upload.ts';

describe('image checks before upload', () => {
  it('takes JPEG, PNG and WebP up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkImageFile({ type, size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: CMS_UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, larger files and empty ones', () => {
    expect(checkImageFile({ type: 'image/gif', size: 1000 })).toBe(WRONG_TYPE_MESSAGE);
    expect(checkImageFile({ type: '', size: 1000 })).toBe(WRONG_TYPE_MESSAGE);
    expect(checkImageFile({ type: 'image/jpeg', size: CMS_UPLOAD_MAX_BYTES + 1 })).toBe(TOO_LARGE_MESSAGE);
    expect(checkImageFile({ type: 'image/jpeg', size: 0 })).toMatch(/empty/);
  });

  it('names the limit in the message', () => {
    expect(formatBytes(CMS_UPLOAD_MAX_BYTES)).toBe('5 MB');
    expect(TOO_LARGE_MESSAGE).toContain('5 MB');
  });
});

describe('upload refusals', () => {
  it('explains 413 and 415 in the portal’s words', () => {
    expect(uploadError(413, { status: 413, message: 'The file is larger than 5 MB' }).message).toBe(TOO_LARGE_MESSAGE);
    // A proxy's 413 has no JSON body.
    expect(uploadError(413, undefined).message).toBe(TOO_LARGE_MESSAGE);
    expect(uploadError(415, { status: 415, message: 'nope' }).message).toBe(WRONG_TYPE_MESSAGE);
  });

  it('keeps the server’s word for a picture with too many pixels', () => {
    expect(
      uploadError(413, { status: 413, message: 'The image has more than 40 million pixels: make it smaller first' })
        .message,
    ).toMatch(/pixels/);
  });

  it('carries field errors of other refusals', () => {
    const error = uploadError(400, {
      status: 400,
      message: 'Invalid body: check file',
      errors: { file: ['is empty'] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ file: ['is empty'] });
  });
});
