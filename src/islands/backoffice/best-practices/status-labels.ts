import type { PracticeStatus } from '../../../lib/best-practices/schema.ts';

/**
 * The practice statuses' labels from a catalogue with `status.*` keys: the screens' (labels.ts)
 * or the dashboard card's, which loads apart so that the dashboard carries only its own words.
 * Imports no catalogue itself.
 */
export function practiceStatusLabels(m: (key: `status.${PracticeStatus}`) => string): Record<PracticeStatus, string> {
  return {
    draft: m('status.draft'),
    submitted: m('status.submitted'),
    changes_requested: m('status.changes_requested'),
    published: m('status.published'),
    rejected: m('status.rejected'),
    archived: m('status.archived'),
  };
}
