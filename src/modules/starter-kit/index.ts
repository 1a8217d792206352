export { StarterKitModule } from './starter-kit.module';
