import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportPdf } from './pdf.server.ts';
import { report } from './pdf-test-report.ts';
import type { ReportGroup } from './schema.ts';

/**
 * The report PDF prints every script of the region, shaped: the text is extracted back with
 * poppler's pdftotext and compared with what was written.
 */

const LTR_SAMPLES: Record<string, string> = {
  Vietnamese: 'Thành phố Hồ Chí Minh: tỷ lệ dân số đô thị',
  Russian: 'Улаанбаатар — Новая программа развития городов',
  Armenian: 'Երևան քաղաքային զարգացում',
  Georgian: 'თბილისი ქალაქის განვითარება',
  Hindi: 'नई शहरी कार्यसूची क्षेत्र श्री द्वारा',
  Nepali: 'काठमाडौं महानगरपालिका',
  Bengali: 'নতুন নগর কর্মসূচি ঢাকা',
  Sinhala: 'ශ්‍රී ලංකා නාගරික සංවර්ධනය',
  Tamil: 'புதிய நகர்ப்புற நிகழ்ச்சி நிரல்',
  Dzongkha: 'འབྲུག་ཡུལ་གྱི་གྲོང་ཁྱེར་',
  Thai: 'กรุงเทพมหานคร ผู้ที่อยู่อาศัย น้ำ',
  Lao: 'ວຽງຈັນ ນະຄອນຫຼວງ',
  Khmer: 'រាជធានីភ្នំពេញ ស្ត្រី',
  Myanmar: 'နေပြည်တော် မြို့ပြဖွံ့ဖြိုးရေး',
  Mongolian: 'ᠮᠣᠩᠭᠣᠯ ᠤᠯᠤᠰ',
  'Chinese (Simplified)': '新城市议程 北京市 城镇化',
  'Chinese (Traditional)': '新城市議程 臺北市 國家報告',
  Japanese: 'とうきょう 東京都 カタカナ',
  Korean: '새로운 도시 의제 서울특별시',
};
/** Right to left: poppler gives each word in reading order, but the words of a line from left to right. */
const RTL_SAMPLES: Record<string, string> = {
  Persian: 'برنامه جدید شهری تهران ۱۴۰۳',
  Urdu: 'شہری ترقی کا نیا ایجنڈا',
  Pashto: 'د ښاري پراختیا نوی اجنډا',
  Dari: 'شاروالی کابل',
};
/** Thaana: poppler extracts its vowel signs out of order (from Chromium's PDFs too), so its letters are compared. */
const THAANA = 'ދިވެހިރާއްޖޭގެ ސަރުކާރު';

function groups(answers: Record<string, string>): ReportGroup[] {
  const items = Object.entries(answers).map(([language, text], i) => ({
    question: { code: `Q${i + 1}`, text: `Answer in ${language}`, sdg_refs: [] },
    answer: { text, data_year: 2025, source: null, comment: null },
    display: text,
  }));
  return [
    {
      thrust: { code: 'T1', name: 'Scripts', nua_paragraphs: null },
      subcategories: [{ subcategory: { code: 'T1.1', name: 'Answers' }, items }],
    },
  ] as unknown as ReportGroup[];
}

const dir = process.env.PDF_SCRIPTS_DIR ?? mkdtempSync(join(tmpdir(), 'pdf-scripts-'));
function extract(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
function fonts(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
}
/** NFC, without spaces and the direction marks poppler adds around right-to-left words. */
function normal(text: string): string {
  return text.normalize('NFC').replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');
}

describe('the report PDF in every script', () => {
  it(
    'prints answers in twenty-four languages and gives their text back, with no "?"',
    { timeout: 60_000 },
    async () => {
      const bytes = await reportPdf(
        report({ title: 'Báo cáo quốc gia' }),
        groups({ ...LTR_SAMPLES, ...RTL_SAMPLES, Dhivehi: THAANA }),
      );
      const text = extract(bytes, 'all.pdf');
      const flat = normal(text);
      for (const [language, sample] of Object.entries(LTR_SAMPLES)) expect(flat, language).toContain(normal(sample));
      for (const [language, sample] of Object.entries(RTL_SAMPLES)) {
        for (const word of sample.split(' ')) expect(flat, `${language}: ${word}`).toContain(normal(word));
      }
      for (const letter of THAANA.replace(/[\u07a6-\u07b0 ]/gu, '')) expect(text, `Thaana ${letter}`).toContain(letter);
      expect(text).not.toContain('?');
      expect(text).not.toContain('\ufffd');

      const embedded = fonts(bytes, 'all.pdf');
      for (const name of [
        'NotoSans-Regular',
        'NotoSansArabic',
        'NotoSansThai',
        'NotoSansKhmer',
        'NotoSansMyanmar',
        'NotoSerifTibetan',
        'NotoSansThaana',
        'NotoSansCJKsc-Han',
        'NotoSansCJKsc-KanaHangul',
      ]) {
        expect(embedded, name).toMatch(new RegExp(`[A-Z]{6}\\+${name}`));
      }
      // Every font embedded (emb) as a subset (sub) with a ToUnicode map (uni).
      for (const line of embedded.split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/yes yes yes/);
      expect(embedded).not.toMatch(/DejaVu|Helvetica/);
    },
  );

  it('keeps a report answered in five scripts under 1.5 MB', { timeout: 60_000 }, async () => {
    const paragraph = (s: string) => Array.from({ length: 30 }, () => s).join(' ');
    const five = {
      Thai: paragraph(LTR_SAMPLES.Thai!),
      Chinese: paragraph(
        `${LTR_SAMPLES['Chinese (Simplified)']} ${LTR_SAMPLES['Chinese (Traditional)']} 城市规划和住房政策的执行情况`,
      ),
      Persian: paragraph(RTL_SAMPLES.Persian!),
      Hindi: paragraph(LTR_SAMPLES.Hindi!),
      Khmer: paragraph(LTR_SAMPLES.Khmer!),
    };
    const bytes = await reportPdf(report(), groups(five));
    console.info(`report in five scripts: ${bytes.byteLength} bytes`);
    expect(bytes.byteLength).toBeLessThan(1.5 * 1024 * 1024);
    const flat = normal(extract(bytes, 'five.pdf'));
    expect(flat).toContain(normal(LTR_SAMPLES.Khmer!));
    expect(flat).toContain(normal('城市规划和住房政策的执行情况'));
  });

  it(
    'draws shared Han characters in the forms of the language the report is written in, and gives the same text back',
    { timeout: 60_000 },
    async () => {
      const page = async (lang: string | null, name: string) => {
        const bytes = await reportPdf(report({ written_in: lang }), groups({ Han: '骨 直 写 画 門 消' }));
        const file = join(dir, `${name}.pdf`);
        writeFileSync(file, bytes);
        expect(normal(extract(bytes, `${name}.pdf`))).toContain('骨直写画門消');
        return execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', file], {
          maxBuffer: 32 * 1024 * 1024,
        }).toString('base64');
      };
      const simplified = await page('zh-Hans', 'han-zh-hans');
      expect(await page(null, 'han-none')).toBe(simplified); // no language stated: the Simplified Chinese design
      const japanese = await page('ja', 'han-ja');
      const traditional = await page('zh-Hant', 'han-zh-hant');
      expect(japanese).not.toBe(simplified);
      expect(traditional).not.toBe(simplified);
      expect(traditional).not.toBe(japanese);
      expect(await page('ko', 'han-ko')).not.toBe(simplified);
    },
  );

  it('draws a character that no font has (an emoji) as "?"', async () => {
    const bytes = await reportPdf(report({ executive_summary: 'Bangkok 🏙 กรุงเทพ' }), []);
    const flat = normal(extract(bytes, 'emoji.pdf'));
    expect(flat).toContain('Bangkok?กรุงเทพ');
  });
});
