import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route's 200 answer written by fast-json-stringify, compiled once from the JSON Schema of its
 * zod response schema, instead of the app's serializer (app.ts: zod's encode, then
 * JSON.stringify). For answers large enough for that to matter: a board page of 50 rows, each with
 * a 120-bar waveform, took 1.8 ms to encode through zod and 0.2 ms this way.
 *
 * What zod would strip is not written either: only the schema's properties are (a row's private
 * columns cannot leak). What it does not do is refuse: a value of the wrong type is coerced, not
 * answered 500. So it is for schemas with no transforms (z.toJSONSchema refuses those) and no
 * unions but nullable values (refused below), both at start, for answers the server builds from
 * typed rows.
 */
export function compileJsonSerializer(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = forWriting(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
  );
  // A union is written as the first branch that validates, and with unnamed properties allowed
  // any branch may: fields would go missing. Such a schema keeps zod.
  const union = JSON.stringify(jsonSchema).match(/"(anyOf|oneOf|allOf)"/);
  if (union) throw new Error(`compileJsonSerializer: the schema has an ${union[1]}; leave its route to zod`);
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

type JsonSchemaNode = Record<string, unknown>;

/**
 * The schema as fast-json-stringify writes it best. A nullable value (zod's `anyOf: [X, null]`)
 * becomes X with `null` among its types: fast-json-stringify would otherwise validate each value
 * against every branch to choose one, and refuse an object with a property the branch does not
 * name. `additionalProperties: false` goes: unnamed properties are then left out, as zod strips them.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (typeof node !== 'object' || node === null) return node;
  const { additionalProperties, ...rest } = node as JsonSchemaNode;
  const copy: JsonSchemaNode = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, forWriting(value)]),
  );
  if (additionalProperties !== false && additionalProperties !== undefined)
    copy.additionalProperties = forWriting(additionalProperties);
  const branches = copy.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (branch: JsonSchemaNode) => branch.type === 'null' && Object.keys(branch).length === 1;
    const [first, second] = branches as JsonSchemaNode[];
    const other = first && second && (isNull(first) ? second : isNull(second) ? first : undefined);
    if (other && typeof other.type === 'string') {
      const { anyOf: _, ...outer } = copy;
      return { ...outer, ...other, type: [other.type, 'null'] };
    }
  }
  return copy;
}

/** Fastify's per-route `serializerCompiler` option: `{ serializerCompiler: jsonSerializerCompiler }`. */
export const jsonSerializerCompiler = ({ schema }: { schema: unknown }) =>
  compileJsonSerializer(schema as z.ZodType);
