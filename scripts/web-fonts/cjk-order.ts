/**
 * The order in which Chinese characters and Hangul syllables are cut into font slices: the most
 * used first, so that a page in Chinese or Korean needs the first slices and only a few others.
 * Read from Debian's `unicode-data` (the Unihan database of Unicode 15) and the browser's own
 * EUC-KR decoder; nothing here is shipped, it only decides which file holds which character.
 */
import { execFileSync } from 'node:child_process';

const UNIHAN = '/usr/share/unicode';

function unihan(file: string, fields: readonly string[]): Map<string, Map<number, string>> {
  const text = execFileSync('bzcat', [`${UNIHAN}/${file}.txt.bz2`], { maxBuffer: 1 << 28 }).toString();
  const out = new Map(fields.map((field) => [field, new Map<number, string>()]));
  for (const line of text.split('\n')) {
    const [cp, field, value] = line.split('\t');
    const map = field ? out.get(field) : undefined;
    if (map && cp && value) map.set(parseInt(cp.slice(2), 16), value);
  }
  return out;
}

/**
 * Chinese characters, most used first: counts of the Xiandai Hanyu Pinlu Cidian (kHanyuPinlu,
 * 3,800 characters of mainland text); then characters common in Traditional, Japanese or school
 * use (kFrequency 1–2, level 1 of the 2013 General Standard table, Hong Kong grades, Jōyō kanji);
 * then those of the national standards (the rest of kFrequency and the 2013 table, Big5 level 1,
 * GB 2312); then every other one, in code point order.
 */
export function hanByUse(): number[] {
  const readings = unihan('Unihan_Readings', ['kHanyuPinlu']);
  const dict = unihan('Unihan_DictionaryLikeData', ['kFrequency', 'kGradeLevel']);
  const maps = unihan('Unihan_OtherMappings', ['kTGH', 'kBigFive', 'kGB0', 'kJoyoKanji']);
  const count = (value: string) => [...value.matchAll(/\((\d+)\)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  const pinlu = [...readings.get('kHanyuPinlu')!]
    .map(([cp, v]) => [cp, count(v)] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const tgh = (cp: number) => Number(maps.get('kTGH')!.get(cp)?.split(':')[1] ?? Infinity);
  const frequency = (cp: number) => Number(dict.get('kFrequency')!.get(cp) ?? 9);
  const big5Level1 = (cp: number) => {
    const code = parseInt(maps.get('kBigFive')!.get(cp) ?? '0', 16);
    return code >= 0xa440 && code <= 0xc67e;
  };
  const tier = (cp: number): number => {
    if (frequency(cp) <= 2 || tgh(cp) <= 3500 || dict.get('kGradeLevel')!.has(cp) || maps.get('kJoyoKanji')!.has(cp))
      return 1;
    if (frequency(cp) <= 5 || tgh(cp) < Infinity || big5Level1(cp) || maps.get('kGB0')!.has(cp)) return 2;
    return 3;
  };
  const first = pinlu.map(([cp]) => cp);
  const seen = new Set(first);
  const rest: number[] = [];
  for (let cp = 0x4e00; cp <= 0x9fff; cp++) if (!seen.has(cp)) rest.push(cp);
  for (let cp = 0xf900; cp <= 0xfaff; cp++) rest.push(cp);
  const tiers = new Map(rest.map((cp) => [cp, tier(cp)]));
  rest.sort((a, b) => tiers.get(a)! - tiers.get(b)! || a - b);
  return [...first, ...rest];
}

/** The 2,350 Hangul syllables of KS X 1001 (those of everyday Korean) first, then the others. */
export function hangulByUse(): number[] {
  const decoder = new TextDecoder('euc-kr');
  const common: number[] = [];
  for (let lead = 0xb0; lead <= 0xc8; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const cp = decoder.decode(new Uint8Array([lead, trail])).codePointAt(0)!;
      if (cp >= 0xac00 && cp <= 0xd7a3) common.push(cp);
    }
  }
  const seen = new Set(common);
  const rest: number[] = [];
  for (let cp = 0xac00; cp <= 0xd7a3; cp++) if (!seen.has(cp)) rest.push(cp);
  return [...common.sort((a, b) => a - b), ...rest];
}
