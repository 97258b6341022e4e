import { sql } from 'drizzle-orm';
import { CatalogueCache, QuestionCatalogue, type CatalogueQuestion } from './catalogue.server.ts';
import type { FormQuestion } from './schema.ts';

/**
 * A question source that never changes: questions written in code (a form's fixed catalogue,
 * such as a practice's narrative sections). Its stamp is given, so the stored completeness of an
 * instance is counted again only when the code's questions change.
 */
export class FixedCatalogueCache extends CatalogueCache {
  readonly catalogue: QuestionCatalogue;

  constructor(stamp: string, questions: readonly { id: number; question: FormQuestion }[]) {
    const all: CatalogueQuestion[] = questions.map(({ id, question }) => ({
      id,
      retiredAt: null,
      n: question.version,
      question,
      own: null,
    }));
    const catalogue = new QuestionCatalogue(stamp, all, null);
    super({ stamp: sql<string>`${stamp}`, load: () => Promise.resolve(catalogue) });
    this.catalogue = catalogue;
  }

  override get(): Promise<QuestionCatalogue> {
    return Promise.resolve(this.catalogue);
  }

  override fresh(): Promise<QuestionCatalogue> {
    return Promise.resolve(this.catalogue);
  }

  override invalidate(): void {}
}
