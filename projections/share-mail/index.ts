export { shareMailProjection } from './share-mail.projection';
export { SHARE_MAIL_PUSH, shareMailId } from './share-mail-queue';
