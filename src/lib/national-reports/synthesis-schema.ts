import { z } from 'zod';
import { LOCALES } from '../../i18n/locales.ts';
import type { SynthesisDoc } from './synthesis-model.ts';

/** The regional synthesis document (issue 34 item 6, decision 079): what the secretariat asks for. */

export const SYNTHESIS_FORMATS = ['pdf', 'docx'] as const;
export type SynthesisFormat = (typeof SYNTHESIS_FORMATS)[number];

/** POST /api/report/type/national/synthesis/{year} */
export const SynthesisBodySchema = z.object({
  lang: z.enum(LOCALES, { error: 'must be en, zh, fr or ru' }),
  format: z.enum(SYNTHESIS_FORMATS, { error: 'must be pdf or docx' }),
});
export type SynthesisBody = z.output<typeof SynthesisBodySchema>;

export const SYNTHESIS_MEDIA_TYPES: Record<SynthesisFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** What the synthesis worker is given: the document's model, and the format to draw it in. */
export interface SynthesisJob {
  doc: SynthesisDoc;
  format: SynthesisFormat;
}
