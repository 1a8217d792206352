import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';
import { isInOffice } from '../../../shared/viewer/in-office';
import { loadLead } from '../../leads';
import { loadTask, type Task } from '../task';
import { contractTask } from '../task-body';
import { taskStream } from '../tasks.events';
import { TASK_NOT_FOUND } from './change-task.decide';
import { ChangeTaskCommand } from './change-task.command';

export const ONLY_BROKER_REASSIGNS = 'Only the broker reassigns tasks';

@Controller()
export class ChangeTaskController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /**
   * Complete, reopen, snooze (a new dueAt), rename, or (broker and staff) hand to another agent of
   * the office. The assignee and whoever may see the task's lead change it; anyone else: 404.
   */
  @Route(contract.tasks.change)
  async change(@Param('taskId') taskId: string, @Body() input: BodyOf<typeof contract.tasks.change>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const task = await loadTask(this.store, taskId);
    if (!task.exists || !(await this.maySee(viewer, task))) throw notFound(TASK_NOT_FOUND);
    if (input.assigneeId !== undefined && input.assigneeId !== task.assigneeId) {
      if (viewer.role === 'agent') throw forbidden(ONLY_BROKER_REASSIGNS);
      if (!(await isInOffice(this.store, input.assigneeId, task.officeId))) throw validation('That agent is not in this office');
    }
    const { state } = await this.commands.execute(
      new ChangeTaskCommand(taskStream(task.taskId), { taskId: task.taskId, byUserId: viewer.userId, ...input }, commandContextOf(req)),
    );
    return { isSuccess: true as const, task: state.exists ? contractTask(state) : null };
  }

  private async maySee(viewer: Viewer, task: Extract<Task, { exists: true }>): Promise<boolean> {
    if (task.assigneeId === viewer.userId || viewer.role === 'staff' || (viewer.role === 'broker' && task.officeId === viewer.userId)) return true;
    const { lead } = await loadLead(this.store, task.leadId);
    return lead.exists && mayView(viewer, lead);
  }
}
