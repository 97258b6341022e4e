/**
 * The regional synthesis's own words in the language the secretariat picks (decision 079):
 * `src/lib/i18n/synthesis-messages/{en,zh,fr,ru}.json`, ICU messages worded by the one formatter
 * (decision 064); dates and numbers by `Intl`; countries by the UN's short names or CLDR.
 */
import en from '../i18n/synthesis-messages/en.json' with { type: 'json' };
import fr from '../i18n/synthesis-messages/fr.json' with { type: 'json' };
import ru from '../i18n/synthesis-messages/ru.json' with { type: 'json' };
import zh from '../i18n/synthesis-messages/zh.json' with { type: 'json' };
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { formatDay, withUnit, type TextCatalogue } from '../i18n/format.ts';
import { formatMessage } from '../i18n/message-format.ts';

export const SYNTHESIS_CATALOGUES: Record<Locale, TextCatalogue> = { en, zh, fr, ru };
export type SynthesisKey = keyof typeof en;

export interface SynthesisWords {
  locale: Locale;
  /** The BCP 47 tag of the chosen language. */
  tag: string;
  t(key: SynthesisKey, values?: Record<string, string | number>): string;
  date(day: string | Date): string;
  /** A figure with its unit, the language's way (`58,3 %` in French and Russian). */
  number(n: number, unit: string | null): string;
}

export function synthesisWords(locale: Locale): SynthesisWords {
  const { tag } = LOCALE_INFO[locale];
  return {
    locale,
    tag,
    t: (key, values = {}) => {
      const message = SYNTHESIS_CATALOGUES[locale][key] ?? SYNTHESIS_CATALOGUES.en[key];
      if (typeof message !== 'string') throw new Error(`No message ${key}`);
      return formatMessage(tag, message, values, { markup: 'raw' });
    },
    date: (day) => formatDay(locale, day),
    number: (n, unit) => withUnit(n.toLocaleString(tag, { maximumFractionDigits: 2 }), unit, tag),
  };
}
