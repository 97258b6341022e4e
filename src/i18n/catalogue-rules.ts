/**
 * What makes a translated catalogue whole (issue 17, decisions 038 and 042): every English key,
 * none empty, none English lacks, plural messages with exactly the forms the language's plural
 * rules use, and the same placeholders as English. Shared by the public and the signed-in
 * catalogues' tests.
 */
import { LOCALE_INFO, type Locale } from './locales.ts';
import type { Message } from './t.ts';

const texts = (message: Message): string[] =>
  typeof message === 'string' ? [message] : Object.values(message).map((text) => text ?? '');
const placeholders = (message: Message) =>
  [...new Set(texts(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

/** The problems of `catalogue` (in `locale`) against `english`, one line each; empty when it is whole. */
export function catalogueProblems(
  english: Record<string, Message>,
  catalogue: Record<string, Message>,
  locale: Locale,
): string[] {
  const problems: string[] = [];
  const categories = [...new Intl.PluralRules(LOCALE_INFO[locale].tag).resolvedOptions().pluralCategories].sort();
  for (const key of Object.keys(english)) if (!(key in catalogue)) problems.push(`${key}: missing`);
  for (const [key, message] of Object.entries(catalogue)) {
    const source = english[key];
    if (source === undefined) {
      problems.push(`${key}: not in English`);
      continue;
    }
    if (texts(message).some((text) => !text.trim())) problems.push(`${key}: empty`);
    if (typeof message !== typeof source) problems.push(`${key}: plural in one language only`);
    else if (typeof message !== 'string' && Object.keys(message).sort().join() !== categories.join()) {
      problems.push(
        `${key}: plural forms ${Object.keys(message).sort().join()} (the language uses ${categories.join()})`,
      );
    }
    if (placeholders(message).join() !== placeholders(source).join())
      problems.push(`${key}: placeholders differ from English`);
  }
  return problems;
}
