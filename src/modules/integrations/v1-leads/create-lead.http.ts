import { Body, Controller, Inject, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { LeadIntake } from '../intake-lead/lead-intake.service';
import { ApiKeyGuard } from '../v1/api-key.guard';

@Controller()
@UseGuards(ApiKeyGuard)
export class V1CreateLeadController {
  constructor(@Inject(LeadIntake) private readonly intake: LeadIntake) {}

  /** 201 for a new lead, 200 when the person was the office's already (or the same delivery came again). */
  @Route(contract.v1.createLead)
  async create(@Body() input: BodyOf<typeof contract.v1.createLead>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const answer = await this.intake.take(input, dashboardViewer(req), commandContextOf(req));
    res.status(answer.created ? 201 : 200);
    return answer;
  }
}
