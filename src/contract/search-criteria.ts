import { z } from 'zod';
import { CRITERIA_FIELDS } from './search';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const criteriaProperties = Object.fromEntries(CRITERIA_FIELDS.map((f) => [f, { type: 'string' }]));

/**
 * The search criteria as the spec names them (contract section 3), in a query or a body. The
 * search parser (projections/search) checks each, with the spec's messages, on every path a
 * search takes (the lean path too); the schema only documents them and lets them through.
 */
const criterion = z.unknown().meta({ type: 'string' }).optional();
export const CriteriaQuery = z.looseObject(Object.fromEntries(CRITERIA_FIELDS.map((f) => [f, criterion])));

/** A JSON body holding search criteria (and, with `fields`, a few more): any object, else 400 with `message`. */
export const criteriaBody = (message: string, fields: Record<string, object> = {}) =>
  z.custom<Record<string, unknown>>(isObject, { error: message }).meta({ type: 'object', properties: { ...criteriaProperties, ...fields } });
