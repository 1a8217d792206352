import { textsFor } from '../../../projections/translations';
import { Body, Controller, Inject, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../runtime/tokens';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { validation } from '../../shared/errors';
import { commandContextOf } from '../../commands/request-context';
import { StaffGuard } from '../accounts';
import { isLanguage, LABELS, LANGUAGES, translationsStream } from './catalogue';
import { ChangeTranslationCommand } from './change-translation/change-translation.command';
import { ClearTranslationCommand } from './clear-translation/clear-translation.command';

function languageOf(code: string | undefined, fallback = 'en'): string {
  const c = (code ?? fallback).toLowerCase();
  if (!isLanguage(c)) throw validation('Please pick a language');
  return c;
}

@Controller()
export class TranslationsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(contract.translations.labels)
  async labels(@Query() query: QueryOf<typeof contract.translations.labels>) {
    const language = languageOf(query.language);
    const texts = await textsFor(this.pool, [language, 'en']);
    const labels = Object.fromEntries(LABELS.map((l) => [l.id, texts.get(language)?.get(l.id)?.text ?? texts.get('en')?.get(l.id)?.text ?? l.en]));
    return { language, labels };
  }
}

/** The translation editor's calls (level 25): every label with its text in two languages, and changing one. */
@Controller()
@UseGuards(StaffGuard)
export class TranslationEditorController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Route(contract.translations.editor)
  async entries(@Query() q: QueryOf<typeof contract.translations.editor>) {
    const language = languageOf(q.language);
    const translang = languageOf(q.translang, language === 'en' ? 'es' : language);
    const texts = await textsFor(this.pool, [language, translang, 'en']);
    const textIn = (lang: string, id: string) => texts.get(lang)?.get(id);
    return {
      language,
      translang,
      languages: LANGUAGES,
      entries: LABELS.map((l) => ({
        transId: l.id,
        where: l.where,
        default: l.en,
        source: textIn(language, l.id)?.text ?? textIn('en', l.id)?.text ?? l.en,
        text: textIn(translang, l.id)?.text ?? null,
        updatedAt: textIn(translang, l.id)?.updated_at.toISOString() ?? null,
      })),
    };
  }

  @Route(contract.translations.change)
  async change(@Body() input: BodyOf<typeof contract.translations.change>, @Req() req: Request) {
    const language = languageOf(input.language);
    const result = await this.commands.execute(new ChangeTranslationCommand(translationsStream(language), { ...input, language }, commandContextOf(req)));
    return { isSuccess: true as const, changed: result.events.length > 0, text: result.state[input.transId] ?? null };
  }

  @Route(contract.translations.clear)
  async clear(@Body() input: BodyOf<typeof contract.translations.clear>, @Req() req: Request) {
    const language = languageOf(input.language);
    const result = await this.commands.execute(new ClearTranslationCommand(translationsStream(language), { ...input, language }, commandContextOf(req)));
    return { isSuccess: true as const, changed: result.events.length > 0 };
  }
}
