import { decideCommand } from '../../../commands/decide-command';
import { reportBrokenPhotoDecider } from './report-broken-photo.decide';

export class ReportBrokenPhotoCommand extends decideCommand(reportBrokenPhotoDecider) {}
