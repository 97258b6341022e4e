/**
 * What makes a translated catalogue whole (issue 17, decisions 038, 042 and 064): every English
 * key, none empty, none English lacks, every message valid ICU MessageFormat naming the same
 * arguments as English, and each plural with exactly the forms the language's plural rules use
 * (Russian one, few, many, other; Chinese other). Shared by every catalogue's test.
 */
import { LOCALE_INFO, type Locale } from './locales.ts';
import { messageArguments, pluralCategories } from '../lib/i18n/message-format.ts';

/** The message's problem as ICU: its arguments and plural forms, or why it does not parse. */
function read(message: unknown): { names: string; plurals: Map<string, string[]> } | string {
  if (typeof message !== 'string') return 'not a string';
  try {
    return { names: messageArguments(message).join(), plurals: pluralCategories(message) };
  } catch (error) {
    return `not ICU MessageFormat (${(error as Error).message})`;
  }
}

/** The problems of `catalogue` (in `locale`) against `english`, one line each; empty when it is whole. */
export function catalogueProblems(
  english: Record<string, unknown>,
  catalogue: Record<string, unknown>,
  locale: Locale,
): string[] {
  const problems: string[] = [];
  const categories = [...new Intl.PluralRules(LOCALE_INFO[locale].tag).resolvedOptions().pluralCategories].sort();
  for (const key of Object.keys(english)) if (!(key in catalogue)) problems.push(`${key}: missing`);
  for (const [key, message] of Object.entries(catalogue)) {
    if (!(key in english)) {
      problems.push(`${key}: not in English`);
      continue;
    }
    const mine = read(message);
    const source = read(english[key]);
    if (typeof mine === 'string' || typeof source === 'string') {
      problems.push(`${key}: ${typeof mine === 'string' ? mine : `English ${source as string}`}`);
      continue;
    }
    if (!(message as string).trim()) problems.push(`${key}: empty`);
    if (mine.names !== source.names)
      problems.push(`${key}: arguments ${mine.names} differ from English ${source.names}`);
    for (const [name, forms] of mine.plurals) {
      if (forms.join() !== categories.join())
        problems.push(`${key}: plural ${name} has ${forms.join()} (the language uses ${categories.join()})`);
    }
    if ([...mine.plurals.keys()].sort().join() !== [...source.plurals.keys()].sort().join())
      problems.push(`${key}: plural in one language only`);
  }
  return problems;
}
