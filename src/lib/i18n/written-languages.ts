import { z } from 'zod';

/**
 * The languages a country may write its texts in (decision 048): the languages of the 58
 * countries and areas of the region, plus ESCAP's working languages, each as the BCP 47 tag the
 * pages put in `lang` and named in its own script for the "Written in" picker. Han is told apart
 * by script (zh-Hans, zh-Hant), so pages and the PDF can choose the glyph forms.
 */
/**
 * A language: its tag, its name in its own language and script, and its name in English (the picker finds it by
 * either).
 */
export interface WrittenLanguage {
  tag: string;
  autonym: string;
  english: string;
}

/** Tag, own name, English name. */
const LANGUAGES: readonly (readonly [tag: string, autonym: string, english: string])[] = [
  ['en', 'English', 'English'],
  ['zh-Hans', '简体中文', 'Chinese (Simplified)'],
  ['zh-Hant', '繁體中文', 'Chinese (Traditional)'],
  ['fr', 'Français', 'French'],
  ['ru', 'Русский', 'Russian'],
  ['ja', '日本語', 'Japanese'],
  ['ko', '한국어', 'Korean'],
  ['mn', 'Монгол', 'Mongolian'],
  ['th', 'ไทย', 'Thai'],
  ['lo', 'ລາວ', 'Lao'],
  ['km', 'ខ្មែរ', 'Khmer'],
  ['my', 'မြန်မာ', 'Burmese'],
  ['vi', 'Tiếng Việt', 'Vietnamese'],
  ['id', 'Bahasa Indonesia', 'Indonesian'],
  ['ms', 'Bahasa Melayu', 'Malay'],
  ['fil', 'Filipino', 'Filipino'],
  ['tet', 'Tetun', 'Tetum'],
  ['pt', 'Português', 'Portuguese'],
  ['fa', 'فارسی', 'Persian'],
  ['fa-AF', 'دری', 'Dari'],
  ['ps', 'پښتو', 'Pashto'],
  ['ur', 'اردو', 'Urdu'],
  ['hi', 'हिन्दी', 'Hindi'],
  ['bn', 'বাংলা', 'Bangla'],
  ['ne', 'नेपाली', 'Nepali'],
  ['si', 'සිංහල', 'Sinhala'],
  ['ta', 'தமிழ்', 'Tamil'],
  ['dv', 'ދިވެހި', 'Dhivehi'],
  ['dz', 'རྫོང་ཁ', 'Dzongkha'],
  ['tr', 'Türkçe', 'Turkish'],
  ['hy', 'Հայերեն', 'Armenian'],
  ['az', 'Azərbaycan dili', 'Azerbaijani'],
  ['ka', 'ქართული', 'Georgian'],
  ['kk', 'Қазақ тілі', 'Kazakh'],
  ['ky', 'Кыргызча', 'Kyrgyz'],
  ['tg', 'Тоҷикӣ', 'Tajik'],
  ['tk', 'Türkmençe', 'Turkmen'],
  ['uz', 'Oʻzbekcha', 'Uzbek'],
  ['fj', 'Vosa Vakaviti', 'Fijian'],
  ['hif', 'Fiji Baat', 'Fiji Hindi'],
  ['gil', 'Taetae ni Kiribati', 'Gilbertese'],
  ['mh', 'Kajin M̧ajeļ', 'Marshallese'],
  ['na', 'Dorerin Naoero', 'Nauruan'],
  ['mi', 'Te Reo Māori', 'Māori'],
  ['pau', 'Tekoi er a Belau', 'Palauan'],
  ['tpi', 'Tok Pisin', 'Tok Pisin'],
  ['ho', 'Hiri Motu', 'Hiri Motu'],
  ['sm', 'Gagana Samoa', 'Samoan'],
  ['pis', 'Pijin', 'Solomon Islands Pijin'],
  ['to', 'Lea faka-Tonga', 'Tongan'],
  ['tvl', 'Te Ggana Tuuvalu', 'Tuvaluan'],
  ['bi', 'Bislama', 'Bislama'],
  ['rar', 'Māori Kūki ʻĀirani', 'Cook Islands Māori'],
  ['niu', 'Ko e vagahau Niuē', 'Niuean'],
  ['ty', 'Reo Tahiti', 'Tahitian'],
  ['ch', 'Chamoru', 'Chamorro'],
];

export const WRITTEN_LANGUAGES: readonly WrittenLanguage[] = LANGUAGES.map(([tag, autonym, english]) => ({
  tag,
  autonym,
  english,
}));

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

export const WRITTEN_LANGUAGE_MESSAGE =
  'must be a language of the region written as a language tag, such as th, fa or zh-Hant';

/**
 * The language a text was written in, in a request body: a tag of the list (any case), or null
 * or '' (not stated). Left out, the stored language stays.
 */
export const WrittenInInputSchema = z
  .union([z.string({ error: WRITTEN_LANGUAGE_MESSAGE }), z.null({ error: WRITTEN_LANGUAGE_MESSAGE })], {
    error: WRITTEN_LANGUAGE_MESSAGE,
  })
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
