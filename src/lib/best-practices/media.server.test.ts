import { expect, test } from 'vitest';
import { cardRect, cleanFileName, isPdf } from './media.server.ts';

test('the card crop: the centre of a wide or tall picture at 16:9', () => {
  expect(cardRect(1600, 900, null)).toEqual({ left: 0, top: 0, width: 1600, height: 900 });
  expect(cardRect(2000, 900, null)).toEqual({ left: 200, top: 0, width: 1600, height: 900 });
  expect(cardRect(900, 1600, null)).toEqual({ left: 0, top: 547, width: 900, height: 506 });
});

test('a crop sent is narrowed to 16:9 around its centre and kept inside the picture', () => {
  // The top-left quarter of a 2000 × 2000 picture: 1000 × 1000, narrowed to 1000 × 563.
  expect(cardRect(2000, 2000, { x: 0, y: 0, width: 0.5, height: 0.5 })).toEqual({
    left: 0,
    top: 219,
    width: 1000,
    height: 563,
  });
  // A thin strip at the right edge: as wide as allowed, never past the edge.
  const rect = cardRect(1000, 1000, { x: 0.9, y: 0.4, width: 0.1, height: 0.2 });
  expect(rect.left + rect.width).toBeLessThanOrEqual(1000);
  expect(Math.abs(rect.width / rect.height - 16 / 9)).toBeLessThan(0.05);
});

test('PDF sniffing and download names', () => {
  expect(isPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
  expect(isPdf(Buffer.from('%PDF-x'))).toBe(false);
  expect(isPdf(Buffer.from('<html>'))).toBe(false);
  expect(cleanFileName('../../etc/Annual "report".pdf')).toBe('Annual report.pdf');
  expect(cleanFileName('<script>')).toBe('script.pdf');
  expect(cleanFileName('')).toBe('document.pdf');
});
