import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { BACKOFFICE } from '../../contract/routes/account-action';
import { StaffGuard } from '../accounts';

/**
 * A controller of the back-office family: under /api/backoffice, staff (level 25) only. Its
 * contract routes carry their whole path (src/contract/routes/); a controller not yet on the
 * contract names its folder under /api/backoffice.
 */
export const BackofficeController = (folder?: string) => applyDecorators(Controller(folder ? `${BACKOFFICE}/${folder}` : ''), UseGuards(StaffGuard));

export { reasonField } from '../../contract/routes/account-action';
