export { usersProjection } from './users.projection';
export { fullNames, type UserName, usersByIds } from './users.query';
