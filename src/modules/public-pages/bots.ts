/**
 * Search engines, link previews and other crawlers by their User-Agent. The spec: search screens
 * are for visitors, bots do not get the map. Lighthouse and headless browsers are not bots.
 */
const BOT =
  /bot\b|bot\/|crawler|spider|crawling|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|whatsapp|telegrambot|slackbot|discordbot|ia_archiver|yandex|baiduspider|duckduckgo|applebot|petalbot|semrush|ahrefs/i;

export const isBot = (userAgent: string | undefined): boolean => userAgent !== undefined && BOT.test(userAgent);
