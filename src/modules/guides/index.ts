export { type GuideArchived, type GuideEvent, type GuideWritten, guideStream } from './guides.events';
export { GuidesModule } from './guides.module';
