import { type CallHandler, type ExecutionContext, Injectable, InternalServerErrorException, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { Route } from '../../contract/route';
import { ROUTE_CONTRACT } from './route.decorator';

/**
 * In test runs (NODE_ENV=test) every answer of a contract route is checked against the schema
 * the route declares for its status, so that every test calling a route also checks that the
 * browser's types tell the truth. A mismatch is a 500 whose message names the route and the zod
 * issue (the error filter logs it). Production answers are not checked: the types hold them.
 */
@Injectable()
export class AnswerCheckInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = Reflect.getMetadata(ROUTE_CONTRACT, context.getHandler()) as Route | undefined;
    if (!route) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((answer: unknown) => {
        if (res.headersSent) return answer;
        const schema = route.responses[res.statusCode];
        if (!schema) throw new InternalServerErrorException(`${route.operationId} answered ${res.statusCode}, a status its contract declares no answer for`);
        const checked = schema.safeParse(answer);
        if (!checked.success) {
          const issue = checked.error.issues[0]!;
          throw new InternalServerErrorException(
            `${route.operationId}'s answer does not match its contract: ${issue.path.join('.') || '(the answer)'}: ${issue.message}`,
          );
        }
        return answer;
      }),
    );
  }
}
