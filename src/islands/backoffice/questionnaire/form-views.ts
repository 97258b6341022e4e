import { atom, computed } from 'nanostores';
import { completeness, isAnswered, type EngineOptions } from '../../../lib/questionnaires/engine.ts';
import type { Answer, Completeness, FormQuestion, FormSection } from '../../../lib/questionnaires/schema.ts';
import type { Connection, QueueStatus } from './autosave-queue.ts';
import { rightsLock, type FormState } from './form-state.ts';
import type { FieldState, FormFilters, SectionGroup } from './form-types.ts';
import { checkRaw, rawOf } from './raw-answer.ts';
import { saveBarState, type AnswerKind } from './save-bar-state.ts';
import { m } from './messages.ts';

type Effective = Record<string, Pick<Answer, 'question_uuid' | 'value' | 'comment'>>;

/**
 * What the form shows, derived from its state: each field's state, the groups in view, completeness and the save bar.
 */
export function createFormViews<Extra>(state: FormState<Extra>) {
  const { options, questions, engine, queue, $server, $locked, $justSaved, $filters, $touched, $lastSavedAt } = state;
  const { $typing } = state.typing;
  const isMine = (theirs: Answer) =>
    Boolean(options.currentUserUuid && theirs.updated_by?.uuid === options.currentUserUuid);

  /** The answers as they stand now: valid drafts over the stored ones (for completeness and filters). */
  const $effective = computed([$server, queue.$drafts], (server, drafts) => {
    const effective: Effective = { ...server };
    for (const draft of Object.values(drafts)) {
      if (draft.input) effective[draft.question_uuid] = draft.input;
    }
    return effective;
  });

  const $fields = computed(
    [$server, queue.$status, queue.$connection, $locked, $justSaved, $typing],
    (server, status, connection, locked, justSaved, typing) => {
      const fields: Record<string, FieldState> = {};
      for (const question of questions) {
        // Keys typed in the last moments (before the browser keeps them): "Saving…", as the bar says.
        const entry =
          typing.has(question.uuid) && status[question.uuid]?.kind !== 'conflict'
            ? { kind: 'editing' as const }
            : status[question.uuid];
        const stored = server[question.uuid];
        const byRights = rightsLock(options.answerRights, stored, entry);
        fields[question.uuid] = fieldStateOf(question, engine, {
          entry,
          stored,
          byRights,
          connection,
          locked,
          justSaved: justSaved.has(question.uuid),
          isMine,
        });
      }
      return fields;
    },
  );

  const $completeness = computed($effective, (effective) => completenessOf(questions, effective, engine));

  /** The sections in order, each with its completeness and the questions in view. */
  const $groups = computed(
    [$effective, $filters, $fields, $touched],
    (effective, filters, fields, touched): SectionGroup[] =>
      groupsOf(
        { sections: options.sections, questions, engine },
        (question) => visible(question, filters, effective, fields, touched),
        effective,
      ),
  );

  const $visibleCount = computed($groups, (groups) => questionsIn(groups).length);

  /** What the save bar says (save-bar-state.ts): answers being typed, waiting, saving, failed. */
  const $saveBar = computed(
    [queue.$drafts, queue.$status, $typing, queue.$connection, $locked, $lastSavedAt],
    (drafts, status, typing, connection, locked, lastSavedAt) => {
      // A question typed in again says "Saving…" at once, as its status line does (its reasons wait for the next
      // pause).
      const kinds: AnswerKind[] = Object.keys(drafts).map((question) =>
        typing.has(question) && status[question]?.kind !== 'conflict'
          ? 'typing'
          : (status[question]?.kind ?? 'pending'),
      );
      for (const question of typing) if (!drafts[question]) kinds.push('typing');
      return saveBarState(kinds, connection, locked !== null, lastSavedAt);
    },
  );

  /** Every question in the form's order (section by section, at any depth), whatever the filters show. */
  const $order = atom(
    questionsIn(groupsOf({ sections: options.sections, questions, engine }, () => true, {})).map((q) => q.uuid),
  );

  /** The questions not answered yet, in that order ("Next unanswered question"). */
  const $unanswered = computed([$order, $effective], (order, effective) =>
    order.filter((uuid) => !isAnswered(state.byUuid.get(uuid)!, effective[uuid])),
  );

  return { $fields, $groups, $completeness, $visibleCount, $saveBar, $order, $unanswered };
}

interface FieldFacts {
  entry: QueueStatus<Answer> | undefined;
  stored: Answer | undefined;
  byRights: string | null;
  connection: Connection;
  locked: string | null;
  justSaved: boolean;
  isMine: (theirs: Answer) => boolean;
}

/** What one field shows, from its place in the queue, the stored answer and the locks. */
function fieldStateOf(
  question: FormQuestion,
  engine: EngineOptions,
  { entry, stored, byRights, connection, locked, justSaved, isMine }: FieldFacts,
): FieldState {
  if (entry?.kind === 'conflict') return { kind: 'conflict', theirs: entry.theirs, mine: isMine(entry.theirs) };
  if (locked) return { kind: 'locked', message: locked };
  if (byRights)
    return { kind: 'locked', message: justSaved ? m('status.savedThen', { message: byRights }) : byRights, own: true };
  if (entry?.kind === 'invalid') return { kind: 'invalid', errors: entry.errors, stored: false };
  if (entry?.kind === 'saving') return { kind: 'saving' };
  if (entry?.kind === 'pending')
    return connection === 'signedOut'
      ? { kind: 'pending', offline: true, signedOut: true }
      : { kind: 'pending', offline: connection !== 'online' };
  if (entry?.kind === 'failed') return { kind: 'failed', message: entry.message };
  if (entry?.kind === 'locked') return { kind: 'locked', message: entry.message };
  if (entry?.kind === 'editing') return { kind: 'editing' };
  if (stored?.state === 'invalid') {
    const checked = checkRaw(question, rawOf(question, stored), engine);
    return {
      kind: 'invalid',
      errors: checked.errors ?? { value: ['no longer meets the rules of this question'] },
      stored: true,
    };
  }
  if (stored && stored.warnings.length > 0) return { kind: 'warning', warnings: stored.warnings };
  if (justSaved && stored) return { kind: 'saved', warnings: [] };
  return { kind: 'idle' };
}

function completenessOf(list: readonly FormQuestion[], effective: Effective, engine: EngineOptions): Completeness {
  const answers = list.flatMap((question) => (effective[question.uuid] ? [effective[question.uuid]!] : []));
  return completeness(list, answers, engine);
}

function visible(
  question: FormQuestion,
  filters: FormFilters,
  effective: Record<string, Pick<Answer, 'value' | 'comment'>>,
  fields: Record<string, FieldState>,
  touched: ReadonlySet<string>,
): boolean {
  if (filters.tag !== null && !question.tags.includes(filters.tag)) return false;
  if (filters.show === 'all' || touched.has(question.uuid)) return true;
  const answer = effective[question.uuid];
  if (filters.show === 'unanswered') return !isAnswered(question, answer);
  if (filters.show === 'commented') return Boolean(answer?.comment);
  const kind = fields[question.uuid]?.kind;
  return kind === 'invalid' || kind === 'failed' || kind === 'conflict';
}

interface GroupSource {
  sections: readonly FormSection[];
  questions: readonly FormQuestion[];
  engine: EngineOptions;
}

/** The questions of `groups` in their order: each section's own, then those of the sections under it. */
export function questionsIn(groups: readonly SectionGroup[]): FormQuestion[] {
  return groups.flatMap((group) => [...group.questions, ...questionsIn(group.children)]);
}

const bySort = (a: FormSection, b: FormSection) => a.sort - b.sort;

/**
 * The sections in order (any depth), each with its completeness and the questions `show` keeps;
 * sections with no question under them left out. Questions under no known section come first, in
 * a group of their own with no heading.
 */
function groupsOf(
  { sections, questions, engine }: GroupSource,
  show: (q: FormQuestion) => boolean,
  effective: Effective,
) {
  const known = new Set(sections.map((s) => s.code));
  const placeOf = (code: string | null) => (code !== null && known.has(code) ? code : null);
  const own = Map.groupBy(questions, (q) => placeOf(q.section));
  const under = Map.groupBy([...sections].sort(bySort), (s) => placeOf(s.parent));
  const build = (section: FormSection, depth: number): { group: SectionGroup; all: FormQuestion[] } => {
    // A section named as its own ancestor is not followed further.
    const children = depth > 20 ? [] : (under.get(section.code) ?? []).map((child) => build(child, depth + 1));
    const mine = own.get(section.code) ?? [];
    const all = [...mine, ...children.flatMap((child) => child.all)];
    const group = {
      section,
      depth,
      completeness: completenessOf(all, effective, engine),
      questions: mine.filter(show),
      children: children.map((child) => child.group).filter((child) => child.completeness.total > 0),
    };
    return { group, all };
  };
  const groups = (under.get(null) ?? [])
    .map((section) => build(section, 0).group)
    .filter((group) => group.completeness.total > 0);
  const loose = own.get(null) ?? [];
  if (loose.length === 0) return groups;
  const first = { section: null, depth: 0, completeness: completenessOf(loose, effective, engine), children: [] };
  return [{ ...first, questions: loose.filter(show) }, ...groups];
}
