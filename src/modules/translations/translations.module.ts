import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { TranslationEditorController, TranslationsController } from './translations.http';

/** Labels of the public site in other languages, edited by staff. */
@Module({
  imports: [AccountsModule],
  controllers: [TranslationsController, TranslationEditorController],
})
export class TranslationsModule {}
