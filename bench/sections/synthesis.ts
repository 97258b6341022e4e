/**
 * The regional synthesis draft (issue 34 item 6, decision 079): the document of a cycle that all 58
 * countries answered, on the 38 questions of the reporting brief, every narrative question quoting
 * five countries in five scripts (Thai, Chinese, Persian right to left, Russian, Hindi … in turn),
 * made in each of the four languages as PDF and as .docx. Target per document: at most 30 s and
 * 5 MB. The document is made as the endpoint makes it: the model (synthesisDoc), then the drawing
 * in the same worker thread and limits (synthesis-worker.server.ts); the database read before it
 * (one query per table) is left out. BENCH_SYNTHESIS_DIR keeps the documents in that folder.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../../src/i18n/locales.ts';
import { REGION_COUNTRIES } from '../../src/lib/db/countries-data.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { QUESTION_SEED, SUBCATEGORY_SEED, THRUST_SEED } from '../../src/lib/national-reports/seed-data.ts';
import { synthesisDoc, type SynthesisInput } from '../../src/lib/national-reports/synthesis-model.ts';
import { SYNTHESIS_WORKER_LIMITS } from '../../src/lib/national-reports/synthesis.server.ts';
import type { SynthesisJob } from '../../src/lib/national-reports/synthesis-schema.ts';
import { runInWorker } from '../../src/lib/storage/bounded-worker.server.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';
import { benchAnswer } from '../lib/reporting-answers.ts';

const TARGET_S = 30;
const TARGET_MB = 5;
const YEAR = 2026;
/** A sentence in each script of the region and the language it is written in (decision 048). */
const SCRIPTS: readonly { script: string; lang: string; text: string }[] = [
  {
    script: 'Latin',
    lang: 'en',
    text: 'Cities upgrade informal settlements with their residents and local governments.',
  },
  { script: 'Vietnamese', lang: 'vi', text: 'Các thành phố cải tạo khu dân cư phi chính thức cùng với người dân.' },
  { script: 'Cyrillic', lang: 'ru', text: 'Города модернизируют неформальные поселения вместе с жителями.' },
  { script: 'Mongolian Cyrillic', lang: 'mn', text: 'Хотууд гэр хорооллыг иргэдтэйгээ хамтран шинэчилж байна.' },
  { script: 'Thai', lang: 'th', text: 'เมืองต่างๆ ปรับปรุงชุมชนแออัดร่วมกับผู้อยู่อาศัยและองค์กรปกครองส่วนท้องถิ่น' },
  { script: 'Lao', lang: 'lo', text: 'ບັນດາເມືອງປັບປຸງທີ່ຢູ່ອາໄສຮ່ວມກັບປະຊາຊົນ' },
  { script: 'Khmer', lang: 'km', text: 'ទីក្រុងនានាកែលម្អសហគមន៍ក្រីក្ររួមជាមួយប្រជាពលរដ្ឋ' },
  { script: 'Myanmar', lang: 'my', text: 'မြို့များသည် ကျူးကျော်ရပ်ကွက်များကို ပြည်သူများနှင့်အတူ မြှင့်တင်နေသည်' },
  { script: 'Chinese', lang: 'zh-Hans', text: '各城市与居民和地方政府一道改造非正规住区。' },
  { script: 'Japanese', lang: 'ja', text: '都市は住民と自治体とともに非公式居住地を改善している。' },
  { script: 'Korean', lang: 'ko', text: '도시들은 주민 및 지방정부와 함께 비공식 정착지를 개선하고 있다.' },
  { script: 'Persian', lang: 'fa', text: 'شهرها سکونتگاه‌های غیررسمی را با مشارکت ساکنان بهسازی می‌کنند.' },
  { script: 'Urdu', lang: 'ur', text: 'شہر غیر رسمی بستیوں کو رہائشیوں کے ساتھ بہتر بنا رہے ہیں۔' },
  { script: 'Hindi', lang: 'hi', text: 'शहर निवासियों के साथ अनौपचारिक बस्तियों का उन्नयन करते हैं।' },
  { script: 'Bengali', lang: 'bn', text: 'শহরগুলো বাসিন্দাদের সঙ্গে অনানুষ্ঠানিক বসতির উন্নয়ন করছে।' },
  { script: 'Sinhala', lang: 'si', text: 'නගර පදිංචිකරුවන් සමඟ අවිධිමත් ජනාවාස වැඩිදියුණු කරයි.' },
  { script: 'Tamil', lang: 'ta', text: 'நகரங்கள் குடியிருப்பாளர்களுடன் முறைசாரா குடியிருப்புகளை மேம்படுத்துகின்றன.' },
  { script: 'Georgian', lang: 'ka', text: 'ქალაქები მცხოვრებლებთან ერთად აუმჯობესებენ არაფორმალურ დასახლებებს.' },
  { script: 'Armenian', lang: 'hy', text: 'Քաղաքները բնակիչների հետ բարելավում են ոչ ֆորմալ բնակավայրերը։' },
  { script: 'Thaana', lang: 'dv', text: 'ސިޓީތަކުން ރައްޔިތުންނާއެކު ގެދޮރު ރަނގަޅުކުރަނީ' },
];

/** The reporting brief's 38 questions as the model reads them. */
function questions(): Question[] {
  const thrustOf = new Map<string, (typeof SUBCATEGORY_SEED)[number]['thrust']>(
    SUBCATEGORY_SEED.map((s) => [s.code, s.thrust]),
  );
  return QUESTION_SEED.map((q, i) => ({
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    code: q.code,
    thrust: thrustOf.get(q.subcategory)!,
    subcategory: q.subcategory,
    question_tier: q.tier,
    text: q.text,
    help: q.help ?? null,
    answer_type: q.type,
    unit: q.unit ?? null,
    options: q.options ?? [],
    min: q.min ?? null,
    max: q.max ?? null,
    expected_min: q.expectedMin ?? null,
    expected_max: q.expectedMax ?? null,
    decimals: q.decimals ?? null,
    parts: q.parts ?? [],
    with_text: q.withText ?? false,
    text_label: q.textLabel ?? null,
    expected_change: null,
    checks: [],
    compulsory: q.compulsory ?? false,
    sdg_refs: q.sdgRefs ?? [],
    sdg_tier: q.sdgTier ?? null,
    nua_paragraphs: q.nua ?? null,
    source_hint: q.sourceHint ?? null,
    sort: i,
    retired_at: null,
    version: 1,
  }));
}

/** 58 countries, each writing in one of the twenty scripts, every question answered; five quotes per narrative. */
function input(): Omit<SynthesisInput, 'locale'> {
  const qs = questions();
  const reports = REGION_COUNTRIES.map((c, i) => ({
    id: i + 1,
    country_code: c.code,
    country_name: c.name,
    script: SCRIPTS[i % SCRIPTS.length]!,
  }));
  const answers = reports.flatMap((r, n) =>
    qs.map((q) => {
      const answer = benchAnswer(q, YEAR, n);
      const narrative = q.answer_type === 'txt' || q.answer_type === 'url';
      return {
        report_id: r.id,
        question_uuid: q.uuid,
        value: narrative
          ? `${r.script.text} ${r.script.text}\n${r.script.text} (${q.code}, ${r.country_code})`
          : answer.value,
        text: answer.text,
      };
    }),
  );
  // Five countries of five different scripts per narrative question: Thai, Chinese, Persian, Russian, Hindi first.
  const quoted = ['Thai', 'Chinese', 'Persian', 'Cyrillic', 'Hindi'];
  const quotes = qs
    .filter((q) => q.answer_type === 'txt')
    .flatMap((q, k) =>
      quoted.map((script, sort) => {
        const writers = reports.filter((r) => r.script.script === script);
        return { question_uuid: q.uuid, report_id: writers[k % writers.length]!.id, sort };
      }),
    );
  return {
    year: YEAR,
    at: new Date(),
    thrusts: THRUST_SEED.map((t, i) => ({ code: t.code, name: t.name, sort: i, nua_paragraphs: t.nuaParagraphs })),
    questions: qs,
    reports: reports.map((r) => ({
      id: r.id,
      country_code: r.country_code,
      country_name: r.country_name,
      written_in: r.script.lang,
    })),
    answers,
    quotes,
    partlyEnglish: false,
  };
}

export async function synthesisSection(ctx: BenchContext): Promise<SectionReport> {
  const base = input();
  const rows: string[][] = [];
  const misses: string[] = [];
  const setup: Record<string, unknown> = { countries: base.reports.length, questions: base.questions.length };
  for (const locale of LOCALES) {
    for (const format of ['pdf', 'docx'] as const) {
      const started = performance.now();
      const doc = synthesisDoc({ ...base, locale });
      const modelMs = performance.now() - started;
      const job: SynthesisJob = { doc, format };
      const bytes = await runInWorker<Uint8Array>(
        new URL('../../src/lib/national-reports/synthesis-worker.server.ts', import.meta.url),
        job,
        SYNTHESIS_WORKER_LIMITS,
      );
      const seconds = (performance.now() - started) / 1000;
      // BENCH_SYNTHESIS_DIR=… keeps the documents, to look at them.
      const keep = process.env['BENCH_SYNTHESIS_DIR'];
      if (keep) writeFileSync(join(keep, `synthesis-${locale}.${format}`), bytes);
      const mb = bytes.byteLength / 1024 / 1024;
      ctx.log(
        `synthesis ${format} ${locale}: ${seconds.toFixed(2)} s, ${mb.toFixed(2)} MB (model ${modelMs.toFixed(0)} ms)`,
      );
      setup[`${format}-${locale}`] = { seconds, bytes: bytes.byteLength, modelMs };
      rows.push([
        `synthesis document, 58 countries × 38 questions: ${format}, ${locale}`,
        `${seconds.toFixed(2)} s`,
        `${mb.toFixed(2)} MB`,
        `≤ ${TARGET_S} s, ≤ ${TARGET_MB} MB`,
      ]);
      if (seconds > TARGET_S) misses.push(`synthesis ${format} ${locale}: ${seconds.toFixed(1)} s > ${TARGET_S} s`);
      if (mb > TARGET_MB) misses.push(`synthesis ${format} ${locale}: ${mb.toFixed(2)} MB > ${TARGET_MB} MB`);
    }
  }
  return {
    section: 'synthesis',
    title: 'Regional synthesis draft (issue 34): the document of a cycle',
    notes: [
      `${base.reports.length} countries × ${base.questions.length} questions (the reporting brief's), all answered; ` +
        'narratives in twenty scripts, five quoted per narrative question (Thai, Chinese, Persian, Russian, Hindi). ' +
        'Each document made as the endpoint makes it: the model, then the drawing in the bounded worker thread ' +
        '(the database read before it is not counted). Documents made one after another.',
    ],
    setup,
    rows: [],
    tables: [{ title: 'Synthesis document', header: ['document', 'time', 'size', 'target'], rows }],
    misses,
  };
}
