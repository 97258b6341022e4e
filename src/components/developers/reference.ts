/**
 * The /developers page's reference, read from the public API's OpenAPI document (the one the
 * server serves at /api/openapi.json), so the page lists exactly the documented endpoints with
 * their parameters: nothing about an endpoint is written twice.
 */
import { publicApiDocument } from '../../lib/openapi/document.ts';
import { API_TAGS, PUBLIC_OPERATIONS, type PublicOperation } from '../../lib/openapi/operations.ts';
import type { MessageKey } from '../../i18n/t.ts';

/** What the page needs of a parameter's JSON Schema. */
interface ParameterSchema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface ReferenceParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: ParameterSchema;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  /** The path under the server's base, as the document writes it (`/profile/public/country/{country_code}`). */
  path: string;
  summary: MessageKey;
  parameters: ReferenceParameter[];
  statuses: string[];
  sample: string;
}

export interface ReferenceGroup {
  key: MessageKey;
  id: string;
  operations: ReferenceOperation[];
}

interface DocumentOperation {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: ParameterSchema }[];
  responses?: Record<string, unknown>;
}

/** The document's base (its one relative server), e.g. `/api`. */
export function apiBase(): string {
  return publicApiDocument().servers?.[0]?.url ?? '/api';
}

/** The endpoints of the document by group, in the groups' order and the document's. */
export function referenceGroups(): ReferenceGroup[] {
  const byId = new Map<string, PublicOperation>(PUBLIC_OPERATIONS.map((op) => [op.route.operationId, op]));
  const operations: (ReferenceOperation & { tag: string })[] = [];
  for (const [path, item] of Object.entries(publicApiDocument().paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, DocumentOperation>)) {
      const described = value.operationId ? byId.get(value.operationId) : undefined;
      if (!described) continue;
      operations.push({
        id: described.route.operationId,
        method: method.toUpperCase(),
        path,
        tag: value.tags?.[0] ?? '',
        summary: described.summary,
        parameters: (value.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in === 'path' ? 'path' : 'query',
          required: p.required === true,
          schema: p.schema ?? {},
        })),
        statuses: Object.keys(value.responses ?? {}),
        sample: described.sample,
      });
    }
  }
  return API_TAGS.map((tag) => ({
    key: tag.key,
    id: tag.key.replace('developers.tag.', 'api-'),
    operations: operations.filter((op) => op.tag === tag.name),
  })).filter((group) => group.operations.length > 0);
}

/** A parameter's allowed values in words and code: its choices, bounds, length, pattern and default. */
export function describeValues(
  schema: ParameterSchema,
  m: (key: MessageKey, params?: Record<string, string | number>) => string,
): { words: string[]; codes: string[] } {
  const words: string[] = [];
  const codes: string[] = [];
  if (schema.enum) codes.push(...schema.enum.map(String));
  else if (schema.format === 'uuid') codes.push('UUID');
  else if (schema.pattern) {
    words.push(m('developers.type.pattern'));
    codes.push(schema.pattern);
  } else if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined)
    words.push(m('developers.type.integer', { min: String(schema.minimum), max: String(schema.maximum) }));
  else if (schema.maxLength !== undefined) words.push(m('developers.type.text', { max: schema.maxLength }));
  if (schema.default !== undefined) words.push(m('developers.type.default', { value: String(schema.default) }));
  return { words, codes };
}
