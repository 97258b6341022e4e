import { z } from 'zod';
import { ErrorResponseSchema } from '../../src/lib/http/schema.ts';

/**
 * `schema` with every object in it (nested ones too) made strict: extra fields fail. For the
 * shapes spec §3 lists field by field.
 */
export function deepStrict<T extends z.ZodType>(schema: T): T {
  return strictify(schema) as T;
}

function strictify(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) shape[key] = strictify(value);
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(strictify(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictify(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictify(schema.unwrap() as z.ZodType).optional();
  return schema;
}

export const StrictErrorSchema = deepStrict(ErrorResponseSchema);
