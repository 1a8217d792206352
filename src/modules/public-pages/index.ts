export { PublicPagesModule } from './public-pages.module';
export { PublicPages, type Rendered } from './public-pages';
export { pageRenderer, seoFiles } from './public-pages.middleware';
