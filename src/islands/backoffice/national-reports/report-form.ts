import {
  formQuestionOf,
  formSectionsOf,
  tierTag,
  type Question,
  type Subcategory,
  type Thrust,
} from '../../../lib/national-reports/question-schema.ts';
import type { FormQuestion, FormSection } from '../../../lib/questionnaires/schema.ts';
import type { FormDisplay } from '../questionnaire/form-store.ts';
import { m } from './messages.ts';
import { tierChips } from './tier-chips.ts';

/**
 * The national report as a form of the data-entry kit (decision 065): its questions and headings
 * as the kit's (thrusts and subcategories become sections), and how the report shows them: each
 * question led by its code and its tier, SDG targets and NUA paragraphs, a filter by tier, the
 * thrusts' NUA paragraphs under their headings, and the anchors `#thrust-TC1` and `#sub-1.2`.
 */

const TIER_LABEL = { 1: 'entry.question.tier1', 2: 'entry.question.tier2', 3: 'entry.question.tier3' } as const;

/** The kit's form of a report's questions, thrusts and subcategories (in the words of the page). */
export function reportForm(
  questions: readonly Question[],
  thrusts: readonly Thrust[],
  subcategories: readonly Subcategory[],
): { questions: FormQuestion[]; sections: FormSection[]; display: FormDisplay } {
  const byUuid = new Map(questions.map((q) => [q.uuid, q]));
  const nua = new Map(thrusts.map((t) => [t.code, t.nua_paragraphs]));
  const tiers = tierChips(m('entry.filter.allTiers'), (tier) => m('entry.filter.tier', { tier }));
  return {
    questions: questions.map(formQuestionOf),
    sections: formSectionsOf(thrusts, subcategories),
    display: {
      codes: 'badge',
      sectionCodes: true,
      anchors: ['thrust', 'sub'],
      tagFilter: {
        label: m('entry.filter.tierLabel'),
        chips: tiers.map((chip) => ({ ...chip, value: chip.value && tierTag(Number(chip.value) as 1 | 2 | 3) })),
      },
      labels: (question) => labelsOf(byUuid.get(question.uuid)),
      sectionNote: (section) => {
        const paragraphs = nua.get(section.code);
        return paragraphs ? m('entry.form.nuaParagraphs', { paragraphs }) : null;
      },
    },
  };
}

/** A question's tier, SDG targets and NUA paragraphs, as its labels say them. */
function labelsOf(question: Question | undefined): string[] {
  if (!question) return [];
  return [
    m(TIER_LABEL[question.question_tier]),
    ...(question.sdg_refs.length > 0 ? [m('entry.question.sdg', { refs: question.sdg_refs.join(', ') })] : []),
    ...(question.nua_paragraphs ? [m('entry.question.nua', { paragraphs: question.nua_paragraphs })] : []),
  ];
}
