import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import * as schema from './schema.ts';

/**
 * The engine knows forms only (decision 065): no field of its model, and no name in its code or
 * in the data-entry kit's, speaks of one form's own data: a national report's thrusts, subcategories,
 * tiers, SDG or NUA references and cycles belong to the report (src/lib/national-reports).
 */

const ACCENT = /thrust|subcategor|tier|sdg|nua|cycle/i;

/** Every key of a zod object schema, at any depth (objects, arrays, unions, optionals). */
function keysOf(type: unknown, out: string[] = []): string[] {
  if (type instanceof z.ZodObject) {
    for (const [key, inner] of Object.entries(type.shape as Record<string, unknown>)) {
      out.push(key);
      keysOf(inner, out);
    }
  } else if (type instanceof z.ZodArray) keysOf(type.element, out);
  else if (type instanceof z.ZodUnion) for (const option of type.options) keysOf(option, out);
  else if (type instanceof z.ZodOptional || type instanceof z.ZodNullable) keysOf(type.unwrap(), out);
  return out;
}

/** The code of a file without its comments, strings and patterns: the names it declares and reads. */
function namesIn(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(?<=[[(,=:]\s*)\/(?:[^/\\\n]|\\.)+\/[gimsuy]*/g, '//')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

const root = join(import.meta.dirname, '..', '..', '..');
const codeOf = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => ({ file: `${dir}/${file}`, text: readFileSync(join(root, dir, file), 'utf8') }));

describe('the form engine knows only forms', () => {
  test('no field of the engine’s schemas is named after a form’s own data', () => {
    const schemas = Object.entries(schema).filter(([, value]) => value instanceof z.ZodType);
    expect(schemas.map(([name]) => name)).toEqual(expect.arrayContaining(['FormQuestionSchema', 'FormSectionSchema']));
    const keys = schemas.flatMap(([name, value]) => keysOf(value).map((key) => `${name}.${key}`));
    expect(keys).toContain('FormQuestionSchema.tags');
    expect(keys.filter((key) => ACCENT.test(key))).toEqual([]);
    expect(Object.keys(schema).filter((name) => ACCENT.test(name))).toEqual([]);
  });

  test('no name in the engine’s code or the data-entry kit’s is one of a form’s own', () => {
    const files = [...codeOf('src/lib/questionnaires'), ...codeOf('src/islands/backoffice/questionnaire')];
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'src/lib/questionnaires/engine.ts',
        'src/lib/questionnaires/forms.server.ts',
        'src/islands/backoffice/questionnaire/form-types.ts',
      ]),
    );
    const found = files.flatMap(({ file, text }) =>
      [...namesIn(text).matchAll(/[A-Za-z_$][\w$]*/g)].flatMap(([name]) =>
        ACCENT.test(name) ? [`${file}: ${name}`] : [],
      ),
    );
    expect(found).toEqual([]);
  });
});
