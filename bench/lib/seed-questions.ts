import { SUBCATEGORY_SEED } from '../../src/lib/national-reports/seed-data.ts';
import type { questions } from '../../src/lib/db/schema.ts';

type NewQuestion = typeof questions.$inferInsert;

/** Codes of the benchmark's extra questions: a rerun on PostgreSQL replaces them. */
export const EXTRA_QUESTION_PREFIX = 'BQ';

const SEXES = [
  { key: 'female', label: 'Women' },
  { key: 'male', label: 'Men' },
];
const AREAS = [
  { key: 'capital', label: 'Capital city' },
  { key: 'secondary', label: 'Secondary cities' },
  { key: 'small_towns', label: 'Small towns' },
];
const LEVELS = [
  { value: 'national', label: 'National government' },
  { value: 'regional', label: 'Regional or provincial government' },
  { value: 'city', label: 'City or municipal government' },
  { value: 'community', label: 'Community organisations' },
];
const MEASURES = [
  { value: 'law', label: 'Law or regulation' },
  { value: 'plan', label: 'National plan or strategy' },
  { value: 'budget', label: 'Dedicated budget line' },
  { value: 'programme', label: 'Programme with local governments' },
  { value: 'data', label: 'Regular data collection' },
];

/** The shapes of question a real questionnaire mixes, in the order they recur. */
const TEMPLATES: ((topic: string) => Omit<NewQuestion, 'code' | 'thrustCode' | 'subcategoryCode' | 'sort'>)[] = [
  (topic) => ({
    questionTier: 1,
    answerType: 'pct',
    decimals: 1,
    expectedMax: 80,
    compulsory: true,
    text: `Proportion of the urban population covered by ${topic}`,
    sourceHint: 'National statistics office',
    sdgRefs: ['11.1.1'],
    sdgTier: 1,
  }),
  (topic) => ({
    questionTier: 2,
    answerType: 'pct',
    decimals: 1,
    text: `Proportion of cities with a plan for ${topic}`,
    sourceHint: 'Ministry survey of local governments',
  }),
  (topic) => ({
    questionTier: 2,
    answerType: 'num',
    unit: 'USD per person',
    min: 0,
    decimals: 2,
    expectedMax: 500,
    text: `Public spending per urban resident on ${topic}`,
  }),
  (topic) => ({
    questionTier: 2,
    answerType: 'int',
    unit: 'cities',
    min: 0,
    text: `Number of cities that report on ${topic}`,
  }),
  (topic) => ({
    questionTier: 3,
    answerType: 'yn',
    withText: true,
    textLabel: 'Describe it briefly',
    text: `Is there a national policy on ${topic}?`,
    help: 'If yes, name the policy and the year it was adopted.',
  }),
  (topic) => ({
    questionTier: 1,
    answerType: 'pct',
    decimals: 1,
    compulsory: true,
    parts: SEXES,
    text: `Share of urban residents, by sex, reached by ${topic}`,
    sourceHint: 'Household survey',
  }),
  (topic) => ({
    questionTier: 3,
    answerType: 'single',
    options: LEVELS,
    text: `Which level of government leads on ${topic}?`,
  }),
  (topic) => ({
    questionTier: 3,
    answerType: 'multi',
    options: MEASURES,
    withText: true,
    textLabel: 'Describe the main measures',
    text: `Which measures support ${topic}?`,
  }),
  (topic) => ({
    questionTier: 3,
    answerType: 'txt',
    text: `Describe the main achievements and challenges in ${topic} since the last report`,
  }),
  (topic) => ({ questionTier: 3, answerType: 'url', text: `Link to the latest national report on ${topic}` }),
  (topic) => ({
    questionTier: 2,
    answerType: 'yn',
    parts: AREAS,
    text: `Are targets for ${topic} set for each kind of settlement?`,
  }),
  (topic) => ({
    questionTier: 1,
    answerType: 'num',
    unit: 'per 100,000 people',
    min: 0,
    decimals: 1,
    expectedMax: 5000,
    compulsory: true,
    text: `Rate of urban residents affected by shortfalls in ${topic}`,
    sourceHint: 'Administrative records',
  }),
];

/**
 * `count` extra questions for a long questionnaire: spread over every subcategory (so every
 * thrust), cycling through twelve shapes (percentages with and without parts, amounts, counts,
 * yes/no with a narrative, single and multiple choice, narratives, links); a quarter are
 * compulsory. They join the forms from `firstCycle` on, so earlier cycles keep their 38.
 */
export function extraQuestions(count: number, firstCycle: number, sortFrom: number): NewQuestion[] {
  return Array.from({ length: count }, (_, i) => {
    const sub = SUBCATEGORY_SEED[i % SUBCATEGORY_SEED.length]!;
    const template = TEMPLATES[Math.floor(i / SUBCATEGORY_SEED.length + i) % TEMPLATES.length]!;
    return {
      ...template(sub.name.toLowerCase()),
      code: `${EXTRA_QUESTION_PREFIX}${String(i + 1).padStart(3, '0')}`,
      thrustCode: sub.thrust,
      subcategoryCode: sub.code,
      nuaParagraphs: null,
      firstCycle,
      sort: sortFrom + i,
    };
  });
}
