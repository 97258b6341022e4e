import { z } from 'zod';
import { CmsImageSchema } from '../cms/schema.ts';
import { VersionSchema, dataResponse, itemResponse, text, wholeNumber, yearParam } from '../http/schema.ts';
import { ANSWER_LIMIT_FIELDS, CATALOGUE_ENTRY_FIELDS, UserRefSchema } from '../questionnaires/schema.ts';
import { zodError } from '../i18n/said.ts';

/**
 * The urbanisation profile (issue 8, reporting brief §3.2 and §4): categories with an overview,
 * indicators per category, and one dataset per category × country × year. Shared with the
 * back-office and the public site build.
 */

export const CATEGORY_SLUG_MAX = 60;
export const CATEGORY_NAME_MAX = 120;
export const CATEGORY_DESCRIPTION_MAX = 600;
export const CATEGORY_BODY_MAX = 20_000;
export const KEY_FACTS_MAX = 12;
export const KEY_FACT_LABEL_MAX = 120;
export const KEY_FACT_VALUE_MAX = 40;
export const KEY_FACT_UNIT_MAX = 40;
export const KEY_FACT_SOURCE_MAX = 300;
export const HERO_ALT_MAX = 300;
export const VALUE_SOURCE_MAX = 300;
export const VALUE_NOTE_MAX = 500;
export const NARRATIVE_MAX = 8000;
export const VALUES_PER_SAVE_MAX = 100;
export const PROFILE_YEAR_MIN = 1950;
export const PROFILE_YEAR_MAX = 2100;
export const IMPORT_CSV_MAX_BYTES = 200_000;
/** Rows of figures an import takes at a time (import-limits.ts holds it, with the bounds of a file's reading). */
export { IMPORT_ROWS_MAX } from './import-limits.ts';
/** An uploaded import file (CSV or .xlsx). */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_FILE_KINDS = ['csv', 'xlsx'] as const;
/** What may separate the fields of an import file, and the decimal marks its figures may use (one per file). */
export const SEPARATORS = [',', ';'] as const;
export type Separator = (typeof SEPARATORS)[number];
export const DECIMAL_MARKS = ['.', ','] as const;
export type DecimalMark = (typeof DECIMAL_MARKS)[number];
export const DATASET_STATUSES = ['draft', 'published'] as const;
/** A data set's status; rows are read through it, so no status string is ever cast. */
export const DatasetStatusSchema = z.enum(DATASET_STATUSES);
export const INDICATOR_TYPES = ['pct', 'num', 'int'] as const;
/** The pictograms a theme can carry (its `icon`), with the words that name them. */
export const CATEGORY_ICONS = {
  people: 'People',
  house: 'House',
  tap: 'Water tap',
  briefcase: 'Briefcase',
  leaf: 'Leaf',
  shield: 'Shield',
  heritage: 'Heritage building',
  columns: 'Columns (institutions)',
  chart: 'Chart',
  globe: 'Globe',
} as const;
export type CategoryIcon = keyof typeof CATEGORY_ICONS;
const ICON_NAMES = Object.keys(CATEGORY_ICONS) as CategoryIcon[];

export const SlugSchema = text({ max: CATEGORY_SLUG_MAX, min: 1 }).regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  'must be lower-case letters, digits and single hyphens',
);
export const CountryCodeSchema = z
  .string({ error: 'must be a two-letter country code' })
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((v) => v.toUpperCase());
export const YearSchema = wholeNumber({ min: PROFILE_YEAR_MIN, max: PROFILE_YEAR_MAX, invalid: 'must be a year' });
const PathYearSchema = yearParam(PROFILE_YEAR_MIN, PROFILE_YEAR_MAX);

export const KeyFactSchema = z.object({
  label: text({ max: KEY_FACT_LABEL_MAX, min: 1 }),
  value: text({ max: KEY_FACT_VALUE_MAX, min: 1 }),
  unit: text({ max: KEY_FACT_UNIT_MAX })
    .nullable()
    .optional()
    .transform((v) => v || null),
  year: YearSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
  source: text({ max: KEY_FACT_SOURCE_MAX })
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type KeyFact = z.output<typeof KeyFactSchema>;

export const PROGRESS_DIRECTIONS = ['higher', 'lower'] as const;
export const PROGRESS_TARGET_KINDS = ['fixed', 'champion'] as const;
/** Whether higher or lower figures are better; rows are read through it, so no direction string is cast. */
export const ProgressDirectionSchema = z.enum(PROGRESS_DIRECTIONS);

/**
 * How progress towards 2030 is scored for an indicator (issue 35, decision 072): the desired
 * direction and the target, a fixed value or the champion area of the region's best performers.
 * Null: the indicator is not scored. The shape of the method's IndicatorMethod (src/lib/progress/).
 */
export const IndicatorProgressSchema = z
  .object({
    direction: ProgressDirectionSchema,
    target: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('fixed'), value: z.number() }),
      z.object({ kind: z.literal('champion') }),
    ]),
  })
  .nullable();
export type IndicatorProgress = z.output<typeof IndicatorProgressSchema>;

export const IndicatorSchema = z.object({
  code: z.string(),
  category: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  answer_type: z.enum(INDICATOR_TYPES),
  decimals: z.number().int().nullable(),
  ...ANSWER_LIMIT_FIELDS,
  source: z.string(),
  source_series: z.string().nullable(),
  licence: z.string().nullable(),
  sdg_ref: z.string().nullable(),
  progress: IndicatorProgressSchema,
  /** A retired indicator leaves the forms and public pages; its figures stay. */
  ...CATALOGUE_ENTRY_FIELDS,
  updated_at: z.string(),
});
export type Indicator = z.output<typeof IndicatorSchema>;
/** An indicator as the public site sees it: no editing details. */
export const PublicIndicatorBaseSchema = IndicatorSchema.omit({ retired_at: true, version: true, updated_at: true });

export const CategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  umf_domain: z.string().nullable(),
  published: z.boolean(),
  body: z.string(),
  key_facts: z.array(KeyFactSchema),
  /** The overview's picture (CMS renditions), shown at the top of the theme's page and on its card. */
  hero_image: CmsImageSchema.nullable(),
  /** What the picture shows, for people who cannot see it. */
  hero_alt: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type Category = z.output<typeof CategorySchema>;
export const CategoryWithIndicatorsSchema = CategorySchema.extend({ indicators: z.array(IndicatorSchema) });

/** What a figure says, in a dataset and on the public pages alike. */
const FIGURE_FIELDS = {
  value: z.number(),
  data_year: z.number().int().nullable(),
  source: z.string().nullable(),
  is_estimate: z.boolean(),
  note: z.string().nullable(),
};

/** A country as the profile names it: its code and its name. */
const COUNTRY_NAME_FIELDS = { country_code: z.string(), country_name: z.string() };

/** One figure of a dataset. */
export const DatasetValueSchema = z.object({
  indicator: z.string(),
  ...FIGURE_FIELDS,
  /** The figure's licence: set on open-data figures, absent on those a country entered. */
  licence: z.string().nullable().optional(),
});
export type DatasetValue = z.output<typeof DatasetValueSchema>;
export const ORIGINS = ['country', 'open_data'] as const;
/** Who a figure comes from: a country (forms, CSV import) or the curated open data (data/). */
export const OriginSchema = z.enum(ORIGINS);

export const DatasetSchema = z.object({
  category: z.string(),
  ...COUNTRY_NAME_FIELDS,
  year: z.number().int(),
  values: z.array(DatasetValueSchema),
  narrative: z.string().nullable(),
  status: DatasetStatusSchema,
  demo: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: UserRefSchema.nullable(),
  /**
   * A published dataset changed since: a draft whose published figures and narrative the public
   * profile keeps showing until it is published again or withdrawn (decision 033), since this
   * time; null otherwise.
   */
  public_copy_kept_at: z.string().nullable(),
});
export type Dataset = z.output<typeof DatasetSchema>;

/** A cell of the country × year grid. */
export const GridCellSchema = z.object({
  country_code: z.string(),
  year: z.number().int(),
  status: DatasetStatusSchema,
  filled: z.number().int(),
  version: z.number().int(),
  /** A draft whose published version the public profile keeps (decision 033). */
  public_copy: z.boolean(),
});
export const GridSchema = z.object({
  category: CategoryWithIndicatorsSchema,
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  years: z.array(z.number().int()),
  cells: z.array(GridCellSchema),
  /** Where open data exist for the same country and year: how many figures (decision 029). */
  open_data_cells: z.array(z.object({ country_code: z.string(), year: z.number().int(), filled: z.number().int() })),
});
export type Grid = z.output<typeof GridSchema>;

// ---- bodies ----

export const CategoryPathSchema = z.object({ slug: SlugSchema });
export const DatasetPathSchema = z.object({ slug: SlugSchema, country_code: CountryCodeSchema, year: PathYearSchema });
export const CountryPathSchema = z.object({ country_code: CountryCodeSchema });

export const CategorySaveBodySchema = z.strictObject({
  slug: SlugSchema,
  name: text({ max: CATEGORY_NAME_MAX, min: 1 }).optional(),
  description: text({ max: CATEGORY_DESCRIPTION_MAX, multiline: true }).optional(),
  icon: z
    .enum(['', ...ICON_NAMES], {
      error: zodError('must be one of {values}, or empty', { values: ICON_NAMES.join(', ') }),
    })
    .optional(),
  sort: wholeNumber({ min: 0, max: 1000 }).optional(),
  published: z.boolean({ error: 'must be true or false' }).optional(),
  body: text({ max: CATEGORY_BODY_MAX, multiline: true }).optional(),
  key_facts: z
    .array(KeyFactSchema, { error: 'must be a list' })
    .max(KEY_FACTS_MAX, { error: zodError('must have at most {max} key facts', { max: KEY_FACTS_MAX }) })
    .optional(),
  hero_alt: text({ max: HERO_ALT_MAX }).optional(),
  /** null removes the picture; a new one is uploaded to …/hero. */
  hero_image: z
    .null({ error: 'can only be null here (to remove the picture): upload a new one to profile/category/{slug}/hero' })
    .optional(),
  version: VersionSchema.optional(),
});
export type CategorySaveBody = z.input<typeof CategorySaveBodySchema>;

/** One figure as sent: the value itself is checked by the questionnaire engine per indicator. */
export const ValueInputSchema = z.strictObject({
  indicator: text({ max: 40, min: 1 }),
  /** Left out: the stored value stays (a save of the source alone); null removes the figure. */
  value: z.unknown().optional(),
  data_year: YearSchema.nullable().optional(),
  source: text({ max: VALUE_SOURCE_MAX }).nullable().optional(),
  is_estimate: z.boolean({ error: 'must be true or false' }).optional(),
  note: text({ max: VALUE_NOTE_MAX, multiline: true }).nullable().optional(),
});
export type ValueInput = z.input<typeof ValueInputSchema>;

export const DatasetSaveBodySchema = z.strictObject({
  values: z
    .array(ValueInputSchema, { error: 'must be a list' })
    .max(VALUES_PER_SAVE_MAX, { error: zodError('must have at most {max} values', { max: VALUES_PER_SAVE_MAX }) })
    .optional(),
  narrative: text({ max: NARRATIVE_MAX, multiline: true }).nullable().optional(),
  version: VersionSchema.optional(),
});

export const DatasetPublishBodySchema = z.strictObject({
  published: z.boolean({ error: 'must be true or false' }),
  version: VersionSchema.optional(),
});

export const ImportBodySchema = z.strictObject({
  csv: z
    .string({ error: 'must be the CSV text' })
    .min(1, 'is required')
    .max(IMPORT_CSV_MAX_BYTES, { error: zodError('must be at most {max} characters', { max: IMPORT_CSV_MAX_BYTES }) }),
});

// ---- responses ----

export const CategoryListResponseSchema = dataResponse(CategorySchema);
export type CategoryListResponse = z.output<typeof CategoryListResponseSchema>;
export const CategoryResponseSchema = itemResponse(CategoryWithIndicatorsSchema);
export type CategoryResponse = z.output<typeof CategoryResponseSchema>;
export const GridResponseSchema = itemResponse(GridSchema);
export type GridResponse = z.output<typeof GridResponseSchema>;
export const DatasetResponseSchema = itemResponse(
  DatasetSchema.extend({
    exists: z.boolean(),
    indicators: z.array(IndicatorSchema),
    warnings: z.record(z.string(), z.array(z.string())),
    /** The open-data figures of the same theme, country and year, shown beside the country's own. */
    open_data: z.array(DatasetValueSchema),
  }),
);
export type DatasetResponse = z.output<typeof DatasetResponseSchema>;

export const ImportChangeSchema = z.object({
  line: z.number().int(),
  category: z.string(),
  country_code: z.string(),
  indicator: z.string(),
  year: z.number().int(),
  before: z.number().nullable(),
  after: z.number(),
  source: z.string().nullable(),
});
/**
 * How a file was read, decided per file: CSV with its separator, or an Excel workbook with the
 * sheet read; the decimal mark of figures written as text (a workbook's number cells have none).
 */
export const ImportFormatSchema = z.object({
  file: z.enum(IMPORT_FILE_KINDS),
  separator: z.enum(SEPARATORS).nullable(),
  decimal_mark: z.enum(DECIMAL_MARKS),
  sheet: z.string().nullable(),
});
export type ImportFormat = z.output<typeof ImportFormatSchema>;
export const ImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export const ImportPreviewSchema = z.object({
  rows: z.number().int(),
  changes: z.array(ImportChangeSchema),
  unchanged: z.number().int(),
  /** One per bad row: "Row 14, column value: '12,5,3' is not a number: …" (every problem of the row). */
  errors: z.array(ImportErrorSchema),
  /** How the file was read, decided per file. */
  format: ImportFormatSchema,
});
export type ImportPreview = z.output<typeof ImportPreviewSchema>;
export const ImportResponseSchema = itemResponse(ImportPreviewSchema);
export type ImportResponse = z.output<typeof ImportResponseSchema>;

// ---- public ----

export const PublicValueSchema = z.object({
  ...COUNTRY_NAME_FIELDS,
  year: z.number().int(),
  ...FIGURE_FIELDS,
  demo: z.boolean(),
  /** 'country' wins over 'open_data' for the same indicator, country and year. */
  origin: OriginSchema,
  licence: z.string().nullable(),
});
export type PublicValue = z.output<typeof PublicValueSchema>;
export const PublicCategorySchema = CategorySchema.omit({ published: true, version: true });
export const PublicCategoriesResponseSchema = dataResponse(PublicCategorySchema);
export type PublicCategoriesResponse = z.output<typeof PublicCategoriesResponseSchema>;
export const PublicIndicatorSchema = PublicIndicatorBaseSchema.extend({
  /** Whether open data back the indicator; false: its figures come from the countries' own reports only. */
  open_data: z.boolean(),
  values: z.array(PublicValueSchema),
});
export type PublicIndicator = z.output<typeof PublicIndicatorSchema>;
export const PublicCategoryResponseSchema = itemResponse(
  PublicCategorySchema.extend({
    indicators: z.array(PublicIndicatorSchema),
    narratives: z.array(z.object({ country_code: z.string(), year: z.number().int(), narrative: z.string() })),
  }),
);
export type PublicCategoryResponse = z.output<typeof PublicCategoryResponseSchema>;
export const PublicCountryResponseSchema = itemResponse(
  z.object({
    ...COUNTRY_NAME_FIELDS,
    categories: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        indicators: z.array(
          PublicIndicatorBaseSchema.extend({
            latest: PublicValueSchema.nullable(),
            /** The regional median of the same year as `latest` (countries with a published value). */
            regional_median: z.number().nullable(),
            countries_reporting: z.number().int(),
          }),
        ),
      }),
    ),
  }),
);
export type PublicCountryResponse = z.output<typeof PublicCountryResponseSchema>;
