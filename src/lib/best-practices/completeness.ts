import { FORM_SECTIONS, NARRATIVE_KEYS, type Narrative, type SectionKey } from './schema.ts';

/** The fields of a practice that decide which sections are filled (API shape or form draft). */
export interface PracticeContent {
  title: string;
  city: string | null;
  lead_organisation: string | null;
  start_date: string | null;
  categories: readonly unknown[];
  summary: string | null;
  narrative: Narrative;
  images: readonly unknown[];
  attachments: readonly unknown[];
  links: readonly unknown[];
  contact: { name: string | null; email: string | null };
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';

/** Whether each section of the form holds what it asks for. */
export function sectionState(p: PracticeContent): Record<SectionKey, boolean> {
  const state = {
    basics: filled(p.title) && filled(p.city),
    organisations: filled(p.lead_organisation),
    period: filled(p.start_date),
    themes: p.categories.length > 0,
    summary: filled(p.summary),
    media: p.images.length > 0 || p.attachments.length > 0 || p.links.length > 0,
    contact: filled(p.contact.name) && filled(p.contact.email),
  } as Record<SectionKey, boolean>;
  for (const key of NARRATIVE_KEYS) state[key] = filled(p.narrative[key]);
  return state;
}

export function sectionsFilled(p: PracticeContent): number {
  return Object.values(sectionState(p)).filter(Boolean).length;
}

export const SECTION_COUNT = FORM_SECTIONS.length;

/** What a practice needs before it can be submitted for review: the sections named here. */
export const REQUIRED_FOR_SUBMISSION: readonly SectionKey[] = [
  'basics',
  'organisations',
  'period',
  'themes',
  'summary',
  'context',
  'implementation',
  'results',
  'contact',
];

/** The required sections still empty; none means the practice may be submitted. */
export function missingForSubmission(p: PracticeContent): SectionKey[] {
  const state = sectionState(p);
  return REQUIRED_FOR_SUBMISSION.filter((key) => !state[key]);
}
