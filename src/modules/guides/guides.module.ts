import { Module } from '@nestjs/common';
import { PublicPagesModule } from '../public-pages';
import { GuidePages } from './guide-pages';
import { GuidesController } from './guides.http';

/** Area guides: the area pages grown into guides an office writes (text, photos, market numbers). */
@Module({ imports: [PublicPagesModule], controllers: [GuidesController], providers: [GuidePages] })
export class GuidesModule {}
