import type {
  Answer,
  AnswerValue,
  Completeness,
  FormQuestion,
  FormSection,
} from '../../../lib/questionnaires/schema.ts';
import type { AnswerErrors, Transport } from './autosave-queue.ts';
import type { AnswerSend } from './raw-answer.ts';
import type { DraftStorage } from './storage.ts';

/** What one field shows about its answer. */
export type FieldState =
  | { kind: 'idle' }
  | { kind: 'editing' }
  /** `offline`: the connection is gone, or (`signedOut`) the sign-in expired: the answer waits on this device. */
  | { kind: 'pending'; offline: boolean; signedOut?: true }
  | { kind: 'saving' }
  | { kind: 'saved'; warnings: string[] }
  | { kind: 'warning'; warnings: string[] }
  | { kind: 'invalid'; errors: AnswerErrors; stored: boolean }
  | { kind: 'failed'; message: string }
  /** `mine`: the other answer is the same person's, from another tab or window. */
  | { kind: 'conflict'; theirs: Answer; mine: boolean }
  /**
   * `own`: this answer alone is locked (access rights), so the field says why; a whole form's lock is said once above
   * it.
   */
  | { kind: 'locked'; message: string; own?: true };

export type ShowFilter = 'all' | 'unanswered' | 'invalid' | 'commented';
export interface FormFilters {
  /** Only the questions with this tag (a report's tier); null: every question. */
  tag: string | null;
  show: ShowFilter;
}

/**
 * A section of the form in view: its completeness (every question under it, at any depth), its own
 * questions the filters show and the sections under it. `section` null: the questions under no heading.
 */
export interface SectionGroup {
  section: FormSection | null;
  /** 0 for a top-level section. */
  depth: number;
  completeness: Completeness;
  questions: FormQuestion[];
  children: SectionGroup[];
}

/** A filter by tag: its label and chips (the value '' shows every question). */
export interface TagFilter {
  label: string;
  chips: readonly { value: string; label: string }[];
}

/**
 * What the form shows around its questions, as the host screen words it. A national report leads
 * each question with its code and labels (tier, SDG, NUA), filters by tier and starts its headings
 * with their codes; a practice's sections or a profile theme's indicators show their code in small
 * print after the unit.
 */
export interface FormDisplay {
  /** `badge`: the code leads the question; `small`: it follows in small print, after the unit. */
  codes: 'badge' | 'small';
  /** Whether section headings and the navigation rail start with the section codes. */
  sectionCodes: boolean;
  /**
   * Questions (by uuid) shown plainly: their text and value, no code, data year, source or
   * comment (the profile's narrative: a text of the dataset, not a figure). None when left out.
   */
  plain?: readonly string[];
  /** A filter by tag above the questions; none when left out. */
  tagFilter?: TagFilter;
  /** Short labels before a question's wording (a report's tier, SDG targets and NUA paragraphs). */
  labels?: (question: FormQuestion) => readonly string[];
  /** A line under a top-level section's heading (a thrust's NUA paragraphs); none when left out. */
  sectionNote?: (section: FormSection) => string | null;
  /** The id prefix of the sections' anchors by depth (`${prefix}-${code}`); 'section' for a depth not given. */
  anchors?: readonly string[];
}

export interface QuestionnaireFormOptions<Extra> {
  /** Identifies the form instance in the browser's storage (with the user). */
  storageKey: string;
  storage: DraftStorage;
  questions: readonly FormQuestion[];
  answers: readonly Answer[];
  /** The form's sections (headings of any depth), each question in the one its `section` names. */
  sections: readonly FormSection[];
  /** The latest allowed data year (the instance's year). */
  dataYearMax: number;
  /** The earliest allowed data year, when the use has its own (the engine's default otherwise). */
  dataYearMin?: number;
  /** Why the answers cannot be changed, or null. */
  lockedMessage: string | null;
  /**
   * Whether the person may give a first answer (create) and change a saved one (update), when
   * access rights allow only one of them; both when left out. A field they may not touch is locked.
   */
  answerRights?: { create: boolean; update: boolean };
  /** What the form shows around its questions; codes in small print and no filter by tag by default. */
  display?: FormDisplay;
  /** Sends changed answers; the screen knows where (national report, profile…). */
  transport: Transport<AnswerSend, Answer, Extra>;
  onSaved?: (extra: Extra) => void;
  onLocked?: (message: string, reason: string | null) => void;
  retryDelay?: (attempt: number) => number | null;
  /** The signed-in person: a conflict with their own answer (another tab) says so. */
  currentUserUuid?: string;
  /**
   * The instance's previous answers (a report's previous cycle), loaded with the form: the review rules check the
   * expected change against them as the person types, offline too (decision 078). None when left out.
   */
  previous?: readonly { question_uuid: string; value: AnswerValue }[];
}
