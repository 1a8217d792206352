export { usersProjection } from './users.projection';
export { fullNames, type UserName, usersByIds, usersWithCellPhone } from './users.query';
