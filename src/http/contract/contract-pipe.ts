import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { createZodValidationPipe } from 'nestjs-zod';
import { z } from 'zod';
import type { Route } from '../../contract/route';
import { validation } from '../../shared/errors';
import { describeIssue } from '../parse-body';

/** nestjs-zod's pipe, answering 400 {message} with our one clear sentence. */
const ZodPipe = createZodValidationPipe({
  createValidationException: (error) => validation(error instanceof z.ZodError && error.issues[0] ? describeIssue(error.issues[0]) : 'The request is not valid'),
});

/**
 * Validates each argument a contract route's handler takes from the request with the schema the
 * route declares for it: `@Body()`, `@Query()`, `@Param('name')`. Arguments the route declares
 * nothing for (`@Req()`, `@Res()`) pass untouched.
 */
export class ContractPipe implements PipeTransform {
  constructor(private readonly route: Route) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = this.schemaFor(metadata);
    if (!schema) return value;
    // A request without a body (or query) is validated as an empty one: "title is required", not "expected object".
    const input = value === undefined && metadata.type !== 'param' ? {} : value;
    return new ZodPipe(schema).transform(input, metadata);
  }

  private schemaFor({ type, data }: ArgumentMetadata): z.ZodType | undefined {
    if (type === 'body') return data ? undefined : this.route.body;
    if (type === 'query') return data ? (this.route.query?.shape[data] as z.ZodType | undefined) : this.route.query;
    if (type === 'param') return data ? (this.route.params?.shape[data] as z.ZodType | undefined) : this.route.params;
    return undefined;
  }
}
