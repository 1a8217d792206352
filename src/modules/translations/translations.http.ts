import { textsFor } from '../../../projections/translations';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../runtime/tokens';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
import { validation } from '../../shared/errors';
import { commandContextOf } from '../../commands/request-context';
import { BackofficeController } from '../backoffice';
import { isLanguage, LABELS, LANGUAGES, translationsStream } from './catalogue';
import { TEXT_MAX } from './change-translation/change-translation.decide';
import { ChangeTranslationCommand } from './change-translation/change-translation.command';
import { ClearTranslationCommand } from './clear-translation/clear-translation.command';

const LanguageQuery = z.strictObject({ language: z.string().max(10).optional() });
const EditorQuery = z.strictObject({ language: z.string().max(10).optional(), translang: z.string().max(10).optional() });
const ChangeBody = z.strictObject({ language: z.string().max(10), transId: z.string().max(100), text: z.string().max(TEXT_MAX * 2) });
const ClearBody = z.strictObject({ language: z.string().max(10), transId: z.string().max(100) });


function languageOf(code: string | undefined, fallback = 'en'): string {
  const c = (code ?? fallback).toLowerCase();
  if (!isLanguage(c)) throw validation('Please pick a language');
  return c;
}

@Controller('api/translations')
export class TranslationsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiDoc({ summary: "The public site's labels in a language (English where none is set)", tag: 'Translations', access: 'anyone', query: LanguageQuery })
  async labels(@Query() query: unknown) {
    const language = languageOf(parseBody(LanguageQuery, query).language);
    const texts = await textsFor(this.pool, [language, 'en']);
    const labels = Object.fromEntries(LABELS.map((l) => [l.id, texts.get(language)?.get(l.id)?.text ?? texts.get('en')?.get(l.id)?.text ?? l.en]));
    return { language, labels };
  }
}

/** The translation editor's calls (level 25): every label with its text in two languages, and changing one. */
@BackofficeController('translations')
export class TranslationEditorController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiDoc({ summary: 'Every label with its text in `language` and in `translang`', tag: 'Back-office: translations', access: 'staff', query: EditorQuery })
  async entries(@Query() query: unknown) {
    const q = parseBody(EditorQuery, query);
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

  @Post()
  @HttpCode(200)
  @ApiDoc({ summary: "Set a label's text in a language", tag: 'Back-office: translations', access: 'staff', body: ChangeBody })
  async change(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(ChangeBody, body);
    const language = languageOf(input.language);
    const result = await this.commands.execute(new ChangeTranslationCommand(translationsStream(language), { ...input, language }, commandContextOf(req)));
    return { isSuccess: true, changed: result.events.length > 0, text: result.state[input.transId] ?? null };
  }

  @Post('clear')
  @HttpCode(200)
  @ApiDoc({ summary: "Clear a label's text in a language: the site shows the English default again", tag: 'Back-office: translations', access: 'staff', body: ClearBody })
  async clear(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(ClearBody, body);
    const language = languageOf(input.language);
    const result = await this.commands.execute(new ClearTranslationCommand(translationsStream(language), { ...input, language }, commandContextOf(req)));
    return { isSuccess: true, changed: result.events.length > 0 };
  }
}
