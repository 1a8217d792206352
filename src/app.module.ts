import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ConversationModule } from './modules/conversation';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './http/openapi/openapi.controller';
import type { Runtime } from './runtime/runtime';
import { CONFIG, DB_POOL, RUNNER, RUNTIME, SEARCH_POOL } from './runtime/tokens';
import { EventStore } from './eventstore/event-store.port';
import { HealthController } from './health/health.controller';
import { ErrorFilter } from './http/error.filter';
import { AnswerCheckInterceptor } from './http/contract/answer-check.interceptor';
import { PublicConfigController } from './http/public-config.controller';
import { DemoPhotosController } from './demo/photos/demo-photos.http';
import { AccountsModule } from './modules/accounts';
import { AgreementsModule } from './modules/agreements';
import { BackofficeModule, DevOutboxesModule } from './modules/backoffice';
import { FeedsModule } from './modules/feeds';
import { InsightsModule } from './modules/insights';
import { LeadTransferModule } from './modules/lead-transfer';
import { LeadsModule } from './modules/leads';
import { ListingMailModule } from './modules/listing-mail';
import { OfficeModule } from './modules/office';
import { SpeedToLeadModule } from './modules/speed-to-lead';
import { ListingsModule } from './modules/listings';
import { PublicPagesModule } from './modules/public-pages';
import { MessagingModule } from './modules/messaging';
import { NotificationsModule } from './modules/notifications';
import { OrganizerModule } from './modules/organizer';
import { AlertsModule } from './modules/alerts';
import { ShowingsModule } from './modules/showings';
import { SitesModule } from './modules/sites';
import { TasksModule } from './modules/tasks';
import { FacebookLeadsModule } from './modules/facebook-leads';
import { IntegrationsModule } from './modules/integrations';
import { TranslationsModule } from './modules/translations';
import { UploadsModule } from './modules/uploads';
import { PrivacyModule } from './modules/privacy';
import { BehaviourModule } from './modules/behaviour';
import { ValuationModule } from './modules/valuation';
import { ListingActivityModule } from './modules/listing-activity';
import { PlansModule } from './modules/plans';
import { SetupModule } from './modules/setup';
import { MailboxModule } from './modules/mailbox';
import { StarterKitModule } from './modules/starter-kit';
import { SchoolsModule } from './modules/schools';
import { GuidesModule } from './modules/guides';
import { MarketReportsModule } from './modules/market-reports';
import { ComplianceModule } from './modules/compliance/compliance.module';
import { HeldAddressesModule } from './modules/compliance';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { COMMAND_PATH_HANDLERS } from './commands/decide-command';

/** The HTTP and socket application over an already-built runtime. */
@Module({})
export class AppModule {
  static create(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      // Global, so that every context's module can inject the runtime's pieces.
      global: true,
      // The development outboxes do not exist in production (404, not 403): mail there is real.
      // Routes register in this order: lead-transfer's `leads/export.csv` must come before the
      // dashboard's `leads/:leadId` (leads), which would otherwise take it for a lead id.
      imports: [
        CqrsModule.forRoot(),
        DiscoveryModule,
        SitesModule,
        MessagingModule,
        AccountsModule,
        UploadsModule,
        LeadTransferModule,
        LeadsModule,
        OfficeModule,
        ConversationModule,
        ListingMailModule,
        InsightsModule,
        SpeedToLeadModule,
        ListingsModule,
        PublicPagesModule,
        NotificationsModule,
        BackofficeModule,
        TranslationsModule,
        OrganizerModule,
        AlertsModule,
        FeedsModule,
        TasksModule,
        ShowingsModule,
        AgreementsModule,
        PrivacyModule,
        BehaviourModule,
        PlansModule,
        SetupModule,
        MailboxModule,
        StarterKitModule,
        SchoolsModule,
        GuidesModule,
        MarketReportsModule,
        ComplianceModule,
        HeldAddressesModule,
        IntegrationsModule,
        FacebookLeadsModule,
        ValuationModule,
        ListingActivityModule,
        ...(runtime.config.env === 'production' ? [] : [DevOutboxesModule]),
      ],
      controllers: [HealthController, PublicConfigController, OpenApiController, DemoPhotosController],
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: CONFIG, useValue: runtime.config },
        { provide: DB_POOL, useValue: runtime.db.pool },
        { provide: SEARCH_POOL, useValue: runtime.searchPool },
        { provide: EventStore, useValue: runtime.store },
        { provide: RUNNER, useValue: runtime.runner },
        { provide: APP_FILTER, useClass: ErrorFilter },
        // Tests check every contract route's answer against its declared schema (a mismatch: 500).
        ...(runtime.config.env === 'test' ? [{ provide: APP_INTERCEPTOR, useClass: AnswerCheckInterceptor }] : []),
        RealtimeGateway,
        ...COMMAND_PATH_HANDLERS,
      ],
      exports: [RUNTIME, CONFIG, DB_POOL, SEARCH_POOL, EventStore, RUNNER, RealtimeGateway],
    };
  }
}
