import { z } from 'zod';
import { routes } from '../route';
import { LabelsSchema, TRANSLATION_TEXT_MAX, TranslationEditorSchema } from '../translations';

const EDITOR = 'Back-office: translations';
const Changed = { isSuccess: z.literal(true), changed: z.boolean() };

/** The public site's labels in a language, and the translation editor (staff). */
export const translationsRoutes = routes('translations', {
  labels: {
    method: 'GET',
    path: 'api/translations',
    summary: "The public site's labels in a language (English where none is set)",
    tag: 'Translations',
    access: 'anyone',
    query: z.strictObject({ language: z.string().max(10).optional() }),
    responses: { 200: z.strictObject({ language: z.string(), labels: LabelsSchema }) },
  },
  editor: {
    method: 'GET',
    path: 'api/backoffice/translations',
    summary: 'Every label with its text in `language` and in `translang`',
    tag: EDITOR,
    access: 'staff',
    query: z.strictObject({ language: z.string().max(10).optional(), translang: z.string().max(10).optional() }),
    responses: { 200: TranslationEditorSchema },
  },
  change: {
    method: 'POST',
    path: 'api/backoffice/translations',
    summary: "Set a label's text in a language",
    tag: EDITOR,
    access: 'staff',
    body: z.strictObject({ language: z.string().max(10), transId: z.string().max(100), text: z.string().max(TRANSLATION_TEXT_MAX * 2) }),
    responses: { 200: z.strictObject({ ...Changed, text: z.string().nullable() }) },
  },
  clear: {
    method: 'POST',
    path: 'api/backoffice/translations/clear',
    summary: "Clear a label's text in a language: the site shows the English default again",
    tag: EDITOR,
    access: 'staff',
    body: z.strictObject({ language: z.string().max(10), transId: z.string().max(100) }),
    responses: { 200: z.strictObject(Changed) },
  },
});
