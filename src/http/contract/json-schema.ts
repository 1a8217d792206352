import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * A zod schema as the JSON Schema (2020-12, OpenAPI 3.1's dialect) of what goes over the wire:
 * the input side, before any transform, for requests and answers alike (answers are checked,
 * never transformed).
 */
export function jsonSchemaOf(schema: z.ZodType): SchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return json as SchemaObject;
}
