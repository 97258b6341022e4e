import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { DATA_YEAR_MIN, type AnswerValue } from '../../src/lib/questionnaires/schema.ts';

/** The fields of one answer as the data-entry form sends them (POST …/saved) and as they are stored. */
export interface BenchAnswer {
  value: AnswerValue;
  text: string | null;
  data_year: number | null;
  source: string | null;
  comment: string | null;
}

const NARRATIVES = [
  'National programmes carried out with city governments, reviewed every two years by the ministry.',
  'Responsibilities are shared between the national ministry and local governments, with a coordination ' +
    'committee meeting quarterly.',
  'Piloted in the largest cities and being extended to secondary cities with support from development partners.',
  'A law adopted after public consultation sets the framework; regulations for its implementation are being drafted.',
];

/** A number in the question's expected (else hard, else usual) range, rounded as the question allows. */
function scalar(q: Question, n: number): number | boolean {
  if (q.answer_type === 'yn') return n % 3 !== 0;
  const low = q.expected_min ?? q.min ?? 0;
  const high = q.expected_max ?? q.max ?? (q.answer_type === 'pct' ? 100 : low + 1000);
  // Walks through the range, so successive saves of one answer always change it.
  const share = 0.1 + ((n * 37) % 80) / 100;
  const decimals = q.answer_type === 'int' ? 0 : Math.min(q.decimals ?? 2, 2);
  const raw = low + (high - low) * share;
  const rounded = Number(raw.toFixed(decimals));
  return Math.min(q.max ?? rounded, Math.max(q.min ?? rounded, rounded));
}

/**
 * A valid answer to `q` in a form of `cycleYear`, the `n`-th variant: values change with `n`,
 * every numeric answer names a data year (where the cycle allows one) and a source, as the
 * rules of the form ask for a core (tier 1) figure.
 */
export function benchAnswer(q: Question, cycleYear: number, n: number): BenchAnswer {
  let value: AnswerValue;
  if (q.parts.length > 0) value = Object.fromEntries(q.parts.map((p, i) => [p.key, scalar(q, n + i * 7)]));
  else if (q.answer_type === 'single') value = q.options[n % q.options.length]!.value;
  else if (q.answer_type === 'multi') {
    const picked = q.options.filter((_, i) => (n + i) % 3 === 0).map((o) => o.value);
    value = picked.length > 0 ? picked : [q.options[n % q.options.length]!.value];
  } else if (q.answer_type === 'txt') value = `${NARRATIVES[n % NARRATIVES.length]} (revision ${n})`;
  else if (q.answer_type === 'url') value = `https://www.example.org/national-report/${q.code.toLowerCase()}/${n}`;
  else value = scalar(q, n);
  const numeric = q.answer_type === 'pct' || q.answer_type === 'num' || q.answer_type === 'int';
  const latestDataYear = cycleYear - 1 - (n % 2);
  return {
    value,
    text: q.with_text ? NARRATIVES[(n + 1) % NARRATIVES.length]! : null,
    // The data year runs from 2015 (DATA_YEAR_MIN) to the cycle's year: a 2014 form has none.
    data_year: numeric && latestDataYear >= DATA_YEAR_MIN ? latestDataYear : null,
    source:
      numeric || q.question_tier === 1 ? 'National statistics office, national accounts and household surveys' : null,
    comment: n % 5 === 0 ? 'Figure checked with the line ministry.' : null,
  };
}
