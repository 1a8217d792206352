/** The public site's labels and the translation editor's view of them, shared by the server and the web app. */

import { z } from 'zod';

/** A label's text in one language, at most this many characters. */
export const TRANSLATION_TEXT_MAX = 500;

export const LabelsSchema = z.record(z.string(), z.string());
export type Labels = z.infer<typeof LabelsSchema>;

export const TranslationEntrySchema = z.strictObject({
  transId: z.string(),
  where: z.string(),
  default: z.string(),
  /** The label's text in the editor's source language. */
  source: z.string(),
  /** Its text in the language being edited; null: not translated yet. */
  text: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TranslationEntry = z.infer<typeof TranslationEntrySchema>;

export const TranslationEditorSchema = z.strictObject({
  language: z.string(),
  translang: z.string(),
  languages: z.array(z.strictObject({ code: z.string(), name: z.string() })).readonly(),
  entries: z.array(TranslationEntrySchema),
});
export type TranslationEditor = z.infer<typeof TranslationEditorSchema>;
