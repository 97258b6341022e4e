import { Hono, type Context } from 'hono';
import type { Db } from '../db/client.server.ts';
import type { AppEnv } from '../deps.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { notFound, readJson } from '../http/errors.server.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { parseStoredAnswers, storedAnswersJson } from './answers-sql.server.ts';
import type { CatalogueQuestion, QuestionCatalogue } from './catalogue.server.ts';
import type { FormDefinition } from './forms.server.ts';
import { answerOut, countCompleteness, instanceQuestions } from './save.server.ts';
import {
  formAnswersBody,
  type Answer,
  type AnswerInput,
  type Completeness,
  type FormAnswers,
  type FormAnswersRead,
  type FormAnswersReadResponse,
  type FormAnswersResponse,
} from './schema.ts';

/**
 * Every form's answers at one address (decision 071): `GET /api/forms/{form}/{instance}/answers`
 * reads an instance's answers, `POST` saves some, with the same bodies for every form: 200 with
 * `FormAnswers`, 400 naming `answers.<i>.<field>`, 409 with the stale answers as they are now
 * (`current`), 423 with the reason when the instance takes no answers now, 403 and 404. A form
 * joins by giving an `AnswersEndpoint`; the engine's save and read do the rest.
 */

/** What the answers route asks of a form. */
export interface AnswersEndpoint<K> {
  /** The form's name in the address: `national-report`, `best-practice`, `urbanisation-profile`. */
  form: string;
  /** The instance an address names (e.g. `2026-TH`), or null when it names none (404). */
  key(instance: string): K | null;
  /** At most this many answers in one save. */
  maxAnswers: number;
  /** The instance's answers for the person asking (403 when they may not see them, 404 when it does not exist). */
  read(c: Context<AppEnv>, key: K): Promise<FormAnswersRead>;
  /** Saves `answers` as the person asking (403, 409, 423 as the form decides). */
  save(c: Context<AppEnv>, key: K, answers: readonly AnswerInput[]): Promise<FormAnswers>;
}

/** An instance as the engine read it: its form's row, completeness and every stored answer. */
export interface ReadForm<I, Own = unknown> {
  instance: I;
  /** The catalogue the instance was read against (the form's questions as they are now). */
  catalogue: QuestionCatalogue<Own>;
  /** The instance's questions in order, as it shows them (kept wordings applied). */
  questions: readonly CatalogueQuestion<Own>[];
  completeness: Completeness;
  answers: Answer[];
}

/** What the answers route tells of a read: the questions by their ids and codes only. */
export interface ReadAnswers<I> extends Omit<ReadForm<I>, 'catalogue' | 'questions'> {
  questions: FormAnswersRead['questions'];
}

/**
 * An instance's answers as stored, on its questions as it shows them; null when it does not
 * exist. One statement reads the instance with its answers and the questions' stamp (the answers
 * and the completeness are read together); the questions come from the form's catalogue. A read
 * takes no lock: only saves wait for each other.
 */
export async function readForm<K, I, U>(
  deps: { db: Db; changes: ChangeBus },
  form: FormDefinition<K, I, U>,
  key: K,
): Promise<ReadForm<I> | null> {
  const cache = form.questionSource(deps.changes);
  const [item] = await form.load(deps.db, [key], {
    stamp: cache.stamp,
    answers: (id) => storedAnswersJson(form.answers, id, null),
    lock: false,
  });
  if (!item) return null;
  const catalogue = await cache.get(deps.db, item.stamp);
  const ref = form.instance(catalogue, item.instance);
  const stored = new Map(parseStoredAnswers(item.answers).map((row) => [row.questionId, row]));
  const questions = instanceQuestions(form, catalogue, item.instance, new Set(stored.keys()));
  const answers = questions.flatMap((q) => {
    const row = stored.get(q.id);
    return row ? [answerOut(catalogue, form.kind, q, row, ref.options)] : [];
  });
  const completeness =
    ref.completeness && ref.storedBasis === ref.basis
      ? ref.completeness
      : countCompleteness(form, catalogue, item.instance, stored);
  return { instance: item.instance, catalogue, questions, completeness, answers };
}

/** `readForm` as the answers route tells it: each question by its id and code. */
export async function readAnswers<K, I, U>(
  deps: { db: Db; changes: ChangeBus },
  form: FormDefinition<K, I, U>,
  key: K,
): Promise<ReadAnswers<I> | null> {
  const read = await readForm(deps, form, key);
  if (!read) return null;
  const { catalogue: _, questions, ...rest } = read;
  return { ...rest, questions: questions.map((q) => ({ uuid: q.question.uuid, code: q.question.code })) };
}

/** What every form's instance row has that the answers route tells. */
export interface InstanceHead {
  status: string;
  version: number;
  updatedAt: Date;
}

/**
 * The status, version and time of an instance after a save: the row the save wrote (JSON of its
 * snake_case columns), else the instance as it was read.
 */
export function headAfter(row: Record<string, unknown> | null, before: InstanceHead) {
  return {
    status: typeof row?.['status'] === 'string' ? row['status'] : before.status,
    version: typeof row?.['version'] === 'number' ? row['version'] : before.version,
    updated_at: new Date(typeof row?.['updated_at'] === 'string' ? row['updated_at'] : before.updatedAt).toISOString(),
  };
}

/** The instance of an address, or 404. */
function keyOf<K>(endpoint: AnswersEndpoint<K>, instance: string): K {
  const key = endpoint.key(instance);
  if (key === null) throw notFound('There is no such form or record');
  return key;
}

/** The answers routes of `endpoints`, one per form. */
export function answersRoutes(endpoints: readonly AnswersEndpoint<unknown>[]) {
  const byForm = new Map(endpoints.map((e) => [e.form, e]));
  const endpointOf = (c: Context<AppEnv>) => {
    const endpoint = byForm.get(c.req.param('form') ?? '');
    if (!endpoint) throw notFound('There is no such form or record');
    return endpoint;
  };
  return new Hono<AppEnv>()
    .get('/forms/:form/:instance/answers', requireUser(), async (c) => {
      const endpoint = endpointOf(c);
      const data = await endpoint.read(c, keyOf(endpoint, c.req.param('instance')));
      return c.json<FormAnswersReadResponse>({ status: 200, message: 'Answers', data });
    })
    .post('/forms/:form/:instance/answers', requireUser(), async (c) => {
      const endpoint = endpointOf(c);
      const key = keyOf(endpoint, c.req.param('instance'));
      const body = await readJson(c, formAnswersBody(endpoint.maxAnswers));
      const data = await endpoint.save(c, key, body.answers);
      return c.json<FormAnswersResponse>({ status: 200, message: 'Answers saved', data });
    });
}
