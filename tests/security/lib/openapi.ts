import { send } from './http.ts';
import type { Site } from './servers.ts';

/** JSON Schema as @fastify/swagger renders the TypeBox schemas (the subset the generators read). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

export type Guard = 'userSig' | 'adminKey' | 'none';

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/api/v1/conversations/{conversationID}`. */
  template: string;
  guard: Guard;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | undefined;
  /** Content types of the request body (multipart ones are uploads: S5). */
  bodyTypes: string[];
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function guardOf(op: OpenApiOperation): Guard {
  const names = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (names.includes('adminKey')) return 'adminKey';
  if (names.includes('userSig')) return 'userSig';
  return 'none';
}

/**
 * Every operation of the server's own OpenAPI document: the S2 and S8 matrices are built from it, so a route
 * added by any feature is attacked without editing the suite.
 */
export async function operations(site: Site): Promise<Operation[]> {
  const res = await send({ port: site.port, method: 'GET', path: '/openapi.json' });
  if (res.status !== 200) throw new Error(`openapi.json: ${res.status}`);
  const doc = res.json as { paths: Record<string, Record<string, OpenApiOperation>> };
  const ops: Operation[] = [];
  for (const [template, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        template,
        guard: guardOf(op),
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        body: content['application/json']?.schema,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return ops;
}

export const opName = (op: Operation): string => `${op.method} ${op.template}`;

/** Fills `{name}` segments from `values` (URL-encoded); unknown names get `x`. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

const STRING_CANDIDATES = ['abc', 'a1b2c3', 'abcdefgh', '12345678', '+8613800000000', '2024-01-01', 'C2Cabc'];

function stringExample(s: JsonSchema): string {
  const fits = (v: string) =>
    v.length >= (s.minLength ?? 0) &&
    v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  const found = STRING_CANDIDATES.find(fits);
  if (found) return found;
  const min = Math.max(1, s.minLength ?? 1);
  return 'a'.repeat(min);
}

/**
 * A valid example of `schema`: `hints` names the values of known properties (the users and messages of the
 * attack); everything else gets the simplest value the schema accepts. Only required properties are filled,
 * unless `all` (the fuzzer mutates optional fields too).
 */
export function exampleOf(
  schema: JsonSchema | undefined,
  hints: Record<string, unknown>,
  key = '',
  all = false,
): unknown {
  if (!schema) return undefined;
  if (key && key in hints) return hints[key];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return exampleOf(alt[0], hints, '', all);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const names = all ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      for (const name of names) out[name] = exampleOf(schema.properties?.[name], hints, name, all);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items, hints, '', all));
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 0, 0), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}
