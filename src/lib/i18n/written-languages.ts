import { z } from 'zod';

/**
 * The languages a country may write its texts in (decision 048): the languages of the 58
 * countries and areas of the region, plus ESCAP's working languages, each as the BCP 47 tag the
 * pages put in `lang` and named in its own script for the "Written in" picker. Han is told apart
 * by script (zh-Hans, zh-Hant), so pages and the PDF can choose the glyph forms.
 */
/** A language: its tag, its name in its own language and script, and its name in English (the picker finds it by either). */
export interface WrittenLanguage { tag: string; autonym: string; english: string }

export const WRITTEN_LANGUAGES: readonly WrittenLanguage[] = [
  { tag: 'en', autonym: 'English', english: 'English' },
  { tag: 'zh-Hans', autonym: '简体中文', english: 'Chinese (Simplified)' },
  { tag: 'zh-Hant', autonym: '繁體中文', english: 'Chinese (Traditional)' },
  { tag: 'fr', autonym: 'Français', english: 'French' },
  { tag: 'ru', autonym: 'Русский', english: 'Russian' },
  { tag: 'ja', autonym: '日本語', english: 'Japanese' },
  { tag: 'ko', autonym: '한국어', english: 'Korean' },
  { tag: 'mn', autonym: 'Монгол', english: 'Mongolian' },
  { tag: 'th', autonym: 'ไทย', english: 'Thai' },
  { tag: 'lo', autonym: 'ລາວ', english: 'Lao' },
  { tag: 'km', autonym: 'ខ្មែរ', english: 'Khmer' },
  { tag: 'my', autonym: 'မြန်မာ', english: 'Burmese' },
  { tag: 'vi', autonym: 'Tiếng Việt', english: 'Vietnamese' },
  { tag: 'id', autonym: 'Bahasa Indonesia', english: 'Indonesian' },
  { tag: 'ms', autonym: 'Bahasa Melayu', english: 'Malay' },
  { tag: 'fil', autonym: 'Filipino', english: 'Filipino' },
  { tag: 'tet', autonym: 'Tetun', english: 'Tetum' },
  { tag: 'pt', autonym: 'Português', english: 'Portuguese' },
  { tag: 'fa', autonym: 'فارسی', english: 'Persian' },
  { tag: 'fa-AF', autonym: 'دری', english: 'Dari' },
  { tag: 'ps', autonym: 'پښتو', english: 'Pashto' },
  { tag: 'ur', autonym: 'اردو', english: 'Urdu' },
  { tag: 'hi', autonym: 'हिन्दी', english: 'Hindi' },
  { tag: 'bn', autonym: 'বাংলা', english: 'Bangla' },
  { tag: 'ne', autonym: 'नेपाली', english: 'Nepali' },
  { tag: 'si', autonym: 'සිංහල', english: 'Sinhala' },
  { tag: 'ta', autonym: 'தமிழ்', english: 'Tamil' },
  { tag: 'dv', autonym: 'ދިވެހި', english: 'Dhivehi' },
  { tag: 'dz', autonym: 'རྫོང་ཁ', english: 'Dzongkha' },
  { tag: 'tr', autonym: 'Türkçe', english: 'Turkish' },
  { tag: 'hy', autonym: 'Հայերեն', english: 'Armenian' },
  { tag: 'az', autonym: 'Azərbaycan dili', english: 'Azerbaijani' },
  { tag: 'ka', autonym: 'ქართული', english: 'Georgian' },
  { tag: 'kk', autonym: 'Қазақ тілі', english: 'Kazakh' },
  { tag: 'ky', autonym: 'Кыргызча', english: 'Kyrgyz' },
  { tag: 'tg', autonym: 'Тоҷикӣ', english: 'Tajik' },
  { tag: 'tk', autonym: 'Türkmençe', english: 'Turkmen' },
  { tag: 'uz', autonym: 'Oʻzbekcha', english: 'Uzbek' },
  { tag: 'fj', autonym: 'Vosa Vakaviti', english: 'Fijian' },
  { tag: 'hif', autonym: 'Fiji Baat', english: 'Fiji Hindi' },
  { tag: 'gil', autonym: 'Taetae ni Kiribati', english: 'Gilbertese' },
  { tag: 'mh', autonym: 'Kajin M̧ajeļ', english: 'Marshallese' },
  { tag: 'na', autonym: 'Dorerin Naoero', english: 'Nauruan' },
  { tag: 'mi', autonym: 'Te Reo Māori', english: 'Māori' },
  { tag: 'pau', autonym: 'Tekoi er a Belau', english: 'Palauan' },
  { tag: 'tpi', autonym: 'Tok Pisin', english: 'Tok Pisin' },
  { tag: 'ho', autonym: 'Hiri Motu', english: 'Hiri Motu' },
  { tag: 'sm', autonym: 'Gagana Samoa', english: 'Samoan' },
  { tag: 'pis', autonym: 'Pijin', english: 'Solomon Islands Pijin' },
  { tag: 'to', autonym: 'Lea faka-Tonga', english: 'Tongan' },
  { tag: 'tvl', autonym: 'Te Ggana Tuuvalu', english: 'Tuvaluan' },
  { tag: 'bi', autonym: 'Bislama', english: 'Bislama' },
  { tag: 'rar', autonym: 'Māori Kūki ʻĀirani', english: 'Cook Islands Māori' },
  { tag: 'niu', autonym: 'Ko e vagahau Niuē', english: 'Niuean' },
  { tag: 'ty', autonym: 'Reo Tahiti', english: 'Tahitian' },
  { tag: 'ch', autonym: 'Chamoru', english: 'Chamorro' },
];

export const WRITTEN_LANGUAGE_TAGS: readonly string[] = WRITTEN_LANGUAGES.map((l) => l.tag);

/** The longest tag (`zh-Hant`): the column and the input are bounded by it. */
export const WRITTEN_LANGUAGE_TAG_MAX = 8;

const BY_LOWER = new Map(WRITTEN_LANGUAGES.map((l) => [l.tag.toLowerCase(), l.tag]));

/**
 * The tag as the list spells it, or null when the list has no such language. Tags are
 * case-insensitive (`ZH-hant` is `zh-Hant`) and an alias is its canonical tag (CLDR's): `prs`,
 * Dari, is `fa-AF`; `tl`, Tagalog, is `fil`, Filipino, the Philippines' national language.
 */
export function writtenLanguageTag(value: string): string | null {
  const typed = value.trim();
  let canonical = typed;
  try {
    canonical = Intl.getCanonicalLocales(typed)[0] ?? typed;
  } catch {
    // Not a well-formed tag: only the list's own spelling can match, and it will not.
  }
  return BY_LOWER.get(canonical.toLowerCase()) ?? null;
}

export const WRITTEN_LANGUAGE_MESSAGE = 'must be a language of the region written as a language tag, such as th, fa or zh-Hant';

/**
 * The language a text was written in, in a request body: a tag of the list (any case), or null
 * or '' (not stated). Left out, the stored language stays.
 */
export const WrittenInInputSchema = z
  .union([z.string({ error: WRITTEN_LANGUAGE_MESSAGE }), z.null({ error: WRITTEN_LANGUAGE_MESSAGE })], { error: WRITTEN_LANGUAGE_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const tag = writtenLanguageTag(value);
    if (tag === null) {
      ctx.addIssue({ code: 'custom', message: WRITTEN_LANGUAGE_MESSAGE });
      return z.NEVER;
    }
    return tag;
  })
  .optional();

/** The stored language in a response: a tag of the list, or null (not stated). */
export const WrittenInSchema = z.string().nullable();

/** Languages written right to left (the pages also say `dir="auto"`, which finds it from the text). */
const RIGHT_TO_LEFT = new Set(['fa', 'fa-AF', 'ps', 'ur', 'dv']);
export const isRightToLeft = (tag: string | null | undefined): boolean => tag != null && RIGHT_TO_LEFT.has(tag);

/**
 * The `lang` attribute of a text a country wrote: its stated language, or '' — "language
 * unknown" in HTML — when none is stated, so that the page claims neither its own language nor
 * English for it.
 */
export const langOfWritten = (tag: string | null | undefined): string => tag ?? '';
