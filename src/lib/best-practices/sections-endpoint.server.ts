import { z } from 'zod';
import { LockedError } from '../http/errors.server.ts';
import { readAnswers, type AnswersEndpoint } from '../questionnaires/answers-route.server.ts';
import { NotItsTurnError, requireScope, requireViewer, requireWriter } from './access.server.ts';
import { NARRATIVE_KEYS } from './schema.ts';
import { practiceSectionsForm, savePracticeSections } from './sections.server.ts';

/**
 * A best practice's narrative sections on the answers route (decision 071):
 * `/api/forms/best-practice/{uuid}/answers`. Reading needs the practice view rule in the person's
 * scope; saving, the writer's rules and the workflow's turn. A practice the workflow keeps from
 * editing now (submitted, published…) is a 423 whose reason is its status, as a locked report's.
 */

const Uuid = z.uuid();

export const practiceSectionAnswers: AnswersEndpoint<string> = {
  form: 'best-practice',
  key: (instance) => (Uuid.safeParse(instance).success ? instance.toLowerCase() : null),
  maxAnswers: NARRATIVE_KEYS.length,
  async read(c, uuid) {
    const auth = requireViewer(c);
    const read = await readAnswers(c.get('deps'), practiceSectionsForm, uuid);
    if (!read) throw practiceSectionsForm.missing(uuid);
    const row = read.instance;
    requireScope(auth, row);
    return {
      form: 'best-practice',
      instance: row.uuid,
      status: row.status,
      version: row.version,
      updated_at: row.updatedAt.toISOString(),
      completeness: read.completeness,
      answers: read.answers,
      questions: read.questions,
    };
  },
  async save(c, uuid, answers) {
    const auth = requireWriter(c);
    try {
      const saved = await savePracticeSections(c.get('deps'), auth, uuid, answers);
      return {
        form: 'best-practice',
        instance: uuid,
        ...saved.practice,
        completeness: saved.completeness,
        answers: saved.answers,
      };
    } catch (error) {
      // The workflow's refusal: the practice takes no answers in its status.
      if (error instanceof NotItsTurnError) throw new LockedError(error.said, error.practiceStatus);
      throw error;
    }
  },
};
