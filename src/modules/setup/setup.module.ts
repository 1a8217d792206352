import { Module } from '@nestjs/common';
import { SitesModule } from '../sites';
import { SetupController } from './setup.http';

/** The first run: the setup page's calls (the command-line tool reaches the same path: src/cli/setup.cli.ts). */
@Module({ imports: [SitesModule], controllers: [SetupController] })
export class SetupModule {}
