import { Module } from '@nestjs/common';
import { SchoolsController } from './schools.http';

/** Nearby public schools, from the NCES files staff import (`npm run import -- schools FILE`). */
@Module({ controllers: [SchoolsController] })
export class SchoolsModule {}
