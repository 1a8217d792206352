import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { Route } from '../../contract/route';
import { describeIssue, parseBody } from '../parse-body';
import { validation } from '../../shared/errors';

/**
 * Validates each argument a contract route's handler takes from the request with the schema the
 * route declares for it: `@Body()`, `@Query()`, `@Param('name')`. Arguments the route declares
 * nothing for (`@Req()`, `@Res()`) pass untouched. (nestjs-zod's pipe parses without the input
 * in its issues, so its messages could not tell "n is required" from "n must be a number".)
 */
export class ContractPipe implements PipeTransform {
  constructor(private readonly route: Route) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = this.schemaFor(metadata);
    if (!schema) return value;
    // One named field (`@Query('format')`) is checked as it is: absent stays absent, and a
    // problem names the field.
    if (metadata.data) return parseField(metadata.data, schema, value);
    // A missing body reads as an empty one: "title is required", not "expected an object".
    return parseBody(schema, value);
  }

  private schemaFor({ type, data }: ArgumentMetadata): z.ZodType | undefined {
    if (type === 'body') return data ? undefined : this.route.body;
    if (type === 'query') return data ? (this.route.query?.shape[data] as z.ZodType | undefined) : this.route.query;
    if (type === 'param') return data ? (this.route.params?.shape[data] as z.ZodType | undefined) : this.route.params;
    return undefined;
  }
}

function parseField(name: string, schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw validation(describeIssue({ ...issue, path: [name, ...issue.path] }));
}
