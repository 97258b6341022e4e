import sharp from 'sharp';

/** A small deterministic PRNG (mulberry32): the same seed makes the same picture. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like JPEG: soft colour fields (a sky-to-ground gradient and a few blobs) with grain,
 * so it compresses the way a camera picture does, not like a flat test card.
 */
export async function photoJpeg(seed: number, width = 1600, height = 1000): Promise<Buffer> {
  const random = prng(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const top = [60 + random() * 120, 90 + random() * 120, 140 + random() * 110];
  const bottom = [40 + random() * 100, 50 + random() * 100, 30 + random() * 80];
  const blobs = Array.from({ length: 7 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.08 + random() * 0.25) * width,
    c: [random() * 255, random() * 255, random() * 255],
  }));
  for (let y = 0; y < height; y++) {
    const t = y / height;
    for (let x = 0; x < width; x++) {
      let r = top[0]! * (1 - t) + bottom[0]! * t;
      let g = top[1]! * (1 - t) + bottom[1]! * t;
      let b = top[2]! * (1 - t) + bottom[2]! * t;
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y) / blob.r;
        if (d < 1) {
          const w = (1 - d) * (1 - d) * 0.8;
          r += (blob.c[0]! - r) * w;
          g += (blob.c[1]! - g) * w;
          b += (blob.c[2]! - b) * w;
        }
      }
      // Texture at several scales (survives the smaller renditions) and a fine grain (the camera's).
      const texture =
        Math.sin(x * 0.043 + y * 0.011) * Math.sin(y * 0.057 - x * 0.008) * 18 + Math.sin(x * 0.31 + y * 0.23) * 6;
      const grain = (random() - 0.5) * 12 + texture;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, r + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A partner-logo-like PNG: flat shapes on transparency (no text: no fonts needed). */
export async function logoPng(seed: number, width = 600, height = 240): Promise<Buffer> {
  const random = prng(seed);
  const colour = () => `rgb(${Math.round(random() * 200)},${Math.round(random() * 200)},${Math.round(random() * 200)})`;
  const bars = Array.from({ length: 5 }, (_, i) => {
    const h = 40 + random() * 120;
    return `<rect x="${250 + i * 60}" y="${(height - h) / 2}" width="44" height="${h}" rx="8" fill="${colour()}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<circle cx="120" cy="${height / 2}" r="${height / 2 - 20}" fill="${colour()}"/>` +
    `<circle cx="120" cy="${height / 2}" r="${height / 4}" fill="${colour()}"/>${bars}</svg>`;
  return await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
