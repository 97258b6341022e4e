import type {
  Answer,
  Completeness,
  Question,
  QuestionTier,
  Subcategory,
  Thrust,
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
  tier: QuestionTier | null;
  show: ShowFilter;
}

export interface QuestionGroup {
  thrust: Thrust;
  completeness: Completeness;
  subcategories: { subcategory: Subcategory; completeness: Completeness; questions: Question[] }[];
}

/**
 * What the form shows around its questions. National reports show tiers (a filter and a label)
 * and lead each question with its code; a form of indicators (the urbanisation profile) has no
 * tiers, and names each question by its name, unit and SDG reference, its code in small print.
 */
export interface FormDisplay {
  tiers: boolean;
  /** `badge`: the code leads the question; `small`: it follows in small print, after the unit. */
  codes: 'badge' | 'small';
  /** Whether section headings and the navigation rail start with the section codes. */
  sectionCodes: boolean;
  /**
   * Questions (by uuid) shown plainly: their text and value, no code, data year, source or
   * comment (the profile's narrative: a text of the dataset, not a figure). None when left out.
   */
  plain?: readonly string[];
}

export interface QuestionnaireFormOptions<Extra> {
  /** Identifies the form instance in the browser's storage (with the user). */
  storageKey: string;
  storage: DraftStorage;
  questions: readonly Question[];
  answers: readonly Answer[];
  thrusts: readonly Thrust[];
  subcategories: readonly Subcategory[];
  /** The instance's year: the latest allowed data year. */
  cycleYear: number;
  /** The earliest allowed data year, when the use has its own (the engine's default otherwise). */
  dataYearMin?: number;
  /** Why the answers cannot be changed, or null. */
  lockedMessage: string | null;
  /**
   * Whether the person may give a first answer (create) and change a saved one (update), when
   * access rights allow only one of them; both when left out. A field they may not touch is locked.
   */
  answerRights?: { create: boolean; update: boolean };
  /** What the form shows around its questions; a national report's by default. */
  display?: FormDisplay;
  /** Sends changed answers; the screen knows where (national report, profile…). */
  transport: Transport<AnswerSend, Answer, Extra>;
  onSaved?: (extra: Extra) => void;
  onLocked?: (message: string, reason: string | null) => void;
  retryDelay?: (attempt: number) => number | null;
  /** The signed-in person: a conflict with their own answer (another tab) says so. */
  currentUserUuid?: string;
}
