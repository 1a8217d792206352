import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { AddressLimiter } from './address-limiter';
import { BecomeController } from './impersonation/become.http';
import { Impersonation } from './impersonation/impersonation.service';
import { CommunicationLinks } from './communication/communication-links';
import { CommunicationController } from './communication/communication.http';
import { ContactValidationController } from './contact-validation/contact-validation.http';
import { MeController } from './me/me.http';
import { PasswordController } from './password-reset/password.http';
import { RegisterUserHandler } from './register-user/register-user.handler';
import { SecretKey } from './secret-key';
import { SessionEvents } from './sessions/session-events';
import { SessionMiddleware } from './sessions/session.middleware';
import { SessionStore } from './sessions/session.store';
import { StaffGuard } from './sessions/staff.guard';
import { LoginController } from './sign-in/login.http';
import { CurrentPasswordCheck } from './sign-in/current-password';
import { LoginThrottle } from './sign-in/login-throttle';
import { SignInService } from './sign-in/sign-in.service';
import { SignUpHooks } from './sign-up-hooks';
import { FacebookVerifier } from './social-sign-in/facebook-verifier';
import { GoogleVerifier } from './social-sign-in/google-verifier';
import { SocialSignInController } from './social-sign-in/social.http';
import { UpdateAccountController } from './update-account/update-account.http';
import { VerifyEmailController } from './verify-email/verify-email.http';

/** Accounts, sign-in, sessions and CSRF, communication preferences. */
@Module({
  imports: [SitesModule, MessagingModule],
  controllers: [
    LoginController,
    MeController,
    PasswordController,
    UpdateAccountController,
    CommunicationController,
    SocialSignInController,
    BecomeController,
    ContactValidationController,
    VerifyEmailController,
  ],
  providers: [
    { provide: SessionEvents, useValue: new SessionEvents() },
    SessionStore,
    SessionMiddleware,
    SignInService,
    SignUpHooks,
    LoginThrottle,
    CurrentPasswordCheck,
    SecretKey,
    CommunicationLinks,
    GoogleVerifier,
    FacebookVerifier,
    RegisterUserHandler,
    Impersonation,
    StaffGuard,
    RateLimiter,
    AddressLimiter,
  ],
  exports: [
    CurrentPasswordCheck,
    SessionStore,
    SessionEvents,
    SignInService,
    SignUpHooks,
    CommunicationLinks,
    SecretKey,
    AddressLimiter,
    Impersonation,
    StaffGuard,
  ],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
