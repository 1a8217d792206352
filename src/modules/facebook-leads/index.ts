export { FacebookLeadsModule } from './facebook.module';
export { FACEBOOK_INBOUND_PATH } from './facebook-webhook.http';
