import type { PracticeContent } from '../../../lib/best-practices/completeness.ts';
import {
  NARRATIVE_KEYS,
  type BestPractice,
  type NarrativeKey,
  type PracticeSaveBody,
  type SupportKind,
} from '../../../lib/best-practices/schema.ts';

/** What the form edits: the practice's editable fields as the inputs hold them (text for numbers). */
export interface PracticeDraft {
  title: string;
  city: string;
  lat: string;
  lng: string;
  lead_organisation: string;
  org_type: string;
  partners: { name: string; type: string; support: SupportKind[] }[];
  start_date: string;
  end_date: string;
  ongoing: boolean;
  categories: string[];
  /** SDG targets as typed: "11.1, 11.3". */
  sdg_targets: string;
  nua_thrusts: string[];
  summary: string;
  /** The language the practice is written in (decision 048); '': not stated. */
  written_in: string;
  narrative: Record<NarrativeKey, string>;
  figures: { label: string; value: string; unit: string }[];
  key_dates: { date: string; label: string }[];
  links: { label: string; url: string }[];
  images: { id: string; caption: string; credit: string; is_cover: boolean }[];
  attachments: { id: string; title: string }[];
  contact: { name: string; email: string; phone: string };
}

export function draftOf(p: BestPractice): PracticeDraft {
  return {
    title: p.title,
    city: p.city ?? '',
    lat: p.lat === null ? '' : String(p.lat),
    lng: p.lng === null ? '' : String(p.lng),
    lead_organisation: p.lead_organisation ?? '',
    org_type: p.org_type ?? '',
    partners: p.partners.map((x) => ({ name: x.name, type: x.type ?? '', support: [...x.support] })),
    start_date: p.start_date ?? '',
    end_date: p.end_date ?? '',
    ongoing: p.ongoing,
    categories: p.categories.map((c) => c.slug),
    sdg_targets: p.sdg_targets.join(', '),
    nua_thrusts: [...p.nua_thrusts],
    summary: p.summary ?? '',
    written_in: p.written_in ?? '',
    narrative: Object.fromEntries(NARRATIVE_KEYS.map((k) => [k, p.narrative[k] ?? ''])) as Record<NarrativeKey, string>,
    figures: p.figures.map((f) => ({ label: f.label, value: f.value, unit: f.unit ?? '' })),
    key_dates: p.key_dates.map((d) => ({ ...d })),
    links: p.links.map((l) => ({ ...l })),
    images: p.images.map((i) => ({ id: i.id, caption: i.caption ?? '', credit: i.credit ?? '', is_cover: i.is_cover })),
    attachments: p.attachments.map((a) => ({ id: a.id, title: a.title })),
    contact: { name: p.contact.name ?? '', email: p.contact.email ?? '', phone: p.contact.phone ?? '' },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** The fields of `draft` that differ from `base`. */
export function changedKeys(draft: PracticeDraft, base: PracticeDraft): (keyof PracticeDraft)[] {
  return (Object.keys(draft) as (keyof PracticeDraft)[]).filter((key) => !same(draft[key], base[key]));
}

/** The save body: only the fields changed since `base`, in the API's shape. */
export function bodyOf(draft: PracticeDraft, base: PracticeDraft, practice: BestPractice): PracticeSaveBody {
  const body: PracticeSaveBody = { uuid: practice.uuid, version: practice.version };
  for (const key of changedKeys(draft, base)) {
    switch (key) {
      case 'lat':
      case 'lng':
        body[key] = number(draft[key]);
        break;
      case 'org_type':
        body.org_type = (draft.org_type || null) as PracticeSaveBody['org_type'];
        break;
      case 'partners':
        body.partners = draft.partners.map((x) => ({
          name: x.name,
          type: (x.type || null) as never,
          support: x.support,
        }));
        break;
      case 'sdg_targets':
        body.sdg_targets = draft.sdg_targets.split(/[\s,;]+/).filter(Boolean);
        break;
      case 'narrative':
        body.narrative = Object.fromEntries(
          NARRATIVE_KEYS.filter((k) => draft.narrative[k] !== base.narrative[k]).map((k) => [k, draft.narrative[k]]),
        );
        break;
      case 'figures':
        body.figures = draft.figures.map((f) => ({ ...f, unit: f.unit || null }));
        break;
      case 'images':
        body.images = draft.images;
        break;
      default:
        (body as Record<string, unknown>)[key] = draft[key];
    }
  }
  return body;
}

/** The draft as the completeness rules read it. */
export function contentOf(draft: PracticeDraft): PracticeContent {
  return {
    title: draft.title,
    city: draft.city,
    lead_organisation: draft.lead_organisation,
    start_date: draft.start_date,
    categories: draft.categories,
    summary: draft.summary,
    narrative: draft.narrative,
    images: draft.images,
    attachments: draft.attachments,
    links: draft.links,
    contact: draft.contact,
  };
}
